// @ts-check
// Behaviour of the conformance fixture (test/conformance/server.yaml): what each tool, prompt and
// resource of the official suite's server scenarios must return. Protocol handling is generated.
import { RpcError } from "@mcp-gen/runtime/core";
import { toolError } from "@mcp-gen/runtime/server";

// A 1×1 transparent PNG and a short silent 8 kHz mono WAV, built here rather than copied.
const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
// Plain bytes and btoa, no Buffer: the fixture also runs as a Worker without nodejs_compat.
function silentWav(samples = 800) {
  const bytes = new Uint8Array(44 + samples * 2);
  const view = new DataView(bytes.buffer);
  /** @param {string} text @param {number} at */
  const ascii = (text, at) => [...text].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  ascii("RIFF", 0);
  view.setUint32(4, 36 + samples * 2, true);
  ascii("WAVE", 8);
  ascii("fmt ", 12);
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, 8000, true);
  view.setUint32(28, 16000, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii("data", 36);
  view.setUint32(40, samples * 2, true);
  return btoa(String.fromCharCode(...bytes));
}
const WAV = silentWav();
/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** @param {string} text */
const userText = (text) => ({ role: "user", content: { type: "text", text } });
/** @param {{ action: string, content?: unknown }} answer */
const describe = (answer) => `action=${answer.action}, content=${JSON.stringify("content" in answer ? answer.content : {})}`;
/** @param {import("@mcp-gen/runtime/server").SamplingAnswer} answer */
const sampledText = (answer) => (!Array.isArray(answer.content) && typeof answer.content["text"] === "string" ? answer.content["text"] : JSON.stringify(answer.content));
/** @param {{ action: string, content?: unknown }} answer @param {string} key */
const field = (answer, key) => (answer.action === "accept" && answer.content && typeof answer.content === "object" ? String(/** @type {Record<string, unknown>} */ (answer.content)[key] ?? "?") : "?");

/** Resolves after `ms`, or rejects as soon as `signal` aborts. @param {number} ms @param {AbortSignal} signal */
const abortableSleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Error("cancelled"));
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), reject(new Error("cancelled"))), { once: true });
  });

/** @type {import("./fixture/generated/dist/index.js").Handlers} */
export const handlers = {
  tools: {
    testSimpleText: () => "This is a simple text response for testing.",
    testImageContent: () => [{ type: "image", data: PNG_1X1, mimeType: "image/png" }],
    testAudioContent: () => [{ type: "audio", data: WAV, mimeType: "audio/wav" }],
    testEmbeddedResource: () => [
      { type: "resource", resource: { uri: "test://embedded-resource", mimeType: "text/plain", text: "This is an embedded resource content." } },
    ],
    testMultipleContentTypes: () => [
      { type: "text", text: "Multiple content types test:" },
      { type: "image", data: PNG_1X1, mimeType: "image/png" },
      { type: "resource", resource: { uri: "test://mixed-content-resource", mimeType: "application/json", text: '{"test":"data","value":123}' } },
    ],
    async testToolWithLogging(_args, ctx) {
      ctx.log("info", "Tool execution started");
      await sleep(50);
      ctx.log("info", "Tool processing data");
      await sleep(50);
      ctx.log("info", "Tool execution completed");
      return "Tool with logging executed successfully";
    },
    testErrorHandling() {
      throw new Error("This tool intentionally returns an error for testing");
    },
    async testToolWithProgress(_args, ctx) {
      for (const step of [0, 50, 100]) {
        ctx.progress(step, 100, `Completed step ${step}`);
        if (step < 100) await sleep(50);
      }
      return "Progress test completed";
    },
    async testSampling({ prompt }, ctx) {
      const answer = await ctx.ask.completion({ messages: [userText(prompt)] });
      return `LLM response: ${sampledText(answer)}`;
    },
    async testElicitation({ message }, ctx) {
      return `User response: ${describe(await ctx.ask.details({ message }))}`;
    },
    async testElicitationSep1034Defaults(_args, ctx) {
      return `Elicitation completed: ${describe(await ctx.ask.defaults())}`;
    },
    async testElicitationSep1330Enums(_args, ctx) {
      return `Elicitation completed: ${describe(await ctx.ask.enums())}`;
    },
    jsonSchema202012Tool: () => "ok",
    async testReconnection(_args, ctx) {
      await sleep(100);
      ctx.closeStream();
      await sleep(700);
      return "Reconnection test completed successfully";
    },
    testXMcpHeader: ({ region }) => `region=${region}`,
    async testMissingCapability(_args, ctx) {
      return `sampled: ${sampledText(await ctx.ask.question({ messages: [userText("Say hello")] }))}`;
    },
    async testStreamingElicitation(_args, ctx) {
      return `Hello, ${field(await ctx.ask.user_name(), "name")}!`;
    },
    testLoggingTool(_args, ctx) {
      ctx.log("info", "logging tool ran");
      return "logged";
    },
    testTriggerToolChange(_args, ctx) {
      ctx.server.notifyToolsListChanged();
      return "tools list change announced";
    },
    testTriggerPromptChange(_args, ctx) {
      ctx.server.notifyPromptsListChanged();
      return "prompts list change announced";
    },
    // Tasks: the same handlers serve inline calls and tasks; ctx.signal aborts on tasks/cancel.
    greet: ({ name }) => `Hello, ${name ?? "World"}!`,
    async slowCompute({ seconds, label }, ctx) {
      ctx.task?.status(`computing ${label ?? ""}`.trim());
      await abortableSleep((seconds ?? 0) * 1000, ctx.signal);
      return `Computed ${label ?? "result"} after ${seconds ?? 0}s`;
    },
    async failingJob(_args, ctx) {
      await abortableSleep(1000, ctx.signal);
      return toolError("The job failed: the input could not be processed");
    },
    protocolErrorJob() {
      throw new RpcError(-32603, "The job hit an internal protocol error");
    },
    async confirmDelete({ filename }, ctx) {
      const answer = await ctx.ask.confirm({ message: `Delete ${filename ?? "the file"}?` });
      return answer.action === "accept" ? `Deleted ${filename ?? "the file"}` : `Kept ${filename ?? "the file"}`;
    },
    async multiInput(_args, ctx) {
      const [first, second] = await Promise.all([ctx.ask.first(), ctx.ask.second()]);
      return `Got ${field(first, "name")} and ${field(second, "name")}`;
    },
    async testToolWithTask(_args, ctx) {
      const name = field(await ctx.ask.user_name(), "name");
      await abortableSleep(300, ctx.signal);
      return `Hello, ${name}! Your task is done.`;
    },
    async testInputRequiredResultElicitation(_args, ctx) {
      return `Hello, ${field(await ctx.ask.user_name(), "name")}!`;
    },
    async testInputRequiredResultSampling(_args, ctx) {
      return `Sampling said: ${sampledText(await ctx.ask.capital_question({ messages: [userText("What is the capital of France?")] }))}`;
    },
    async testInputRequiredResultListRoots(_args, ctx) {
      const answer = await ctx.ask.client_roots();
      return `Roots: ${answer.roots.map((root) => root.uri).join(", ")}`;
    },
    async testInputRequiredResultRequestState(_args, ctx) {
      ctx.setState({ round: 1 });
      const answer = await ctx.ask.confirm();
      // Reaching here on a retry means the runtime verified the HMAC-signed state.
      const state = /** @type {{ round?: number } | undefined} */ (ctx.state);
      return `state-ok (round ${state?.round ?? "?"}, confirmed=${field(answer, "ok")})`;
    },
    async testInputRequiredResultMultipleInputs(_args, ctx) {
      const answers = await ctx.askAll({ user_name: undefined, greeting: { messages: [userText("Generate a greeting")] }, client_roots: undefined });
      return `Got ${Object.keys(answers).length} answers for ${field(answers.user_name, "name")}`;
    },
    async testInputRequiredResultMultiRound(_args, ctx) {
      const first = await ctx.ask.step1();
      const second = await ctx.ask.step2();
      return `${field(first, "name")} likes ${field(second, "color")}`;
    },
    async testInputRequiredResultTamperedState(_args, ctx) {
      return `Hello, ${field(await ctx.ask.user_name(), "name")}!`;
    },
    async testInputRequiredResultCapabilities(_args, ctx) {
      // Ask only for what the client declared (MRTR: never request an undeclared capability).
      if (ctx.canAsk("user_name") && ctx.canAsk("greeting")) {
        const answers = await ctx.askAll({ user_name: undefined, greeting: { messages: [userText("Generate a greeting")] } });
        return `answered: ${Object.keys(answers).join(", ")}`;
      }
      if (ctx.canAsk("greeting")) {
        const answers = await ctx.askAll({ greeting: { messages: [userText("Generate a greeting")] } });
        return `answered: ${Object.keys(answers).join(", ")}`;
      }
      if (ctx.canAsk("user_name")) {
        const answers = await ctx.askAll({ user_name: undefined });
        return `answered: ${Object.keys(answers).join(", ")}`;
      }
      return "nothing could be asked";
    },
  },
  prompts: {
    testSimplePrompt: { get: () => ({ messages: [userText("This is a simple prompt for testing.")] }) },
    testPromptWithArguments: {
      get: ({ arg1, arg2 }) => ({ messages: [userText(`Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`)] }),
      complete: { arg1: (value) => ["paris", "park", "party"].filter((v) => v.startsWith(value)) },
    },
    testPromptWithEmbeddedResource: {
      get: ({ resourceUri }) => ({
        messages: [
          { role: "user", content: { type: "resource", resource: { uri: resourceUri, mimeType: "text/plain", text: "Embedded resource content for testing." } } },
          userText("Please process the embedded resource above."),
        ],
      }),
    },
    testPromptWithImage: {
      get: () => ({ messages: [{ role: "user", content: { type: "image", data: PNG_1X1, mimeType: "image/png" } }, userText("Please analyze the image above.")] }),
    },
    testInputRequiredResultPrompt: {
      async get(_args, ctx) {
        const answer = await ctx.ask.user_context();
        return { messages: [userText(`Use this context: ${field(answer, "context")}`)] };
      },
    },
  },
  resources: {
    staticText: { read: () => [{ uri: "test://static-text", mimeType: "text/plain", text: "This is the content of the static text resource." }] },
    staticBinary: { read: () => [{ uri: "test://static-binary", mimeType: "image/png", blob: PNG_1X1 }] },
    watchedResource: { read: () => [{ uri: "test://watched-resource", mimeType: "text/plain", text: "Watched resource content" }] },
    exampleResource: { read: () => [{ uri: "test://example-resource", mimeType: "text/plain", text: "Example resource content" }] },
  },
  templates: {
    templateData: {
      read: (uri, { id }) => [{ uri, mimeType: "application/json", text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }) }],
      complete: { id: (value) => ["123", "456", "789"].filter((id) => id.startsWith(value)) },
    },
  },
};
