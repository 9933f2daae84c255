import type * as ts from "typescript";
import { headline, type Code, type Problem } from "./messages";

/** One diagnostic of ours, before a host gives it its form: where, which code, and its lines. */
export interface Report {
  /** Undefined for a problem of the project's configuration. */
  readonly file?: ts.SourceFile;
  readonly start: number;
  readonly length: number;
  readonly code: Code;
  readonly headline: string;
  /** One line per property path, with the remedy. */
  readonly lines: readonly string[];
  /** A lint finding at the level "warn": printed as `warning TS991xx`, and the build goes on as it would. */
  readonly warning?: true;
}

/** `error` or `warning`, as tsc prints a diagnostic's category. */
export const categoryOf = (report: Report): "error" | "warning" => (report.warning ? "warning" : "error");

/**
 * Problems of one call site -> reports: one per code, its headline followed by one line per
 * property path, so a build prints `file.ts(3,14): error TS99001: …` and fails.
 */
export function toReports(node: ts.Node, subject: string, problems: readonly Problem[], warning = false): Report[] {
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
    code,
    headline: headline[code].replace("{0}", subject),
    lines: capped(list.map((problem) => (problem.path === "(root)" ? problem.detail : `${problem.path}: ${problem.detail}`))),
    ...(warning ? { warning: true as const } : {}),
  }));
}

/** Lines a diagnostic lists before it says how many more there are: a reader scans twenty, not 3,000. */
export const MAX_LINES = 20;

function capped(lines: readonly string[]): readonly string[] {
  if (lines.length <= MAX_LINES) return lines;
  const rest = lines.length - (MAX_LINES - 1);
  return [...lines.slice(0, MAX_LINES - 1), `and ${rest} more paths.`];
}

/** A problem with the plugin entry: a report with no file, as tsc prints option errors. */
export function configReport(code: Code, message: string): Report {
  return { start: 0, length: 0, code, headline: message, lines: [] };
}

/** A report as a TypeScript 5/6 diagnostic, its lines chained under the headline as tsc prints them. */
export function toTsDiagnostic(tsi: typeof ts, report: Report): ts.Diagnostic {
  const category = report.warning ? tsi.DiagnosticCategory.Warning : tsi.DiagnosticCategory.Error;
  return {
    file: report.file,
    start: report.start,
    length: report.length,
    category,
    code: report.code,
    messageText: {
      messageText: report.headline,
      category,
      code: report.code,
      next: report.lines.map((line) => ({ messageText: line, category, code: report.code, next: undefined })),
    },
  };
}
