// `$ref` resolution across one OpenAPI document and the files (or URLs) it names. Written for
// the importer (no dependency): a reference is `[uri][#json-pointer]`, resolved against the
// document it appears in [OpenAPI 3.1.1 § 4.8.23 Reference Object; RFC 3986 § 5.2].
import { UserError } from "../errors.js";
import { decodeFragmentPointer, valueAtPointer } from "@mcp-gen/runtime/core";
import { loadDocument, type LoadedDocument } from "./load-document.js";

export interface Target {
  readonly doc: LoadedDocument;
  /** JSON pointer segments inside `doc`. */
  readonly pointer: readonly string[];
  readonly value: unknown;
}

/** Where a value sits, for messages and for resolving the `$ref`s inside it. */
export interface Place {
  readonly doc: LoadedDocument;
  readonly pointer: readonly string[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

export class DocumentSet {
  private readonly docs = new Map<string, Promise<LoadedDocument>>();

  constructor(readonly root: LoadedDocument) {
    this.docs.set(root.url, Promise.resolve(root));
  }

  private load(url: string): Promise<LoadedDocument> {
    let doc = this.docs.get(url);
    if (!doc) {
      doc = loadDocument(url);
      this.docs.set(url, doc);
    }
    return doc;
  }

  /** Resolves one `$ref` written at `at`. */
  async resolve(ref: string, at: Place): Promise<Target> {
    const hash = ref.indexOf("#");
    const address = hash < 0 ? ref : ref.slice(0, hash);
    const fragment = hash < 0 ? "" : ref.slice(hash + 1);
    let doc = at.doc;
    if (address !== "") {
      let url: string;
      try {
        url = new URL(address, at.doc.url).href;
      } catch {
        throw new UserError("MCPGEN3005", `${at.doc.locate(at.pointer)}: \`$ref\` ${JSON.stringify(ref)} is not a valid reference`, "write a relative file name or a JSON pointer");
      }
      doc = await this.load(url).catch((error: unknown) => {
        if (error instanceof UserError) throw new UserError("MCPGEN3005", `${at.doc.locate(at.pointer)}: \`$ref\` ${JSON.stringify(ref)}: ${error.message}`, error.hint);
        throw error;
      });
    }
    const pointer = decodeFragmentPointer(fragment);
    if (pointer === undefined) {
      throw new UserError("MCPGEN3005", `${at.doc.locate(at.pointer)}: \`$ref\` ${JSON.stringify(ref)} uses an anchor; only JSON pointers are supported`, "point at the schema with a JSON pointer, e.g. #/components/schemas/Name");
    }
    const value = valueAtPointer(doc.data, pointer);
    if (value === undefined) throw new UserError("MCPGEN3005", `${at.doc.locate(at.pointer)}: \`$ref\` ${JSON.stringify(ref)} points at nothing`, "point the `$ref` at an existing part of the document");
    return { doc, pointer, value };
  }

  /**
   * Follows `$ref`s of a non-schema object (parameter, request body, response) until a value
   * that is not a reference; a chain that loops is an error.
   */
  async deref(value: unknown, at: Place): Promise<Target> {
    let current: Target = { doc: at.doc, pointer: at.pointer, value };
    const seen = new Set<string>();
    while (isObject(current.value) && typeof current.value["$ref"] === "string") {
      const key = `${current.doc.url}#${current.pointer.join("/")}`;
      if (seen.has(key)) throw new UserError("MCPGEN3005", `${at.doc.locate(at.pointer)}: a chain of \`$ref\`s loops without reaching a value`, "point one of them at the object itself");
      seen.add(key);
      current = await this.resolve(current.value["$ref"], current);
    }
    return current;
  }
}
