// Many processes, one endpoint (issue 26): nothing a request needs lives in one process, so any
// process answers any request. Three médiathèque processes behind nginx (round robin, no
// stickiness), then one médiathèque with WORKERS=3 (node:cluster), each given 200 mixed calls from
// the MCP SDK v1 client (2025-11-25: initialize, then calls, each request to whichever process) and
// the SDK v2 client pinned to 2026-07-28, at once. The calls race for the same books and the same
// reader card on different processes: exactly one loan of a book wins, a card stops at 5 books, and a
// search anywhere sees every loan, because the loans are kept where every process reaches them
// (the example's DONNEES folder). Then a worker that dies is replaced, and SIGTERM stops them all.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as HttpV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { buildExample, exampleDir, startServer } from "./lib/mediatheque.mjs";
import { startNginx } from "./lib/nginx.mjs";

const MAX_PRETS = 5;

/** A folder for the loans that the processes of one test share; removed after. */
function sharedFolder() {
  const dir = mkdtempSync(join(tmpdir(), "mediatheque-test-"));
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Both clients connected to `url` (`/mcp` of nginx or of the workers), and every call they make,
 * counted; `upstreams` gathers nginx's X-Upstream of each answer, where there is one.
 */
async function connectClients(url) {
  const upstreams = new Set();
  // Each request on a connection of its own: a pooled one would keep nginx's choice of the first.
  const watching = (input, init = {}) =>
    fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init.headers)), connection: "close" } }).then((response) => {
      const upstream = response.headers.get("x-upstream");
      if (upstream) upstreams.add(upstream);
      return response;
    });
  const old = new ClientV1({ name: "v1", version: "1.0.0" });
  await old.connect(new HttpV1(new URL(url), { fetch: watching }));
  const modern = new ClientV2({ name: "v2", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  await modern.connect(new HttpV2(new URL(url), { fetch: watching }));
  assert.is(modern.getNegotiatedProtocolVersion(), "2026-07-28");
  let calls = 0;
  const clients = [old, modern].map((client) => ({
    call: (name, args) => (calls++, client.callTool({ name, arguments: args })),
    list: () => (calls++, client.listTools()),
  }));
  return { clients, upstreams, calls: () => calls, close: () => Promise.all([old.close(), modern.close()]) };
}

const text = (result) => result.content.map((part) => part.text).join("\n");

/**
 * 200 calls, both clients at once, racing on shared state; every answer checked. `clients[0]` is the
 * v1 client, `clients[1]` the v2 one; call i goes to `clients[i % 2]` so each race has both.
 */
async function mixedCalls(clients) {
  const via = (i) => clients[i % 2];
  // Twenty books to race for (a search, on both clients: the same books).
  const [found, again] = await Promise.all([
    via(0).call("rechercherLivres", { mots: "atlas", limite: 20 }),
    via(1).call("rechercherLivres", { mots: "atlas", limite: 20 }),
  ]);
  assert.equal(found.structuredContent, again.structuredContent);
  const books = found.structuredContent.livres.map((livre) => livre.isbn);
  assert.is(books.length, 20);
  assert.ok(found.structuredContent.livres.every((livre) => livre.disponible));

  // 40 loans, two readers for each book at once: one wins, the other is told until when it is out.
  const races = await Promise.all(
    books.flatMap((isbn, b) => [0, 1].map((i) => via(i).call("emprunterLivre", { isbn, lecteur: `L1${String(b * 2 + i).padStart(5, "0")}` }))),
  );
  const winners = new Map();
  books.forEach((isbn, b) => {
    const [first, second] = [races[b * 2], races[b * 2 + 1]];
    const won = [first, second].filter((result) => !result.isError);
    assert.is(won.length, 1, `one loan of ${isbn} wins: ${text(first)} / ${text(second)}`);
    const lost = first.isError ? first : second;
    assert.match(text(lost), /^emprunterLivre failed: ".+" is on loan until \d{4}-\d{2}-\d{2}$/);
    winners.set(isbn, won[0].structuredContent.lecteur);
  });

  // One card asks for 8 more books at once, through both clients: 5 loans, 3 refusals the model can act on.
  const more = (await via(0).call("rechercherLivres", { mots: "carnet", limite: 8 })).structuredContent.livres.map((livre) => livre.isbn);
  const greedy = await Promise.all(more.map((isbn, i) => via(i).call("emprunterLivre", { isbn, lecteur: "L200000" })));
  const lent = more.filter((_, i) => !greedy[i].isError);
  assert.is(lent.length, MAX_PRETS);
  for (const refused of greedy.filter((result) => result.isError)) {
    assert.is(text(refused), "emprunterLivre failed: the reader L200000 already has 5 books out, the most a card takes; return one with rendreLivre first");
  }

  // 36 searches, on both clients: every process sees every loan.
  for (const seen of await Promise.all(Array.from({ length: 36 }, (_, i) => via(i).call("rechercherLivres", { mots: "atlas", limite: 20 })))) {
    assert.ok(
      seen.structuredContent.livres.every((livre) => !livre.disponible),
      "the twenty are out, whichever process answers",
    );
  }

  // 20 returns by the wrong reader (refused), then the 25 right ones; then the card borrows again.
  const wrong = await Promise.all(books.map((isbn, i) => via(i).call("rendreLivre", { isbn, lecteur: "L999999" })));
  for (const result of wrong) assert.match(text(result), /is on loan to another reader; only its reader returns it$/);
  const returns = await Promise.all([
    ...books.map((isbn, i) => via(i).call("rendreLivre", { isbn, lecteur: winners.get(isbn) })),
    ...lent.map((isbn, i) => via(i + 1).call("rendreLivre", { isbn, lecteur: "L200000" })),
  ]);
  for (const result of returns) assert.is(result.isError, undefined, text(result));
  const twice = await via(1).call("rendreLivre", { isbn: books[0], lecteur: winners.get(books[0]) });
  assert.match(text(twice), /is not on loan; nothing to return$/);
  const borrowedAgain = await Promise.all(more.slice(0, 3).map((isbn, i) => via(i).call("emprunterLivre", { isbn, lecteur: "L200000" })));
  for (const result of borrowedAgain) assert.is(result.isError, undefined, text(result));

  // 40 annotations: a note through one client, labels through the other; each book ends with both.
  await Promise.all(books.map((isbn, i) => via(i).call("annoterLivre", { isbn, changement: { note: `note ${i}` } })));
  const annotated = await Promise.all(books.map((isbn, i) => via(i + 1).call("annoterLivre", { isbn, changement: { etiquettes: ["atlas"] } })));
  annotated.forEach((result, i) => assert.equal(result.structuredContent, { isbn: books[i], note: `note ${i}`, etiquettes: ["atlas"] }));

  // 20 lists, byte for byte the same whichever process answers; then 4 calls that fill the count.
  const lists = await Promise.all(Array.from({ length: 20 }, (_, i) => via(i).list()));
  for (const list of lists) assert.equal(list.tools, lists[0].tools);
  assert.equal(
    lists[0].tools.map((tool) => tool.name),
    ["rechercherLivres", "emprunterLivre", "rendreLivre", "annoterLivre"],
  );
  const last = await Promise.all(more.slice(0, 3).map((isbn, i) => via(i).call("rendreLivre", { isbn, lecteur: "L200000" })));
  for (const result of last) assert.is(result.isError, undefined, text(result));
  const free = await via(0).call("rechercherLivres", { mots: "atlas", limite: 20 });
  assert.ok(
    free.structuredContent.livres.every((livre) => livre.disponible),
    "every book is back",
  );
}

test("three processes behind nginx answer 200 mixed calls from an SDK v1 and an SDK v2 client, all correct", async () => {
  const data = sharedFolder();
  // Three servers as three machines would run them: each its own process and port, the loans in one folder.
  const servers = [0, 1, 2].map(() => startServer(exampleDir, false, { DONNEES: data.dir, ALLOWED_HOSTS: "127.0.0.1" }));
  let nginx;
  let connected;
  try {
    const urls = await Promise.all(servers.map((server) => server.url));
    nginx = await startNginx(urls.map((url) => new URL(url).host));
    connected = await connectClients(`${nginx.url}/mcp`);
    await mixedCalls(connected.clients);
    assert.is(connected.calls(), 200);
    assert.equal([...connected.upstreams].sort(), urls.map((url) => new URL(url).host).sort(), "round robin reached every process");
  } finally {
    await connected?.close();
    await nginx?.stop();
    await Promise.all(servers.map((server) => server.stop()));
    data.dispose();
  }
});

/** The pids of `pid`'s children (Linux: /proc, through pgrep). */
function childrenOf(pid) {
  try {
    return execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** Resolves once `check()` holds, asked every 20 ms; fails saying `what` after 30 s (a bound, not a measure). */
async function eventually(what, check) {
  for (let asked = 0; !(await check()); asked++) {
    if (asked * 20 >= 30_000) throw new Error(`waited in vain for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test("WORKERS=3: one port, three processes, the same 200 calls; a worker that dies is replaced; SIGTERM stops them all", async () => {
  const data = sharedFolder();
  const server = startServer(exampleDir, false, { WORKERS: "3", DONNEES: data.dir });
  let connected;
  try {
    const url = await server.url;
    await eventually("the server to say how many processes serve", () => /processes: {6}3; the loans kept in /.test(server.output()));
    assert.is(childrenOf(server.child.pid).length, 3);
    connected = await connectClients(`${url}/mcp`);
    await mixedCalls(connected.clients);
    assert.is(connected.calls(), 200);

    const [victim] = childrenOf(server.child.pid);
    process.kill(victim, "SIGKILL");
    await eventually("the primary to say it replaces the worker", () =>
      server.output().includes(`error: worker ${victim} was killed (SIGKILL); another starts`),
    );
    await eventually("three workers again", () => {
      const now = childrenOf(server.child.pid);
      return now.length === 3 && !now.includes(victim);
    });
    const { tools } = await connected.clients[1].list();
    assert.is(tools.length, 4, "served on");

    await connected.close();
    connected = undefined;
    const workers = childrenOf(server.child.pid);
    const exit = new Promise((resolve) => server.child.once("exit", (code) => resolve(code)));
    server.child.kill("SIGTERM");
    assert.is(await exit, 143, "the primary ends as a shell reports SIGTERM (128 + 15), once its workers have");
    for (const pid of workers) assert.throws(() => process.kill(pid, 0), /ESRCH/, `worker ${pid} is gone`);
  } finally {
    await connected?.close();
    await server.stop();
    data.dispose();
  }
});

// Found by CI: the first process to use a fresh DONNEES folder created registre.json in place, so a
// process beside it could read the file still empty, and its first search failed. Here the first
// process writes slowly (each write in the folder waits 400 ms between creating the file and filling
// it, as a process the system sets aside at that moment would), and a second reads the register as
// soon as the file is there: it must read a whole one.
test("a process that meets the register as another creates it reads it whole, never empty", async () => {
  buildExample();
  const data = sharedFolder();
  const registre = pathToFileURL(join(exampleDir, "dist", "registre.js")).href;
  const slowWrites = `
    import fs from "node:fs";
    import { syncBuiltinESMExports } from "node:module";
    const write = fs.writeFileSync;
    fs.writeFileSync = (path, text, options) => {
      if (!String(path).startsWith(process.env.DONNEES)) return write(path, text, options);
      const fd = fs.openSync(path, options?.flag ?? "w");
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 400);
      fs.writeSync(fd, text);
      fs.closeSync(fd);
    };
    syncBuiltinESMExports();`;
  const read = `const { lire } = await import(${JSON.stringify(registre)}); console.log(JSON.stringify(await lire()));`;
  const waitThenRead = `
    import { existsSync } from "node:fs";
    const file = ${JSON.stringify(join(data.dir, "registre.json"))};
    for (const until = Date.now() + 10_000; !existsSync(file) && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 1));
    ${read}`;
  const node = (args) => promisify(execFile)(process.execPath, args, { encoding: "utf8", env: { ...process.env, DONNEES: data.dir } });
  try {
    const [first, second] = await Promise.all([
      node(["--import", `data:text/javascript,${encodeURIComponent(slowWrites)}`, "--input-type=module", "-e", read]),
      node(["--input-type=module", "-e", waitThenRead]),
    ]);
    assert.equal(JSON.parse(first.stdout), { emprunts: {}, annotations: {} });
    assert.equal(JSON.parse(second.stdout), { emprunts: {}, annotations: {} });
  } finally {
    data.dispose();
  }
});

test.run();
