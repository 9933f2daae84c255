import type * as ts from "typescript";
import { parse, type Node as JsNode } from "acorn";
import MagicString from "magic-string";
import { TraceMap, originalPositionFor, type EncodedSourceMap } from "@jridgewell/trace-mapping";
import type { FileRewrite } from "../rewrite/Rewrite";
import { HELPERS_MODULE } from "./constantText";
import { constantNames, editCalls, type EditTarget } from "./editCalls";

/** The JavaScript a compiler emitted for a file, with the source map back to the file. */
export interface Emitted {
  readonly code: string;
  readonly map: EncodedSourceMap;
}

/** A call the emitted code no longer shows where the source map says it should be. */
export class NotFoundInOutput extends Error {
  constructor(readonly node: ts.Node) {
    super("its code was not found in the JavaScript the compiler emitted");
  }
}

type Call = JsNode & { callee: JsNode; arguments: JsNode[] };
type Statement = JsNode & { type: string; expression?: JsNode; directive?: string };

/**
 * A file's rewrite as text edits of the JavaScript a compiler emitted for it, for hosts that have
 * no transformer API (TypeScript 7, bundlers): each call of ours is found in the output through the
 * source map (its start maps to the call's start, its callee's name into the callee), edited in
 * place, and the constants are declared after the imports. The new source map maps the edited code
 * back to the TypeScript source.
 *
 *   exports.schema = (0, runtime_1.schemaOf)();
 *   ->
 *   const schema_1 = {type:"object",…};
 *   exports.schema = schema_1;
 *
 * Throws NotFoundInOutput for a call it cannot place, naming it; the host reports it at that call.
 */
export function toEdits(emitted: Emitted, sourceFile: ts.SourceFile, rewrite: FileRewrite): Emitted;
/** `{ map: false }`: the edited code only, for a host that drops the map (composing it was a quarter of the edit). */
export function toEdits(emitted: Emitted, sourceFile: ts.SourceFile, rewrite: FileRewrite, options: { map: false }): { code: string };
export function toEdits(emitted: Emitted, sourceFile: ts.SourceFile, rewrite: FileRewrite, options?: { map: false }): { code: string; map?: EncodedSourceMap } {
  const { code } = emitted;
  const program = parseJs(code);
  const index = indexOutput(program, new TraceMap(emitted.map));
  const out = new MagicString(code);
  const esm = program.body.some((statement) => /^(Import|Export)/.test(statement.type));

  const names = constantNames(rewrite, code + sourceFile.text);

  const at = (node: ts.Node) => {
    const { line, character } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
    return `${line + 1}:${character}`;
  };
  const within = (position: string | undefined, node: ts.Node) => {
    if (!position) return false;
    const [line, column] = position.split(":").map(Number);
    const offset = sourceFile.getPositionOfLineAndCharacter(line - 1, column);
    return node.getStart(sourceFile) <= offset && offset < node.end;
  };

  const target: EditTarget = {
    commonJs: !esm,
    /** The emitted call of a source call: it starts where the call starts, and its callee's name maps into the callee. */
    callSpan(call) {
      const candidates = (index.calls(at(call)) ?? []).filter((found) => within(index.original(calleeName(found.callee)), call.expression));
      if (candidates.length === 0) throw new NotFoundInOutput(call);
      return candidates.reduce((a, b) => (b.end - b.start < a.end - a.start ? b : a));
    },
    /** The emitted text of an expression of the source (`Loan`, or `loan_js_1.Loan` in CommonJS). */
    reference(node) {
      // `loan_1.Loan` and its inner `Loan` both start where `Loan` did; the whole reference is the larger.
      const found = index.references(at(node))?.filter((reference) => within(index.original(calleeName(reference)), node));
      if (!found?.length) throw new NotFoundInOutput(node);
      const reference = found.reduce((a, b) => (b.end - b.start > a.end - a.start ? b : a));
      return code.slice(reference.start, reference.end);
    },
  };
  const declarations = editCalls(out, rewrite, target, names)
    .map((declaration) => `${declaration}\n`)
    .join("");

  // The constants after the imports (`require`s in CommonJS), the helpers before them.
  const body = program.body as Statement[];
  let first = 0;
  while (first < body.length && body[first].directive !== undefined) first++;
  // As the ts-patch host puts them after the imports that open the module, so here after the ones
  // the output opens with (CommonJS opens with its `exports` preamble and the imports' requires).
  let after = first - 1;
  for (let i = first; i < body.length; i++) {
    if (esm ? body[i].type === "ImportDeclaration" : requires(code, body[i])) after = i;
    else if (esm || !preamble(code, body[i])) break;
  }
  const helpers =
    rewrite.helpers && (esm ? `import * as ${rewrite.helpers} from "${HELPERS_MODULE}";\n` : `const ${rewrite.helpers} = require("${HELPERS_MODULE}");\n`);
  const insertAt = (i: number) => (i < body.length ? lineStart(code, body[i].start) : code.length);
  if (helpers) out.appendLeft(insertAt(first), helpers);
  if (declarations) out.appendLeft(insertAt(Math.max(after + 1, first)), declarations);

  const edited = out.toString();
  if (options?.map === false) return { code: edited };
  const editMap = out.generateMap({ hires: true, includeContent: false, source: "emitted.js" });
  return { code: edited, map: compose(editMap as unknown as EncodedSourceMap, emitted.map) };
}

// Its published CommonJS declarations do not parse (`export = function …`), so it is typed here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const remapping: (maps: EncodedSourceMap[], loader: () => null) => EncodedSourceMap = require("@jridgewell/remapping");

/** The edits' map (new code -> emitted code) over the compiler's (emitted code -> source). */
function compose(editMap: EncodedSourceMap, compilerMap: EncodedSourceMap): EncodedSourceMap {
  const { sourceRoot, file } = compilerMap;
  const inner = { ...compilerMap, sourceRoot: undefined };
  const composed = remapping([editMap, inner], () => null);
  const result: EncodedSourceMap = {
    version: 3,
    file,
    sourceRoot: sourceRoot ?? "",
    sources: inner.sources,
    names: composed.names,
    mappings: composed.mappings,
  };
  if (compilerMap.sourcesContent) result.sourcesContent = compilerMap.sourcesContent;
  return result;
}

/**
 * Where each emitted call (and each reference an edit may copy) starts in the source, `line:column`;
 * positions are traced through the map only for those nodes, and only when asked.
 */
function indexOutput(program: JsNode, map: TraceMap) {
  const traced = new Map<number, string | undefined>();
  const starts = new Map<number, { line: number; column: number }>();
  const original = (offset: number) => {
    if (!traced.has(offset)) {
      const start = starts.get(offset);
      const mapped = start && originalPositionFor(map, start);
      traced.set(offset, mapped && mapped.line !== null ? `${mapped.line}:${mapped.column}` : undefined);
    }
    return traced.get(offset);
  };
  const calls: Call[] = [];
  const references: JsNode[] = [];
  walk(program, (node) => {
    starts.set(node.start, (node as JsNode & { loc: { start: { line: number; column: number } } }).loc.start);
    if (node.type === "CallExpression") calls.push(node as Call);
    else if (
      node.type === "Identifier" ||
      node.type === "ThisExpression" ||
      (node.type === "MemberExpression" && !(node as JsNode & { computed: boolean }).computed)
    )
      references.push(node);
  });
  const at = (nodes: JsNode[]) => {
    let byStart: Map<string, JsNode[]> | undefined;
    return (key: string) => {
      if (!byStart) {
        byStart = new Map();
        for (const node of nodes) {
          const position = original(node.start);
          if (position) byStart.set(position, [...(byStart.get(position) ?? []), node]);
        }
      }
      return byStart.get(key);
    };
  };
  return { calls: at(calls) as (key: string) => Call[] | undefined, references: at(references), original };
}

/** The node that names what a callee calls or a reference reads: `schemaOf` of `(0, runtime_1.schemaOf)`, `Loan` of `loan_1.Loan`. */
function calleeName(callee: JsNode): number {
  let node = callee as JsNode & { expressions?: JsNode[]; property?: JsNode; expression?: JsNode };
  while (node.type === "SequenceExpression" || node.type === "ParenthesizedExpression" || node.type === "ChainExpression") {
    node = (node.expressions ? node.expressions[node.expressions.length - 1] : node.expression) as typeof node;
  }
  return node.type === "MemberExpression" ? node.property!.start : node.start;
}

/** `const x_1 = require("x")`, `var x = __importDefault(require("x"))`, `__exportStar(require("x"), exports)`. */
function requires(code: string, statement: Statement): boolean {
  if (statement.type !== "VariableDeclaration" && statement.type !== "ExpressionStatement") return false;
  return /^(?:const|let|var)?\s*[\w$.\s,{}:=()]*\brequire\s*\(\s*["'][^"']*["']\s*\)/.test(code.slice(statement.start, statement.end));
}

/** `Object.defineProperty(exports, "__esModule", …)`, `exports.a = exports.b = void 0`, `exports.f = f`, `var __importDefault = …`. */
function preamble(code: string, statement: Statement): boolean {
  const text = code.slice(statement.start, statement.end);
  if (statement.type === "ExpressionStatement")
    return /^(?:Object\.defineProperty\(exports, "__esModule"|(?:exports\.[\w$]+ = )+(?:void 0|[\w$]+);$)/.test(text);
  return statement.type === "VariableDeclaration" && /^var __\w+ = \(this && this\.__\w+\)/.test(text);
}

function parseJs(code: string): JsNode & { body: JsNode[] } {
  const options = { ecmaVersion: "latest", locations: true, allowHashBang: true, allowReturnOutsideFunction: true } as const;
  try {
    return parse(code, { ...options, sourceType: "module" }) as JsNode & { body: JsNode[] };
  } catch {
    return parse(code, { ...options, sourceType: "script" }) as JsNode & { body: JsNode[] };
  }
}

/** Every node, parents first. */
function walk(node: JsNode, visit: (node: JsNode) => void): void {
  visit(node);
  for (const key in node) {
    if (key === "loc") continue;
    const value = (node as unknown as Record<string, unknown>)[key];
    if (Array.isArray(value)) {
      for (const item of value) if (item && typeof item === "object" && typeof (item as JsNode).type === "string") walk(item as JsNode, visit);
    } else if (value && typeof value === "object" && typeof (value as JsNode).type === "string") walk(value as JsNode, visit);
  }
}

function lineStart(code: string, offset: number): number {
  const before = code.lastIndexOf("\n", offset - 1);
  return before + 1;
}
