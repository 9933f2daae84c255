// The reference validator: ajv for draft 2020-12, with ajv-formats.
import Ajv2020Module from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

const Ajv2020 = Ajv2020Module.default ?? Ajv2020Module;
const addFormats = addFormatsModule.default ?? addFormatsModule;

export function createAjv() {
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, strictTuples: false, validateFormats: true });
  addFormats(ajv);
  return ajv;
}
