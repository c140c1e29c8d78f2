// What each input-request kind contributes to the emitted package. One module per kind
// (form-elicitation.ts, url-elicitation.ts, sampling.ts, roots.ts); the schemas, handlers and
// server emitters iterate the kinds through index.ts and never switch on a kind themselves.
import type { InputRequest, JsonSchema } from "../../../manifest/ir.js";
import type { ModuleWriter } from "../../module-writer/module-writer.js";
import type { Owner, SchemaNames } from "../naming.js";

export interface InputKind<R extends InputRequest> {
  /** How the handler docs name the kind ("Form elicitation"). */
  readonly label: string;
  /** schemas.ts: the schemas this request adds, by root name (a form's answer). */
  schemas(owner: Owner, request: R): readonly (readonly [root: string, schema: JsonSchema])[];
  /**
   * handlers.ts: the parameter of `ask.<key>()`: none (undefined), or its type and whether it
   * may be left out (then the manifest's declaration is asked as is).
   */
  parameter(w: ModuleWriter, request: R): { readonly type: string; readonly optional: boolean } | undefined;
  /** handlers.ts: the typed answer the handler gets back. */
  answer(w: ModuleWriter, owner: Owner, request: R, schemas: SchemaNames): string;
  /** server.ts: the runtime's InputRequestDeclaration for this request (plain data). */
  declaration(request: R): Record<string, unknown>;
  /** server.ts: the schemas.ts root the runtime checks accepted content with, if the kind has one. */
  answerSchemaRoot(owner: Owner, request: R): string | undefined;
}
