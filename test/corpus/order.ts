// Orders no checker may decide: the members type operations make (templates, Uppercase, Exclude,
// indexed access, spreads), unions in tuples and arrays reached through aliases and parentheses, a
// generic alias's own members beside its argument, tagged literals, and the names of generic
// instantiations in $defs; each after order-early.ts made the same literals in another order.
import type { Maximum, MinLength } from "@schemaof/runtime";

export type Codes = `${71 | 72 | 73}_x`;
export type Accessors = `${"get" | "set"}${"Name" | "Age"}`;
export type Sizes = Uppercase<"m" | "s" | "xl">;
export type Kept = Exclude<"zz" | "mm" | "aa", "mm">;

interface Mixed {
  name: string;
  on: boolean;
  mode: "light" | "dark";
  count: 73 | 71;
}
export type MixedValue = Mixed[keyof Mixed];
export type Primitive = Mixed["on" | "name"];
interface Coded {
  code: 40;
  label: "w";
}
export type CodeOrLabel = Coded[keyof Coded];

export type Pair = ["y" | "x", 30 | 20];
// Parenthesized twice, as the fuzzer wrote it (Prettier would drop the outer pair, which is the case).
// prettier-ignore
export type Grid = ((10 | -1)[])[];
export type Pairs = { pairs: readonly (readonly ["y" | "x", 30 | 20])[] };

type Wrapped<X> = X | { wrapped: X };
export type WrappedValue = Wrapped<{ x: string }>;
export type WrappedList = Wrapped<("y" | "x")[]>;

export type Capped = { level: (73 | 71 | 72) & Maximum<100>; tags: (("fr" | "b") & MinLength<1>)[] | null };
export type PartialCapped = Partial<Capped>;

interface Slot<T> {
  value: T;
}
export type Slots = { left: Slot<"red" | "blue">; right: Slot<"red" | "blue">; lists: Slot<("y" | "x")[]>[]; more: Slot<("y" | "x")[]>[] };

export type TupleSpread = [...(["b", 1] | ["a", 2]), "c"];
