import type { Common, Meta, Shape } from "./Shape";
import type { JsonValue } from "./Json";

/** A copy of `shape` with more metadata; later values win (a property's text replaces its type's). */
export function withMeta(shape: Shape, meta: Meta | undefined): Shape {
  if (!meta || Object.keys(meta).length === 0) return shape;
  return { ...shape, meta: { ...shape.meta, ...meta } };
}

export function withConstraints(shape: Shape, constraints: Record<string, JsonValue>): Shape {
  if (Object.keys(constraints).length === 0) return shape;
  return { ...shape, constraints: { ...shape.constraints, ...constraints } };
}

export function withNullable(shape: Shape): Shape {
  return shape.nullable ? shape : { ...shape, nullable: true };
}

export type { Common };
