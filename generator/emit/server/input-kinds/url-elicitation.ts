// URL elicitation (elicitation/create, mode "url"): the handler supplies the URL each time;
// the answer is only the user's action (the interaction happens out of band).
import type { ElicitUrlInputRequest } from "../../../manifest/ir.js";
import { RUNTIME } from "../naming.js";
import type { InputKind } from "./types.js";

export const urlElicitation: InputKind<ElicitUrlInputRequest> = {
  label: "URL elicitation",
  schemas: () => [],
  parameter: () => ({ type: "{ url: string; message?: string; elicitationId?: string }", optional: false }),
  answer: (w) => w.use(RUNTIME.UrlElicitAnswer),
  declaration: (request) => ({ kind: "url-elicitation", message: request.message ?? `Please continue in your browser: ${request.key}` }),
  answerSchemaRoot: () => undefined,
};
