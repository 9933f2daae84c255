import type * as M from "typescript";
export type { M };
