import type * as ts from "typescript";
import type { JsonValue } from "../model/Json";
import type { CallRewrite, Constant, FileRewrite, Piece } from "../rewrite/Rewrite";
import { propertyName, toSource } from "../print/toSource";
import { HELPERS_MODULE, boundToAll, constantText } from "./constantText";

/**
 * A file's rewrite as AST, for the ts-patch host: each call replaced, the constants declared after
 * the imports, the helpers imported first; TypeScript's printer and module transform do the rest.
 *
 *   const schema = schemaOf<SearchInput>();
 *   ->
 *   const schema_1 = { type: "object", properties: { … }, required: ["query"] };
 *   const schema = schema_1;
 */
export function toAst(tsi: typeof ts, context: ts.TransformationContext, sourceFile: ts.SourceFile, rewrite: FileRewrite): ts.SourceFile {
  const { factory } = context;
  const names = new Map<Constant, ts.Identifier>();
  // The generated checks are ES2015 syntax (const, arrow functions, for…of, spread). For a program
  // that targets less, TypeScript brings them down as it does the user's code; otherwise they are the
  // text every host prints. (They call ES2015 built-ins either way: Set, Number.isInteger, a `u` RegExp.)
  const target = scriptTarget(tsi, context.getCompilerOptions());
  // A CommonJS module hands its checks every helper at once (see boundToAll).
  const commonJs = rewrite.helpers && emitsCommonJs(tsi, context.getCompilerOptions(), sourceFile) ? rewrite.helpers : undefined;
  const code = (text: string): ts.Expression => factory.createIdentifier(target < tsi.ScriptTarget.ES2015 ? downleveled(tsi, text, target) : text);

  const declarations = rewrite.constants.map((constant) => {
    const name = factory.createUniqueName(constant.kind);
    names.set(constant, name);
    const declaration = factory.createVariableDeclaration(name, undefined, undefined, constantExpression(constant));
    const statement = factory.createVariableStatement(undefined, factory.createVariableDeclarationList([declaration], tsi.NodeFlags.Const));
    // In a source map the constant stands where the call that first needed it wrote its type.
    if (constant.origin) tsi.setSourceMapRange(statement, { pos: constant.origin.getStart(sourceFile), end: constant.origin.end });
    return statement;
  });

  // The schema and the check as text: an identifier node whose text is the whole literal (see toSource).
  function constantExpression(constant: Constant): ts.Expression {
    // A schema is a JSON literal, which every target reads as it is.
    if (constant.kind === "schema") return factory.createIdentifier(constantText(constant));
    if (!constant.classRef) return code(constantText(constant, undefined, commonJs));
    // `cls: () => Loan` is a real reference, which TypeScript emits as it emits the user's own (`loan_js_1.Loan` in CommonJS).
    const reference = factory.createIdentifier(constant.classRef.text);
    tsi.setOriginalNode(reference, constant.classRef);
    const properties = constant.entries.map(([key, text]) =>
      factory.createPropertyAssignment(propertyNode(key!), code(commonJs ? boundToAll(key, text, commonJs) : text)),
    );
    const arrow = factory.createArrowFunction(undefined, undefined, [], undefined, factory.createToken(tsi.SyntaxKind.EqualsGreaterThanToken), reference);
    return factory.createObjectLiteralExpression([...properties, factory.createPropertyAssignment("cls", arrow)]);
  }

  /** A key as the text hosts print it alike (see propertyName): bare, quoted, or `["__proto__"]`. */
  function propertyNode(key: string): ts.PropertyName {
    return factory.createIdentifier(propertyName(key));
  }

  function json(value: JsonValue): ts.Expression {
    if (typeof value === "string") return factory.createStringLiteral(value);
    if (typeof value === "number" && value >= 0) return factory.createNumericLiteral(value);
    if (typeof value === "boolean") return value ? factory.createTrue() : factory.createFalse();
    return factory.createIdentifier(toSource(value));
  }

  function piece(part: Piece): ts.Expression {
    if ("constant" in part) return names.get(part.constant)!;
    if ("json" in part) return json(part.json);
    if ("object" in part)
      return factory.createObjectLiteralExpression(part.object.map(([key, value]) => factory.createPropertyAssignment(propertyNode(key), piece(value))));
    return visit(part.receiver) as ts.Expression;
  }

  function render(rewrite: CallRewrite): ts.Expression {
    if (rewrite.kind === "replace") return piece(rewrite.by);
    const { call } = rewrite;
    const kept = Array.from({ length: rewrite.keep }, (_, i) => (call.arguments[i] ? (visit(call.arguments[i]) as ts.Expression) : factory.createVoidZero()));
    // A helper in the callee's place is source text, as the constants are (`__schemaof.mapRepairing`).
    const callee = rewrite.callee ? factory.createIdentifier(rewrite.callee) : (visit(call.expression) as ts.Expression);
    return factory.updateCallExpression(call, callee, undefined, [...kept, ...rewrite.add.map(piece)]);
  }

  // Only the paths that lead to a rewritten call are rebuilt.
  const byCall = new Map(rewrite.calls.map((call) => [call.call as ts.Node, call]));
  const spans = rewrite.calls.map(({ call }) => [call.pos, call.end] as const);
  const leadsToCall = (node: ts.Node) => spans.some(([pos, end]) => node.pos <= pos && end <= node.end);
  function visit(node: ts.Node): ts.Node {
    if (!leadsToCall(node)) return node;
    const call = byCall.get(node);
    return call ? render(call) : tsi.visitEachChild(node, visit, context);
  }

  const visited = tsi.visitEachChild(sourceFile, visit, context);
  if (declarations.length === 0) return visited;
  // After the imports, so the constants read like the module's first lines.
  const statements = [...visited.statements];
  let at = 0;
  while (
    at < statements.length &&
    (tsi.isImportDeclaration(statements[at]) || tsi.isImportEqualsDeclaration(statements[at]) || isPrologue(tsi, statements[at]))
  )
    at++;
  statements.splice(at, 0, ...declarations);
  if (rewrite.helpers) {
    // `import * as __schemaof from "@schemaof/runtime/helpers"`, after any prologue ("use strict"). In
    // a file emitted as CommonJS, `import __schemaof = require(…)`: TypeScript emits that as a plain
    // `require`, where a namespace import brings its `__importStar` helpers (1.2 KB) into every module.
    let first = 0;
    while (first < statements.length && isPrologue(tsi, statements[first])) first++;
    const name = factory.createIdentifier(rewrite.helpers);
    const module = factory.createStringLiteral(HELPERS_MODULE);
    statements.splice(
      first,
      0,
      emitsCommonJs(tsi, context.getCompilerOptions(), sourceFile)
        ? factory.createImportEqualsDeclaration(undefined, false, name, factory.createExternalModuleReference(module))
        : factory.createImportDeclaration(undefined, factory.createImportClause(false, undefined, factory.createNamespaceImport(name)), module),
    );
  }
  return factory.updateSourceFile(visited, statements);
}

/** Whether TypeScript emits the file as CommonJS: `module: commonjs`, or a node module setting where the file is CommonJS. */
function emitsCommonJs(tsi: typeof ts, options: ts.CompilerOptions, sourceFile: ts.SourceFile): boolean {
  const { ModuleKind } = tsi;
  if (options.module === ModuleKind.CommonJS) return true;
  const node = options.module !== undefined && options.module >= ModuleKind.Node16 && options.module <= ModuleKind.NodeNext;
  return node && sourceFile.impliedNodeFormat === ModuleKind.CommonJS;
}

function isPrologue(tsi: typeof ts, statement: ts.Statement): boolean {
  return tsi.isExpressionStatement(statement) && tsi.isStringLiteral(statement.expression);
}

/** The target TypeScript emits for (its own default when the tsconfig names none). */
function scriptTarget(tsi: typeof ts, options: ts.CompilerOptions): ts.ScriptTarget {
  const emitTarget = (tsi as unknown as { getEmitScriptTarget?: (options: ts.CompilerOptions) => ts.ScriptTarget }).getEmitScriptTarget;
  return emitTarget ? emitTarget(options) : (options.target ?? tsi.ScriptTarget.ES5);
}

/**
 * Generated code brought down to the program's target by TypeScript itself: transpiled on its own
 * (TypeScript's downlevel transforms ask its checker about the nodes they rewrite, so nodes of ours
 * inside the user's file cannot go through them), as a function expression that returns the value,
 * any helper it needs (`__spreadArray`) declared inside it.
 */
function downleveled(tsi: typeof ts, text: string, target: ts.ScriptTarget): string {
  const { outputText } = tsi.transpileModule(`var __generated = (${text});`, {
    compilerOptions: { target, module: tsi.ModuleKind.None, removeComments: true, importHelpers: false, noEmitHelpers: false },
    reportDiagnostics: false,
  });
  return `(function () {\n${outputText.replace(/^"use strict";\n/, "")}return __generated;\n})()`;
}
