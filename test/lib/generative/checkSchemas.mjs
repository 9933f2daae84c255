// Every schema a call emitted (flat, $refs, closed, and the one written for the type's target)
// passes the 2020-12 meta-schema; every `default` in it is a value its own schema allows; and the
// target's schema passes that provider's rules (test/lib/targetRules.mjs), or the call is TS99019.
import { createAjv } from "../ajv.mjs";
import { violations } from "../targetRules.mjs";
import { shown } from "./failures.mjs";

export const SCHEMA_GROUPS = {
  meta: "a schema fails the 2020-12 meta-schema",
  defaults: "a schema's default breaks its own schema",
  rules: "a target's schema breaks the provider's rules, with no TS99019",
  targetCode: "a target call is diagnosed with neither TS99019 nor the flat call's code",
};

// As in checkValues.mjs: own keys only, and no optimising pass over code compiled once for a default.
const lenient = createAjv({ strict: false, ownProperties: true, code: { optimize: false } });
const SCHEMAS = ["flat", "refs", "closed", "target"];

/** `schemasOf(c)`: the schemas of a case by kind (those that became one); `outcome(c, kind)` its call on the reference host. */
export function checkSchemas(cases, schemasOf, outcome, failures) {
  for (const c of cases) {
    const schemas = schemasOf(c);
    for (const kind of SCHEMAS) {
      const schema = schemas[kind];
      if (schema === undefined) continue;
      const at = { type: c.type, call: kind };
      if (!lenient.validateSchema(schema)) failures.add(SCHEMA_GROUPS.meta, { ...at, detail: lenient.errorsText(lenient.errors) });
      if (kind !== "target") for (const problem of badDefaults(schema)) failures.add(SCHEMA_GROUPS.defaults, { ...at, ...problem });
    }
    const { target } = c.type;
    if (schemas.target !== undefined) {
      const broken = violations(schemas.target, target);
      if (broken.length)
        failures.add(SCHEMA_GROUPS.rules, { type: c.type, call: "target", detail: `${target}: ${broken.join("; ")}\nschema: ${shown(schemas.target, 1200)}` });
    } else {
      const { codes } = outcome(c, "target");
      const flat = outcome(c, "flat").codes;
      if (!codes.includes("TS99019") && !codes.includes("TS99013") && !codes.some((code) => flat.includes(code)))
        failures.add(SCHEMA_GROUPS.targetCode, { type: c.type, call: "target", detail: `target: ${codes.join(", ")}; flat: ${flat.join(", ") || "a schema"}` });
    }
  }
}

/** Each subschema with a `default` its own keywords refuse: `{ value, detail }`. */
function badDefaults(root) {
  const found = [];
  const visit = (node, at) => {
    if (typeof node !== "object" || node === null) return;
    if ("default" in node) {
      const { default: value, ...rest } = node;
      const check = lenient.compile({ ...rest, ...(root.$defs ? { $defs: root.$defs } : {}) });
      if (!check(value)) found.push({ value, detail: `at ${at || "(root)"}: ${lenient.errorsText(check.errors)}\nschema: ${shown(rest)}` });
    }
    for (const [key, value] of Object.entries(node.properties ?? {})) visit(value, `${at}/properties/${key}`);
    for (const [key, value] of Object.entries(node.patternProperties ?? {})) visit(value, `${at}/patternProperties/${key}`);
    for (const [key, value] of Object.entries(node.$defs ?? {})) visit(value, `${at}/$defs/${key}`);
    for (const key of ["items", "additionalProperties"]) visit(node[key], `${at}/${key}`);
    for (const key of ["anyOf", "prefixItems"]) (node[key] ?? []).forEach((member, i) => visit(member, `${at}/${key}/${i}`));
  };
  visit(root, "");
  return found;
}
