import type { TypeUse } from "../types/TypeView";
import type { Shape } from "../model/Shape";
import type { Context } from "./Context";

/** `` `user-${number}` `` -> a string whose pattern spells the template: `^user--?\d+(\.\d+)?$`. */
export function readTemplate(ctx: Context, use: TypeUse): Shape {
  return { kind: "primitive", type: "string", constraints: { pattern: templatePattern(ctx, use) } };
}

/** The pattern a template literal type's strings match. */
export function templatePattern(ctx: Context, use: TypeUse): string {
  const { texts, holes } = ctx.view.templateParts(use.type);
  let pattern = "^" + escape(texts[0]);
  holes.forEach((hole, i) => {
    pattern += holePattern(ctx, hole) + escape(texts[i + 1]);
  });
  return pattern + "$";
}

/**
 * The pattern of the keys an index signature's key type names, as JSON writes keys: `number` a
 * numeral, a template literal its pattern, a literal itself; undefined for `string` (every key) or a
 * symbol (no JSON key).
 */
export function keyPattern(ctx: Context, key: TypeUse): string | undefined {
  const kind = ctx.view.classify(key.type);
  if (kind === "templateLiteral") return templatePattern(ctx, key);
  return kind === "number" || kind === "literal" ? `^${holePattern(ctx, key)}$` : undefined;
}

function holePattern(ctx: Context, hole: TypeUse): string {
  const kind = ctx.view.classify(hole.type);
  if (kind === "number") return "-?\\d+(\\.\\d+)?";
  if (kind === "boolean") return "(true|false)";
  if (kind === "literal") return escape(String(ctx.view.literalValue(hole.type)));
  if (kind === "union") {
    const parts = ctx.view.unionMembers(hole).map((member) => holePattern(ctx, member));
    return `(${parts.join("|")})`;
  }
  return ".*";
}

function escape(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
}
