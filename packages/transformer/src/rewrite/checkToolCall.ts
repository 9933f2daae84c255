import type * as ts from "typescript";
import type { Compiler } from "../compiler/Compiler";
import { symbolNamed } from "../compiler/symbolNamed";
import { Code } from "../diagnostics/messages";
import { findIntrinsic } from "../discover/findIntrinsic";
import { innerExpression } from "../discover/innerExpression";
import { INTRINSICS } from "../discover/intrinsics";
import { toolTargets } from "../discover/readTool";
import type { Site } from "./Site";

/**
 * `search.call(args, { target: "openai-strict" })`: a model shown the schema of a target the tool
 * was not built for sends what this tool never described, so where the tool's own `toolOf` call can
 * be read (a constant made by it, here or imported) and the target is a literal, that is TS99019
 * here. Everywhere else `Tool.call` refuses it at run time, naming the same fix. Nothing is rewritten.
 */
export function checkToolCall(site: Site, call: ts.CallExpression): undefined {
  const { compiler, sourceFile, fail, defaults } = site;
  const { syntax } = compiler;
  // A target that is not a literal is the caller's at run time: every plan the tool has is there.
  const { target } = INTRINSICS.call.readOptions(compiler, call);
  const callee = innerExpression(syntax, call.expression);
  if (!target || !syntax.isPropertyAccessExpression(callee)) return undefined;
  const made = toolOfCall(compiler, callee.expression);
  if (!made) return undefined;
  const built = new Set<string>(["mcp", ...toolTargets(defaults.target, INTRINSICS.toolOf.readOptions(compiler, made))]);
  if (built.has(target)) return undefined;
  const fn = made.arguments[0]?.getText() ?? "fn";
  const detail =
    `the tool is built for ${[...built].map((t) => `"${t}"`).join(", ")}, so a model shown ${target}'s schema was shown one this tool never wrote; ` +
    `build it for that target too: toolOf(${fn}, { target: "${target}" }).`;
  return fail(call.arguments[1], `${callee.expression.getText(sourceFile)}.call`, [{ code: Code.TargetCannotExpress, path: "(root)", detail }]);
}

/** The `toolOf(…)` call a reference's constant was made by: `const search = toolOf(searchBooks, …)`, here or imported. */
function toolOfCall(compiler: Compiler, reference: ts.Expression): ts.CallExpression | undefined {
  const { syntax } = compiler;
  const symbol = symbolNamed(compiler, innerExpression(syntax, reference));
  const declaration = symbol && compiler.valueDeclaration(symbol);
  if (!declaration || !syntax.isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
  // Only a constant holds the tool it was first given (the flags' numbers differ between compilers; the text does not).
  if (!syntax.isVariableDeclarationList(declaration.parent) || !/^const\b/.test(declaration.parent.getText())) return undefined;
  const initializer = innerExpression(syntax, declaration.initializer);
  return syntax.isCallExpression(initializer) && findIntrinsic(compiler, initializer) === "toolOf" ? initializer : undefined;
}
