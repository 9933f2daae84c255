import type { TypeUse } from "../types/TypeView";
import type { Shape } from "../model/Shape";
import type { Context, Path } from "./Context";
import { UNSUPPORTED_KIND, UNSUPPORTED_PLATFORM } from "./platformTypes";
import { readNamed } from "./readNamed";
import { readArray, readTuple } from "./readArray";
import { readObject } from "./readObject";
import { unsupported, withTypeDocs } from "./readType";

/** Object types: platform types first (Date, File, Map…), then arrays, tuples, functions, and objects. */
export function readObjectLike(ctx: Context, use: TypeUse, path: Path): Shape {
  const { view } = ctx;
  const platform = view.platformName(use.type);
  if (platform === "Date") return { kind: "date" };
  if (platform && platform in UNSUPPORTED_PLATFORM) {
    return unsupported(ctx, path, `'${view.display(use.type)}': ${UNSUPPORTED_PLATFORM[platform]}`);
  }
  if (view.arrayElement(use)) return readArray(ctx, use, path);
  if (view.tupleElements(use)) return readTuple(ctx, use, path);
  if (view.callParameters(use.type)) return unsupported(ctx, path, UNSUPPORTED_KIND.function);
  if (view.hasConstructSignatures(use.type)) return unsupported(ctx, path, UNSUPPORTED_KIND.constructor);
  return readNamed(ctx, use, path, () => withTypeDocs(ctx, use, readObject(ctx, use, path), path));
}
