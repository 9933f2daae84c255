/**
 * What `serveHttp` and `serveStdio` take and give, written without Node's types: a project that
 * imports `@schemaof/runtime/mcp` compiles without `@types/node`. Node's `IncomingMessage` fits
 * `RequestInfo`.
 */

/** What a server says of itself in `initialize` (2025-11-25) and `server/discover` (2026-07-28). */
export interface ServerInfo {
  /** Default `"schemaof"`. */
  readonly name?: string;
  /** Default `"1.0.0"`. */
  readonly version?: string;
  /** What the client may show the model about using these tools. */
  readonly instructions?: string;
  /**
   * MCP 2026-07-28's `ttlMs` on `tools/list` and `server/discover`: how many milliseconds a client may
   * reuse the answer before asking again. Default 0 (ask every time); the tools of a server are fixed
   * while it runs, so a deployment that restarts to change them can give the time a restart takes.
   */
  readonly ttlMs?: number;
  /** `cacheScope`: `"private"` (the answer is this client's, the default) or `"public"` (any client's, as with no `authorize`). */
  readonly cacheScope?: "public" | "private";
}

/** `true`: a line per request on standard error; or a function that takes the lines. Errors are logged either way. */
export type LogOption = boolean | ((line: string) => void);

/** The request as `authorize` and routes read it (Node's `IncomingMessage`). */
export interface RequestInfo {
  readonly method?: string;
  /** The request target: `/outils?target=gemini`. */
  readonly url?: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly socket: { readonly remoteAddress?: string };
}

/** A GET answer beside MCP: its JSON body, and its status where it is not 200. */
export interface RouteAnswer {
  readonly status?: number;
  readonly body: unknown;
}

/** A GET route: the path it was asked at, its query (`?target=gemini` is `{ target: "gemini" }`), the request. */
export type Route = (query: Readonly<Record<string, string>>, request: RequestInfo) => RouteAnswer | Promise<RouteAnswer>;

/** How `serveHttp` serves; every field has a default that is safe for a server on this machine. */
export interface HttpOptions extends ServerInfo {
  /** Default 3000; 0 lets the system pick a free port (`url` says which). */
  readonly port?: number;
  /** The interface to listen on. Default `127.0.0.1`: only this machine reaches the server. */
  readonly host?: string;
  /** Where MCP is answered (Streamable HTTP, stateless: each POST on its own). Default `/mcp`. */
  readonly path?: string;
  /** A larger body is answered 413. Default 4 MiB, the MCP SDK's own. */
  readonly maxBodyBytes?: number;
  /** Bodies being read, all requests together; a request that would pass it is answered 503. Default 64 MiB. */
  readonly maxBufferedBytes?: number;
  /** Object keys in one message, all levels; more is answered -32600 before the SDK parses it. Default 10,000. */
  readonly maxKeys?: number;
  /** Array items in one message, all levels; more is answered -32600 before `JSON.parse`. Default 100,000. */
  readonly maxItems?: number;
  /** Levels of nesting in one message; more is answered -32600. Default 64. */
  readonly maxDepth?: number;
  /** Time for a request's headers to arrive, else 408. Default 10 s. */
  readonly headersTimeoutMs?: number;
  /** Time for a whole request, body included, to arrive, else 408. Default 30 s. */
  readonly requestTimeoutMs?: number;
  /**
   * Time for an MCP request's body to arrive once its headers have, else 408: a body trickling in
   * holds a connection and its buffer, so it gets less time than a whole request. Default 10 s
   * (never more than `requestTimeoutMs`).
   */
  readonly bodyTimeoutMs?: number;
  /** A connection with nothing read or written for this long is closed. Default 120 s (a tool that runs longer needs more). */
  readonly idleTimeoutMs?: number;
  /** Open connections; one more is closed at once. Default 2,048. */
  readonly maxConnections?: number;
  /**
   * MCP requests being answered at once, from when the body has arrived until the answer is
   * written and the tool it called has returned; one more is answered 503. Default 1,024. (A body
   * still arriving holds no slot: it is bounded by `maxBufferedBytes` and `bodyTimeoutMs`.)
   */
  readonly maxInFlight?: number;
  /**
   * More `Host` values to answer than this machine's names: `tools.example.com` (on any port) or
   * `tools.example.com:8443` (on that one).
   */
  readonly allowedHosts?: readonly string[];
  /** More `Origin` values to answer (`https://app.example.com`) than this server's own. */
  readonly allowedOrigins?: readonly string[];
  /**
   * Runs before every request is answered (MCP and routes): false is a 401. The way to expose the
   * server: check a bearer token, a header your proxy sets.
   */
  readonly authorize?: (request: RequestInfo) => boolean | Promise<boolean>;
  /**
   * Processes that serve the port, on this machine (node:cluster): each runs the program again from
   * its start and answers requests; the first hands them the connections in turn and restarts one
   * that dies. Default 1 (this process alone). `os.availableParallelism()` gives one a core. Past 1,
   * what a tool keeps in memory is each process's own: keep shared state where every process reaches
   * it (a database, a file). In a worker, serveHttp's promise stays pending, so the code after
   * `await serveHttp(…)` runs once, in the first process. Every limit here is per process.
   */
  readonly workers?: number;
  /** More GET answers, by path: `{ "/outils": (query) => ({ body: list }) }`, answered as JSON. */
  readonly routes?: Readonly<Record<string, Route>>;
  readonly log?: LogOption;
}

export interface HttpServing {
  /** Where this machine reaches the server: `http://127.0.0.1:3000`. */
  readonly url: string;
  readonly port: number;
  /** The interface it listens on, as given. */
  readonly host: string;
  /** How many processes serve it (`workers`). */
  readonly workers: number;
  /** Stops listening and closes every connection; with workers, stops them once the answers they have begun are written. */
  close(): Promise<void>;
}

export interface StdioOptions extends ServerInfo {
  /** A longer message is answered -32600 and dropped. Default 4 MiB. */
  readonly maxMessageBytes?: number;
  /** Object keys in one message, all levels. Default 10,000. */
  readonly maxKeys?: number;
  /** Array items in one message, all levels. Default 100,000. */
  readonly maxItems?: number;
  /** Levels of nesting in one message. Default 64. */
  readonly maxDepth?: number;
  /**
   * Answers waiting to be written to a client that does not read them, in bytes; past it no more
   * input is read until they drain. Default 16 MiB.
   */
  readonly maxPendingBytes?: number;
  /** Requests read and not yet answered; past it no more input is read until some are. Default 256. */
  readonly maxUnanswered?: number;
  readonly log?: LogOption;
}
