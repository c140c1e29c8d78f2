import { Ajv, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { loadSpec } from "../../generator/spec-schema/load.js";

// ajv-formats ships CommonJS; under NodeNext its default import is the module namespace.
const addFormats = addFormatsModule as unknown as (ajv: Ajv | Ajv2020) => void;

export interface Oracle {
  /** The ajv validator of one definition of the errata-patched spec schema. */
  validator(definition: string): ValidateFunction;
}

/** The reference validator: ajv (draft-07 or 2020-12, per the schema's `$schema`) with ajv-formats. */
export function specOracle(revision: string): Oracle {
  const document = loadSpec(revision).json;
  const is2020 = String(document.$schema).includes("2020-12");
  const ajv = is2020 ? new Ajv2020({ strict: false, allErrors: false }) : new Ajv({ strict: false, allErrors: false });
  addFormats(ajv);
  const id = `mcp-spec-${revision}`;
  ajv.addSchema({ ...document, $id: id });
  const defsKey = is2020 ? "$defs" : "definitions";
  const cache = new Map<string, ValidateFunction>();
  return {
    validator(definition) {
      let validate = cache.get(definition);
      if (!validate) {
        validate = ajv.getSchema(`${id}#/${defsKey}/${definition}`);
        if (!validate) throw new Error(`${revision}: no definition ${definition}`);
        cache.set(definition, validate);
      }
      return validate;
    },
  };
}
