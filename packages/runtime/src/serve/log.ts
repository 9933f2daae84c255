import { quoteVisibly } from "../check/context";
import type { LogOption } from "./options";

/**
 * A server's log: one access line per request when asked for (`log: true`, or a function that takes
 * the lines), and a line for every error whatever `log` says: a 500, a crash, a transport failure is
 * never silent. Lines go to standard error, so MCP over stdio keeps standard output to itself.
 */

export interface Log {
  readonly access: (line: string) => void;
  readonly error: (line: string) => void;
  /** An error any client can cause at will: written at most once a second, with how many were not. */
  readonly often: (line: string) => void;
  /** What was done that a reader should know (arguments repaired before a call): written as `often` is, whatever `log` says. */
  readonly notice: (line: string) => void;
}

export function makeLog(option: LogOption | undefined): Log {
  // A log that cannot be written (the client closed standard error) must not end the server.
  if (typeof option !== "function" && process.stderr.listenerCount("error") === 0) process.stderr.on("error", () => {});
  const write = typeof option === "function" ? option : boundedStderr();
  const stamp = (line: string) => `${new Date().toISOString()} ${line}`;
  const error = (line: string) => write(stamp(`error: ${line}`));
  return {
    access: option ? (line) => write(stamp(line)) : () => {},
    error,
    often: oncePerSecond(error),
    notice: oncePerSecond((line) => write(stamp(`note: ${line}`))),
  };
}

/** `say` at most once a second, the next line saying how many were not written since. */
function oncePerSecond(say: (line: string) => void): (line: string) => void {
  let last = 0;
  let unsaid = 0;
  return (line) => {
    const now = Date.now();
    if (now - last < 1000) return void unsaid++;
    say(unsaid ? `${line} (and ${unsaid} more since the last)` : line);
    [last, unsaid] = [now, 0];
  };
}

/** Bytes of log lines waiting to be written to standard error before more are dropped. */
const MAX_UNWRITTEN = 1024 * 1024;

/**
 * Lines to standard error, never more than MAX_UNWRITTEN of them waiting: a reader that does not
 * keep up (or none at all) loses lines, counted and said once it reads again, rather than the
 * server's memory growing without end (50,000 bad lines held 145 MB).
 */
function boundedStderr(): (line: string) => void {
  let dropped = 0;
  return (line) => {
    if (process.stderr.writableLength > MAX_UNWRITTEN) return void dropped++;
    if (dropped) process.stderr.write(`${new Date().toISOString()} error: ${dropped} log lines dropped: standard error was not read\n`);
    dropped = 0;
    process.stderr.write(line + "\n");
  };
}

/**
 * Text from a request as a log line or an error shows it: cut after `max` characters (a name can be
 * megabytes long), escaped as in a JSON string, invisible characters too (U+202E).
 */
export const printable = (text: string, max = 100): string =>
  quoteVisibly(text.length > max ? text.slice(0, max) : text).slice(1, -1) + (text.length > max ? "…" : "");
