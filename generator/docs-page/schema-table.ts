// A schema's rows (schema-rows.ts) as an HTML table: parameter, type (with allowed values and
// bounds), required, default, description. Nesting shows as indentation of the name cell.
import type { JsonSchema } from "../manifest/ir.js";
import { code, el, type Html, join } from "./html.js";
import { type SchemaRow, schemaRows } from "./schema-rows.js";

function typeCell(row: SchemaRow): Html {
  return join([
    el("span", { class: "type" }, row.type),
    row.ref !== undefined && !row.type.includes(row.ref) ? el("span", { class: "ref" }, ` (${row.ref})`) : undefined,
    row.values !== undefined ? el("div", { class: "values" }, row.values.length === 1 ? "exactly " : "one of ", join(row.values.map(code), ", ")) : undefined,
    ...row.constraints.map((c) => el("div", { class: "bound" }, c)),
  ]);
}

function descriptionCell(row: SchemaRow): Html {
  return join([
    row.title !== undefined ? el("strong", {}, row.title) : undefined,
    row.title !== undefined && row.description !== undefined ? " — " : undefined,
    row.description,
    ...row.notes.map((n) => el("div", { class: "note" }, n)),
  ]);
}

function rowHtml(row: SchemaRow): Html {
  const required = row.required === undefined ? "" : row.required ? "yes" : "no";
  return el(
    "tr",
    { class: `depth-${Math.min(row.depth, 8)} ${row.kind}` },
    el("td", { class: "param", style: row.depth > 0 ? `padding-left:${0.5 + row.depth * 1.25}em` : undefined }, row.depth > 0 ? el("span", { class: "nest", "aria-hidden": "true" }, "↳ ") : undefined, el("code", { class: "param-name" }, row.name)),
    el("td", {}, typeCell(row)),
    el("td", { class: row.required ? "req" : undefined }, required),
    el("td", {}, row.default !== undefined ? code(row.default) : ""),
    el("td", {}, descriptionCell(row)),
  );
}

/** The table of a schema; `empty` is shown instead when it has no properties. */
export function schemaTable(schema: JsonSchema, empty: string): Html {
  const rows = schemaRows(schema);
  const closed = typeof schema === "object" && (schema["additionalProperties"] === false || schema["unevaluatedProperties"] === false);
  if (rows.length === 0) return el("p", { class: "empty" }, empty);
  const table = el(
    "table",
    { class: "schema" },
    el("thead", {}, el("tr", {}, ...["Parameter", "Type", "Required", "Default", "Description"].map((h) => el("th", { scope: "col" }, h)))),
    el("tbody", {}, ...rows.map(rowHtml)),
  );
  return closed ? join([table, el("p", { class: "closed" }, "No other properties are accepted.")]) : table;
}
