import type { TypeUse, TypeView } from "../types/TypeView";
import type { Shape } from "../model/Shape";
import type { JsonValue } from "../model/Json";
import { Code, report, type Context, type Path } from "./Context";
import { applyConstraints } from "./applyConstraints";
import { readObjectLike } from "./readObjectLike";
import { TAG_PROPERTY } from "./tagProperty";

/**
 * An intersection is either a tagged type (`number & Minimum<1> & Maximum<100>`), a branded
 * primitive or array (`string & { __brand: "Id" }`, read as the primitive), or objects merged into one.
 */
export function readIntersection(ctx: Context, use: TypeUse, path: Path): Shape {
  const { view } = ctx;
  const constraints: Record<string, JsonValue> = {};
  const rest: TypeUse[] = [];
  for (const member of view.intersectionMembers(use)) {
    const tag = readTag(ctx, member, path);
    if (tag) Object.assign(constraints, tag);
    else rest.push(member);
  }
  const primitives = rest.filter((member) => view.classify(member.type) !== "object");
  // JSON gives an array no named members: `string[] & { __brand?: "tag" }` is a branded array, read as the array.
  const arrays = rest.filter((member) => view.arrayElement(member) || view.tupleElements(member));
  let shape: Shape;
  if (rest.length === 1) shape = ctx.read(ctx, rest[0], path);
  else if (primitives.length === 1) shape = ctx.read(ctx, primitives[0], path);
  else if (primitives.length === 0 && arrays.length === 1) shape = ctx.read(ctx, arrays[0], path);
  else if (primitives.length === 0) shape = readObjectLike(ctx, use, path);
  else {
    report(ctx, Code.Unsupported, path, `'${view.display(use.type)}' has no values a model could send; remove one side of the intersection.`);
    return { kind: "any" };
  }
  if (constraints.type === "integer") {
    delete constraints.type;
    if (shape.kind === "primitive" && shape.type === "number") shape = { ...shape, type: "integer" };
  }
  return applyConstraints(ctx, shape, constraints, path);
}

/**
 * Tag readings by type, per view: `Minimum<1>` is one type wherever it is written, so a project
 * with hundreds of tagged properties reads each distinct tag once. A tag with a problem is not
 * kept, so every call site that uses it reports it.
 */
const tagCache = new WeakMap<TypeView, Map<number, Record<string, JsonValue> | null>>();

function readTag(ctx: Context, use: TypeUse, path: Path): Record<string, JsonValue> | undefined {
  const { view } = ctx;
  if (view.classify(use.type) !== "object") return undefined;
  let cache = tagCache.get(view);
  if (!cache) tagCache.set(view, (cache = new Map()));
  const id = view.idOf(use.type);
  const known = cache.get(id);
  if (known !== undefined) return known ?? undefined;
  const problems = ctx.problems.length;
  const tag = readTagOnce(ctx, use, path);
  if (ctx.problems.length === problems) cache.set(id, tag ?? null);
  return tag;
}

/** `Tag<"minimum", 1>` is `{ "~schemaof"?: { minimum: 1 } }`: its keywords, or undefined for other types. */
function readTagOnce(ctx: Context, use: TypeUse, path: Path): Record<string, JsonValue> | undefined {
  const { view } = ctx;
  const properties = view.properties(use);
  const tag = properties.find((p) => p.name === TAG_PROPERTY);
  if (!tag || properties.length !== 1) return undefined;
  const out: Record<string, JsonValue> = {};
  const carriers = view.classify(tag.use.type) === "union" ? view.unionMembers(tag.use) : [tag.use];
  for (const carrier of carriers) {
    if (view.classify(carrier.type) !== "object") continue;
    for (const keyword of view.properties(carrier)) {
      const valueType = view.classify(keyword.use.type);
      if (valueType !== "literal") {
        report(ctx, Code.InvalidTag, path, `the '${keyword.name}' tag needs a literal value, got '${view.display(keyword.use.type)}'.`);
        continue;
      }
      const value = view.literalValue(keyword.use.type);
      out[keyword.name] = typeof value === "bigint" ? Number(value) : value;
    }
  }
  return out;
}
