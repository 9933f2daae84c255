import type { TypeUse } from "../types/TypeView";
import type { Shape } from "../model/Shape";
import { BUDGET, Code, TooComplex, report, type Context, type Path } from "./Context";
import { unsupported } from "./unsupported";
import { withTypeDocs } from "./withTypeDocs";
import { UNSUPPORTED_KIND } from "./platformTypes";
import { readUnion } from "./readUnion";
import { readIntersection } from "./readIntersection";
import { readObjectLike } from "./readObjectLike";
import { readTemplate } from "./readTemplate";

/** TypeScript type -> Shape: one case per kind of type; problems are collected, never thrown. */
export function readType(ctx: Context, use: TypeUse, path: Path): Shape {
  if (++ctx.steps > BUDGET.steps || path.length > BUDGET.depth) throw new TooComplex();
  const shape = readKind(ctx, use, path);
  if (shape.kind === "ref") return shape;
  return withTypeDocs(ctx, use, shape, path);
}

function readKind(ctx: Context, use: TypeUse, path: Path): Shape {
  const { view } = ctx;
  const kind = view.classify(use.type);
  switch (kind) {
    case "string":
    case "number":
    case "boolean":
    case "null":
      return { kind: "primitive", type: kind };
    case "any":
    case "unknown":
      return { kind: "any" };
    case "nonPrimitive":
      return { kind: "any", object: true };
    case "literal": {
      const value = view.literalValue(use.type);
      if (typeof value === "bigint") return unsupported(ctx, path, UNSUPPORTED_KIND.bigint);
      return { kind: "enum", values: [value] };
    }
    case "undefined":
    case "void":
      return unsupported(ctx, path, UNSUPPORTED_KIND.undefined);
    case "never":
      return unsupported(ctx, path, UNSUPPORTED_KIND.never);
    case "bigint":
      return unsupported(ctx, path, UNSUPPORTED_KIND.bigint);
    case "symbol":
      return unsupported(ctx, path, UNSUPPORTED_KIND.symbol);
    case "templateLiteral":
      return readTemplate(ctx, use);
    case "union":
      return readUnion(ctx, use, path);
    case "intersection":
      return readIntersection(ctx, use, path);
    case "object":
      return readObjectLike(ctx, use, path);
    case "unresolved":
      report(
        ctx,
        Code.Unresolved,
        path,
        "TypeScript cannot resolve this type (it says why: run tsc --noEmit; a misspelt name, a missing import, or a relative import without its '.js' under nodenext), and a schema of it would accept anything.",
      );
      return { kind: "any" };
    case "typeParameter":
    case "other":
      if (view.isEnum(use.type)) {
        report(
          ctx,
          Code.ComputedEnumMember,
          path,
          `'${view.display(use.type)}' is computed (an expression, not a literal), so its value is not known when the schema is written; give the member a literal value.`,
        );
        return { kind: "any" };
      }
      report(
        ctx,
        Code.UnresolvedTypeParameter,
        path,
        `'${view.display(use.type)}' is generic here; call schemaOf with a concrete type, e.g. schemaOf<Page<Book>>().`,
      );
      return { kind: "any" };
  }
}
