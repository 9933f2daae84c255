import type * as ts from "typescript";
import MagicString from "magic-string";
import type { EncodedSourceMap } from "@jridgewell/trace-mapping";
import type { Compiler } from "../compiler/Compiler";
import type { FileRewrite } from "../rewrite/Rewrite";
import { HELPERS_MODULE } from "./constantText";
import { constantNames, editCalls } from "./editCalls";

/**
 * A file's rewrite as text edits of its TypeScript source, for hosts that hand the result on to
 * another compiler (bundler plugins, the loader before tsx): the calls are where the checker saw
 * them, so no source map is read, and the edited text keeps its types for the next compiler to
 * strip. The map goes from the edited text back to the file, line for line.
 *
 *   import { schemaOf } from "@schemaof/runtime";
 *   export const schema = schemaOf<SearchInput>();
 *   ->
 *   import { schemaOf } from "@schemaof/runtime";
 *   const schema_1 = {type:"object",…}; export const schema = schema_1;
 */
export function toSourceEdits(compiler: Compiler, sourceFile: ts.SourceFile, rewrite: FileRewrite): { code: string; map: EncodedSourceMap } {
  const { text } = sourceFile;
  const { syntax } = compiler;
  const out = new MagicString(text);
  const names = constantNames(rewrite, text);
  const spanOf = (node: ts.Node) => ({ start: node.getStart(sourceFile), end: node.end });
  // `validateArgs<Search>`, its type arguments with it: the helper that replaces it is not generic.
  const calleeSpan = (call: ts.CallExpression) => ({
    start: call.expression.getStart(sourceFile),
    end: call.typeArguments ? text.indexOf(">", call.typeArguments.end) + 1 : call.expression.end,
  });
  const declarations = editCalls(
    out,
    rewrite,
    {
      callSpan: (call) => ({ ...spanOf(call), callee: calleeSpan(call), arguments: call.arguments.map(spanOf) }),
      reference: (node) => node.getText(sourceFile),
    },
    names,
  ).join(" ");

  // As the ts-patch host places them: the helpers' import after the prologue ("use client"), the
  // constants after the imports the module opens with. Both go on lines already there, so every
  // line keeps its number: a loader after ours that drops the map it is given (esbuild-loader,
  // ts-loader) still points errors and breakpoints at the right lines.
  const statements = sourceFile.statements;
  const prologue = (statement: ts.Statement) => syntax.isExpressionStatement(statement) && syntax.isStringLiteral(statement.expression);
  let first = 0;
  while (first < statements.length && prologue(statements[first])) first++;
  let after = first;
  while (after < statements.length && (syntax.isImportDeclaration(statements[after]) || syntax.isImportEqualsDeclaration(statements[after]))) after++;
  /** Before a statement, on its line; after the last statement when there is none (ended by a `;` if it was not). */
  const before = (index: number, code: string) => {
    if (index < statements.length) return void out.appendRight(statements[index].getStart(sourceFile), `${code} `);
    const last = statements.at(-1);
    const open = last !== undefined && !last.getText(sourceFile).trimEnd().endsWith(";");
    out.appendLeft(text.length, `${open ? ";" : ""} ${code}`);
  };
  if (rewrite.helpers) before(first, `import * as ${rewrite.helpers} from "${HELPERS_MODULE}";`);
  if (declarations) before(after, declarations);

  const map = out.generateMap({ hires: "boundary", includeContent: true, source: sourceFile.fileName });
  return { code: out.toString(), map: map as unknown as EncodedSourceMap };
}
