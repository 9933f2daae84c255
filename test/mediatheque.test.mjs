// End to end: the média­thèque example started as a child process, as a user starts it, and real
// clients talking to it: the official MCP SDK client v1 and v2 over Streamable HTTP and over stdio,
// and plain HTTP for GET /outils. Twice: built as the example builds itself (`schemaof build` on
// TypeScript 7), and, as a copy, with tspc on TypeScript 5.9 and ts-patch.
import { suite, test } from "uvu";
import * as assert from "uvu/assert";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as HttpV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { StdioClientTransport as StdioV1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from "@modelcontextprotocol/client";
import { StdioClientTransport as StdioV2 } from "@modelcontextprotocol/client/stdio";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { connect } from "node:net";
import { networkInterfaces } from "node:os";
import { createRequire } from "node:module";
import { createAjv } from "./lib/ajv.mjs";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { exampleDir, serverArgs, startServer, tspcCopy } from "./lib/mediatheque.mjs";

const ajv = createAjv();
const run = promisify(execFile);

/** `@modelcontextprotocol/inspector-cli`, an outside client, run as a user runs it. */
// Run without blocking this process: a blocked event loop would miss the server closing idle
// keep-alive sockets, and the next fetch would write to a closed one.
async function inspector(...args) {
  const cli = createRequire(import.meta.url).resolve("@modelcontextprotocol/inspector-cli/build/cli.js");
  const { stdout } = await run(process.execPath, [cli, "--cli", ...args], { encoding: "utf8", timeout: 60_000 });
  return JSON.parse(stdout.slice(stdout.indexOf("{")));
}

/** The clients' tests against one build of the example, started from `dir` (`fromSources`: its TypeScript, through tsx and our loader). */
function clientTests(label, dir, fromSources = false) {
  const test = suite(label);
  let server;
  let base;
  const stdioArgs = () => [...serverArgs(dir(), fromSources), "--stdio"];
  test.before(async () => {
    server = startServer(dir(), fromSources);
    base = await server.url;
  });
  test.after(() => server.stop());

  const clients = {
    "MCP SDK v1 client over Streamable HTTP": () => [new ClientV1({ name: "e2e", version: "1.0.0" }), new HttpV1(new URL(`${base}/mcp`))],
    "MCP SDK v1 client over stdio": () => [new ClientV1({ name: "e2e", version: "1.0.0" }), new StdioV1({ command: process.execPath, args: stdioArgs() })],
    "MCP SDK v2 client over Streamable HTTP": () => [new ClientV2({ name: "e2e", version: "1.0.0" }), new HttpV2(new URL(`${base}/mcp`))],
    "MCP SDK v2 client over stdio": () => [new ClientV2({ name: "e2e", version: "1.0.0" }), new StdioV2({ command: process.execPath, args: stdioArgs() })],
  };

  test("GET /outils?target= lists the tools as each provider takes them, their schemas written at build time", async () => {
    const strict = await (await fetch(`${base}/outils?target=openai-strict`)).json();
    assert.equal(
      strict.map((t) => [t.type, t.function.name, t.function.strict]),
      [
        ["function", "rechercherLivres", true],
        ["function", "emprunterLivre", true],
        ["function", "rendreLivre", true],
        ["function", "annoterLivre", true],
      ],
    );
    const { parameters } = strict[0].function;
    assert.equal(parameters.required, Object.keys(parameters.properties), "every property required");
    assert.is(parameters.additionalProperties, false);
    assert.equal(parameters.properties.limite.type, ["integer", "null"]);
    const openapi = await (await fetch(`${base}/outils?target=gemini-openapi`)).json();
    assert.ok(openapi.every((t) => t.parameters && !JSON.stringify(t.parameters).includes("additionalProperties")));
    const anthropic = await (await fetch(`${base}/outils?target=anthropic-strict`)).json();
    assert.ok(anthropic.every((t) => t.strict === true && t.input_schema.additionalProperties === false));
    const unknown = await fetch(`${base}/outils?target=cohere`);
    assert.is(unknown.status, 400);
    assert.match((await unknown.json()).error, /no target 'cohere'; try mcp, openai, openai-strict/);
  });

  test("GET /outils lists the four tools with the schemas read off the functions", async () => {
    const response = await fetch(`${base}/outils`);
    assert.is(response.status, 200);
    assert.match(response.headers.get("content-type"), /application\/json/);
    const tools = await response.json();
    assert.equal(
      tools.map((t) => t.name),
      ["rechercherLivres", "emprunterLivre", "rendreLivre", "annoterLivre"],
    );
    const [search, borrow, giveBack] = tools;
    assert.equal(search.inputSchema.properties.limite, {
      type: "integer",
      minimum: 1,
      maximum: 100,
      description: "How many books to return at most",
      default: 20,
    });
    assert.is(search.inputSchema.properties.langue.pattern, "^[a-z]{2}$");
    assert.equal(search.inputSchema.required, ["mots"]);
    assert.is(search.outputSchema.type, "object");
    assert.is(search.description, "Searches the catalogue by words of the title or the author's name.");
    assert.equal(borrow.inputSchema.required, ["isbn", "lecteur"]);
    // MCP's title and hints, from the functions' JSDoc (@title, @readOnly, @destructive false, @closedWorld).
    assert.equal([search.title, search.annotations], ["Search the catalogue", { readOnlyHint: true, openWorldHint: false }]);
    assert.equal([borrow.title, borrow.annotations], ["Borrow a book", { destructiveHint: false, openWorldHint: false }]);
    assert.equal([giveBack.title, giveBack.inputSchema.required], ["Return a book", ["isbn", "lecteur"]]);
    for (const tool of tools) {
      assert.equal(
        Object.keys(tool).filter((k) => !["name", "title", "description", "inputSchema", "outputSchema", "annotations"].includes(k)),
        [],
      );
      for (const schema of [tool.inputSchema, tool.outputSchema].filter(Boolean)) assert.ok(ajv.validateSchema(schema), ajv.errorsText());
    }
  });

  for (const [label, make] of Object.entries(clients)) {
    test(`${label}: tools/list, a valid call, an invalid call, an unknown tool`, async () => {
      const [client, transport] = make();
      await client.connect(transport);
      try {
        const { tools } = await client.listTools();
        const listed = await (await fetch(`${base}/outils`)).json();
        assert.equal(
          tools.map(({ name, title, description, inputSchema, outputSchema, annotations }) => ({
            name,
            title,
            description,
            inputSchema,
            ...(outputSchema ? { outputSchema } : {}),
            annotations,
          })),
          listed,
        );

        const found = await client.callTool({ name: "rechercherLivres", arguments: { mots: "océan", langue: "fr", limite: 3 } });
        assert.not.ok(found.isError, JSON.stringify(found));
        const validate = ajv.compile(tools[0].outputSchema);
        assert.ok(validate(found.structuredContent), ajv.errorsText(validate.errors));
        // The catalogue is made the same at every start: six French books of the ocean, the first three returned.
        assert.is(found.structuredContent.total, 6);
        assert.equal(
          found.structuredContent.livres.map((livre) => [livre.titre, livre.langue]),
          [
            ["Carnet de l'océan", "fr"],
            ["Atlas de l'océan", "fr"],
            ["Chroniques de l'océan", "fr"],
          ],
        );
        assert.equal(JSON.parse(found.content[0].text), found.structuredContent);

        const refused = await client.callTool({ name: "rechercherLivres", arguments: { mots: "océan", langue: "FRA", limite: 500 } });
        assert.is(refused.isError, true);
        assert.is(refused.content[0].text, 'Invalid arguments:\n- /langue must match ^[a-z]{2}$, got "FRA"\n- /limite must be <= 100, got 500');

        const unknown = await client.callTool({ name: "reserverSalle", arguments: {} }).then(
          (result) => ({ result }),
          (error) => ({ error }),
        );
        assert.ok(unknown.error, `an unknown tool is a protocol error, got ${JSON.stringify(unknown.result)}`);
        assert.is(unknown.error.code, -32602);
        assert.match(unknown.error.message, /Unknown tool: reserverSalle/);
      } finally {
        await client.close();
      }
    });
  }

  test("one reader card holds 5 books at once, said as the model can act on it; rendreLivre gives one back", async () => {
    const [client, transport] = clients["MCP SDK v2 client over Streamable HTTP"]();
    await client.connect(transport);
    try {
      const { structuredContent } = await client.callTool({ name: "rechercherLivres", arguments: { mots: "forêt", limite: 7 } });
      const isbns = structuredContent.livres.map((livre) => livre.isbn);
      const borrow = (isbn) => client.callTool({ name: "emprunterLivre", arguments: { isbn, lecteur: "L555555" } });
      for (const isbn of isbns.slice(0, 5)) assert.not.ok((await borrow(isbn)).isError, isbn);
      const sixth = await borrow(isbns[5]);
      assert.is(sixth.isError, true);
      assert.is(
        sixth.content[0].text,
        "emprunterLivre failed: the reader L555555 already has 5 books out, the most a card takes; return one with rendreLivre first",
      );
      const notTheirs = await client.callTool({ name: "rendreLivre", arguments: { isbn: isbns[0], lecteur: "L666666" } });
      assert.match(notTheirs.content[0].text, /is on loan to another reader; only its reader returns it/);
      const returned = await client.callTool({ name: "rendreLivre", arguments: { isbn: isbns[0], lecteur: "L555555" } });
      assert.equal(returned.structuredContent, { isbn: isbns[0], rendu: true });
      assert.not.ok((await borrow(isbns[5])).isError, "a card with room takes a book again");
      const twice = await client.callTool({ name: "rendreLivre", arguments: { isbn: isbns[0], lecteur: "L555555" } });
      assert.match(twice.content[0].text, /is not on loan; nothing to return/);
    } finally {
      await client.close();
    }
  });

  test("annoterLivre is a patch: what the model did not send is kept, null clears, over MCP", async () => {
    const [client, transport] = clients["MCP SDK v1 client over Streamable HTTP"]();
    await client.connect(transport);
    try {
      const { structuredContent } = await client.callTool({ name: "rechercherLivres", arguments: { mots: "carnet" } });
      const isbn = structuredContent.livres[0].isbn;
      const annotate = async (changement) => (await client.callTool({ name: "annoterLivre", arguments: { isbn, changement } })).structuredContent;
      assert.equal(await annotate({ note: "signed by the author", etiquettes: ["nouveauté"] }), {
        isbn,
        note: "signed by the author",
        etiquettes: ["nouveauté"],
      });
      // Only the labels sent: the note stays (before, a missing `note?: string | null` came as null and cleared it).
      assert.equal(await annotate({ etiquettes: ["jeunesse"] }), { isbn, note: "signed by the author", etiquettes: ["jeunesse"] });
      assert.equal(await annotate({}), { isbn, note: "signed by the author", etiquettes: ["jeunesse"] });
      assert.equal(await annotate({ note: null }), { isbn, etiquettes: ["jeunesse"] });
      // The output schema requires what the function always returns.
      const { tools } = await client.listTools();
      assert.equal(tools.find((tool) => tool.name === "annoterLivre").outputSchema.required, ["isbn"]);
    } finally {
      await client.close();
    }
  });

  test("annoterLivre (coerce: true) repairs a patch sent as JSON text, says what it repaired in _meta and in the log, over MCP", async () => {
    const [client, transport] = clients["MCP SDK v2 client over Streamable HTTP"]();
    await client.connect(transport);
    try {
      const { structuredContent } = await client.callTool({ name: "rechercherLivres", arguments: { mots: "carnet" } });
      const isbn = structuredContent.livres[1].isbn;
      const sent = JSON.stringify({ etiquettes: ["atlas"] });
      const repaired = await client.callTool({ name: "annoterLivre", arguments: { isbn, changement: sent } });
      assert.not.ok(repaired.isError, JSON.stringify(repaired));
      assert.equal(repaired.structuredContent, { isbn, etiquettes: ["atlas"] });
      assert.equal(repaired._meta["schemaof/coerced"], [
        { pointer: "/changement", path: ["changement"], rule: "json-text", from: sent, to: { etiquettes: ["atlas"] } },
      ]);
      assert.match(server.output(), /note: tools\/call annoterLivre: arguments repaired: \/changement json-text/);
      // A look-alike is refused as before: the plain check's issue, nothing repaired into something else.
      const truncated = await client.callTool({ name: "annoterLivre", arguments: { isbn, changement: '{"etiquettes": ["atlas"' } });
      assert.is(truncated.isError, true);
      assert.match(truncated.content[0].text, /\/changement must be object, got string .*: send the object itself, not JSON text/);
      assert.is(truncated._meta?.["schemaof/coerced"], undefined);
      // A tool built without coerce repairs nothing.
      const strict = await client.callTool({ name: "emprunterLivre", arguments: { isbn, lecteur: "L000042", jours: "7" } });
      assert.is(strict.isError, true);
      assert.match(strict.content[0].text, /\/jours must be integer, got string "7"/);
    } finally {
      await client.close();
    }
  });

  test("emprunterLivre: a loan, then the same book again and an unknown ISBN come back as tool errors", async () => {
    const [client, transport] = clients["MCP SDK v1 client over Streamable HTTP"]();
    await client.connect(transport);
    try {
      const { structuredContent } = await client.callTool({ name: "rechercherLivres", arguments: { mots: "atlas" } });
      const isbn = structuredContent.livres[0].isbn;
      const loan = await client.callTool({ name: "emprunterLivre", arguments: { isbn, lecteur: "L000042", jours: 7 } });
      assert.not.ok(loan.isError, JSON.stringify(loan));
      assert.equal({ ...loan.structuredContent, retour: undefined }, { isbn, titre: structuredContent.livres[0].titre, lecteur: "L000042", retour: undefined });
      assert.match(loan.structuredContent.retour, /^\d{4}-\d{2}-\d{2}$/);
      const again = await client.callTool({ name: "emprunterLivre", arguments: { isbn, lecteur: "L000043" } });
      assert.is(again.isError, true);
      assert.match(again.content[0].text, /^emprunterLivre failed: ".+" is on loan until \d{4}-\d{2}-\d{2}$/);
      const unknown = await client.callTool({ name: "emprunterLivre", arguments: { isbn: "9780000000000", lecteur: "L000042" } });
      assert.is(unknown.isError, true);
      assert.match(unknown.content[0].text, /no book has the ISBN 9780000000000/);
      const after = await client.callTool({ name: "rechercherLivres", arguments: { mots: "atlas" } });
      assert.is(after.structuredContent.livres.find((l) => l.isbn === isbn).disponible, false);
    } finally {
      await client.close();
    }
  });

  test("@modelcontextprotocol/inspector-cli lists and calls the tools over Streamable HTTP and stdio", async () => {
    const http = [`${base}/mcp`, "--transport", "http"];
    assert.equal(
      (await inspector(...http, "--method", "tools/list")).tools.map((t) => t.name),
      ["rechercherLivres", "emprunterLivre", "rendreLivre", "annoterLivre"],
    );
    const found = await inspector(...http, "--method", "tools/call", "--tool-name", "rechercherLivres", "--tool-arg", "mots=océan", "--tool-arg", "limite=2");
    assert.equal(
      found.structuredContent.livres.map((livre) => livre.titre),
      ["Le livre de l'océan", "Histoire de l'océan"],
    );
    const refused = await inspector(
      ...http,
      "--method",
      "tools/call",
      "--tool-name",
      "rechercherLivres",
      "--tool-arg",
      "mots=océan",
      "--tool-arg",
      "limite=500",
    );
    assert.equal(refused, { content: [{ type: "text", text: "Invalid arguments:\n- /limite must be <= 100, got 500" }], isError: true });
    const stdio = [process.execPath, ...stdioArgs()];
    assert.equal(
      (await inspector(...stdio, "--method", "tools/list")).tools.map((t) => t.name),
      ["rechercherLivres", "emprunterLivre", "rendreLivre", "annoterLivre"],
    );
    const garden = (await inspector(...stdio, "--method", "tools/call", "--tool-name", "rechercherLivres", "--tool-arg", "mots=jardin")).structuredContent;
    // 20 books of the garden (ten forms, in two volumes), all returned at the default limit of 20.
    assert.is(garden.total, 20);
    assert.is(garden.livres.length, 20);
    assert.ok(
      garden.livres.every((livre) => livre.titre.includes("du jardin")),
      JSON.stringify(garden.livres.map((livre) => livre.titre)),
    );
  });

  test.run();
}

let copy;
clientTests("built with schemaof build, TypeScript 7.0", () => exampleDir);
clientTests("built with tspc, TypeScript 5.9 + ts-patch", () => (copy ??= tspcCopy()).dir);
clientTests("run from its sources: node --import @schemaof/transformer/register --import tsx", () => exampleDir, true);

let server;
let base;
test.before(async () => {
  server = startServer();
  base = await server.url;
});
test.after(() => {
  copy?.dispose();
  return server.stop();
});

const post = (body, headers = {}) =>
  fetch(`${base}/mcp`, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers }, body });
const call = (id, args) => JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "rechercherLivres", arguments: args } });

test("the 'try it' command the server prints works as written, from the repository root", async () => {
  // The banner's lines may arrive after the one the start waited for.
  for (let i = 0; i < 100 && !/try it:.*\n/.test(server.output()); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  const command = /try it:\s+(.+?)\s{3}\(from the repository root/.exec(server.output())?.[1];
  assert.ok(command, server.output());
  const { stdout } = await run("sh", ["-c", command], { cwd: join(exampleDir, "..", ".."), encoding: "utf8", timeout: 120_000 });
  assert.match(stdout, /tools\/list: rechercherLivres, emprunterLivre/);
  assert.match(stdout, /"titre":/);
  assert.match(stdout, /\/limite must be <= 100, got 500/);
});

test("it listens on 127.0.0.1 only: another address of this machine is refused", async () => {
  assert.match(base, /^http:\/\/127\.0\.0\.1:\d+$/);
  const port = Number(new URL(base).port);
  // A non-loopback address of this machine if it has one, else IPv6's loopback, which a server on every interface answers too.
  const other =
    Object.values(networkInterfaces())
      .flat()
      .find((address) => address && !address.internal && address.family === "IPv4")?.address ?? "::1";
  const reached = await new Promise((resolve) => {
    const socket = connect({ host: other, port }, () => (socket.destroy(), resolve(true)));
    socket.on("error", () => resolve(false));
  });
  assert.is(reached, false, `${other}:${port} answered`);
});

test("the server survives bad traffic: malformed JSON, a 10 MB and a 3 MB argument, 1,000 concurrent calls", async () => {
  const malformed = await post('{"jsonrpc":"2.0","id":1,"method":');
  assert.is(malformed.status, 400);
  assert.is((await malformed.json()).error.code, -32700);

  // Over the 4 MB body cap: answered, and the client reads the answer.
  const huge = await post(call(2, { mots: "x".repeat(10 * 1024 * 1024) }));
  assert.is(huge.status, 413);
  assert.equal((await huge.json()).error, { code: -32600, message: "Request too large: at most 4194304 bytes" });
  const large = await post(call(2, { mots: "x".repeat(3 * 1024 * 1024) }));
  assert.is(large.status, 200);
  const largeAnswer = await large.json();
  assert.is(largeAnswer.result.isError, true);
  assert.match(largeAnswer.result.content[0].text, /^Invalid arguments:\n- \/mots must have at most 200 characters, got 3145728$/);

  const answers = await Promise.all(
    Array.from({ length: 1000 }, (_, i) =>
      post(call(i, i % 10 === 0 ? { mots: "", limite: 0 } : { mots: "voyage", limite: 1 + (i % 5) })).then(async (response) => ({
        status: response.status,
        body: await response.json(),
      })),
    ),
  );
  assert.ok(
    answers.every((a) => a.status === 200),
    `every request answered: ${JSON.stringify(answers.find((a) => a.status !== 200))}`,
  );
  answers.forEach(({ body }, i) => {
    assert.is(body.id, i);
    if (i % 10 === 0) assert.is(body.result.isError, true);
    else assert.is(body.result.structuredContent.livres.length, 1 + (i % 5));
  });

  const still = await fetch(`${base}/outils`);
  assert.is(still.status, 200);
  assert.is((await still.json()).length, 4);
  assert.ok(server.child.exitCode === null, "the server is still running");
});

test("change a parameter's type, rebuild: GET /outils and tools/list change with it, no schema edited", async () => {
  // A copy of the example, edited as a developer would edit it: limite now goes to 50, and a new
  // optional parameter says which century.
  const edited = mkdtempSync(join(exampleDir, "..", ".edited-"));
  try {
    for (const entry of ["src", "tsconfig.json", "package.json"]) cpSync(join(exampleDir, entry), join(edited, entry), { recursive: true });
    symlinkSync(join(exampleDir, "node_modules"), join(edited, "node_modules"));
    const file = join(edited, "src", "outils.ts");
    const source = readFileSync(file, "utf8");
    const editedSource = source
      .replace(
        "limite: Integer & Minimum<1> & Maximum<100> = 20,",
        "limite: Integer & Minimum<1> & Maximum<50> = 20,\n  siecle?: Integer & Minimum<15> & Maximum<21>,",
      )
      .replace(
        " * @param limite How many books to return at most",
        " * @param limite How many books to return at most\n * @param siecle Only books of this century",
      );
    assert.is.not(editedSource, source);
    writeFileSync(file, editedSource);
    const changed = startServer(edited);
    try {
      const url = await changed.url;
      const [search] = await (await fetch(`${url}/outils`)).json();
      assert.is(search.inputSchema.properties.limite.maximum, 50);
      assert.equal(search.inputSchema.properties.siecle, { type: "integer", minimum: 15, maximum: 21, description: "Only books of this century" });
      const client = new ClientV1({ name: "e2e", version: "1.0.0" });
      await client.connect(new HttpV1(new URL(`${url}/mcp`)));
      try {
        const { tools } = await client.listTools();
        assert.equal(tools[0].inputSchema, search.inputSchema);
        const refused = await client.callTool({ name: "rechercherLivres", arguments: { mots: "océan", limite: 80 } });
        assert.is(refused.content[0].text, "Invalid arguments:\n- /limite must be <= 50, got 80");
      } finally {
        await client.close();
      }
    } finally {
      await changed.stop();
    }
  } finally {
    rmSync(edited, { recursive: true, force: true });
  }
});

test.run();
