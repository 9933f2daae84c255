import cluster, { type Worker } from "node:cluster";
import { constants } from "node:os";
import type { Log } from "./log";
import type { HttpServing } from "./options";

/**
 * `serveHttp({ workers: N })`: N processes serve one port on this machine (node:cluster). Each runs
 * the program again from its start, so each has the tools, and listens; the first process (the
 * primary) hands them the connections in turn and serves none itself. Nothing a request needs lives
 * in one process (MCP over HTTP is stateless here), so any process answers any request; the tools'
 * own state is theirs to keep where every process reaches it.
 */

/** What a worker tells the primary, and the primary a worker, on the cluster's channel. */
type Message =
  { readonly schemaof: "listening"; readonly where: Where } | { readonly schemaof: "failed"; readonly message: string } | { readonly schemaof: "close" };

/** Where a server listens, as HttpServing says it. */
type Where = Pick<HttpServing, "url" | "port" | "host">;

/** How long a worker told to stop gets to finish the answers it has begun, before it is killed. */
const DRAIN_MS = 10_000;

/** `workers` as given: a whole number from 1, said before anything is forked when it is not. */
export function workerCount(workers: number | undefined): number {
  if (workers === undefined) return 1;
  if (!Number.isSafeInteger(workers) || workers < 1) {
    throw new TypeError(`serveHttp: workers takes a whole number of processes, 1 or more (os.availableParallelism() for one a core), not ${String(workers)}`);
  }
  return workers;
}

/** Whether this process is one that a primary's serveHttp forked to serve. */
export const isWorker = (): boolean => cluster.isWorker;

/**
 * In a worker: listens (`listen`), tells the primary where, and stops when told to, once its answers
 * are written. The promise it returns stays pending, so that what the program does after `await
 * serveHttp(…)` (say where it listens) is done once, by the primary; a failure to listen is the
 * primary's to report, once, as the error of its own serveHttp.
 */
export async function serveAsWorker(listen: () => Promise<Where & { drain(graceMs: number): Promise<void> }>): Promise<never> {
  const tell = (message: Message) => process.send?.(message);
  try {
    const serving = await listen();
    process.on("message", (message: Message | null) => {
      if (message?.schemaof === "close") void serving.drain(DRAIN_MS).then(() => process.exit(0));
    });
    tell({ schemaof: "listening", where: { url: serving.url, port: serving.port, host: serving.host } });
  } catch (error) {
    tell({ schemaof: "failed", message: error instanceof Error ? error.message : String(error) });
  }
  return new Promise<never>(() => {});
}

/**
 * In the primary: forks `count` workers and resolves once every one listens, or fails with the first
 * failure (and stops the others). A worker that ends while serving (a crash, memory) is said in the
 * log and replaced, at once if it had served a while, else after a pause that doubles, so a program
 * that cannot start does not fork without end. SIGTERM and SIGINT stop the workers, once their
 * answers are written, and then the primary.
 */
export async function superviseWorkers(count: number, log: Log): Promise<HttpServing & { readonly workers: number }> {
  const live = new Set<Worker>();
  let closing = false;
  let failures = 0;

  /** A new worker; resolves with where it listens, once it does. */
  const fork = () =>
    new Promise<Where>((resolve, reject) => {
      const worker = cluster.fork();
      const born = Date.now();
      let listening = false;
      live.add(worker);
      worker.on("message", (message: Message | null) => {
        if (message?.schemaof === "listening") {
          listening = true;
          resolve(message.where);
        } else if (message?.schemaof === "failed") {
          reject(new Error(message.message));
          worker.kill();
        }
      });
      worker.once("exit", (code, signal) => {
        live.delete(worker);
        const how = signal ? `was killed (${signal})` : `exited with code ${code}`;
        if (!listening) return reject(new Error(`serveHttp: a worker process ${how} before it listened; its output says why`));
        if (closing) return;
        // Serving for a minute clears the record: a crash now and then is replaced at once.
        failures = Date.now() - born > 60_000 ? 0 : failures + 1;
        const pause = failures <= 1 ? 0 : Math.min(1000 * 2 ** (failures - 2), 30_000);
        log.error(`worker ${worker.process.pid} ${how}; another starts${pause ? ` in ${pause / 1000} s` : ""}`);
        setTimeout(() => {
          if (!closing) fork().catch((error: Error) => log.error(`a new worker did not start: ${error.message}`));
        }, pause).unref();
      });
    });

  const close = async () => {
    closing = true;
    await Promise.all([...live].map(stopWorker));
  };
  let started: Where[];
  try {
    started = await Promise.all(Array.from({ length: count }, fork));
  } catch (error) {
    await close();
    throw error;
  }
  stopOnSignals(close);
  return { ...started[0], workers: count, close };
}

/** Tells `worker` to stop once its answers are written; kills it if it has not after DRAIN_MS and a little more. */
function stopWorker(worker: Worker): Promise<void> {
  return new Promise((resolve) => {
    if (worker.isDead()) return resolve();
    const timer = setTimeout(() => worker.process.kill("SIGKILL"), DRAIN_MS + 2_000);
    worker.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    if (worker.isConnected()) worker.send({ schemaof: "close" } satisfies Message);
    else worker.kill();
  });
}

/**
 * SIGTERM (a container platform stopping the program) and SIGINT stop the workers, their answers
 * written; then the primary exits with 128 + the signal's number (143, 130), as a shell reports a
 * process the signal ended. (Raising the signal again would leave the exit to whatever else listens
 * for it, such as a library that removes its lock files on exit, and it may not exit at all.)
 */
function stopOnSignals(close: () => Promise<void>): void {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      void close().then(() => process.exit(128 + constants.signals[signal]));
    });
  }
}
