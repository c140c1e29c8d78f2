// Preload for the conformance CLI on Node 20:
//   node --import ./test/conformance/cli-preload.mjs node_modules/@modelcontextprotocol/conformance/dist/index.js ...
// 1. The CLI bundle imports `globSync` from "fs" at top level (Node ≥ 22 only), which stops
//    every command on Node 20 at link time. A resolve hook gives the bundle an `fs` module that
//    adds a small globSync (only the unused `tier-check` command calls it).
// 2. Host-less `listen()` calls inside the CLI (its mock servers) are pinned to 127.0.0.1 so
//    nothing binds a public interface. Binding must stay synchronous because the CLI reads
//    `server.address().port` right after `listen(0)`; a literal IP with an explicit host is
//    resolved through dns.lookup, so that one lookup is answered synchronously.
import dns from "node:dns";
import { register } from "node:module";
import net from "node:net";

if (Number(process.versions.node.split(".")[0]) < 22) register("./cli-fs-hook.mjs", import.meta.url);

const LOOPBACK = "127.0.0.1";
const originalListen = net.Server.prototype.listen;

function withLoopbackHost(args) {
  const [first, second] = args;
  const isPort = (v) => typeof v === "number" || (typeof v === "string" && /^\d+$/.test(v));
  if (args.length === 0 || typeof first === "function") return [0, LOOPBACK, ...args];
  if (isPort(first)) return typeof second === "string" ? undefined : [first, LOOPBACK, ...args.slice(1)];
  if (first && typeof first === "object" && !Array.isArray(first) && first.host === undefined && first.path === undefined && first.fd === undefined && first.handle === undefined && first._handle === undefined) {
    return [{ ...first, host: LOOPBACK }, ...args.slice(1)];
  }
  return undefined;
}

net.Server.prototype.listen = function listenOnLoopback(...args) {
  const rewritten = withLoopbackHost(args);
  if (!rewritten) return originalListen.apply(this, args);
  const originalLookup = dns.lookup;
  dns.lookup = function answerLiteralNow(hostname, options, callback) {
    const done = typeof options === "function" ? options : callback;
    const family = net.isIP(hostname);
    const wantsAll = options && typeof options === "object" && options.all;
    if (family !== 0 && typeof done === "function" && !wantsAll) {
      done(null, hostname, family);
      return {};
    }
    return originalLookup.apply(this, arguments);
  };
  try {
    return originalListen.apply(this, rewritten);
  } finally {
    dns.lookup = originalLookup;
  }
};
