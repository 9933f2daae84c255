import type { IncomingMessage, ServerResponse } from "node:http";

export type Body =
  | { readonly kind: "read"; readonly text: string }
  | { readonly kind: "too large" }
  /** The bodies being read hold as much memory as they may, all requests together. */
  | { readonly kind: "no room" }
  | { readonly kind: "gone" };

/**
 * A request's body as text, up to `maxBytes`. Past that nothing more is kept: the rest is read and
 * dropped, so the client, still sending, gets the 413 it is answered (closing the socket under it
 * would reset the connection, and the answer would be lost). `gone`: the client left, or the server's
 * request timeout closed the connection, before the body ended. What is kept counts in `buffered`,
 * shared by every request, until the body is read or given up.
 */
export function readBody(req: IncomingMessage, maxBytes: number, buffered: { bytes: number; readonly max: number }): Promise<Body> {
  const declared = Number(req.headers["content-length"]);
  if (declared > maxBytes) return Promise.resolve({ kind: "too large" });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (body: Body) => {
      buffered.bytes -= size;
      size = 0;
      chunks.length = 0;
      req.off("data", onData);
      resolve(body);
    };
    const onData = (chunk: Buffer) => {
      if (size + chunk.length > maxBytes) return settle({ kind: "too large" });
      if (buffered.bytes + chunk.length > buffered.max) return settle({ kind: "no room" });
      size += chunk.length;
      buffered.bytes += chunk.length;
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      settle({ kind: "read", text });
    });
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
