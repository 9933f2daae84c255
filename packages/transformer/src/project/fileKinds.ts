/** A TypeScript source file's name: what tsc compiles, and a tsconfig's `include` can make a root. */
export const SOURCE = /\.(?:ts|tsx|mts|cts)$/;

/** A declaration file's name (`.d.ts`, `.d.mts`, `.d.css.ts`…): read by the checker, never emitted. */
export const DECLARATION = /\.d\.(?:ts|tsx|mts|cts)$|\.d\.[^.]+\.ts$/;
