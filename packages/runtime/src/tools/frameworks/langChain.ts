// No import from LangChain: the caller hands in `tool` from @langchain/core/tools as `factory`.
import type { JsonSchema } from "../../schema";
import type { CallToolResult, Tool, ToolInput } from "../tool";
import { resultText } from "./resultText";

/** The fields the adapter gives the factory. */
export interface LangChainToolFields {
  name: string;
  description?: string;
  schema: JsonSchema;
  responseFormat: "content_and_artifact";
}

/** `tool` from @langchain/core/tools, as far as the adapter calls it. */
export type LangChainToolFactory<Input, R> = (func: (input: Input) => Promise<[string, CallToolResult]>, fields: LangChainToolFields) => R;

/** What the adapter touches of the tool the factory made (StructuredTool's `invoke`). */
interface Invokable {
  invoke(input: unknown, config?: unknown): Promise<unknown>;
}

/** A ToolMessage, as `invoke` answers a tool call (`{ type: "tool_call", id, name, args }`). */
interface ToolMessageLike {
  status?: "success" | "error";
  artifact?: CallToolResult;
}

/**
 * A tool for LangChain: `langChainTool(search, tool)` with `tool` from `@langchain/core/tools`.
 * The models' `bindTools` read the tool's schema as the plain JSON Schema it is; a call is checked by
 * schemaof, not LangChain (which answers its own refusal, "Received tool input did not match expected
 * schema", with a stack, and does not check a Standard Schema at all), and a refused call reaches the
 * model as schemaof's issue text in a ToolMessage whose status is "error". The whole tool result is
 * the message's `artifact`.
 */
export function langChainTool<F extends (...args: any[]) => any, R>(tool: Tool<F>, factory: LangChainToolFactory<ToolInput<F>, R>): R {
  // content_and_artifact: the text is the ToolMessage's content, the whole result its artifact.
  const func = async (input: ToolInput<F>): Promise<[string, CallToolResult]> => {
    const result = await tool.call(input);
    return [resultText(result), result];
  };
  const fields = (schema: JsonSchema): LangChainToolFields => ({
    name: tool.name,
    // Without one, LangChain takes the schema's description, else "<name> tool".
    ...(tool.description === undefined ? {} : { description: tool.description }),
    schema,
    responseFormat: "content_and_artifact",
  });
  // The tool the models see, with the tool's schema; its calls go to a twin whose schema `{}` lets
  // every input through to schemaof's check.
  const exposed = factory(func, fields(tool.inputSchema));
  const twin = factory(func, fields({})) as unknown as Invokable;
  const invoke = async (input: unknown, config?: unknown) => {
    const output = await twin.invoke(input, config);
    if (isToolMessage(output) && output.artifact?.isError) output.status = "error";
    return output;
  };
  Object.defineProperty(exposed, "invoke", { value: invoke, configurable: true, writable: true });
  return exposed;
}

const isToolMessage = (value: unknown): value is ToolMessageLike =>
  typeof value === "object" && value !== null && (value as { artifact?: unknown }).artifact !== undefined && "status" in value;
