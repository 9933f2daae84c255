import type * as ts from "typescript";
import type MagicString from "magic-string";
import type { Constant, FileRewrite, Piece } from "../rewrite/Rewrite";
import { toSource, propertyName } from "../print/toSource";
import { constantText } from "./constantText";

/** Where a call of ours is in the text being edited: its span, its callee's (with any type arguments) and its arguments'. */
export interface CallSpan {
  readonly start: number;
  readonly end: number;
  readonly callee: Span;
  readonly arguments: readonly Span[];
}
type Span = { readonly start: number; readonly end: number };

/** How a text host finds what it edits: the emitted JavaScript (toEdits) or the TypeScript source (toSourceEdits). */
export interface EditTarget {
  /** The span of a source call in the text. */
  callSpan(call: ts.CallExpression): CallSpan;
  /** The text of a source expression there (`Loan`, or `loan_js_1.Loan` in emitted CommonJS). */
  reference(node: ts.Node): string;
  /** Whether the text is a CommonJS module, whose checks are handed every helper at once (see boundToAll). */
  readonly commonJs?: boolean;
}

/** `schema_1`, `plan_1`…: a name per constant that neither text spells already. */
export function constantNames(rewrite: FileRewrite, taken: string): Map<Constant, string> {
  const names = new Map<Constant, string>();
  const counters = { schema: 0, plan: 0 };
  for (const constant of rewrite.constants) {
    let name: string;
    do name = `${constant.kind}_${++counters[constant.kind]}`;
    while (new RegExp(`\\b${name}\\b`).test(taken));
    names.set(constant, name);
  }
  return names;
}

/**
 * Each call of the rewrite, edited in place in `out`; returns the constants' declarations
 * (`const schema_1 = …;`), for the host to place after the imports.
 */
export function editCalls(out: MagicString, rewrite: FileRewrite, target: EditTarget, names: Map<Constant, string>): string[] {
  function piece(part: Piece): string {
    if ("constant" in part) return names.get(part.constant)!;
    if ("json" in part) return toSource(part.json);
    if ("object" in part) return `{ ${part.object.map(([key, value]) => `${propertyName(key)}: ${piece(value)}`).join(", ")} }`;
    // `catalogue` of `toolOf(catalogue.search)`, as the text spells it (`catalogue_1.catalogue`, or lowered from `?.`).
    return target.reference(part.receiver);
  }

  // Edits inside a range another edit drops (a standardSchemaOf's options) are left to that edit.
  const dropped: [number, number][] = [];
  for (const rewriteOfCall of rewrite.calls) {
    const call = target.callSpan(rewriteOfCall.call);
    if (dropped.some(([start, end]) => start <= call.start && call.end <= end)) continue;
    if (rewriteOfCall.kind === "replace") {
      // contentOnly: what an outer call appended at this call's end (its plan) stays.
      out.overwrite(call.start, call.end, piece(rewriteOfCall.by), { contentOnly: true });
      dropped.push([call.start, call.end]);
      continue;
    }
    if (rewriteOfCall.callee) out.overwrite(call.callee.start, call.callee.end, rewriteOfCall.callee);
    const args = call.arguments;
    const keep = rewriteOfCall.keep;
    const added = [...Array.from({ length: Math.max(0, keep - args.length) }, () => "void 0"), ...rewriteOfCall.add.map((part) => piece(part))];
    if (keep < args.length) {
      const from = keep === 0 ? args[0].start : args[keep - 1].end;
      out.remove(from, args[args.length - 1].end);
      dropped.push([from, args[args.length - 1].end]);
      out.appendLeft(from, (keep === 0 ? "" : ", ") + added.join(", "));
    } else if (args.length === 0) {
      out.appendLeft(call.end - 1, added.join(", "));
    } else {
      out.appendLeft(args[args.length - 1].end, `, ${added.join(", ")}`);
    }
  }

  const constantSource = (constant: Constant) => {
    const { classRef } = constant;
    const reference = classRef && (constant.classDeclaredHere ? classRef.text : target.reference(classRef));
    return constantText(constant, reference, target.commonJs ? rewrite.helpers : undefined);
  };
  return rewrite.constants.map((constant) => `const ${names.get(constant)} = ${constantSource(constant)};`);
}
