// Roots (roots/list): nothing to pass, the answer is the client's root list.
import type { RootsInputRequest } from "../../../manifest/ir.js";
import { RUNTIME } from "../naming.js";
import type { InputKind } from "./types.js";

export const roots: InputKind<RootsInputRequest> = {
  label: "Roots",
  schemas: () => [],
  parameter: () => undefined,
  answer: (w) => w.use(RUNTIME.RootsAnswer),
  declaration: () => ({ kind: "roots" }),
  answerSchemaRoot: () => undefined,
};
