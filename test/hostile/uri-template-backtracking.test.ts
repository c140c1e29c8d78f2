// Issue 21 #4: the URI-template matcher must be linear. The RegExp it replaced took 6 s for
// `{a}-{b}-{c}` against 3,000 `-` and 33 s for `{+a}/{+b}/{+c}/{+d}` against 1,000 `/`.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUriTemplate } from "../../packages/runtime/src/uri/template.js";
import { PROPERTY_TEST_TIMEOUT_MS, within } from "../support/property-budget.js";

function elapsedMs(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

/**
 * Reference semantics: the RegExp translation the matcher used before (path part only). Used as
 * an oracle on short inputs, where its backtracking is harmless.
 */
function referencePathRegex(template: string): { regex: RegExp; groups: { name: string; semicolon: boolean }[] } {
  const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  let pattern = "^";
  let last = 0;
  const groups: { name: string; semicolon: boolean }[] = [];
  for (const m of template.matchAll(/\{([+#./;?&]?)([A-Za-z0-9_.,%*:]+)\}/g)) {
    pattern += escape(template.slice(last, m.index));
    last = m.index! + m[0].length;
    const vars = m[2]!.split(",");
    const op = m[1];
    if (op === "+") pattern += vars.map(() => "(.+?)").join(",");
    else if (op === "/") pattern += vars.map(() => "(?:/([^/?#]*))?").join("");
    else if (op === ".") pattern += vars.map(() => "(?:\\.([^/?#.]*))?").join("");
    // A capture of the `;name` marker (the old matcher searched the whole match for it instead,
    // so `{+p}{;x}` against `;x` wrongly set x; the new matcher looks at the marker itself).
    else if (op === ";") pattern += vars.map((v) => `(?:(;${escape(v)})(?:=([^;/?#]*))?)?`).join("");
    else pattern += vars.map(() => "([^/?#&,]+?)").join(",");
    groups.push(...vars.map((name) => ({ name, semicolon: op === ";" })));
  }
  pattern += escape(template.slice(last));
  return { regex: new RegExp(`${pattern}$`), groups };
}

describe("URI template matching is linear (issue 21 #4)", () => {
  it("{a}-{b}-{c} against 3,000 '-' answers in far less than the 6 s it took", () => {
    const t = compileUriTemplate("x://{a}-{b}-{c}");
    const uri = `x://${"-".repeat(3_000)}`;
    let result: unknown = "unset";
    const ms = elapsedMs(() => (result = t.match(uri)));
    expect(result).toEqual({ a: "-", b: "-", c: "-".repeat(2_996) });
    expect(ms).toBeLessThan(500);
    // A near-miss (no way to split) is the RegExp's worst case; it must be just as quick.
    const miss = `x://${"-".repeat(3_000)}/`;
    expect(elapsedMs(() => (result = t.match(miss)))).toBeLessThan(500);
    expect(result).toBeUndefined();
  });

  it("{+a}/{+b}/{+c}/{+d} against 1,000 '/' answers in far less than the 33 s it took", () => {
    const t = compileUriTemplate("x://{+a}/{+b}/{+c}/{+d}");
    let result: unknown = "unset";
    const ms = elapsedMs(() => (result = t.match(`x://${"/".repeat(1_000)}`)));
    expect(result).toEqual({ a: "/", b: "/", c: "/", d: "/".repeat(994) });
    expect(ms).toBeLessThan(500);
    expect(elapsedMs(() => (result = t.match(`x://${"/".repeat(1_000)}\n`)))).toBeLessThan(500);
    expect(result).toBeUndefined();
  });

  it("stays linear at 64 KiB, four times the URI limit the server enforces", () => {
    const t = compileUriTemplate("x://{a}-{b}-{c}-{d}{/e}{.f}{;g}");
    const ms = elapsedMs(() => t.match(`x://${"-".repeat(64 * 1024)}?`));
    expect(ms).toBeLessThan(500);
  });

  const templates = ["s://{a}-{b}", "s://{+a}/{+b}", "s://{a}{/b,c}", "s://{a}{.b}{;c}", "s://{+p}{;x,y}", "s://{a,b}-{+c}", "s://n{/a}{.b}/z"];
  const uris = fc.stringMatching(/^[-a/.;=,xy%\n\u2028é]{0,12}$/).map((tail) => `s://${tail}`);
  // Compiled once each, so the matcher's reused tables see URIs of every length in turn.
  const compiled = new Map(templates.map((t) => [t, compileUriTemplate(t)]));

  it("captures exactly what the RegExp translation captures (differential, short inputs)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...templates), uris, (template, uri) => {
        const { regex, groups } = referencePathRegex(template);
        const found = regex.exec(uri);
        let expected: Record<string, string> | undefined;
        if (found) {
          expected = {} as Record<string, string>;
          let slot = 1;
          for (const { name, semicolon } of groups) {
            const present = semicolon ? found[slot++] !== undefined : false;
            const raw = found[slot++];
            if (raw !== undefined) expected[name] = decodeURIComponentSafe(raw);
            else if (present) expected[name] = "";
          }
        }
        const actual = compiled.get(template)!.match(uri);
        expect(actual === undefined ? undefined : { ...actual }).toEqual(expected);
      }),
      { numRuns: 3_000, ...within() },
    );
  }, PROPERTY_TEST_TIMEOUT_MS);
});

function decodeURIComponentSafe(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
