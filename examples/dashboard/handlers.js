// @ts-check
// The dashboard server's behaviour. The app page (app/) and its ui:// resource, the `_meta.ui`
// links and the io.modelcontextprotocol/ui capability all come from mcp.yaml through ./generated.

/** Fixed figures, so that a demo (and the browser test) sees known numbers. */
const FIGURES = {
  eu: { visitors: 1200, signups: 87 },
  us: { visitors: 2310, signups: 140 },
  apac: { visitors: 860, signups: 52 },
};

/** @param {"eu" | "us" | "apac"} region */
const metricsOf = (region) => ({ region, ...FIGURES[region] });

/** @param {{ region: string, visitors: number, signups: number }} m */
const line = (m) => `${m.region}: ${m.visitors} visitors, ${m.signups} sign-ups`;

/** @type {import("./generated/dist/index.js").Handlers} */
export const handlers = {
  tools: {
    showDashboard() {
      const regions = /** @type {const} */ (["eu", "us", "apac"]).map(metricsOf);
      return { structuredContent: { regions }, content: [{ type: "text", text: regions.map(line).join("\n") }] };
    },
    getMetrics({ region }) {
      const metrics = metricsOf(region);
      return { structuredContent: metrics, content: [{ type: "text", text: line(metrics) }] };
    },
  },
};
