import { relative } from "node:path";
import { categoryOf, type Report } from "./report";

/**
 * A report in tsc's own plain format, the path relative to the folder the command runs in:
 *
 *   src/upload.ts(7,32): error TS99001: 'Upload' holds values that JSON tool arguments cannot carry.
 *     file: a file upload cannot travel in JSON tool arguments; take a URL or a base64 string instead.
 */
export function formatReport(report: Report, cwd: string): string {
  const text = `${categoryOf(report)} TS${report.code}: ${[report.headline, ...report.lines].join("\n  ")}\n`;
  if (!report.file) return text;
  const { line, character } = report.file.getLineAndCharacterOfPosition(report.start);
  const path = relative(cwd, report.file.fileName).split("\\").join("/");
  return `${path}(${line + 1},${character + 1}): ${text}`;
}
