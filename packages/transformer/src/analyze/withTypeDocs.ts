import type { TypeUse } from "../types/TypeView";
import type { Shape } from "../model/Shape";
import { withMeta } from "../model/withCommon";
import type { Context, Path } from "./Context";
import { readDocs } from "./readDocs";
import { applyConstraints } from "./applyConstraints";

/** A type alias's, interface's or enum's JSDoc: description, annotations and constraint tags. */
export function withTypeDocs(ctx: Context, use: TypeUse, shape: Shape, path: Path): Shape {
  const docs = ctx.view.typeDocs(use);
  if (!docs) return shape;
  const reading = readDocs(ctx, docs, path);
  const typed = reading.integer && shape.kind === "primitive" && shape.type === "number" ? { ...shape, type: "integer" as const } : shape;
  const constrained = applyConstraints(ctx, typed, reading.constraints, path);
  return withMeta(constrained, reading.default === undefined ? reading.meta : { ...reading.meta, default: reading.default });
}
