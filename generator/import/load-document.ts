// Reading one OpenAPI document (or a file a `$ref` names): JSON or YAML, from a path or an
// http(s) URL, with a way back from a JSON pointer to where the value was written, so that
// diagnostics name `file:line:col` for YAML and `file#/json/pointer` for JSON.
import { readFile } from "node:fs/promises";
import { relative, resolve } from "node:path";
import { pathToFileURL, fileURLToPath } from "node:url";
import { LineCounter, isMap, isSeq, parseDocument, type Document } from "yaml";
import { UserError } from "../errors.js";
import { encodePointer as toPointer } from "@mcp-gen/runtime/core";

export interface LoadedDocument {
  /** Absolute `file:` or `http(s):` URL: the base its relative `$ref`s resolve against. */
  readonly url: string;
  readonly data: unknown;
  /** Where the value at this JSON pointer (segments) was written, for messages. */
  locate(pointer: readonly string[]): string;
}


/** A path or URL as given → an absolute URL. */
export function toUrl(source: string, base?: string): string {
  if (/^https?:\/\//i.test(source) || source.startsWith("file:")) return new URL(source).href;
  if (base !== undefined) return new URL(source, base).href;
  return pathToFileURL(resolve(source)).href;
}

/** How a document is named in messages: a path relative to the working folder, or the URL. */
export function displayName(url: string): string {
  if (!url.startsWith("file:")) return url;
  const path = fileURLToPath(url);
  const rel = relative(process.cwd(), path);
  return rel.startsWith("..") ? path : rel;
}

async function readText(url: string): Promise<string> {
  if (url.startsWith("file:")) {
    try {
      return await readFile(fileURLToPath(url), "utf8");
    } catch (error) {
      throw new UserError("MCPGEN3002", `cannot read ${displayName(url)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, "check the path");
    }
  }
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: "application/json, application/yaml, text/yaml, */*" }, signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    throw new UserError("MCPGEN3002", `cannot fetch ${url}: ${(error as Error).message}`, "check the URL and the network");
  }
  if (!response.ok) throw new UserError("MCPGEN3002", `cannot fetch ${url}: HTTP ${response.status}`, "check the URL");
  return response.text();
}

function yamlLocator(name: string, doc: Document, counter: LineCounter): (pointer: readonly string[]) => string {
  return (pointer) => {
    let node: unknown = doc.contents;
    let found = node;
    for (const segment of pointer) {
      if (isMap(node)) node = node.get(segment, true);
      else if (isSeq(node)) node = node.get(Number(segment), true);
      else break;
      if (node === undefined) break;
      found = node;
    }
    const range = (found as { range?: [number, number, number] } | undefined)?.range;
    if (!range) return `${name}#${toPointer(pointer)}`;
    const { line, col } = counter.linePos(range[0]);
    return `${name}:${line}:${col}`;
  };
}

/** Parses a document's text; JSON (by content) takes the fast path and reports JSON pointers. */
export function parseDocumentText(url: string, text: string): LoadedDocument {
  const name = displayName(url);
  const trimmed = text.trimStart();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      const data: unknown = JSON.parse(text);
      return { url, data, locate: (pointer) => `${name}#${toPointer(pointer)}` };
    } catch {
      // Not strict JSON (comments, trailing commas…): YAML's flow syntax reads it and says where it breaks.
    }
  }
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, uniqueKeys: true, prettyErrors: false });
  const error = doc.errors[0];
  if (error) {
    const pos = counter.linePos(error.pos[0]);
    const at = `${name}:${pos.line}:${pos.col}`;
    throw new UserError("MCPGEN3003", `${at}: ${error.message.split("\n")[0]}`, "fix the JSON or YAML syntax at that position");
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 1000 });
  } catch (e) {
    throw new UserError("MCPGEN3003", `${name}: ${(e as Error).message}`, "use fewer nested YAML aliases");
  }
  return { url, data, locate: yamlLocator(name, doc, counter) };
}

export async function loadDocument(url: string): Promise<LoadedDocument> {
  return parseDocumentText(url, await readText(url));
}
