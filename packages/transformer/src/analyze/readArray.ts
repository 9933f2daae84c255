import type { TypeUse } from "../types/TypeView";
import type { Shape } from "../model/Shape";
import type { Context, Path } from "./Context";

/** `T[]`, `readonly T[]`, `Array<T>` -> `{"type":"array","items":S}`. */
export function readArray(ctx: Context, use: TypeUse, path: Path): Shape {
  const element = ctx.view.arrayElement(use)!;
  return { kind: "array", items: ctx.read(ctx, element, [...path, { items: true }]) };
}

/**
 * `[A, B?]` -> prefixItems with minItems lowered by the optional slots; `[A, ...B[]]` -> prefix
 * then items. `[T, ...T[]]` (NonEmptyArray<T>) is an array of T with `minItems` 1.
 */
export function readTuple(ctx: Context, use: TypeUse, path: Path): Shape {
  const { view } = ctx;
  const elements = view.tupleElements(use)!;
  const restIndex = elements.findIndex((element) => element.rest);
  const fixed = restIndex < 0 ? elements : elements.slice(0, restIndex);
  const rest = restIndex < 0 ? undefined : elements[restIndex];
  if (restIndex >= 0 && restIndex !== elements.length - 1) {
    // `[...A[], B]`: JSON Schema cannot say "the last one"; the array of either is the closest honest shape.
    const union = elements.map((element) => ctx.read(ctx, element.use, [...path, { items: true }]));
    return { kind: "array", items: union.length === 1 ? union[0] : { kind: "union", members: union } };
  }
  const minItems = fixed.filter((element) => !element.optional).length;
  if (rest && fixed.every((element) => !element.optional && view.idOf(element.use.type) === view.idOf(rest.use.type))) {
    const items = ctx.read(ctx, rest.use, [...path, { items: true }]);
    return minItems > 0 ? { kind: "array", items, constraints: { minItems } } : { kind: "array", items };
  }
  const prefix = fixed.map((element, index) => ctx.read(ctx, element.use, [...path, { index }]));
  const restShape = rest ? ctx.read(ctx, rest.use, [...path, { items: true }]) : undefined;
  return restShape ? { kind: "tuple", prefix, minItems, rest: restShape } : { kind: "tuple", prefix, minItems };
}
