// Top-level names of a TypeScript module from its tokens, without TypeScript: what the zod
// emitter needs of the runtime's helper library on every `generate` (helper-source.ts). A
// statement these do not recognise throws UNSUPPORTED and the caller parses with TypeScript.
import { Kind, type Scanned, UNSUPPORTED, scan } from "./scanner.js";

interface Token {
  readonly k: number;
  readonly v: string;
  readonly s: number;
  readonly e: number;
}

/** The tokens as objects: the helper files are small, and this reads more simply than the columns. */
function tokensOf(scanned: Scanned): Token[] {
  return Array.from({ length: scanned.count }, (_, n) => ({ k: scanned.K[n]!, v: scanned.V[n]!, s: scanned.S[n]!, e: scanned.E[n]! }));
}

const DECLARATION_WORDS = new Set(["const", "let", "var", "function", "interface", "type", "class"]);

/** Token ranges [first, last] of the top-level statements (a statement ends at `;` or at a `}` closing its body). */
function statements(scanned: Scanned): [number, number][] {
  const { match } = scanned;
  const tokens = tokensOf(scanned);
  const ranges: [number, number][] = [];
  let first = 0;
  let i = 0;
  while (tokens[i]!.k !== Kind.Eof) {
    const t = tokens[i]!;
    if (t.k === Kind.Punct && (t.v === "(" || t.v === "[" || t.v === "{")) {
      const close = match[i]!;
      const next = tokens[close + 1]!;
      // `function f() { … }`, `interface X { … }`, `class C { … }` end with their body.
      const words = tokens.slice(first, i).map((token) => token.v);
      const body = t.v === "{" && (words.includes("function") || words.includes("interface") || words.includes("class")) && !words.includes("=");
      i = close + 1;
      if (body && next.v !== ";") {
        ranges.push([first, close]);
        first = i;
      }
      continue;
    }
    if (t.k === Kind.Punct && t.v === ";") {
      ranges.push([first, i]);
      first = i + 1;
    }
    i++;
  }
  if (first !== i) throw UNSUPPORTED;
  return ranges;
}

/** Names the module's top-level declarations bind (`import`s excluded), as TypeScript reads them. */
export function topLevelNames(text: string): string[] {
  const scanned = scan(text);
  const tokens = tokensOf(scanned);
  const names: string[] = [];
  for (const [first, last] of statements(scanned)) {
    let i = first;
    if (tokens[i]!.v === "import") continue;
    while (["export", "declare", "async", "default"].includes(tokens[i]!.v) && tokens[i]!.k === Kind.Id) i++;
    const word = tokens[i]!;
    const name = tokens[i + 1]!;
    if (word.k !== Kind.Id || !DECLARATION_WORDS.has(word.v)) throw UNSUPPORTED;
    if (word.v === "const" || word.v === "let" || word.v === "var") {
      // One declarator: a comma at the statement's own level would need a parser.
      for (let k = i + 1; k <= last; k++) {
        const t = tokens[k]!;
        if (t.v === "," && t.k === Kind.Punct) throw UNSUPPORTED;
        if (t.k === Kind.Punct && (t.v === "(" || t.v === "[" || t.v === "{")) k = scanned.match[k]!;
      }
      if (name.k === Kind.Id) names.push(name.v);
      continue;
    }
    if (name.k !== Kind.Id || name.v === "extends") throw UNSUPPORTED;
    names.push(name.v);
  }
  return names;
}

/** `export { a, type B as C } from "./x.js";` statements: each exported name with its module specifier's text. */
export function namedReexports(text: string): { name: string; from: string }[] {
  const scanned = scan(text);
  const tokens = tokensOf(scanned);
  const found: { name: string; from: string }[] = [];
  for (const [first, last] of statements(scanned)) {
    let i = first;
    if (tokens[i]!.v !== "export") throw UNSUPPORTED;
    i++;
    if (tokens[i]!.v === "type") i++;
    if (tokens[i]!.v !== "{") throw UNSUPPORTED;
    const close = scanned.match[i]!;
    const source = tokens[close + 2]!;
    if (tokens[close + 1]!.v !== "from" || source.k !== Kind.Str || close + 3 !== last) throw UNSUPPORTED;
    const from = JSON.parse(text.slice(source.s, source.e).replace(/^'|'$/g, '"')) as string;
    for (let k = i + 1; k < close; k++) {
      // An element: [type] name [as alias], then `,` or the brace.
      let end = k;
      while (end < close && tokens[end]!.v !== ",") end++;
      const words = tokens.slice(k, end).map((t) => t.v);
      if (words[0] === "type" && words.length > 1 && words[1] !== "as") words.shift();
      if (!(words.length === 1 || (words.length === 3 && words[1] === "as"))) throw UNSUPPORTED;
      found.push({ name: words.at(-1)!, from });
      k = end;
    }
  }
  return found;
}
