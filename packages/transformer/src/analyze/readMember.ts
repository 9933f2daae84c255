import type { DefaultValue, Docs, TypeUse } from "../types/TypeView";
import type { Property, Shape } from "../model/Shape";
import { withMeta } from "../model/withCommon";
import type { Context, Path } from "./Context";
import { readDocs } from "./readDocs";
import { applyConstraints } from "./applyConstraints";

export interface MemberSource {
  readonly name: string;
  readonly use: TypeUse;
  readonly optional: boolean;
  readonly docs: Docs;
  readonly initializer?: DefaultValue;
}

/**
 * A property or parameter -> Property. Its JSDoc describes it (replacing its type's text), its
 * initializer or `@default` gives the default, and it is required when it is not optional, its type
 * has no `undefined`, it is not nullable and it has no default: the rule of Roma's mapper.
 */
export function readMember(ctx: Context, source: MemberSource, path: Path): Property {
  const { view } = ctx;
  const memberPath = [...path, { prop: source.name }];
  // An optional key whose type holds no value (`?: never`, the exclusive-or pattern's, or `?: undefined`):
  // JSON can only leave it out. A required one is a type no value has: readType says so.
  if (holdsNoValue(ctx, source.use) && (source.optional || view.classify(source.use.type) !== "never")) {
    const reading = readDocs(ctx, source.docs, memberPath);
    return { name: source.name, shape: withMeta({ kind: "any" }, reading.meta), required: false, absent: true };
  }
  let shape: Shape = ctx.read(ctx, source.use, memberPath);
  const reading = readDocs(ctx, source.docs, memberPath);
  if (reading.integer) shape = toInteger(shape);
  shape = applyConstraints(ctx, shape, reading.constraints, memberPath);

  const initial = source.initializer && "json" in source.initializer ? source.initializer.json : undefined;
  const value = initial !== undefined ? initial : reading.default;
  shape = withMeta(shape, value === undefined ? reading.meta : { ...reading.meta, default: value });

  const hasUndefined =
    view.classify(source.use.type) === "union" && view.unionMembers(source.use).some((m) => ["undefined", "void"].includes(view.classify(m.type)));
  const hasDefault = source.initializer !== undefined || reading.default !== undefined;
  const nullable = shape.nullable || (shape.kind === "primitive" && shape.type === "null");
  const required = !source.optional && !hasUndefined && !nullable && !hasDefault;
  const optional = source.optional || hasUndefined ? { optional: true as const } : {};
  return reading.key ? { name: source.name, shape, required, ...optional, key: reading.key } : { name: source.name, shape, required, ...optional };
}

/** `never`, `undefined`, `void`, or a union of only those: a type no JSON value has. */
function holdsNoValue(ctx: Context, use: MemberSource["use"]): boolean {
  const { view } = ctx;
  const empty = (kind: string) => kind === "never" || kind === "undefined" || kind === "void";
  const kind = view.classify(use.type);
  if (kind === "union") return view.unionMembers(use).every((member) => empty(view.classify(member.type)));
  return empty(kind);
}

/** `@integer` on a number (or a nullable one). */
function toInteger(shape: Shape): Shape {
  return shape.kind === "primitive" && shape.type === "number" ? { ...shape, type: "integer" } : shape;
}
