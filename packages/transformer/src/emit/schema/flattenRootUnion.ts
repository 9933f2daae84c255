import type { JsonObject, JsonValue } from "../../model/Json";

/**
 * A union of objects at the root, which no provider but MCP takes (a tool's arguments are one
 * object), written as one object: the discriminator an enum of every member's value; every other
 * property as its members declare it, required only where every member requires it, its description
 * saying which members it belongs to (`only when type is "bank"; required then`). The run-time check
 * stays the union's: a model that mixes two members' fields is told so in the type's words.
 *
 * Undefined when the root is not a union of objects told apart by a discriminator (a property every
 * member requires, with one literal value each, no two alike: the rule the model's own
 * findDiscriminator follows); such a root stays a problem for the target.
 */
export function flattenRootUnion(schema: JsonObject): JsonObject | undefined {
  if (!Array.isArray(schema.anyOf) || schema.type !== undefined) return undefined;
  const defs = (schema.$defs ?? {}) as Record<string, JsonObject>;
  const members: Member[] = [];
  for (const member of schema.anyOf) {
    const object = resolve(member, defs);
    if (!object || object.type !== "object" || !isObject(object.properties) || object.patternProperties !== undefined) return undefined;
    if (object.additionalProperties !== undefined && object.additionalProperties !== false) return undefined;
    members.push({ schema: object, properties: object.properties, required: new Set((object.required ?? []) as string[]) });
  }
  const key = findKey(members);
  if (key === undefined) return undefined;
  const values = members.map((member) => (member.properties[key] as JsonObject).enum as JsonValue[]);
  const when = (indexes: readonly number[]) => `${key} is ${orList(indexes.map((index) => JSON.stringify(values[index][0])))}`;

  // Keys are the type's: `constructor` or `__proto__` are names like any other, so own keys only, and entries.
  const properties = new Map<string, JsonValue>();
  const required: string[] = [];
  for (const name of new Set(members.flatMap((member) => Object.keys(member.properties)))) {
    if (name === key) {
      properties.set(name, discriminator(members, key, values));
      required.push(name);
      continue;
    }
    const having = indexesWhere(members, (member) => Object.hasOwn(member.properties, name));
    const requiring = indexesWhere(members, (member) => Object.hasOwn(member.properties, name) && member.required.has(name));
    const schemas = unique(having.map((index) => members[index].properties[name]));
    const property = schemas.length === 1 ? schemas[0] : { anyOf: schemas };
    if (requiring.length === members.length) {
      properties.set(name, property);
      required.push(name);
      continue;
    }
    // Which members the property belongs to, and where it is required, said to the model.
    let note = having.length === members.length ? "" : `only when ${when(having)}`;
    if (requiring.length > 0) note += requiring.length === having.length && note ? "; required then" : `${note ? "; " : ""}required when ${when(requiring)}`;
    properties.set(name, note ? withNote(property, note) : property);
  }

  const { anyOf: _anyOf, ...rest } = schema;
  const closed = members.every((member) => member.schema.additionalProperties === false);
  return { ...rest, type: "object", properties: Object.fromEntries(properties), required, ...(closed ? { additionalProperties: false } : {}) };
}

interface Member {
  readonly schema: JsonObject;
  readonly properties: Record<string, JsonValue>;
  readonly required: ReadonlySet<string>;
}

/** A member as written, or the definition it refers to (`#/$defs/Card`). */
function resolve(member: JsonValue, defs: Record<string, JsonObject>): JsonObject | undefined {
  if (!isObject(member)) return undefined;
  if (typeof member.$ref !== "string") return member;
  const name = member.$ref.replace(/^#\/\$defs\//, "");
  const definition = Object.hasOwn(defs, name) ? defs[name] : undefined;
  return definition && resolve(definition, defs);
}

/** The first property of the first member that every member requires with one literal value of its own. */
function findKey(members: readonly Member[]): string | undefined {
  const single = (member: Member, name: string) => {
    const property = Object.hasOwn(member.properties, name) ? member.properties[name] : undefined;
    return member.required.has(name) && isObject(property) && Array.isArray(property.enum) && property.enum.length === 1 && property.enum[0] !== null;
  };
  for (const name of Object.keys(members[0].properties)) {
    if (!members.every((member) => single(member, name))) continue;
    const seen = members.map((member) => JSON.stringify((member.properties[name] as JsonObject).enum));
    if (new Set(seen).size === seen.length) return name;
  }
  return undefined;
}

/** The discriminator: every member's value, in member order; a member's description said beside its value. */
function discriminator(members: readonly Member[], key: string, values: readonly JsonValue[][]): JsonObject {
  const first = members[0].properties[key] as JsonObject;
  const types = [...new Set(members.map((member) => (member.properties[key] as JsonObject).type))];
  const described = members.map((member, index) =>
    typeof member.schema.description === "string" ? `${JSON.stringify(values[index][0])}: ${member.schema.description.replace(/\.$/, "")}` : undefined,
  );
  const own = typeof first.description === "string" ? first.description : undefined;
  const words = [own, described.some(Boolean) ? described.filter(Boolean).join("; ") : undefined].filter(Boolean).join(" ");
  return {
    ...(types.length === 1 && types[0] !== undefined ? { type: types[0] } : {}),
    enum: values.map((value) => value[0]),
    ...(words ? { description: words } : {}),
  };
}

function withNote(schema: JsonValue, note: string): JsonValue {
  if (!isObject(schema)) return schema;
  return { ...schema, description: typeof schema.description === "string" ? `${schema.description} (${note})` : note };
}

const isObject = (value: JsonValue | undefined): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

const indexesWhere = (members: readonly Member[], test: (member: Member) => boolean) => members.flatMap((member, index) => (test(member) ? [index] : []));

/** Schemas as written, the same one once. */
function unique(schemas: readonly JsonValue[]): JsonValue[] {
  const seen = new Map<string, JsonValue>();
  for (const schema of schemas) if (!seen.has(JSON.stringify(schema))) seen.set(JSON.stringify(schema), schema);
  return [...seen.values()];
}

/** `"a"`, `"a" or "b"`, `"a", "b" or "c"`. */
function orList(words: readonly string[]): string {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} or ${words[words.length - 1]}`;
}
