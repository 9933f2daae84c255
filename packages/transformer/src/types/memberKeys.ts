import type { Compiler, CType } from "../compiler/Compiler";

/** The key of a member that came in through a type parameter (`T` of `type Maybe<T> = T | null`). */
export const TYPE_PARAMETER = "param";

/**
 * The keys a written member and a union member meet by, the first that meets counting: a literal
 * by its value (fresh and regular literals are distinct objects), a type parameter as such, any
 * other type by identity, else an object by its declaration: an interface's or class's instance
 * (`Box<T>` written, `Box<string>` met), and an object literal type by where it is written (`{
 * wrapped: X }` of `type G<X> = X | { wrapped: X }`, met as `{ wrapped: { x: string } }`). An
 * intersection meets by its literal members too: `(10 | -1) & Maximum<10>` is the union
 * `(10 & Maximum<10>) | (-1 & Maximum<10>)`, each member where its literal was written.
 */
export function keysOf(compiler: Compiler, type: CType): string[] {
  // Asked of the same types over and over (each written member, each union member, each set).
  let cache = caches.get(compiler);
  if (!cache) caches.set(compiler, (cache = new WeakMap()));
  let found = cache.get(type);
  if (!found) cache.set(type, (found = readKeys(compiler, type)));
  return found;
}

const caches = new WeakMap<Compiler, WeakMap<CType, string[]>>();

function readKeys(compiler: Compiler, type: CType): string[] {
  const kind = compiler.classify(type);
  const literal = literalKey(compiler, type);
  if (literal) return [literal];
  if (kind === "typeParameter") return [TYPE_PARAMETER];
  const keys = [`t:${compiler.idOf(type)}`];
  if (kind === "intersection") {
    for (const member of compiler.members(type)) {
      const key = literalKey(compiler, member);
      if (key) keys.push(key);
    }
  }
  const declaration = kind === "object" ? objectDeclaration(compiler, type) : undefined;
  if (declaration) keys.push(`d:${declaration.getSourceFile().fileName}:${declaration.pos}`);
  return keys;
}

/** `string:red`, `number:-1`, `boolean:true`: a literal's key, by its value. */
function literalKey(compiler: Compiler, type: CType): string | undefined {
  if (compiler.classify(type) !== "literal") return undefined;
  const value = compiler.literalValue(type);
  return typeof value === "bigint" ? undefined : `${typeof value}:${value}`;
}

/** The declaration an object type is made from: its interface or class, or the object literal type it instantiates. */
function objectDeclaration(compiler: Compiler, type: CType) {
  const symbol = compiler.symbolOf(type);
  if (!symbol) return undefined;
  const [declaration] = compiler.declarations(symbol);
  if (!declaration) return undefined;
  const { syntax } = compiler;
  const declares = compiler.symbolIs(symbol, "interface") || compiler.symbolIs(symbol, "class") || syntax.isTypeLiteralNode(declaration);
  return declares ? declaration : undefined;
}
