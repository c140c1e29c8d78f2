// A small symbol-aware writer for one emitted TypeScript module. Emitters never write import
// or export statements by hand: spelling a symbol through `use` records its import, declaring
// one through `export` records its export, so the import list is exactly what the body uses and
// the package's index.ts is built from the recorded exports (no reading emitted code back).

/** A name another module exports. `typeOnly` symbols are imported with `import type`. */
export interface ModuleSymbol {
  readonly name: string;
  /** Module specifier exactly as written in the import ("@mcp-gen/runtime", "./schemas.js"). */
  readonly from: string;
  readonly typeOnly: boolean;
}

/** A name this module exports. */
export interface ExportedSymbol {
  readonly name: string;
  readonly typeOnly: boolean;
  /** An `export async function`: index.ts may load its module on first call instead of at import. */
  readonly asyncFunction?: boolean;
}

// Code-unit order, never locale order: the same input must give the same bytes everywhere.
function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export class ModuleWriter {
  private readonly imports = new Map<string, Map<string, boolean>>();
  private readonly exported = new Map<string, boolean>();
  private readonly asyncFunctions = new Set<string>();

  /** The symbol's name, for use in the body; its import is recorded. */
  use(symbol: ModuleSymbol): string {
    let names = this.imports.get(symbol.from);
    if (names === undefined) this.imports.set(symbol.from, (names = new Map()));
    // A name used once as a value needs a value import, whatever else uses it as a type.
    names.set(symbol.name, (names.get(symbol.name) ?? true) && symbol.typeOnly);
    return symbol.name;
  }

  /** Records that the body declares and exports `name`; returns it, for use in the declaration. */
  export(name: string, typeOnly: boolean): string {
    if (this.exported.has(name)) throw new Error(`${name} is exported twice`);
    this.exported.set(name, typeOnly);
    return name;
  }

  /** Records an `export async function name`: callers may defer loading this module until a call. */
  exportAsyncFunction(name: string): string {
    this.asyncFunctions.add(name);
    return this.export(name, false);
  }

  /** Re-exports an imported symbol (`export type { X }`), recording both sides. */
  reexport(symbol: ModuleSymbol): string {
    this.use(symbol);
    return this.export(symbol.name, symbol.typeOnly);
  }

  /** Every name this module exports, sorted. */
  exports(): ExportedSymbol[] {
    return [...this.exported]
      .map(([name, typeOnly]) => (this.asyncFunctions.has(name) ? { name, typeOnly, asyncFunction: true } : { name, typeOnly }))
      .sort((a, b) => byCodeUnit(a.name, b.name));
  }

  /** Package imports first, then relative ones; names sorted; `import type` when no value is used. */
  private importLines(): string[] {
    const specifiers = [...this.imports.keys()].sort((a, b) => Number(a.startsWith(".")) - Number(b.startsWith(".")) || byCodeUnit(a, b));
    return specifiers.map((from) => {
      const names = [...this.imports.get(from)!].sort(([a], [b]) => byCodeUnit(a, b));
      const allTypes = names.every(([, typeOnly]) => typeOnly);
      const list = names.map(([name, typeOnly]) => (typeOnly && !allTypes ? `type ${name}` : name)).join(", ");
      return `import ${allTypes ? "type " : ""}{ ${list} } from ${JSON.stringify(from)};`;
    });
  }

  /** The whole module: header, imports, body. Call after the body has been written. */
  render(header: string, body: string): string {
    const imports = this.importLines();
    return `${header}${imports.join("\n")}${imports.length > 0 ? "\n\n" : ""}${body.trimStart()}`;
  }
}
