// Issue 21 #12: Host/Origin were parsed leniently (`localhost:1@evil.com`, duplicate Host
// headers and Origins with userinfo or a path passed) and Content-Type by substring
// (`text/plain; charset=application/json` passed). Both now follow their grammars.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFetchHandler } from "../../packages/runtime/src/http/fetch.js";
import { parseMediaType } from "../../packages/runtime/src/http/media-type.js";
import { createMcpServer } from "../../packages/runtime/src/server/server.js";
import { envelope, testDefinition } from "../runtime/helpers/definition.js";
import { modernHeaders, rawRequest } from "../runtime/helpers/http.js";
import { rawSocket, startHostileServer, type HostileServer } from "./helpers/http-server.js";

let server: HostileServer;
beforeAll(async () => {
  server = await startHostileServer(testDefinition());
});
afterAll(() => server.close());

const discover = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: envelope() } });
const statusWith = async (headers: Record<string, string>) =>
  (await rawRequest(server.url, { headers: { ...modernHeaders("server/discover"), ...headers }, body: discover })).status;

/** Sends a request with the exact header lines given (node's client would merge duplicates). */
async function rawStatus(lines: string[]): Promise<number> {
  const socket = await rawSocket(server.listening.port);
  const text = await new Promise<string>((resolve) => {
    let seen = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      seen += chunk;
      if (seen.includes("\r\n\r\n")) resolve(seen);
    });
    socket.on("close", () => resolve(seen));
    const headers = Object.entries(modernHeaders("server/discover")).map(([k, v]) => `${k}: ${v}`);
    socket.write(["POST /mcp HTTP/1.1", ...lines, ...headers, `content-length: ${Buffer.byteLength(discover)}`, "", discover].join("\r\n"));
  });
  socket.destroy();
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
}

describe("strict Host and Origin (#12)", () => {
  it("refuses Host values that only start like a loopback name", async () => {
    for (const host of ["localhost:1@evil.com", "localhost@evil.com", "localhost:99999", "localhost:80:80", "127.0.0.1.evil.com", "localhost/x", "[::1]x"]) {
      expect([host, await statusWith({ host })]).toEqual([host, 403]);
    }
    for (const host of ["localhost", `localhost:${server.listening.port}`, "127.0.0.1:1", "[::1]:8080", "LOCALHOST"]) {
      expect([host, await statusWith({ host })]).toEqual([host, 200]);
    }
  });

  it("refuses a request with two Host headers, even two loopback ones", async () => {
    expect(await rawStatus(["Host: localhost", "Host: evil.example.com"])).toBe(403);
    expect(await rawStatus(["Host: localhost", "Host: localhost"])).toBe(403);
    expect(await rawStatus(["Host: localhost"])).toBe(200);
  });

  it("refuses Origins with userinfo, a path, a query or a foreign scheme", async () => {
    const port = server.listening.port;
    for (const origin of [`http://user@localhost:${port}`, `http://localhost:1@evil.com`, `http://localhost:${port}/path`, `http://localhost?x`, `ftp://localhost`, "null", "http://localhost:99999"]) {
      expect([origin, await statusWith({ origin })]).toEqual([origin, 403]);
    }
    for (const origin of [`http://localhost:${port}`, "https://127.0.0.1", "http://[::1]:3000"]) {
      expect([origin, await statusWith({ origin })]).toEqual([origin, 200]);
    }
  });
});

describe("exact media types (#12)", () => {
  it("parses type, subtype and parameters by the RFC 9110 grammar", () => {
    expect(parseMediaType('application/json; charset="utf-8"')?.parameters.get("charset")).toBe("utf-8");
    expect(parseMediaType("Application/JSON;CHARSET=UTF-8")?.essence).toBe("application/json");
    // "/" is not a token character, so only the quoted form is a valid parameter value.
    expect(parseMediaType("text/plain; charset=application/json")).toBeUndefined();
    expect(parseMediaType('text/plain; charset="application/json"')?.essence).toBe("text/plain");
    for (const bad of ["application", "application/", "/json", "application/json extra", "application/json; charset", 'application/json; a="unterminated', "appli cation/json", "application/json; =x"]) {
      expect([bad, parseMediaType(bad)]).toEqual([bad, undefined]);
    }
  });

  it("answers 415 unless the body is application/json (UTF-8)", async () => {
    for (const type of ["text/plain; charset=application/json", 'text/plain; charset="application/json"', "application/jsonx", "application/json-seq", "text/application/json", "application/json; charset=latin1", "multipart/form-data; boundary=application/json"]) {
      expect([type, await statusWith({ "content-type": type })]).toEqual([type, 415]);
    }
    for (const type of ["application/json", "Application/JSON; charset=UTF-8", 'application/json;charset="utf-8"', "application/json ; foo=bar"]) {
      expect([type, await statusWith({ "content-type": type })]).toEqual([type, 200]);
    }
  });

  it("applies the same rules through the fetch handler", async () => {
    const handler = createFetchHandler(createMcpServer(testDefinition()));
    const send = (headers: Record<string, string>) =>
      handler(new Request("http://localhost/mcp", { method: "POST", headers: { ...modernHeaders("server/discover"), ...headers }, body: discover }));
    expect((await send({ "content-type": "text/plain; charset=application/json" })).status).toBe(415);
    expect((await send({ origin: "http://localhost:1@evil.com" })).status).toBe(403);
    expect((await send({})).status).toBe(200);
  });
});
