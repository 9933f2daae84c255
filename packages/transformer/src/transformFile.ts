import type * as ts from "typescript";
import type { TypeView } from "./types/TypeView";
import type { JsonObject } from "./model/Json";
import { analyzeType, type Analysis } from "./analyze/analyzeCall";
import { findIntrinsic } from "./discover/findIntrinsic";
import { readOptions, type CallOptions } from "./discover/readOptions";
import { toExpression } from "./print/toExpression";
import { toDiagnostics } from "./diagnostics/report";
import { Code, type Problem } from "./diagnostics/messages";

export interface FileContext {
  readonly tsi: typeof ts;
  readonly program: ts.Program;
  readonly view: TypeView;
  readonly defaults: CallOptions;
  readonly report: (diagnostic: ts.Diagnostic) => void;
  /** Analyses shared by every file of the program, by type and options. */
  readonly cache: Map<string, Analysis>;
}

/**
 * Rewrites every `schemaOf<T>(options?)` of a file into a reference to a module-level constant
 * that holds T's schema, one constant per distinct schema:
 *
 *   const schema = schemaOf<SearchInput>();
 *   ->
 *   const schema_1 = { type: "object", properties: { … }, required: ["query"] };
 *   const schema = schema_1;
 */
export function transformFile(file: FileContext, context: ts.TransformationContext, sourceFile: ts.SourceFile): ts.SourceFile {
  const { tsi, program } = file;
  const checker = program.getTypeChecker();
  const { factory } = context;
  const hoisted = new Map<string, ts.Identifier>();
  const declarations: ts.Statement[] = [];

  const hoist = (schema: JsonObject): ts.Identifier => {
    const text = JSON.stringify(schema);
    let name = hoisted.get(text);
    if (!name) {
      name = factory.createUniqueName("schema");
      hoisted.set(text, name);
      declarations.push(
        factory.createVariableStatement(
          undefined,
          factory.createVariableDeclarationList([factory.createVariableDeclaration(name, undefined, undefined, toExpression(factory, schema))], tsi.NodeFlags.Const),
        ),
      );
    }
    return name;
  };

  const rewrite = (call: ts.CallExpression): ts.Expression | undefined => {
    const callee = call.expression.getText(sourceFile);
    const fail = (node: ts.Node, subject: string, problems: readonly Problem[]) => {
      for (const diagnostic of toDiagnostics(tsi, node, subject, problems)) file.report(diagnostic);
      return undefined;
    };
    const typeNode = call.typeArguments?.[0];
    if (!typeNode) {
      return fail(call, callee, [{ code: Code.MissingTypeArgument, path: "(root)", detail: `write the type to describe, e.g. ${callee}<SearchInput>().` }]);
    }
    const read = readOptions(tsi, call.arguments[0]);
    if (read.problems.length) {
      return fail(call.arguments[0] ?? call, `${callee}<${typeNode.getText(sourceFile)}>`, read.problems.map((detail) => ({ code: Code.NonLiteralOptions, path: "(root)", detail: `${detail}.` })));
    }
    const options = { ...file.defaults, ...read.options };
    const type = checker.getTypeFromTypeNode(typeNode);
    const key = `${file.view.idOf(type as never)}|${options.refs === true}|${options.additionalProperties === false}`;
    let analysis = file.cache.get(key);
    if (!analysis) {
      analysis = analyzeType(file.view, { type: type as never, origin: typeNode as never }, { refs: options.refs === true, additionalProperties: options.additionalProperties });
      file.cache.set(key, analysis);
    }
    if (!analysis.schema) return fail(typeNode, typeNode.getText(sourceFile), analysis.problems);
    return hoist(analysis.schema);
  };

  const visitor = (node: ts.Node): ts.Node => {
    if (tsi.isCallExpression(node)) {
      let replacement: ts.Expression | undefined;
      try {
        if (findIntrinsic(tsi, checker, node) === "schemaOf") replacement = rewrite(node);
      } catch (error) {
        const detail = `${error instanceof Error ? error.message.split("\n")[0] : String(error)}; please report this with the type.`;
        for (const diagnostic of toDiagnostics(tsi, node, node.expression.getText(sourceFile), [{ code: Code.Internal, path: "(root)", detail }])) file.report(diagnostic);
      }
      if (replacement) return replacement;
    }
    return tsi.visitEachChild(node, visitor, context);
  };

  const visited = tsi.visitEachChild(sourceFile, visitor, context);
  if (declarations.length === 0) return visited;
  // After the imports, so the constants read like the module's first lines.
  const statements = [...visited.statements];
  let at = 0;
  while (at < statements.length && (tsi.isImportDeclaration(statements[at]) || tsi.isImportEqualsDeclaration(statements[at]) || isPrologue(tsi, statements[at]))) at++;
  statements.splice(at, 0, ...declarations);
  return factory.updateSourceFile(visited, statements);
}

function isPrologue(tsi: typeof ts, statement: ts.Statement): boolean {
  return tsi.isExpressionStatement(statement) && tsi.isStringLiteral(statement.expression);
}
