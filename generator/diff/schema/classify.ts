import { changeOf } from "../change.js";
import {
  CONSTRAINT_CHANGED,
  ENUM_VALUE_ADDED,
  ENUM_VALUE_REMOVED,
  PROPERTY_ADDED,
  PROPERTY_BECAME_OPTIONAL,
  PROPERTY_BECAME_REQUIRED,
  PROPERTY_REMOVED,
  PROPERTY_TYPE_CHANGED,
  REQUIRED_PROPERTY_ADDED,
  SCHEMA_CHANGE_UNDECIDABLE,
} from "../rules/definitions.js";
import {
  INPUT_CONSTRAINT_NARROWED,
  INPUT_CONSTRAINT_WIDENED,
  INPUT_ENUM_VALUE_ADDED,
  INPUT_ENUM_VALUE_REMOVED,
  INPUT_OPTIONAL_PROPERTY_ADDED,
  INPUT_PROPERTY_BECAME_OPTIONAL,
  INPUT_PROPERTY_BECAME_REQUIRED,
  INPUT_PROPERTY_REMOVED,
  INPUT_REQUIRED_PROPERTY_ADDED,
  INPUT_SCHEMA_UNDECIDABLE,
  INPUT_TYPE_NARROWED,
  INPUT_TYPE_WIDENED,
} from "../rules/input-schema.js";
import {
  OUTPUT_CONSTRAINT_NARROWED,
  OUTPUT_CONSTRAINT_WIDENED,
  OUTPUT_ENUM_VALUE_ADDED,
  OUTPUT_ENUM_VALUE_REMOVED,
  OUTPUT_PROPERTY_ADDED,
  OUTPUT_PROPERTY_BECAME_OPTIONAL,
  OUTPUT_PROPERTY_BECAME_REQUIRED,
  OUTPUT_PROPERTY_REMOVED,
  OUTPUT_SCHEMA_UNDECIDABLE,
  OUTPUT_TYPE_NARROWED,
  OUTPUT_TYPE_WIDENED,
} from "../rules/output-schema.js";
import type { Change, ChangeKind, Rule } from "../types.js";
import { type SchemaFact, showValue } from "./facts.js";

/** `subject#/json/pointer`, or the bare subject for a fact at the schema root. */
export function factPath(subject: string, pointer: string): string {
  return pointer === "" ? subject : `${subject}#${pointer}`;
}

function unionArms(arms: unknown, sign: string): string {
  return Array.isArray(arms) && arms.length > 0 ? `${sign}[${arms.join(", ")}] ` : "";
}

/** The words a message uses for a fact, independent of which rule it lands under. */
export function describeFact(fact: SchemaFact): string {
  switch (fact.kind) {
    case "property-added":
      return `property \`${fact.name}\` added (${fact.required ? "required" : "optional"})`;
    case "property-removed":
      return `property \`${fact.name}\` removed`;
    case "became-required":
      return `property \`${fact.name}\` became required`;
    case "became-optional":
      return `property \`${fact.name}\` became optional`;
    case "type":
      return `type ${fact.effect}: ${fact.from} → ${fact.to}`;
    case "enum-value-added":
      return `value ${showValue(fact.value)} is now allowed`;
    case "enum-value-removed":
      return `value ${showValue(fact.value)} is no longer allowed`;
    case "constraint":
      if (fact.keyword === "anyOf" || fact.keyword === "oneOf") return `\`${fact.keyword}\` ${fact.effect}: ${unionArms(fact.from, "-")}${unionArms(fact.to, "+")}`.trimEnd();
      return `\`${fact.keyword}\` ${fact.effect}: ${showValue(fact.from)} → ${showValue(fact.to)}`;
    case "undecidable":
      return `\`${fact.keyword}\` changed (${showValue(fact.from)} → ${showValue(fact.to)}); compatibility cannot be decided`;
  }
}

/** For callers of an input schema: narrowing (and any incomparable change) breaks them. */
function inputRule(fact: SchemaFact): Rule {
  switch (fact.kind) {
    case "property-added":
      return fact.required ? INPUT_REQUIRED_PROPERTY_ADDED : INPUT_OPTIONAL_PROPERTY_ADDED;
    case "property-removed":
      return INPUT_PROPERTY_REMOVED;
    case "became-required":
      return INPUT_PROPERTY_BECAME_REQUIRED;
    case "became-optional":
      return INPUT_PROPERTY_BECAME_OPTIONAL;
    case "type":
      return fact.effect === "widened" ? INPUT_TYPE_WIDENED : INPUT_TYPE_NARROWED;
    case "enum-value-added":
      return INPUT_ENUM_VALUE_ADDED;
    case "enum-value-removed":
      return INPUT_ENUM_VALUE_REMOVED;
    case "constraint":
      return fact.effect === "widened" ? INPUT_CONSTRAINT_WIDENED : INPUT_CONSTRAINT_NARROWED;
    case "undecidable":
      return INPUT_SCHEMA_UNDECIDABLE;
  }
}

/** For readers of an output schema: widening (and any incomparable change) breaks them. */
function outputRule(fact: SchemaFact): Rule {
  switch (fact.kind) {
    case "property-added":
      return OUTPUT_PROPERTY_ADDED;
    case "property-removed":
      return OUTPUT_PROPERTY_REMOVED;
    case "became-required":
      return OUTPUT_PROPERTY_BECAME_REQUIRED;
    case "became-optional":
      return OUTPUT_PROPERTY_BECAME_OPTIONAL;
    case "type":
      return fact.effect === "narrowed" ? OUTPUT_TYPE_NARROWED : OUTPUT_TYPE_WIDENED;
    case "enum-value-added":
      return OUTPUT_ENUM_VALUE_ADDED;
    case "enum-value-removed":
      return OUTPUT_ENUM_VALUE_REMOVED;
    case "constraint":
      return fact.effect === "narrowed" ? OUTPUT_CONSTRAINT_NARROWED : OUTPUT_CONSTRAINT_WIDENED;
    case "undecidable":
      return OUTPUT_SCHEMA_UNDECIDABLE;
  }
}

/** Spec definitions are written by one peer and read by the other: direction does not soften a change. */
function specRule(fact: SchemaFact): Rule {
  switch (fact.kind) {
    case "property-added":
      return fact.required ? REQUIRED_PROPERTY_ADDED : PROPERTY_ADDED;
    case "property-removed":
      return PROPERTY_REMOVED;
    case "became-required":
      return PROPERTY_BECAME_REQUIRED;
    case "became-optional":
      return PROPERTY_BECAME_OPTIONAL;
    case "type":
      return PROPERTY_TYPE_CHANGED;
    case "enum-value-added":
      return ENUM_VALUE_ADDED;
    case "enum-value-removed":
      return ENUM_VALUE_REMOVED;
    case "constraint":
      return CONSTRAINT_CHANGED;
    case "undecidable":
      return SCHEMA_CHANGE_UNDECIDABLE;
  }
}

export type SchemaRole = "input" | "output" | "spec";

const RULE_FOR_ROLE: Record<SchemaRole, (fact: SchemaFact) => Rule> = { input: inputRule, output: outputRule, spec: specRule };

/** Turns facts about one schema into changes under the rules of its role. */
export function classifyFacts(facts: readonly SchemaFact[], role: SchemaRole, subject: string, kind: (fact: SchemaFact) => ChangeKind): Change[] {
  return facts.map((fact) => changeOf(RULE_FOR_ROLE[role](fact), kind(fact), factPath(subject, fact.path), `${subject}: ${describeFact(fact)}`));
}
