import type * as ts from "typescript";
import type { TypeView } from "./types/TypeView";
import type { JsonObject } from "./model/Json";
import { analyzeType, type Analysis } from "./analyze/analyzeCall";
import { findIntrinsic, INTRINSIC_NAMES, type Intrinsic } from "./discover/findIntrinsic";
import type { CallOptions } from "./discover/readOptions";
import { toPlan } from "./emit/toPlan";
import { toPlanLiteral } from "./emit/toPlanLiteral";
import { SchemaTooLarge } from "./emit/toJsonSchema";
import { findClassValue } from "./discover/findClassValue";
import { toDiagnostics } from "./diagnostics/report";
import { Code, type Problem } from "./diagnostics/messages";
import type { Site } from "./rewrite/Site";
import { rewriteCall } from "./rewrite/rewriteCall";
import { rewriteTool } from "./rewrite/rewriteTool";

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
 * Rewrites every call of ours in a file (rewrite/ says how each becomes code), with what they need
 * hoisted to module-level constants, one per distinct schema or plan:
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

  const fail = (node: ts.Node, subject: string, problems: readonly Problem[]): undefined => {
    for (const diagnostic of toDiagnostics(tsi, node, subject, problems)) file.report(diagnostic);
    return undefined;
  };

  /** A fault of ours becomes a diagnostic at the call, never an exception out of the compiler. */
  const reportInternal = (call: ts.CallExpression, error: unknown) => {
    const detail = `${error instanceof Error ? error.message.split("\n")[0] : String(error)}; please report this with the type.`;
    fail(call, call.expression.getText(sourceFile), [{ code: Code.Internal, path: "(root)", detail }]);
  };

  // Find our calls first with a read-only walk, then rebuild only the paths that lead to them:
  // visitEachChild over every node of every file was a tenth of the plugin's cost.
  const targets = findCalls(tsi, checker, sourceFile, reportInternal);
  if (targets.size === 0) return sourceFile;

  const hoisted = new Map<string, ts.Identifier>();
  const declarations: ts.Statement[] = [];
  // The generated checks call the runtime's helpers through one namespace import, added once.
  const helpersName = freeName(sourceFile, "__schemaof");
  let usesHelpers = false;

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


  /** The analysis of a type under some options, shared by every call of the program that asks the same. */
  const analyze = (type: ts.Type, origin: ts.TypeNode | undefined, options: CallOptions): Analysis => {
    const key = `${file.view.idOf(type as never)}|${origin ? "" : "node-less"}|${options.refs === true}|${options.additionalProperties === false}`;
    let analysis = file.cache.get(key);
    if (!analysis) {
      analysis = analyzeType(file.view, { type: type as never, origin: origin as never }, { refs: options.refs === true, additionalProperties: options.additionalProperties });
      file.cache.set(key, analysis);
    }
    return analysis;
  };

  /** The hoisted run-time plan of an analysis (recursion always allowed: the refs choice is about what the model is shown). */
  const planFor = (analysis: Analysis, options: CallOptions, at: ts.Node, subject: string, typeNode?: ts.TypeNode): ts.Identifier | undefined => {
    let plan: JsonObject;
    try {
      plan = toPlan(analysis.model, { refs: true, additionalProperties: options.additionalProperties }, analysis.call);
    } catch (error) {
      if (!(error instanceof SchemaTooLarge)) throw error;
      return fail(at, subject, [{ code: Code.TooLarge, path: "(root)", detail: "its run-time plan is too large to emit; describe a smaller input type." }]);
    }
    const cls = analysis.call || !typeNode ? undefined : findClassValue(tsi, checker, typeNode, sourceFile);
    usesHelpers = true;
    return hoist("plan", toPlanLiteral(plan, analysis.call, cls, helpersName));
  };

  const site: Site = {
    tsi,
    checker,
    factory,
    sourceFile,
    view: file.view,
    defaults: file.defaults,
    fail,
    analyze,
    planFor,
    hoistSchema: (text) => hoist("schema", text),
    visit: (node) => tsi.visitNode(node, visitor) as ts.Expression,
  };
  const rewrite = (call: ts.CallExpression, intrinsic: Intrinsic) => (intrinsic === "toolOf" ? rewriteTool(site, call) : rewriteCall(site, call, intrinsic));

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
  if (usesHelpers) {
    // `import * as __schemaof from "@schemaof/runtime/helpers"`, after any prologue ("use strict").
    let first = 0;
    while (first < statements.length && isPrologue(tsi, statements[first])) first++;
    const clause = factory.createImportClause(undefined, undefined, factory.createNamespaceImport(factory.createIdentifier(helpersName)));
    statements.splice(first, 0, factory.createImportDeclaration(undefined, clause, factory.createStringLiteral(HELPERS_MODULE)));
  }
  return factory.updateSourceFile(visited, statements);
}

const HELPERS_MODULE = "@schemaof/runtime/helpers";

/** `base`, or `base_2`, `base_3`…: a name the file does not already spell anywhere. */
function freeName(sourceFile: ts.SourceFile, base: string): string {
  let name = base;
  for (let n = 2; sourceFile.text.includes(name); n++) name = `${base}_${n}`;
  return name;
}

// A file that never names an intrinsic cannot call one: every way to reach them (named, renamed
// or namespace import, re-export, destructuring) spells the name somewhere in the file.
const MENTIONS_INTRINSIC = new RegExp(`\\b(?:${INTRINSIC_NAMES.join("|")})\\b`);

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
