import type { EnumShape, Model, Shape } from "../model/Shape";
import { brokenConstraint, valueBreaks } from "../model/valueBreaks";
import { Code, report, type Context, type Path } from "./Context";

/**
 * What a type says that its own values break, checked once the model is whole (a literal union is
 * one enum only then, and a named type's shape is known): a default its type refuses
 * (`@exclusiveMinimum 0 @default 0`: mapArgs would fill in what the schema says no to), literals
 * under a constraint none of them meets (`@format ipv4` on `"a" | "b"`), and unique items that
 * mapping can make equal. Each is the user's mistake, said at the call with the path. Literals
 * some of which meet their constraint are not: the run-time check keeps those (toPlan), as the
 * schema's enum and keyword mean together.
 */
export function checkValues(ctx: Context, model: Model, closed: boolean): void {
  const seen = new Set<string>();
  const def = (name: string) => model.defs[name]?.shape;
  // The model is a graph: a type read once is one shape wherever it is used. Walked once each, at its first path.
  const walked = [new Set<Shape>(), new Set<Shape>()];
  const visit = (shape: Shape, path: Path, inUnion = false): void => {
    if (walked[Number(inUnion)].has(shape)) return;
    walked[Number(inUnion)].add(shape);
    const value = shape.meta?.default;
    const reason = value === undefined ? undefined : valueBreaks(shape, value, def);
    if (reason)
      report(ctx, Code.DefaultBreaksType, path, `the default ${JSON.stringify(value)} ${reason}; change the default or the type, so that the type takes it.`);
    switch (shape.kind) {
      case "enum":
        if (!inUnion) unmet(ctx, [shape], path);
        return;
      case "array":
        if (shape.constraints?.uniqueItems === true) repeatable(ctx, model, shape.items, closed, path);
        return visit(shape.items, [...path, { items: true }]);
      case "tuple":
        if (shape.constraints?.uniqueItems === true)
          repeatable(ctx, model, { kind: "union", members: [...shape.prefix, ...(shape.rest ? [shape.rest] : [])] }, closed, path);
        shape.prefix.forEach((item, index) => visit(item, [...path, { index }]));
        if (shape.rest) visit(shape.rest, [...path, { items: true }]);
        return;
      case "object":
        for (const property of shape.properties) visit(property.shape, [...path, { prop: property.name }]);
        for (const pattern of shape.patterns ?? []) visit(pattern.shape, [...path, { values: true }]);
        if (shape.additional) visit(shape.additional, [...path, { values: true }]);
        return;
      case "union":
        // `("abc" | "x") & MaxLength<2>` is `("abc" & MaxLength<2>) | ("x" & MaxLength<2>)` to the checker: one member meeting it is enough.
        if (shape.members.every((member) => member.kind === "enum")) unmet(ctx, shape.members as EnumShape[], path);
        return shape.members.forEach((member) => visit(member, path, true));
      case "ref":
        if (seen.has(shape.def) || !model.defs[shape.def]) return;
        seen.add(shape.def);
        return visit(model.defs[shape.def].shape, path);
    }
  };
  visit(model.root, []);
}

/**
 * `UniqueItems` compares the items as they came, and mapping changes some values: two items that
 * differ only by a key mapping drops, a default it fills, or the text of one date, would reach the
 * tool as equal, breaking the very rule the schema states. Said at the call, with the way out.
 */
function repeatable(ctx: Context, model: Model, items: Shape, closed: boolean, path: Path): void {
  const seen = new Set<string>();
  const known = new Map<Shape, { why: string; fix: string } | undefined>();
  const change = (shape: Shape): { why: string; fix: string } | undefined => {
    if (known.has(shape)) return known.get(shape);
    known.set(shape, undefined);
    const found = changeOf(shape);
    known.set(shape, found);
    return found;
  };
  const changeOf = (shape: Shape): { why: string; fix: string } | undefined => {
    switch (shape.kind) {
      case "date":
        return { why: "two texts of one instant are one Date once mapped", fix: 'take the dates as text (string & Format<"date-time">)' };
      case "array":
        return change(shape.items);
      case "tuple":
        return [...shape.prefix, ...(shape.rest ? [shape.rest] : [])].map(change).find(Boolean);
      case "union":
        return shape.members.map(change).find(Boolean);
      case "ref":
        if (seen.has(shape.def) || !model.defs[shape.def]) return undefined;
        seen.add(shape.def);
        return change(model.defs[shape.def].shape);
      case "object": {
        const filled = shape.properties.find((p) => !p.required && !p.absent && (p.shape.meta?.default !== undefined || p.shape.nullable));
        if (filled) return { why: `mapping fills in '${filled.name}' where an item leaves it out`, fix: `let '${filled.name}' have no default and no null` };
        // Keys no property or pattern takes are dropped, a map of patterns' keys included.
        if (!closed && !shape.additional) {
          return {
            why: "mapping drops the keys an item's type does not declare",
            fix: "pass { additionalProperties: false }, so that such keys are refused, not dropped",
          };
        }
        const values = [
          ...shape.properties.map((p) => p.shape),
          ...(shape.patterns ?? []).map((p) => p.shape),
          ...(shape.additional ? [shape.additional] : []),
        ];
        return values.map(change).find(Boolean);
      }
      default:
        return undefined;
    }
  };
  const reason = change(items);
  if (reason)
    report(ctx, Code.RepeatableItems, path, `'uniqueItems' compares items as they come, and ${reason.why}; ${reason.fix}, or check uniqueness in the tool.`);
}

function unmet(ctx: Context, shapes: readonly EnumShape[], path: Path): void {
  const entries = shapes.flatMap((shape) => shape.values.filter((value) => value !== null).map((value) => [value, shape.constraints] as const));
  const values = entries.map(([value]) => value);
  const broken = entries.map(([value, constraints]) => brokenConstraint(value, constraints));
  if (values.length === 0 || broken.some((reason) => reason === undefined)) return;
  const shown = values.slice(0, 5).map((value, i) => `${JSON.stringify(value)} breaks '${broken[i]}'`);
  const list = values.length > 5 ? `${shown.join(", ")} and ${values.length - 5} more` : shown.join(", ");
  report(ctx, Code.UnmeetableConstraint, path, `${list}; remove the constraint, or change the values so that one meets it.`);
}
