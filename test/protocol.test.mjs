// MCP 2026-07-28, the revision with no session and no `initialize`, spoken to the médiathèque: with
// raw HTTP (each request names its revision and the client's capabilities in `_meta`, the headers
// say its method and tool), with the MCP SDK v2 client pinned to it, and line by line over stdio;
// the 2025-11-25 handshake still works beside it, negotiated per request.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn } from "node:child_process";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { exampleDir, serverArgs, startServer } from "./lib/mediatheque.mjs";

const VERSION = "2026-07-28";
const envelope = (version = VERSION) => ({
  "io.modelcontextprotocol/protocolVersion": version,
  "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1.0.0" },
  "io.modelcontextprotocol/clientCapabilities": {},
});
const request = (id, method, params = {}, version) => ({ jsonrpc: "2.0", id, method, params: { ...params, _meta: envelope(version) } });
const SEARCH = { name: "rechercherLivres", arguments: { mots: "atlas" } };

const server = startServer();
const url = `${await server.url}/mcp`;

/** A POST as a 2026-07-28 client sends it: the revision and method in headers, the tool too for a call. */
async function post(message, headers = {}) {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": message.params?._meta?.["io.modelcontextprotocol/protocolVersion"] ?? VERSION,
      "mcp-method": message.method,
      ...(message.method === "tools/call" ? { "mcp-name": message.params.name } : {}),
      ...headers,
    },
    body: JSON.stringify(message),
  });
  const text = await response.text();
  return { status: response.status, text, body: text ? JSON.parse(text) : undefined };
}

test("server/discover says the revision, the capabilities, how long to keep the answer, and who the server is", async () => {
  const { status, body } = await post(request(1, "server/discover"));
  assert.is(status, 200);
  assert.equal(body, {
    jsonrpc: "2.0",
    id: 1,
    result: {
      supportedVersions: [VERSION],
      capabilities: { tools: {} },
      ttlMs: 0,
      cacheScope: "private",
      resultType: "complete",
      _meta: { "io.modelcontextprotocol/serverInfo": { name: "mediatheque", version: body.result._meta["io.modelcontextprotocol/serverInfo"].version } },
    },
  });
});

test("tools/list: every tool with ttlMs, cacheScope and resultType, in the same order, byte for byte, every time", async () => {
  const first = await post(request(2, "tools/list"));
  assert.is(first.status, 200);
  const { result } = first.body;
  assert.equal(
    result.tools.map((tool) => tool.name),
    ["rechercherLivres", "emprunterLivre", "rendreLivre", "annoterLivre"],
  );
  assert.is(result.ttlMs, 0);
  assert.is(result.cacheScope, "private");
  assert.is(result.resultType, "complete");
  for (let i = 0; i < 3; i++) assert.is((await post(request(2, "tools/list"))).text, first.text);
});

test("tools/call answers as the tool does, with resultType; wrong arguments are the model's to read", async () => {
  const found = await post(request(3, "tools/call", SEARCH));
  assert.is(found.status, 200);
  assert.is(found.body.result.resultType, "complete");
  assert.ok(found.body.result.structuredContent.total >= 1, found.text);
  const wrong = await post(request(4, "tools/call", { name: "rechercherLivres", arguments: { mots: "" } }));
  assert.is(wrong.body.result.isError, true);
  assert.match(wrong.body.result.content[0].text, /\/mots/);
  const unknown = await post(request(5, "tools/call", { name: "effacerTout", arguments: {} }));
  assert.is(unknown.status, 200);
  assert.is(unknown.body.error.code, -32602);
  assert.match(unknown.body.error.message, /Unknown tool: effacerTout; the tools are rechercherLivres, emprunterLivre/);
});

test("headers that disagree with the body are -32020, with what each says", async () => {
  const method = await post(request(6, "tools/list"), { "mcp-method": "tools/call" });
  assert.is(method.status, 400);
  assert.is(method.body.id, 6);
  assert.is(method.body.error.code, -32020);
  assert.equal(method.body.error.data, { mismatch: { header: "tools/call", body: "the method tools/list" } });
  assert.match(
    method.body.error.message,
    /^Bad Request: the request headers and body disagree: Mcp-Method is "tools\/call", the body has the method tools\/list/,
  );
  const name = await post(request(7, "tools/call", SEARCH), { "mcp-name": "emprunterLivre" });
  assert.is(name.body.error.code, -32020);
  assert.equal(name.body.error.data.mismatch, { header: "emprunterLivre", body: "the tool rechercherLivres" });
  // A name that is not plain ASCII travels in base64, and is read so.
  const encoded = await post(request(8, "tools/call", SEARCH), { "mcp-name": `=?base64?${Buffer.from("rechercherLivres").toString("base64")}?=` });
  assert.is(encoded.status, 200);
  const missing = await post(request(9, "tools/list"), { "mcp-method": "" });
  assert.is(missing.body.error.code, -32020);
  const version = await post(request(10, "tools/list"), { "mcp-protocol-version": "2025-11-25" });
  assert.equal(version.body.error.data.mismatch, { header: "2025-11-25", body: `the revision ${VERSION}` });
});

test("an unknown revision is -32022 with the one supported; a request without capabilities is -32602", async () => {
  const unknown = await post(request(11, "tools/list", {}, "2099-01-01"));
  assert.is(unknown.status, 400);
  assert.equal(unknown.body.error, {
    code: -32022,
    message: `Unsupported protocol version: 2099-01-01; this server speaks ${VERSION} and 2025-11-25`,
    data: { supported: [VERSION], requested: "2099-01-01" },
  });
  const bare = request(12, "tools/list");
  delete bare.params._meta["io.modelcontextprotocol/clientCapabilities"];
  const noCapabilities = await post(bare);
  assert.is(noCapabilities.status, 400);
  assert.is(noCapabilities.body.error.code, -32602);
  assert.equal(noCapabilities.body.error.data, { envelope: { missing: ["io.modelcontextprotocol/clientCapabilities"] } });
  // The new revision's header on a body that does not name it: neither revision's request.
  const headerOnly = await post({ jsonrpc: "2.0", id: 15, method: "tools/list", params: {} });
  assert.is(headerOnly.status, 400);
  assert.is(headerOnly.body.error.code, -32602);
  assert.equal(headerOnly.body.error.data, { envelope: { missing: ["_meta"] } });
});

test("methods the revision removed are -32601 with 404; a notification is taken (202); the content type must be JSON", async () => {
  for (const method of ["initialize", "ping", "logging/setLevel"]) {
    const { status, body } = await post(request(13, method));
    assert.is(status, 404, method);
    assert.is(body.error.code, -32601);
    assert.match(body.error.message, new RegExp(`^Method not found: ${method.replace("/", "\\/")}; under ${VERSION}`));
  }
  const notified = await post({ jsonrpc: "2.0", method: "notifications/initialized", params: { _meta: envelope() } });
  assert.is(notified.status, 202);
  assert.is(notified.text, "");
  const plain = await post(request(14, "tools/list"), { "content-type": "text/plain" });
  assert.is(plain.status, 415);
});

test("the MCP SDK v2 client, pinned to 2026-07-28, lists and calls; the v1 client still initializes (2025-11-25)", async () => {
  const modern = new Client({ name: "v2", version: "1.0.0" }, { versionNegotiation: { mode: { pin: VERSION } } });
  await modern.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    assert.is(modern.getNegotiatedProtocolVersion(), VERSION);
    const { tools } = await modern.listTools();
    assert.is(tools.length, 4);
    const result = await modern.callTool(SEARCH);
    assert.ok(result.structuredContent.total >= 1);
  } finally {
    await modern.close();
  }
  // Left to negotiate, it probes server/discover and takes the new revision.
  const auto = new Client({ name: "v2-auto", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
  await auto.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    assert.is(auto.getNegotiatedProtocolVersion(), VERSION);
    assert.is((await auto.listTools()).tools.length, 4);
  } finally {
    await auto.close();
  }
  const old = new ClientV1({ name: "v1", version: "1.0.0" });
  await old.connect(new TransportV1(new URL(url)));
  try {
    assert.is((await old.listTools()).tools.length, 4);
    assert.ok((await old.callTool(SEARCH)).structuredContent.total >= 1);
  } finally {
    await old.close();
  }
});

test("over stdio: 2026-07-28 lines and a 2025-11-25 handshake, one process", async () => {
  const child = spawn(process.execPath, [...serverArgs(exampleDir), "--stdio"], { cwd: exampleDir, stdio: ["pipe", "pipe", "pipe"] });
  const answers = new Map();
  let buffered = "";
  const waiting = new Map();
  child.stdout.on("data", (chunk) => {
    buffered += chunk;
    for (let end = buffered.indexOf("\n"); end !== -1; end = buffered.indexOf("\n")) {
      const answer = JSON.parse(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
      (waiting.get(answer.id) ?? ((value) => answers.set(answer.id, value)))(answer);
    }
  });
  const ask = (message) => {
    child.stdin.write(`${JSON.stringify(message)}\n`);
    return answers.has(message.id) ? Promise.resolve(answers.get(message.id)) : new Promise((resolve) => waiting.set(message.id, resolve));
  };
  try {
    const discovered = await ask(request("d", "server/discover"));
    assert.equal(discovered.result.supportedVersions, [VERSION]);
    const listed = await ask(request("l", "tools/list"));
    assert.is(listed.result.tools.length, 4);
    assert.is(listed.result.cacheScope, "private");
    const called = await ask(request("c", "tools/call", SEARCH));
    assert.is(called.result.resultType, "complete");
    assert.ok(called.result.structuredContent.total >= 1);
    assert.is((await ask(request("p", "ping"))).error.code, -32601);
    assert.is((await ask(request("v", "tools/list", {}, "2099-01-01"))).error.code, -32022);
    // The same process still answers a client of 2025-11-25.
    const initialized = await ask({
      jsonrpc: "2.0",
      id: "i",
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "old", version: "1.0.0" } },
    });
    assert.is(initialized.result.protocolVersion, "2025-11-25");
  } finally {
    child.kill();
  }
});

test("the MCP SDK v2 client over stdio, pinned to 2026-07-28, lists and calls", async () => {
  const client = new Client({ name: "v2-stdio", version: "1.0.0" }, { versionNegotiation: { mode: { pin: VERSION } } });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [...serverArgs(exampleDir), "--stdio"], cwd: exampleDir, stderr: "pipe" }));
  try {
    assert.is(client.getNegotiatedProtocolVersion(), VERSION);
    assert.is((await client.listTools()).tools.length, 4);
    assert.ok((await client.callTool(SEARCH)).structuredContent.total >= 1);
  } finally {
    await client.close();
  }
});

test("ttlMs and cacheScope are the server's options, and a wrong one is said before it serves", async () => {
  const { serveHttp } = await import("@schemaof/runtime/mcp");
  const served = await serveHttp([], { port: 0, ttlMs: 60_000, cacheScope: "public" });
  try {
    const response = await fetch(`${served.url}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", "mcp-protocol-version": VERSION, "mcp-method": "tools/list" },
      body: JSON.stringify(request(1, "tools/list")),
    });
    const { result } = await response.json();
    assert.equal([result.tools, result.ttlMs, result.cacheScope], [[], 60_000, "public"]);
  } finally {
    await served.close();
  }
  for (const [options, message] of [
    [{ ttlMs: -1 }, /ttlMs takes a whole number of milliseconds, 0 or more, not -1/],
    [{ ttlMs: 1.5 }, /not 1\.5/],
    [{ cacheScope: "shared" }, /cacheScope takes "public" or "private", not "shared"/],
  ]) {
    await serveHttp([], { port: 0, ...options }).then(
      () => assert.unreachable("it served"),
      (error) => assert.match(error.message, message),
    );
  }
});

test.after(() => server.stop());
test.run();
