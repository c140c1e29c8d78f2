import type { Change } from "../types.js";
import { diffCapabilities } from "./diff-capabilities.js";
import { diffDefinitions } from "./diff-definitions.js";
import { diffErrorCodes } from "./diff-error-codes.js";
import { diffMethods } from "./diff-methods.js";
import type { SpecSide } from "./side.js";

/** Everything that changed on the wire between two spec documents, unsorted. */
export function diffSpecSides(before: SpecSide, after: SpecSide): Change[] {
  return [
    ...diffMethods(before.methods, after.methods),
    ...diffDefinitions(before.document, after.document),
    ...diffCapabilities(before.document, after.document),
    ...diffErrorCodes(before.errorCodes, after.errorCodes),
  ];
}
