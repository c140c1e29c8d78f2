// src/testing.ts of a server package: createTestClient(handlers, { revision }) serves the user's
// handlers with the generated createServer and connects the generated typed client to it in
// memory (the runtime's createMemoryTransport: no port, no process), so a handler unit test
// exercises the same validation, era handling and input requests as a deployed server.
import type { Manifest } from "../../manifest/ir.js";
import { ModuleWriter, type ExportedSymbol } from "../module-writer/module-writer.js";
import { CLIENT_TYPE, CONNECT, CREATE_SERVER, CREATE_TEST_CLIENT, HANDLERS_TYPE, MODULE, RUNTIME, TEST_CLIENT_OPTIONS_TYPE } from "./naming.js";

export interface TestingModule {
  readonly code: string;
  readonly exports: readonly ExportedSymbol[];
}

export function emitTestingModule(manifest: Manifest, header: string): TestingModule {
  const w = new ModuleWriter();
  const handlers = w.use({ name: HANDLERS_TYPE, from: MODULE.handlers, typeOnly: true });
  const client = w.use({ name: CLIENT_TYPE, from: MODULE.client, typeOnly: true });
  const connect = w.use({ name: CONNECT, from: MODULE.client, typeOnly: false });
  const createServer = w.use({ name: CREATE_SERVER, from: MODULE.server, typeOnly: false });
  const clientOptions = w.use(RUNTIME.McpClientOptions);
  const serverOptions = w.use(RUNTIME.ServerOptions);
  const memory = w.use(RUNTIME.createMemoryTransport);
  const revisions = manifest.revisions.map((r) => JSON.stringify(r)).join(" | ");
  const options = w.export(TEST_CLIENT_OPTIONS_TYPE, true);
  const body =
    `/** connect()'s options without a transport: \`handlers\` are the client's elicitation, sampling and roots handlers, as in connect(). */\n` +
    `export interface ${options} extends Partial<Omit<${clientOptions}, "transport" | "protocol">> {\n` +
    `  /** A revision of the manifest pins that era; "auto" (the default) probes, as connect() does. */\n` +
    `  readonly revision?: ${revisions} | "auto";\n` +
    `  /** Options of the server under test (limits, signing key, onError…). */\n` +
    `  readonly server?: ${serverOptions};\n}\n\n` +
    `/**\n * Serves \`serverHandlers\` with ${CREATE_SERVER}() and connects the typed client to it in memory: no port, no process.\n` +
    ` * Every message still crosses a JSON-RPC stdio framing, so handlers are tested as they are served. Closing the client closes the server.\n */\n` +
    `export async function ${w.exportAsyncFunction(CREATE_TEST_CLIENT)}(serverHandlers: ${handlers}, options: ${options} = {}): Promise<${client}> {\n` +
    `  const { revision, server: serverOptions, clientInfo, ...rest } = options;\n` +
    `  const server = ${createServer}(serverHandlers, serverOptions);\n` +
    `  try {\n` +
    `    const client = await ${connect}({\n` +
    `      ...rest,\n` +
    `      clientInfo: clientInfo ?? { name: ${JSON.stringify(`${manifest.server.name}-test-client`)}, version: "0.0.0" },\n` +
    `      protocol: revision ?? "auto",\n` +
    `      transport: ${memory}(server),\n` +
    `    });\n` +
    `    // The server belongs to this client: closing the client closes it too.\n` +
    `    return { ...client, close: () => client.close().finally(() => server.close()) };\n` +
    `  } catch (error) {\n` +
    `    server.close();\n` +
    `    throw error;\n` +
    `  }\n}\n`;
  return { code: w.render(header, body), exports: w.exports() };
}
