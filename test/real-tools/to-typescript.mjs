// Writes a server's published tools (the JSON collect.mjs saved) as TypeScript functions for
// schemaof: one exported function per tool, its one parameter an interface whose properties carry
// the published descriptions as JSDoc, the constraints as JSDoc tags (`@minimum`, `@format`,
// `@default`, ...), enums as literal unions, optional properties as `?`. Run by collect.mjs
// --write-ts, by hand; the suite reads the .ts files it wrote.

/** A property's own keywords, written as JSDoc tags. */
const TAGS = [
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "pattern",
  "format",
  "minItems",
  "maxItems",
];
/** The same keywords where no JSDoc reaches (array items, union members), as the runtime's type tags. */
const TYPE_TAGS = {
  minimum: "Minimum",
  maximum: "Maximum",
  exclusiveMinimum: "ExclusiveMinimum",
  exclusiveMaximum: "ExclusiveMaximum",
  multipleOf: "MultipleOf",
  minLength: "MinLength",
  maxLength: "MaxLength",
  pattern: "Pattern",
  format: "Format",
  minItems: "MinItems",
  maxItems: "MaxItems",
};
const RESERVED = new Set(["delete", "function", "new", "default", "import", "export", "class", "switch", "case", "in", "void", "with"]);

/** The function a tool is written as: its name camelCased, a reserved word prefixed with the server's. */
export function functionName(tool, server) {
  const camel = (text) => text.replace(/[-_ ]+([a-zA-Z0-9])/g, (_, c) => c.toUpperCase());
  const name = camel(tool);
  return RESERVED.has(name) ? camel(`${server}-${name}`) : name;
}

const pascal = (name) => name[0].toUpperCase() + name.slice(1);
const key = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));
/** JSDoc text: a `*` `/` pair cannot stand in a comment, so it is written `*\/` (the one change the text needs here). */
const docText = (text) => text.replace(/\*\//g, "*\\/");

function jsdoc(lines, indent) {
  const body = lines.flatMap((line) => docText(line).split("\n"));
  if (body.length === 1) return `${indent}/** ${body[0]} */\n`;
  return `${indent}/**\n${body.map((line) => `${indent} *${line ? ` ${line}` : ""}`).join("\n")}\n${indent} */\n`;
}

const isUnion = (schema) => (schema.anyOf ?? schema.oneOf ?? schema.enum ?? (Array.isArray(schema.type) ? schema.type : [])).length > 1;

/** A type for `schema`; `uses` collects the runtime types it names. */
function typeOf(schema, indent, uses, nested) {
  const members = schema.anyOf ?? schema.oneOf;
  let type;
  if (members) type = members.map((member) => typeOf(member, indent, uses, true)).join(" | ");
  else if (schema.enum) type = schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  else if (Array.isArray(schema.type)) type = schema.type.map((t) => typeOf({ type: t }, indent, uses, true)).join(" | ");
  else if (schema.type === "string") type = "string";
  else if (schema.type === "number") type = "number";
  else if (schema.type === "integer") ((type = "Integer"), uses.add("Integer"));
  else if (schema.type === "boolean") type = "boolean";
  else if (schema.type === "null") type = "null";
  else if (schema.type === "array") {
    const items = typeOf(schema.items ?? {}, indent, uses, true);
    type = isUnion(schema.items ?? {}) || /^[^{]*&/.test(items) ? `(${items})[]` : `${items}[]`;
  } else if (schema.type === "object" && schema.properties) type = objectType(schema, indent, uses);
  else if (schema.type === "object" && typeof schema.additionalProperties === "object")
    type = `Record<string, ${typeOf(schema.additionalProperties, indent, uses, true)}>`;
  else if (schema.type === "object") type = "object";
  else type = "unknown";
  if (nested) {
    // keywords of a node no JSDoc tag reaches become type tags
    const tags = TAGS.filter((tag) => tag in schema).map((tag) => {
      uses.add(TYPE_TAGS[tag]);
      return `${TYPE_TAGS[tag]}<${JSON.stringify(schema[tag])}>`;
    });
    if (tags.length) type = `${isUnion(schema) ? `(${type})` : type} & ${tags.join(" & ")}`;
  }
  return type;
}

function objectType(schema, indent, uses) {
  const inner = `${indent}  `;
  const required = new Set(schema.required ?? []);
  const lines = Object.entries(schema.properties).map(([name, property]) => {
    const doc = [];
    if (property.description) doc.push(property.description);
    for (const tag of TAGS) if (tag in property) doc.push(`@${tag} ${typeof property[tag] === "string" ? property[tag] : JSON.stringify(property[tag])}`);
    if ("default" in property) doc.push(`@default ${JSON.stringify(property.default)}`);
    const comment = doc.length ? jsdoc(doc, inner) : "";
    return `${comment}${inner}${key(name)}${required.has(name) ? "" : "?"}: ${typeOf(property, inner, uses, false)};\n`;
  });
  return `{\n${lines.join("")}${indent}}`;
}

/** The module of one server's tools. */
export function toTypeScript(published, server) {
  const uses = new Set();
  const blocks = published.tools.map((tool) => {
    const name = functionName(tool.name, server);
    const schema = tool.inputSchema;
    const hasArgs = Object.keys(schema.properties ?? {}).length > 0;
    const summary = tool.description ? jsdoc([tool.description], "") : "";
    const renamed = name === tool.name.replace(/[-_]+([a-zA-Z0-9])/g, (_, c) => c.toUpperCase()) ? "" : `// The tool "${tool.name}" (a reserved word).\n`;
    if (!hasArgs) return `${renamed}${summary}export function ${name}(): never {\n  throw new Error("not implemented");\n}\n`;
    const input = `${pascal(name)}Input`;
    return (
      `export interface ${input} ${objectType(schema, "", uses)}\n\n` +
      `${renamed}${summary}export function ${name}(input: ${input}): never {\n  throw new Error("not implemented");\n}\n`
    );
  });
  const header =
    `// The tools of ${published.package} ${published.version}, as its tools/list published them\n` +
    `// (${server}.json beside this file), written as functions for schemaof by collect.mjs --write-ts.\n`;
  const imports = uses.size ? `import type { ${[...uses].sort().join(", ")} } from "@schemaof/runtime";\n\n` : "";
  return `${header}${imports}${blocks.join("\n")}`;
}
