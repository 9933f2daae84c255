import type { DefaultValue, TypeUse } from "../types/TypeView";
import type { ObjectShape, Property, Shape } from "../model/Shape";
import { foldDottedKeys } from "../model/dottedKeys";
import { Code, report, type Context, type Path } from "./Context";
import { readMember } from "./readMember";
import { TAG_PROPERTY } from "./tagProperty";
import { keyPattern } from "./readTemplate";

/**
 * An interface, type literal, class instance or merged intersection -> object. Only public data
 * fields describe arguments: methods, accessors and private members are left out.
 * `bindings` are a destructured parameter's defaults, by property name.
 */
export function readObject(ctx: Context, use: TypeUse, path: Path, bindings?: ReadonlyMap<string, DefaultValue | undefined>): Shape {
  const { view } = ctx;
  const properties: Property[] = [];
  for (const property of view.properties(use)) {
    if (property.member !== "field" || property.visibility !== "public" || property.name === TAG_PROPERTY) continue;
    const at = [...path, { prop: property.name }];
    // JavaScript reads `__proto__` as the prototype, and validators disagree on it (ajv skips it entirely).
    if (property.name === "__proto__") {
      report(ctx, Code.Unsupported, at, "a property named '__proto__' is the prototype to JavaScript, and validators disagree on it; rename it.");
      continue;
    }
    // Silently `{}` and required, an untyped property would take anything a model sends.
    if (property.untyped) {
      report(
        ctx,
        Code.Unresolved,
        at,
        "declared with no type and nothing to infer one from, so TypeScript gives it `any` and a schema of it would accept anything; give it a type.",
      );
      continue;
    }
    const initializer = bindings?.get(property.name) ?? property.initializer;
    const { name, use, optional, docs } = property;
    properties.push(readMember(ctx, { name, use, optional, docs, initializer }, path));
  }
  const clashes = foldDottedKeys(properties).clashes;
  for (const clash of clashes) {
    report(ctx, Code.DottedKeyClash, [...path, { prop: clash }], `'${clash}' is both a property and the parent of a dotted '@key'; rename one of them.`);
  }
  // A plain `string` key takes every key the properties leave; a number, template or union key takes those of its pattern.
  const index = view.stringIndex(use.type);
  const additional = index ? ctx.read(ctx, index, [...path, { values: true }]) : undefined;
  const patterns: { pattern: string; shape: Shape }[] = [];
  for (const keyed of view.keyedIndexes(use.type)) {
    const keys = view.classify(keyed.key.type) === "union" ? view.unionMembers(keyed.key) : [keyed.key];
    const value = ctx.read(ctx, keyed.value, [...path, { values: true }]);
    for (const key of keys) {
      const pattern = keyPattern(ctx, key);
      if (pattern !== undefined && !patterns.some((known) => known.pattern === pattern)) patterns.push({ pattern, shape: value });
    }
  }
  const shape: ObjectShape = {
    kind: "object",
    properties,
    ...(additional ? { additional } : {}),
    ...(patterns.length > 0 ? { patterns } : {}),
    ...(view.isClass(use.type) ? { className: view.nameOf(use.type) } : {}),
  };
  return shape;
}
