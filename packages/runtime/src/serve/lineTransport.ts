import type { Readable, Writable } from "node:stream";
import { grownLength, regrown } from "./growBuffer";
import type { Log } from "./log";
import { INVALID_REQUEST, describeMessage, screenMessage, type MessageLimits, type RpcError } from "./screenMessage";

export interface LineOptions {
  /** A longer line is answered -32600 and dropped; the transport keeps reading. */
  readonly maxMessageBytes: number;
  readonly limits: MessageLimits;
  readonly log: Log;
  /** Answers waiting to be written, in bytes, past which no more input is read until they drain. */
  readonly maxPendingBytes: number;
  /** Requests read and not yet answered, past which no more input is read until some are. */
  readonly maxUnanswered: number;
}

/**
 * MCP over standard input and output: one JSON-RPC message per line, as the MCP SDK's transport
 * reads them, with what that one lacks. A line too long, not JSON, or not a message is answered
 * (-32600, -32700, id null where none could be read) and said on standard error, and the next line
 * is read as usual; the SDK's closed the transport on a message over 10 MiB, and the process then
 * exited with code 0 and nothing said. Lines are split as they come, each byte looked at once (the
 * SDK's concatenated its whole buffer on every chunk: 8 MB took 2.6 s). When the client closes its
 * input, the requests it sent are answered first; an input or output that fails ends the process
 * with code 1. Backpressure: a client that does not read its answers, or sends requests faster
 * than they are answered, is read no further until the answers drain or are given
 * (`maxPendingBytes`, `maxUnanswered`), so what the server holds stays bounded. Fits the SDK's `Transport`.
 */
export class LineTransport {
  onmessage?: (message: any) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;

  /** The line being read, copied in as it comes (a chunk kept as a Buffer of its own costs far more than its bytes). */
  private line: Buffer = Buffer.alloc(0);
  private lineBytes = 0;
  /** Reading the rest of a line too long to keep: it is answered already. */
  private dropping = false;
  private closed = false;
  /** The input ended: the transport closes once the requests still being answered are. */
  private ended = false;
  /** The requests read and not yet answered, by id, how many of each (a client may repeat an id). */
  private readonly unanswered = new Map<string | number, number>();
  private unansweredCount = 0;
  /** Reading is paused for backpressure (not closed). */
  private held = false;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    private readonly options: LineOptions,
  ) {}

  async start(): Promise<void> {
    this.input.on("data", this.onData);
    this.input.on("end", this.onEnd);
    this.input.on("error", this.onInputError);
    this.output.on("error", this.onOutputError);
    this.output.on("drain", this.onDrain);
  }

  /** What the SDK sends: an answer settles the request it answers. */
  send(message: unknown): Promise<void> {
    const { id } = message as { id?: unknown };
    if (!("method" in (message as object)) && (typeof id === "string" || typeof id === "number")) this.settle(id);
    return this.write(message);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off("data", this.onData);
    this.input.off("end", this.onEnd);
    this.input.off("error", this.onInputError);
    this.output.off("drain", this.onDrain);
    // Nothing more is read: the process may end (unless the input has other readers).
    if (this.input.listenerCount("data") === 0) this.input.pause();
    this.line = Buffer.alloc(0);
    this.onclose?.();
  }

  private write(message: unknown): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const flushed = this.output.write(JSON.stringify(message) + "\n");
      this.hold();
      if (flushed) resolve();
      else this.draining.push(resolve);
    });
  }

  /** Writes that wait for the output to drain: one listener for them all, however many. */
  private draining: (() => void)[] = [];

  /** Whether to read on: the answers waiting to be written, and the requests waiting for answers, within their bounds. */
  private get full(): boolean {
    return this.output.writableLength > this.options.maxPendingBytes || this.unansweredCount >= this.options.maxUnanswered;
  }

  /** Stops reading while the client is behind; `release` reads on once it caught up. */
  private hold(): void {
    if (this.held || this.closed || !this.full) return;
    this.held = true;
    this.input.pause();
  }

  private release(): void {
    if (!this.held || this.closed || this.full) return;
    this.held = false;
    this.input.resume();
  }

  private readonly onDrain = (): void => {
    const waiting = this.draining;
    this.draining = [];
    waiting.forEach((resolve) => resolve());
    this.release();
  };

  private settle(id: string | number): void {
    const known = this.unanswered.get(id) ?? 0;
    if (known === 0) return;
    this.unansweredCount--;
    if (known > 1) this.unanswered.set(id, known - 1);
    else this.unanswered.delete(id);
    this.release();
    // Closed after this answer is written: the SDK writes it right after calling send.
    if (this.ended && this.unanswered.size === 0) setImmediate(() => void this.close());
  }

  private readonly onData = (chunk: Buffer | string): void => {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    let start = 0;
    for (let end = bytes.indexOf(10, start); end !== -1; end = bytes.indexOf(10, start)) {
      this.take(bytes.subarray(start, end));
      this.endLine();
      start = end + 1;
    }
    this.take(bytes.subarray(start));
  };

  /**
   * Keeps part of a line, up to the size a message may have (and its `\r`); past it, answers and drops
   * the line.
   */
  private take(part: Buffer): void {
    if (this.dropping || part.length === 0) return;
    const size = this.lineBytes + part.length;
    if (size > this.options.maxMessageBytes + 1) {
      this.line = Buffer.alloc(0);
      this.lineBytes = 0;
      this.dropping = true;
      return this.tooLarge();
    }
    if (size > this.line.length) this.line = regrown(this.line, this.lineBytes, grownLength(this.line.length, size, this.options.maxMessageBytes + 1));
    part.copy(this.line, this.lineBytes);
    this.lineBytes = size;
  }

  /** A line ended (or the input did): read it, unless it was too long and is answered already. */
  private endLine(): void {
    // The message's bytes, without the `\r` of a CRLF.
    const bytes = this.lineBytes > 0 && this.line[this.lineBytes - 1] === 13 ? this.lineBytes - 1 : this.lineBytes;
    const tooLong = !this.dropping && bytes > this.options.maxMessageBytes;
    if (tooLong) this.tooLarge();
    const text = this.dropping || tooLong ? "" : this.line.toString("utf8", 0, bytes);
    this.lineBytes = 0;
    this.dropping = false;
    if (this.line.length > 64 * 1024) this.line = Buffer.alloc(0);
    if (text.trim() !== "") this.receive(text);
  }

  private tooLarge(): void {
    this.refuse({ code: INVALID_REQUEST, message: `Request too large: a message is at most ${this.options.maxMessageBytes} bytes` }, null);
  }

  private receive(text: string): void {
    const screened = screenMessage(text, this.options.limits);
    if (!screened.ok) {
      // A notification is not answered, even when wrong: said on standard error only.
      if (screened.notification) return this.options.log.error(`stdio: a notification dropped: ${screened.error.message}`);
      return this.refuse(screened.error, screened.id);
    }
    const { id, method, params } = screened.message as { id?: string | number; method?: unknown; params?: { requestId?: unknown } };
    if (typeof method === "string" && id !== undefined) {
      this.unanswered.set(id, (this.unanswered.get(id) ?? 0) + 1);
      this.unansweredCount++;
      this.hold();
    }
    // A cancelled request is not answered (MCP): it is settled here.
    const cancelled = params?.requestId;
    if (method === "notifications/cancelled" && (typeof cancelled === "string" || typeof cancelled === "number") && this.unanswered.has(cancelled)) {
      this.settle(cancelled);
    }
    this.options.log.access(`stdio ${describeMessage(screened.message)}`);
    this.onmessage?.(screened.message);
  }

  /** An answer of the transport's own: written, said on standard error; no request of the client's is settled by it. */
  private refuse(error: RpcError, id: string | number | null): void {
    this.options.log.error(`stdio: ${error.message} (answered ${error.code})`);
    void this.write({ jsonrpc: "2.0", id, error });
  }

  /** The input ended: a last line without its newline is read; the transport closes once every request is answered. */
  private readonly onEnd = (): void => {
    this.endLine();
    this.ended = true;
    if (this.unanswered.size === 0) void this.close();
  };

  private readonly onInputError = (error: Error): void => this.fail("standard input", error);

  private readonly onOutputError = (error: Error): void => this.fail("standard output", error);

  /** The client's end is gone: nothing more can be answered. Said, and the process ends with code 1. */
  private fail(side: string, error: Error): void {
    this.options.log.error(`stdio: ${side} failed: ${error.message}`);
    process.exitCode = 1;
    this.onerror?.(error);
    void this.close();
  }
}
