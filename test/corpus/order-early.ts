// Checked before order.ts, this file meets literals order.ts writes, before the others it writes
// beside them: TypeScript 5 keeps a union in the order its members were created anywhere in the
// program, so on it what order.ts makes from them (`${71 | 72 | 73}_x`) would start with 73, and on
// TypeScript 7 follow its sort, were the order not read off order.ts's own syntax.

export type Early = [73, "xl", "set", "Age"];
