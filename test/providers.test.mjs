// The providers' own request builders, offline. Each SDK a user hands schemaof's tool definitions to
// (openai: Chat Completions and Responses; @anthropic-ai/sdk; @google/genai; the AI SDK's OpenAI and
// Google providers) builds its request against a `fetch` that records the body and answers as the
// provider would. In go every fixture's tool, for every target its schema can be written for, as
// the adapter for that provider writes it, then the médiathèque's tool lists as GET /outils?target=
// serves them: the body must carry each definition as given (the AI SDK: its draft-07 rewrite of
// the standard object's schema), and every schema in it must pass that target's rules
// (test/lib/targetRules.mjs). Last, the adapters' return types are assignable to each SDK's own.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { join, dirname } from "node:path";
import { pathToFileURL } from "node:url";
import OpenAI from "openai";
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import { generateText, tool as aiTool } from "ai";
import { createOpenAI } from "@ai-sdk/openai";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { toTarget } from "@schemaof/transformer/stages";
import { toolOf, standardSchemaOf, openAITool, openAIResponsesTool, anthropicTool, geminiTool } from "@schemaof/runtime";
import { listFixtures, readJson } from "./lib/fixtures.mjs";
import { violations } from "./lib/targetRules.mjs";
import { exampleDir, startServer } from "./lib/mediatheque.mjs";
import { compilers } from "./lib/compilers.mjs";
import { writeSources } from "./lib/scratch.mjs";

/** What each provider answers, enough for its SDK to finish the call: a plain text reply. */
const REPLIES = [
  [
    /\/chat\/completions$/,
    {
      id: "c",
      object: "chat.completion",
      created: 0,
      model: "m",
      choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: "ok" } }],
    },
  ],
  [
    /\/responses$/,
    {
      id: "r",
      object: "response",
      created_at: 0,
      model: "m",
      status: "completed",
      output: [{ type: "message", id: "o", role: "assistant", status: "completed", content: [{ type: "output_text", text: "ok", annotations: [] }] }],
      usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 },
    },
  ],
  [
    /\/messages$/,
    {
      id: "m",
      type: "message",
      role: "assistant",
      model: "c",
      content: [{ type: "text", text: "ok" }],
      stop_reason: "end_turn",
      usage: { input_tokens: 1, output_tokens: 1 },
    },
  ],
  [
    /:generateContent$/,
    {
      candidates: [{ content: { role: "model", parts: [{ text: "ok" }] }, finishReason: "STOP" }],
      usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1 },
    },
  ],
];

/** A `fetch` that records each request's URL and body and answers as the provider would; nothing leaves the machine. */
function recorder() {
  const sent = [];
  const fetch = async (url, init) => {
    const href = String(url instanceof Request ? url.url : url);
    sent.push({ url: href, body: JSON.parse(init?.body ?? (await url.text())) });
    const reply = REPLIES.find(([pattern]) => pattern.test(new URL(href).pathname));
    if (!reply) return new Response(JSON.stringify({ error: `no such endpoint: ${href}` }), { status: 404 });
    return new Response(JSON.stringify(reply[1]), { status: 200, headers: { "content-type": "application/json" } });
  };
  return { sent, fetch };
}

/**
 * The request builders, each as a user calls it: `send(tools, target)` makes one request with the
 * tool definitions `write(tool, target)` gives and resolves with the definitions in the body sent.
 */
const BUILDERS = {
  "openai chat.completions": {
    targets: ["openai", "openai-strict"],
    write: (tool, target) => openAITool(tool, { strict: target === "openai-strict" }),
    schemaOf: (definition) => definition.function.parameters,
    async send(tools) {
      const { sent, fetch } = recorder();
      await new OpenAI({ apiKey: "offline", fetch, maxRetries: 0 }).chat.completions.create({
        model: "gpt-4.1",
        messages: [{ role: "user", content: "?" }],
        tools,
      });
      return sent[0].body.tools;
    },
  },
  "openai responses": {
    targets: ["openai", "openai-strict"],
    write: (tool, target) => openAIResponsesTool(tool, { strict: target === "openai-strict" }),
    schemaOf: (definition) => definition.parameters,
    async send(tools) {
      const { sent, fetch } = recorder();
      await new OpenAI({ apiKey: "offline", fetch, maxRetries: 0 }).responses.create({ model: "gpt-4.1", input: "?", tools });
      return sent[0].body.tools;
    },
  },
  "@anthropic-ai/sdk messages": {
    targets: ["anthropic", "anthropic-strict"],
    write: (tool, target) => anthropicTool(tool, { strict: target === "anthropic-strict" }),
    schemaOf: (definition) => definition.input_schema,
    async send(tools) {
      const { sent, fetch } = recorder();
      await new Anthropic({ apiKey: "offline", fetch, maxRetries: 0 }).messages.create({
        model: "claude-sonnet-5",
        max_tokens: 64,
        messages: [{ role: "user", content: "?" }],
        tools,
      });
      return sent[0].body.tools;
    },
  },
  "@google/genai generateContent": {
    targets: ["gemini", "gemini-openapi"],
    write: (tool, target) => geminiTool(tool, { openapi: target === "gemini-openapi" }),
    schemaOf: (definition) => definition.parametersJsonSchema ?? definition.parameters ?? { type: "object", properties: {} },
    // @google/genai writes OpenAPI's type names in capitals (Type.STRING), and puts that copy in the declaration it is given.
    readBack: (definition) =>
      definition.parameters ? { ...definition, parameters: typeNames(definition.parameters, (name) => name.toLowerCase()) } : definition,
    async send(functionDeclarations) {
      // @google/genai takes no `fetch` option: it calls the global one.
      const { sent, fetch } = recorder();
      const global = globalThis.fetch;
      globalThis.fetch = fetch;
      try {
        await new GoogleGenAI({ apiKey: "offline" }).models.generateContent({
          model: "gemini-2.5-flash",
          contents: "?",
          config: { tools: [{ functionDeclarations }] },
        });
      } finally {
        globalThis.fetch = global;
      }
      return sent[0].body.tools[0].functionDeclarations;
    },
  },
};

/** The AI SDK takes a Standard Schema (`standardSchemaOf<T>({ target })`) and writes each provider's body itself. */
const AI_SDK = {
  "AI SDK @ai-sdk/openai (responses)": {
    targets: ["openai", "openai-strict"],
    model: (fetch) => createOpenAI({ apiKey: "offline", fetch })("gpt-4.1"),
    schemaOf: (d) => d.parameters,
  },
  "AI SDK @ai-sdk/openai (chat)": {
    targets: ["openai", "openai-strict"],
    model: (fetch) => createOpenAI({ apiKey: "offline", fetch }).chat("gpt-4.1"),
    schemaOf: (d) => d.function.parameters,
  },
  "AI SDK @ai-sdk/google": {
    targets: ["gemini"],
    model: (fetch) => createGoogleGenerativeAI({ apiKey: "offline", fetch })("gemini-2.5-flash"),
    schemaOf: (d) => d.parametersJsonSchema,
  },
};

/** Sends `standards` (name → standard object) through the AI SDK to `model`; the tool definitions in the body. */
async function sendThroughAiSdk(entry, standards, target) {
  const { sent, fetch } = recorder();
  const tools = Object.fromEntries(Object.entries(standards).map(([name, inputSchema]) => [name, aiTool({ inputSchema, strict: target === "openai-strict" })]));
  await generateText({ model: entry.model(fetch), prompt: "?", tools, maxRetries: 0 });
  const body = sent[0].body;
  return body.tools.flatMap((definition) => definition.functionDeclarations ?? [definition]);
}

/** The AI SDK asks a Standard Schema for draft-07 (`definitions`); read back as the 2020-12 a target's rules speak. */
function asDraft2020(node) {
  if (Array.isArray(node)) return node.map(asDraft2020);
  if (typeof node !== "object" || node === null) return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "definitions") out.$defs = asDraft2020(value);
    else if (key === "$ref" && typeof value === "string") out.$ref = value.replace(/^#\/definitions\//, "#/$defs/");
    else out[key] = asDraft2020(value);
  }
  return out;
}

/** The plan answers calls, which no test here makes: one that takes anything stands in. */
const ANY = { "~plan": 1, root: { kind: "any" } };

/** `node` with every `type` name (a string) rewritten by `rename`. */
function typeNames(node, rename) {
  if (Array.isArray(node)) return node.map((member) => typeNames(member, rename));
  if (typeof node !== "object" || node === null) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, key === "type" && typeof value === "string" ? rename(value) : typeNames(value, rename)]),
  );
}

/** A fixture's name as every provider takes a tool name (`[A-Za-z_][A-Za-z0-9_-]{0,63}`), kept unique by its index. */
const toolName = (fixture, index) => `f${index}_${fixture.name.replace(/[^A-Za-z0-9_-]/g, "_")}`.slice(0, 64);

/** Every fixture as a tool built for every target its schema can be written for (as `toolOf` builds one at compile time). */
function fixtureTools() {
  const tools = [];
  listFixtures()
    .filter((fixture) => !fixture.expectsDiagnostics)
    .forEach((fixture, index) => {
      const inputSchema = readJson(join(fixture.dir, "schema.json"));
      // A tool's arguments are an object; the fixtures whose root is not one are no tool's.
      if (inputSchema.type !== "object") return;
      const schemas = {};
      for (const target of Object.values(BUILDERS).flatMap((builder) => builder.targets)) {
        const written = toTarget(inputSchema, target);
        if (!written.problems.length) schemas[target] = written.schema;
      }
      const meta = { "~tool": 1, name: toolName(fixture, index), description: `The ${fixture.name} fixture.`, inputSchema, plan: ANY, schemas };
      tools.push({ fixture: fixture.name, schemas, tool: toolOf(() => undefined, undefined, meta) });
    });
  return tools;
}

const tools = fixtureTools();

/**
 * The definitions a builder sent (read back as given, where the SDK rewrites them) must be the ones
 * given, and every schema in them must pass the target's rules.
 */
function checkSent(label, target, given, sent, schemaOf, names, readBack = (definition) => definition) {
  const problems = [];
  sent = sent.map(readBack);
  if (given) assert.equal(sent, given, `${label} ${target}: the body carries the definitions as given`);
  assert.is(sent.length, names.length, `${label} ${target}: every definition sent`);
  sent.forEach((definition, i) => {
    const wrong = violations(schemaOf(definition), target);
    if (wrong.length) problems.push(`${names[i]}: ${wrong.join("; ")}`);
  });
  assert.equal(problems, [], `${label} ${target}:\n${problems.join("\n")}`);
}

for (const [label, builder] of Object.entries(BUILDERS)) {
  test(`${label} sends every fixture's tool for ${builder.targets.join(" and ")} as the adapter writes it; the schemas pass the target's rules`, async () => {
    for (const target of builder.targets) {
      const built = tools.filter(({ schemas }) => schemas[target]);
      assert.ok(built.length > 50, `${target}: ${built.length} fixtures' tools`);
      const given = built.map(({ tool }) => builder.write(tool, target));
      const written = JSON.parse(JSON.stringify(given));
      const sent = await builder.send(given, target);
      checkSent(
        label,
        target,
        written,
        sent,
        builder.schemaOf,
        built.map(({ fixture }) => fixture),
        builder.readBack,
      );
      // The schema in the body is the target's, as written at compile time, and the tool's own are as written still.
      sent.map(builder.readBack ?? ((d) => d)).forEach((definition, i) => {
        if (definition.parameters || definition.parametersJsonSchema || definition.input_schema || definition.function) {
          assert.equal(builder.schemaOf(definition), built[i].schemas[target]);
        }
      });
      built.forEach(({ tool }) =>
        assert.equal(tool.schemaFor(target), toTarget(tool.inputSchema, target).schema, `${tool.name} ${target}: the tool keeps its schema as written`),
      );
    }
  });
}

for (const [label, entry] of Object.entries(AI_SDK)) {
  test(`${label} sends every fixture's standardSchemaOf({ target }) for ${entry.targets.join(" and ")}; the schemas pass the target's rules`, async () => {
    for (const target of entry.targets) {
      const built = tools.filter(({ schemas }) => schemas[target]);
      const standards = Object.fromEntries(built.map(({ tool, schemas }) => [tool.name, standardSchemaOf(schemas[target], ANY)]));
      const sent = await sendThroughAiSdk(entry, standards, target);
      assert.equal(
        sent.map((definition) => definition.name ?? definition.function.name),
        built.map(({ tool }) => tool.name),
      );
      checkSent(
        label,
        target,
        undefined,
        sent,
        (definition) => asDraft2020(entry.schemaOf(definition)),
        built.map(({ fixture }) => fixture),
      );
      // Under openai-strict every object is closed already: what the AI SDK sends is the target's schema itself.
      if (target === "openai-strict") sent.forEach((definition, i) => assert.equal(asDraft2020(entry.schemaOf(definition)), built[i].schemas[target]));
    }
  });
}

/** The médiathèque's tool list for `target`, as its server serves it. */
test("the médiathèque's GET /outils?target= lists go through each provider's SDK as served", async () => {
  const server = startServer();
  try {
    const base = await server.url;
    const served = async (target) => (await fetch(`${base}/outils?target=${target}`)).json();
    for (const [label, builder] of Object.entries(BUILDERS)) {
      if (label === "openai responses") continue;
      for (const target of builder.targets) {
        const given = await served(target);
        const sent = await builder.send(structuredClone(given), target);
        checkSent(
          `médiathèque, ${label}`,
          target,
          given,
          sent,
          builder.schemaOf,
          ["rechercherLivres", "emprunterLivre", "rendreLivre", "annoterLivre"],
          builder.readBack,
        );
      }
    }
    // The Responses API and the AI SDK take the tools themselves, as the server module builds them.
    const { outils } = await import(pathToFileURL(join(exampleDir, "dist", "tools.js")).href);
    for (const target of ["openai", "openai-strict"]) {
      const given = outils.map((outil) => openAIResponsesTool(outil, { strict: target === "openai-strict" }));
      checkSent(
        "médiathèque, openai responses",
        target,
        given,
        await BUILDERS["openai responses"].send(given),
        (d) => d.parameters,
        outils.map((o) => o.name),
      );
    }
    for (const [label, entry] of Object.entries(AI_SDK)) {
      for (const target of entry.targets) {
        const standards = Object.fromEntries(outils.map((outil) => [outil.name, standardSchemaOf(outil.schemaFor(target), ANY)]));
        const sent = await sendThroughAiSdk(entry, standards, target);
        checkSent(
          `médiathèque, ${label}`,
          target,
          undefined,
          sent,
          (d) => asDraft2020(entry.schemaOf(d)),
          outils.map((o) => o.name),
        );
      }
    }
  } finally {
    server.stop();
  }
});

const TYPES = `
import type OpenAI from "openai";
import type Anthropic from "@anthropic-ai/sdk";
import type { FunctionDeclaration } from "@google/genai";
import { openAITool, openAIResponsesTool, anthropicTool, geminiTool, type Tool } from "@schemaof/runtime";
declare const tool: Tool;
export const chat: OpenAI.Chat.Completions.ChatCompletionTool[] = [openAITool(tool), openAITool(tool, { strict: true })];
export const responses: OpenAI.Responses.Tool[] = [openAIResponsesTool(tool), openAIResponsesTool(tool, { strict: true })];
export const claude: Anthropic.ToolUnion[] = [anthropicTool(tool), anthropicTool(tool, { strict: true })];
export const gemini: FunctionDeclaration = geminiTool(tool);
// @google/genai types OpenAPI's type names as its own enum (Type.STRING), which no JSON value is: a cast.
export const openapi = geminiTool(tool, { openapi: true }) as FunctionDeclaration;
`;

test("the adapters' definitions are what each SDK's own types take", () => {
  const [{ ts }] = compilers;
  const [file] = writeSources({ "sdk-types.mts": TYPES });
  const options = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
  };
  const program = ts.createProgram([file], options);
  const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
  assert.equal(errors, []);
});

test.run();
