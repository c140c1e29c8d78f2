#!/usr/bin/env node
// Summarizes a conformance `-o` folder into per-scenario verdicts.
// Usage: node summarize.mjs OUT_DIR [--json]
// STRICT verdict: a scenario passes only with at least one SUCCESS check and no FAILURE or
// WARNING check (WARNING never fails the official exit code, so it is counted here instead).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

export function summarizeResults(dir) {
  const scenarios = new Map();
  const visit = (folder) => {
    for (const name of readdirSync(folder)) {
      const full = join(folder, name);
      if (!statSync(full).isDirectory()) continue;
      let checks;
      try {
        checks = JSON.parse(readFileSync(join(full, "checks.json"), "utf8"));
      } catch {
        visit(full);
        continue;
      }
      // Folder names end with an ISO-like timestamp: server-<scenario>-2026-11-30T12-00-00-000Z
      const scenario = name.replace(/^server-/, "").replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, "");
      const counts = { SUCCESS: 0, FAILURE: 0, WARNING: 0, SKIPPED: 0, INFO: 0 };
      const problems = [];
      for (const check of checks) {
        counts[check.status] = (counts[check.status] ?? 0) + 1;
        if (check.status === "FAILURE" || check.status === "WARNING") {
          problems.push(`${check.status} ${check.id}: ${check.errorMessage ?? check.description ?? ""}`);
        }
      }
      const strict = counts.SUCCESS > 0 && counts.FAILURE === 0 && counts.WARNING === 0;
      scenarios.set(scenario, { scenario, ...counts, strict, problems });
    }
  };
  visit(dir);
  return [...scenarios.values()].sort((a, b) => a.scenario.localeCompare(b.scenario));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) {
    console.error("usage: summarize.mjs OUT_DIR [--json]");
    process.exit(2);
  }
  const rows = summarizeResults(dir);
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify(rows, null, 2));
  } else {
    for (const row of rows) {
      console.log(`${row.strict ? "PASS" : "FAIL"} ${row.scenario}  (S${row.SUCCESS} F${row.FAILURE} W${row.WARNING})`);
      for (const problem of row.problems) console.log(`     ${problem}`);
    }
    console.log(`STRICT ${rows.filter((r) => r.strict).length}/${rows.length}`);
  }
}
