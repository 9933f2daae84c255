import type * as ts from "typescript";
import { headline, type Code, type Problem } from "./messages";

/**
 * Problems of one call site -> TypeScript diagnostics: one per code, its headline followed by one
 * line per property path, so `tspc` prints `file.ts(3,14): error TS99001: …` and fails.
 */
export function toDiagnostics(tsi: typeof ts, node: ts.Node, subject: string, problems: readonly Problem[]): ts.Diagnostic[] {
  const byCode = new Map<Code, Problem[]>();
  for (const problem of problems) {
    const list = byCode.get(problem.code) ?? [];
    list.push(problem);
    byCode.set(problem.code, list);
  }
  const file = node.getSourceFile();
  const start = node.getStart(file);
  return [...byCode].map(([code, list]) => ({
    file,
    start,
    length: node.getEnd() - start,
    category: tsi.DiagnosticCategory.Error,
    code,
    messageText: {
      messageText: headline[code].replace("{0}", subject),
      category: tsi.DiagnosticCategory.Error,
      code,
      next: list.map((problem) => ({
        messageText: problem.path === "(root)" ? problem.detail : `${problem.path}: ${problem.detail}`,
        category: tsi.DiagnosticCategory.Error,
        code,
        next: undefined,
      })),
    },
  }));
}
