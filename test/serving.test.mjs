// Serving tools safely (issue 15): the started médiathèque, as a user starts it, replayed with what
// hostile and careless clients sent it (over HTTP and over stdio). Each item checks what the server
// answered: the hostile request's own answer, every GET /outils asked alongside it while it was being
// answered, and a GET /outils after it, each the full tool list. Nothing here is timed: how long a
// hostile request stalls the others (goal: under 250 ms) is measured by `pnpm bench` (bench/serve.mjs),
// where a loaded machine makes a number worse instead of a test red. Then serveHttp's own knobs, in
// process: authorize, the error log, the in-flight cap, the routes, each request's outcome settled by
// what the test waits for (the server read the bytes, saw the client leave), never by a pause.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawn, spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { serveHttp } from "@schemaof/runtime/mcp";
import { exampleDir, serverArgs, startServer } from "./lib/mediatheque.mjs";
import { compileSources, writeSources } from "./lib/scratch.mjs";
import { compilers } from "./lib/compilers.mjs";

/**
 * How long a test waits for what must come (an answer, a log line, an exit) before it fails instead:
 * a bound, so that a broken server cannot hang the suite; nothing is measured against it.
 */
const PATIENCE = 30_000;

/** `promise`, or a failure saying `what` (a string, or a function that says it then) once PATIENCE has passed. */
function bounded(promise, what) {
  let timer;
  const expired = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`waited in vain for ${typeof what === "function" ? what() : what}`)), PATIENCE);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

/** Resolves once `check()` holds, asked again every 10 ms; fails saying `what` once PATIENCE has passed. */
async function eventually(what, check) {
  for (let asked = 0; !(await check()); asked++) {
    if (asked * 10 >= PATIENCE) throw new Error(`waited in vain for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Every request on a connection of its own: a busy machine can hold this process past the server's
 * 5 s keep-alive while it builds a large body, and a pooled connection the server closed meanwhile
 * fails the next fetch ("fetch failed"), which says something of the machine, not of the server.
 */
const ALONE = { connection: "close" };
const MCP_HEADERS = { ...ALONE, "content-type": "application/json", accept: "application/json, text/event-stream" };
/** GET `url` (`headers`: more of them), on a connection of its own. */
const get = (url, headers = {}) => fetch(url, { headers: { ...ALONE, ...headers } });
const rpc = (method, params, id = 1) => JSON.stringify({ jsonrpc: "2.0", id, method, ...(params ? { params } : {}) });
const call = (name, args) => rpc("tools/call", { name, arguments: args });
const PONG = { jsonrpc: "2.0", id: 1, result: {} };

/** A message whose `_meta` holds `keys` keys, as text. */
const manyKeys = (keys, method = "ping") => {
  const meta = Array.from({ length: keys }, (_, i) => `"k${i}":0`).join(",");
  return `{"jsonrpc":"2.0","id":1,"method":"${method}","params":{"_meta":{${meta}}}}`;
};

/**
 * A connection that writes a request as it is: `head` (the request line and headers, then the blank
 * line unless `headEnds: false`), `body`'s strings or Buffers one after the other, then its end unless
 * `hold`. `answer`: all the server sent, once the server closes the connection (or `leave()` does),
 * or, with `until`, once what came satisfies it. `sent`: once every byte is handed to the system, or
 * the server closed the connection first; `bytes`: how many the request is.
 */
function open(port, head, body = [], { hold = false, headEnds = true, until } = {}) {
  const socket = connect(port, "127.0.0.1");
  const parts = [head.replaceAll("\n", "\r\n") + (headEnds ? "\r\n\r\n" : ""), ...body];
  let text = "";
  const whole = new Promise((resolve) => {
    socket.on("data", (chunk) => {
      text += chunk.toString("latin1");
      if (until?.(text)) resolve(text);
    });
    socket.on("close", () => resolve(text));
    // A reset is a close too; what came before it is the answer.
    socket.on("error", () => {});
  });
  const answer = bounded(whole, () => `the answer to ${head.split("\n")[0]} (so far: ${JSON.stringify(text.slice(0, 200))})`);
  answer.catch(() => socket.destroy());
  const sent = (async () => {
    for (const part of parts) await new Promise((resolve, reject) => socket.write(part, (error) => (error ? reject(error) : resolve())));
    if (!hold) socket.end();
  })().catch(() => {
    // A server that closes first ends the writing; `answer` says what it answered.
  });
  const bytes = parts.reduce((sum, part) => sum + Buffer.byteLength(part), 0);
  return { answer, sent, bytes, socket, leave: () => socket.destroy() };
}

/** What `open` answers, once the server closes the connection. */
const raw = (port, head, body, options) => open(port, head, body, options).answer;

function httpTests() {
  const test = suite("the médiathèque over HTTP");
  let server;
  let base;
  let port;
  /** What GET /outils answered before any test: what it must answer during and after each. */
  let listed;

  /** GET /outils (of the server at `url`) is answered 200 with the tool list as before any test; `after`: what came before, for the message. */
  const answersOutils = async (after, url = base) => {
    const response = await get(`${url}/outils`);
    assert.is(response.status, 200, `GET /outils after ${after}`);
    assert.equal(await response.json(), listed, `GET /outils after ${after}`);
  };
  const post = (body, headers = {}) => fetch(`${base}/mcp`, { method: "POST", headers: { ...MCP_HEADERS, ...headers }, body });
  /**
   * POSTs `body` and, until it is answered, asks GET /outils again and again: every one of those is
   * answered in full (at least one is asked). Resolves with the POST's response.
   */
  const postAlongside = async (body) => {
    let answered = false;
    const pending = post(body).finally(() => (answered = true));
    do await answersOutils(`a GET asked while ${body.slice(0, 20)}… was answered`);
    while (!answered);
    return pending;
  };
  const errorOf = async (response) => (await response.json()).error;

  test.before(async () => {
    // The default request timeout (30 s): a request that takes long to send on a busy machine (half a
    // million chunks) is answered as it is, not 408. Test 4 starts one with a short timeout of its own.
    server = startServer(exampleDir, false, { LOG: "1" });
    base = await server.url;
    port = Number(new URL(base).port);
    listed = await (await get(`${base}/outils`)).json();
    assert.equal(
      listed.map((tool) => tool.name),
      ["rechercherLivres", "emprunterLivre", "rendreLivre", "annoterLivre"],
    );
  });
  test.after(() => server.stop());

  test("1. a message with 1.38 million keys is refused before the SDK parses it; GET /outils asked meanwhile is answered", async () => {
    const body = manyKeys(1_380_000);
    assert.ok(Buffer.byteLength(body) > 4 * 1024 * 1024, "over the body cap too");
    const tooMany = { code: -32600, message: "Invalid Request: more than 10000 keys in one message" };
    // Under the body cap, as many keys as fit: the key count refuses it.
    const response = await postAlongside(manyKeys(300_000));
    assert.is(response.status, 400);
    assert.equal(await response.json(), { jsonrpc: "2.0", error: tooMany, id: null });
    const args = await post(manyKeys(300_000, "tools/call").replace('"_meta"', '"name":"rechercherLivres","arguments"'));
    assert.is(args.status, 400);
    assert.equal(await errorOf(args), tooMany);
    // Items cost JSON.parse as keys cost the SDK: a million empty arrays, refused before either.
    const tooManyItems = { code: -32600, message: "Invalid Request: more than 100000 array items in one message" };
    const arrays = `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":{"a":[${Array(1_000_000).fill("[]").join(",")}]}}}`;
    assert.equal(await errorOf(await post(arrays)), tooManyItems);
    // Text that is no JSON within the bounds is not scanned to its end: 4 MB of brackets or commas.
    for (const text of ["]".repeat(4_000_000), "{" + ",".repeat(4_000_000), '"",'.repeat(1_300_000), '""'.repeat(2_000_000)]) {
      const refused = await postAlongside(text);
      assert.is(refused.status, 400, text.slice(0, 3));
      assert.equal(
        await refused.json(),
        { jsonrpc: "2.0", error: { code: -32700, message: "Parse error: the message is not JSON" }, id: null },
        text.slice(0, 3),
      );
    }
    // Valid JSON within the bounds is taken, however its items nest: 24,000 × [[[0]]] is 96,000 items
    // (each, and the three it nests), here under the call's _meta; no title has "dune".
    const nested = `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"rechercherLivres","_meta":{"x":[${Array(24_000).fill("[[[0]]]").join(",")}]},"arguments":{"mots":"dune"}}}`;
    const taken = await (await post(nested)).json();
    assert.is(taken.id, 5);
    assert.equal(taken.result.structuredContent, { total: 0, livres: [] });
    const over = `{"jsonrpc":"2.0","id":6,"method":"ping","params":{"_meta":{"x":[${Array(26_000).fill("[[[0]]]").join(",")}]}}}`;
    assert.equal(await errorOf(await post(over)), tooManyItems);
    // What strings hold is not counted: colons, brackets and escaped quotes inside one are text.
    const text = await (await post(call("rechercherLivres", { mots: '\\":{["'.repeat(20_000) }))).json();
    assert.equal(text.result, {
      content: [{ type: "text", text: "Invalid arguments:\n- /mots must have at most 200 characters, got 120000" }],
      isError: true,
    });
    await answersOutils("a million keys");
  });

  test("2. a body over 4 MB is answered 413, and the client reads it (no connection reset)", async () => {
    const tooLarge = { code: -32600, message: "Request too large: at most 4194304 bytes" };
    const big = Buffer.alloc(17 * 1024 * 1024, 32);
    const answer = await raw(port, `POST /mcp HTTP/1.1\nHost: 127.0.0.1:${port}\nContent-Type: application/json\nContent-Length: ${big.length}`, [
      big.subarray(0, 8 * 1024 * 1024),
      big.subarray(8 * 1024 * 1024),
    ]);
    assert.match(answer, /^HTTP\/1\.1 413 /);
    assert.ok(answer.endsWith(`\r\n\r\n${JSON.stringify({ jsonrpc: "2.0", error: tooLarge, id: null })}`), answer);
    // Without a Content-Length (chunked), counted as it comes: answered while the client still sends.
    const chunks = Array.from({ length: 17 }, () => Buffer.alloc(1024 * 1024, 32));
    const stream = new ReadableStream({ pull: (controller) => (chunks.length ? controller.enqueue(chunks.shift()) : controller.close()) });
    const response = await fetch(`${base}/mcp`, { method: "POST", headers: MCP_HEADERS, body: stream, duplex: "half" });
    assert.is(response.status, 413);
    assert.equal(await errorOf(response), tooLarge);
    // Half a million one-byte chunks (3 MB on the wire, under the cap): the body is copied as it
    // comes, so the server holds the bytes, not a Buffer a chunk.
    const before = rssOf(server.child.pid);
    const tiny = Buffer.from("1\r\n \r\n".repeat(500_000) + "0\r\n\r\n");
    const chunked = await raw(
      port,
      `POST /mcp HTTP/1.1\nHost: 127.0.0.1:${port}\nContent-Type: application/json\nAccept: application/json, text/event-stream\nTransfer-Encoding: chunked\nConnection: close`,
      [tiny],
    );
    assert.match(chunked, /^HTTP\/1\.1 400 [^]*\{"jsonrpc":"2\.0","error":\{"code":-32700,"message":"Parse error: the message is not JSON"\},"id":null\}$/);
    const grown = rssOf(server.child.pid) - before;
    assert.ok(grown < 64 * 1024 * 1024, `the server grew by ${(grown / 1048576).toFixed(0)} MB`);
    await answersOutils("17 MB bodies");
  });

  test("3. it listens on loopback only, and says the address it listens on", async () => {
    assert.equal(listeningOn(port), ["127.0.0.1"]);
    assert.match(server.output(), new RegExp(`listening on http://127\\.0\\.0\\.1:${port}\\n`));
  });

  test("4. stalled bodies are each answered 408 once the request timeout passes, and hold no more than the budget meanwhile", async () => {
    // A médiathèque of its own, whose request timeout is 2 s.
    const timing = startServer(exampleDir, false, { REQUEST_TIMEOUT_MS: "2000" });
    try {
      const url = await timing.url;
      const port = Number(new URL(url).port);
      const before = rssOf(timing.child.pid);
      const head = `POST /mcp HTTP/1.1\nHost: 127.0.0.1:${port}\nContent-Type: application/json\nContent-Length: ${4 * 1024 * 1024}`;
      // 20 bodies of 4 MB, 1.5 MB of each sent. A body's buffer grows by doubling to less than twice
      // what came, so the 20 hold under 60 MB, within the 64 MB budget of bodies being read: none is
      // refused for room (the budget's 503 is the test "bodies being read share maxBufferedBytes"),
      // each waits for the request timeout, whatever order the server reads them in.
      const stalled = Array.from({ length: 20 }, () => open(port, head, [Buffer.alloc(1.5 * 1024 * 1024, 32)], { hold: true }));
      await Promise.all(stalled.map((connection) => connection.sent));
      await eventually("the server to read every byte of the 20 bodies", () => unreadOn(port) === 0);
      const grown = rssOf(timing.child.pid) - before;
      assert.ok(grown < 128 * 1024 * 1024, `the server grew by ${(grown / 1048576).toFixed(0)} MB`);
      await answersOutils("20 stalled bodies, while they stall", url);
      const timedOut = `\r\n\r\n${JSON.stringify({ error: "Request Timeout: the request did not arrive in time" })}`;
      for (const answer of await Promise.all(stalled.map((connection) => connection.answer))) {
        assert.match(answer, /^HTTP\/1\.1 408 Request Timeout\r\n/);
        assert.ok(answer.endsWith(timedOut), answer);
      }
      await answersOutils("20 stalled bodies", url);
    } finally {
      await timing.stop();
    }
  });

  test("10. 1,030 bodies that stall after their first bytes hold no slot: 80 calls alongside are all answered", async () => {
    // Before, each counted in flight while it was read: 80 of 80 legitimate POST /mcp got 503 for 40 s.
    const head = `POST /mcp HTTP/1.1\nHost: 127.0.0.1:${port}\nContent-Type: application/json\nAccept: application/json, text/event-stream\nContent-Length: 1000`;
    const stalled = Array.from({ length: 1030 }, () => open(port, head, ['{"jsonrpc"'], { hold: true }));
    try {
      await Promise.all(stalled.map((connection) => connection.sent));
      const answers = await Promise.all(Array.from({ length: 80 }, (_, i) => post(rpc("tools/list", undefined, i + 1))));
      assert.equal([...new Set(answers.map((answer) => answer.status))], [200]);
      await answersOutils("1,030 stalled bodies, while they stall");
    } finally {
      stalled.forEach((connection) => connection.leave());
    }
  });

  test("5. a request target that is not a path is 400, never a 500, and //x/outils is not /outils", async () => {
    for (const target of ["//%5B", "//anything/outils", "/\\x/outils", "/\\x/mcp", "http://127.0.0.1/outils", "*"]) {
      const answer = await raw(port, `GET ${target} HTTP/1.1\nHost: 127.0.0.1:${port}\nConnection: close`);
      assert.match(answer, /^HTTP\/1\.1 400 /, target);
      assert.match(answer, /the request target must be a path, such as \/mcp/, target);
    }
    await answersOutils("odd request targets");
  });

  test("6. arguments that are not an object are -32602 with one plain sentence", async () => {
    for (const [args, kind] of [
      [null, "null"],
      [[1], "an array"],
      ["dune", "a string"],
    ]) {
      const response = await post(call("rechercherLivres", args));
      const answer = await response.json();
      assert.equal(answer, {
        jsonrpc: "2.0",
        id: 1,
        error: { code: -32602, message: `Invalid params: a tool's arguments are an object of named arguments, not ${kind}` },
      });
    }
    // What the SDK would not read is answered as the client's mistake, in one sentence, never dropped.
    const odd = async (text) => errorOf(await post(text));
    assert.equal(await odd('{"jsonrpc":"2.0","id":1.5,"method":"ping"}'), { code: -32600, message: "Invalid Request: id must be a string or an integer" });
    assert.equal(await odd('{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}'), {
      code: -32600,
      message: "Invalid Request: id must be a string or an integer",
    });
    assert.equal(await odd('{"jsonrpc":"2.0","id":7,"method":"ping","extra":1}'), {
      code: -32600,
      message: 'Invalid Request: the message: Unrecognized key: \\"extra\\"',
    });
    assert.equal(await odd('{"jsonrpc":"2.0","id":8,"method":"ping","params":{"_meta":5}}'), {
      code: -32602,
      message: "Invalid params: params._meta: Invalid input: expected object, received number",
    });
    // A name of 4 MB is cut in the answer (and costs the server what reading it costs).
    const long = await (await post(call("x".repeat(4_000_000), {}))).json();
    assert.match(long.error.message, /^Unknown tool: x{100}…; the tools are rechercherLivres, emprunterLivre, rendreLivre, annoterLivre$/);
    // A method's own params, as the SDK reads them: -32602 in one sentence, not an internal error.
    assert.equal(await odd(rpc("tools/list", { cursor: 5 }, 11)), {
      code: -32602,
      message: "Invalid params: params.cursor: Invalid input: expected string, received number",
    });
    // A method this server does not serve is that, whatever its params.
    assert.equal(await odd(rpc("resources/read", {}, 12)), { code: -32601, message: "Method not found" });
    const nameless = await (await post(rpc("tools/call", { arguments: {} }, 3))).json();
    assert.equal(nameless.error, { code: -32602, message: "Invalid params: a tools/call names its tool in params.name, a string, not nothing" });
    const batch = await post(`[${rpc("ping", undefined, 1)},${call("rechercherLivres", [1])}]`);
    assert.is(batch.status, 400);
    assert.equal(await errorOf(batch), { code: -32600, message: "Invalid Request: one message at a time; batches are not answered" });
    // A notification is never answered, even when it is wrong.
    const notification = await post(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized", params: 5 }));
    assert.is(notification.status, 202);
    assert.is(await notification.text(), "");
    await answersOutils("arguments of the wrong kind");
  });

  test("8. every request is a line in the log when LOG=1", async () => {
    await get(`${base}/outils?target=gemini`);
    await post(call("rechercherLivres", { mots: "dune" }));
    // A line is written once its exchange is closed, which may be after the client has its answer.
    for (const line of [
      /127\.0\.0\.1 "GET \/outils\?target=gemini" 200 \d+ms/,
      /127\.0\.0\.1 "POST \/mcp" 200 \d+ms tools\/call rechercherLivres/,
      /"POST \/mcp" 413 /,
    ]) {
      await eventually(`the log line ${line}`, () => line.test(server.output()));
    }
  });

  test("3. with TOKEN set, every request must carry it (tools change state: emprunterLivre)", async () => {
    const guarded = startServer(exampleDir, false, { TOKEN: "s3cret-token" });
    try {
      const url = await guarded.url;
      const borrow = (headers) =>
        fetch(`${url}/mcp`, {
          method: "POST",
          headers: { ...MCP_HEADERS, ...headers },
          body: call("emprunterLivre", { isbn: "9782070360024", lecteur: "L000001" }),
        });
      const unauthorized = { jsonrpc: "2.0", error: { code: -32000, message: "Unauthorized: this server answers authorized requests only" }, id: null };
      for (const refused of [await borrow({}), await borrow({ authorization: "Bearer wrong-token!" }), await get(`${url}/outils`)]) {
        assert.is(refused.status, 401);
        assert.is(refused.headers.get("www-authenticate"), "Bearer");
        assert.equal(await refused.json(), unauthorized);
      }
      const allowed = await borrow({ authorization: "Bearer s3cret-token" });
      assert.is(allowed.status, 200);
      assert.equal((await allowed.json()).result, {
        content: [{ type: "text", text: "emprunterLivre failed: no book has the ISBN 9782070360024; search with rechercherLivres first" }],
        isError: true,
      });
    } finally {
      await guarded.stop();
    }
    // A port that is taken is said in one line, and the server exits with 1.
    const taken = spawnSync(process.execPath, serverArgs(exampleDir), { cwd: exampleDir, env: { ...process.env, PORT: String(port) }, encoding: "utf8" });
    assert.is(taken.status, 1);
    assert.is(taken.stderr.trim(), `serveHttp cannot listen on 127.0.0.1:${port}: another process has that port; choose another (0: any free one)`);
  });

  test("9. host names compare case-insensitively; another port or scheme in Origin is refused", async () => {
    const getWith = (headers) => raw(port, `GET /outils HTTP/1.1\n${headers}\nConnection: close`);
    assert.match(await getWith(`Host: LOCALHOST:${port}`), /^HTTP\/1\.1 200 /);
    assert.match(await getWith(`Host: localhost:${port}\nOrigin: http://LocalHost:${port}`), /^HTTP\/1\.1 200 /);
    for (const origin of [`http://localhost:${port + 1}`, `https://localhost:${port}`, "null", "http://evil.example"]) {
      assert.match(await getWith(`Host: localhost:${port}\nOrigin: ${origin}`), /^HTTP\/1\.1 403 /, origin);
    }
    assert.match(await getWith(`Host: localhost:${port + 1}`), /^HTTP\/1\.1 403 /, "another port in Host");
    assert.match(await getWith("Host: evil.example"), /^HTTP\/1\.1 403 /);
    await answersOutils("host and origin checks");
  });

  test("9. blank words are refused by the type; invisible characters are escaped; no error says MCP error twice", async () => {
    const refused = async (args) => (await (await post(call("rechercherLivres", args))).json()).result;
    const invalid = (issue) => ({ content: [{ type: "text", text: `Invalid arguments:\n- ${issue}` }], isError: true });
    assert.equal(await refused({ mots: " " }), invalid('/mots must match \\S, got " "'));
    assert.equal(await refused({ mots: "\ufeff" }), invalid('/mots must match \\S, got "\\ufeff"'));
    // An accent alone passes the pattern (a mark is no space); the tool itself finds no word in it.
    assert.equal(await refused({ mots: "\u0301" }), {
      content: [{ type: "text", text: "rechercherLivres failed: mots holds no word to look for; give a word of the title or the author's name" }],
      isError: true,
    });
    assert.equal(await refused({ mots: "dune", langue: "\u202eab" }), invalid('/langue must match ^[a-z]{2}$, got "\\u202eab"'));
    const unknown = await (await post(call("reserverSalle", {}))).json();
    assert.equal(unknown.error, {
      code: -32602,
      message: "Unknown tool: reserverSalle; the tools are rechercherLivres, emprunterLivre, rendreLivre, annoterLivre",
    });
    await answersOutils("blank words and invisible characters");
  });

  return test;
}

/** A process's resident memory in bytes, from /proc. */
const rssOf = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) * 1024;

/** Every TCP socket of this machine, from /proc/net/tcp and tcp6 (what `ss -tn` reads): addresses, ports, state, queues. */
function tcpSockets() {
  const sockets = [];
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of readFileSync(file, "utf8").trim().split("\n").slice(1)) {
      const [, local, remote, state, queues] = line.trim().split(/\s+/);
      const [address, localPort] = local.split(":");
      const [toSend, unread] = queues.split(":").map((hex) => parseInt(hex, 16));
      sockets.push({ address, port: parseInt(localPort, 16), remotePort: parseInt(remote.split(":")[1], 16), state, toSend, unread });
    }
  }
  return sockets;
}

/** The addresses listening on `port` (state 0A), as `ss -ltn` shows them. */
const listeningOn = (port) =>
  tcpSockets()
    .filter((socket) => socket.state === "0A" && socket.port === port)
    .map(({ address }) => (address.length === 8 ? ipv4(address) : address === "00000000000000000000000001000000" ? "::1" : `ipv6 ${address}`));
const ipv4 = (hex) => [6, 4, 2, 0].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(".");

/**
 * Bytes on the connections to `port` (state 01) that the server has not read yet: in its sockets'
 * receive queues, or still in the clients' send queues. 0 once it has read all that was sent.
 */
const unreadOn = (port) =>
  tcpSockets()
    .filter((socket) => socket.state === "01")
    .reduce((sum, socket) => sum + (socket.port === port ? socket.unread : 0) + (socket.remotePort === port ? socket.toSend : 0), 0);

function stdioTests() {
  const test = suite("the médiathèque over stdio");

  /** The server over stdio: `send` a line, `next()` the next answer, `exit` its exit code. */
  function start() {
    const child = spawn(process.execPath, [...serverArgs(exampleDir), "--stdio"], { cwd: exampleDir, stdio: ["pipe", "pipe", "pipe"] });
    const answers = [];
    const waiting = [];
    let buffered = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      buffered += chunk;
      for (let end = buffered.indexOf("\n"); end !== -1; end = buffered.indexOf("\n")) {
        const answer = JSON.parse(buffered.slice(0, end));
        buffered = buffered.slice(end + 1);
        (waiting.shift() ?? ((value) => answers.push(value)))(answer);
      }
    });
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
    return {
      child,
      get exit() {
        return bounded(exited, "the server to exit").catch((error) => {
          child.kill();
          throw error;
        });
      },
      stderr: () => stderr,
      send: (line) => new Promise((resolve) => (child.stdin.write(line + "\n") ? resolve() : child.stdin.once("drain", resolve))),
      next: () => bounded(answers.length ? Promise.resolve(answers.shift()) : new Promise((resolve) => waiting.push(resolve)), "the next answer on stdout"),
    };
  }

  test("11. a client that never reads stdout or stderr keeps the server's memory bounded; every answer comes once it reads", async () => {
    // Before, 1.3 MB of requests to a client that read nothing drove the server to 1 GB in 11 s, still growing.
    const child = spawn(process.execPath, [...serverArgs(exampleDir), "--stdio"], { cwd: exampleDir, stdio: ["pipe", "pipe", "pipe"] });
    child.stdout.pause();
    child.stderr.pause();
    // A failed assertion kills the server while the requests are still being written.
    child.stdin.on("error", () => {});
    try {
      const search = (id) => rpc("tools/call", { name: "rechercherLivres", arguments: { mots: "e", limite: 100 } }, id);
      const count = 4000;
      const lines = Array.from({ length: count }, (_, i) => search(i + 1)).join("\n") + "\n";
      // Garbage too: each bad line is an error on stderr, which nobody reads either.
      const garbage = "not json\n".repeat(50_000);
      let written = 0;
      const writing = new Promise((resolve) => {
        const more = () => {
          while (written < 2) {
            const ok = child.stdin.write(written++ === 0 ? lines : garbage);
            if (!ok) return void child.stdin.once("drain", more);
          }
          resolve();
        };
        more();
      });
      // The server reads until its answers pile up, then waits: what it holds stops growing.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const rss = rssOf(child.pid);
      assert.ok(rss < 300 * 1024 * 1024, `the server holds ${(rss / 1048576).toFixed(0)} MB`);
      // Once the client reads, every request is answered, in order.
      const chunks = [];
      let newlines = 0;
      child.stderr.resume();
      const answered = new Promise((resolve) => {
        child.stdout.on("data", (chunk) => {
          chunks.push(chunk);
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) newlines++;
          if (newlines >= count + 50_000) resolve();
        });
      });
      child.stdout.resume();
      await bounded(writing, "the requests to be written");
      await bounded(answered, "every answer");
      // Over 100 MB of answers: each line is looked at, not parsed, but for the first and the last.
      const text = Buffer.concat(chunks).toString("utf8");
      assert.is(text.split('"result":').length - 1, count);
      assert.is(text.split('"code":-32700').length - 1, 50_000);
      assert.is(JSON.parse(text.slice(0, text.indexOf("\n"))).id, 1);
    } finally {
      child.kill();
    }
  });

  test("7. a message over the cap, garbage and a batch are answered and said on stderr; the server reads on; EOF ends it with 0", async () => {
    const server = start();
    await server.send(rpc("ping", undefined, 1));
    assert.equal(await server.next(), { jsonrpc: "2.0", id: 1, result: {} });
    await server.send(`{"jsonrpc":"2.0","id":2,"method":"ping","params":{"_meta":{"x":"${"a".repeat(11 * 1024 * 1024)}"}}}`);
    assert.equal(await server.next(), { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Request too large: a message is at most 4194304 bytes" } });
    await server.send("this is not JSON");
    assert.equal((await server.next()).error, { code: -32700, message: "Parse error: the message is not JSON" });
    await server.send(`[${rpc("ping", undefined, 3)}]`);
    assert.equal((await server.next()).error, { code: -32600, message: "Invalid Request: one message at a time; batches are not answered" });
    await server.send(call("rechercherLivres", [1]).replace('"id":1', '"id":4'));
    assert.equal(await server.next(), {
      jsonrpc: "2.0",
      id: 4,
      error: { code: -32602, message: "Invalid params: a tool's arguments are an object of named arguments, not an array" },
    });
    await server.send(manyKeys(20_000).replace('"id":1', '"id":5'));
    assert.equal((await server.next()).error, { code: -32600, message: "Invalid Request: more than 10000 keys in one message" });
    await server.send(rpc("ping", undefined, 6));
    assert.equal(await server.next(), { jsonrpc: "2.0", id: 6, result: {} });
    // CRLF, and a line split across writes, byte by byte: each two-byte "ê" comes in two writes.
    await server.send(rpc("ping", undefined, 7) + "\r");
    assert.equal(await server.next(), { jsonrpc: "2.0", id: 7, result: {} });
    const split = Buffer.from(call("rechercherLivres", { mots: "forêt", limite: 1 }).replace('"id":1', '"id":8') + "\n");
    for (let i = 0; i < split.length; i++) server.child.stdin.write(split.subarray(i, i + 1));
    const found = await server.next();
    assert.is(found.id, 8);
    // "forêt" read whole finds the 20 books of the forest; a broken "ê" would find none.
    assert.is(found.result.structuredContent.total, 20);
    assert.equal(
      found.result.structuredContent.livres.map((livre) => livre.titre),
      ["Le livre de la forêt"],
    );
    // What the SDK would not read (an id that is not an integer, a key too many) is answered, not dropped.
    await server.send('{"jsonrpc":"2.0","id":1.5,"method":"ping"}');
    assert.equal((await server.next()).error, { code: -32600, message: "Invalid Request: id must be a string or an integer" });
    await server.send('{"jsonrpc":"2.0","id":9,"method":"ping","extra":true}');
    assert.equal(await server.next(), {
      jsonrpc: "2.0",
      id: 9,
      error: { code: -32600, message: 'Invalid Request: the message: Unrecognized key: \\"extra\\"' },
    });
    // What the SDK itself cannot handle (a response to nothing it asked) is said on stderr.
    await server.send('{"jsonrpc":"2.0","id":77,"result":{}}');
    await server.send(rpc("ping", undefined, 78));
    assert.equal(await server.next(), { jsonrpc: "2.0", id: 78, result: {} });
    assert.match(server.stderr(), /error: MCP: /);
    assert.match(server.stderr(), /error: stdio: Request too large: a message is at most 4194304 bytes \(answered -32600\)/);
    assert.match(server.stderr(), /error: stdio: Parse error: the message is not JSON \(answered -32700\)/);
    // The same id twice, and a last line without its newline: each answered before the server stops.
    await server.send(rpc("ping", undefined, 10));
    server.child.stdin.end(rpc("ping", undefined, 10));
    assert.equal(
      [await server.next(), await server.next()],
      [
        { jsonrpc: "2.0", id: 10, result: {} },
        { jsonrpc: "2.0", id: 10, result: {} },
      ],
    );
    assert.is(await server.exit, 0, "the client closed its input: a normal end");
  });

  test("7. a standard error that is gone does not end the server", async () => {
    const server = start();
    server.child.stderr.destroy();
    await server.send("garbage");
    assert.equal(await server.next(), { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error: the message is not JSON" } });
    await server.send(rpc("ping", undefined, 2));
    assert.equal(await server.next(), { jsonrpc: "2.0", id: 2, result: {} });
    server.child.stdin.end();
    assert.is(await server.exit, 0);
  });

  test("7. an output that is gone ends the server with code 1, said on stderr", async () => {
    const server = start();
    server.child.stdout.destroy();
    await server.send(rpc("ping", undefined, 1));
    await server.send(rpc("ping", undefined, 2));
    assert.is(await server.exit, 1);
    assert.match(server.stderr(), /stdio: standard output failed/);
  });

  return test;
}

/**
 * Modules with a tool, compiled by the transformer in one program (the first that asks): `gated.ts`,
 * whose tool `slow` answers "done" once the test calls `finish()` (`running` resolves once it is
 * called); `costly.ts`, a server over HTTP whose tool `costly` keeps the event loop busy for 20 ms
 * (the first call, until the file GATE exists; GET /returned counts the calls that have); and `stdio.ts`, a server over stdio whose tool `slow`
 * answers once the input has ended.
 */
let slowModules;
function slowModule(name) {
  slowModules ??= compileSources(compilers[0].ts, {
    "gated.ts": `import { toolOf } from "@schemaof/runtime";
let begin!: () => void;
let end!: () => void;
export const running = new Promise<void>((resolve) => (begin = resolve));
const ended = new Promise<void>((resolve) => (end = resolve));
export const finish = (): void => end();
/** Answers once finish() is called. */
async function slow(): Promise<string> {
  begin();
  await ended;
  return "done";
}
export const tool = toolOf(slow);
`,
    "costly.ts": `import { toolOf } from "@schemaof/runtime";
import { serveHttp } from "@schemaof/runtime/mcp";
import { existsSync } from "node:fs";
let finished = 0;
/** Keeps the event loop busy for 20 ms, as a search of many words through a large catalogue does. */
function costly(): string {
  const start = Date.now();
  // The first call also waits, busy, for the file GATE: the test makes it once every call is sent.
  while (Date.now() < start + 20 || (finished === 0 && !existsSync(process.env.GATE!) && Date.now() < start + 30_000));
  finished++;
  return "done";
}
// GET /returned: how many calls have returned.
void serveHttp([toolOf(costly)], { port: 0, maxInFlight: 32, routes: { "/returned": () => ({ body: finished }) } }).then((served) =>
  console.log(served.url),
);
`,
    "stdio.ts": `import { toolOf } from "@schemaof/runtime";
import { serveStdio } from "@schemaof/runtime/mcp";
/** Answers once the input has ended. */
async function slow(): Promise<string> {
  await new Promise<void>((resolve) => (process.stdin.readableEnded ? resolve() : process.stdin.once("end", () => resolve())));
  return "done";
}
void serveStdio([toolOf(slow)]);
`,
  });
  const compiled = slowModules[name];
  assert.is(compiled.diagnostics + compiled.typeErrors, "");
  return compiled;
}

/** Starts one of the modules above that serve over HTTP as a process of its own; resolves once it says its URL. */
async function serverProcess(name, env = {}) {
  const [file] = writeSources({ [name]: "" });
  const script = file.replace(/\.ts$/, ".js");
  writeFileSync(script, slowModule(name).js);
  const child = spawn(process.execPath, [script], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  const stop = () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once("exit", resolve), child.kill())));
  let out = "";
  const url = await bounded(
    new Promise((resolve, reject) => {
      child.stdout.on("data", (chunk) => (out += chunk).includes("\n") && resolve(out.trim()));
      child.once("exit", (code) => reject(new Error(`${name} exited (${code}) before it listened`)));
    }),
    `${name} to listen`,
  ).catch(async (error) => {
    await stop();
    throw error;
  });
  return { url, stop };
}

/**
 * Runs `run(served, lines)` against a `serveHttp(tools, options)` of its own on a free port, whose log
 * lines (access lines too) go to `lines` unless `options.log` says otherwise; closed after, whatever happens.
 */
async function withServer(options, run, tools = []) {
  const lines = [];
  const served = await serveHttp(tools, { port: 0, log: (line) => lines.push(line), ...options });
  try {
    return await run(served, lines);
  } finally {
    await served.close();
  }
}

/** POSTs `body` (a ping by default) to a server's /mcp; `init`: more of fetch's options. */
const postTo = (served, body = rpc("ping"), init = {}) => fetch(`${served.url}/mcp`, { method: "POST", headers: MCP_HEADERS, body, ...init });
/** The head of a POST /mcp whose body is `length` bytes. */
const postHead = (port, length) =>
  `POST /mcp HTTP/1.1\nHost: 127.0.0.1:${port}\nContent-Type: application/json\nAccept: application/json, text/event-stream\nContent-Length: ${length}`;
/** Resolves once the log has `count` access lines of a POST /mcp whose client left before its answer (status "-"). */
const left = (lines, count = 1) => eventually(`${count} client(s) seen leaving`, () => lines.filter((line) => /"POST \/mcp" - /.test(line)).length === count);

function libraryTests() {
  const test = suite("serveHttp's knobs");

  test("authorize runs before every request; without it, a server on every interface says so in the log", async () => {
    await withServer(
      { authorize: (req) => req.headers.authorization === "Bearer s3cret", routes: { "/ping": (query) => ({ body: `pong ${JSON.stringify(query)}` }) } },
      async (served, lines) => {
        const refused = await get(`${served.url}/ping`);
        assert.is(refused.status, 401);
        assert.is(refused.headers.get("www-authenticate"), "Bearer");
        const mcp = await postTo(served);
        assert.is(mcp.status, 401);
        assert.equal((await mcp.json()).error, { code: -32000, message: "Unauthorized: this server answers authorized requests only" });
        const ok = await get(`${served.url}/ping?x=1`, { authorization: "Bearer s3cret" });
        assert.equal(await ok.json(), 'pong {"x":"1"}');
        await eventually("the 401's access line", () => lines.some((line) => /"GET \/ping" 401 /.test(line)));
      },
    );
    await withServer({ host: "0.0.0.0" }, async (served, lines) => {
      assert.equal(
        lines.map((line) => line.replace(/^\S+ /, "")),
        [`error: listening on 0.0.0.0:${served.port} with no authorize: whoever reaches this port can call the tools`],
      );
    });
  });

  test("bearerToken takes the scheme in any case and compares tokens in constant time; HEAD is GET without a body", async () => {
    const { bearerToken } = await import("@schemaof/runtime/mcp");
    assert.throws(() => bearerToken(), /one or more tokens, none empty/);
    await withServer({ authorize: bearerToken("s3cret", "other"), routes: { "/ping": () => ({ body: "pong" }) } }, async (served) => {
      for (const authorization of ["Bearer s3cret", "bearer s3cret", "BEARER other", "Bearer \ts3cret "]) {
        assert.is((await get(`${served.url}/ping`, { authorization })).status, 200, authorization);
      }
      for (const authorization of ["Bearer s3cre", "Bearer s3cret!", "Basic s3cret", "Bearers3cret", "Bearer s3cret other", ""]) {
        assert.is((await get(`${served.url}/ping`, { authorization })).status, 401, authorization);
      }
      const head = await fetch(`${served.url}/ping`, { method: "HEAD", headers: { authorization: "Bearer s3cret" } });
      assert.is(head.status, 200);
      assert.is(await head.text(), "");
      const put = await fetch(`${served.url}/ping`, { method: "PUT", headers: { authorization: "Bearer s3cret" } });
      assert.equal([put.status, put.headers.get("allow")], [405, "GET, HEAD"]);
    });
  });

  test("Expect: 100-continue is answered 100 only past every check: a refused client never sends its body", async () => {
    await withServer({ authorize: (req) => req.headers.authorization === "Bearer s3cret", maxBodyBytes: 1000 }, async (served) => {
      const asked = (headers, length) => `${postHead(served.port, length)}\nExpect: 100-continue${headers}`;
      const untilStatus = (text) => /\r\n\r\n/.test(text) && !/^HTTP\/1\.1 100/.test(text);
      const unauthorized = await open(served.port, asked("", 50), [], { hold: true, until: untilStatus }).answer;
      assert.match(unauthorized, /^HTTP\/1\.1 401 /, "no 100 Continue before the 401");
      const tooLarge = await open(served.port, asked("\nAuthorization: Bearer s3cret", 5000), [], { hold: true, until: untilStatus }).answer;
      assert.match(tooLarge, /^HTTP\/1\.1 413 /, "no 100 Continue before the 413");
      // Accepted: 100, then the body, then its answer.
      const body = rpc("ping");
      const connection = open(served.port, asked("\nAuthorization: Bearer s3cret", Buffer.byteLength(body)), [], {
        hold: true,
        until: (text) => /^HTTP\/1\.1 100 Continue\r\n\r\n/.test(text),
      });
      await connection.answer;
      const answered = open(served.port, asked("\nAuthorization: Bearer s3cret", Buffer.byteLength(body)), [body]).answer;
      assert.match(await answered, /^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);
      connection.leave();
    });
  });

  test("a route that throws is a 500 that says nothing of it; the log has it, even with log off", async () => {
    const lines = [];
    // With `log` off, errors still go to standard error.
    const write = process.stderr.write;
    process.stderr.write = (chunk) => (lines.push(String(chunk)), true);
    try {
      await withServer(
        {
          log: undefined,
          routes: {
            "/boom": () => {
              throw new Error("secret detail");
            },
          },
        },
        async (served) => {
          const response = await get(`${served.url}/boom`);
          assert.is(response.status, 500);
          assert.equal(await response.json(), {
            jsonrpc: "2.0",
            error: { code: -32603, message: "Internal error: the server's log has the details" },
            id: null,
          });
          await eventually("the error line", () => lines.some((line) => /error: "GET \/boom": Error: secret detail/.test(line)));
          assert.not.ok(
            lines.some((line) => /"GET \/boom" 500/.test(line)),
            "no access line with log off",
          );
        },
      );
    } finally {
      process.stderr.write = write;
    }
  });

  test("more requests being answered than maxInFlight are 503 with Retry-After; a body still arriving holds no slot", async () => {
    const { tool, running, finish } = slowModule("gated.ts").run();
    await withServer(
      { maxInFlight: 1 },
      async (served) => {
        // Bodies that stall hold no slot (before, 1,030 of them left every POST /mcp a 503 for 40 s).
        const stalled = Array.from({ length: 5 }, () => open(served.port, postHead(served.port, 100), ["{"], { hold: true }));
        await Promise.all(stalled.map((connection) => connection.sent));
        const ping = await postTo(served);
        assert.is(ping.status, 200, "stalled bodies do not count in flight");
        // A request being answered does: its tool still runs.
        const slow = postTo(served, call("slow", {}));
        await bounded(running, "the tool to be called");
        const busy = await postTo(served);
        assert.is(busy.status, 503);
        assert.is(busy.headers.get("retry-after"), "1");
        assert.equal((await busy.json()).error, { code: -32000, message: "Service Unavailable: 1 requests are being answered; try again in a moment" });
        finish();
        assert.is((await slow).status, 200);
        const free = await postTo(served);
        assert.is(free.status, 200);
        assert.equal(await free.json(), PONG);
        stalled.forEach((connection) => connection.leave());
      },
      [tool],
    );
  });

  test("calls that keep the event loop busy take turns: a GET asked while they wait is answered between them; past maxInFlight, 503", async () => {
    // Before, calls whose bodies ended in one turn ran back to back, and a GET waited for all of them
    // (64 costly searches: 1.6 s); none was refused, as each ran to completion before the next was read.
    // The server runs in a process of its own: a client in the same one would wait its turn as well.
    const [gate] = writeSources({ gate: "" });
    rmSync(gate);
    const { url, stop } = await serverProcess("costly.ts", { GATE: gate });
    const port = Number(new URL(url).port);
    try {
      // Every call is in the server's socket buffers before the first returns: the server reads them
      // all as soon as it reads again, whatever this machine's load. (Held open: a client that ends
      // its side of the connection has its request dropped by Node, answered or not.)
      const body = call("costly", {});
      const calls = Array.from({ length: 64 }, () => open(port, `${postHead(port, Buffer.byteLength(body))}\nConnection: close`, [body], { hold: true }));
      await Promise.all(calls.map((sending) => sending.sent));
      writeFileSync(gate, "");
      const seen = await (await get(`${url}/returned`)).json();
      const answers = await Promise.all(calls.map((sending) => sending.answer));
      const ok = answers.filter((answer) => answer.startsWith("HTTP/1.1 200 "));
      const busy = answers.filter((answer) => answer.startsWith("HTTP/1.1 503 "));
      assert.is(ok.length + busy.length, 64, `every call is answered 200 or 503: ${answers.map((answer) => answer.slice(0, 12))}`);
      assert.ok(busy.length > 0, "the calls past maxInFlight are refused, not queued without end");
      for (const answer of busy) assert.match(answer, /\r\nRetry-After: 1\r\n/i);
      for (const answer of ok) assert.equal(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)).result.content, [{ type: "text", text: "done" }]);
      assert.ok(seen < ok.length, `the GET was answered while calls still waited (${seen} of ${ok.length} had returned)`);
    } finally {
      await stop();
    }
  });

  test("a body that trickles in past bodyTimeoutMs is answered 408, apart from the request timeout", async () => {
    await withServer({ bodyTimeoutMs: 300 }, async (served) => {
      const late = await open(served.port, postHead(served.port, 100), ['{"jsonrpc"'], { hold: true }).answer;
      assert.match(late, /^HTTP\/1\.1 408 /);
      assert.match(late, /Request Timeout: the body did not arrive within 300 ms/);
      assert.equal(await (await postTo(served)).json(), PONG, "the server answers on");
    });
  });

  test("a client that leaves while an async authorize runs is not counted in flight", async () => {
    // authorize holds the first three requests until the test lets them go, after their clients left.
    const held = [];
    let holding = true;
    const authorize = () => (holding ? new Promise((resolve) => held.push(resolve)) : true);
    await withServer({ maxInFlight: 2, authorize }, async (served, lines) => {
      const clients = [1, 2, 3].map(() => open(served.port, postHead(served.port, 100), ["{"], { hold: true }));
      await eventually("three requests held in authorize", () => held.length === 3);
      for (const client of clients) client.leave();
      await left(lines, 3);
      holding = false;
      for (const resolve of held) resolve(true);
      const after = await postTo(served);
      assert.is(after.status, 200, "the slots of the clients that left are free");
      assert.equal(await after.json(), PONG);
    });
  });

  test("a tool still running after its client left counts in flight until it returns", async () => {
    const { tool, running, finish } = slowModule("gated.ts").run();
    await withServer(
      { maxInFlight: 1 },
      async (served, lines) => {
        const leaving = new AbortController();
        const gone = postTo(served, call("slow", {}), { signal: leaving.signal }).catch(() => "left");
        await bounded(running, "the tool to be called");
        leaving.abort();
        assert.is(await gone, "left");
        await left(lines);
        const busy = await postTo(served);
        assert.is(busy.status, 503, "the tool still runs");
        finish();
        const free = await postTo(served);
        assert.is(free.status, 200, "it returned");
        assert.equal(await free.json(), PONG);
      },
      [tool],
    );
  });

  test("bodies being read share maxBufferedBytes: one more is 503", async () => {
    const sockets = [];
    await withServer({ maxBufferedBytes: 1024 * 1024, authorize: (req) => (sockets.push(req.socket), true) }, async (served, lines) => {
      const head = postHead(served.port, 1024 * 1024);
      // 600 KB of the first body, read whole: its buffer has grown to between 600 KB and 1 MB (the
      // whole budget), which leaves less than the 600 KB the second needs, whatever its chunks.
      const first = open(served.port, head, [Buffer.alloc(600 * 1024, 32)], { hold: true });
      await first.sent;
      await eventually("the server to read the first body's 600 KB", () => sockets[0]?.bytesRead >= first.bytes);
      const refused = open(served.port, head, [Buffer.alloc(600 * 1024, 32)], { hold: true, until: (text) => text.endsWith('"id":null}') });
      const second = await refused.answer;
      refused.leave();
      assert.match(second, /^HTTP\/1\.1 503 [^]*Retry-After: 1\r\n/i);
      assert.ok(
        second.endsWith(
          '{"jsonrpc":"2.0","error":{"code":-32000,"message":"Service Unavailable: the server is reading as many bodies as it holds; try again in a moment"},"id":null}',
        ),
        second,
      );
      first.leave();
      await left(lines);
      const free = await postTo(served);
      assert.is(free.status, 200, "given back");
      assert.equal(await free.json(), PONG);
    });
  });

  test("a route whose answer is not JSON is a 500; a wrong option is said before anything listens", async () => {
    await withServer({ routes: { "/big": () => ({ body: { n: 1n } }) } }, async (served, lines) => {
      const response = await get(`${served.url}/big`);
      assert.is(response.status, 500);
      assert.equal((await response.json()).error, { code: -32603, message: "Internal error: the server's log has the details" });
      await eventually("the error line", () => lines.some((line) => /error: "GET \/big": TypeError: Do not know how to serialize a BigInt/.test(line)));
    });
    try {
      await serveHttp([], { port: 0, allowedOrigins: ["app.example.com"] });
      assert.unreachable("a bad origin is refused");
    } catch (error) {
      assert.is(error.message, `serveHttp: allowedOrigins' "app.example.com" is not an origin; write it as scheme://host[:port], e.g. https://app.example.com`);
    }
  });

  test("clients that stall and never close are answered 408 and let go: they hold no connection", async () => {
    await withServer({ maxConnections: 3, requestTimeoutMs: 1000, routes: { "/": () => ({ body: "ok" }) } }, async (served) => {
      const stalled = [1, 2, 3].map(() => raw(served.port, `GET / HTTP/1.1\nHost: 127.0.0.1:${served.port}\nX-Partial: `, [], { hold: true, headEnds: false }));
      const timedOut = `\r\n\r\n${JSON.stringify({ error: "Request Timeout: the request did not arrive in time" })}`;
      for (const answer of await Promise.all(stalled)) {
        assert.match(answer, /^HTTP\/1\.1 408 Request Timeout\r\n/);
        assert.ok(answer.endsWith(timedOut), answer);
      }
      const fresh = await get(`${served.url}/`);
      assert.is(fresh.status, 200, "a new client is served");
      assert.equal(await fresh.json(), "ok");
    });
  });

  test("a request pipelined after one still being answered does not take its answer", async () => {
    let pipeline;
    // authorize holds the first request until the server has read the whole pipeline, garbage included.
    const authorize = async (req) => {
      await eventually("the server to read the pipeline", () => req.socket.bytesRead >= pipeline.bytes);
      return true;
    };
    await withServer({ authorize, routes: { "/": () => ({ body: "ok" }) } }, async (served) => {
      pipeline = open(served.port, `GET / HTTP/1.1\nHost: 127.0.0.1:${served.port}`, ["\r\n\r\nNOT HTTP AT ALL\r\n\r\n"], { hold: true });
      const answer = await pipeline.answer;
      assert.match(answer, /^HTTP\/1\.1 200 [^]*\r\n\r\n"ok"$/);
      assert.is(answer.split("HTTP/1.1").length, 2, "one answer, then the connection closed");
    });
  });

  test("a client that sends requests without reading the answers is let go past 8 waiting", async () => {
    await withServer({ routes: { "/": () => ({ body: "ok" }) } }, async (served) => {
      const request = `GET / HTTP/1.1\nHost: 127.0.0.1:${served.port}\n\n`;
      const answered = (text) => text.split("HTTP/1.1 200").length - 1;
      const eight = open(served.port, request.repeat(7) + request.slice(0, -2), [], {
        hold: true,
        until: (text) => answered(text) === 8 && text.endsWith('"ok"'),
      });
      assert.is(answered(await eight.answer), 8, "8 pipelined requests are answered");
      eight.leave();
      // The connection is held open by the client: only the server can end this answer.
      const twenty = await raw(served.port, request.repeat(19) + request.slice(0, -2), [], { hold: true });
      assert.ok(answered(twenty) < 20, `the server closed the connection before answering all: ${answered(twenty)} were`);
      const after = await get(`${served.url}/`);
      assert.is(after.status, 200, "and the server goes on");
    });
  });

  test("allowedHosts: a name alone is on any port, name:port on that one", async () => {
    await withServer({ allowedHosts: ["Tools.Example", "other.example:8443"], routes: { "/": () => ({ body: "ok" }) } }, async (served) => {
      const statusFor = async (host) => (await raw(served.port, `GET / HTTP/1.1\nHost: ${host}\nConnection: close`)).slice(0, 12);
      assert.is(await statusFor("tools.example:8080"), "HTTP/1.1 200");
      assert.is(await statusFor("TOOLS.example"), "HTTP/1.1 200");
      assert.is(await statusFor("other.example:8443"), "HTTP/1.1 200");
      assert.is(await statusFor("other.example:8080"), "HTTP/1.1 403");
      assert.is(await statusFor("other.example"), "HTTP/1.1 403");
    });
  });

  test("over stdio, a request still being answered when the input ends is answered before the server stops", async () => {
    // Run as a server of its own, whose tool answers only once the input has ended.
    const compiled = slowModule("stdio.ts");
    const [file] = writeSources({ "slow-stdio.ts": "" });
    const script = file.replace(/\.ts$/, ".js");
    writeFileSync(script, compiled.js);
    const child = spawn(process.execPath, [script], { stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stdin.end(call("slow", {}) + "\n");
    const code = await bounded(new Promise((resolve) => child.once("exit", resolve)), "the stdio server to exit").catch((error) => {
      child.kill();
      throw error;
    });
    assert.is(code, 0);
    assert.equal(JSON.parse(out), { result: { content: [{ type: "text", text: "done" }] }, jsonrpc: "2.0", id: 1 });
  });

  return test;
}

httpTests().run();
stdioTests().run();
libraryTests().run();
