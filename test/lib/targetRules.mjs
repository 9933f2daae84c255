// What each provider accepts, written from issue 14's table (its sources: the providers' docs on
// structured outputs and strict tool use, openai-node's toStrictJsonSchema, anthropic-sdk-typescript's
// transform-json-schema, @google/genai's Schema) and the errors the providers answer with, apart from
// the transformer's own code: each rule a named check. `violations(schema, target)` lists the rules
// a schema breaks, with where.

const ANNOTATIONS = ["uniqueItems", "default", "examples"];
const BOUNDS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"];

/** Per target: the rules, each `[name, test(node, at, root)]`, `test` true when the node breaks it. */
const isObject = (node) => node.type === "object" || (Array.isArray(node.type) && node.type.includes("object"));
const has = (node, keys) => keys.filter((key) => key in node);
const rootObject = ["the root is one object, not a union", (node, at) => at === "" && (node.anyOf !== undefined || node.type !== "object")];
const noTuples = ["no tuples (prefixItems)", (node) => "prefixItems" in node];
const noMaps = [
  "no maps (additionalProperties or patternProperties with a schema)",
  (node) => "patternProperties" in node || typeof node.additionalProperties === "object",
];
const closedObjects = ["every object closed (additionalProperties: false)", (node) => isObject(node) && node.additionalProperties !== false];
const noRefs = ["no $ref", (node) => "$ref" in node];
const noFalse = ["no false subschemas", (node, at, root, parent) => parent && Object.values(parent.properties ?? {}).includes(false)];
// OpenAI answers 400 "object schema missing properties" for `{"type":"object"}`, the root of a tool without arguments included.
const namedProperties = ["every object names its properties", (node) => isObject(node) && !("properties" in node)];
const isArray = (node) => node.type === "array" || (Array.isArray(node.type) && node.type.includes("array"));
// OpenAI answers an array without `items` with 400 "array schema missing items".
const arrayItems = ["every array has items", (node) => isArray(node) && (typeof node.items !== "object" || node.items === null)];
// Gemini's OBJECT needs a property; a tool without arguments (the root) is sent without parameters.
const nonEmptyObjects = [
  "every object below the root has properties",
  (node, at) => at !== "" && isObject(node) && Object.keys(node.properties ?? {}).length === 0,
];
// Gemini's `parameters` (@google/genai's Schema, an OpenAPI 3.0 subset): only these fields.
const GEMINI_FIELDS = [
  ...["anyOf", "default", "description", "enum", "example", "format", "items", "maxItems", "maxLength", "maxProperties", "maximum", "minItems"],
  ...["minLength", "minProperties", "minimum", "nullable", "pattern", "properties", "propertyOrdering", "required", "title", "type"],
];
const geminiFields = ["only the fields of @google/genai's Schema", (node) => Object.keys(node).some((key) => !GEMINI_FIELDS.includes(key))];
const dropped = (keys) => [`none of ${keys.join(", ")}`, (node) => has(node, keys).length > 0];
const formats = (allowed) => [`formats only ${allowed.join(", ")}`, (node) => typeof node.format === "string" && !allowed.includes(node.format)];

const TARGETS = {
  openai: [rootObject, noTuples, namedProperties, arrayItems],
  "openai-strict": [
    rootObject,
    noTuples,
    namedProperties,
    arrayItems,
    noMaps,
    closedObjects,
    ["every property required", (node) => isObject(node) && Object.keys(node.properties ?? {}).some((key) => !(node.required ?? []).includes(key))],
    dropped([...ANNOTATIONS, "minLength", "maxLength"]),
    formats(["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"]),
  ],
  anthropic: [rootObject],
  // Anthropic's strict mode takes minItems of 0 or 1 only, and no maxItems.
  "anthropic-strict": [
    rootObject,
    noTuples,
    arrayItems,
    noMaps,
    closedObjects,
    noRefs,
    dropped([...ANNOTATIONS, ...BOUNDS, "minLength", "maxLength", "maxItems"]),
    ["minItems 0 or 1 only", (node) => typeof node.minItems === "number" && node.minItems > 1],
  ],
  gemini: [
    rootObject,
    noRefs,
    dropped([...ANNOTATIONS, "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "pattern"]),
    formats(["date-time", "date", "time"]),
  ],
  "gemini-openapi": [
    rootObject,
    noTuples,
    arrayItems,
    nonEmptyObjects,
    noMaps,
    noRefs,
    ["no additionalProperties at all", (node) => "additionalProperties" in node],
    ["no type arrays", (node) => Array.isArray(node.type)],
    ["no null type", (node) => node.type === "null"],
    ["enums of strings only", (node) => Array.isArray(node.enum) && node.enum.some((value) => typeof value !== "string")],
    dropped([...ANNOTATIONS, "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "deprecated"]),
    formats(["date-time"]),
    geminiFields,
  ],
};

/** Every target: a reference names a definition the schema holds (a provider cannot follow it anywhere else). */
const refsResolve = [
  "every $ref resolves within the schema",
  (node, at, root) => typeof node.$ref === "string" && node.$ref !== "#" && !Object.hasOwn(root.$defs ?? {}, node.$ref.replace(/^#\/\$defs\//, "")),
];

/** Every rule of `target` the schema breaks: `rule at path`. */
export function violations(schema, target) {
  const rules = [refsResolve, ...(TARGETS[target] ?? []), ...(target === "mcp" || target === "openai" || target === "anthropic" ? [] : [noFalse])];
  const found = [];
  const visit = (node, at, parent) => {
    if (typeof node !== "object" || node === null || Array.isArray(node)) return;
    for (const [name, breaks] of rules) if (breaks(node, at, schema, parent)) found.push(`${name} at ${at || "(root)"}`);
    for (const [key, value] of Object.entries(node.properties ?? {})) visit(value, `${at}/${key}`, node);
    for (const key of ["items", "additionalProperties"]) if (typeof node[key] === "object") visit(node[key], `${at}/${key}`, node);
    for (const key of ["anyOf", "prefixItems"]) (node[key] ?? []).forEach((member, i) => visit(member, `${at}/${key}/${i}`, node));
    for (const [key, value] of Object.entries(node.patternProperties ?? {})) visit(value, `${at}/patternProperties/${key}`, node);
    for (const [key, value] of Object.entries(node.$defs ?? {})) visit(value, `/$defs/${key}`, node);
  };
  visit(schema, "", undefined);
  return [...new Set(found)];
}
