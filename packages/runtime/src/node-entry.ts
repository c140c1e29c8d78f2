// `@mcp-gen/runtime/node`: what needs Node itself: the node:http listener, stdio serving, the
// client's stdio transport (child processes) and argv start-up of generated servers.
// Explicit named exports only.
export { createNodeRequestListener, listenHttp } from "./http/node.js";
export type { ListenHttpOptions, ListeningServer, NodeRequestListener } from "./http/node.js";
export type { ConnectionLimits } from "./http/connection-limits.js";
export { serveStdio } from "./stdio/stdio.js";
export type { StdioConnection } from "./stdio/stdio.js";
export { createStdioTransport, StdioClientTransport } from "./client/transport/stdio.js";
export type { StdioTransportOptions } from "./client/transport/stdio.js";
export { serveFromArgv } from "./generated-support/serve-from-argv.js";
export type { ServeFromArgvResult } from "./generated-support/serve-from-argv.js";
export { createMemoryTransport, MemoryClientTransport } from "./memory/memory-transport.js";
export { FileCredentialStore } from "./client/auth/store/file.js";
export { startLoopbackRedirect } from "./client/auth/loopback.js";
export type { LoopbackOptions, LoopbackRedirect } from "./client/auth/loopback.js";
