import type { Analysis } from "../../analyze/analyzeCall";
import type { JsonObject } from "../../model/Json";
import { Code, describeError, type Problem } from "../../diagnostics/messages";
import { SchemaTooLarge, toJsonSchema, type EmitOptions } from "./toJsonSchema";

/** How `refs` is asked for: flattened, `$defs`, or (`"auto"`) whichever is smaller. */
export type RefsOption = boolean | "auto";

/** A schema written of an analysis, or the problems that keep it from being written. */
export interface Written {
  /** Set when there are no problems. */
  readonly schema?: JsonObject;
  readonly problems: readonly Problem[];
}

const written = new WeakMap<Analysis, Map<string, Written>>();

/**
 * The JSON Schema of an analysed type, flattened or with `$defs` (`refs`). A flattened schema cannot
 * hold a type that reaches itself: each cycle is a problem here, in its place among the type's own,
 * with the way out; with `$defs` only a cycle through a type with no name is. Written once per
 * analysis and form.
 */
export function writeSchema(analysis: Analysis, options: EmitOptions): Written {
  let forms = written.get(analysis);
  if (!forms) written.set(analysis, (forms = new Map()));
  const key = `${options.refs}|${options.additionalProperties === false}|${options.output === true}`;
  const known = forms.get(key);
  if (known) return known;
  const result = write(analysis, options);
  forms.set(key, result);
  return result;
}

function write(analysis: Analysis, options: EmitOptions): Written {
  const problems = withCycles(analysis, options.refs);
  if (problems.length > 0) return { problems };
  try {
    return { schema: toJsonSchema(analysis.model, options), problems };
  } catch (error) {
    const detail =
      error instanceof SchemaTooLarge
        ? "inlining every named type makes it too large to emit; pass { refs: true } so shared types are described once in $defs."
        : `the schema could not be emitted (${describeError(error)}); please report this with the type.`;
    return { problems: [{ code: error instanceof SchemaTooLarge ? Code.TooLarge : Code.Internal, path: "(root)", detail }] };
  }
}

/** The type's problems with its cycles among them, each where it was found; a problem said twice is kept once. */
function withCycles(analysis: Analysis, refs: boolean): readonly Problem[] {
  const cycles = analysis.cycles.filter((cycle) => !refs || cycle.nameless !== undefined);
  if (cycles.length === 0) return analysis.problems;
  const out: Problem[] = [];
  const said = new Set<string>();
  const add = (problem: Problem) => {
    const key = `${problem.code}|${problem.path}|${problem.detail}`;
    if (!said.has(key)) (said.add(key), out.push(problem));
  };
  let next = 0;
  analysis.problems.forEach((problem, index) => {
    for (; next < cycles.length && cycles[next].at <= index; next++) add(cycleProblem(cycles[next], refs));
    add(problem);
  });
  for (; next < cycles.length; next++) add(cycleProblem(cycles[next], refs));
  return out;
}

function cycleProblem(cycle: Analysis["cycles"][number], refs: boolean): Problem {
  // With $defs, the cycle closes at a type with no name of its own, which $defs cannot hold: the advice is to name it.
  const remedy = refs
    ? `'${cycle.nameless}' has no name for $defs to hold it by; declare it as an interface or a type alias, or cut the cycle.`
    : "Pass { refs: true } to describe it with $defs and $ref, or cut the cycle.";
  return { code: Code.Recursive, path: cycle.path, detail: `${cycle.described}. ${remedy}` };
}

/**
 * The schema in the form `refs` asks for; `"auto"` writes both and keeps the one of fewer bytes (a
 * named type used in several places is then described once in `$defs` only where that saves bytes),
 * and `$defs` when only it can hold the type (a recursive one).
 */
export function writeSchemaAs(analysis: Analysis, options: Omit<EmitOptions, "refs"> & { readonly refs?: RefsOption }): Written {
  if (options.refs !== "auto") return writeSchema(analysis, { ...options, refs: options.refs === true });
  const flat = writeSchema(analysis, { ...options, refs: false });
  const hoisted = writeSchema(analysis, { ...options, refs: true });
  if (!flat.schema || !hoisted.schema) return flat.schema ? flat : hoisted;
  return bytesOf(hoisted.schema) < bytesOf(flat.schema) ? hoisted : flat;
}

/**
 * What `$defs` would save a schema written flattened (the catalogue says it): the bytes, when the
 * hoisted form is smaller; 0 otherwise.
 */
export function hoistingSaves(analysis: Analysis, options: Omit<EmitOptions, "refs">): number {
  const flat = writeSchema(analysis, { ...options, refs: false });
  const hoisted = writeSchema(analysis, { ...options, refs: true });
  if (!flat.schema || !hoisted.schema) return 0;
  return Math.max(0, bytesOf(flat.schema) - bytesOf(hoisted.schema));
}

/** A schema's bytes as a request carries it: UTF-8 JSON, no spaces. */
const bytesOf = (schema: JsonObject): number => Buffer.byteLength(JSON.stringify(schema), "utf8");
