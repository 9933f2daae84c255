import type * as ts from "typescript";
import type { Compiler, CType } from "../compiler/Compiler";
import type { TypeView } from "../types/TypeView";
import { createTypeView } from "../types/createTypeView";
import { analyzeType, type Analysis } from "../analyze/analyzeCall";
import { findCalls } from "../discover/findCalls";
import { takesType } from "../discover/intrinsics";
import type { CallOptions } from "../discover/readOptions";
import { findClassValue } from "../discover/findClassValue";
import { toPlan } from "../emit/plan/toPlan";
import { toPlanEntries } from "../emit/code/toPlanEntries";
import { coerceRules } from "@schemaof/runtime/helpers";
import { SchemaTooLarge } from "../emit/schema/toJsonSchema";
import { sendsNullForAbsent } from "../emit/schema/targetRules";
import { writeSchema } from "../emit/schema/writeSchema";
import { toSource } from "../print/toSource";
import { toReports, type Report } from "../diagnostics/report";
import { Code, type Problem } from "../diagnostics/messages";
import type { CallRewrite, Constant, FileRewrite } from "./Rewrite";
import type { Site } from "./Site";
import { rewriteCall } from "./rewriteCall";
import { checkToolCall } from "./checkToolCall";
import { rewriteTool } from "./rewriteTool";
import { lintCalls } from "../lint/lintCalls";
import { runtimeMismatch } from "./runtimeVersion";
import { dirname } from "node:path";

/** What every file of one program shares: the compiler, its TypeView, the project's options. */
export interface Project {
  readonly compiler: Compiler;
  readonly view: TypeView;
  /** The project's call options, from the plugin entry in tsconfig.json. */
  readonly defaults: CallOptions;
  /** Analyses by type and options, shared by every call of the program that asks the same. */
  readonly cache: Map<string, Analysis>;
  readonly report: (report: Report) => void;
  /** Names the project's modules re-export an intrinsic under (`export { schemaOf as describe }`). */
  readonly aliases?: ReadonlySet<string>;
  /** False when the program is checked without strictNullChecks: every call is told what that changes. */
  readonly strictNullChecks?: boolean;
}

/** A project over a compiler: its TypeView and an empty cache of analyses, with the host's options and report. */
export function createProject(compiler: Compiler, host: Omit<Project, "compiler" | "view" | "cache">): Project {
  return { compiler, view: createTypeView(compiler), cache: new Map(), ...host };
}

/**
 * Every call of ours in a file, decided: what replaces it and the module constants it reads.
 * Undefined when the file calls none. Problems go to `project.report`; a call with problems is
 * left as it is (it throws "not transformed" if it ever runs), and the build fails on the report.
 */
export function rewriteFile(project: Project, sourceFile: ts.SourceFile): FileRewrite | undefined {
  const { compiler } = project;
  const fail = (node: ts.Node, subject: string, problems: readonly Problem[]): undefined => {
    for (const report of toReports(node, subject, problems)) project.report(report);
    return undefined;
  };
  /** A fault of ours becomes a diagnostic at the call, never an exception out of the compiler. */
  const internal = (call: ts.CallExpression, error: unknown) => {
    const detail = `${error instanceof Error ? error.message.split("\n")[0] : String(error)}; please report this with the type.`;
    fail(call, call.expression.getText(sourceFile), [{ code: Code.Internal, path: "(root)", detail }]);
  };

  const found = findCalls(compiler, sourceFile, internal, project.aliases);
  if (found.length === 0) return undefined;

  const constants = new Map<string, Constant>();
  const dependencies = new Set([sourceFile.fileName]);
  // The generated checks call the runtime's helpers through one namespace import, added once.
  const helpers = freeName("__schemaof", sourceFile.text);
  let usesHelpers = false;
  const constant = (made: Constant) => {
    const known = constants.get(made.key);
    if (known) return known;
    constants.set(made.key, made);
    return made;
  };

  const site: Site = {
    compiler,
    view: project.view,
    sourceFile,
    defaults: project.defaults,
    helpers,
    fail,
    analyze(type, origin, options) {
      // The type as written too: the same type written `Page<"z" | "a">` and `Page<"a" | "z">` keeps each its order;
      // and where: `MyString` of two files can be two aliases of `string`, one with `@minLength 10`.
      const written = origin ? `${sourceFile.fileName}|${origin.getText()}` : "node-less";
      // Not the schema's form (`refs`): one analysis serves the flattened schema, the $defs one and the plan.
      const key = `${compiler.idOf(type)}|${written}|${options.additionalProperties === false}`;
      let analysis = project.cache.get(key);
      if (!analysis) {
        analysis = analyzeType(project.view, { type: type as never, origin: origin as never }, { additionalProperties: options.additionalProperties });
        project.cache.set(key, analysis);
      }
      analysis.dependencies.forEach((file) => dependencies.add(file));
      return analysis;
    },
    plan(analysis, options, at, subject, typeNode) {
      const mismatch = runtimeMismatch(dirname(sourceFile.fileName));
      if (mismatch) return fail(at, subject, [{ code: Code.RuntimeVersion, path: "(root)", detail: mismatch }]);
      // What a plan maps must come back as the type; a toJSON() form cannot.
      // Recursion is always allowed at run time: the refs choice is about what the model is shown.
      const checked = writeSchema(analysis, { refs: true, additionalProperties: options.additionalProperties });
      if (!checked.schema) return fail(at, subject, checked.problems);
      if (analysis.serialized.length) return fail(at, subject, analysis.serialized);
      let plan;
      try {
        // Under openai-strict the arguments come with `null` for optional properties left out.
        const nullsAbsent = sendsNullForAbsent(options.target);
        plan = toPlan(analysis.model, { refs: true, additionalProperties: options.additionalProperties, nullsAbsent }, analysis.call);
      } catch (error) {
        if (!(error instanceof SchemaTooLarge)) throw error;
        return fail(at, subject, [{ code: Code.TooLarge, path: "(root)", detail: "its run-time plan is too large to emit; describe a smaller input type." }]);
      }
      const classRef = analysis.call || !typeNode ? undefined : findClassValue(compiler, typeNode, sourceFile);
      usesHelpers = true;
      const entries = toPlanEntries(plan, analysis.call, helpers, coerceRules(options.coerce));
      // The project's choice for unknown keys rides on the plan, as the default of every check made of it.
      if (options.unknownKeys) entries.push(["unknownKeys", JSON.stringify(options.unknownKeys)]);
      const key = entries.map(([name, text]) => `${name}:${text}`).join(",") + (classRef ? `,cls:${classRef.text}` : "");
      const classDeclaredHere = classRef !== undefined && classRef === (typeNode as ts.TypeReferenceNode).typeName;
      return constant({ kind: "plan", key, entries, classRef, origin: typeNode ?? at, ...(classDeclaredHere ? { classDeclaredHere } : {}) });
    },
    schema(schema, at) {
      const text = toSource(schema as never);
      return constant({ kind: "schema", key: text, entries: [[undefined, text]], value: schema, origin: at });
    },
  };

  const calls: CallRewrite[] = [];
  for (const { call, intrinsic } of found) {
    if (project.strictNullChecks === false) {
      const subject =
        call.expression.getText(sourceFile) + (call.typeArguments ? `<${call.typeArguments.map((node) => node.getText(sourceFile)).join(", ")}>` : "");
      fail(call, subject, [{ code: Code.NoStrictNullChecks, path: "(root)", detail: NO_STRICT }]);
    }
    try {
      // A call that describes its type argument, or a tool made of the function it is handed.
      const rewrite = takesType(intrinsic) ? rewriteCall(site, call, intrinsic) : intrinsic === "toolOf" ? rewriteTool(site, call) : checkToolCall(site, call);
      if (rewrite) calls.push(rewrite);
    } catch (error) {
      internal(call, error);
    }
  }
  // What a model will read of each tool, judged once the file's tools are known (lint/).
  lintCalls(calls, project.defaults.lint, project.report);
  return { calls, constants: [...constants.values()], ...(usesHelpers ? { helpers } : {}), dependencies: [...dependencies] };
}

const NO_STRICT =
  'without "strict" (or "strictNullChecks") TypeScript erases null and undefined from every type, so `T | null` reads as `T` (a null a model sends is refused) ' +
  'and `x: T | undefined` as a required `x`; set "strict": true in tsconfig.json.';

/** `base`, or `base_2`, `base_3`…: a name the text does not already spell anywhere. */
export function freeName(base: string, text: string): string {
  let name = base;
  for (let n = 2; text.includes(name); n++) name = `${base}_${n}`;
  return name;
}
