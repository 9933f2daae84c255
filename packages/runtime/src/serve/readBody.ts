import type { IncomingMessage, ServerResponse } from "node:http";
import { grownLength, regrown } from "./growBuffer";

export type Body =
  | { readonly kind: "read"; readonly text: string }
  | { readonly kind: "too large" }
  /** The bodies being read hold as much memory as they may, all requests together. */
  | { readonly kind: "no room" }
  | { readonly kind: "gone" }
  /** The body did not arrive in the time it is given. */
  | { readonly kind: "late" };

/** The bytes the bodies being read hold now, all requests together, and how many they may. */
export interface Budget {
  bytes: number;
  readonly max: number;
}

/**
 * A request's body as text, up to `maxBytes`. Past that nothing more is kept: the rest is read and
 * dropped, so the client, still sending, gets the 413 it is answered (closing the socket under it
 * would reset the connection, and the answer would be lost). `gone`: the client left, or the server's
 * request timeout closed the connection, before the body ended.
 *
 * The body is copied into one buffer as it comes (`grownLength`), and that buffer's size is what counts
 * in `budget`: keeping the chunks would let 4 MB of one-byte chunks hold more than a gigabyte.
 * `timeoutMs`: the time the body is given (`late` past it); `ready`: called once the declared length
 * is within bounds and reading starts (where a client that expects it is told `100 Continue`).
 */
export function readBody(req: IncomingMessage, maxBytes: number, budget: Budget, timeoutMs?: number, ready?: () => void): Promise<Body> {
  if (Number(req.headers["content-length"]) > maxBytes) return Promise.resolve({ kind: "too large" });
  if (req.destroyed) return Promise.resolve({ kind: "gone" });
  ready?.();
  return new Promise((resolve) => {
    let body: Buffer = Buffer.alloc(0);
    let size = 0;
    let settled = false;
    const timer = timeoutMs === undefined ? undefined : setTimeout(() => settle({ kind: "late" }), timeoutMs);
    const settle = (result: Body) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      budget.bytes -= body.length;
      body = Buffer.alloc(0);
      req.off("data", onData);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      if (size + chunk.length > maxBytes) return settle({ kind: "too large" });
      if (size + chunk.length > body.length) {
        const length = grownLength(body.length, size + chunk.length, maxBytes);
        if (budget.bytes + length - body.length > budget.max) return settle({ kind: "no room" });
        budget.bytes += length - body.length;
        body = regrown(body, size, length);
      }
      chunk.copy(body, size);
      size += chunk.length;
    };
    req.on("data", onData);
    req.once("end", () => settle({ kind: "read", text: body.toString("utf8", 0, size) }));
    req.once("close", () => settle({ kind: "gone" }));
    req.once("error", () => settle({ kind: "gone" }));
  });
}

/**
 * After answering before the body was read (413, or a refusal): the rest of the body is read and
 * dropped so the answer reaches the client, for `graceMs` at most; a client still sending then is
 * cut off, so an endless body holds nothing.
 */
export function dropRest(req: IncomingMessage, res: ServerResponse, graceMs: number): void {
  if (req.complete) return;
  req.resume();
  const timer = setTimeout(() => req.socket.destroy(), graceMs);
  timer.unref();
  req.once("end", () => clearTimeout(timer));
  res.once("close", () => req.complete && clearTimeout(timer));
}
