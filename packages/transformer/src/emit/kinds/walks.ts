/**
 * What a kind module is handed by the walker that calls it: the walker of any child node, and the
 * few things the walker keeps for the whole check (its generated code, how it records an issue).
 * A kind never imports its caller, so the kinds and the three walkers (the full check, the happy
 * path, the interpreter) have no import cycle; a fourth walker is one more interface here.
 */
import type { Checked, Context } from "@schemaof/runtime/interpret";
import type { CoerceRule, Literal, PlanNode } from "@schemaof/runtime/helpers";
import type { GeneratedCode } from "../code/generatedCode";
import { sayCode, type Message } from "../code/messageSource";
import type { RuleTest } from "./keywords";
import { _, empty, join, lit, type Code } from "../code/code";

export type Node<K extends PlanNode["kind"]> = Extract<PlanNode, { kind: K }>;

/**
 * A step of an issue's path: a key or a tuple index known at build time, or a variable holding an
 * array's index (`item`) or an object's key (`entry`, escaped in the pointer) at run time.
 */
export type Segment = { readonly key: string } | { readonly index: number } | { readonly item: Code } | { readonly entry: Code };

export const isStatic = (segment: Segment): segment is { key: string } | { index: number } => "key" in segment || "index" in segment;
export const segmentCode = (segment: Segment): Code =>
  "key" in segment ? lit(segment.key) : "index" in segment ? _`${segment.index}` : "item" in segment ? segment.item : segment.entry;

/** Where the full check is: its context, its path, its depth. */
export interface Scope {
  /** The variable holding the context. */
  readonly ctx: Code;
  /** Variables holding the path prefix and its JSON Pointer (inside a definition's function), or none at the root. */
  readonly base?: { readonly path: Code; readonly pointer: Code };
  /** Path segments below the base. */
  readonly segs: readonly Segment[];
  /** The nesting depth, as code. */
  readonly depth: Code;
  /** The value is known to be a plain object (a discriminated union's case): its object check does not test it again. */
  readonly plain?: true;
  /** A key whose value is known (a discriminated union's case, by its discriminator): its object reads it and checks nothing of it. */
  readonly known?: { readonly key: string; readonly value: Literal };
}

export const below = (scope: Scope, segment: Segment): Scope => ({
  ...scope,
  plain: undefined,
  known: undefined,
  segs: [...scope.segs, segment],
  depth: _`${scope.depth}+1`,
});

/**
 * What the check writes for one node: statements that report every issue of the value, and the
 * expression of its mapped value after them (meaningful only when they reported none): the value
 * itself for a scalar, a variable the statements fill for a container.
 */
export interface CheckCode {
  readonly code: Code;
  readonly out: Code;
}

/** A scalar's check: its mapped value is the value itself. */
export const itself = (code: Code, v: Code): CheckCode => ({ code, out: v });

/**
 * A child's check nested in a block of its parent's (`else{…}`): its result carried out in a
 * variable declared before the block, unless it is the value itself, which the parent can read.
 */
export function carried(gen: GeneratedCode, child: CheckCode, v: Code): { declare: Code; code: Code; out: Code } {
  if (child.out.text === v.text) return { declare: empty, code: child.code, out: v };
  const y = gen.fresh("y");
  return { declare: _`let ${y};`, code: _`${child.code}${y}=${child.out};`, out: y };
}

/** The full check's walker (toCheckSource), as a kind's `check` function sees it. */
export interface CheckWalk {
  readonly gen: GeneratedCode;
  /** Statements that report every issue of `v` against `n`, and its mapped value. */
  node(n: PlanNode, v: Code, scope: Scope): CheckCode;
  /** The happy path's function of `n` (toMapSource's), `(v,d)` to its mapped value: what a union tried member by member maps to. */
  maps(n: PlanNode): Code;
  /** Records an issue at the scope (and `more` below it). */
  fail(scope: Scope, keyword: string, message: Message, ...more: Segment[]): Code;
  /** The issue's path as an expression. */
  path(scope: Scope, ...more: Segment[]): Code;
  /** The issue's JSON Pointer as an expression. */
  pointer(scope: Scope, ...more: Segment[]): Code;
  /** The function that checks a recursive type's definition. */
  def(name: string): Code;
}

/**
 * A `type` issue: `v` is not of the expected JSON type. Where an object or array belongs, JSON text
 * is told to send the value itself (one issue still): the runtime words those two (`ty`) when the
 * issue is, rather than every such place carrying both messages.
 */
export const typeFail = (walk: CheckWalk, scope: Scope, expected: string, n: { readonly nullable?: true }, v: Code) => {
  if (expected !== "object" && expected !== "array") return _`${walk.fail(scope, "type", sayCode.type(expected, !!n.nullable, v))};`;
  return _`${walk.fail(scope, "type", [{ code: _`${walk.gen.h("ty")}(${lit(expected)},${v}${n.nullable ? _`,1` : empty})` }])};`;
};

/** Each broken rule is an issue. */
export const report = (walk: CheckWalk, tests: readonly RuleTest[], scope: Scope) =>
  join(tests.map((t) => _`if(${t.broken})${walk.fail(scope, t.keyword, t.message)};`));

/** Statements to run once a type test has passed: `else{…}`, or nothing when there are none. */
export const otherwise = (code: Code) => (code.text ? _`else{${code}}` : empty);

/** None of the rules is broken, as `&&` terms after a type test. */
export const noneBroken = (tests: readonly RuleTest[]) => join(tests.map((t) => _`&&!(${t.broken})`));

/**
 * A loop over items or keys goes on while the issue list has room: past the cap nothing more is
 * reported, and a million bad items would otherwise each build a message for nothing.
 */
export const full = (scope: Scope) => _`${scope.ctx}.issues.length>=${scope.ctx}.max`;
export const room = (scope: Scope) => _`&&!(${full(scope)})`;

/** Statements that leave the mapped value in `out` (or return F from the function they sit in). */
export interface Mapped {
  readonly code: Code;
  readonly out: Code;
}

/** A kind that maps to itself inline: its test, and what it maps to when not the value itself (a Date). */
export interface Inline {
  readonly test: Code;
  readonly made?: Code;
}

/** The happy path's walker (toMapSource), as a kind's `map` function sees it. */
export interface MapWalk {
  readonly gen: GeneratedCode;
  readonly defs: Readonly<Record<string, PlanNode>>;
  /** `v` checked against `n` at depth `d` (code), mapped. */
  value(n: PlanNode, v: Code, d: Code): Mapped;
  /** A function of the setup, `(v,d)` to the mapped value or F, whose body is given. */
  fn(body: Code): Code;
  /** A recursive type's function, `(v,d)` to the mapped value or F. */
  def(name: string): Code;
}

/** The interpreter's walker: one plan node against one value, the mapped value or FAIL with the issues recorded. */
export type Interpret = (node: PlanNode, value: unknown, ctx: Context) => Checked;

/**
 * The repair pass's walker (toCoerceSource), as a kind's `coerce` function sees it. Its code works on
 * wire values: a variable holding one is given a repaired copy (never changed in place), each repair
 * recorded into `r` at the path `p` the containers keep (push before a child, pop after).
 */
export interface CoerceWalk {
  readonly gen: GeneratedCode;
  readonly defs: Readonly<Record<string, PlanNode>>;
  /** Whether the check was asked to make this repair. */
  has(rule: CoerceRule): boolean;
  /** Statements that repair the value in the variable `v` against `n` (assigning it), or undefined when `n` repairs nothing. */
  value(n: PlanNode, v: Code, d: Code): Code | undefined;
  /** A function of the setup, `(v,d,p,r)` to the repaired value, whose body is given. */
  fn(body: Code): Code;
  /** The happy path's function of `n`, `(v,d)` to the mapped value or F: whether `n` takes a value as it is. */
  maps(n: PlanNode): Code;
}
