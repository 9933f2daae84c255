import type * as ts from "typescript";
import type { Compiler, CSymbol } from "../compiler/Compiler";

/**
 * A reference by which a call site can reach the class `T` names as a value, so that mapArgs<T> can
 * return an instance: a class declared in this module (its name in the type), or imported as a
 * value and used as one here (that use: an import used only as a type is elided by TypeScript, and
 * a reference to it would not exist at run time). Anything else maps to a plain object.
 */
export function findClassValue(compiler: Compiler, typeNode: ts.TypeNode, sourceFile: ts.SourceFile): ts.Identifier | undefined {
  const { syntax } = compiler;
  if (!syntax.isTypeReferenceNode(typeNode) || !syntax.isIdentifier(typeNode.typeName) || typeNode.typeArguments) return undefined;
  const local = compiler.symbolAtLocation(typeNode.typeName);
  if (!local) return undefined;
  const target = compiler.symbolIs(local, "alias") ? compiler.aliasedSymbol(local) : local;
  if (!compiler.symbolIs(target, "class")) return undefined;
  if (local === target) {
    return compiler.declarations(target).some((d) => syntax.isClassDeclaration(d) && d.getSourceFile() === sourceFile) ? typeNode.typeName : undefined;
  }
  const declaration = compiler.declarations(local)[0];
  if (!declaration || isTypeOnlyImport(compiler, declaration)) return undefined;
  return valueUse(compiler, sourceFile, local);
}

/** `import type { K }`, `import { type K }`, `import type * as m`, `import type K = …`. */
function isTypeOnlyImport(compiler: Compiler, declaration: ts.Node): boolean {
  const { syntax } = compiler;
  if (syntax.isImportSpecifier(declaration)) return declaration.isTypeOnly || typeOnlyClause(compiler, declaration.parent.parent);
  if (syntax.isNamespaceImport(declaration)) return typeOnlyClause(compiler, declaration.parent);
  if (syntax.isImportClause(declaration)) return typeOnlyClause(compiler, declaration);
  if (syntax.isImportEqualsDeclaration(declaration)) return declaration.isTypeOnly;
  return false;
}

/** TypeScript 7 (and 5.9 beside the old flag) says `import type` with a phase modifier. */
const typeOnlyClause = (compiler: Compiler, clause: ts.ImportClause) =>
  clause.isTypeOnly === true || (clause as { phaseModifier?: number }).phaseModifier === compiler.syntax.kind.TypeKeyword;

/** Where the file reads the imported name as a value, outside types and imports. */
function valueUse(compiler: Compiler, sourceFile: ts.SourceFile, symbol: CSymbol): ts.Identifier | undefined {
  const { syntax } = compiler;
  let found: ts.Identifier | undefined;
  const visit = (node: ts.Node): void => {
    if (found || syntax.isTypeNode(node) || syntax.isImportDeclaration(node)) return;
    if (syntax.isIdentifier(node) && compiler.symbolAtLocation(node) === symbol) found = node;
    else syntax.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}
