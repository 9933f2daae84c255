import type * as ts from "typescript";
import { readFileSync } from "node:fs";
import type { Compiler } from "../compiler/Compiler";
import { readJsDoc } from "../types/readJsDoc";

import { INTRINSICS, type Intrinsic } from "./intrinsics";
import { RUNTIME } from "./mentionsIntrinsic";

const MARKER = "schemaofIntrinsic";
const isIntrinsic = (name: string): name is Intrinsic => Object.hasOwn(INTRINSICS, name);

/**
 * Which of our calls this is, found by the declaration the call resolves to, never by the callee's
 * name alone: a renamed import, a namespace import and a pnpm symlinked copy of @schemaof/runtime all
 * resolve to it, and a user's own `schemaOf` does not. The declaration carries a
 * `@schemaofIntrinsic` tag; a copy of the runtime without comments is known by its package name.
 */
export function findIntrinsic(compiler: Compiler, call: ts.CallExpression): Intrinsic | undefined {
  return intrinsicOf(compiler, compiler.resolvedDeclaration(call));
}

/** Which intrinsic a declaration is, if any: its `@schemaofIntrinsic` tag, or its name in the runtime package. */
export function intrinsicOf(compiler: Compiler, declaration: ts.Declaration | undefined): Intrinsic | undefined {
  if (!declaration) return undefined;
  // Every call of the runtime resolves to the same few declarations: their tags are read once.
  if (!known.has(declaration)) known.set(declaration, readIntrinsic(compiler, declaration));
  return known.get(declaration);
}

const known = new WeakMap<ts.Declaration, Intrinsic | undefined>();

function readIntrinsic(compiler: Compiler, declaration: ts.Declaration): Intrinsic | undefined {
  const { syntax } = compiler;
  // A function of the runtime's, or a method of its Tool (`tool.call`).
  if (!(syntax.isFunctionDeclaration(declaration) || syntax.isMethodDeclaration(declaration)) || !declaration.name) return undefined;
  if (!syntax.isIdentifier(declaration.name)) return undefined;
  for (const tag of readJsDoc(syntax, declaration)?.tags ?? []) {
    if (tag.name === MARKER && isIntrinsic(tag.text)) return tag.text;
  }
  const name = declaration.name.text;
  if (isIntrinsic(name) && packageNameOf(declaration.getSourceFile().fileName) === RUNTIME) return name;
  return undefined;
}

const packageNames = new Map<string, string | undefined>();

/** The `name` of the nearest package.json above a file. */
function packageNameOf(fileName: string): string | undefined {
  let dir = fileName.replace(/[\\/][^\\/]*$/, "");
  const visited: string[] = [];
  let found: string | undefined;
  while (dir) {
    if (packageNames.has(dir)) {
      found = packageNames.get(dir);
      break;
    }
    visited.push(dir);
    const text = readText(`${dir}/package.json`);
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

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}
