// `@mcp-gen/runtime/validation`: the helpers generated zod schemas call. `mcp-gen types`
// inlines the same source (generator/emit/zod/helper-source.ts reads the files listed here,
// in this order), so they import nothing but "zod", each other and, in pattern.ts only, re2js.
export { type JsonKind, jsonKind, jsonEqual, equalsOneOf, allUnique } from "./json.js";
export { integer } from "./numbers.js";
export { multipleOf } from "./multiple-of.js";
export { codePointLength, type TextMatcher, matching } from "./strings.js";
export { toRe2Syntax } from "./re2-syntax.js";
export { linearMatcher, pattern } from "./pattern.js";
export { byKind, notMatching, ifThenElse, containsCount } from "./applicators.js";
export {
  isPresent,
  hasKeys,
  propertyCount,
  otherProperties,
  keysMatch,
  dependentRequired,
  dependentSchemas,
} from "./objects.js";
export { type Evaluation, type EvaluationBranch, unevaluated } from "./unevaluated.js";
export { isUri, isUriReference, isUriTemplate } from "./formats/uri.js";
export { isUrl } from "./formats/url.js";
export { isDate, isTime, isIsoTime, isDateTime, isIsoDateTime, isDuration } from "./formats/dates.js";
export { isEmail, isHostname, isIpv4, isIpv6 } from "./formats/network.js";
export {
  isByte,
  isRegex,
  isUuid,
  isJsonPointer,
  isJsonPointerUriFragment,
  isRelativeJsonPointer,
  isInt32,
  isInt64,
} from "./formats/text.js";
