import type { ParameterView, TypeUse, TypeView } from "../types/TypeView";
import type { Model } from "../model/Shape";
import { describeError, type Problem } from "../diagnostics/messages";
import { Code, TooComplex, createContext, finishedDefinitions, formatPath, report, type Cycle } from "./Context";
import { readType } from "./readType";
import { readParameters } from "./readParameters";
import { checkValues } from "./checkValues";

export interface AnalysisOptions {
  /** Objects closed to unknown keys: what mapping can make of unique items depends on it (TS99022). */
  readonly additionalProperties?: false;
}

/** What one call site gets: plain data a host turns into code and diagnostics, whatever form of schema it writes. */
export interface Analysis {
  readonly model: Model;
  /** The problems of the type itself; a form of schema may add its own (writeSchema). */
  readonly problems: readonly Problem[];
  /** Where the type reaches itself: a `$ref` in the model, which a flattened schema cannot hold. */
  readonly cycles: readonly Cycle[];
  /** The files whose declarations the result depends on. */
  readonly dependencies: readonly string[];
  /** Types read as what their toJSON() returns, at their paths: a schema, but no arguments to map. */
  readonly serialized: readonly Problem[];
  /** A function type: its parameters map to the argument tuple (`single`: one destructured object). */
  readonly call?: "positional" | "single";
}

/**
 * The whole analysis of `schemaOf<T>()`: TypeView -> Model, once per type whatever schema is written
 * of it. Never throws: whatever goes wrong becomes a problem at the call site.
 */
export function analyzeType(view: TypeView, use: TypeUse, options: AnalysisOptions): Analysis {
  view.dependencies(); // what earlier analyses read is theirs
  view.noteWritten(use);
  const ctx = createContext(view, readType);
  let model: Model = { root: { kind: "any" }, defs: {} };
  const parameters = isFunctionType(view, use) ? view.callParameters(use.type)! : undefined;
  const call = parameters ? (isSingleObject(view, parameters) ? "single" : "positional") : undefined;
  try {
    const root = parameters ? readParameters(ctx, parameters, call === "single") : readType(ctx, use, []);
    model = { root, defs: finishedDefinitions(ctx) };
    checkValues(ctx, model, options.additionalProperties === false);
  } catch (error) {
    if (error instanceof TooComplex) {
      report(ctx, Code.TooLarge, [], "the type is too large or too deeply nested to describe as tool arguments; describe a smaller input type.");
    } else {
      report(ctx, Code.Internal, [], `the type could not be read (${describeError(error)}); please report this with the type.`);
    }
  }
  const serialized = ctx.serialized.map(({ path, type, form }): Problem => ({
    code: Code.SerializedArgument,
    path: formatPath(path),
    detail: `'${type}' is written to JSON by its toJSON(), so a model sends what that returns (${form}), and mapArgs cannot make a '${type}' from it; take '${form}' in the arguments and build the '${type}' in the tool.`,
  }));
  return { model, problems: ctx.problems, cycles: ctx.cycles, serialized, dependencies: view.dependencies(), ...(call ? { call } : {}) };
}

/** `typeof fn`, a method type, an arrow type: call signatures and no data of its own. */
function isFunctionType(view: TypeView, use: TypeUse): boolean {
  return view.classify(use.type) === "object" && view.callParameters(use.type) !== undefined && !view.properties(use).some((p) => p.member === "field");
}

/**
 * A function whose only parameter is an object (destructured, or an interface, type literal or
 * class), as every tool framework hands a handler the arguments object: described by that object,
 * not wrapped in one more (`createIssue(input: IssueInput)` takes `{ title, … }`, not `{ input }`).
 */
function isSingleObject(view: TypeView, parameters: readonly ParameterView[]): boolean {
  if (parameters.length !== 1) return false;
  const [only] = parameters;
  if (only.bindings) return true;
  if (only.rest || only.initializer !== undefined) return false;
  // A type with a toJSON() travels as what that returns, which need not be an object.
  if (view.jsonForm(only.use.type)) return false;
  const kind = view.classify(only.use.type);
  // `A & B` of objects is one; `string & Pattern<…>` is a string.
  if (kind === "intersection") return view.intersectionMembers(only.use).every((member) => view.classify(member.type) === "object");
  if (kind !== "object") return false;
  return !view.arrayElement(only.use) && !view.tupleElements(only.use) && !view.callParameters(only.use.type) && !view.platformName(only.use.type);
}
