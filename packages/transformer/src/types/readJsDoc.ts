import type * as ts from "typescript";
import type { Docs } from "./TypeView";
import type { Syntax } from "../compiler/Compiler";
import { commentRanges } from "../compiler/commentRanges";

/**
 * JSDoc read straight from the source text. tsc since TypeScript 5.3 skips parsing JSDoc in .ts
 * files, and asking it to parse all of it (lib.dom.d.ts included) slows every build; reading the
 * one comment a declaration has costs nothing and means the same under every host.
 */
export function readJsDoc(syntax: Syntax, node: ts.Node): Docs | undefined {
  const raw = leadingJsDoc(syntax, node);
  return raw === undefined ? undefined : parseJsDoc(raw);
}

/**
 * A parameter's documentation: its own comment (`/** text *\/ public days = 3`), or the `@param`
 * of its function (`@param days text`, `@param {number} [days=3] - text`).
 */
export function readParameterDoc(syntax: Syntax, parameter: ts.ParameterDeclaration): Docs | undefined {
  const own = readJsDoc(syntax, parameter);
  if (own && (own.text || own.tags.length)) return own;
  if (!syntax.isIdentifier(parameter.name)) return undefined;
  const name = parameter.name.text;
  const owner = readJsDoc(syntax, parameter.parent);
  for (const tag of owner?.tags ?? []) {
    if (tag.name !== "param" && tag.name !== "arg" && tag.name !== "argument") continue;
    const match = /^(?:\{[^}]*\}\s*)?(\[?)([\w$.]+)(?:=[^\]]*)?\]?\s*(?:-\s*)?([\s\S]*)$/.exec(tag.text);
    if (match && match[2] === name) return match[3].trim() ? { text: match[3].trim(), tags: [] } : { tags: [] };
  }
  return undefined;
}

/**
 * The last `/** … *\/` comment right before a declaration (or its variable statement). A comment
 * on the line of the token before counts when the declaration follows on that very line: `{ /**
 * Address to write to. *\/ email: string }` documents `email` as the same member written over
 * several lines does (TypeScript reads that comment for a parameter only, `(/** a *\/ x`), while
 * in `a: string; /** … *\/` and a line break, the comment is `a`'s, not the next member's.
 */
function leadingJsDoc(syntax: Syntax, node: ts.Node): string | undefined {
  let target = node;
  if (syntax.isVariableDeclaration(target) && syntax.isVariableDeclarationList(target.parent)) target = target.parent.parent;
  const file = target.getSourceFile();
  if (!file) return undefined;
  const leading = commentRanges(file.text, target.pos, false);
  const sameLine = commentRanges(file.text, target.pos, true);
  // Nothing after a line break, and no line break after the last comment on the line: the declaration is on that line.
  const last = sameLine[sameLine.length - 1];
  const onItsLine = !leading.length && last !== undefined && !/^[^\S\r\n\u2028\u2029]*[\r\n\u2028\u2029]/.test(file.text.slice(last.end));
  const ranges = syntax.isParameter(target) || onItsLine ? [...sameLine, ...leading] : leading;
  for (let i = ranges.length - 1; i >= 0; i--) {
    const text = file.text.slice(ranges[i].pos, ranges[i].end);
    if (text.startsWith("/**") && text !== "/**/") return text;
  }
  return undefined;
}

/**
 * A JSDoc comment's text and tags, read as TypeScript's parser reads them: an `@` starts a tag when
 * whitespace (or the start of a line) comes before it and a non-space after it, so a tag need not
 * start a line (`/** Page number @minimum 1 *\/`), while `me@example.com` and `{@link X}` stay text.
 * Inside a tag's text, as in TypeScript, an `@` between backticks starts nothing.
 */
export function parseJsDoc(raw: string): Docs {
  const body = raw
    .slice(3, -2)
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*\*(?!\/)\s?/, ""))
    .join("\n");
  const tags: { name: string; text: string }[] = [];
  let description: string | undefined;
  let from = 0;
  let name: string | undefined;
  let backticks = false;
  const close = (end: number) => {
    const text = clean(body.slice(from, end));
    if (name === undefined) description = text;
    else tags.push({ name, text });
  };
  for (let at = 0; at < body.length; at++) {
    const char = body[at];
    if (char === "`" && name !== undefined) backticks = !backticks;
    if (char !== "@" || backticks || (at > 0 && !/\s/.test(body[at - 1])) || !/\S/.test(body[at + 1] ?? " ")) continue;
    close(at);
    name = /^[A-Za-z_$][\w$-]*/.exec(body.slice(at + 1))?.[0] ?? "";
    from = at + 1 + name.length;
    backticks = false;
  }
  close(body.length);
  return description ? { text: description, tags } : { tags };
}

/** Trims, and renders `{@link Target text}` as its text (or its target). */
function clean(text: string): string {
  return text.replace(/\{@link(?:code|plain)?\s+([^\s|}]+)(?:\s*\|\s*|\s+)?([^}]*)\}/g, (_, target: string, label: string) => label.trim() || target).trim();
}
