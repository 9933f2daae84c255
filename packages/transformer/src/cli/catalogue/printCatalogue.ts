import type { Catalogue } from "./listTools";

const number = (n: number) => n.toLocaleString("en-US");

/** The catalogue for a person: each tool and its targets, then the set's totals and what goes over a limit. */
export function printCatalogue(catalogue: Catalogue): string {
  const lines: string[] = [`${catalogue.tools.length} tool${catalogue.tools.length === 1 ? "" : "s"} in ${catalogue.tsconfig}`];
  const width = Math.max(6, ...catalogue.totals.map((total) => total.target.length));
  const row = (label: string, bytes: number, tokens: number) => `    ${label.padEnd(width)}  ${number(bytes).padStart(9)} bytes  ~${number(tokens)} tokens`;
  for (const tool of catalogue.tools) {
    lines.push("", `  ${tool.name}${tool.title ? ` (${tool.title})` : ""}  ${tool.file}:${tool.line}`);
    if (!tool.description) lines.push("    no description: the model reads only the name");
    for (const [target, entry] of Object.entries(tool.targets)) lines.push(row(target, entry!.bytes, entry!.tokens));
  }
  if (catalogue.totals.length) lines.push("", "  the whole set, as one request carries it:");
  for (const total of catalogue.totals) {
    lines.push(`${row(total.target, total.bytes, total.tokens)}  ${total.tools} tools`);
    for (const over of total.over) lines.push(`      over a limit: ${over}`);
  }
  for (const problem of catalogue.problems) lines.push("", problem);
  for (const warning of catalogue.warnings) lines.push("", warning);
  return `${lines.join("\n")}\n`;
}

/** The catalogue for a script: stable across runs and hosts (files in order, keys as listed). */
export const catalogueJson = (catalogue: Catalogue): string => `${JSON.stringify(catalogue, null, 2)}\n`;

/** 1 when the set goes over a limit of a target it is built for, or a tool could not be read or breaks a rule set to "error". */
export const exitCode = (catalogue: Catalogue): number => (catalogue.problems.length || catalogue.totals.some((total) => total.over.length) ? 1 : 0);
