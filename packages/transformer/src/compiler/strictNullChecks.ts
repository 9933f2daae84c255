import type * as ts from "typescript";

/**
 * Whether a TypeScript 5/6 program checks with strictNullChecks, as the compiler decides it (its
 * own `getStrictOptionValue`, not in its public declarations; `strict` is on by default from 6).
 */
export function tsStrictNullChecks(tsi: typeof ts, options: ts.CompilerOptions): boolean {
  const decide = (tsi as unknown as { getStrictOptionValue?: (options: ts.CompilerOptions, flag: string) => boolean }).getStrictOptionValue;
  return decide ? decide(options, "strictNullChecks") : (options.strictNullChecks ?? options.strict ?? false) === true;
}

/** The same for a TypeScript 7 project's options: as in TypeScript 6, `strict` is on unless the tsconfig turns it off. */
export function ts7StrictNullChecks(options: Record<string, unknown>): boolean {
  const value = options.strictNullChecks ?? options.strict;
  return value === undefined ? true : value === true;
}
