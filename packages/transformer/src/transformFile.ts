import type * as ts from "typescript";
import type { TypeView } from "./types/TypeView";
import type { JsonObject } from "./model/Json";
import { analyzeType, type Analysis } from "./analyze/analyzeCall";
import { findIntrinsic, type Intrinsic } from "./discover/findIntrinsic";
import { readOptions, type CallOptions } from "./discover/readOptions";
import { toSource } from "./print/toSource";
import { toPlan } from "./emit/toPlan";
import { toPlanLiteral } from "./emit/toPlanLiteral";
import { SchemaTooLarge } from "./emit/toJsonSchema";
import { findClassValue } from "./discover/findClassValue";
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

  /** One module-level constant per distinct literal text. */
  const hoist = (prefix: string, text: string): ts.Identifier => {
    let name = hoisted.get(text);
    if (!name) {
      name = factory.createUniqueName(prefix);
      hoisted.set(text, name);
      declarations.push(
        factory.createVariableStatement(
          undefined,
          factory.createVariableDeclarationList([factory.createVariableDeclaration(name, undefined, undefined, factory.createIdentifier(text))], tsi.NodeFlags.Const),
        ),
      );
    }
    return name;
  };

  const rewrite = (call: ts.CallExpression, intrinsic: Intrinsic): ts.Expression | undefined => {
    const callee = call.expression.getText(sourceFile);
    const fail = (node: ts.Node, subject: string, problems: readonly Problem[]) => {
      for (const diagnostic of toDiagnostics(tsi, node, subject, problems)) file.report(diagnostic);
      return undefined;
    };
    const typeNode = call.typeArguments?.[0];
    if (!typeNode) {
      return fail(call, callee, [{ code: Code.MissingTypeArgument, path: "(root)", detail: `write the type to describe, e.g. ${callee}<SearchInput>().` }]);
    }
    const describing = intrinsic === "schemaOf";
    // mapArgs/validateArgs: the options are the caller's at run time; recursion is always allowed
    // (the refs choice is about what the model is shown), closed objects follow the project default.
    const read = describing ? readOptions(tsi, call.arguments[0]) : { options: {}, problems: [] };
    if (read.problems.length) {
      return fail(call.arguments[0] ?? call, `${callee}<${typeNode.getText(sourceFile)}>`, read.problems.map((detail) => ({ code: Code.NonLiteralOptions, path: "(root)", detail: `${detail}.` })));
    }
    const options = describing ? { ...file.defaults, ...read.options } : { ...file.defaults, refs: true };
    const type = checker.getTypeFromTypeNode(typeNode);
    const key = `${file.view.idOf(type as never)}|${options.refs === true}|${options.additionalProperties === false}`;
    let analysis = file.cache.get(key);
    if (!analysis) {
      analysis = analyzeType(file.view, { type: type as never, origin: typeNode as never }, { refs: options.refs === true, additionalProperties: options.additionalProperties });
      file.cache.set(key, analysis);
    }
    if (!analysis.schema) return fail(typeNode, typeNode.getText(sourceFile), analysis.problems);
    if (describing) return hoist("schema", toSource(analysis.schema));

    let plan: JsonObject;
    try {
      plan = toPlan(analysis.model, { refs: true, additionalProperties: options.additionalProperties }, analysis.call);
    } catch (error) {
      if (!(error instanceof SchemaTooLarge)) throw error;
      return fail(typeNode, typeNode.getText(sourceFile), [{ code: Code.TooLarge, path: "(root)", detail: "its run-time plan is too large to emit; describe a smaller input type." }]);
    }
    const cls = analysis.call ? undefined : findClassValue(tsi, checker, typeNode, sourceFile);
    const text = toPlanLiteral(plan, analysis.call, cls);
    // `mapArgs<T>(args, options?)` -> `mapArgs(args, options?, plan_1)`; nested calls in the arguments are rewritten too.
    const args = call.arguments.slice(0, 2).map((arg) => tsi.visitNode(arg, visitor) as ts.Expression);
    return factory.updateCallExpression(call, tsi.visitNode(call.expression, visitor) as ts.Expression, undefined, [...args, hoist("plan", text)]);
  };

  /** A fault of ours becomes a diagnostic at the call, never an exception out of the compiler. */
  const reportInternal = (call: ts.CallExpression, error: unknown) => {
    const detail = `${error instanceof Error ? error.message.split("\n")[0] : String(error)}; please report this with the type.`;
    for (const diagnostic of toDiagnostics(tsi, call, call.expression.getText(sourceFile), [{ code: Code.Internal, path: "(root)", detail }])) file.report(diagnostic);
  };

  // Find our calls first with a read-only walk, then rebuild only the paths that lead to them:
  // visitEachChild over every node of every file was a tenth of the plugin's cost.
  const targets = findCalls(tsi, checker, sourceFile, (call, error) => reportInternal(call, error));
  if (targets.size === 0) return sourceFile;
  const spans = [...targets.keys()].map((call) => [call.pos, call.end] as const);
  const leadsToTarget = (node: ts.Node) => spans.some(([pos, end]) => node.pos <= pos && end <= node.end);

  const visitor = (node: ts.Node): ts.Node => {
    if (!leadsToTarget(node)) return node;
    const intrinsic = tsi.isCallExpression(node) ? targets.get(node) : undefined;
    if (intrinsic) {
      let replacement: ts.Expression | undefined;
      try {
        replacement = rewrite(node as ts.CallExpression, intrinsic);
      } catch (error) {
        reportInternal(node as ts.CallExpression, error);
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

// A file that never names an intrinsic cannot call one: every way to reach them (named, renamed
// or namespace import, re-export, destructuring) spells the name somewhere in the file.
const MENTIONS_INTRINSIC = /\b(?:schemaOf|mapArgs|validateArgs)\b/;

/** Every call in the file that resolves to one of our intrinsics. */
function findCalls(
  tsi: typeof ts,
  checker: ts.TypeChecker,
  sourceFile: ts.SourceFile,
  onError: (call: ts.CallExpression, error: unknown) => void,
): Map<ts.CallExpression, Intrinsic> {
  const found = new Map<ts.CallExpression, Intrinsic>();
  if (!MENTIONS_INTRINSIC.test(sourceFile.text)) return found;
  const walk = (node: ts.Node): void => {
    if (tsi.isCallExpression(node)) {
      try {
        const intrinsic = findIntrinsic(tsi, checker, node);
        if (intrinsic) found.set(node, intrinsic);
      } catch (error) {
        onError(node, error);
      }
    }
    tsi.forEachChild(node, walk);
  };
  walk(sourceFile);
  return found;
}

function isPrologue(tsi: typeof ts, statement: ts.Statement): boolean {
  return tsi.isExpressionStatement(statement) && tsi.isStringLiteral(statement.expression);
}
