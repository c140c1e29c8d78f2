// Unit tests of the helpers generated schemas call (their agreement with ajv on whole
// schemas is the emitter's differential suite; these pin the edge cases one by one).
import { createRequire } from "node:module";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as v from "../../../packages/runtime/src/validation/index.js";
import { PROPERTY_TEST_TIMEOUT_MS, within } from "../../support/property-budget.js";

describe("json helpers", () => {
  it("jsonKind names JSON kinds and nothing else", () => {
    expect([null, [], {}, "", 1, true, undefined].map(v.jsonKind)).toEqual(["null", "array", "object", "string", "number", "boolean", undefined]);
  });
  it("jsonEqual is structural and key-order blind; arrays are not objects", () => {
    expect(v.jsonEqual({ a: [1, { b: 2 }], c: null }, { c: null, a: [1, { b: 2 }] })).toBe(true);
    expect(v.jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(v.jsonEqual([], {})).toBe(false);
    expect(v.jsonEqual({ constructor: 1 }, { toString: 1 })).toBe(false);
    expect(v.allUnique([1, "1", [1], { a: 1 }])).toBe(true);
    expect(v.allUnique([{ a: 1, b: 2 }, { b: 2, a: 1 }])).toBe(false);
    expect(v.equalsOneOf([{ x: [1] }])({ x: [1] })).toBe(true);
  });
});

describe("number and string helpers", () => {
  it("integer accepts integral numbers beyond 2^53; multipleOf follows ajv's quotient rule", () => {
    expect(v.integer().safeParse(2 ** 60).success).toBe(true);
    expect(v.integer().safeParse(1.5).success).toBe(false);
    expect(v.multipleOf(0.5)(1.5)).toBe(true);
    expect(v.multipleOf(0.1)(0.3)).toBe(false); // 0.3 / 0.1 = 2.9999999999999996, false in ajv too
    expect(v.multipleOf(1e-30)(1)).toBe(false); // quotient 1e30 prints in exponent notation
  });
  it("codePointLength counts a surrogate pair once and a lone surrogate once", () => {
    expect(v.codePointLength("a😀b")).toBe(3);
    expect(v.codePointLength("\ud800x")).toBe(2);
    expect(v.codePointLength("")).toBe(0);
  });
});

describe("object and applicator helpers", () => {
  it("presence means 'not undefined', as in ajv", () => {
    expect(v.hasKeys(["a"])({ a: undefined })).toBe(false);
    expect(v.hasKeys(["constructor"])({})).toBe(true);
    expect(v.dependentRequired({ a: ["b"] })({ a: 1 })).toBe(false);
    expect(v.dependentRequired({ a: ["b"] })({ a: 1, b: 2 })).toBe(true);
  });
  it("otherProperties checks matched keys by their pattern schema and the rest by `rest`", () => {
    const check = v.otherProperties(["id"], [[v.pattern("^x-"), z.string()]], false);
    expect(check({ id: 1, "x-a": "s" })).toBe(true);
    expect(check({ "x-a": 1 })).toBe(false);
    expect(check({ other: 1 })).toBe(false);
    expect(v.otherProperties([], [], undefined)({ any: 1 })).toBe(true);
  });
  it("byKind checks only the kinds it is given; if/then/else and not compose schemas", () => {
    const byKind = v.byKind({ string: z.string().min(2) });
    expect(byKind.safeParse("a").success).toBe(false);
    expect(byKind.safeParse(5).success).toBe(true);
    expect(v.ifThenElse(z.number(), z.number().min(0), undefined)(-1)).toBe(false);
    expect(v.ifThenElse(z.number(), z.number().min(0), undefined)("x")).toBe(true);
    expect(v.notMatching(z.string())(1)).toBe(true);
    expect(v.containsCount(z.number(), 1, 2)(["a", 1, 2, 3])).toBe(false);
  });
  it("unevaluated counts names, patterns and applying branches as evaluated", () => {
    const check = v.unevaluated({ names: ["a"], patterns: [v.pattern("^p")], branches: [{ whenKey: "k", evaluation: { names: ["k", "z"] } }] }, false, undefined);
    expect(check({ a: 1, p1: 2 })).toBe(true);
    expect(check({ z: 1 })).toBe(false);
    expect(check({ k: 1, z: 1 })).toBe(true);
  });
});

describe("format checkers", () => {
  it("url: userinfo with '@', ports, paths; no private IPv4, no whitespace", () => {
    const valid = ["http://example.com", "https://u:p@example.com:8080/a@b", "ftp://a@b@example.org/", "http://8.8.8.8/x", "http://@@x.example.com"];
    const invalid = ["http://10.0.0.1", "http://example", "http://ex ample.com", "http://example.com:1", "http://example.com:123456", "http://@example.com", "mailto:a@b.com", "http://" + "@".repeat(10) + "!"];
    for (const value of valid) expect(v.isUrl(value), value).toBe(true);
    for (const value of invalid) expect(v.isUrl(value), value).toBe(false);
  });
  it("url (one pass over the '@'s) gives ajv-formats' verdict on random url-like text", () => {
    const ajvFormats = createRequire(import.meta.url)("ajv-formats/dist/formats").fullFormats as Record<string, RegExp>;
    const parts = ["http://", "ftp://", "a", "b-", "@", ":", "/", ".", "com", "8", "10", "1", "99", "123", "é", " ", "?", "#", "x.io", "%", ":80"];
    const noise = fc.array(fc.constantFrom(...parts), { maxLength: 6 }).map((list) => list.join(""));
    const scheme = fc.constantFrom("http://", "https://", "ftp://", "HTTP://", "mailto:");
    const urlish = fc.oneof(
      fc.tuple(scheme, fc.array(fc.constantFrom(...parts), { maxLength: 14 })).map(([start, rest]) => start + rest.join("")),
      fc
        .tuple(
          scheme,
          fc.oneof(fc.constant(""), noise.map((userinfo) => userinfo + "@")),
          fc.constantFrom("example.com", "x.io", "8.8.8.8", "10.0.0.1", "172.20.1.1", "a-b.co", "é.com", "localhost", "a..com", "1.2.3"),
          fc.constantFrom("", ":80", ":8080", ":1", ":123456", ":x"),
          fc.oneof(fc.constant(""), noise.map((path) => "/" + path)),
        )
        .map((pieces) => pieces.join("")),
    );
    fc.assert(
      fc.property(urlish, (text) => v.isUrl(text) === ajvFormats["url"]!.test(text)),
      { numRuns: 5000, seed: 212, ...within() },
    );
  }, PROPERTY_TEST_TIMEOUT_MS);

  it("email splits at the last '@' and checks every domain label", () => {
    expect(v.isEmail("a.b+c@example.co.uk")).toBe(true);
    expect(v.isEmail("a@example")).toBe(false);
    expect(v.isEmail("a@-x.com")).toBe(false);
    expect(v.isEmail("a@b@example.com")).toBe(false);
  });
});
