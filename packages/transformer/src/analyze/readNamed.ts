import type { TypeUse } from "../types/TypeView";
import type { Shape } from "../model/Shape";
import { formatPath, type Context, type Path } from "./Context";

/**
 * Reads a type that may be reached again from inside itself. A named type becomes a definition,
 * read once and referred to by name; a repeat on the stack is a cycle, noted (`Comment.replies ->
 * Comment`) and a `$ref` to the definition: a flattened schema refuses it when it is written.
 */
export function readNamed(ctx: Context, use: TypeUse, path: Path, read: () => Shape): Shape {
  const { view } = ctx;
  // Read as a toJSON() result, a type's objects are written by their fields, not their own toJSON():
  // that reading is a definition of its own, never the one its other uses share.
  const raw = ctx.rawDepth === path.length;
  const id = view.idOf(use.type) * 2 + (raw ? 1 : 0);
  const name = view.nameOf(use.type);
  const open = ctx.stack.findIndex((entry) => entry.id === id);
  if (open >= 0) {
    // A cycle: a `$ref` to a named type's definition; one closing at a type with no name cannot be.
    const defName = ctx.defNames.get(id);
    const described = describeCycle(ctx, open, path);
    ctx.cycles.push({ at: ctx.problems.length, path: formatPath(path), described, ...(defName ? {} : { nameless: view.display(use.type) }) });
    if (!defName) return { kind: "any" };
    const def = ctx.defs.get(defName)!;
    def.recursive = true;
    def.uses++;
    return { kind: "ref", def: defName };
  }
  if (!name) {
    const known = ctx.anonymous.get(id);
    if (known) return known;
    const shape = within(ctx, id, undefined, use, path, read);
    ctx.anonymous.set(id, shape);
    return shape;
  }

  const known = ctx.defNames.get(id);
  if (known) {
    ctx.defs.get(known)!.uses++;
    return { kind: "ref", def: known };
  }
  const defName = uniqueName(ctx, name);
  ctx.defNames.set(id, defName);
  const def = { recursive: false, uses: 1 } as { shape?: Shape; recursive: boolean; uses: number };
  ctx.defs.set(defName, def);
  def.shape = within(ctx, id, name, use, path, read);
  return { kind: "ref", def: defName };
}

function within(ctx: Context, id: number, name: string | undefined, use: TypeUse, path: Path, read: () => Shape): Shape {
  ctx.stack.push({ id, name, use, path });
  try {
    return read();
  } finally {
    ctx.stack.pop();
  }
}

/** `Comment.replies -> Comment`: each type on the cycle with the properties walked inside it. */
function describeCycle(ctx: Context, open: number, path: Path): string {
  const entries = ctx.stack.slice(open);
  const label = (entry: (typeof entries)[number]) => entry.name ?? ctx.view.display(entry.use.type);
  const parts = entries.map((entry, i) => {
    const end = i + 1 < entries.length ? entries[i + 1].path : path;
    const inner = end.slice(entry.path.length).filter((step) => "prop" in step);
    return inner.length ? `${label(entry)}.${formatPath(inner)}` : label(entry);
  });
  return [...parts, label(entries[0])].join(" -> ");
}

/** `Page<Book>` -> `Page_Book`; a second, different `Item` becomes `Item_2`. */
function uniqueName(ctx: Context, name: string): string {
  const base = name.replace(/[^A-Za-z0-9_$]+/g, "_").replace(/^_+|_+$/g, "") || "Type";
  let candidate = base;
  for (let n = 2; ctx.defs.has(candidate); n++) candidate = `${base}_${n}`;
  return candidate;
}
