import type { TypeClass } from "../types/TypeView";

/** The flags every TypeScript names alike, whatever numbers it gives them. */
type TypeFlagNames =
  | "Any"
  | "Unknown"
  | "Never"
  | "Boolean"
  | "StringLiteral"
  | "NumberLiteral"
  | "BooleanLiteral"
  | "BigIntLiteral"
  | "String"
  | "Number"
  | "BigInt"
  | "ESSymbolLike"
  | "Null"
  | "Undefined"
  | "Void"
  | "Union"
  | "Intersection"
  | "NonPrimitive"
  | "TemplateLiteral"
  | "TypeParameter"
  | "Object";

/**
 * A type's flags -> what kind of type it is to schemaof; TypeScript 5, 6 and 7 each pass their own
 * TypeFlags. `intrinsicName` tells the `any` TypeScript puts where a type does not resolve ("error").
 */
export function classifyFlags(flags: number, TypeFlags: Readonly<Record<TypeFlagNames, number>>, intrinsicName?: string): TypeClass {
  if (flags & TypeFlags.Any) return intrinsicName === "error" ? "unresolved" : "any";
  if (flags & TypeFlags.Unknown) return "unknown";
  if (flags & TypeFlags.Never) return "never";
  if (flags & TypeFlags.Boolean) return "boolean";
  if (flags & (TypeFlags.StringLiteral | TypeFlags.NumberLiteral | TypeFlags.BooleanLiteral | TypeFlags.BigIntLiteral)) return "literal";
  if (flags & TypeFlags.String) return "string";
  if (flags & TypeFlags.Number) return "number";
  if (flags & TypeFlags.BigInt) return "bigint";
  if (flags & TypeFlags.ESSymbolLike) return "symbol";
  if (flags & TypeFlags.Null) return "null";
  if (flags & TypeFlags.Undefined) return "undefined";
  if (flags & TypeFlags.Void) return "void";
  if (flags & TypeFlags.Union) return "union";
  if (flags & TypeFlags.Intersection) return "intersection";
  if (flags & TypeFlags.NonPrimitive) return "nonPrimitive";
  if (flags & TypeFlags.TemplateLiteral) return "templateLiteral";
  if (flags & TypeFlags.TypeParameter) return "typeParameter";
  if (flags & TypeFlags.Object) return "object";
  return "other";
}

/** An index signature's key type's flags -> which key it is (`[key: string]`, `[index: number]`, a symbol or template key). */
export function indexKeyOf(flags: number, TypeFlags: Readonly<Record<TypeFlagNames, number>>): "string" | "number" | "other" {
  return flags & TypeFlags.String ? "string" : flags & TypeFlags.Number ? "number" : "other";
}
