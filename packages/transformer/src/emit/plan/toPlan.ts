import type { Literal, Plan, PlanNode, PropertyPlan, Rules } from "@schemaof/runtime/helpers";
import type { Model, Property, Shape } from "../../model/Shape";
import { MAX_NODES, SchemaTooLarge, type EmitOptions } from "../schema/toJsonSchema";
import { foldDottedKeys, type FoldedProperty } from "../../model/dottedKeys";
import { expectsText, unionText } from "@schemaof/runtime/plan";
import { discriminatorValues } from "../../model/findDiscriminator";
import { brokenConstraint } from "../../model/valueBreaks";

/** A plan before the host adds its generated code: the rules, as data. */
export type PlanData = Omit<Plan, "check" | "coerce" | "cls"> & { readonly root: PlanNode };

export interface PlanOptions extends EmitOptions {
  /**
   * The arguments come as a provider's model sends them for a schema that lists every property as
   * required (openai-strict): `null` for an optional property left out. Such a `null` is read as the
   * key left out, where null is not one of the property's own values.
   */
  readonly nullsAbsent?: boolean;
}

/**
 * Model -> the run-time plan that mapArgs/validateArgs read (`Plan` in @schemaof/runtime): the same
 * rules as the schema, plus what mapping needs. Recursive types stay references into `defs`;
 * everything else is inlined.
 */
export function toPlan(model: Model, options: PlanOptions, call?: "positional" | "single"): PlanData {
  let nodes = 0;
  const defs: Record<string, PlanNode> = {};
  const building = new Set<string>();

  function node(shape: Shape): PlanNode {
    if (++nodes > MAX_NODES) throw new SchemaTooLarge();
    const out = kind(shape);
    return shape.nullable ? { ...out, nullable: true } : out;
  }

  // The model's constraints are the keywords applyConstraints accepted, with values of their JSON types.
  function rules(shape: Shape): { rules?: Rules } {
    return shape.constraints && Object.keys(shape.constraints).length ? { rules: { ...(shape.constraints as Rules) } } : {};
  }

  function kind(shape: Shape): PlanNode {
    switch (shape.kind) {
      case "any":
        // openai-strict closes every object, so any object is one that takes no key there: a null under a key is one left out.
        if (shape.object) return options.nullsAbsent ? { kind: "any", object: true, nullsAbsent: true } : { kind: "any", object: true };
        return { kind: "any" };
      case "primitive":
        if (shape.type === "integer") return { kind: "number", integer: true, ...rules(shape) };
        if (shape.type === "string" || shape.type === "number") return { kind: shape.type, ...rules(shape) };
        return { kind: shape.type };
      case "enum": {
        // Literals under a constraint (`@minimum 15` on `21 | 10`): only those that meet it pass, as the schema's enum and keyword do together.
        const kept = shape.values
          .map((value, i) => ({ value, name: shape.names?.[i] }))
          .filter(({ value }) => value === null || brokenConstraint(value, shape.constraints) === undefined);
        const values = kept.map(({ value }) => value);
        return kept.some(({ name }) => name !== undefined) ? { kind: "enum", values, names: kept.map(({ name }) => name ?? "") } : { kind: "enum", values };
      }
      case "date":
        return shape.format ? { kind: "date", format: shape.format } : { kind: "date" };
      case "array":
        return { kind: "array", items: node(shape.items), ...rules(shape) };
      case "tuple":
        return { kind: "tuple", prefix: shape.prefix.map(node), minItems: shape.minItems, ...(shape.rest ? { rest: node(shape.rest) } : {}), ...rules(shape) };
      case "object": {
        const properties = toProperties(foldDottedKeys(shape.properties).entries);
        // Keys of a pattern: checked against each pattern they match, before `additional` (JSON Schema's patternProperties).
        const patterns = shape.patterns?.map(({ pattern, shape: value }) => [pattern, node(value)] as const);
        const out = { kind: "object" as const, properties, ...(patterns ? { patterns } : {}) };
        return shape.additional ? { ...out, additional: node(shape.additional), ...closed(false) } : { ...out, ...closed(true) };
      }
      case "union": {
        const members = shape.members.map(node);
        const resolve = (n: PlanNode): PlanNode => (n.kind === "ref" && defs[n.to] ? defs[n.to] : n);
        if (shape.discriminator === undefined) return { kind: "union", members, summary: unionText(members, shape.nullable === true, resolve) };
        const values: Literal[] = discriminatorValues(shape.members, shape.discriminator, (def) => model.defs[def]?.shape) ?? [];
        const summary = unionText(members, shape.nullable === true, resolve, { key: shape.discriminator, values });
        return { kind: "union", members, summary, discriminator: shape.discriminator, discriminatorValues: values };
      }
      case "ref": {
        const def = model.defs[shape.def];
        if (!def.recursive) return node(def.shape);
        if (!(shape.def in defs) && !building.has(shape.def)) {
          // Marked while it is read, so a reference to itself inside stays a reference.
          building.add(shape.def);
          defs[shape.def] = node(def.shape);
          building.delete(shape.def);
        }
        return { kind: "ref", to: shape.def };
      }
    }
  }

  /** Properties by input key; a `@key` group's fields land in the parent (`flat`). */
  function toProperties(entries: readonly FoldedProperty[]): PropertyPlan[] {
    return entries.map((entry): PropertyPlan => {
      if (entry.kind === "leaf") return leaf(entry.property, entry.key);
      const plan: PlanNode = { kind: "object", properties: toProperties(entry.members), ...closed(true) };
      return { key: entry.key, flat: true, plan, ...(entry.required ? { required: true, expects: "" } : nullAbsent(false)) };
    });
  }

  /**
   * The run-time twin of `additionalProperties: false` on an object of fixed keys (none is a fixed set
   * too: `{}` takes no key), not on a map; and whether a null is a key left out.
   */
  function closed(fixed: boolean): { closed?: true; nullsAbsent?: true } {
    return { ...(options.additionalProperties === false && fixed ? { closed: true } : {}), ...(options.nullsAbsent ? { nullsAbsent: true } : {}) };
  }

  function leaf(property: Property, key: string): PropertyPlan {
    if (property.absent) return { key, plan: { kind: "any" }, absent: true };
    const plan = node(property.shape);
    const fallback = property.shape.meta?.default;
    return {
      key,
      plan,
      ...(property.required ? { required: true, expects: expectsText(plan) } : nullAbsent(acceptsNull(property.shape))),
      ...(property.optional ? { optional: true } : {}),
      ...(fallback !== undefined ? { default: fallback } : {}),
      ...(property.name !== key ? { name: property.name } : {}),
    };
  }

  function nullAbsent(nullable: boolean): { nullAbsent?: true } {
    return options.nullsAbsent && !nullable ? { nullAbsent: true } : {};
  }

  /** Whether null is one of the shape's own values (a reference is followed once). */
  function acceptsNull(shape: Shape, seen = new Set<string>()): boolean {
    if (shape.nullable) return true;
    switch (shape.kind) {
      case "any":
        return !shape.object;
      case "primitive":
        return shape.type === "null";
      case "enum":
        return shape.values.includes(null);
      case "union":
        return shape.members.some((member) => acceptsNull(member, seen));
      case "ref":
        if (seen.has(shape.def)) return false;
        seen.add(shape.def);
        return acceptsNull(model.defs[shape.def].shape, seen);
      default:
        return false;
    }
  }

  const root = node(model.root);
  return {
    "~plan": 1,
    root,
    ...(Object.keys(defs).length ? { defs } : {}),
    ...(call ? { call } : {}),
    // The argument tuple is read off the result by the parameters' names, in order.
    ...(call === "positional" && root.kind === "object" ? { names: root.properties.map((property) => property.key) } : {}),
  };
}
