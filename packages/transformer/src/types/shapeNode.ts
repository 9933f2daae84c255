import type * as ts from "typescript";
import type { Compiler } from "../compiler/Compiler";
import { symbolNamed } from "../compiler/symbolNamed";

/**
 * The node that spells a written type's shape: through parentheses (`((10 | -1)[])[]`'s items are
 * `(10 | -1)[]`) and aliases without parameters (`type Pair = ["y" | "x", 30 | 20]`, used as
 * `Pair`), each of which denotes the very type it names. Where the node is read for its members
 * (an array's items, a tuple's elements, a union's or an intersection's members), each then keeps
 * the node it was written with, and its order.
 */
export function shapeNode(compiler: Compiler, node: ts.TypeNode | undefined): ts.TypeNode | undefined {
  const { syntax } = compiler;
  for (let depth = 0; node && depth < 16; depth++) {
    if (syntax.isParenthesizedTypeNode(node)) node = node.type;
    else if (syntax.isTypeReferenceNode(node) && !node.typeArguments) {
      const symbol = symbolNamed(compiler, node.typeName);
      const alias = symbol && compiler.symbolIs(symbol, "typeAlias") ? compiler.declarations(symbol).find(syntax.isTypeAliasDeclaration) : undefined;
      // A generic alias's body speaks of its parameters, not of what this use gave them.
      if (!alias || alias.typeParameters) return node;
      node = alias.type;
    } else return node;
  }
  return node;
}
