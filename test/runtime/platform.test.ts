// platform/: the runtime-neutral stand-ins for Buffer and node:crypto. Web Crypto (what Workers
// and browsers run) and the host's built-in crypto (taken on Node/Bun/Deno through
// process.getBuiltinModule) must give the same bytes as node:crypto itself; the strict base64url
// decoder accepts exactly Buffer's canonical spellings.
import { createHash, createHmac, randomBytes as nodeRandomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { fromBase64urlStrict, randomBase64url, randomHex, textToBase64, textToBase64url, toBase64url } from "../../packages/runtime/src/platform/bytes.js";
import { hostCrypto, HmacSha256, sha256Base64url } from "../../packages/runtime/src/platform/web-crypto.js";

const TEXTS = ["", "a", "handle:h1.cart.eyJ2IjoxfQ", "é ✓ 𝄞", "x".repeat(10_000)];
const BACKENDS = { "Web Crypto": undefined, "built-in": hostCrypto() } as const;

describe("platform crypto", () => {
  it("finds the host's built-in crypto on Node", () => {
    expect(hostCrypto()).toBeDefined();
  });

  it.each(Object.keys(BACKENDS) as (keyof typeof BACKENDS)[])("%s: HMAC-SHA256 and SHA-256 equal node:crypto's; verify takes exactly the right MAC", async (name) => {
    const backend = BACKENDS[name];
    const key = nodeRandomBytes(32);
    const hmac = new HmacSha256(key, backend);
    for (const text of TEXTS) {
      const expected = createHmac("sha256", key).update(text).digest();
      const mac = await hmac.sign(text);
      expect(Buffer.from(mac).equals(expected), text.slice(0, 20)).toBe(true);
      expect(await hmac.verify(text, new Uint8Array(expected))).toBe(true);
      const flipped = new Uint8Array(expected);
      flipped[0] = (flipped[0] ?? 0) ^ 1;
      expect(await hmac.verify(text, flipped)).toBe(false);
      expect(await hmac.verify(text, new Uint8Array(expected).subarray(0, 31))).toBe(false);
      expect(await sha256Base64url(text, backend)).toBe(createHash("sha256").update(text).digest("base64url"));
    }
  });

  it("copies the key: changing the caller's buffer afterwards changes nothing", async () => {
    const key = new Uint8Array(32).fill(1);
    const hmac = new HmacSha256(key, undefined);
    key.fill(2);
    expect(Buffer.from(await hmac.sign("x")).equals(createHmac("sha256", Buffer.alloc(32, 1)).update("x").digest())).toBe(true);
  });
});

describe("platform bytes", () => {
  it("encodes like Buffer (base64, base64url) for every length 0..70", () => {
    for (let n = 0; n <= 70; n++) {
      const bytes = nodeRandomBytes(n);
      expect(toBase64url(bytes)).toBe(bytes.toString("base64url"));
      expect(Buffer.from(fromBase64urlStrict(bytes.toString("base64url"))!).equals(bytes)).toBe(true);
    }
    expect(textToBase64url("é ✓ 𝄞")).toBe(Buffer.from("é ✓ 𝄞").toString("base64url"));
    expect(textToBase64("a:b")).toBe("YTpi");
    expect(toBase64url(new Uint8Array(100_000).fill(255))).toBe(Buffer.alloc(100_000, 255).toString("base64url"));
  });

  it("refuses every non-canonical spelling: padding, stray characters, set unused bits, impossible lengths", () => {
    for (const bad of ["QQ=", "QQ==", "Q Q", "QR", "QUF", "QUJ", "Q", "QUFBQ", "+/", "QQ\n", "QQ."]) {
      expect(fromBase64urlStrict(bad), JSON.stringify(bad)).toBeUndefined();
    }
    // Exhaustive over two-character groups: accepted exactly when Buffer round-trips it.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (const a of alphabet) {
      for (const b of alphabet) {
        const text = a + b;
        const canonical = Buffer.from(text, "base64url").toString("base64url") === text;
        expect(fromBase64urlStrict(text) !== undefined, text).toBe(canonical);
      }
    }
  });

  it("random ids have the right alphabet and length and do not repeat", () => {
    const ids = new Set(Array.from({ length: 1000 }, () => randomBase64url(18)));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(randomHex(6)).toMatch(/^[0-9a-f]{12}$/);
  });
});
