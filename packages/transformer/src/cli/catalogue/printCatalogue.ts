import type { Catalogue } from "./listTools";
import { DEFAULT_SET } from "../../budget/checkLimits";

const number = (n: number) => n.toLocaleString("en-US");

/** The catalogue for a person: each tool and its targets, then the set's totals and what goes over a limit. */
export function printCatalogue(catalogue: Catalogue): string {
  const lines: string[] = [`${catalogue.tools.length} tool${catalogue.tools.length === 1 ? "" : "s"} in ${catalogue.tsconfig}`];
  const width = Math.max(6, ...catalogue.totals.map((total) => total.target.length));
  const row = (label: string, bytes: number, tokens: number) => `    ${label.padEnd(width)}  ${number(bytes).padStart(9)} bytes  ~${number(tokens)} tokens`;
  for (const tool of catalogue.tools) {
    const sets = tool.sets ? `  [${tool.sets.join(", ")}]` : "";
    lines.push("", `  ${tool.name}${tool.title ? ` (${tool.title})` : ""}  ${tool.file}:${tool.line}${sets}`);
    if (!tool.description) lines.push("    no description: the model reads only the name");
    for (const [target, entry] of Object.entries(tool.targets)) lines.push(row(target, entry!.bytes, entry!.tokens));
    if (tool.hoistingSaves) {
      // For the targets that keep $ref (MCP, OpenAI, Anthropic without strict); the others inline it again.
      lines.push(`    $defs would make its input schema ${number(tool.hoistingSaves)} bytes smaller: pass { refs: "auto" } to its toolOf`);
    }
  }
  const sets = [...new Set(catalogue.totals.map((total) => total.set))];
  const named = sets.length > 1 || catalogue.tools.some((tool) => tool.sets);
  for (const set of sets) {
    lines.push("", named ? `  the tool set ${set}, as one request carries it:` : "  the whole set, as one request carries it:");
    for (const total of catalogue.totals.filter((total) => total.set === set)) {
      lines.push(`${row(total.target, total.bytes, total.tokens)}  ${total.tools} tools`);
      for (const over of total.over) lines.push(`      over a limit: ${over}`);
    }
  }
  for (const problem of catalogue.problems) lines.push("", problem);
  for (const warning of catalogue.warnings) lines.push("", warning);
  return `${lines.join("\n")}\n`;
}

/** The catalogue for a script: stable across runs and hosts (files in order, keys as listed). */
export const catalogueJson = (catalogue: Catalogue): string => `${JSON.stringify(catalogue, null, 2)}\n`;

/** 1 when the set goes over a limit of a target it is built for, or a tool could not be read or breaks a rule set to "error". */
export const exitCode = (catalogue: Catalogue): number => (catalogue.problems.length || catalogue.totals.some((total) => total.over.length) ? 1 : 0);

/**
 * The catalogue of one tool set (`--set admin`): its tools and its totals; the project's problems and
 * warnings stay whole. Undefined when no tool is in that set.
 */
export function onlySet(catalogue: Catalogue, set: string): Catalogue | undefined {
  const tools = catalogue.tools.filter((tool) => (tool.sets ?? [DEFAULT_SET]).includes(set));
  if (tools.length === 0) return undefined;
  return { ...catalogue, tools, totals: catalogue.totals.filter((total) => total.set === set) };
}

/** The tool sets of a catalogue, in the order first met. */
export const setsOf = (catalogue: Catalogue): string[] => [...new Set(catalogue.tools.flatMap((tool) => tool.sets ?? [DEFAULT_SET]))];
