import { changeOf } from "../change.js";
import type { ContractPrompt } from "../contract.js";
import {
  PROMPT_ARGUMENT_BECAME_OPTIONAL,
  PROMPT_ARGUMENT_BECAME_REQUIRED,
  PROMPT_ARGUMENT_REMOVED,
  PROMPT_OPTIONAL_ARGUMENT_ADDED,
  PROMPT_REQUIRED_ARGUMENT_ADDED,
} from "../rules/manifest.js";
import type { Change } from "../types.js";
import { diffInputRequests } from "./diff-input-requests.js";
import { pairByName, segment } from "./pairing.js";

/** Prompt arguments are all strings on the wire: only their presence and requiredness can change. */
export function diffPrompt(before: ContractPrompt, after: ContractPrompt, changes: Change[]): void {
  const path = segment("prompts", before.name);
  const { removed, added, kept } = pairByName(before.arguments, after.arguments);
  for (const a of removed) changes.push(changeOf(PROMPT_ARGUMENT_REMOVED, "prompt", segment(`${path}.arguments`, a.name), `${path}: argument ${a.name} removed`));
  for (const a of added) {
    const rule = a.required ? PROMPT_REQUIRED_ARGUMENT_ADDED : PROMPT_OPTIONAL_ARGUMENT_ADDED;
    changes.push(changeOf(rule, "prompt", segment(`${path}.arguments`, a.name), `${path}: ${a.required ? "required" : "optional"} argument ${a.name} added`));
  }
  for (const [o, n] of kept) {
    const at = segment(`${path}.arguments`, o.name);
    if (!o.required && n.required) changes.push(changeOf(PROMPT_ARGUMENT_BECAME_REQUIRED, "prompt", at, `${path}: argument ${o.name} became required`));
    if (o.required && !n.required) changes.push(changeOf(PROMPT_ARGUMENT_BECAME_OPTIONAL, "prompt", at, `${path}: argument ${o.name} became optional`));
  }
  diffInputRequests(before.inputRequests, after.inputRequests, path, changes);
}
