// properties, required, additionalProperties, patternProperties, propertyNames,
// minProperties/maxProperties, dependentRequired/dependentSchemas (draft-07 and 2020-12:
// dependencies). Presence is `value[key] !== undefined`, as ajv tests it (../objects.ts).
import type { TextMatcher } from "../strings.js";
import { ACCEPT, type Check, type SchemaIssue, fail, failAt, isObject, under } from "./check.js";
import { dialectApplies } from "../../core/json-schema-dialect.js";
import type { Compiler } from "./compiler.js";
import { compilePattern } from "./resource.js";

type ObjectCheck = (object: Record<string, unknown>, issues: SchemaIssue[] | undefined) => boolean;

export function objectKeywords(node: Record<string, unknown>, c: Compiler): ObjectCheck[] {
  const checks: ObjectCheck[] = [];
  const properties = isObject(node["properties"]) ? node["properties"] : {};
  const declared = Object.keys(properties);
  const required = Array.isArray(node["required"]) ? node["required"].filter((key): key is string => typeof key === "string") : [];
  if (required.length > 0) {
    checks.push((object, issues) => {
      for (const key of required) if (object[key] === undefined) return failAt(issues, key, "required property is missing");
      return true;
    });
  }
  // ajv never applies a `properties` schema to "__proto__" (allSchemaProperties drops it), and
  // the emitted zod schema accepts any value there too.
  const shape = declared
    .filter((key) => key !== "__proto__")
    .map((key) => [key, c.compile(properties[key])] as const)
    .filter(([, check]) => check !== ACCEPT);
  if (shape.length > 0) {
    checks.push((object, issues) => {
      for (const [key, check] of shape) {
        const value = object[key];
        if (value !== undefined && !check(value, issues)) return under(issues, key);
      }
      return true;
    });
  }
  const others = otherProperties(node, declared, c);
  if (others !== undefined) checks.push(others);
  if (node["propertyNames"] !== undefined) {
    const names = c.compile(node["propertyNames"]);
    if (names !== ACCEPT) {
      checks.push((object, issues) => {
        for (const key of Object.keys(object)) if (!names(key, undefined)) return failAt(issues, key, "is not an allowed property name");
        return true;
      });
    }
  }
  const min = node["minProperties"];
  const max = node["maxProperties"];
  if (typeof min === "number" || typeof max === "number") {
    const low = typeof min === "number" ? min : 0;
    const high = typeof max === "number" ? max : Infinity;
    checks.push((object, issues) => {
      const count = Object.keys(object).length;
      if (count < low) return fail(issues, `must have at least ${low} properties`);
      return count <= high || fail(issues, `must have at most ${high} properties`);
    });
  }
  checks.push(...dependencyChecks(node, c));
  return checks;
}

/** patternProperties and additionalProperties: the keys `properties` does not declare. */
function otherProperties(node: Record<string, unknown>, declared: readonly string[], c: Compiler): ObjectCheck | undefined {
  const additional = node["additionalProperties"];
  const rest: Check | false | undefined =
    additional === undefined || additional === true ? undefined : additional === false ? false : c.compile(additional);
  const patterns: (readonly [TextMatcher, Check])[] = [];
  if (isObject(node["patternProperties"])) {
    for (const [source, schema] of Object.entries(node["patternProperties"])) {
      // An invalid `u` regex: ajv rejects the schema (the zod emitter drops it too).
      const matcher = compilePattern(c.resource.settings, source);
      if (matcher !== undefined) patterns.push([matcher, c.compile(schema)]);
    }
  }
  const open = rest === undefined || rest === ACCEPT;
  if (patterns.length === 0 && open) return undefined;
  const declaredSet = new Set(declared);
  return (object, issues) => {
    for (const key of Object.keys(object)) {
      let matched = false;
      for (const [matcher, check] of patterns) {
        if (matcher.test(key)) {
          matched = true;
          if (!check(object[key], issues)) return under(issues, key);
        }
      }
      if (matched || open || declaredSet.has(key)) continue;
      if (rest === false) return failAt(issues, key, "is not an allowed property");
      if (!rest!(object[key], issues)) return under(issues, key);
    }
    return true;
  };
}

function dependencyChecks(node: Record<string, unknown>, c: Compiler): ObjectCheck[] {
  const needs: [string, string[]][] = [];
  const schemas: [string, Check][] = [];
  const collect = (value: unknown) => {
    if (!isObject(value)) return;
    for (const [key, dependency] of Object.entries(value)) {
      if (Array.isArray(dependency)) needs.push([key, dependency.filter((name): name is string => typeof name === "string")]);
      else schemas.push([key, c.compile(dependency)]);
    }
  };
  collect(node["dependencies"]);
  if (dialectApplies(c.dialect, "dependentRequired")) collect(node["dependentRequired"]);
  if (dialectApplies(c.dialect, "dependentSchemas")) collect(node["dependentSchemas"]);
  const checks: ObjectCheck[] = [];
  if (needs.length > 0) {
    checks.push((object, issues) => {
      for (const [key, names] of needs) {
        if (object[key] === undefined) continue;
        for (const name of names) if (object[name] === undefined) return failAt(issues, name, `required property is missing (needed when "${key}" is present)`);
      }
      return true;
    });
  }
  const active = schemas.filter(([, check]) => check !== ACCEPT);
  if (active.length > 0) {
    checks.push((object, issues) => {
      for (const [key, check] of active) if (object[key] !== undefined && !check(object, issues)) return false;
      return true;
    });
  }
  return checks;
}
