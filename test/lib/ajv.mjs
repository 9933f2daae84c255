// The reference validator: ajv for draft 2020-12, with ajv-formats.
import Ajv2020Module from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

const Ajv2020 = Ajv2020Module.default ?? Ajv2020Module;
const addFormats = addFormatsModule.default ?? addFormatsModule;

/**
 * Strict by default (our schemas must pass it); the suite's own schemas need `{ strict: false }`.
 * `ownProperties`: JSON Schema's keywords read a value's own keys; without it ajv takes an inherited
 * `constructor` or `valueOf` for a property that is there. `allowMatchingProperties`: a declared key
 * that an index signature's pattern matches too (`"1.5": number` beside `[key: number]: …`) is checked
 * by both, as TypeScript checks it; strict mode takes that for a slip.
 */
export function createAjv(options = {}) {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    allowUnionTypes: true,
    strictTuples: false,
    allowMatchingProperties: true,
    validateFormats: true,
    ownProperties: true,
    ...options,
  });
  addFormats(ajv);
  return ajv;
}
