// The type check `mcp-gen dev` defers until the server has restarted. The dev loop compiles with
// `noCheck` (the emitted bytes are the same for code that type-checks, and emit is 2-3x faster);
// this runs the check `generate` runs on the same sources afterwards, so a generated package that
// does not type-check (a bug in mcp-gen) is still reported, just not on the edit's critical path.
import type ts from "typescript";
import type { CompileCache } from "../compile/compile.js";
import { typescript } from "../compile/typescript.js";

/** Type errors of the last program compiled with `cache`, formatted `file(line,col): message`. */
export function checkLastCompile(cache: CompileCache): string[] {
  const last = cache.program;
  if (!last) return [];
  const ts = typescript();
  const options: ts.CompilerOptions = { ...last.getCompilerOptions(), noCheck: false };
  const host = ts.createCompilerHost(options, true);
  const getSourceFile = host.getSourceFile.bind(host);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  // The generated sources live only in the last program; everything else is on disk (and cached).
  host.getSourceFile = (file, languageVersion, onError, shouldCreate) => last.getSourceFile(file) ?? cache.diskFiles.get(file) ?? getSourceFile(file, languageVersion, onError, shouldCreate);
  host.readFile = (file) => last.getSourceFile(file)?.text ?? readFile(file);
  host.fileExists = (file) => last.getSourceFile(file) !== undefined || fileExists(file);
  const program = ts.createProgram({ rootNames: last.getRootFileNames(), options, host, oldProgram: last });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, "\n");
    if (!d.file || d.start === undefined) return message;
    const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
    return `${d.file.fileName}(${line + 1},${character + 1}): ${message}`;
  });
}
