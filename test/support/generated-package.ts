// Generates a manifest's package into a scratch folder under test/.tmp, writes its files, and
// imports its built entry: what several e2e and interop tests need before they can serve it.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { generatePackage } from "../../generator/generate/generate-package.js";

/** Generates `manifest` into `outDir` (replaced), then imports `outDir/dist/index.js` as `T`. */
export async function importGeneratedPackage<T>(manifest: string, outDir: string): Promise<T> {
  const generated = await generatePackage(manifest, { outDir });
  rmSync(outDir, { recursive: true, force: true });
  for (const [path, content] of generated.files) {
    mkdirSync(dirname(join(outDir, path)), { recursive: true });
    writeFileSync(join(outDir, path), content);
  }
  return (await import(pathToFileURL(join(outDir, "dist/index.js")).href)) as T;
}
