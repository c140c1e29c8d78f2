// The runtime half of an imported tool (packages/runtime/src/generated-support/http-proxy.ts):
// OpenAPI parameter serialization, credentials from options or the environment, and the
// mapping of answers, against a real node:http server on 127.0.0.1.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildHttpRequest, callHttpOperation, type HttpProxyApi, type HttpProxyOperation } from "../../packages/runtime/src/server-entry.js";

const api: HttpProxyApi = {
  baseUrl: "http://127.0.0.1:9/base/",
  baseUrlEnv: "T_BASE_URL",
  security: { key: { type: "apiKey", in: "query", name: "k", env: "T_KEY" }, session: { type: "apiKey", in: "cookie", name: "sid", env: "T_SID" }, login: { type: "basic", env: "T_LOGIN" } },
};
const param = (property: string, where: "path" | "query" | "header" | "cookie", style: HttpProxyOperation["parameters"][number]["style"], explode: boolean, name = property) => ({ property, in: where, name, style, explode });

describe("buildHttpRequest", () => {
  it("serializes path, query (form, pipe, space, deepObject), header and cookie parameters", () => {
    const op: HttpProxyOperation = {
      method: "GET",
      path: "/items/{id}/{ids}",
      output: false,
      parameters: [
        param("id", "path", "simple", false),
        param("ids", "path", "simple", false),
        param("tag", "query", "form", true),
        param("csv", "query", "form", false),
        param("pipes", "query", "pipeDelimited", false),
        param("spaces", "query", "spaceDelimited", false),
        param("filter", "query", "deepObject", true),
        param("xTrace", "header", "simple", false, "X-Trace"),
        param("theme", "cookie", "form", true),
      ],
    };
    const built = buildHttpRequest(api, op, { id: "a b/c", ids: [1, 2], tag: ["x", "y"], csv: ["p", "q"], pipes: [1, 2], spaces: ["s", "t"], filter: { color: "red", size: 2 }, xTrace: "t-1", theme: "dark" }, { env: {} });
    if ("error" in built) throw new Error(built.error);
    expect(built.url.pathname).toBe("/base/items/a%20b%2Fc/1,2");
    expect([...built.url.searchParams]).toEqual([["tag", "x"], ["tag", "y"], ["csv", "p,q"], ["pipes", "1|2"], ["spaces", "s t"], ["filter[color]", "red"], ["filter[size]", "2"]]);
    const headers = built.init.headers as Headers;
    expect(headers.get("x-trace")).toBe("t-1");
    expect(headers.get("cookie")).toBe("theme=dark");
  });

  it("takes the base URL and credentials from options first, then the environment; the first complete alternative is sent", () => {
    const op: HttpProxyOperation = { method: "POST", path: "/p", output: false, parameters: [], security: [["login"], ["key", "session"]] };
    const fromEnv = buildHttpRequest(api, op, {}, { env: { T_BASE_URL: "http://api.test/v1", T_KEY: "k1", T_SID: "s1" } });
    if ("error" in fromEnv) throw new Error(fromEnv.error);
    expect(fromEnv.url.href).toBe("http://api.test/v1/p?k=k1");
    expect((fromEnv.init.headers as Headers).get("cookie")).toBe("sid=s1");
    const fromOptions = buildHttpRequest(api, op, {}, { baseUrl: "http://other.test", credentials: { login: "ann:pw" }, env: { T_KEY: "k1", T_SID: "s1" } });
    if ("error" in fromOptions) throw new Error(fromOptions.error);
    expect(fromOptions.url.href).toBe("http://other.test/p");
    expect((fromOptions.init.headers as Headers).get("authorization")).toBe(`Basic ${Buffer.from("ann:pw").toString("base64")}`);
    expect(buildHttpRequest({}, op, {}, { env: {} })).toEqual({ error: "the API's base URL is not configured: set the baseUrl option" });
  });
});

describe("callHttpOperation against a real server", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === "/big") res.writeHead(500, { "content-type": "text/plain" }).end("x".repeat(10_000));
      else if (req.url === "/list") res.writeHead(200, { "content-type": "application/json" }).end("[1,2]");
      else if (req.url === "/html") res.writeHead(200, { "content-type": "text/html" }).end("<p>");
      else if (req.url === "/proto") res.writeHead(200, { "content-type": "application/json" }).end('{"ok":1,"__proto__":{"polluted":true},"inner":{"\\u005f_proto__":{"polluted":true}}}');
      else res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const call = (path: string, output: boolean, wrap?: string) => callHttpOperation({ baseUrl: base }, { method: "GET", path, parameters: [], output, ...(wrap ? { wrap } : {}) }, {}, { env: {}, maxErrorBodyChars: 100 });

  it("a non-2xx answer is isError with the status and a bounded body", async () => {
    const result = await call("/big", true);
    expect(result.isError).toBe(true);
    const text = (result.content[0] as { text: string }).text;
    expect(text).toMatch(/^HTTP 500 Internal Server Error from GET \/big: x{100}… \(9900 more characters\)$/);
  });

  it("a JSON answer is structuredContent (wrapped when not an object); a non-JSON answer to a typed tool is an error; 204 is text", async () => {
    expect((await call("/list", true, "result")).structuredContent).toEqual({ result: [1, 2] });
    expect((await call("/html", true)).isError).toBe(true);
    expect(await call("/none", false)).toEqual({ content: [{ type: "text", text: "HTTP 204" }] });
  });

  it("an upstream __proto__ key (literal or escaped) is dropped, so no copy of the result can pollute", async () => {
    const result = await call("/proto", true);
    expect(result.structuredContent).toEqual({ ok: 1, inner: {} });
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(result.structuredContent as object)) copy[key] = value;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.keys(result.structuredContent as object)).toEqual(["ok", "inner"]);
  });

  it("an unreachable API is a tool error, not a crash", async () => {
    const result = await callHttpOperation({ baseUrl: "http://127.0.0.1:1" }, { method: "GET", path: "/x", parameters: [], output: false }, {}, { env: {} });
    expect(result.isError).toBe(true);
    expect((result.content[0] as { text: string }).text).toMatch(/^GET \/x failed: /);
  });
});
