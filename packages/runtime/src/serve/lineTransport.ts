import type { Readable, Writable } from "node:stream";
import type { Log } from "./log";
import { INVALID_REQUEST, describeMessage, screenMessage, type MessageLimits, type RpcError } from "./screenMessage";

export interface LineOptions {
  /** A longer line is answered -32600 and dropped; the transport keeps reading. */
  readonly maxMessageBytes: number;
  readonly limits: MessageLimits;
  readonly log: Log;
}

/**
 * MCP over standard input and output: one JSON-RPC message per line, as the MCP SDK's transport
 * reads them, with what that one lacks. A line too long, not JSON, or not a message is answered
 * (-32600, -32700, id null where none could be read) and said on standard error, and the next line
 * is read as usual; the SDK's closed the transport on a message over 10 MiB, and the process then
 * exited with code 0 and nothing said. Lines are split as they come, each byte looked at once (the
 * SDK's concatenated its whole buffer on every chunk: 8 MB took 2.6 s). When the client closes its
 * input, the requests it sent are answered first; an input or output that fails ends the process
 * with code 1. Fits the SDK's `Transport`.
 */
export class LineTransport {
  onmessage?: (message: any) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;

  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Reading the rest of a line too long to keep: it is answered already. */
  private dropping = false;
  private closed = false;
  /** The input ended: the transport closes once the requests still being answered are. */
  private ended = false;
  /** The ids of the requests read and not yet answered. */
  private readonly unanswered = new Set<string | number>();

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
  }

  send(message: unknown): Promise<void> {
    if (this.closed) return Promise.resolve();
    const written = new Promise<void>((resolve) => {
      if (this.output.write(JSON.stringify(message) + "\n")) resolve();
      else this.output.once("drain", resolve);
    });
    const { id } = message as { id?: string | number; method?: unknown };
    if (id !== undefined && !("method" in (message as object)) && this.unanswered.delete(id) && this.ended && this.unanswered.size === 0) {
      void written.then(() => this.close());
    }
    return written;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off("data", this.onData);
    this.input.off("end", this.onEnd);
    this.input.off("error", this.onInputError);
    // Nothing more is read: the process may end (unless the input has other readers).
    if (this.input.listenerCount("data") === 0) this.input.pause();
    this.pending = [];
    this.onclose?.();
  }

  private readonly onData = (chunk: Buffer | string): void => {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    let start = 0;
    for (let end = bytes.indexOf(10, start); end !== -1; end = bytes.indexOf(10, start)) {
      this.take(bytes.subarray(start, end));
      const line = this.dropping ? undefined : Buffer.concat(this.pending, this.pendingBytes);
      this.pending = [];
      this.pendingBytes = 0;
      this.dropping = false;
      if (line) this.receive(line);
      start = end + 1;
    }
    this.take(bytes.subarray(start));
  };

  /** Keeps part of a line, up to the size a message may have; past it, answers and drops the line. */
  private take(part: Buffer): void {
    if (this.dropping || part.length === 0) return;
    this.pendingBytes += part.length;
    if (this.pendingBytes <= this.options.maxMessageBytes) return void this.pending.push(part);
    this.pending = [];
    this.pendingBytes = 0;
    this.dropping = true;
    this.refuse({ code: INVALID_REQUEST, message: `Request too large: a message is at most ${this.options.maxMessageBytes} bytes` }, null);
  }

  private receive(line: Buffer): void {
    const text = line.toString("utf8").replace(/\r$/, "");
    if (text.trim() === "") return;
    const screened = screenMessage(text, this.options.limits);
    if (!screened.ok) {
      // A notification is not answered, even when wrong: said on standard error only.
      if (screened.notification) return this.options.log.error(`stdio: a notification dropped: ${screened.error.message}`);
      return this.refuse(screened.error, screened.id);
    }
    const { id, method } = screened.message;
    if (typeof method === "string" && (typeof id === "string" || typeof id === "number")) this.unanswered.add(id);
    this.options.log.access(`stdio ${describeMessage(screened.message)}`);
    this.onmessage?.(screened.message);
  }

  private refuse(error: RpcError, id: string | number | null): void {
    this.options.log.error(`stdio: ${error.message} (answered ${error.code})`);
    void this.send({ jsonrpc: "2.0", id, error });
  }

  private readonly onEnd = (): void => {
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
