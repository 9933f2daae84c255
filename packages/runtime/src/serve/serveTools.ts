import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { printable } from "./log";
import { COERCED, type CallToolResult, type Tool } from "../tools/tool";
import type { Coerced } from "../check/coerce";
import { inTurn } from "./turns";

/**
 * The part of the SDK's `Server` this uses, written structurally: an ES module project gets the SDK's
 * ESM `Server` and a CommonJS one its CJS twin, and both must fit.
 */
export interface ToolServer {
  // The SDK's handler types are its own zod-inferred shapes; this side only needs the method.
  setRequestHandler(schema: object, handler: (request: any) => Promise<any>): void;
}

/** What `tools/list` shows of a tool: its name, description and schemas. */
export function toolDefinition(tool: Tool): Record<string, unknown> {
  return JSON.parse(JSON.stringify(tool)) as Record<string, unknown>;
}

/** What either revision of MCP answers for tools: their definitions, in the order given, and a call by name. */
export interface ToolTable {
  readonly definitions: readonly Record<string, unknown>[];
  /** The named tool's answer; throws a protocol error (-32602) for a name no tool has. */
  call(name: unknown, args: unknown): Promise<CallToolResult>;
}

export interface ToolTableOptions {
  /** Given each call's work as it starts (a server counts what runs, even once its client has left). */
  readonly onCall?: (work: Promise<unknown>) => void;
  /** Where a call whose arguments were repaired is said. */
  readonly log?: (line: string) => void;
}

/**
 * The tools as a server answers them, made once for a server (the definitions are copied once, not
 * for every request). Wrong arguments and a tool's own failure are `isError` results the model can
 * read and correct (SEP-1303); an unknown tool is a protocol error (-32602), as the MCP
 * specification says. Each call starts in a turn of its own (turns.ts).
 */
export function toolTable(tools: readonly Tool[], options: Pick<ToolTableOptions, "log"> = {}): ToolTable {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  if (byName.size !== tools.length) throw new Error("Two tools have the same name; pass { name } to toolOf to tell them apart.");
  const { log } = options;
  return {
    definitions: tools.map(toolDefinition),
    call(name, args) {
      const tool = typeof name === "string" ? byName.get(name) : undefined;
      if (!tool) throw protocolError(-32602, `Unknown tool: ${printable(String(name))}; the tools are ${[...byName.keys()].join(", ")}`);
      const work = inTurn().then(() => tool.call(args));
      return log ? work.then((result) => (logRepairs(log, tool.name, result), result)) : work;
    },
  };
}

/** `table`, each call's work given to `onCall` as it starts: one request's view of a server's table. */
export function counting(table: ToolTable, onCall: ((work: Promise<unknown>) => void) | undefined): ToolTable {
  if (!onCall) return table;
  return {
    definitions: table.definitions,
    call(name, args) {
      const work = table.call(name, args);
      onCall(work);
      return work;
    },
  };
}

/**
 * Answers `tools/list` and `tools/call` (MCP 2025-11-25, through the SDK's `Server`) from a toolTable.
 * The server must be created with `capabilities: { tools: {} }`.
 */
export function answerTools(server: ToolServer, table: ToolTable): void {
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: table.definitions }));
  server.setRequestHandler(CallToolRequestSchema, async (request: { params: { name: string; arguments?: unknown } }) =>
    table.call(request.params.name, request.params.arguments),
  );
}

/** Puts `tools` on an SDK `Server` of your own (created with `capabilities: { tools: {} }`). */
export function serveTools(server: ToolServer, tools: readonly Tool[], options: ToolTableOptions = {}): void {
  answerTools(server, counting(toolTable(tools, options), options.onCall));
}

/** A call whose arguments were repaired says so in the log: which tool, where, by which rule. */
function logRepairs(log: (line: string) => void, name: string, result: CallToolResult): void {
  const repairs = result._meta?.[COERCED] as readonly Coerced[] | undefined;
  if (!repairs?.length) return;
  log(`tools/call ${printable(name)}: arguments repaired: ${repairs.map((r) => `${printable(r.pointer || "(root)", 60)} ${r.rule}`).join(", ")}`);
}

/**
 * An error the SDK answers with its code and this message as they are. (The SDK's McpError puts
 * "MCP error -32602: " in its message, and a client that shows the error puts it there again.)
 */
export const protocolError = (code: number, message: string) => Object.assign(new Error(message), { code });
