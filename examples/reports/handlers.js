// @ts-check
// The reports server's behaviour. build_report runs as a task: it reports its progress as the
// task's status message (ctx.task.status), asks for the format halfway (ctx.ask.format: the
// task waits in input_required until the client answers), and stops when the client cancels
// (ctx.signal aborts on tasks/cancel).

/** @param {number} ms @param {AbortSignal} signal */
function step(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

const STEPS = 4;

/** @type {import("./generated/dist/index.js").Handlers} */
export const handlers = {
  tools: {
    async buildReport({ days, stepMs }, ctx) {
      const ms = stepMs ?? 1000;
      for (let i = 1; i <= STEPS / 2; i++) {
        ctx.task?.status(`collecting data: step ${i} of ${STEPS}`);
        await step(ms, ctx.signal);
      }
      const answer = await ctx.ask.format();
      const format = answer.action === "accept" ? answer.content.format : "csv";
      for (let i = STEPS / 2 + 1; i <= STEPS; i++) {
        ctx.task?.status(`rendering ${format}: step ${i} of ${STEPS}`);
        await step(ms, ctx.signal);
      }
      return { structuredContent: { days, format, rows: days * 24 }, content: [{ type: "text", text: `Report over ${days} days as ${format}: ${days * 24} rows` }] };
    },
    quickStats: () => "3 reports built today",
  },
};
