import type * as ts from "typescript";
import type { Docs } from "./TypeView";

/**
 * JSDoc read straight from the source text. tsc since TypeScript 5.3 skips parsing JSDoc in .ts
 * files, and asking it to parse all of it (lib.dom.d.ts included) slows every build; reading the
 * one comment a declaration has costs nothing and means the same under every host.
 */
export function readJsDoc(tsi: typeof ts, node: ts.Node): Docs | undefined {
  const raw = leadingJsDoc(tsi, node);
  return raw === undefined ? undefined : parseJsDoc(raw);
}

/**
 * A parameter's documentation: its own comment (`/** text *\/ public days = 3`), or the `@param`
 * of its function (`@param days text`, `@param {number} [days=3] - text`).
 */
export function readParameterDoc(tsi: typeof ts, parameter: ts.ParameterDeclaration): Docs | undefined {
  const own = readJsDoc(tsi, parameter);
  if (own && (own.text || own.tags.length)) return own;
  if (!tsi.isIdentifier(parameter.name)) return undefined;
  const name = parameter.name.text;
  const owner = readJsDoc(tsi, parameter.parent);
  for (const tag of owner?.tags ?? []) {
    if (tag.name !== "param" && tag.name !== "arg" && tag.name !== "argument") continue;
    const match = /^(?:\{[^}]*\}\s*)?(\[?)([\w$.]+)(?:=[^\]]*)?\]?\s*(?:-\s*)?([\s\S]*)$/.exec(tag.text);
    if (match && match[2] === name) return match[3].trim() ? { text: match[3].trim(), tags: [] } : { tags: [] };
  }
  return undefined;
}

/** The last `/** … *\/` comment right before a declaration (or its variable statement). */
function leadingJsDoc(tsi: typeof ts, node: ts.Node): string | undefined {
  let target = node;
  if (tsi.isVariableDeclaration(target) && tsi.isVariableDeclarationList(target.parent)) target = target.parent.parent;
  const file = target.getSourceFile();
  if (!file) return undefined;
  // As TypeScript does: a parameter's comment may sit on the line of the previous token, `(/** a *\/ x`.
  const leading = tsi.getLeadingCommentRanges(file.text, target.pos) ?? [];
  const ranges = tsi.isParameter(target) ? [...(tsi.getTrailingCommentRanges(file.text, target.pos) ?? []), ...leading] : leading;
  for (let i = ranges.length - 1; i >= 0; i--) {
    const text = file.text.slice(ranges[i].pos, ranges[i].end);
    if (text.startsWith("/**") && text !== "/**/") return text;
  }
  return undefined;
}

export function parseJsDoc(raw: string): Docs {
  const lines = raw
    .slice(3, -2)
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*\*(?!\/)\s?/, ""));
  const description: string[] = [];
  const tags: { name: string; text: string[] }[] = [];
  for (const line of lines) {
    const tag = /^\s*@([A-Za-z][\w-]*)\s?(.*)$/.exec(line);
    if (tag) tags.push({ name: tag[1], text: [tag[2]] });
    else if (tags.length) tags[tags.length - 1].text.push(line);
    else description.push(line);
  }
  const text = clean(description.join("\n"));
  const out = tags.map((tag) => ({ name: tag.name, text: clean(tag.text.join("\n")) }));
  return text ? { text, tags: out } : { tags: out };
}

/** Trims, and renders `{@link Target text}` as its text (or its target). */
function clean(text: string): string {
  return text.replace(/\{@link(?:code|plain)?\s+([^\s|}]+)(?:\s*\|\s*|\s+)?([^}]*)\}/g, (_, target: string, label: string) => label.trim() || target).trim();
}
