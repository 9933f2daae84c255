import type { Shape } from "../model/Shape";
import { Code, report, type Context, type Path } from "./Context";

/** A type with no JSON form: TS99001 at its path, with what to take instead; `{}` meanwhile, so the analysis goes on. */
export function unsupported(ctx: Context, path: Path, detail: string): Shape {
  report(ctx, Code.Unsupported, path, `${detail}.`);
  return { kind: "any" };
}
