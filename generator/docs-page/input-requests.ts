// "What it may ask the user": the input requests a tool, prompt or resource declares
// (manifest `inputs`), each with its kind, the client capability it needs and its details.
import type { InputRequest } from "../manifest/ir.js";
import { code, el, type Html, join } from "./html.js";
import { schemaTable } from "./schema-table.js";
import { CAPABILITY_NAMES, KIND_NAMES } from "./words.js";

function details(request: InputRequest): Html {
  switch (request.kind) {
    case "elicit":
      return join([request.message !== undefined ? el("p", { class: "message" }, "Message: ", el("q", {}, request.message)) : undefined, schemaTable(request.schema, "The form has no fields.")]);
    case "elicitUrl":
      return request.message !== undefined ? el("p", { class: "message" }, "Message: ", el("q", {}, request.message)) : join([]);
    case "sampling":
      return el(
        "ul",
        { class: "facts" },
        request.maxTokens !== undefined ? el("li", {}, "At most ", String(request.maxTokens), " tokens") : undefined,
        request.systemPrompt !== undefined ? el("li", {}, "System prompt: ", el("q", {}, request.systemPrompt)) : undefined,
        el("li", {}, request.tools ? "The model may call tools" : "No tool use"),
      );
    case "roots":
      return join([]);
  }
}

/** The block, or nothing when the entry asks nothing. */
export function inputRequestsBlock(requests: readonly InputRequest[]): Html | undefined {
  if (requests.length === 0) return undefined;
  return el(
    "div",
    { class: "asks" },
    el("h4", {}, "May ask the user"),
    ...requests.map((r) =>
      el("div", { class: "ask" }, el("p", {}, code(r.key), ": ", KIND_NAMES[r.kind], "; needs client capability ", code(CAPABILITY_NAMES[r.requires])), details(r)),
    ),
  );
}

/** Scopes a call needs: its own plus what every request needs (`auth.required`). */
export function scopesLine(own: readonly string[] | undefined, always: readonly string[] | undefined): Html | undefined {
  const mine = own ?? [];
  const base = always ?? [];
  if (mine.length === 0 && base.length === 0) return undefined;
  return el(
    "p",
    { class: "scopes" },
    el("strong", {}, "Scopes: "),
    mine.length > 0 ? join(mine.map(code), ", ") : "none of its own",
    base.length > 0 ? join([" (plus ", join(base.map(code), ", "), ", which every request needs)"]) : undefined,
  );
}
