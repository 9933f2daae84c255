import type { Docs } from "../types/TypeView";

/** MCP's tool annotations (2025-06-18 on): hints a client shows a user and weighs before a call. */
export interface ToolAnnotations {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** What a function's JSDoc says of it as a tool: the MCP metadata, and what a tag said that cannot be used. */
export interface ToolDocs {
  readonly title?: string;
  readonly description?: string;
  readonly annotations?: ToolAnnotations;
  readonly problems: readonly { readonly tag: string; readonly detail: string }[];
}

/** Each flag tag, the hint it sets, and the value a bare tag means. */
const HINTS: Readonly<Record<string, readonly [keyof ToolAnnotations, boolean]>> = {
  readOnly: ["readOnlyHint", true],
  destructive: ["destructiveHint", true],
  idempotent: ["idempotentHint", true],
  openWorld: ["openWorldHint", true],
  closedWorld: ["openWorldHint", false],
};

/**
 * `@title Search books` -> `title`; `@readOnly`, `@destructive`, `@idempotent`, `@openWorld` and
 * `@closedWorld` -> `annotations` (a bare tag is the hint it names; `@destructive false` says the
 * opposite, as MCP assumes a tool destructive and open-world until told); `@deprecated why` ->
 * said at the end of the description, which is what a model reads.
 */
export function readToolDocs(docs: Docs | undefined): ToolDocs {
  const problems: { tag: string; detail: string }[] = [];
  const annotations: ToolAnnotations = {};
  let title: string | undefined;
  let description = docs?.text;
  for (const { name, text } of docs?.tags ?? []) {
    const hint = HINTS[name];
    if (name === "title") {
      if (text) title = text;
      else problems.push({ tag: name, detail: "@title needs its text, e.g. @title Search the catalogue" });
    } else if (name === "deprecated") {
      const said = `Deprecated${text ? `: ${text.replace(/\.$/, "")}` : ""}.`;
      description = description ? `${description} ${said}` : said;
    } else if (hint) {
      const value = text === "" || text === "true" ? hint[1] : text === "false" ? !hint[1] : undefined;
      if (value === undefined) problems.push({ tag: name, detail: `@${name} takes no text, or true or false, not '${text}'` });
      else annotations[hint[0]] = value;
    }
  }
  return {
    ...(title === undefined ? {} : { title }),
    ...(description === undefined ? {} : { description }),
    ...(Object.keys(annotations).length ? { annotations } : {}),
    problems,
  };
}
