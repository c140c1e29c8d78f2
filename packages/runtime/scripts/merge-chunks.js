// Second pass of bundle.js: merges esbuild's shared chunks into a few group chunks.
// Why: esbuild splits shared code into one chunk per distinct set of entries that reach it, so
// with eight subpaths a server start (./server + ./node) loaded 12 chunks, and each ES module
// costs Node a resolution (realpath, package scope), a read and a compile of its own: ~0.8 ms
// per module on the bench machine, more than the bytes (a one-file server+node bundle imported
// in 18.5 ms, the split one in 29 ms; see SERVER.md "Cold start"). esbuild has no manual chunks,
// so the chunks of one group are bundled again into one file and every import of them is
// pointed at it. Each module still exists once (a class stays one class across subpaths), and
// the groups keep the subpath boundaries: core stays core-only, the client never loads server
// code and the server never loads client code (test/architecture/subpaths.test.ts).
import { build } from "esbuild";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, posix, relative } from "node:path";

/**
 * The group a chunk joins, from the entries that reach it (compiled entry names), or undefined
 * (the chunk stays as it is). Order matters: the first rule that matches wins.
 */
const GROUPS = [
  // Reached by ./core: only core modules, which every other subpath may load.
  { name: "core", matches: (reach) => reach.has("core-entry") },
  // Neutral helpers the server shares with the client or with ./validation, which generated
  // clients load with their schemas (platform, URI expansion, string formats): a client that
  // does not need the formats loads ~12 KB more, a server start one file less.
  { name: "common", matches: (reach) => reach.has("server-entry") && (reach.has("client-entry") || reach.has("validation/index")) },
  // The server's own shared code (HTTP endpoint, auth guard, request hooks), loaded by ./server,
  // ./node and the server-side add-ons; nothing the client or ./validation loads.
  { name: "server", matches: (reach) => reach.has("server-entry") && [...reach].every((e) => SERVER_SIDE.has(e)) },
];
const SERVER_SIDE = new Set(["server-entry", "node-entry", "auth-entry", "otel-entry"]);

/** Output path (metafile key) → the entries (compiled entry names, e.g. "server-entry") that reach it statically. */
function reachOf(outputs) {
  const reach = new Map();
  const visit = (out, entry) => {
    const seen = reach.get(out) ?? new Set();
    if (seen.has(entry)) return;
    seen.add(entry);
    reach.set(out, seen);
    for (const imported of outputs[out].imports) if (imported.kind === "import-statement" && outputs[imported.path]) visit(imported.path, entry);
  };
  for (const [out, meta] of Object.entries(outputs)) {
    if (meta.entryPoint) visit(out, meta.entryPoint.replace(/^dist\//, "").replace(/\.js$/, ""));
  }
  return reach;
}

/** Groups with two or more chunks: name → member outputs (metafile keys), in a stable order. */
function planGroups(outputs) {
  const reach = reachOf(outputs);
  const groups = new Map();
  for (const [out, meta] of Object.entries(outputs)) {
    if (meta.entryPoint || !out.endsWith(".js")) continue;
    const group = GROUPS.find((g) => g.matches(reach.get(out) ?? new Set()));
    if (group) groups.set(group.name, [...(groups.get(group.name) ?? []), out]);
  }
  for (const [name, members] of groups) if (members.length < 2) groups.delete(name);
  return groups;
}

/** Throws when the groups import each other in a cycle (evaluation order across files would then depend on who loads first). */
function groupOrder(groups, outputs, groupOf) {
  const order = [];
  const state = new Map();
  const visit = (name, path) => {
    if (state.get(name) === "done") return;
    if (state.get(name) === "open") throw new Error(`merge-chunks: groups import each other in a cycle: ${[...path, name].join(" → ")}`);
    state.set(name, "open");
    for (const member of groups.get(name)) {
      for (const imported of outputs[member].imports) {
        const target = groupOf.get(imported.path);
        if (target !== undefined && target !== name) visit(target, [...path, name]);
      }
    }
    state.set(name, "done");
    order.push(name);
  };
  for (const name of [...groups.keys()].sort()) visit(name, []);
  return order;
}

/** Relative import specifier from the file `from` to the file `to` (both paths under one root). */
function specifier(from, to) {
  const rel = posix.relative(posix.dirname(from), to);
  return rel.startsWith(".") ? rel : `./${rel}`;
}

/**
 * Merges the chunk groups of a finished esbuild build in `workDir` (the build's absWorkingDir)
 * and returns the metafile rewritten to describe the merged files.
 * `options`: the esbuild options of the first pass that the merged files must share.
 */
export async function mergeChunks(metafile, workDir, options) {
  const outputs = metafile.outputs;
  const groups = planGroups(outputs);
  if (groups.size === 0) return metafile;
  const groupOf = new Map();
  for (const [name, members] of groups) for (const member of members) groupOf.set(member, name);
  const chunkDir = posix.dirname([...groups.values()][0][0]);
  const fileOf = (name) => posix.join(chunkDir, `${name}.js`);
  /** Final file of an output: its group file when merged. */
  const finalOf = (out) => (groupOf.has(out) ? fileOf(groupOf.get(out)) : out);

  const merged = {};
  for (const name of groupOrder(groups, outputs, groupOf)) {
    const members = groups.get(name);
    const outfile = fileOf(name);
    assertDisjointExports(name, members, outputs);
    const result = await build({
      ...options,
      // Working dir = the output dir: the module comments esbuild writes name `chunks/…`, not the
      // staging dir (whose name has a process id), so the output stays deterministic.
      absWorkingDir: join(workDir, posix.dirname(chunkDir)),
      entryPoints: undefined,
      stdin: { contents: members.map((m) => `export * from ${JSON.stringify(join(workDir, m))};`).join("\n"), resolveDir: workDir, sourcefile: `${name}-group.js` },
      outfile: join(workDir, outfile),
      outdir: undefined,
      splitting: false,
      chunkNames: undefined,
      metafile: true,
      write: true,
      plugins: [
        {
          name: "other-chunks-stay-external",
          setup(b) {
            // A chunk outside this group stays a separate file: imported by its final path.
            b.onResolve({ filter: /chunk-[A-Z0-9]+\.js$/ }, (args) => {
              const out = relative(workDir, join(args.resolveDir, args.path)).split("\\").join("/");
              if (groups.get(name).includes(out) || !outputs[out]) return undefined;
              return { path: specifier(outfile, finalOf(out)), external: true };
            });
          },
        },
      ],
    });
    const own = Object.entries(result.metafile.outputs).find(([key]) => key.endsWith(".js"))?.[1];
    const inputs = {};
    for (const member of members) Object.assign(inputs, outputs[member].inputs);
    merged[outfile] = {
      imports: dedupe(members.flatMap((m) => outputs[m].imports).filter((i) => !members.includes(i.path)).map((i) => ({ ...i, path: finalOf(i.path) }))),
      exports: own?.exports ?? [],
      inputs,
      bytes: readFileSync(join(workDir, outfile)).length,
    };
  }

  // Every other file: its imports of merged chunks now name the group file.
  const rewritten = {};
  for (const [out, meta] of Object.entries(outputs)) {
    if (groupOf.has(out) || out.endsWith(".map")) continue;
    const targets = meta.imports.filter((i) => groupOf.has(i.path));
    if (targets.length > 0) rewriteImports(join(workDir, out), targets.map((i) => [specifier(out, i.path), specifier(out, finalOf(i.path))]));
    rewritten[out] = { ...meta, imports: dedupe(meta.imports.map((i) => ({ ...i, path: finalOf(i.path) }))) };
  }
  for (const member of groupOf.keys()) {
    rmSync(join(workDir, member), { force: true });
    rmSync(join(workDir, `${member}.map`), { force: true });
  }
  return { ...metafile, outputs: { ...rewritten, ...merged } };
}

/** `export *` drops a name two members both export: refuse to build rather than lose it. */
function assertDisjointExports(name, members, outputs) {
  const owner = new Map();
  for (const member of members) {
    for (const exported of outputs[member].exports) {
      if (owner.has(exported)) throw new Error(`merge-chunks: ${owner.get(exported)} and ${member} both export '${exported}'; group '${name}' cannot merge them`);
      owner.set(exported, member);
    }
  }
}

function dedupe(imports) {
  const seen = new Set();
  return imports.filter((i) => {
    const key = `${i.kind} ${i.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Replaces each quoted import specifier `from` by `to` in the file; throws when one is missing. */
function rewriteImports(file, pairs) {
  let text = readFileSync(file, "utf8");
  for (const [from, to] of pairs) {
    const quoted = JSON.stringify(from);
    if (!text.includes(quoted)) throw new Error(`merge-chunks: ${file} does not import ${quoted}`);
    text = text.split(quoted).join(JSON.stringify(to));
  }
  writeFileSync(file, text);
}
