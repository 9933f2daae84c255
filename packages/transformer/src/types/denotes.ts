import type * as ts from "typescript";
import type { Compiler, CType } from "../compiler/Compiler";

/**
 * Whether a type node still denotes a type: the very type, or the type less the `undefined` that
 * an optional property or parameter adds to it (`sort?: "a" | "b"` is `"a" | "b" | undefined`).
 */
export function denotes(compiler: Compiler, node: ts.TypeNode, type: CType): boolean {
  const written = compiler.typeFromTypeNode(node);
  if (written === type) return true;
  if (!isUnion(compiler, type)) return false;
  const members = compiler.members(type).filter((member) => compiler.classify(member) !== "undefined");
  const writtenMembers = isUnion(compiler, written) ? compiler.members(written) : [written];
  return members.length === writtenMembers.length && members.every((member) => writtenMembers.includes(member));
}

/** `boolean` is the union `false | true` to the checker, and ordered as one. */
export const isUnion = (compiler: Compiler, type: CType) => ["union", "boolean"].includes(compiler.classify(type));
