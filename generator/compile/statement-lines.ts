/**
 * The range to cut for a statement spanning [start, end) of `text`: widened to its whole lines
 * (indentation and line break) when it has those lines to itself, so cutting leaves no blank line.
 * Shared by both builds of dist/ (strip-types.ts and direct/module.ts), whose bytes must agree.
 */
export function statementRange(text: string, start: number, end: number): [number, number] {
  let lineStart = start;
  while (lineStart > 0 && (text[lineStart - 1] === " " || text[lineStart - 1] === "\t")) lineStart--;
  if ((lineStart === 0 || text[lineStart - 1] === "\n") && text[end] === "\n") return [lineStart, end + 1];
  return [start, end];
}
