/**
 * A tool's input schema (MCP's, as a client receives it) read as a model meets it: every property at
 * every depth with its path, and every union of objects. Lint rules read this, not the type, so what
 * they judge is exactly what the model is shown.
 */
export type JsonObject = Readonly<Record<string, unknown>>;

export interface Parameter {
  /** Where it sits, as diagnostics write paths: `query`, `filters.year`, `lines[].isbn`. */
  readonly path: string;
  /** Its own key. */
  readonly name: string;
  /** Its schema, `$ref` followed and a `null` member set aside. */
  readonly schema: JsonObject;
  readonly required: boolean;
  /** It takes `null` too (the member set aside). */
  readonly nullable: boolean;
  /** How many objects it sits in: 1 for a parameter of the tool itself. */
  readonly depth: number;
}

export interface ObjectUnion {
  readonly path: string;
  /** The members that are objects, `$ref` followed. */
  readonly members: readonly JsonObject[];
}

export interface Parameters {
  /** The schema's `$defs`, for what follows a `$ref`. */
  readonly defs: JsonObject;
  readonly all: readonly Parameter[];
  /** The tool's own parameters (depth 1). */
  readonly top: readonly Parameter[];
  readonly unions: readonly ObjectUnion[];
}

export const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);
/** The definition a `$ref` names (`#/$defs/Comment` -> `Comment`). */
export const defName = (ref: string): string => decodeURIComponent(ref.replace(/^#\/\$defs\//, ""));

export function readParameters(root: JsonObject): Parameters {
  const defs = isObject(root.$defs) ? root.$defs : {};
  const all: Parameter[] = [];
  const unions: ObjectUnion[] = [];
  const seenPaths = new Set<string>();

  /** `{ $ref }` -> its definition, with what sits beside the `$ref` (a description) kept over it. */
  const resolve = (schema: JsonObject, within: ReadonlySet<string>): { schema: JsonObject; within: ReadonlySet<string> } | undefined => {
    if (typeof schema.$ref !== "string") return { schema, within };
    const name = defName(schema.$ref);
    // A recursive type is read once: its second visit adds no parameter a model has not seen.
    if (within.has(name) || !isObject(defs[name])) return undefined;
    const { $ref: _ref, ...beside } = schema;
    return resolve({ ...(defs[name] as JsonObject), ...beside }, new Set([...within, name]));
  };

  /** The schema without its `null` member (`anyOf: [T, {type:"null"}]`, `type: ["string","null"]`). */
  const withoutNull = (schema: JsonObject): JsonObject => {
    const members = schema.anyOf ?? schema.oneOf;
    if (Array.isArray(members)) {
      const rest = members.filter((member) => !(isObject(member) && member.type === "null"));
      if (rest.length === 1 && isObject(rest[0])) {
        const { anyOf: _a, oneOf: _o, ...beside } = schema;
        return { ...(rest[0] as JsonObject), ...beside };
      }
    }
    if (Array.isArray(schema.type)) {
      const types = schema.type.filter((type) => type !== "null");
      return { ...schema, type: types.length === 1 ? types[0] : types };
    }
    return schema;
  };

  const visit = (raw: JsonObject, path: string, depth: number, within: ReadonlySet<string>): void => {
    const resolved = resolve(raw, within);
    if (!resolved) return;
    const schema = withoutNull(resolved.schema);
    const members = schema.anyOf ?? schema.oneOf;
    if (Array.isArray(members)) {
      const objects = members.flatMap((member) => {
        const read = isObject(member) ? resolve(member, resolved.within) : undefined;
        return read && read.schema.type === "object" ? [read.schema] : [];
      });
      if (objects.length >= 2) unions.push({ path: path || "(root)", members: objects });
      for (const member of members) if (isObject(member)) visit(member, path, depth, resolved.within);
      return;
    }
    if (isObject(schema.items)) visit(schema.items, `${path}[]`, depth, resolved.within);
    if (!isObject(schema.properties)) return;
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    for (const [name, value] of Object.entries(schema.properties)) {
      if (!isObject(value)) continue;
      const at = path ? `${path}.${name}` : name;
      const read = resolve(value, resolved.within);
      // A union's members often share a property (`kind`): one parameter to a model, listed once.
      if (read && !seenPaths.has(at)) {
        seenPaths.add(at);
        const schema = withoutNull(read.schema);
        all.push({ path: at, name, schema, required: required.has(name), nullable: schema !== read.schema, depth: depth + 1 });
      }
      visit(value, at, depth + 1, resolved.within);
    }
  };

  visit(root, "", 0, new Set());
  return { defs, all, top: all.filter((parameter) => parameter.depth === 1), unions };
}
