// The input-request kinds, by IR kind. Adding a kind is one module here plus a row below; the
// `satisfies` clause fails to compile when a kind of the IR has no module.
import type { InputRequest, InputRequestKind } from "../../../manifest/ir.js";
import { formElicitation } from "./form-elicitation.js";
import { roots } from "./roots.js";
import { sampling } from "./sampling.js";
import type { InputKind } from "./types.js";
import { urlElicitation } from "./url-elicitation.js";

export type { InputKind } from "./types.js";

const KINDS = { elicit: formElicitation, elicitUrl: urlElicitation, sampling, roots } satisfies {
  readonly [K in InputRequestKind]: InputKind<Extract<InputRequest, { kind: K }>>;
};

/** The emitter of one input request's kind. */
export function inputKind<R extends InputRequest>(request: R): InputKind<R> {
  return KINDS[request.kind] as unknown as InputKind<R>;
}
