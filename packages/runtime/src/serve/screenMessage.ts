/**
 * What a server reads of a message before the MCP SDK parses it. The SDK's parsing costs microseconds
 * a key (a `ping` whose `_meta` held 1.38 million keys stalled every other request for ten seconds),
 * so the text is first measured in one pass, without building anything: too many keys or too deep a
 * nesting is refused before `JSON.parse`. Then the shape: JSON-RPC 2.0, and a `tools/call`'s
 * `arguments` an object, which the SDK would otherwise answer as its own internal error.
 */

import { printable } from "./log";

/** A JSON-RPC error, as the answer to the message that caused it carries it. */
export interface RpcError {
  readonly code: number;
  readonly message: string;
}

export interface MessageLimits {
  /** Object keys in one message, nested ones included. */
  readonly maxKeys: number;
  /** Levels of nested objects and arrays in one message. */
  readonly maxDepth: number;
}

export type Screened =
  | { readonly ok: true; readonly message: unknown }
  /** `id`: the request's, where it could be read; `null` otherwise. */
  | { readonly ok: false; readonly error: RpcError; readonly id: string | number | null };

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const INVALID_PARAMS = -32602;

/** Reads one message (or a batch) from its text; what the SDK should not be given is an error to answer with. */
export function screenMessage(text: string, limits: MessageLimits): Screened {
  const measured = measure(text, limits);
  if (measured) return { ok: false, error: { code: INVALID_REQUEST, message: measured }, id: null };
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return { ok: false, error: { code: PARSE_ERROR, message: "Parse error: the message is not JSON" }, id: null };
  }
  for (const one of Array.isArray(message) ? message : [message]) {
    const wrong = shapeOf(one);
    if (wrong) return { ok: false, error: wrong, id: idOf(one) };
  }
  return { ok: true, message };
}

/**
 * Counts keys (a `:` outside strings) and nesting in one pass over the text; the first limit passed
 * is the sentence to answer with. The scan jumps from one structural character to the next, and over
 * a string to its closing quote, with the engine's own search: a 4 MB string or a million numbers
 * cost what `JSON.parse` costs them. Invalid JSON passes here and fails in `JSON.parse`.
 */
function measure(text: string, { maxKeys, maxDepth }: MessageLimits): string | undefined {
  const structural = /["{}[\]:]/g;
  let depth = 0;
  let keys = 0;
  for (let found = structural.exec(text); found; found = structural.exec(text)) {
    const c = text.charCodeAt(found.index);
    if (c === 34 /* " */) {
      const end = closingQuote(text, found.index);
      if (end === -1) return undefined;
      structural.lastIndex = end + 1;
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > maxDepth) return `Invalid Request: nested deeper than ${maxDepth} levels`;
    } else if (c === 58 /* : */) {
      if (++keys > maxKeys) return `Invalid Request: more than ${maxKeys} keys in one message`;
    } else depth--;
  }
  return undefined;
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
const isId = (value: unknown): value is string | number => typeof value === "string" || (typeof value === "number" && Number.isFinite(value));
const idOf = (message: unknown): string | number | null => (isObject(message) && isId(message.id) ? message.id : null);

/** What is wrong with one message's shape, as the error to answer with; undefined when nothing is. */
function shapeOf(message: unknown): RpcError | undefined {
  if (!isObject(message) || message.jsonrpc !== "2.0") {
    return { code: INVALID_REQUEST, message: 'Invalid Request: a JSON-RPC 2.0 message is an object with "jsonrpc": "2.0"' };
  }
  if ("method" in message) {
    if (typeof message.method !== "string") return { code: INVALID_REQUEST, message: "Invalid Request: method must be a string" };
    if ("id" in message && !isId(message.id)) return { code: INVALID_REQUEST, message: "Invalid Request: id must be a string or a number" };
    if ("params" in message && !isObject(message.params)) return { code: INVALID_PARAMS, message: "Invalid params: params must be an object" };
    const params = message.params as Record<string, unknown> | undefined;
    if (message.method === "tools/call" && params && params.arguments !== undefined && !isObject(params.arguments)) {
      return { code: INVALID_PARAMS, message: `Invalid params: a tool's arguments are an object of named arguments, not ${kindOf(params.arguments)}` };
    }
    return undefined;
  }
  // A response to a request the server sent (the client answering a sampling or elicitation request).
  if (isId(message.id) && ("result" in message || "error" in message)) return undefined;
  return { code: INVALID_REQUEST, message: "Invalid Request: a message has a method, or answers a request with a result or an error" };
}

const kindOf = (value: unknown): string => (value === null ? "null" : Array.isArray(value) ? "an array" : `a ${typeof value}`);

/** The MCP method of a message, and the tool of a `tools/call`, as a log line names them. */
export function describeMessage(message: unknown): string {
  const one = (m: unknown) => {
    const { method, params } = (m ?? {}) as { method?: unknown; params?: { name?: unknown } };
    if (typeof method !== "string") return "response";
    return method === "tools/call" && typeof params?.name === "string" ? `${method} ${printable(params.name)}` : printable(method);
  };
  return Array.isArray(message) ? `batch of ${message.length}: ${message.map(one).join(", ")}` : one(message);
}
