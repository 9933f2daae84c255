import { Tool, anthropicTool, geminiTool, openAITool, type Target } from "@schemaof/runtime";
import type { ToolFacts } from "../../project";

/**
 * What each provider receives for a tool, made by the runtime's own adapters from the definition
 * the transformer wrote, so a catalogue's bytes are the bytes a request carries: MCP's `tools/list`
 * entry, `openAITool`, `anthropicTool` and `geminiTool` in the variant of each target.
 */
export function definitionFor(facts: ToolFacts, target: Target): unknown {
  const { mcp, ...schemas } = facts.schemas;
  const meta = {
    "~tool": 1 as const,
    name: facts.name,
    ...(facts.title === undefined ? {} : { title: facts.title }),
    ...(facts.description === undefined ? {} : { description: facts.description }),
    ...(facts.annotations === undefined ? {} : { annotations: facts.annotations as never }),
    inputSchema: mcp as never,
    ...(facts.outputSchema === undefined ? {} : { outputSchema: facts.outputSchema as never }),
    // Never called: a catalogue only shows the definition.
    plan: { "~plan": 1 as const },
    schemas: schemas as never,
  };
  const tool = new Tool(() => undefined, undefined, meta);
  switch (target) {
    case "mcp":
      return JSON.parse(JSON.stringify(tool));
    case "openai":
    case "openai-strict":
      return openAITool(tool, { strict: target === "openai-strict" });
    case "anthropic":
    case "anthropic-strict":
      return anthropicTool(tool, { strict: target === "anthropic-strict" });
    case "gemini":
    case "gemini-openapi":
      return geminiTool(tool, { openapi: target === "gemini-openapi" });
  }
}

/** The bytes of a definition as a request carries it: UTF-8 JSON, no spaces. */
export const bytesOf = (definition: unknown): number => Buffer.byteLength(JSON.stringify(definition), "utf8");
