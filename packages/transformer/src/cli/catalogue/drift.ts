import { readFileSync, writeFileSync } from "node:fs";
import type { Catalogue, CatalogueTool } from "./listTools";
import { OUTPUT_WORDS, refusedBy, type Finding } from "./compareSchemas";

/** What a snapshot keeps of each tool: what a model and a client rely on. */
interface SnapshotTool {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly annotations?: unknown;
  readonly targets: readonly string[];
  readonly inputSchema: unknown;
  readonly outputSchema?: unknown;
}

/** The file's format, which a snapshot of another one is refused by. */
const FORMAT = "schemaof-tools/1";

/** The snapshot of a catalogue, as `--update` writes it: tools by name, stable text. */
export function snapshotOf(catalogue: Catalogue): string {
  const tools: SnapshotTool[] = [...catalogue.tools]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((tool) => ({
      name: tool.name,
      ...kept(tool),
      targets: Object.keys(tool.targets),
      inputSchema: tool.targets.mcp!.inputSchema,
      ...(tool.outputSchema === undefined ? {} : { outputSchema: tool.outputSchema }),
    }));
  return `${JSON.stringify({ format: FORMAT, tools }, null, 2)}\n`;
}

const kept = (tool: CatalogueTool | SnapshotTool) => ({
  ...(tool.title === undefined ? {} : { title: tool.title }),
  ...(tool.description === undefined ? {} : { description: tool.description }),
  ...(tool.annotations === undefined ? {} : { annotations: tool.annotations }),
});

/** A snapshot that cannot be compared with: said in one sentence, exit 2. */
export class SnapshotError extends Error {}

export function readSnapshot(file: string): readonly SnapshotTool[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new SnapshotError(`there is no snapshot at ${file} to check against; write one with 'schemaof tools --update'.`);
  }
  let parsed: { format?: unknown; tools?: unknown };
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    throw new SnapshotError(`${file} is not JSON, so not a snapshot of tools; write it again with 'schemaof tools --update'.`);
  }
  if (parsed?.format !== FORMAT || !Array.isArray(parsed.tools)) {
    throw new SnapshotError(
      `${file} is not a snapshot of this schemaof (format ${JSON.stringify(parsed?.format ?? null)}, expected "${FORMAT}"); write it again with 'schemaof tools --update'.`,
    );
  }
  return parsed.tools as SnapshotTool[];
}

export const writeSnapshot = (file: string, catalogue: Catalogue) => writeFileSync(file, snapshotOf(catalogue));

/** What changed, by tool: what breaks a deployed agent or client, and what does not. */
export interface Drift {
  readonly breaking: readonly string[];
  readonly compatible: readonly string[];
}

/**
 * The catalogue against a snapshot. Breaking: a tool or a target gone; an input schema that refuses
 * arguments the old one accepted; an output schema that gives values the old one did not promise.
 * The rest (a new tool, a wider input, a narrower output, new words) is compatible.
 */
export function compareWithSnapshot(old: readonly SnapshotTool[], catalogue: Catalogue): Drift {
  const now = new Map(JSON.parse(snapshotOf(catalogue)).tools.map((tool: SnapshotTool) => [tool.name, tool]) as [string, SnapshotTool][]);
  const breaking: string[] = [];
  const compatible: string[] = [];
  const said = (tool: string, side: string, findings: readonly Finding[]) => findings.map(({ path, what }) => `${tool}: ${side} ${path} ${what}`);
  for (const before of old) {
    const after = now.get(before.name);
    if (!after) {
      breaking.push(`${before.name}: the tool is gone`);
      continue;
    }
    for (const target of before.targets) if (!after.targets.includes(target)) breaking.push(`${before.name}: no longer built for ${target}`);
    for (const target of after.targets) if (!before.targets.includes(target)) compatible.push(`${before.name}: built for ${target} too`);
    // Inputs: arguments the old schema took must still be taken; outputs: what comes must be what was promised.
    breaking.push(...said(before.name, "input", refusedBy(before.inputSchema as never, after.inputSchema as never)));
    if (refusedBy(after.inputSchema as never, before.inputSchema as never).length) compatible.push(`${before.name}: the input takes more than before`);
    if (before.outputSchema !== undefined && after.outputSchema === undefined) breaking.push(`${before.name}: the output schema is gone`);
    if (before.outputSchema !== undefined && after.outputSchema !== undefined) {
      breaking.push(...said(before.name, "output", refusedBy(after.outputSchema as never, before.outputSchema as never, OUTPUT_WORDS)));
      if (refusedBy(before.outputSchema as never, after.outputSchema as never).length) compatible.push(`${before.name}: the output promises more than before`);
    }
    if (before.outputSchema === undefined && after.outputSchema !== undefined) compatible.push(`${before.name}: has an output schema now`);
    for (const key of ["title", "description", "annotations"] as const) {
      if (JSON.stringify(kept(before)[key]) !== JSON.stringify(kept(after)[key])) compatible.push(`${before.name}: the ${key} changed`);
    }
  }
  for (const name of now.keys()) if (!old.some((tool) => tool.name === name)) compatible.push(`${name}: a new tool`);
  return { breaking, compatible };
}

/** The drift for a person: what breaks, then what does not, each a line naming the tool and the path. */
export function printDrift(drift: Drift, file: string): string {
  if (!drift.breaking.length && !drift.compatible.length) return `the tools are as ${file} holds them\n`;
  const lines: string[] = [];
  if (drift.breaking.length)
    lines.push(
      `${drift.breaking.length} breaking change${drift.breaking.length === 1 ? "" : "s"} since ${file}:`,
      ...drift.breaking.map((line) => `  ${line}`),
    );
  if (drift.compatible.length)
    lines.push(
      `${drift.compatible.length} compatible change${drift.compatible.length === 1 ? "" : "s"} since ${file}:`,
      ...drift.compatible.map((line) => `  ${line}`),
    );
  if (drift.breaking.length) lines.push("If they are meant, publish them and write the snapshot again: schemaof tools --update");
  return `${lines.join("\n")}\n`;
}
