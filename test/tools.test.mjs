// toolOf(fn) and standardSchemaOf<T>() through the real transformer, the provider adapters, and the
// standard object plugged into MCP SDK v2's registerTool and the AI SDK's tool().
import { test } from "uvu";
import * as assert from "uvu/assert";
import { McpServer, InMemoryTransport } from "@modelcontextprotocol/server";
import { Client } from "@modelcontextprotocol/client";
import { tool as aiTool, asSchema, generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { openAITool, anthropicTool } from "@schemaof/runtime";
import * as runtimeModule from "@schemaof/runtime";
import { compilers } from "./lib/compilers.mjs";
import { compileSources } from "./lib/scratch.mjs";
import { build } from "esbuild";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

const LIBRARY = `
import { toolOf, standardSchemaOf, type Integer, type Minimum, type Maximum, type Pattern } from "@schemaof/runtime";

export interface Book { isbn: string; title: string }

/**
 * Finds books by words of their title.
 * @param words What to look for
 * @param limit How many books at most
 */
export async function findBooks(words: string, limit: Integer & Minimum<1> & Maximum<100> = 10): Promise<{ books: Book[]; total: number }> {
  const books = [{ isbn: "9780000000001", title: words }];
  return { books: books.slice(0, limit), total: books.length };
}

/** Says hello. */
export const greet = (name: string): string => \`hello \${name}\`;

export function forget(id: string): void {}

export function explode(reason: string): never { throw new Error(reason); }

export function count(n: number): bigint { return BigInt(n); }

export class Shelf {
  private readonly label = "shelf";
  /** Names the shelf a book is on. */
  locate(isbn: string & Pattern<"^97[89][0-9]{10}$">): string { return \`\${isbn} is on the \${this.label}\`; }
}
const shelf = new Shelf();

export const tools = {
  findBooks: toolOf(findBooks),
  greet: toolOf(greet),
  forget: toolOf(forget),
  explode: toolOf(explode),
  count: toolOf(count),
  locate: toolOf(shelf.locate),
  renamed: toolOf(findBooks, { name: "search_books", description: "Searches the catalogue." }),
};
/** A tool made later, from the same hoisted plan as tools.findBooks. */
export const findBooksAgain = () => toolOf(findBooks);

export interface SearchInput { query: string; limit?: Integer & Minimum<1> & Maximum<100>; since?: Date; pair?: [string, number] }
export const searchInput = standardSchemaOf<SearchInput>();
`;

for (const { label, ts } of compilers) {
  test(`toolOf reads the name, summary, parameters and result of a function (${label})`, () => {
    const out = compileSources(ts, { "library.ts": LIBRARY })["library.ts"];
    assert.is(out.diagnostics, "");
    assert.is(out.typeErrors, "");
    const { tools } = out.run();
    assert.equal(JSON.parse(JSON.stringify(tools.findBooks)), {
      name: "findBooks",
      description: "Finds books by words of their title.",
      inputSchema: {
        type: "object",
        properties: {
          words: { type: "string", description: "What to look for" },
          limit: { type: "integer", minimum: 1, maximum: 100, description: "How many books at most", default: 10 },
        },
        required: ["words"],
      },
      outputSchema: {
        type: "object",
        properties: {
          books: { type: "array", items: { type: "object", properties: { isbn: { type: "string" }, title: { type: "string" } }, required: ["isbn", "title"] } },
          total: { type: "number" },
        },
        required: ["books", "total"],
      },
    });
    assert.equal(JSON.parse(JSON.stringify(tools.greet)), {
      name: "greet",
      description: "Says hello.",
      inputSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
    });
    assert.is(tools.locate.name, "locate");
    assert.is(tools.locate.description, "Names the shelf a book is on.");
    assert.equal(tools.locate.inputSchema.properties.isbn, { type: "string", pattern: "^97[89][0-9]{10}$" });
    assert.is(tools.renamed.name, "search_books");
    assert.is(tools.renamed.description, "Searches the catalogue.");
    assert.is(tools.forget.outputSchema, undefined);
  });
}

/** The library compiled once by the first compiler; each test runs its own instance of it. */
let compiledLibrary;
const library = () => (compiledLibrary ??= compileSources(compilers[0].ts, { "library.ts": LIBRARY })["library.ts"]);

test("a tool's call answers as MCP's tools/call does", async () => {
  const { tools } = library().run();
  const found = await tools.findBooks.call({ words: "dune" });
  assert.equal(found, {
    content: [{ type: "text", text: '{"books":[{"isbn":"9780000000001","title":"dune"}],"total":1}' }],
    structuredContent: { books: [{ isbn: "9780000000001", title: "dune" }], total: 1 },
  });
  assert.equal(await tools.findBooks.call({ words: 3, limit: 0 }), {
    content: [{ type: "text", text: "Invalid arguments:\n- /words must be string, got integer 3\n- /limit must be >= 1, got 0" }],
    isError: true,
  });
  assert.equal(await tools.findBooks.call(undefined), {
    content: [{ type: "text", text: "Invalid arguments:\n- /words required, expected string" }],
    isError: true,
  });
  assert.equal(await tools.greet.call({ name: "Ada" }), { content: [{ type: "text", text: "hello Ada" }] });
  assert.equal(await tools.forget.call({ id: "x" }), { content: [] });
  // The function's own failure is a result the model reads, never a rejected promise.
  assert.equal(await tools.explode.call({ reason: "the shelf fell" }), { content: [{ type: "text", text: "explode failed: the shelf fell" }], isError: true });
  // A result JSON cannot carry is an error result too, not a rejected promise.
  assert.equal(await tools.count.call({ n: 3 }), { content: [{ type: "text", text: "count failed: Do not know how to serialize a BigInt" }], isError: true });
  // A method keeps its `this`.
  assert.equal(await tools.locate.call({ isbn: "9780000000001" }), { content: [{ type: "text", text: "9780000000001 is on the shelf" }] });
});

test("a tool made after its plan has been used validates the arguments object, not the argument tuple", async () => {
  const { tools, findBooksAgain } = library().run();
  await tools.findBooks.call({ words: "dune" });
  assert.equal(findBooksAgain()["~standard"].validate({ words: "dune" }), { value: { words: "dune", limit: 10 } });
  assert.equal(tools.findBooks["~standard"].validate({ words: "dune" }), { value: { words: "dune", limit: 10 } });
});

test("toolOf: what cannot be a tool is a compile-time error at the call", () => {
  const out = compileSources(compilers[0].ts, {
    "bad.ts": `import { toolOf } from "@schemaof/runtime";
declare const value: any;
export const notAFunction = toolOf(value);
const pick = (n: number) => (n > 0 ? (a: string) => a : (b: string) => b);
export const unnamed = toolOf(pick(1));
export const named = toolOf(pick(1), { name: "pick_one" });
export const fileResult = toolOf((name: string): { file: Blob } => ({ file: new Blob([name]) }), { name: "make_file" });
export const fileArgument = toolOf(function upload(file: Blob) {});
`,
  })["bad.ts"];
  const lines = out.diagnostics.split("\n").filter(Boolean);
  assert.equal(lines, [
    "bad.ts(3,36): error TS99014: 'value' cannot be made a tool.",
    "  toolOf takes a function, and this value cannot be called.",
    "bad.ts(5,31): error TS99014: 'pick(1)' cannot be made a tool.",
    '  the tool\'s name cannot be read off this expression; pass one: toolOf(fn, { name: "search_books" }).',
    "bad.ts(7,34): error TS99001: 'Awaited<ReturnType<typeof (name: string): { file: Blob } => ({ file: new Blob([name]) })>>' holds values that JSON tool arguments cannot carry.",
    "  file: 'Blob': JSON cannot carry binary data; take a URL or a base64 string instead.",
    "bad.ts(8,36): error TS99001: 'function upload(file: Blob) {}' holds values that JSON tool arguments cannot carry.",
    "  file: 'Blob': JSON cannot carry binary data; take a URL or a base64 string instead.",
  ]);
});

test("the OpenAI and Anthropic tool entries carry the compiled schema", () => {
  const { tools } = library().run();
  assert.equal(openAITool(tools.greet), { type: "function", function: { name: "greet", description: "Says hello.", parameters: tools.greet.inputSchema } });
  assert.equal(anthropicTool(tools.greet), { name: "greet", description: "Says hello.", input_schema: tools.greet.inputSchema });
  assert.equal(anthropicTool(tools.forget), { name: "forget", input_schema: tools.forget.inputSchema });
});

test("standardSchemaOf<T>() is a Standard Schema V1 and a Standard JSON Schema V1", () => {
  const { searchInput } = library().run();
  const std = searchInput["~standard"];
  assert.is(std.version, 1);
  assert.is(std.vendor, "schemaof");
  const good = std.validate({ query: "dune", since: "2026-11-30T10:00:00Z", extra: 1 });
  assert.equal(Object.keys(good.value), ["query", "since"]);
  assert.ok(good.value.since instanceof Date, "mapped as mapArgs maps");
  const bad = std.validate({ query: 1, limit: 500 });
  // An SDK prints the path before the message (`query: must be …`): the message does not repeat it.
  assert.equal(
    bad.issues.map((i) => [i.path, i.pointer, i.message]),
    [
      [["query"], "/query", "must be string, got integer 1"],
      [["limit"], "/limit", "must be <= 100, got 500"],
    ],
  );
  const draft2020 = std.jsonSchema.input({ target: "draft-2020-12" });
  assert.equal(draft2020.properties.pair, { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], items: false, minItems: 2, maxItems: 2 });
  assert.equal(std.jsonSchema.output(), draft2020);
  const draft07 = std.jsonSchema.input({ target: "draft-07" });
  assert.equal(draft07.properties.pair, { type: "array", items: [{ type: "string" }, { type: "number" }], additionalItems: false, minItems: 2, maxItems: 2 });
  assert.throws(() => std.jsonSchema.input({ target: "openapi-3.0" }), /draft-2020-12 or draft-07, not 'openapi-3.0'/);
});

test("MCP SDK v2: registerTool takes the standard object, and a v2 client calls the tool", async () => {
  const { searchInput, tools } = library().run();
  const server = new McpServer({ name: "library", version: "1.0.0" });
  const received = [];
  server.registerTool("search", { description: "Searches.", inputSchema: searchInput }, async (args) => {
    received.push(args);
    return { content: [{ type: "text", text: `found ${args.query}` }] };
  });
  // A tool object is a Standard Schema of its arguments too.
  server.registerTool("find_books", { description: tools.findBooks.description, inputSchema: tools.findBooks }, async (args) => tools.findBooks.call(args));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(clientSide);
  try {
    const { tools: listed } = await client.listTools();
    assert.equal(listed[0].inputSchema, searchInput["~standard"].jsonSchema.input({ target: "draft-2020-12" }));
    assert.equal(listed[1].inputSchema, tools.findBooks.inputSchema);

    const ok = await client.callTool({ name: "search", arguments: { query: "dune", since: "2026-11-30T10:00:00Z" } });
    assert.equal(ok.content, [{ type: "text", text: "found dune" }]);
    assert.ok(received[0].since instanceof Date, "the handler gets the mapped value");

    const refused = await client.callTool({ name: "search", arguments: { query: 1, limit: 500 } });
    assert.is(refused.isError, true);
    // The SDK prints each issue's path, then its message: the pointer once.
    assert.match(refused.content[0].text, /query: must be string, got integer 1, limit: must be <= 100, got 500/);

    const books = await client.callTool({ name: "find_books", arguments: { words: "dune", limit: 1 } });
    assert.equal(books.content, [{ type: "text", text: '{"books":[{"isbn":"9780000000001","title":"dune"}],"total":1}' }]);
  } finally {
    await client.close();
  }
});

test("AI SDK: tool() takes the standard object; its validation accepts good input and rejects bad input", async () => {
  const { searchInput } = library().run();
  const executed = [];
  const search = aiTool({ description: "Searches.", inputSchema: searchInput, execute: async (input) => (executed.push(input), `found ${input.query}`) });
  const schema = asSchema(search.inputSchema);
  const json = await schema.jsonSchema;
  assert.equal(json.properties.limit, { type: "integer", minimum: 1, maximum: 100 });
  assert.equal(json.required, ["query"]);
  assert.equal(await schema.validate({ query: "dune" }), { success: true, value: { query: "dune" } });
  const bad = await schema.validate({ query: 1 });
  assert.is(bad.success, false);
  assert.equal(
    bad.error.cause.map((i) => [i.path, i.message]),
    [[["query"], "must be string, got integer 1"]],
  );

  // And through a whole generateText step, with a mock model that calls the tool twice, once wrongly.
  const calls = [
    { type: "tool-call", toolCallId: "1", toolName: "search", input: JSON.stringify({ query: "dune", limit: 5 }) },
    { type: "tool-call", toolCallId: "2", toolName: "search", input: JSON.stringify({ query: "dune", limit: 500 }) },
  ];
  const model = new MockLanguageModelV3({
    doGenerate: async () => ({
      content: calls,
      finishReason: { unified: "tool-calls", raw: "tool_calls" },
      usage: { inputTokens: { total: 1 }, outputTokens: { total: 1 } },
      warnings: [],
    }),
  });
  const result = await generateText({ model, tools: { search }, prompt: "find dune", stopWhen: stepCountIs(1) });
  assert.equal(executed.slice(-1), [{ query: "dune", limit: 5 }]);
  const errors = result.content.filter((part) => part.type === "tool-error");
  assert.is(errors.length, 1);
  // The AI SDK shows the model each issue whole: its path and pointer, and the message.
  assert.match(String(errors[0].error), /"pointer":"\/limit","keyword":"maximum","message":"must be <= 100, got 500"/);
});

const TARGETED = `
import { toolOf, type Integer, type Minimum } from "@schemaof/runtime";
/** Lends a book. */
export function lend(isbn: string, days?: Integer & Minimum<1>) { return { isbn, days: days ?? 14 }; }
export const plain = toolOf(lend);
export const targeted = toolOf(lend, { target: ["openai-strict", "anthropic-strict", "gemini-openapi", "gemini"] });
export function tally(scores: Record<string, number>) { return Object.keys(scores).length; }
export const refused = toolOf(tally, { target: "openai-strict" });
`;

for (const { label, ts } of compilers) {
  test(`toolOf(fn, { target }) carries each provider's schema, written at compile time; the adapters take theirs (${label})`, async () => {
    const { toTarget } = await import("@schemaof/transformer/stages");
    const { openAITool, anthropicTool, geminiTool } = await import("@schemaof/runtime");
    const out = compileSources(ts, { "targeted.ts": TARGETED })["targeted.ts"];
    assert.is(out.typeErrors, "");
    assert.match(out.diagnostics, /targeted\.ts\(8,\d+\): error TS99019: .*\n {2}scores: is a map of keys to values .*which openai-strict cannot take/);
    const { plain, targeted } = out.run({
      "@schemaof/runtime": { ...runtimeModule, toolOf: (fn, options, meta, self) => (meta ? runtimeModule.toolOf(fn, options, meta, self) : undefined) },
    });
    const strict = openAITool(targeted, { strict: true });
    assert.equal(strict.function.parameters, toTarget(targeted.inputSchema, "openai-strict").schema);
    assert.is(strict.function.strict, true);
    assert.equal(strict.function.parameters.required, ["isbn", "days"], "every property required under strict");
    assert.equal(anthropicTool(targeted, { strict: true }).input_schema.properties.days, { type: "integer", description: "at least 1" });
    assert.equal(geminiTool(targeted, { openapi: true }).parameters, toTarget(targeted.inputSchema, "gemini-openapi").schema);
    assert.equal(geminiTool(targeted), { name: "lend", description: "Lends a book.", parametersJsonSchema: toTarget(targeted.inputSchema, "gemini").schema });
    assert.equal(JSON.parse(JSON.stringify(targeted)), JSON.parse(JSON.stringify(plain)), "the tool's own definition (MCP) is unchanged");
    assert.equal(openAITool(plain).function.parameters, plain.inputSchema, "a plain tool gives the MCP schema as before");
    assert.throws(() => openAITool(plain, { strict: true }), /has no schema for openai-strict: build it with toolOf\(fn, \{ target: "openai-strict" \}\)/);
  });
}

const WIRE = `
import { toolOf } from "@schemaof/runtime";
interface Filter { genre?: string; year?: number | null }
type By = { isbn: string; edition?: number } | { title: string; year?: number };
export function find(words: string, limit?: number, filter?: Filter, by?: By) { return { words, limit: limit ?? 10, filter: filter ?? {}, by }; }
export const finder = toolOf(find, { target: "openai-strict" });
`;

test("under openai-strict a null for an optional property is that property left out, at any depth; issues speak of the type", async () => {
  const out = compileSources(compilers[0].ts, { "wire.ts": WIRE })["wire.ts"];
  assert.is(out.diagnostics, "");
  const { finder } = out.run();
  const sent = { words: "dune", limit: null, filter: { genre: null, year: null }, by: { title: "Dune", year: null } };
  const strict = await finder.call(sent, { target: "openai-strict" });
  assert.equal(
    strict.structuredContent,
    { words: "dune", limit: 10, filter: { year: null }, by: { title: "Dune" } },
    "limit, genre and a union member's year absent; the filter's year keeps its own null",
  );
  assert.equal(sent, { words: "dune", limit: null, filter: { genre: null, year: null }, by: { title: "Dune", year: null } }, "the arguments are not changed");
  const plain = await finder.call(sent);
  assert.ok(plain.isError, "without the target, null is no number");
  // Was "/limit must be number, got null": the model is told what to do instead.
  assert.match(plain.content[0].text, /\/limit is optional and takes no null: leave it out instead/);
  const wrong = await finder.call({ words: null }, { target: "openai-strict" });
  assert.match(wrong.content[0].text, /\/words must be string, got null/, "a required property's null is still refused, in the type's words");
});

const LOOP = `
import { toolOf, mapArgs } from "@schemaof/runtime";
/** Creates an issue. */
export function createIssue(title: string, labels?: string[]) { return { id: "ISS-4", title, labels: labels ?? [] }; }
export interface Comment { text: string; replies: Comment[] }
export function addComment(comment: Comment) { return { id: "C-1" }; }
export const strict = toolOf(createIssue);
export const lenient = toolOf(createIssue, { unknownKeys: "drop" });
export const threaded = toolOf(addComment, { refs: true, additionalProperties: false });
export const check = (args: unknown) => mapArgs<{ title: string }>(args);
const config = { refs: true };
export const hidden = toolOf(addComment, config);
export const wrongTarget = (args: unknown) => strict.call(args, { target: "openai-strict" });
export const rightTarget = (args: unknown) => strict.call(args, { target: "mcp" });
export function getIssue(id: string): { id: string; body: string | null; due?: string } { return { id, body: null }; }
export const fetched = toolOf(getIssue);
interface Labels { labels?: string[] }
export function label(id: string): { id: string } & Labels { return { id }; }
export const labelled = toolOf(label);
`;

test('a tool refuses keys its function does not declare, naming the allowed ones; unknownKeys: "drop" keeps the old way', async () => {
  const out = compileSources(compilers[0].ts, { "loop.ts": LOOP })["loop.ts"];
  assert.is(out.typeErrors, "", "every option a diagnostic names is one toolOf takes");
  const lines = out.diagnostics.split("\n").filter(Boolean);
  assert.equal(lines, [
    "loop.ts(12,42): error TS99007: The options of 'toolOf(addComment)' must be an object literal of constant values.",
    "  write 'refs' in toolOf's options literal, e.g. toolOf(fn, { refs: … }): the tool's schemas are written for it at compile time.",
    "loop.ts(13,65): error TS99019: 'strict.call' cannot be written as the schema this provider accepts.",
    '  the tool is built for "mcp", so a model shown openai-strict\'s schema was shown one this tool never wrote; build it for that target too: toolOf(createIssue, { target: "openai-strict" }).',
  ]);
  const { strict, lenient, threaded, check, fetched, labelled } = out.run({
    "@schemaof/runtime": { ...runtimeModule, toolOf: (fn, options, meta, self) => (meta ? runtimeModule.toolOf(fn, options, meta, self) : undefined) },
  });
  const sent = { title: "Login fails", milestone: "v1" };
  // Before: "Created" with the milestone silently gone; the model believed it set one.
  assert.equal(await strict.call(sent), {
    content: [{ type: "text", text: 'Invalid arguments:\n- /milestone is not allowed; allowed keys: "title", "labels"' }],
    isError: true,
  });
  assert.equal(
    strict["~standard"].validate(sent).issues.map((issue) => issue.message),
    ['is not allowed; allowed keys: "title", "labels"'],
    "an SDK validating through the tool refuses them too",
  );
  assert.equal((await lenient.call(sent)).structuredContent, { id: "ISS-4", title: "Login fails", labels: [] });
  assert.equal(check(sent), { title: "Login fails" }, "mapArgs still drops them unless asked");
  // A result always holds its non-optional keys, nullable or not: the output schema requires them.
  assert.equal(fetched.outputSchema.required, ["id", "body"]);
  // An intersection of objects is an object result too (it had no output schema).
  assert.equal(labelled.outputSchema, {
    type: "object",
    properties: { id: { type: "string" }, labels: { type: "array", items: { type: "string" } } },
    required: ["id"],
  });
  // The remedy TS99002 names (`{ refs: true }`) is an option of toolOf.
  assert.equal(threaded.inputSchema.properties.replies.items, { $ref: "#" });
  assert.is(threaded.inputSchema.additionalProperties, false);
  assert.equal((await threaded.call({ text: "a", replies: [{ text: "b", replies: [] }] })).structuredContent, { id: "C-1" });
  // A target the tool was not built for is refused at run time too, with the build that fixes it.
  const refused = await strict.call({ title: "x" }, { target: "gemini" });
  assert.equal(refused, {
    content: [
      {
        type: "text",
        text: "the tool 'createIssue' has no schema for gemini: build it with toolOf(fn, { target: \"gemini\" }) (the schema is written at compile time)",
      },
    ],
    isError: true,
  });
});

test("the plugin entry's unknownKeys is every check's default: tools and mapArgs alike", async () => {
  const source = `
import { toolOf, mapArgs } from "@schemaof/runtime";
export function createIssue(title: string) { return { title }; }
export const tool = toolOf(createIssue);
export const loose = toolOf(createIssue, { unknownKeys: "reject" });
export const check = (args: unknown) => mapArgs<{ title: string }>(args);
`;
  const dropping = compileSources(compilers[0].ts, { "drop.ts": source }, { unknownKeys: "drop" })["drop.ts"];
  assert.is(dropping.diagnostics, "");
  const dropped = dropping.run();
  assert.equal((await dropped.tool.call({ title: "a", extra: 1 })).structuredContent, { title: "a" });
  assert.ok((await dropped.loose.call({ title: "a", extra: 1 })).isError, "the tool's own option wins over the project's");
  const rejecting = compileSources(compilers[0].ts, { "reject.ts": source }, { unknownKeys: "reject" })["reject.ts"].run();
  assert.throws(() => rejecting.check({ title: "a", extra: 1 }), /\/extra is not allowed; allowed keys: "title"/);
  const wrong = compileSources(compilers[0].ts, { "wrong.ts": source }, { unknownKeys: "keep" })["wrong.ts"];
  assert.match(wrong.diagnostics, /'unknownKeys' takes "drop" or "reject"/);
});

test('toolOf(fn, { refs: true, unknownKeys: "drop", coerce: true }) type-checks and does each; the plugin entry and standardSchemaOf take coerce too', async () => {
  const source = `
import { toolOf, mapArgs, validateArgs, standardSchemaOf } from "@schemaof/runtime";
interface Thread { text: string; replies: Thread[] }
/** Posts a thread. */
export function post(thread: Thread, pinned?: boolean) { return { count: 1 + thread.replies.length, pinned: pinned ?? false }; }
export const tool = toolOf(post, { refs: true, unknownKeys: "drop", coerce: true });
export const plain = toolOf(post, { refs: true });
export const standard = standardSchemaOf<{ limit: number }>({ coerce: ["numeric-string"] });
export const check = (args: unknown) => mapArgs<{ limit: number }>(args);
export const off = (args: unknown) => validateArgs<{ limit: number }>(args, { coerce: false });
const rules = ["json-text"] as const;
export const unseen = (args: unknown) => validateArgs<{ limit: number }>(args, { coerce: rules });
`;
  const out = compileSources(compilers[0].ts, { "coerce.ts": source })["coerce.ts"];
  assert.is(out.typeErrors, "");
  assert.equal(out.diagnostics.split("\n").filter(Boolean), [
    "coerce.ts(12,80): error TS99007: The options of 'validateArgs<{ limit: number }>' must be an object literal of constant values.",
    "  'coerce' must be a literal value, got 'rules'.",
  ]);
  const { tool, plain, standard, check } = out.run();
  assert.equal(tool.inputSchema.$defs.Thread.properties.replies.items, { $ref: "#/$defs/Thread" }, "refs: true");
  const sent = { thread: JSON.stringify({ text: "a", replies: [] }), pinned: "true", extra: 1 };
  const answered = await tool.call(sent);
  assert.equal(answered.structuredContent, { count: 1, pinned: true }, "repaired, and the unknown key dropped");
  assert.equal(
    answered._meta["schemaof/coerced"].map(({ pointer, rule }) => `${pointer} ${rule}`),
    ["/thread json-text", "/pinned boolean-string"],
  );
  const refused = await plain.call(sent);
  assert.is(refused.isError, true, "a tool built without coerce repairs nothing");
  assert.is(refused._meta, undefined);
  const validated = standard["~standard"].validate({ limit: "5" });
  assert.equal(
    [validated.value, validated.coerced.map((c) => c.rule)],
    [{ limit: 5 }, ["numeric-string"]],
    "a Standard Schema result says what it repaired too",
  );
  assert.throws(() => check({ limit: "5" }), /\/limit must be number, got string "5"/, "mapArgs repairs only when asked");
  // The plugin entry's coerce is every check's default; a call's own `coerce: false` wins.
  const project = compileSources(compilers[0].ts, { "project.ts": source.replace(/export const unseen.*\n/, "") }, { coerce: true })["project.ts"];
  assert.is(project.diagnostics, "");
  const { check: repairing, off } = project.run();
  assert.equal(repairing({ limit: "5" }), { limit: 5 });
  assert.ok(off({ limit: "5" }).issues, "coerce: false in the call");
  const wrong = compileSources(compilers[0].ts, { "wrong.ts": "export {};" }, { coerce: ["numbers"] })["wrong.ts"];
  assert.match(wrong.diagnostics, /'coerce' takes true, false or a list of "json-text", "numeric-string"/);
});

test("a check's options of the compile time alone are not built again at run time; any other key keeps the literal", () => {
  const source = `
import { validateArgs } from "@schemaof/runtime";
type Limit = { limit: number; size: number };
export const alone = (args: unknown) => validateArgs<Limit>(args, { coerce: true, target: "mcp" });
export const capped = (args: unknown) => validateArgs<Limit>(args, { coerce: true, maxIssues: 1 });
`;
  const out = compileSources(compilers[0].ts, { "options.ts": source })["options.ts"];
  assert.is(out.diagnostics, "");
  // A check that repairs is called through the helper for it; validateArgs itself never looks for a repair.
  assert.match(out.js, /alone = \(args\) => __schemaof\.validateRepairing\(args, plan_\d+\)/, "the literal dropped");
  assert.match(out.js, /__schemaof\.validateRepairing\(args, \{ coerce: true, maxIssues: 1 \}, plan_\d+\)/, "the literal kept");
  const { alone, capped } = out.run();
  assert.equal(alone({ limit: "5", size: "6" }).value, { limit: 5, size: 6 }, "still repaired");
  assert.equal(
    capped({ limit: "x", size: "y" }).issues.map((issue) => issue.pointer),
    ["/limit"],
    "maxIssues still read at run time",
  );
});

test("a validator built without coerce bundles not a byte of the repair", async () => {
  // What an app's bundler keeps of the runtime for validateArgs: checkArgs never names the repair,
  // which a coerce call reaches through its own helper (validateRepairing).
  const bundled = await build({
    stdin: { contents: `import { validateArgs } from "@schemaof/runtime";\nexport const check = (args, plan) => validateArgs(args, plan);`, resolveDir: here },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    write: false,
  });
  const text = bundled.outputFiles[0].text;
  assert.ok(text.includes("could not be read"), "checkArgs is in the bundle");
  assert.not.match(text, /coerce|Repairing|coerced/);
  const source = `import { validateArgs } from "@schemaof/runtime";\nexport const check = (args: unknown) => validateArgs<{ limit: number }>(args);\n`;
  const out = compileSources(compilers[0].ts, { "plain.ts": source })["plain.ts"];
  assert.not.match(out.js, /coerce|Repairing|\.fix\(/, "nor does the code generated for it");
});

test("a parameter type's description the tool's already says is sent once", () => {
  const source = `
import { toolOf } from "@schemaof/runtime";
/** Finds books by words of their title. */
interface SearchInput {
  /** Words of the title. */
  query: string;
}
/** Finds books by words of their title, newest first. */
export function searchBooks(input: SearchInput) { return []; }
/** Lends a book to a reader. */
export function lend(input: SearchInput) { return []; }
export const search = toolOf(searchBooks, { target: "openai" });
export const lending = toolOf(lend);
`;
  for (const { label, ts } of compilers) {
    const out = compileSources(ts, { "once.ts": source })["once.ts"];
    assert.is(out.diagnostics, "", label);
    const { search, lending } = out.run();
    assert.is(search.inputSchema.description, undefined, `${label}: the tool's words contain it`);
    assert.is(openAITool(search).function.parameters.description, undefined, `${label}: nor in a target's schema`);
    assert.is(search.description, "Finds books by words of their title, newest first.");
    assert.is(lending.inputSchema.description, "Finds books by words of their title.", `${label}: words the tool's do not say stay`);
  }
});

const METADATA = `
import { toolOf } from "@schemaof/runtime";
/**
 * Finds books by words of their title.
 * @title Search the catalogue
 * @readOnly
 * @closedWorld
 */
export function findBooks(words: string) { return { total: 0 }; }
/**
 * Removes a book from the catalogue.
 * @destructive
 * @idempotent
 * @deprecated use retire_book, which keeps the loans.
 */
export function removeBook(isbn: string) {}
/** Lends a book. @destructive false */
export function lend(isbn: string) {}
/** @readOnly maybe */
export function unclear() {}
export const find = toolOf(findBooks);
export const remove = toolOf(removeBook, { icons: [{ src: "https://example.org/bin.svg", mimeType: "image/svg+xml" }], annotations: { openWorldHint: false } });
export const lending = toolOf(lend, { title: "Lend a book" });
export const bad = toolOf(unclear);
`;

for (const { label, ts } of compilers) {
  test(`a tool's JSDoc gives MCP's title and annotations; @deprecated is said in the description (${label})`, () => {
    const out = compileSources(ts, { "metadata.ts": METADATA })["metadata.ts"];
    assert.is(out.typeErrors, "");
    assert.equal(out.diagnostics.split("\n").filter(Boolean), [
      "metadata.ts(24,27): error TS99010: 'unclear' has a tag whose value cannot be used.",
      "  @readOnly takes no text, or true or false, not 'maybe'.",
    ]);
    const { find, remove, lending } = out.run({
      "@schemaof/runtime": { ...runtimeModule, toolOf: (fn, options, meta, self) => (meta ? runtimeModule.toolOf(fn, options, meta, self) : undefined) },
    });
    // What tools/list shows, in MCP's order of fields.
    assert.is(
      JSON.stringify(find),
      '{"name":"findBooks","title":"Search the catalogue","description":"Finds books by words of their title.","inputSchema":{"type":"object","properties":{"words":{"type":"string"}},"required":["words"]},"outputSchema":{"type":"object","properties":{"total":{"type":"number"}},"required":["total"]},"annotations":{"readOnlyHint":true,"openWorldHint":false}}',
    );
    assert.equal(JSON.parse(JSON.stringify(remove)), {
      name: "removeBook",
      description: "Removes a book from the catalogue. Deprecated: use retire_book, which keeps the loans.",
      inputSchema: { type: "object", properties: { isbn: { type: "string" } }, required: ["isbn"] },
      annotations: { destructiveHint: true, idempotentHint: true, openWorldHint: false },
      icons: [{ src: "https://example.org/bin.svg", mimeType: "image/svg+xml" }],
    });
    assert.is(lending.title, "Lend a book");
    assert.equal(lending.annotations, { destructiveHint: false });
    assert.is(lending.description, "Lends a book.");
  });
}

test.run();
