import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { printable } from "./log";
import { COERCED, type CallToolResult, type Tool } from "../tools/tool";
import type { Coerced } from "../check/coerce";

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
 * The tools as a server answers them. Wrong arguments and a tool's own failure are `isError`
 * results the model can read and correct (SEP-1303); an unknown tool is a protocol error (-32602),
 * as the MCP specification says.
 */
export function toolTable(tools: readonly Tool[], options: ToolTableOptions = {}): ToolTable {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  if (byName.size !== tools.length) throw new Error("Two tools have the same name; pass { name } to toolOf to tell them apart.");
  return {
    definitions: tools.map(toolDefinition),
    call(name, args) {
      const tool = typeof name === "string" ? byName.get(name) : undefined;
      if (!tool) throw protocolError(-32602, `Unknown tool: ${printable(String(name))}; the tools are ${[...byName.keys()].join(", ")}`);
      const work = inTurn().then(() => tool.call(args));
      options.onCall?.(work);
      const { log } = options;
      return log ? work.then((result) => (logRepairs(log, tool.name, result), result)) : work;
    },
  };
}

/**
 * Answers `tools/list` and `tools/call` (MCP 2025-11-25, through the SDK's `Server`) from a toolTable.
 * The server must be created with `capabilities: { tools: {} }`.
 */
export function serveTools(server: ToolServer, tools: readonly Tool[], options: ToolTableOptions = {}): void {
  const table = toolTable(tools, options);
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: table.definitions }));
  server.setRequestHandler(CallToolRequestSchema, async (request: { params: { name: string; arguments?: unknown } }) =>
    table.call(request.params.name, request.params.arguments),
  );
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

/**
 * The calls waiting for their turn, process-wide. A tool's own work runs on the event loop, and a
 * call that keeps it busy would make every call that came with it, and the I/O behind them (another
 * client's GET, a body arriving), wait for all of them: sixty-four costly searches read in one turn
 * ran back to back. Each call starts in a turn of its own, so what waits behind a call is one call.
 */
const waiting: (() => void)[] = [];
let turning = false;

/** Resolves when it is this call's turn: the next turn of the event loop that starts no other call. */
function inTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!turning) {
      turning = true;
      setImmediate(nextTurn);
    }
  });
}

/** One call started; the next in the next turn, after the I/O that came meanwhile (setImmediate from a check phase runs in the next loop). */
function nextTurn(): void {
  const start = waiting.shift();
  if (!start) return void (turning = false);
  start();
  setImmediate(nextTurn);
}
