// @ts-check
// Handlers of the hostile probe server (bench/hostile/mcp.yaml).
const SECRET = "db failed: postgres://admin:hunter2@db.internal/prod";

/** @type {import("./generated/dist/index.js").Handlers} */
export const handlers = /** @type {any} */ ({
  tools: {
    echo: ({ text }) => text,
    lateProgress(_args, ctx) {
      // The answer goes out first; these arrive after it (issue 21 #1).
      setTimeout(() => {
        ctx.progress(1, 2, "late");
        ctx.log("info", "late log line");
      }, 20);
      return "done";
    },
    checkUrl: () => "ok",
    checkPattern: () => "ok",
    leak() {
      throw new Error(SECRET);
    },
    hang: () => new Promise(() => {}),
    anyShape: () => "ok",
    flood({ count }, ctx) {
      // Batches, so the server's own stream handling gets turns between them.
      return new Promise((resolve) => {
        let sent = 0;
        const batch = () => {
          for (let i = 0; i < 5_000 && sent < count; i++, sent++) ctx.server.notifyResourceUpdated("probe://big");
          if (sent < count) setImmediate(batch);
          else resolve(`sent ${sent}`);
        };
        batch();
      });
    },
  },
  resources: { big: { read: () => [{ uri: "probe://big", text: "big" }] } },
  templates: {
    dashes: { read: (uri) => [{ uri, text: "d" }] },
    slashes: { read: (uri) => [{ uri, text: "s" }] },
  },
});
