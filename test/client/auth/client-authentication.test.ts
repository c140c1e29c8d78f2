// Token endpoint client authentication: which method the client picks from the AS metadata and
// its credentials, and what each puts on the wire (RFC 6749 § 2.3.1 form-encoding inside Basic;
// RFC 7523 § 3 assertion claims, verified here with the public key).
import { exportJWK, exportPKCS8, generateKeyPair, jwtVerify, decodeProtectedHeader } from "jose";
import { describe, expect, it } from "vitest";
import { authenticateClient, chooseAuthMethod, CLIENT_ASSERTION_TYPE } from "../../../packages/runtime/src/client/auth/client-authentication.js";

describe("chooseAuthMethod", () => {
  it("follows the credentials and the AS list", () => {
    expect(chooseAuthMethod({ client_id: "a" }, { token_endpoint_auth_methods_supported: ["client_secret_basic"] })).toBe("none");
    expect(chooseAuthMethod({ client_id: "a", client_secret: "s" }, {})).toBe("client_secret_basic");
    expect(chooseAuthMethod({ client_id: "a", client_secret: "s" }, { token_endpoint_auth_methods_supported: ["client_secret_post"] })).toBe("client_secret_post");
    expect(chooseAuthMethod({ client_id: "a", client_secret: "s" }, { token_endpoint_auth_methods_supported: ["none"] })).toBe("none");
    expect(chooseAuthMethod({ client_id: "a", private_key: "pem" }, { token_endpoint_auth_methods_supported: ["private_key_jwt"] })).toBe("private_key_jwt");
    expect(chooseAuthMethod({ client_id: "a", client_secret: "s", private_key: "pem" }, { token_endpoint_auth_methods_supported: ["client_secret_basic"] })).toBe("client_secret_basic");
    expect(chooseAuthMethod({ client_id: "a", client_secret: "s", token_endpoint_auth_method: "client_secret_post" }, {})).toBe("client_secret_post");
  });
});

describe("authenticateClient", () => {
  it("basic form-encodes both halves before base64", async () => {
    const headers: Record<string, string> = {};
    const form = new URLSearchParams();
    await authenticateClient({ client_id: "id:with space", client_secret: "p@ss:w%rd" }, "client_secret_basic", "https://as.example", headers, form);
    const decoded = Buffer.from((headers.Authorization as string).slice("Basic ".length), "base64").toString();
    expect(decoded).toBe("id%3Awith%20space:p%40ss%3Aw%25rd");
    expect(form.get("client_secret")).toBeNull();
  });

  it("post puts both in the form, none only the id", async () => {
    const form = new URLSearchParams();
    await authenticateClient({ client_id: "id", client_secret: "s" }, "client_secret_post", "https://as.example", {}, form);
    expect(Object.fromEntries(form)).toEqual({ client_id: "id", client_secret: "s" });
    const none = new URLSearchParams();
    await authenticateClient({ client_id: "id" }, "none", "https://as.example", {}, none);
    expect(Object.fromEntries(none)).toEqual({ client_id: "id" });
  });

  it("private_key_jwt signs iss = sub = client_id, aud = issuer, a unique jti, a short exp", async () => {
    const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
    const forms: URLSearchParams[] = [];
    for (const key of [await exportPKCS8(privateKey), { ...(await exportJWK(privateKey)), kid: "k1" }]) {
      const form = new URLSearchParams();
      const headers: Record<string, string> = {};
      await authenticateClient({ client_id: "svc", private_key: key }, "private_key_jwt", "https://as.example", headers, form);
      expect(headers.Authorization).toBeUndefined();
      expect(form.get("client_assertion_type")).toBe(CLIENT_ASSERTION_TYPE);
      const { payload } = await jwtVerify(form.get("client_assertion") as string, publicKey, { issuer: "svc", subject: "svc", audience: "https://as.example" });
      expect((payload.exp as number) - (payload.iat as number)).toBe(60);
      expect(payload.jti).toEqual(expect.any(String));
      forms.push(form);
    }
    expect(decodeProtectedHeader(forms[1]!.get("client_assertion") as string)).toMatchObject({ alg: "ES256", kid: "k1" });
    expect(forms[0]!.get("client_assertion")).not.toBe(forms[1]!.get("client_assertion"));
  });
});
