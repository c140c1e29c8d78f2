// The manifests every build test of test/generate runs over: the golden scenarios, the
// examples, the conformance fixture and a synthesised 50-tool manifest (written under `work`).
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { scaleManifest } from "../../bench/generator-scale/manifest.js";

const ROOT = resolve(import.meta.dirname, "..", "..");

export function buildCases(work: string): readonly (readonly [string, () => string])[] {
  return [
    ...["generate-minimal", "generate-handles", "generate-inputs"].map((name) => [name, () => join(ROOT, "test/scenarios", name, "mcp.yaml")] as const),
    ...["notes", "shop", "config", "secure-notes", "reports", "dashboard"].map((name) => [`examples/${name}`, () => join(ROOT, "examples", name, "mcp.yaml")] as const),
    ["conformance fixture", () => join(ROOT, "test/conformance/server.yaml")],
    [
      "50 synthetic tools",
      () => {
        mkdirSync(work, { recursive: true });
        writeFileSync(join(work, "scale-50.yaml"), scaleManifest(50));
        return join(work, "scale-50.yaml");
      },
    ],
  ];
}
