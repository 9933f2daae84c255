import type * as ts from "typescript";

/**
 * The name by which a call site can reach the class `T` names as a value, so that mapArgs<T> can
 * return an instance: a class declared in this module, or imported as a value and used as one here
 * (an import used only as a type is elided by TypeScript, and a reference to it would not exist at
 * run time). Anything else maps to a plain object.
 */
export function findClassValue(tsi: typeof ts, checker: ts.TypeChecker, typeNode: ts.TypeNode, sourceFile: ts.SourceFile): string | undefined {
  if (!tsi.isTypeReferenceNode(typeNode) || !tsi.isIdentifier(typeNode.typeName) || typeNode.typeArguments) return undefined;
  const local = checker.getSymbolAtLocation(typeNode.typeName);
  if (!local) return undefined;
  const name = typeNode.typeName.text;
  const target = local.flags & tsi.SymbolFlags.Alias ? checker.getAliasedSymbol(local) : local;
  if (!(target.flags & tsi.SymbolFlags.Class)) return undefined;
  if (local === target) {
    return target.declarations?.some((d) => tsi.isClassDeclaration(d) && d.getSourceFile() === sourceFile) ? name : undefined;
  }
  const declaration = local.declarations?.[0];
  if (!declaration || tsi.isTypeOnlyImportDeclaration?.(declaration)) return undefined;
  return usedAsValue(tsi, checker, sourceFile, local) ? name : undefined;
}

function usedAsValue(tsi: typeof ts, checker: ts.TypeChecker, sourceFile: ts.SourceFile, symbol: ts.Symbol): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (tsi.isIdentifier(node) && !tsi.isPartOfTypeNode(node) && !tsi.isImportSpecifier(node.parent) && !tsi.isImportClause(node.parent)) {
      if (checker.getSymbolAtLocation(node) === symbol) found = true;
    }
    if (!tsi.isTypeNode(node)) tsi.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}
