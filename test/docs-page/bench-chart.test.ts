// bench/chart.js: the bench's tables as SVG. The SVG is parsed by a real XML parser (chromium's
// DOMParser, image/svg+xml: any well-formedness error yields a <parsererror>), and it must hold
// one bar per row of every numeric column, no bar for text cells, and escaped text.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

interface Table {
  readonly title: string;
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
}
interface ChartModule {
  chartSvg(tables: readonly Table[], caption?: string): string;
  cellNumber(cell: string): number | undefined;
  columnRoles(header: readonly string[], rows: readonly (readonly string[])[]): { labels: number; charted: number[] };
}

const chartUrl = pathToFileURL(join(import.meta.dirname, "..", "..", "bench", "chart.js")).href;
const load = async (): Promise<ChartModule> => (await import(chartUrl)) as ChartModule;

// Shaped like the bench's own tables: label columns first, units and placeholders in cells, a text column last.
const SAMPLE: Table[] = [
  {
    title: "Server: Streamable HTTP throughput, req/s (3 s per row) <with & markup>",
    header: ["era", "method", "conns", "generated", "SDK 2.4.0", "gen/SDK", "p99 ms gen/SDK"],
    rows: [
      ["2026-07-28", "tools/call echo", "32", "10,612", "1,462", "7.3x", "4.1/30.2"],
      ["2025-11-25 session", "tools/list (100)", "32", "9,892", "FAIL", "—", "5.0/-"],
      ["2025-11-25 session", "tools/call echo", "1", "4,001", "812", "4.9x", "0.4/1.9"],
    ],
  },
  { title: "Tasks", header: ["tasks created", "creations/s", "heap", "status seen"], rows: [["10000", "52,301", "3.1 MiB", "completed"]] },
];

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox"] });
});
afterAll(async () => {
  await browser?.close();
});

describe("bench chart", () => {
  it("reads numbers the way the tables print them", async () => {
    const { cellNumber, columnRoles } = await load();
    expect(["10,612", "7.3x", "45.1%", "3.1 MiB", "120 ms", "0.60", "-3"].map(cellNumber)).toEqual([10612, 7.3, 45.1, 3.1, 120, 0.6, -3]);
    expect(["FAIL", "—", "4.1/30.2", "2026-07-28", ""].map(cellNumber)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    const first = SAMPLE[0] as Table;
    expect(columnRoles(first.header, first.rows)).toEqual({ labels: 2, charted: [2, 3, 4, 5] });
  });

  it("is well-formed SVG with one bar per row of each numeric column", async () => {
    const { chartSvg } = await load();
    const svg = chartSvg(SAMPLE, "mcp-gen bench — sample & test");
    expect(chartSvg(SAMPLE, "mcp-gen bench — sample & test")).toBe(svg);
    const page = await browser.newPage();
    try {
      const parsed = await page.evaluate((text) => {
        const doc = new DOMParser().parseFromString(text, "image/svg+xml");
        const bars = [...doc.querySelectorAll("rect.bar")].map((r) => ({
          table: Number(r.getAttribute("data-table")),
          column: Number(r.getAttribute("data-column")),
          row: Number(r.getAttribute("data-row")),
          width: Number(r.getAttribute("width")),
        }));
        return {
          error: doc.querySelector("parsererror")?.textContent ?? null,
          root: doc.documentElement.nodeName,
          bars,
          texts: [...doc.querySelectorAll("text")].map((t) => t.textContent),
        };
      }, svg);
      expect(parsed.error).toBeNull();
      expect(parsed.root).toBe("svg");
      // Table 0: columns conns, generated, SDK, gen/SDK over 3 rows, minus the FAIL and — cells; table 1: creations/s and heap.
      const expected = [
        ...[2, 3].flatMap((column) => [0, 1, 2].map((row) => ({ table: 0, column, row }))),
        ...[0, 2].map((row) => ({ table: 0, column: 4, row })),
        ...[0, 2].map((row) => ({ table: 0, column: 5, row })),
        { table: 1, column: 1, row: 0 },
        { table: 1, column: 2, row: 0 },
      ];
      expect(parsed.bars.map(({ table, column, row }) => ({ table, column, row }))).toEqual(expected);
      // Lengths follow the values within a column: 10,612 is the longest "generated" bar, 4,001 ≈ 38 % of it.
      const generated = parsed.bars.filter((b) => b.table === 0 && b.column === 3).map((b) => b.width);
      expect(Math.max(...generated)).toBe(generated[0]);
      expect((generated[2] as number) / (generated[0] as number)).toBeCloseTo(4001 / 10612, 2);
      expect(parsed.texts).toContain("FAIL");
      expect(parsed.texts.some((t) => t?.includes("<with & markup>"))).toBe(true);
      expect(svg).not.toContain("<with");
    } finally {
      await page.close();
    }
  });
});
