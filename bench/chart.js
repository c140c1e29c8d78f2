// The bench's tables as one SVG chart (dependency-free): a panel per table, and in it a small
// bar chart per numeric column with one bar per row, each column on its own scale (its units
// differ: req/s, ms, bytes, ratios). Rows are named by the table's leading text columns; text
// cells in a numeric column ("FAIL", "—") get no bar, only their text. Deterministic: the same
// tables give the same bytes.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

const WIDTH = 980;
const MARGIN = 16;
const GAP = 20;
const PANEL_COLUMNS = 2;
const PANEL_WIDTH = (WIDTH - 2 * MARGIN - GAP * (PANEL_COLUMNS - 1)) / PANEL_COLUMNS;
const LABEL_WIDTH = 190;
const VALUE_WIDTH = 64;
const ROW_HEIGHT = 18;
const BAR_HEIGHT = 12;
const TITLE_LINE = 17;
const TITLE_CHARS = 128;
const LABEL_CHARS = 32;
const COLORS = ["#2f6fb3", "#d0702c", "#3b8f4f", "#8a4fb3", "#b33b52", "#2f9a9a", "#7a7a2f"];

/** A table cell as a number: "10,612", "7.3x", "45%", "3.1 MiB", "120 ms"; undefined for text. */
export function cellNumber(cell) {
  const match = /^\s*(-?\d[\d,]*(?:\.\d+)?)\s*(?:%|x|×|ms|s|MiB|KiB|MB|KB|B|µs)?\s*$/.exec(String(cell));
  return match ? Number(match[1].replace(/,/g, "")) : undefined;
}

/** Placeholders a numeric column may hold where a measure is missing. */
const PLACEHOLDER = /^\s*(?:—|–|-|n\/a|FAIL.*|failed.*)?\s*$/i;

function escapeXml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]);
}

function truncate(text, max) {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function wrap(text, max) {
  const lines = [];
  let line = "";
  for (const word of String(text).split(/\s+/)) {
    if (line !== "" && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  if (line !== "") lines.push(line);
  return lines;
}

/** Which columns name the rows (the leading text columns, at least the first) and which are charted. */
export function columnRoles(header, rows) {
  const numeric = header.map((_, c) => rows.some((r) => cellNumber(r[c]) !== undefined) && rows.every((r) => cellNumber(r[c]) !== undefined || PLACEHOLDER.test(String(r[c]))));
  let labels = 1;
  while (labels < header.length && !numeric[labels]) labels++;
  const charted = header.map((_, c) => c).filter((c) => c >= labels && numeric[c]);
  return { labels, charted };
}

/** One column's bars: header, then a labelled bar per row. Returns its SVG and height. */
function panel(table, tableIndex, column, color, x, y) {
  const { labels } = columnRoles(table.header, table.rows);
  const values = table.rows.map((r) => cellNumber(r[column]));
  const max = Math.max(0, ...values.filter((v) => v !== undefined));
  const barSpace = PANEL_WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const parts = [`<text class="column" x="${x}" y="${y + 12}">${escapeXml(truncate(String(table.header[column]), 60))}</text>`];
  table.rows.forEach((row, r) => {
    const label = row.slice(0, labels).map(String).join(" · ");
    const top = y + 18 + r * ROW_HEIGHT;
    const value = values[r];
    parts.push(`<text class="label" x="${x + LABEL_WIDTH - 6}" y="${top + BAR_HEIGHT - 2}" text-anchor="end">${escapeXml(truncate(label, LABEL_CHARS))}</text>`);
    if (value !== undefined) {
      const width = max > 0 ? Math.max(1, (Math.max(0, value) / max) * barSpace) : 1;
      parts.push(
        `<rect class="bar" data-table="${tableIndex}" data-column="${column}" data-row="${r}" x="${x + LABEL_WIDTH}" y="${top}" width="${width.toFixed(1)}" height="${BAR_HEIGHT}" fill="${color}"><title>${escapeXml(`${label} — ${table.header[column]}: ${row[column]}`)}</title></rect>`,
      );
      parts.push(`<text class="value" x="${(x + LABEL_WIDTH + width + 4).toFixed(1)}" y="${top + BAR_HEIGHT - 2}">${escapeXml(truncate(String(row[column]), 14))}</text>`);
    } else {
      parts.push(`<text class="value missing" x="${x + LABEL_WIDTH}" y="${top + BAR_HEIGHT - 2}">${escapeXml(truncate(String(row[column]), 24))}</text>`);
    }
  });
  return { svg: parts.join("\n"), height: 18 + table.rows.length * ROW_HEIGHT };
}

/**
 * The chart of `tables` ({ title, header, rows } as bench/report.js `table()` printed them).
 * `caption` is printed on top (machine, sections).
 */
export function chartSvg(tables, caption = "") {
  const parts = [];
  let y = MARGIN;
  if (caption !== "") {
    parts.push(`<text class="caption" x="${MARGIN}" y="${y + 14}">${escapeXml(caption)}</text>`);
    y += 28;
  }
  tables.forEach((table, t) => {
    for (const line of wrap(table.title.replace(/`/g, ""), TITLE_CHARS)) {
      y += TITLE_LINE;
      parts.push(`<text class="title" x="${MARGIN}" y="${y - 4}">${escapeXml(line)}</text>`);
    }
    y += 6;
    const { charted } = columnRoles(table.header, table.rows);
    if (charted.length === 0) {
      parts.push(`<text class="missing" x="${MARGIN}" y="${y + 12}">no numeric column</text>`);
      y += 24;
    }
    for (let i = 0; i < charted.length; i += PANEL_COLUMNS) {
      let tallest = 0;
      for (let k = 0; k < PANEL_COLUMNS && i + k < charted.length; k++) {
        const column = charted[i + k];
        const { svg, height } = panel(table, t, column, COLORS[(i + k) % COLORS.length], MARGIN + k * (PANEL_WIDTH + GAP), y);
        parts.push(svg);
        tallest = Math.max(tallest, height);
      }
      y += tallest + 12;
    }
    parts.push(`<line x1="${MARGIN}" x2="${WIDTH - MARGIN}" y1="${y}" y2="${y}" class="rule"/>`);
    y += 14;
  });
  const height = Math.ceil(y + MARGIN);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif">`,
    "<style>.caption{font-size:14px;font-weight:600;fill:#1d232a}.title{font-size:13px;font-weight:600;fill:#1d232a}.column{font-size:12px;font-weight:600;fill:#5b6773}.label,.value{font-size:11px;fill:#1d232a}.missing{font-size:11px;fill:#a4330c}.rule{stroke:#d8dee4}</style>",
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    ...parts,
    "</svg>",
    "",
  ].join("\n");
}

/** Writes the chart; returns the file. */
export function writeChart(tables, file, caption = "") {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, chartSvg(tables, caption));
  return file;
}
