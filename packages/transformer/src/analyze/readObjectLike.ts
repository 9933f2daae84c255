import type { TypeUse } from "../types/TypeView";
import type { Shape } from "../model/Shape";
import type { Context, Path } from "./Context";
import { UNSUPPORTED_KIND, UNSUPPORTED_PLATFORM } from "./platformTypes";
import { readNamed } from "./readNamed";
import { readArray, readTuple } from "./readArray";
import { readObject } from "./readObject";
import { unsupported } from "./unsupported";
import { withTypeDocs } from "./withTypeDocs";

/** Object types: platform types first (Date, File, Map…), then arrays, tuples, functions, and objects. */
export function readObjectLike(ctx: Context, use: TypeUse, path: Path): Shape {
  const { view } = ctx;
  const platform = view.platformName(use.type);
  if (platform === "Date") return { kind: "date" };
  if (platform && platform in UNSUPPORTED_PLATFORM) {
    return unsupported(ctx, path, `'${view.display(use.type)}': ${UNSUPPORTED_PLATFORM[platform]}`);
  }
  const form = ctx.rawDepth === path.length ? undefined : view.jsonForm(use.type);
  // `toJSON(): this`, or the type itself, changes nothing.
  if (form && view.idOf(form.type) !== view.idOf(use.type) && view.classify(form.type) !== "typeParameter") return readJsonForm(ctx, use, form, path);
  if (view.arrayElement(use)) return readArray(ctx, use, path);
  if (view.tupleElements(use)) return readTuple(ctx, use, path);
  if (view.callParameters(use.type)) return unsupported(ctx, path, UNSUPPORTED_KIND.function);
  if (view.hasConstructSignatures(use.type)) return unsupported(ctx, path, UNSUPPORTED_KIND.constructor);
  return readNamed(ctx, use, path, () => withTypeDocs(ctx, use, readObject(ctx, use, path), path));
}

/**
 * A type with a `toJSON()` (a class with private state, a value object) travels as what that
 * returns, as JSON.stringify writes it: that is the schema, with the type's own description
 * (readType adds it, except to a named result, which it leaves to that result's definition).
 */
function readJsonForm(ctx: Context, use: TypeUse, form: TypeUse, path: Path): Shape {
  ctx.serialized.push({ path, type: ctx.view.display(use.type), form: ctx.view.display(form.type) });
  const outer = ctx.rawDepth;
  ctx.rawDepth = path.length;
  try {
    const shape = ctx.read(ctx, form, path);
    return shape.kind === "ref" ? withTypeDocs(ctx, use, shape, path) : shape;
  } finally {
    ctx.rawDepth = outer;
  }
}
