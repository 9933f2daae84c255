import type { Compiler, CType } from "../compiler/Compiler";

/**
 * A type argument as a definition's name spells it (`G1<"red" | "b">`, whence `G1_red_b`): as the
 * checker prints it, but with every union in source order (`orderOf`), down through arrays and
 * generic arguments; the checker prints a union in its own order (TypeScript 5 the order its
 * members were created in, anywhere in the program; TypeScript 7 sorted). A type holding no union
 * prints as the checker prints it.
 */
export function printType(compiler: Compiler, type: CType, orderOf: (union: CType) => readonly CType[], depth = 4): string {
  if (depth === 0 || !holdsUnion(compiler, type, depth)) return compiler.typeToString(type);
  const print = (inner: CType) => printType(compiler, inner, orderOf, depth - 1);
  if (compiler.classify(type) === "union") {
    const members = orderOf(type);
    // The checker writes an enum's members its own way (`Color`, `Color.Red`): as it prints them.
    if (members.some(isEnumMember(compiler))) return compiler.typeToString(type);
    const parts: string[] = [];
    for (const member of members) {
      // `false | true` is `boolean`, where the first of the two stands.
      const part = compiler.classify(member) === "literal" && typeof compiler.literalValue(member) === "boolean" ? "boolean" : print(member);
      if (part !== "boolean" || !parts.includes("boolean")) parts.push(part);
    }
    return parts.join(" | ");
  }
  const element = compiler.arrayElement(type);
  if (element) {
    const inner = print(element);
    return compiler.classify(element) === "union" ? `(${inner})[]` : `${inner}[]`;
  }
  const args = compiler.aliasOf(type)?.args ?? compiler.genericArguments(type);
  const text = compiler.typeToString(type);
  const open = text.indexOf("<");
  if (!args?.length || open < 0 || !text.endsWith(">")) return text;
  return `${text.slice(0, open)}<${args.map(print).join(", ")}>`;
}

/** Whether a union shows in how the type prints: itself, an array's items, a generic's arguments. */
function holdsUnion(compiler: Compiler, type: CType, depth: number): boolean {
  if (compiler.classify(type) === "union") return true;
  if (depth <= 1) return false;
  const element = compiler.arrayElement(type);
  if (element) return holdsUnion(compiler, element, depth - 1);
  const args = compiler.aliasOf(type)?.args ?? compiler.genericArguments(type) ?? [];
  return args.some((arg) => holdsUnion(compiler, arg, depth - 1));
}

const isEnumMember = (compiler: Compiler) => (type: CType) => {
  const symbol = compiler.symbolOf(type);
  return symbol !== undefined && compiler.symbolIs(symbol, "enumMember");
};
