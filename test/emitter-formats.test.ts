// The inlined format checkers against ajv-formats (full mode) on realistic values:
// fast-check's own generators of URLs, e-mail addresses, UUIDs, IPs, domains, dates and
// base64, hand-picked MCP values (resource URIs and templates), and arbitrary strings.
// See generator/emit/zod/format-helpers.ts for the few documented divergences.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emitZodModule } from "../generator/emit/zod/module.js";
import { ajvValidators, importEmitted, loadScenarios, moduleInput, zodAccepts } from "./fixtures/emitter/support.js";

const RUNS = 300;
const SEED = 7;

const sample = <T>(arbitrary: fc.Arbitrary<T>, runs = RUNS): T[] => fc.sample(arbitrary, { numRuns: runs, seed: SEED });

const isoDates = fc.date({
  min: new Date("0001-01-01T00:00:00Z"),
  max: new Date("9999-12-31T23:59:59Z"),
  noInvalidDate: true,
});
const offsets = fc.constantFrom("Z", "z", "+00:00", "-05:30", "+14:00", "+0530", "+05", "-23:59", "+24:00", "");
const templateName = fc.stringMatching(/^[A-Za-z0-9_]{1,8}$/);
const templateOperator = fc.constantFrom("", "+", "#", ".", "/", ";", "?", "&", "=", ",", "!", "@", "|", "$");
const template = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        "https://api.example.com/",
        "file:///",
        "notes://",
        "/items",
        "?x=1",
        "-",
        "é",
        "%20",
        "%zz",
        " ",
        "<",
      ),
      fc
        .tuple(
          templateOperator,
          fc.array(templateName, { minLength: 1, maxLength: 3 }),
          fc.constantFrom("", "*", ":3", ":0", ":10000"),
        )
        .map(([operator, names, modifier]) => `{${operator}${names.join(",")}${modifier}}`),
    ),
    { maxLength: 5 },
  )
  .map((parts) => parts.join(""));

const MCP_URIS = [
  "file:///home/user/project/README.md",
  "config://app",
  "notes://42",
  "https://example.com/resource?version=2#section",
  "ui://widget/chart.html",
  "data:text/plain;base64,SGVsbG8=",
  "urn:uuid:123e4567-e89b-12d3-a456-426614174000",
  "mailto:someone@example.com",
  "git+ssh://git@github.com/org/repo.git",
  "http://[2001:db8::1]:8080/path",
  "http://user:pass@host:99/p?q#f",
  "notes://{id}",
  "relative/path",
  "http://exa mple.com",
  "https://例え.jp/",
  "file:///C:/Users/x%20y/file.txt",
];

describe("format checkers agree with ajv-formats on realistic values", () => {
  it("per format", async () => {
    const scenario = loadScenarios().find((candidate) => candidate.name === "emitter-formats")!;
    const emitted = emitZodModule(moduleInput(scenario));
    const module = await importEmitted("formats-realistic", emitted.code);
    const validators = ajvValidators(scenario.input, emitted);
    const strings = sample(fc.string({ maxLength: 40 }), 500);
    const values: Record<string, unknown[]> = {
      Uri: [...MCP_URIS, ...sample(fc.webUrl({ withFragments: true, withQueryParameters: true })), ...strings],
      Url: [
        ...MCP_URIS,
        ...sample(
          fc.webUrl({ withFragments: true, withQueryParameters: true, validSchemes: ["http", "https", "ftp"] }),
        ),
        ...sample(fc.webUrl({ authoritySettings: { withIPv4: true, withPort: true, withUserInfo: true } })),
        ...sample(
          fc
            .tuple(fc.ipV4(), fc.constantFrom("", ":80", ":8", ":123456", "/p", "?q"))
            .map(([ip, tail]) => `http://${ip}${tail}`),
        ),
        "http://a@b@example.org",
        "http://@example.org",
        "http://@@example.org",
        "https://bücher.de/",
        "https://例え.テスト/",
        "http://a.b1",
        "http://10.1.1.1.com",
        "http://172.32.0.1",
        "http://172.31.0.1",
        ...strings,
      ],
      UriReference: [
        ...MCP_URIS,
        ...sample(fc.webPath()),
        ...sample(fc.webFragments()),
        ...sample(fc.webUrl()),
        ...strings,
      ],
      UriTemplate: [...sample(template, 1000), "notes://{id}", "file:///{+path}", "{a.b}", ...strings],
      Byte: [
        ...sample(fc.base64String({ maxLength: 64 })),
        ...sample(fc.base64String().map((text) => `${text}\n!`)),
        ...strings,
      ],
      DateTime: [
        ...sample(isoDates.map((date) => date.toISOString())),
        ...sample(
          fc
            .tuple(isoDates, offsets, fc.constantFrom("T", "t", " ", "_"))
            .map(
              ([date, offset, separator]) =>
                `${date.toISOString().slice(0, 10)}${separator}${date.toISOString().slice(11, 19)}${offset}`,
            ),
        ),
        "2016-12-31T23:59:60Z",
        "2016-12-31T18:59:60-05:00",
        "2016-12-31T23:59:60+01:00",
        ...strings,
      ],
      Date: [
        ...sample(isoDates.map((date) => date.toISOString().slice(0, 10))),
        "2023-02-29",
        "2024-02-29",
        "2024-04-31",
        ...strings,
      ],
      Time: [
        ...sample(fc.tuple(isoDates, offsets).map(([date, offset]) => `${date.toISOString().slice(11, 23)}${offset}`)),
        ...strings,
      ],
      Email: [...sample(fc.emailAddress()), ...strings],
      Uuid: [
        ...sample(fc.uuid()),
        ...sample(fc.uuid().map((id) => id.toUpperCase())),
        ...sample(fc.uuid().map((id) => id.replace(/-/g, ""))),
        ...strings,
      ],
      Ipv4: [...sample(fc.ipV4()), ...sample(fc.ipV4Extended()), ...strings],
      Ipv6: [...sample(fc.ipV6(), 1000), ...strings],
      Hostname: [...sample(fc.domain()), ...sample(fc.domain().map((domain) => `${domain}.`)), ...strings],
      Duration: [
        ...sample(fc.stringMatching(/^P(?:[0-9]{1,2}[YMWD]){0,3}(?:T(?:[0-9]{1,2}[HMS]){0,3})?$/)),
        ...strings,
      ],
      JsonPointer: [...sample(fc.stringMatching(/^(?:\/(?:[a-z~01/]{0,4}))*$/)), ...strings],
      RelativeJsonPointer: [...sample(fc.stringMatching(/^[0-9]{0,2}(?:#|(?:\/[a-z~01]{0,3})*)$/)), ...strings],
      JsonPointerUriFragment: [
        ...sample(fc.stringMatching(/^#?(?:\/(?:[a-z~01% ]|%[0-9a-fA-F]{2}){0,4})*$/)),
        ...strings,
      ],
      IsoTime: [
        ...sample(fc.tuple(isoDates, offsets).map(([date, offset]) => `${date.toISOString().slice(11, 19)}${offset}`)),
        ...strings,
      ],
      IsoDateTime: [
        ...sample(
          fc
            .tuple(isoDates, offsets, fc.constantFrom("T", "t", " ", "_"))
            .map(
              ([date, offset, separator]) =>
                `${date.toISOString().slice(0, 10)}${separator}${date.toISOString().slice(11, 19)}${offset}`,
            ),
        ),
        ...strings,
      ],
      Regex: [...sample(fc.stringMatching(/^[a-z()[\]\\^$*+?.|{}0-9Z]{0,8}$/)), ...strings],
    };
    const report: string[] = [];
    const disagreements: string[] = [];
    for (const [name, list] of Object.entries(values)) {
      const validate = validators.get(name)!;
      let accepted = 0;
      for (const value of list) {
        const ajvVerdict = validate(value) === true;
        if (ajvVerdict) accepted++;
        if (ajvVerdict !== zodAccepts(module[`${name}Schema`], value))
          disagreements.push(`${name}: ${JSON.stringify(value)} ajv=${ajvVerdict}`);
      }
      report.push(`${name} ${list.length} values (${accepted} valid)`);
    }
    console.log(`formats: ${report.join("; ")}`);
    expect(disagreements).toEqual([]);
  });
});
