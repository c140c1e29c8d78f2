/**
 * A small unified diff (LCS over lines) for `generate --check`: enough for generated files,
 * which are at most a few thousand lines. Equal prefixes and suffixes are trimmed first, so
 * the quadratic table only covers the changed middle.
 */

interface Op {
  readonly kind: " " | "-" | "+";
  readonly line: string;
}

function diffLines(a: readonly string[], b: readonly string[]): Op[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const n = midA.length;
  const m = midB.length;
  // lcs[i][j] = length of the LCS of midA[i..] and midB[j..]
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i]![j] = midA[i] === midB[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const ops: Op[] = a.slice(0, start).map((line) => ({ kind: " ", line }));
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && midA[i] === midB[j]) {
      ops.push({ kind: " ", line: midA[i]! });
      i++;
      j++;
    } else if (i < n && (j === m || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      // Deletions before insertions, as diff(1) prints them.
      ops.push({ kind: "-", line: midA[i++]! });
    } else {
      ops.push({ kind: "+", line: midB[j++]! });
    }
  }
  for (const line of a.slice(endA)) ops.push({ kind: " ", line });
  return ops;
}

/** Unified diff of two texts with 3 lines of context; empty string when equal. */
export function unifiedDiff(oldText: string, newText: string, oldName: string, newName: string, context = 3): string {
  if (oldText === newText) return "";
  const ops = diffLines(oldText.split("\n"), newText.split("\n"));
  const out = [`--- ${oldName}`, `+++ ${newName}`];
  let index = 0;
  while (index < ops.length) {
    while (index < ops.length && ops[index]!.kind === " ") index++;
    if (index >= ops.length) break;
    const hunkStart = Math.max(0, index - context);
    let hunkEnd = index;
    // Extend the hunk while changes are closer than 2*context lines apart.
    for (let k = index; k < ops.length; k++) {
      if (ops[k]!.kind !== " ") hunkEnd = k;
      else if (k - hunkEnd > 2 * context) break;
    }
    const stop = Math.min(ops.length, hunkEnd + context + 1);
    let oldLine = 1;
    let newLine = 1;
    for (let k = 0; k < hunkStart; k++) {
      if (ops[k]!.kind !== "+") oldLine++;
      if (ops[k]!.kind !== "-") newLine++;
    }
    const slice = ops.slice(hunkStart, stop);
    const oldCount = slice.filter((o) => o.kind !== "+").length;
    const newCount = slice.filter((o) => o.kind !== "-").length;
    out.push(`@@ -${oldLine},${oldCount} +${newLine},${newCount} @@`);
    for (const op of slice) out.push(`${op.kind}${op.line}`);
    index = stop;
  }
  return out.join("\n") + "\n";
}
