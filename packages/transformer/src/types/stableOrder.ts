import type { Compiler, CType } from "../compiler/Compiler";

/**
 * Members in an order that owes nothing to the checker, for those no written node places (a union
 * the checker made by an operation: `T[keyof T]`, a distributed conditional, a spread): literals by
 * value (strings in code point order, then numbers, then `false`, `true`), a literal with tags (`"a" &
 * MinLength<1>`) as its literal; then the primitives in a fixed order; then objects, arrays and the
 * rest by where they are declared and by their shape. TypeScript 5 keeps a union in the order its
 * members were created, which depends on what the checker met first anywhere in the program, and
 * TypeScript 7 sorts it its own way: neither may reach a schema.
 */
export function stableOrder(compiler: Compiler, members: readonly CType[]): CType[] {
  const ranked = members.map((type) => ({ type, rank: rankOf(compiler, type) }));
  return ranked.sort((a, b) => compareRanks(a.rank, b.rank)).map((entry) => entry.type);
}

interface Rank {
  readonly group: number;
  readonly number?: number;
  readonly text: string;
  /** What tells apart two members alike so far, read only when needed. */
  readonly shape?: () => string;
}

const PRIMITIVES = [
  "string",
  "number",
  "bigint",
  "boolean",
  "symbol",
  "null",
  "undefined",
  "void",
  "any",
  "unknown",
  "never",
  "nonPrimitive",
  "templateLiteral",
];

function compareRanks(a: Rank, b: Rank): number {
  if (a.group !== b.group) return a.group - b.group;
  if (a.number !== undefined && b.number !== undefined && a.number !== b.number) return a.number - b.number;
  if (a.text !== b.text) return a.text < b.text ? -1 : 1;
  const [x, y] = [a.shape?.() ?? "", b.shape?.() ?? ""];
  return x < y ? -1 : x > y ? 1 : 0;
}

const ranks = new WeakMap<Compiler, WeakMap<CType, Rank>>();

function rankOf(compiler: Compiler, type: CType): Rank {
  let known = ranks.get(compiler);
  if (!known) ranks.set(compiler, (known = new WeakMap()));
  let rank = known.get(type);
  if (!rank) known.set(type, (rank = readRank(compiler, type)));
  return rank;
}

function readRank(compiler: Compiler, type: CType): Rank {
  const kind = compiler.classify(type);
  const shape = once(() => shapeOf(compiler, type));
  if (kind === "literal") return literalRank(compiler.literalValue(type));
  const literal = kind === "intersection" ? compiler.members(type).find((member) => compiler.classify(member) === "literal") : undefined;
  if (literal) return { ...literalRank(compiler.literalValue(literal)), shape };
  const primitive = PRIMITIVES.indexOf(kind);
  if (primitive >= 0) return { group: 10 + primitive, text: "" };
  return { group: 100, text: declaredAt(compiler, type), shape };
}

function literalRank(value: string | number | boolean | bigint): Rank {
  if (typeof value === "string") return { group: 0, text: value };
  if (typeof value === "number") return { group: 1, number: value, text: "" };
  if (typeof value === "boolean") return { group: 2, number: value ? 1 : 0, text: "" };
  return { group: 3, number: Number(value), text: String(value) };
}

function once(read: () => string): () => string {
  let text: string | undefined;
  return () => (text ??= read());
}

/** Where the type's own declaration is written (its alias's, its symbol's), as a text that sorts by file, then position. */
function declaredAt(compiler: Compiler, type: CType): string {
  const symbol = compiler.aliasOf(type)?.symbol ?? compiler.symbolOf(type);
  const declaration = symbol && compiler.declarations(symbol)[0];
  return declaration ? `${declaration.getSourceFile().fileName}\u0000${String(declaration.pos).padStart(10, "0")}` : "";
}

/**
 * A type's shape as text, with every union's members sorted: two members declared at the same place
 * (`Box<string>`, `Box<number>`, `{ v: T }` instantiated twice) are told apart by what they hold.
 * Objects are read two levels deep, arrays, tuples and unions as deep as a budget of steps allows;
 * what still ties goes by how the checker prints it.
 */
function shapeOf(compiler: Compiler, type: CType): string {
  const budget = { left: 200 };
  return `${shapeWithin(compiler, type, 2, budget)}\u0000${compiler.typeToString(type)}`;
}

function shapeWithin(compiler: Compiler, type: CType, depth: number, budget: { left: number }): string {
  const kind = compiler.classify(type);
  if (budget.left-- <= 0) return "…";
  const inner = (member: CType, levels = depth) => shapeWithin(compiler, member, levels, budget);
  if (kind === "literal") return JSON.stringify(String(compiler.literalValue(type)));
  if (kind === "union" || kind === "intersection")
    return compiler
      .members(type)
      .map((member) => inner(member))
      .sort()
      .join(kind === "union" ? "|" : "&");
  if (kind !== "object") return kind;
  const element = compiler.arrayElement(type);
  if (element) return `${inner(element)}[]`;
  const elements = compiler.tupleElements(type);
  if (elements) return `[${elements.map((e) => `${e.rest ? "..." : ""}${inner(e.type)}${e.optional ? "?" : ""}`).join(",")}]`;
  if (depth === 0) return "{}";
  const args = compiler.aliasOf(type)?.args ?? compiler.genericArguments(type) ?? [];
  const properties = compiler
    .properties(type)
    .map((symbol) => `${compiler.symbolName(symbol)}:${inner(compiler.typeOfSymbol(symbol), depth - 1)}`)
    .sort();
  return `<${args.map((arg) => inner(arg, depth - 1)).join(",")}>{${properties.join(",")}}`;
}
