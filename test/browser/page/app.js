// The browser page's script: the GENERATED typed client (imported bare-specifier-free of any
// bundler, through the page's import map) talking to the generated server at /mcp on this origin,
// in the era named by ?protocol=. The outcome is written into #result for the test to read.
import { createHttpTransport } from "@mcp-gen/runtime/client";
// A DPoP proof from the client's OAuth module: its SHA-256 `ath` and jti come from Web Crypto.
import { DpopKey } from "/runtime/client/auth/dpop.js";
import { connect } from "/generated/client.js";

const out = document.getElementById("result");
const protocol = new URLSearchParams(location.search).get("protocol") ?? "auto";

async function main() {
  const warnings = [];
  const client = await connect({
    transport: createHttpTransport({ url: new URL("/mcp", location.href) }),
    clientInfo: { name: "mcp-gen-browser-test", version: "1.0.0" },
    protocol,
    onWarning: (message) => warnings.push(message),
    handlers: { elicitation: async () => ({ action: "accept", content: { username: "browser", email: "b@example.com" } }) },
  });
  try {
    const simple = await client.tools.testSimpleText({});
    const asked = await client.tools.testElicitation({ message: "who is there?" });
    const proof = await (await DpopKey.generate()).proof("POST", new URL("/mcp?x=1", location.href), "token-abc");
    const dpop = JSON.parse(atob(proof.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));
    return { ok: true, protocolVersion: client.raw.protocolVersion, era: client.raw.era, simple: simple.content, asked: asked.content, dpop, warnings, userAgent: navigator.userAgent };
  } finally {
    await client.close();
  }
}

main().then(
  (result) => (out.textContent = JSON.stringify(result)),
  (error) => (out.textContent = JSON.stringify({ ok: false, error: String(error?.stack ?? error) })),
);
