import type { Problem } from "../diagnostics/messages";
import { toReports, type Report } from "../diagnostics/report";
import type { CallRewrite } from "../rewrite/Rewrite";
import { collidingNames, collisionProblem, lintTool, type LintLevels } from "./lintTool";

/**
 * Lint over the tools one file makes (every host rewrites file by file, so each sees the same):
 * each tool's rules, and names that collide among them. Reported at the function handed to
 * toolOf, one diagnostic per rule, as warnings or, for a rule set to "error", as errors.
 */
export function lintCalls(calls: readonly CallRewrite[], levels: LintLevels | undefined, report: (found: Report) => void): void {
  const tools = calls.flatMap((call) => (call.kind === "arguments" && call.tool ? [{ call: call.call, tool: call.tool }] : []));
  if (tools.length === 0) return;
  const collisionLevel = levels?.["colliding-names"] ?? "warn";
  const colliding = collisionLevel === "off" ? new Map<string, string[]>() : collidingNames(tools.map(({ tool }) => tool.name));
  for (const { call, tool } of tools) {
    const { warnings, errors } = lintTool(tool, levels);
    const collision = collisionProblem(tool.name, colliding.get(tool.name));
    const [asWarnings, asErrors]: Problem[][] = [[...warnings], [...errors]];
    if (collision) (collisionLevel === "error" ? asErrors : asWarnings).push(collision);
    const at = call.arguments[0] ?? call;
    for (const found of toReports(at, tool.name, asErrors)) report(found);
    for (const found of toReports(at, tool.name, asWarnings, true)) report(found);
  }
}
