// A small pattern engine for URI-template matching that never backtracks. A RegExp with
// adjacent lazy groups (`{a}-{b}-{c}`, `{+a}/{+b}`) explores exponentially or polynomially many
// splits of an ambiguous URI (issue 21 #4: 6 s and 33 s). Here a pattern is a list of steps;
// `match` first fills a table "can step s match the rest from position p" backwards over the
// input (each cell O(1), literals O(their length)), then walks forward taking, at every choice,
// the first alternative in RegExp priority order that the table says can still succeed. That
// yields exactly the captures the equivalent RegExp would, in O(steps × length) time and space.

/** Which UTF-16 code units a repeat may consume. */
export type CharTest = (code: number) => boolean;

export type Step =
  /** Consume this exact text. */
  | { op: "literal"; text: string }
  /** Consume any number of code units passing `test`: as many as possible (greedy) or as few. */
  | { op: "repeat"; test: CharTest; greedy: boolean }
  /** Consume one code unit passing `test`. */
  | { op: "one"; test: CharTest }
  /** Greedy optional group: try the steps up to `end` (exclusive), else jump to `end`. */
  | { op: "optional"; end: number }
  /** Record the current position as the start or the end of capture `slot`. */
  | { op: "open" | "close"; slot: number };

export type Captures = Array<string | undefined>;

export interface LinearPattern {
  /** Captures of a whole-input match (undefined for groups that did not take part), or undefined. */
  match(input: string): Captures | undefined;
}

export function compileLinearPattern(steps: readonly Step[], slots: number): LinearPattern {
  const count = steps.length;
  return {
    match(input) {
      const n = input.length;
      const width = count + 1;
      // ok[p * width + s] = 1 when steps s.. can match input[p..] to its end.
      const ok = new Uint8Array((n + 1) * width);
      for (let p = n; p >= 0; p--) {
        const row = p * width;
        ok[row + count] = p === n ? 1 : 0;
        for (let s = count - 1; s >= 0; s--) {
          const step = steps[s]!;
          let can = false;
          switch (step.op) {
            case "literal":
              can = input.startsWith(step.text, p) && ok[(p + step.text.length) * width + s + 1] === 1;
              break;
            case "repeat":
              can = ok[row + s + 1] === 1 || (p < n && step.test(input.charCodeAt(p)) && ok[row + width + s] === 1);
              break;
            case "one":
              can = p < n && step.test(input.charCodeAt(p)) && ok[row + width + s + 1] === 1;
              break;
            case "optional":
              can = ok[row + s + 1] === 1 || ok[row + step.end] === 1;
              break;
            default:
              can = ok[row + s + 1] === 1;
          }
          ok[row + s] = can ? 1 : 0;
        }
      }
      if (ok[0] !== 1) return undefined;
      const starts: number[] = new Array<number>(slots).fill(-1);
      const captures: Captures = new Array<string | undefined>(slots).fill(undefined);
      let p = 0;
      let s = 0;
      // Forward walk: every move goes to a cell the table marks reachable, so it never fails;
      // each move advances s or p, so it takes at most count + n moves.
      while (s < count) {
        const step = steps[s]!;
        const row = p * width;
        switch (step.op) {
          case "literal":
            p += step.text.length;
            s++;
            break;
          case "one":
            p++;
            s++;
            break;
          case "repeat": {
            const canConsume = p < n && step.test(input.charCodeAt(p)) && ok[row + width + s] === 1;
            const canLeave = ok[row + s + 1] === 1;
            if (canConsume && (step.greedy || !canLeave)) p++;
            else s++;
            break;
          }
          case "optional":
            s = ok[row + s + 1] === 1 ? s + 1 : step.end;
            break;
          case "open":
            starts[step.slot] = p;
            s++;
            break;
          case "close":
            captures[step.slot] = input.slice(starts[step.slot], p);
            s++;
            break;
        }
      }
      return captures;
    },
  };
}
