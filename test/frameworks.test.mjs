// Every agent framework wired to the same two tools, offline, through its own mock model (or its own
// client): a valid call maps the arguments, and the next model turn after a wrong call reads
// schemaof's issue text. frameworks-types.ts (compiled below) proves each handler's input is typed.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateText, stepCountIs, streamText } from "ai";
import { MockLanguageModelV4, convertArrayToReadableStream } from "ai/test";
import { Agent as OpenAIAgent, Runner, tool as openAIAgentsFactory, setTracingDisabled } from "@openai/agents";
import { ScriptedModel, functionCall, assistantMessage } from "@openai/agents-core/testing";
import { tool as langChainFactory } from "@langchain/core/tools";
import { fakeModel } from "@langchain/core/testing";
import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { Agent as MastraAgent } from "@mastra/core/agent";
import { createTool } from "@mastra/core/tools";
import { McpServer as McpServerV1 } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport as InMemoryV1 } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer as McpServerV2, InMemoryTransport as InMemoryV2 } from "@modelcontextprotocol/server";
import { Client as ClientV2 } from "@modelcontextprotocol/client";
import { aiSdkTool, formatIssues, langChainTool, openAIAgentsTool, ToolCallError } from "@schemaof/runtime";
import { registerTools } from "@schemaof/runtime/mcp";
import { compilers } from "./lib/compilers.mjs";
import { compileSources } from "./lib/scratch.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const library = readFileSync(join(here, "frameworks", "library.ts"), "utf8");
const { ts } = compilers[0];
const built = compileSources(ts, { "library.ts": library })["library.ts"];
const { tools, calls, strictSchema } = built.run();

setTracingDisabled(true);

// The calls every framework makes, and what the model must read back.
const GOOD_SEARCH = { query: "moby dick", limit: 2 };
const BAD_SEARCH = { query: "ab", limit: 0, shelf: "12" };
const SEARCH_ISSUES = [
  "Invalid arguments:",
  "- /query must have at least 3 characters, got 2",
  "- /limit must be >= 1, got 0",
  '- /shelf must match ^[A-Z]-[0-9]{2}$, got "12"',
].join("\n");
const GOOD_ORDER = { customer: "ana", lines: [{ isbn: "9780000000001", quantity: 2 }], payment: { method: "invoice", days: 30 } };
const BAD_ORDER = { customer: "ana", lines: [{ isbn: "9780000000001", quantity: 1.5 }], payment: { method: "card", last4: "12" } };

test("the library builds, and its tools answer a direct call", async () => {
  assert.is(built.diagnostics, "");
  assert.is(built.typeErrors, "");
  assert.equal(strictSchema, tools.searchStrict.schemaFor("openai-strict"));
  const answer = await tools.search.call(BAD_SEARCH);
  assert.is(answer.content[0].text, SEARCH_ISSUES);
  const order = await tools.order.call(BAD_ORDER);
  assert.ok(order.isError);
  assert.match(order.content[0].text, "/lines/0/quantity must be integer, got number 1.5");
  assert.match(order.content[0].text, "/payment/last4");
});

test("formatIssues writes the issue text for schemaof's issues, a Standard Schema result's, and any library's", () => {
  // A Standard Schema result's messages leave the pointer to the path: the text puts it back.
  const standard = tools.search["~standard"].validate(BAD_SEARCH);
  assert.ok(!standard.issues[0].message.startsWith("/query"));
  assert.is(formatIssues(standard.issues), SEARCH_ISSUES);
  assert.is(formatIssues([{ path: ["query"], message: "is taken" }]), "Invalid arguments:\n- /query is taken");
  assert.is(formatIssues([{ path: [{ key: "a/b" }, 0], message: "must be string" }]), "Invalid arguments:\n- /a~1b/0 must be string");
  assert.is(formatIssues([{ message: "must be an object" }]), "Invalid arguments:\n- must be an object");
});

// AI SDK: a tool call in the first turn, text in the second; the second prompt holds the tool result.
const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const generated = (content, unified) => ({ content, finishReason: { unified, raw: undefined }, usage, warnings: [] });
const aiSdkModel = (toolName, input) =>
  new MockLanguageModelV4({
    doGenerate: [
      generated([{ type: "tool-call", toolCallId: "call-1", toolName, input: JSON.stringify(input) }], "tool-calls"),
      generated([{ type: "text", text: "done" }], "stop"),
    ],
    doStream: [
      {
        stream: convertArrayToReadableStream([
          { type: "tool-call", toolCallId: "call-1", toolName, input: JSON.stringify(input) },
          { type: "finish", finishReason: { unified: "tool-calls", raw: undefined }, usage },
        ]),
      },
      {
        stream: convertArrayToReadableStream([
          { type: "text-start", id: "t" },
          { type: "text-delta", id: "t", delta: "done" },
          { type: "text-end", id: "t" },
          { type: "finish", finishReason: { unified: "stop", raw: undefined }, usage },
        ]),
      },
    ],
  });
/** The tool results the model was shown in its second turn. */
const aiSdkSeen = (model) => {
  const turns = model.doGenerateCalls.length > 0 ? model.doGenerateCalls : model.doStreamCalls;
  return turns[1].prompt.filter((message) => message.role === "tool").flatMap((message) => message.content);
};
const aiSdkTools = () => ({ search: aiSdkTool(tools.search), order: aiSdkTool(tools.order) });

test("AI SDK: aiSdkTool sends the schema, maps a valid call, and shows the model the issue text", async () => {
  const model = aiSdkModel("search", GOOD_SEARCH);
  const result = await generateText({ model, tools: aiSdkTools(), prompt: "find it", stopWhen: stepCountIs(2) });
  assert.is(result.text, "done");
  const sent = model.doGenerateCalls[0].tools.find((tool) => tool.name === "search");
  assert.equal(sent.inputSchema, { ...tools.search.inputSchema, additionalProperties: false });
  assert.is(sent.description, tools.search.description);
  assert.is("additionalProperties" in tools.search.inputSchema, false, "the tool's own schema is never edited");
  assert.equal(aiSdkSeen(model)[0].output, { type: "json", value: { hits: ["moby dick 1", "moby dick 2"] } });

  const wrong = aiSdkModel("search", BAD_SEARCH);
  const refused = await generateText({ model: wrong, tools: aiSdkTools(), prompt: "find it", stopWhen: stepCountIs(2) });
  assert.equal(aiSdkSeen(wrong)[0].output, { type: "error-text", value: SEARCH_ISSUES });
  const error = refused.steps[0].content.find((part) => part.type === "tool-error").error;
  assert.ok(error instanceof ToolCallError && error.result.isError);
});

test("AI SDK: a discriminated union and integer lines, generated and streamed", async () => {
  const model = aiSdkModel("order", GOOD_ORDER);
  await generateText({ model, tools: aiSdkTools(), prompt: "order", stopWhen: stepCountIs(2) });
  assert.equal(aiSdkSeen(model)[0].output, { type: "text", value: "ordered 1 line(s) for ana, to pay by invoice in 30 days" });
  const wrong = aiSdkModel("order", BAD_ORDER);
  const streamed = streamText({ model: wrong, tools: aiSdkTools(), prompt: "order", stopWhen: stepCountIs(2) });
  assert.is(await streamed.text, "done");
  assert.equal(aiSdkSeen(wrong)[0].output, { type: "error-text", value: (await tools.order.call(BAD_ORDER)).content[0].text });
});

test("AI SDK: an object of any keys stays open in the schema the provider gets", async () => {
  const model = aiSdkModel("tag", { labels: { color: "red" } });
  await generateText({ model, tools: { tag: aiSdkTool(tools.tag) }, prompt: "tag", stopWhen: stepCountIs(2) });
  const sent = model.doGenerateCalls[0].tools[0].inputSchema;
  assert.equal(sent.properties.labels.additionalProperties, {});
  assert.equal(aiSdkSeen(model)[0].output, { type: "text", value: "tagged color" });
});

// OpenAI Agents: the scripted model calls the tool, then answers; its second request holds the output.
async function openAIAgentsSeen(agentTool, name, args) {
  const model = new ScriptedModel([[functionCall(name, JSON.stringify(args), { callId: "call_1" })], [assistantMessage("done")]]);
  const agent = new OpenAIAgent({ name: "librarian", instructions: "Help.", model, tools: [agentTool] });
  const result = await new Runner().run(agent, "go");
  assert.is(result.finalOutput, "done");
  const output = model.calls[1].request.input.find((item) => item.type === "function_call_result").output;
  return { sent: model.calls[0].request.tools[0], text: typeof output === "string" ? output : output.text };
}

test("OpenAI Agents: openAIAgentsTool, strict and not, maps a valid call and shows the issue text", async () => {
  const strict = openAIAgentsTool(tools.searchStrict, openAIAgentsFactory);
  const good = await openAIAgentsSeen(strict, "search", { query: "moby dick", limit: null, shelf: null });
  assert.is(good.sent.strict, true);
  assert.equal(good.sent.parameters, tools.searchStrict.schemaFor("openai-strict"));
  assert.is(good.text, JSON.stringify({ hits: ["moby dick 1", "moby dick 2", "moby dick 3"] }));
  const bad = await openAIAgentsSeen(strict, "search", { ...BAD_SEARCH });
  assert.is(bad.text, SEARCH_ISSUES);

  const open = openAIAgentsTool(tools.order, openAIAgentsFactory, { with: { timeoutMs: 5000 } });
  const ordered = await openAIAgentsSeen(open, "order", GOOD_ORDER);
  assert.is(ordered.sent.strict, false);
  assert.is(ordered.text, "ordered 1 line(s) for ana, to pay by invoice in 30 days");
  const refused = await openAIAgentsSeen(open, "order", BAD_ORDER);
  assert.is(refused.text, (await tools.order.call(BAD_ORDER)).content[0].text);
});

// LangChain: the model bound to the tools, the tool invoked with the model's tool call, the model again.
async function langChainSeen(lcTool, name, args) {
  const model = fakeModel()
    .respondWithTools([{ name, args, id: "call_1" }])
    .respond(new AIMessage("done"));
  const bound = model.bindTools([lcTool]);
  const messages = [new HumanMessage("go")];
  const reply = await bound.invoke(messages);
  messages.push(reply);
  for (const call of reply.tool_calls) messages.push(await lcTool.invoke({ ...call, type: "tool_call" }));
  await bound.invoke(messages);
  return model.calls[1].messages.at(-1);
}

test("LangChain: langChainTool checks with schemaof and answers the model with the issue text", async () => {
  const search = langChainTool(tools.search, langChainFactory);
  assert.equal(search.schema, tools.search.inputSchema);
  const before = calls.search;
  const good = await langChainSeen(search, "search", GOOD_SEARCH);
  assert.is(good.status, "success");
  assert.is(good.content, JSON.stringify({ hits: ["moby dick 1", "moby dick 2"] }));
  assert.is(calls.search, before + 1);
  const bad = await langChainSeen(search, "search", BAD_SEARCH);
  assert.is(bad.status, "error");
  assert.is(bad.content, SEARCH_ISSUES);
  assert.is(bad.artifact.isError, true);
  assert.is(calls.search, before + 1, "a refused call never runs the function");

  const order = langChainTool(tools.order, langChainFactory);
  assert.is((await langChainSeen(order, "order", GOOD_ORDER)).content, "ordered 1 line(s) for ana, to pay by invoice in 30 days");
  assert.is((await langChainSeen(order, "order", BAD_ORDER)).content, (await tools.order.call(BAD_ORDER)).content[0].text);
});

// Mastra: an Agent with the AI SDK's mock model, the tools as AI SDK tools (aiSdkTool) or Mastra's own createTool.
async function mastraSeen(mastraTools, toolName, args) {
  const model = aiSdkModel(toolName, args);
  const agent = new MastraAgent({ id: "librarian", name: "librarian", instructions: "Help.", model, tools: mastraTools });
  const reply = await agent.generate("go", { maxSteps: 2 });
  assert.is(reply.text, "done");
  return aiSdkSeen(model)[0].output;
}

test("Mastra: aiSdkTool in an Agent maps a valid call and shows the model the issue text", async () => {
  const mastraTools = { search: aiSdkTool(tools.search), order: aiSdkTool(tools.order) };
  assert.equal(await mastraSeen(mastraTools, "search", GOOD_SEARCH), { type: "json", value: { hits: ["moby dick 1", "moby dick 2"] } });
  const refused = await mastraSeen(mastraTools, "search", BAD_SEARCH);
  assert.is(refused.type, "error-text");
  assert.is(refused.value, SEARCH_ISSUES);
  const order = await mastraSeen(mastraTools, "order", BAD_ORDER);
  assert.is(order.value, (await tools.order.call(BAD_ORDER)).content[0].text);
});

test("Mastra: createTool takes a tool as its inputSchema and hands execute the mapped input", async () => {
  let handed;
  const search = createTool({
    id: "search",
    description: tools.search.description,
    inputSchema: tools.search,
    execute: async (input) => ((handed = input), "found"),
  });
  await mastraSeen({ search }, "search", GOOD_SEARCH);
  assert.equal(handed, GOOD_SEARCH);
});

// MCP: a real client of the same SDK; the model's next turn is the result the client gets.
async function connected(server, Client, InMemoryTransport) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(clientSide);
  return client;
}

test("MCP SDK v1: registerTools puts the tools beside the server's own, each checked by its own rules", async () => {
  const server = new McpServerV1({ name: "library", version: "1.0.0" });
  server.registerTool("ping", { description: "Answers pong." }, async () => ({ content: [{ type: "text", text: "pong" }] }));
  registerTools(server, [tools.search, tools.order]);
  const client = await connected(server, ClientV1, InMemoryV1);
  const { tools: listed } = await client.listTools();
  assert.equal(
    listed.map((tool) => tool.name),
    ["ping", "search", "order"],
  );
  assert.equal(listed[1].inputSchema, tools.search.inputSchema);
  assert.equal((await client.callTool({ name: "ping", arguments: {} })).content, [{ type: "text", text: "pong" }]);
  const good = await client.callTool({ name: "search", arguments: GOOD_SEARCH });
  assert.equal(good.structuredContent, { hits: ["moby dick 1", "moby dick 2"] });
  const bad = await client.callTool({ name: "search", arguments: BAD_SEARCH });
  assert.is(bad.isError, true);
  assert.is(bad.content[0].text, SEARCH_ISSUES);
  const order = await client.callTool({ name: "order", arguments: BAD_ORDER });
  assert.is(order.content[0].text, (await tools.order.call(BAD_ORDER)).content[0].text);
  await client.close();
});

test("MCP SDK v1: a name taken twice, and a server that keeps no handlers, are refused with what to do", () => {
  const server = new McpServerV1({ name: "library", version: "1.0.0" });
  server.registerTool("search", { description: "Another search." }, async () => ({ content: [] }));
  assert.throws(() => registerTools(server, [tools.search]), /Two tools are named 'search'; pass \{ name \} to toolOf/);
  const elsewhere = { server: {}, registerTool: () => ({ remove() {} }) };
  assert.throws(() => registerTools(elsewhere, [tools.search]), /takes the MCP SDK's McpServer .* pass each tool as registerTool's inputSchema/);
});

test("MCP SDK v2: registerTools answers a wrong call with schemaof's issue text too", async () => {
  const server = new McpServerV2({ name: "library", version: "1.0.0" });
  server.registerTool("ping", { description: "Answers pong." }, async () => ({ content: [{ type: "text", text: "pong" }] }));
  registerTools(server, [tools.search]);
  const client = await connected(server, ClientV2, InMemoryV2);
  assert.equal(
    (await client.listTools()).tools.map((tool) => tool.name),
    ["ping", "search"],
  );
  assert.is((await client.callTool({ name: "search", arguments: BAD_SEARCH })).content[0].text, SEARCH_ISSUES);
  assert.equal((await client.callTool({ name: "search", arguments: GOOD_SEARCH })).structuredContent, { hits: ["moby dick 1", "moby dick 2"] });
  assert.equal((await client.callTool({ name: "ping", arguments: {} })).content, [{ type: "text", text: "pong" }]);
  await client.close();
});

test("MCP SDK v2: registerTool takes a tool as its inputSchema; a wrong call reads schemaof's words", async () => {
  const server = new McpServerV2({ name: "library", version: "1.0.0" });
  let handed;
  server.registerTool("search", { description: tools.search.description, inputSchema: tools.search }, async (args) => {
    handed = args;
    return tools.search.call(args);
  });
  const client = await connected(server, ClientV2, InMemoryV2);
  const { tools: listed } = await client.listTools();
  assert.equal(listed[0].inputSchema.properties, tools.search.inputSchema.properties);
  const good = await client.callTool({ name: "search", arguments: GOOD_SEARCH });
  assert.equal(handed, GOOD_SEARCH);
  assert.is(good.content[0].text, JSON.stringify({ hits: ["moby dick 1", "moby dick 2"] }));
  const bad = await client.callTool({ name: "search", arguments: BAD_SEARCH });
  assert.is(bad.isError, true);
  for (const words of ["must have at least 3 characters, got 2", "must be >= 1, got 0", 'must match ^[A-Z]-[0-9]{2}$, got "12"'])
    assert.match(bad.content[0].text, words);
  await client.close();
});

test("every framework's handler is typed by the tool's input, and schemaOf<T>() fits each SDK without a cast", () => {
  const types = readFileSync(join(here, "frameworks", "types.ts"), "utf8");
  for (const { label, ts: compiler } of compilers) {
    const out = compileSources(compiler, { "library.ts": library, "types.ts": types })["types.ts"];
    assert.is(out.diagnostics, "", label);
    assert.is(out.typeErrors, "", label);
  }
});

test("the type check can fail: a handler typed Record<string, unknown> is caught", () => {
  // The same file over a tool whose input is untyped: every line that reads a property must fail.
  const types = readFileSync(join(here, "frameworks", "types.ts"), "utf8").replace(/tools\.search\b/g, "tools.untyped");
  const out = compileSources(ts, { "library.ts": library, "types.ts": types })["types.ts"];
  // Per handler (AI SDK, Mastra, MCP SDK v2, the tool's own types): the property it has is `unknown`
  // (TS2322), and the one it lacks is no error (TS2578, an unused @ts-expect-error).
  assert.is(out.typeErrors.match(/error TS2322/g)?.length, 4, out.typeErrors);
  assert.is(out.typeErrors.match(/error TS2578/g)?.length, 4, out.typeErrors);
});

test.run();
