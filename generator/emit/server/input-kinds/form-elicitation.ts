// Form elicitation (elicitation/create, mode "form"): the answer's content is typed and checked
// by the manifest's requestedSchema, which is also a schemas.ts root.
import type { ElicitFormInputRequest } from "../../../manifest/ir.js";
import { answerRoot, RUNTIME } from "../naming.js";
import type { InputKind } from "./types.js";

export const formElicitation: InputKind<ElicitFormInputRequest> = {
  label: "Form elicitation",
  schemas: (owner, request) => [[answerRoot(owner, request), request.schema]],
  parameter: () => ({ type: "{ message?: string; [key: string]: unknown }", optional: true }),
  answer: (w, owner, request, schemas) => `${w.use(RUNTIME.ElicitAnswer)}<${w.use(schemas.type(answerRoot(owner, request)))}>`,
  declaration: (request) => ({ kind: "form-elicitation", message: request.message ?? `Please provide: ${request.key}`, requestedSchema: request.schema }),
  answerSchemaRoot: (owner, request) => answerRoot(owner, request),
};
