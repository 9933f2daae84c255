import type * as ts from "typescript";

export type Intrinsic = "schemaOf" | "mapArgs" | "validateArgs";
const INTRINSICS = new Set<string>(["schemaOf", "mapArgs", "validateArgs"]);
const MARKER = "schemaofIntrinsic";
const RUNTIME = "@schemaof/runtime";

/**
 * Which of our calls this is, found by the declaration the call resolves to, never by the callee's
 * name alone: a renamed import, a namespace import and a pnpm symlinked copy of @schemaof/runtime all
 * resolve to it, and a user's own `schemaOf` does not. The declaration carries a
 * `@schemaofIntrinsic` tag; where the host skips JSDoc (tsc since 5.3 parses none in .ts files unless
 * asked), the package it was declared in decides.
 */
export function findIntrinsic(tsi: typeof ts, checker: ts.TypeChecker, call: ts.CallExpression): Intrinsic | undefined {
  const declaration = checker.getResolvedSignature(call)?.declaration;
  if (!declaration || !tsi.isFunctionDeclaration(declaration) || !declaration.name) return undefined;
  for (const tag of tsi.getJSDocTags(declaration)) {
    if (tag.tagName.text !== MARKER) continue;
    const name = typeof tag.comment === "string" ? tag.comment.trim() : tsi.getTextOfJSDocComment(tag.comment)?.trim();
    if (name && INTRINSICS.has(name)) return name as Intrinsic;
  }
  const name = declaration.name.text;
  if (INTRINSICS.has(name) && packageNameOf(tsi, declaration.getSourceFile().fileName) === RUNTIME) return name as Intrinsic;
  return undefined;
}

const packageNames = new Map<string, string | undefined>();

/** The `name` of the nearest package.json above a file. */
function packageNameOf(tsi: typeof ts, fileName: string): string | undefined {
  let dir = fileName.replace(/[\\/][^\\/]*$/, "");
  const visited: string[] = [];
  let found: string | undefined;
  while (dir) {
    if (packageNames.has(dir)) {
      found = packageNames.get(dir);
      break;
    }
    visited.push(dir);
    const text = tsi.sys.readFile(`${dir}/package.json`);
    if (text !== undefined) {
      try {
        found = (JSON.parse(text) as { name?: string }).name;
      } catch {
        found = undefined;
      }
      break;
    }
    const parent = dir.replace(/[\\/][^\\/]*$/, "");
    if (parent === dir) break;
    dir = parent;
  }
  for (const seen of visited) packageNames.set(seen, found);
  return found;
}
