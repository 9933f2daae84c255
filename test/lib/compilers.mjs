// The TypeScript versions every fixture runs through, each with the ts-patch line that serves it.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

export const compilers = [
  { label: "TypeScript 5.9", ts: require("typescript"), tsPatch: "ts-patch" },
  { label: "TypeScript 6.0", ts: require("typescript6"), tsPatch: "ts-patch4" },
];
