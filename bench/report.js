// Shared printing helpers for `npm run bench` sections.

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const printed = [];

/** Every table printed so far, as printed (cells as text): what bench/chart.js draws. */
export function printedTables() {
  return printed;
}

/** Prints a titled, column-aligned table (and records it for the chart). */
export function table(title, header, rows) {
  printed.push({ title, header: header.map(String), rows: rows.map((r) => r.map(String)) });
  const widths = header.map((h, i) => Math.max(String(h).length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join("  ");
  console.log(`\n## ${title}\n`);
  console.log(line(header));
  console.log(line(widths.map((w) => "-".repeat(w))));
  for (const row of rows) console.log(line(row));
}
