// Import → generate → serve → call (issue 20): the Petstore 3.0 and 3.1 documents become a
// dual-era MCP server whose default handlers proxy a real HTTP API (petstore-api.ts); the
// official SDK 2.4.0 client and the generated typed client call every operation on both eras and
// get the API's answers; an API error is an isError result; a hand-written handler overrides a
// proxied tool.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpTransport } from "../../packages/runtime/src/client-entry.js";
import { listenHttp } from "../../packages/runtime/src/node-entry.js";
import type { McpServer } from "../../packages/runtime/src/server-entry.js";
import { connectSdkClient } from "../interop/support/sdk-client.js";
import { API_KEY, BEARER, startPetstoreApi, type PetstoreApi } from "./petstore-api.js";
import { FIXTURES, importAndGenerate, type ImportedPackage } from "./support.js";

interface CallResult {
  readonly isError: boolean;
  readonly structured: unknown;
  readonly text: string;
}
type Call = (tool: string, args: Record<string, unknown>) => Promise<CallResult>;

function summarize(result: { isError?: boolean; structuredContent?: unknown; content?: unknown }): CallResult {
  const content = Array.isArray(result.content) ? (result.content as { text?: string }[]) : [];
  return { isError: result.isError === true, structured: result.structuredContent, text: content.map((c) => c.text ?? "").join("") };
}

const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
const PET = { id: 7, name: "Rex", photoUrls: ["https://example.com/rex.png"], tags: [{ id: 1, name: "good" }], status: "available" };

/** Every operation of the Petstore, in an order that makes each answer predictable. */
async function callEveryOperation(call: Call, api: PetstoreApi, version: "3.0" | "3.1"): Promise<void> {
  api.reset();
  const ok = async (tool: string, args: Record<string, unknown>) => {
    const result = await call(tool, args);
    expect(result.isError, `${tool}: ${result.text}`).toBe(false);
    return result;
  };
  await ok("addPet", { body: PET });
  expect(api.pets.get(7)).toEqual(PET);
  expect(api.requests.at(-1)?.headers.authorization).toBe(`Bearer ${BEARER}`);
  await ok("updatePet", { body: { ...PET, status: "pending" } });
  expect((await ok("getPetById", { petId: 7 })).structured).toEqual({ ...PET, status: "pending" });
  expect(api.requests.at(-1)?.headers["api_key"]).toBe(API_KEY);
  expect((await ok("findPetsByStatus", { status: ["pending", "sold"] })).structured).toEqual({ result: [{ ...PET, status: "pending" }] });
  expect(api.requests.at(-1)?.url.search).toBe("?status=pending&status=sold");
  expect((await ok("findPetsByTags", { tags: ["good"] })).structured).toEqual({ result: [{ ...PET, status: "pending" }] });
  await ok("updatePetWithForm", { petId: 7, body: { name: "Max", status: "sold" } });
  expect(api.requests.at(-1)?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
  expect(api.pets.get(7)).toMatchObject({ name: "Max", status: "sold" });
  const upload = version === "3.0" ? { petId: 7, body: { additionalMetadata: "front", file: b64("PNG!") } } : { petId: 7, body: b64("PNG!") };
  expect((await ok("uploadFile", upload)).structured).toEqual({ code: 200, type: "uploaded", message: version === "3.0" ? "4 bytes: PNG! (front)" : "4 bytes: PNG!" });
  expect((await ok("getInventory", {})).structured).toEqual({ sold: 1 });
  const order = { id: 3, petId: 7, quantity: 2, shipDate: "2026-12-01T10:00:00Z", status: "placed", complete: false };
  expect((await ok("placeOrder", { body: order })).structured).toEqual(order);
  expect((await ok("getOrderById", { orderId: 3 })).structured).toEqual(order);
  await ok("deleteOrder", { orderId: 3 });
  expect(api.orders.size).toBe(0);
  await ok("createUser", { body: { username: "ann", firstName: "Ann" } });
  await ok("createUsersWithArrayInput", { body: [{ username: "bob" }] });
  await ok("createUsersWithListInput", { body: [{ username: "cy" }] });
  expect([...api.users.keys()].sort()).toEqual(["ann", "bob", "cy"]);
  expect((await ok("loginUser", { username: "ann", password: "pw" })).structured).toEqual({ result: "session-ann" });
  expect((await ok("logoutUser", {})).text).toBe("logged out");
  expect((await ok("getUserByName", { username: "ann" })).structured).toEqual({ username: "ann", firstName: "Ann" });
  await ok("updateUser", { username: "ann", body: { username: "ann", lastName: "Lee" } });
  expect(api.users.get("ann")).toEqual({ username: "ann", lastName: "Lee" });
  await ok("deleteUser", { username: "bob" });
  await ok("deletePet", { petId: 7, api_key: API_KEY });
  expect(api.pets.size).toBe(0);

  // The API's own errors are tool errors the model can read: status and body.
  const missing = await call("getPetById", { petId: 7 });
  expect(missing.isError).toBe(true);
  expect(missing.text).toContain("HTTP 404");
  expect(missing.text).toContain("Pet not found");
  const login = await call("loginUser", { username: "ann", password: "wrong" });
  expect(login.isError).toBe(true);
  expect(login.text).toContain("HTTP 400");
}

const TOOL_NAMES = [
  "addPet", "createUser", "createUsersWithArrayInput", "createUsersWithListInput", "deleteOrder", "deletePet", "deleteUser", "findPetsByStatus", "findPetsByTags", "getInventory",
  "getOrderById", "getPetById", "getUserByName", "loginUser", "logoutUser", "placeOrder", "updatePet", "updatePetWithForm", "updateUser", "uploadFile",
];

let api: PetstoreApi;
beforeAll(async () => {
  api = await startPetstoreApi();
});
afterAll(async () => {
  await api?.close();
});

describe.each(["3.0", "3.1"] as const)("Petstore %s imported, generated and served", (version) => {
  let pkg: ImportedPackage;
  let http: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    pkg = await importAndGenerate(join(FIXTURES, `petstore-${version}.yaml`), `petstore-${version}`);
    const createServer = pkg.module["createServer"] as (handlers?: unknown, options?: unknown) => McpServer;
    const server = createServer(undefined, { api: { baseUrl: api.baseUrl, credentials: { api_key: API_KEY, petstore_auth: BEARER } } });
    http = await listenHttp(server, { port: 0 });
  }, 120_000);
  afterAll(async () => {
    await http?.close();
    if (pkg) rmSync(pkg.dir, { recursive: true, force: true });
  });

  it("imports one tool per operation, with the API's base URL and security schemes recorded", () => {
    expect(pkg.outcome.manifest.tools.map((t) => t.name)).toEqual(TOOL_NAMES);
    expect(pkg.outcome.manifest.openapi).toMatchObject({ version: version === "3.0" ? "3.0.0" : "3.1.0", baseUrl: "http://petstore.swagger.io/v2", security: { api_key: { type: "apiKey", in: "header", name: "api_key" }, petstore_auth: { type: "bearer" } } });
    expect(pkg.outcome.diagnostics).toEqual([]);
  });

  describe.each(["modern", "legacy"] as const)("era %s", (era) => {
    it("the official SDK client calls every operation and gets the API's answers", async () => {
      const sdk = await connectSdkClient({ era, target: { kind: "http", url: new URL(http.url) } });
      try {
        const listed = await sdk.client.listTools();
        expect(listed.tools.map((t) => t.name).sort()).toEqual(TOOL_NAMES);
        const getPet = listed.tools.find((t) => t.name === "getPetById");
        expect(getPet?.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
        expect(listed.tools.find((t) => t.name === "deletePet")?.annotations).toMatchObject({ destructiveHint: true });
        await callEveryOperation(async (name, args) => summarize((await sdk.client.callTool({ name, arguments: args })) as never), api, version);
      } finally {
        await sdk.close();
      }
    });

    it("the generated typed client calls every operation and gets the API's answers", async () => {
      const connect = pkg.module["connect"] as (options: unknown) => Promise<{ tools: Record<string, (args: unknown) => Promise<Record<string, unknown>>>; close(): Promise<void> }>;
      const client = await connect({ transport: createHttpTransport({ url: http.url }), clientInfo: { name: "import-e2e", version: "1.0.0" }, protocol: era === "modern" ? "2026-07-28" : "2025-11-25" });
      try {
        await callEveryOperation(async (name, args) => summarize(await client.tools[name]!(args)), api, version);
      } finally {
        await client.close();
      }
    });
  });

  it("a hand-written handler overrides a proxied tool; the others still call the API", async () => {
    const createServer = pkg.module["createServer"] as (handlers?: unknown, options?: unknown) => McpServer;
    const server = createServer({ tools: { getInventory: () => ({ structuredContent: { available: 99 } }) } }, { api: { baseUrl: api.baseUrl, credentials: { api_key: API_KEY } } });
    const served = await listenHttp(server, { port: 0 });
    const sdk = await connectSdkClient({ era: "modern", target: { kind: "http", url: new URL(served.url) } });
    try {
      api.reset();
      const inventory = summarize((await sdk.client.callTool({ name: "getInventory", arguments: {} })) as never);
      expect(inventory.structured).toEqual({ available: 99 });
      expect(api.requests).toEqual([]);
      const order = summarize((await sdk.client.callTool({ name: "getOrderById", arguments: { orderId: 1 } })) as never);
      expect(order.isError).toBe(true);
      expect(order.text).toContain("Order not found");
      expect(api.requests).toHaveLength(1);
    } finally {
      await sdk.close();
      await served.close();
    }
  });

  it("without credentials the API's 401 is an isError result", async () => {
    const createServer = pkg.module["createServer"] as (handlers?: unknown, options?: unknown) => McpServer;
    const served = await listenHttp(createServer(undefined, { api: { baseUrl: api.baseUrl, env: {} } }), { port: 0 });
    const sdk = await connectSdkClient({ era: "legacy", target: { kind: "http", url: new URL(served.url) } });
    try {
      const denied = summarize((await sdk.client.callTool({ name: "getInventory", arguments: {} })) as never);
      expect(denied.isError).toBe(true);
      expect(denied.text).toContain("HTTP 401");
    } finally {
      await sdk.close();
      await served.close();
    }
  });
});
