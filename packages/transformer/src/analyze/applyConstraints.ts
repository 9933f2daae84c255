import type { Shape } from "../model/Shape";
import type { JsonValue } from "../model/Json";
import { withConstraints } from "../model/withCommon";
import { Code, report, type Context, type Path } from "./Context";
import { checkPattern } from "./checkPattern";
import { FORMATS, RULES, type ValueKind } from "@schemaof/runtime/helpers";

type Target = "string" | "number" | "array";

/** Which values each keyword constrains, and what its value must be: the runtime's keyword table. */
const KEYWORDS: Readonly<Record<string, { readonly target: Target; readonly value: ValueKind }>> = RULES;

const FORMAT_NAMES: readonly string[] = Object.keys(FORMATS);

export function isConstraintKeyword(keyword: string): boolean {
  return Object.hasOwn(KEYWORDS, keyword);
}

/**
 * Adds validation keywords to a shape after checking that each one applies to its kind
 * (`MinLength` on a number is a diagnostic) and that its value is usable.
 */
export function applyConstraints(ctx: Context, shape: Shape, constraints: Record<string, JsonValue>, path: Path): Shape {
  if (shape.kind === "union") return constrainMembers(ctx, shape, constraints, path);
  if (shape.kind === "date" && (constraints.format === "date" || constraints.format === "date-time")) {
    // A Date sent as a calendar date (`@format date`), as other generators read it; `date-time` is what a Date is anyway.
    const { format, ...rest } = constraints;
    return applyConstraints(ctx, format === "date" ? { ...shape, format: "date" } : shape, rest, path);
  }
  const kept: Record<string, JsonValue> = {};
  const target = targetOf(shape);
  for (const [keyword, value] of Object.entries(constraints)) {
    const rule = Object.hasOwn(KEYWORDS, keyword) ? KEYWORDS[keyword] : undefined;
    if (!rule) continue;
    if (rule.target !== target) {
      const what = target ? withArticle(target) : "neither a string, a number nor an array";
      report(
        ctx,
        Code.MisplacedConstraint,
        path,
        `'${keyword}' constrains ${rule.target}s, but this value is ${what}; move the tag to ${withArticle(rule.target)} or remove it.`,
      );
      continue;
    }
    const problem = checkValue(keyword, rule.value, value);
    if (problem) {
      report(ctx, problem.code, path, problem.detail);
      continue;
    }
    kept[keyword] = value;
  }
  return withConstraints(shape, kept);
}

/**
 * A union whose members are of several JSON types (`@minimum 1` on `string | number`): as JSON
 * Schema reads a keyword, it constrains the members it applies to, and is refused when it applies to none.
 */
function constrainMembers(ctx: Context, shape: Extract<Shape, { kind: "union" }>, constraints: Record<string, JsonValue>, path: Path): Shape {
  let members = shape.members;
  for (const [keyword, value] of Object.entries(constraints)) {
    const rule = Object.hasOwn(KEYWORDS, keyword) ? KEYWORDS[keyword] : undefined;
    if (!rule) continue;
    if (!members.some((member) => targetOf(member) === rule.target)) {
      report(
        ctx,
        Code.MisplacedConstraint,
        path,
        `'${keyword}' constrains ${rule.target}s, but no member of this union is ${withArticle(rule.target)}; move the tag to ${withArticle(rule.target)} or remove it.`,
      );
      continue;
    }
    const problem = checkValue(keyword, rule.value, value);
    if (problem) {
      report(ctx, problem.code, path, problem.detail);
      continue;
    }
    members = members.map((member) => (targetOf(member) === rule.target ? withConstraints(member, { [keyword]: value }) : member));
  }
  return { ...shape, members };
}

const withArticle = (target: Target) => (target === "array" ? "an array" : `a ${target}`);

function targetOf(shape: Shape): Target | undefined {
  switch (shape.kind) {
    case "primitive":
      return shape.type === "string" ? "string" : shape.type === "number" || shape.type === "integer" ? "number" : undefined;
    case "enum": {
      const types = new Set(shape.values.filter((v) => v !== null).map((v) => typeof v));
      return types.size === 1 && types.has("string") ? "string" : types.size === 1 && types.has("number") ? "number" : undefined;
    }
    case "array":
    case "tuple":
      return "array";
    default:
      return undefined;
  }
}

function checkValue(keyword: string, kind: ValueKind, value: JsonValue): { code: Code; detail: string } | undefined {
  const bad = (expected: string) => ({ code: Code.InvalidTag, detail: `'${keyword}' takes ${expected}, got ${JSON.stringify(value)}.` });
  switch (kind) {
    case "count":
      return typeof value === "number" && Number.isInteger(value) && value >= 0 ? undefined : bad("a whole number >= 0");
    case "number":
    case "positive":
      if (typeof value !== "number" || !Number.isFinite(value)) return bad("a finite number");
      return kind === "positive" && value <= 0 ? bad("a number > 0") : undefined;
    case "true":
      return value === true ? undefined : bad("true");
    case "string":
      if (typeof value !== "string") return bad("a string");
      if (keyword === "format" && !FORMAT_NAMES.includes(value)) {
        return { code: Code.InvalidTag, detail: `format '${value}' is not one schemaof checks; use one of ${FORMAT_NAMES.join(", ")}.` };
      }
      if (keyword === "pattern") {
        const verdict = checkPattern(value);
        if (!verdict.ok) return { code: verdict.invalid ? Code.InvalidPattern : Code.NonPortablePattern, detail: verdict.detail };
      }
      return undefined;
  }
}
