/**
 * What a server reads of a message before the MCP SDK parses it. Parsing costs time by the value (the
 * SDK's, microseconds a key: a `ping` whose `_meta` held 1.38 million keys stalled every other request
 * for ten seconds; `JSON.parse`'s, by the array item), so the text is first measured in one pass,
 * without building anything: too many keys, array items or levels of nesting are refused before
 * `JSON.parse`. Then the shape: one JSON-RPC 2.0 message (MCP has no batches since 2025-06-18), and a
 * `tools/call` with a tool name and an object of arguments, which the SDK would otherwise answer as
 * its own internal error, a list of zod issues.
 */

import {
  ClientNotificationSchema,
  ClientRequestSchema,
  JSONRPCMessageSchema,
  JSONRPCNotificationSchema,
  JSONRPCRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { printable } from "./log";
import { namedVersion } from "./modern";

/** A JSON-RPC error, as the answer to the message that caused it carries it. */
export interface RpcError {
  readonly code: number;
  readonly message: string;
}

export interface MessageLimits {
  /** Object keys in one message, nested ones included. */
  readonly maxKeys: number;
  /** Array items in one message, nested ones included. */
  readonly maxItems: number;
  /** Levels of nested objects and arrays in one message. */
  readonly maxDepth: number;
}

/** The limits a server was given, with their defaults. */
export const limitsOf = (options: Partial<MessageLimits>): MessageLimits => ({
  maxKeys: options.maxKeys ?? 10_000,
  maxItems: options.maxItems ?? 100_000,
  maxDepth: options.maxDepth ?? 64,
});

export type Screened =
  | { readonly ok: true; readonly message: Record<string, unknown> }
  | {
      readonly ok: false;
      readonly error: RpcError;
      /** The request's, where it could be read; `null` otherwise. */
      readonly id: string | number | null;
      /** A notification (a method, no id) is not answered, even when it is wrong. */
      readonly notification: boolean;
    };

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const INVALID_PARAMS = -32602;

/** Reads one message from its text; what the SDK should not be given is an error to answer with. */
export function screenMessage(text: string, limits: MessageLimits): Screened {
  const refused = (code: number, message: string, one?: unknown): Screened => ({
    ok: false,
    error: { code, message },
    id: idOf(one),
    notification: isObject(one) && typeof one.method === "string" && !("id" in one),
  });
  const measured = measure(text, limits);
  if (measured) return refused(INVALID_REQUEST, measured);
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return refused(PARSE_ERROR, "Parse error: the message is not JSON");
  }
  if (Array.isArray(message)) return refused(INVALID_REQUEST, "Invalid Request: one message at a time; batches are not answered");
  const wrong = shapeOf(message) ?? asTheSdkReadsIt(message as Record<string, unknown>);
  return wrong ? refused(wrong.code, wrong.message, message) : { ok: true, message: message as Record<string, unknown> };
}

/**
 * Counts keys (a `:` outside strings), array items (a `,` in an array, outside strings) and nesting in
 * one pass over the text; the first limit passed is the sentence to answer with. The scan jumps from
 * one structural character to the next, and over a string to its closing quote, with the engine's own
 * search: a 4 MB string costs what `JSON.parse` costs it. Invalid JSON passes here and fails in
 * `JSON.parse`.
 */
function measure(text: string, { maxKeys, maxItems, maxDepth }: MessageLimits): string | undefined {
  const structural = /["{}[\]:,]/g;
  // Whether each open level is an array (a `,` there separates items, in an object it separates keys).
  const inArray: boolean[] = [];
  let keys = 0;
  let items = 0;
  // Every value but the root is a key's or an array item, each counted; JSON within the bounds has at
  // most a few structural characters for each (its quote, its `:` or `,`, its brackets); more is text
  // that is not JSON within them, and the scan stops.
  let left = 6 * (maxKeys + maxItems + 1);
  // Text that cannot be JSON stops the scan (JSON.parse then says so): a comma in an object that no
  // key follows, a string right after a string.
  let objectCommas = 0;
  let afterString = false;
  for (let found = structural.exec(text); found; found = structural.exec(text)) {
    if (--left < 0) return `Invalid Request: more than ${maxKeys} keys and ${maxItems} array items in one message`;
    const c = text.charCodeAt(found.index);
    if (c === 34 /* " */) {
      if (afterString) return undefined;
      const end = closingQuote(text, found.index);
      if (end === -1) return undefined;
      structural.lastIndex = end + 1;
      afterString = true;
      continue;
    }
    afterString = false;
    if (c === 44 /* , */) {
      if (!inArray[inArray.length - 1] && ++objectCommas > keys) return undefined;
      if (inArray[inArray.length - 1] && ++items > maxItems) return `Invalid Request: more than ${maxItems} array items in one message`;
    } else if (c === 58 /* : */) {
      if (++keys > maxKeys) return `Invalid Request: more than ${maxKeys} keys in one message`;
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      inArray.push(c === 91);
      if (inArray.length > maxDepth) return `Invalid Request: nested deeper than ${maxDepth} levels`;
      // An array's first item has no comma before it: counted here, unless the array is empty.
      if (c === 91 && !closesAtOnce(text, found.index) && ++items > maxItems) return `Invalid Request: more than ${maxItems} array items in one message`;
    } else if (inArray.pop() === undefined) return undefined; // closes what was not open: JSON.parse says so
  }
  return undefined;
}

/** Whether the array opened at `open` is empty: its next character, past white space, is `]`. */
function closesAtOnce(text: string, open: number): boolean {
  let at = open + 1;
  while (at < text.length && (text.charCodeAt(at) === 32 || text.charCodeAt(at) === 10 || text.charCodeAt(at) === 13 || text.charCodeAt(at) === 9)) at++;
  return text.charCodeAt(at) === 93;
}

/** Where the string opened at `open` ends: the next quote not escaped by an odd run of backslashes. */
function closingQuote(text: string, open: number): number {
  let at = text.indexOf('"', open + 1);
  while (at !== -1) {
    let slashes = 0;
    while (text.charCodeAt(at - 1 - slashes) === 92) slashes++;
    if (slashes % 2 === 0) return at;
    at = text.indexOf('"', at + 1);
  }
  return -1;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
/** An id as MCP takes one: a string, or an integer JavaScript holds exactly. */
const isId = (value: unknown): value is string | number => typeof value === "string" || Number.isSafeInteger(value);
const idOf = (message: unknown): string | number | null => (isObject(message) && isId(message.id) ? message.id : null);

/** What is wrong with one message's shape, as the error to answer with; undefined when nothing is. */
function shapeOf(message: unknown): RpcError | undefined {
  if (!isObject(message) || message.jsonrpc !== "2.0") {
    return { code: INVALID_REQUEST, message: 'Invalid Request: a JSON-RPC 2.0 message is an object with "jsonrpc": "2.0"' };
  }
  if ("method" in message) {
    if (typeof message.method !== "string") return { code: INVALID_REQUEST, message: "Invalid Request: method must be a string" };
    if ("id" in message && !isId(message.id)) return { code: INVALID_REQUEST, message: "Invalid Request: id must be a string or an integer" };
    if ("params" in message && !isObject(message.params)) return { code: INVALID_PARAMS, message: "Invalid params: params must be an object" };
    return message.method === "tools/call" ? toolCallShape(message.params as Record<string, unknown> | undefined) : undefined;
  }
  // A response to a request the server sent (the client answering a sampling or elicitation request).
  if (isId(message.id) && ("result" in message || "error" in message)) return undefined;
  return { code: INVALID_REQUEST, message: "Invalid Request: a message has a method, or answers a request with a result or an error" };
}

/**
 * The SDK's own reading of a message, the last word: what it would not take (a key beyond jsonrpc,
 * id, method and params; a `_meta` that is not an object) it drops without an answer over stdio, so
 * it is answered here, in one sentence from its first issue.
 */
function asTheSdkReadsIt(message: Record<string, unknown>): RpcError | undefined {
  const schema = "method" in message ? ("id" in message ? JSONRPCRequestSchema : JSONRPCNotificationSchema) : JSONRPCMessageSchema;
  const read = schema.safeParse(message);
  // Then the method's own params (an unknown method is the SDK's to answer: -32601). A 2026-07-28
  // message (its revision in `_meta`) is read by that revision: of 2025-11-25's methods only
  // tools/call is its too, and the others (initialize, ping) it answers -32601 whatever their params.
  const modern = namedVersion(message) !== undefined;
  const own =
    read.success && typeof message.method === "string" && (!modern || message.method === "tools/call")
      ? CLIENT_MESSAGES.get(message.method)?.safeParse(message)
      : undefined;
  const failed = !read.success ? read : own && !own.success ? own : undefined;
  if (!failed) return undefined;
  const [issue] = failed.error.issues;
  const where = issue?.path.length ? issue.path.join(".") : "the message";
  const inParams = issue?.path[0] === "params";
  return {
    code: inParams ? INVALID_PARAMS : INVALID_REQUEST,
    message: `${inParams ? "Invalid params" : "Invalid Request"}: ${printable(where)}: ${printable(issue?.message ?? "not a message MCP reads")}`,
  };
}

/**
 * The requests and notifications a tool server answers, by method, as the SDK reads each; any other
 * method is the SDK's to answer (-32601), whatever its params.
 */
const SERVED = new Set(["initialize", "ping", "tools/list", "tools/call", "notifications/initialized", "notifications/cancelled", "notifications/progress"]);
const CLIENT_MESSAGES = new Map<string, { safeParse(value: unknown): { success: boolean; error?: any } }>(
  [...ClientRequestSchema.options, ...ClientNotificationSchema.options]
    .filter((schema) => SERVED.has(schema.shape.method.value))
    .map((schema) => [schema.shape.method.value, schema]),
);

/** A `tools/call` names its tool, and its arguments, when there are any, are an object. */
function toolCallShape(params: Record<string, unknown> | undefined): RpcError | undefined {
  if (typeof params?.name !== "string") {
    return { code: INVALID_PARAMS, message: `Invalid params: a tools/call names its tool in params.name, a string, not ${kindOf(params?.name)}` };
  }
  if (params.arguments !== undefined && !isObject(params.arguments)) {
    return { code: INVALID_PARAMS, message: `Invalid params: a tool's arguments are an object of named arguments, not ${kindOf(params.arguments)}` };
  }
  return undefined;
}

const kindOf = (value: unknown): string =>
  value === undefined ? "nothing" : value === null ? "null" : Array.isArray(value) ? "an array" : `a ${typeof value}`;

/** The MCP method of a message, and the tool of a `tools/call`, as a log line names them. */
export function describeMessage(message: Record<string, unknown>): string {
  const { method, params } = message as { method?: unknown; params?: { name?: unknown } };
  if (typeof method !== "string") return "response";
  return method === "tools/call" && typeof params?.name === "string" ? `${method} ${printable(params.name)}` : printable(method);
}
