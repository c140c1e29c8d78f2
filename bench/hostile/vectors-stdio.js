// stdio vectors of issue 21: decoding across read chunks, EPIPE, duplicate in-flight ids.
import { ENVELOPE, sleep, startStdioProbe } from "./probe.js";

function lines(child) {
  const seen = [];
  let buffered = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk) => {
    buffered += chunk;
    let newline;
    while ((newline = buffered.indexOf("\n")) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      if (line.trim()) seen.push(JSON.parse(line));
    }
  });
  return {
    async byId(id, timeoutMs = 15_000) {
      const until = performance.now() + timeoutMs;
      while (performance.now() < until) {
        const found = seen.find((m) => m.id === id);
        if (found) return found;
        await sleep(10);
      }
      return undefined;
    },
    all: () => seen,
  };
}

const call = (id, name, args) => `${JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args, _meta: ENVELOPE } })}\n`;

/** #7: a 150,000-character title of é (300,000 bytes, split across reads) comes back intact? */
export async function utf8Row() {
  const child = startStdioProbe();
  const reader = lines(child);
  const text = "é".repeat(150_000);
  child.stdin.write(call(1, "echo", { text }));
  const answer = await reader.byId(1);
  child.kill();
  const returned = answer?.result?.content?.[0]?.text ?? "";
  const replaced = [...returned].filter((c) => c === "\uFFFD").length;
  return ["#7", "stdio: 150,000 × 'é' in one line", "8–10 U+FFFD (data lost)", answer ? `${replaced} U+FFFD, ${returned === text ? "identical" : "different"}` : "no answer", "identical", returned === text ? "yes" : "NO"];
}

/** #10: the client closes its read end of stdout, then sends a request. */
export async function epipeRow() {
  const child = startStdioProbe();
  child.stdin.write(call(1, "echo", { text: "warm" }));
  await sleep(300);
  child.stdout.destroy();
  for (let i = 2; i < 50; i++) child.stdin.write(call(i, "echo", { text: "x".repeat(10_000) }));
  const exit = await Promise.race([child.exitInfo, sleep(3_000).then(() => undefined)]);
  child.kill();
  const stack = /\n\s+at /.test(child.stderrText);
  const now = exit ? `exit ${exit.code ?? exit.signal}${stack ? " with a stack trace" : ", no stack trace"}` : `still serving${stack ? ", stack trace printed" : ", no stack trace"}`;
  const ok = !stack && (exit === undefined || exit.code === 0);
  return ["#10", "stdio: client closes its read end (EPIPE)", "exit 1 with a stack trace", now, "no crash, no stack", ok ? "yes" : "NO"];
}

/** #12: a second request reusing an in-flight id must be refused, and the first stays cancellable. */
export async function duplicateIdRow() {
  const child = startStdioProbe();
  const reader = lines(child);
  child.stdin.write(call(7, "hang", {}));
  await sleep(100);
  child.stdin.write(call(7, "echo", { text: "same id" }));
  const second = await reader.byId(7, 2_000);
  child.kill();
  const refused = second?.error !== undefined;
  return ["#12", "stdio: a second request with an in-flight id", "accepted; the first becomes uncancellable", refused ? `refused (${second.error.code})` : second ? "answered as a new call" : "no answer", "refused", refused ? "yes" : "NO"];
}
