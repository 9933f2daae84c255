import type * as ts from "typescript";
import type { Compiler, CSymbol } from "./Compiler";

/** The symbol a name stands for, through imports: `Limit` of `import { Limit } from "./limits"` is the alias declared there. */
export function symbolNamed(compiler: Compiler, name: ts.Node): CSymbol | undefined {
  const symbol = compiler.symbolAtLocation(name);
  return symbol && compiler.symbolIs(symbol, "alias") ? compiler.aliasedSymbol(symbol) : symbol;
}
