// A small real Petstore API for the import tests: node:http on 127.0.0.1 (a free port), serving
// every operation of test/fixtures/openapi/petstore-3.{0,1}.yaml over an in-memory store. It
// checks the credentials the document's security schemes name (api_key header `special-key`,
// OAuth bearer `token-1`) and records each request so tests can see what the proxy sent.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const API_KEY = "special-key";
export const BEARER = "token-1";

export interface RecordedRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: IncomingMessage["headers"];
  readonly body: Buffer;
}

export interface PetstoreApi {
  readonly baseUrl: string;
  readonly requests: RecordedRequest[];
  readonly pets: Map<number, Record<string, unknown>>;
  readonly orders: Map<number, Record<string, unknown>>;
  readonly users: Map<string, Record<string, unknown>>;
  reset(): void;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

function send(res: ServerResponse, status: number, body?: unknown, type = "application/json"): void {
  if (body === undefined) {
    res.writeHead(status).end();
    return;
  }
  const text = type === "application/json" ? JSON.stringify(body) : String(body);
  res.writeHead(status, { "content-type": type }).end(text);
}

/** The bytes of the first file part of a multipart/form-data body, and its text fields. */
function multipart(body: Buffer, contentType: string): { fields: Record<string, string>; files: Record<string, Buffer> } {
  const boundary = /boundary=("?)([^";]+)\1/.exec(contentType)?.[2] ?? "";
  const fields: Record<string, string> = {};
  const files: Record<string, Buffer> = {};
  const text = body.toString("latin1");
  for (const part of text.split(`--${boundary}`).slice(1, -1)) {
    const [head = "", ...rest] = part.replace(/^\r\n/, "").split("\r\n\r\n");
    const value = rest.join("\r\n\r\n").replace(/\r\n$/, "");
    const name = /name="([^"]+)"/.exec(head)?.[1] ?? "";
    if (/filename=/.test(head)) files[name] = Buffer.from(value, "latin1");
    else fields[name] = Buffer.from(value, "latin1").toString("utf8");
  }
  return { fields, files };
}

export async function startPetstoreApi(): Promise<PetstoreApi> {
  const requests: RecordedRequest[] = [];
  const pets = new Map<number, Json>();
  const orders = new Map<number, Json>();
  const users = new Map<string, Json>();

  const handle = (req: IncomingMessage, res: ServerResponse, body: Buffer, url: URL): void => {
    const method = req.method ?? "GET";
    const path = url.pathname.replace(/^\/v2/, "");
    const json = (): Json => JSON.parse(body.toString("utf8")) as Json;
    const bearer = req.headers.authorization === `Bearer ${BEARER}`;
    const apiKey = req.headers["api_key"] === API_KEY;
    const needBearer = /^\/pet/.test(path);
    const needKey = (method === "GET" && /^\/pet\/\d+$/.test(path)) || path === "/store/inventory";
    if (needKey && !apiKey) return send(res, 401, { code: 401, message: "api_key required" });
    if (needBearer && !needKey && !bearer) return send(res, 401, { code: 401, message: "bearer token required" });
    let m: RegExpExecArray | null;
    if (path === "/pet" && (method === "POST" || method === "PUT")) {
      const pet = json();
      if (method === "PUT" && !pets.has(Number(pet["id"]))) return send(res, 404, { code: 404, message: "Pet not found" });
      pets.set(Number(pet["id"]), pet);
      return send(res, 200, pet);
    }
    if (path === "/pet/findByStatus" && method === "GET") {
      const wanted = url.searchParams.getAll("status");
      return send(res, 200, [...pets.values()].filter((p) => wanted.includes(String(p["status"]))));
    }
    if (path === "/pet/findByTags" && method === "GET") {
      const wanted = url.searchParams.getAll("tags");
      return send(res, 200, [...pets.values()].filter((p) => Array.isArray(p["tags"]) && p["tags"].some((t: Json) => wanted.includes(String(t["name"])))));
    }
    if ((m = /^\/pet\/(\d+)\/uploadImage$/.exec(path)) && method === "POST") {
      const type = req.headers["content-type"] ?? "";
      const bytes = type.startsWith("multipart/form-data") ? multipart(body, type).files["file"] : body;
      const meta = type.startsWith("multipart/form-data") ? multipart(body, type).fields["additionalMetadata"] : undefined;
      return send(res, 200, { code: 200, type: "uploaded", message: `${bytes?.length ?? 0} bytes: ${bytes?.toString("utf8") ?? ""}${meta ? ` (${meta})` : ""}` });
    }
    if ((m = /^\/pet\/(\d+)$/.exec(path))) {
      const id = Number(m[1]);
      const pet = pets.get(id);
      if (!pet) return send(res, 404, { code: 404, message: "Pet not found" });
      if (method === "GET") return send(res, 200, pet);
      if (method === "DELETE") {
        pets.delete(id);
        return send(res, 200);
      }
      if (method === "POST") {
        const form = new URLSearchParams(body.toString("utf8"));
        if (form.has("name")) pet["name"] = form.get("name");
        if (form.has("status")) pet["status"] = form.get("status");
        return send(res, 200);
      }
    }
    if (path === "/store/inventory" && method === "GET") {
      const counts: Record<string, number> = {};
      for (const p of pets.values()) counts[String(p["status"])] = (counts[String(p["status"])] ?? 0) + 1;
      return send(res, 200, counts);
    }
    if (path === "/store/order" && method === "POST") {
      const order = json();
      orders.set(Number(order["id"]), order);
      return send(res, 200, order);
    }
    if ((m = /^\/store\/order\/(\d+)$/.exec(path))) {
      const order = orders.get(Number(m[1]));
      if (!order) return send(res, 404, { code: 404, message: "Order not found" });
      if (method === "GET") return send(res, 200, order);
      if (method === "DELETE") {
        orders.delete(Number(m[1]));
        return send(res, 200);
      }
    }
    if (path === "/user" && method === "POST") {
      const user = json();
      users.set(String(user["username"]), user);
      return send(res, 200);
    }
    if ((path === "/user/createWithArray" || path === "/user/createWithList") && method === "POST") {
      for (const user of JSON.parse(body.toString("utf8")) as Json[]) users.set(String(user["username"]), user);
      return send(res, 200);
    }
    if (path === "/user/login" && method === "GET") {
      const user = users.get(url.searchParams.get("username") ?? "");
      if (!user || url.searchParams.get("password") !== "pw") return send(res, 400, { code: 400, message: "Invalid username/password supplied" });
      return send(res, 200, `session-${String(user["username"])}`);
    }
    if (path === "/user/logout" && method === "GET") return send(res, 200, "logged out", "text/plain");
    if ((m = /^\/user\/([^/]+)$/.exec(path))) {
      const name = decodeURIComponent(m[1]!);
      const user = users.get(name);
      if (!user) return send(res, 404, { code: 404, message: "User not found" });
      if (method === "GET") return send(res, 200, user);
      if (method === "PUT") {
        users.set(name, json());
        return send(res, 200);
      }
      if (method === "DELETE") {
        users.delete(name);
        return send(res, 200);
      }
    }
    send(res, 404, { code: 404, message: `no route ${method} ${path}` });
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      requests.push({ method: req.method ?? "GET", url, headers: req.headers, body });
      try {
        handle(req, res, body, url);
      } catch (error) {
        send(res, 400, { code: 400, message: (error as Error).message });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/v2`,
    requests,
    pets,
    orders,
    users,
    reset() {
      requests.length = 0;
      pets.clear();
      orders.clear();
      users.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
