// mapArgs and validateArgs through the real transformer: mapping, issues, and hostile input.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createRequire } from "node:module";
import { compilers } from "./lib/compilers.mjs";
import { compileSources } from "./lib/scratch.mjs";

const require = createRequire(import.meta.url);
const { ArgumentsError } = require("@schemaof/runtime");
const [{ ts }] = compilers;

const source = `import { mapArgs, validateArgs, schemaOf, type Integer, type Minimum, type Maximum, type Pattern, type MinLength, type MaxLength, type MinItems } from "@schemaof/runtime";

export interface Search {
  query: string;
  langue?: string & Pattern<"^[a-z]{2}$">;
  /** @default 20 */
  limite?: Integer & Minimum<1> & Maximum<100>;
  note: string | null;
  tags?: string[];
}
export class Loan {
  isbn!: string;
  days = 14;
  due!: Date;
  constructor() {
    (globalThis as any).constructorRan = true;
  }
  overdue(now: Date): boolean {
    return this.due < now;
  }
}
export interface Failure {
  /** @key error.message */
  message: string;
  /** @key error.code */
  code?: number;
  /**
   * @key meta.retry
   * @default false
   */
  retry?: boolean;
  /** @key meta.note */
  note?: string | null;
  status: number;
}
type Payment = { type: "card"; last4: string } | { type: "bank"; iban: string };
export interface Order { payment: Payment; find?: { isbn: string } | { title: string } }
export interface Comment { text: string; replies: Comment[] }
/**
 * @param isbn The book.
 * @param days How long.
 */
export function lend(isbn: string, days: Integer = 7, member?: string): string {
  return [isbn, days, member].join("/");
}
export function search({ query, limit = 10 }: { query: string; limit?: number }): string {
  return query + limit;
}
export interface Counts { one: string & MinLength<1>; two: string & MaxLength<2>; list: string[] & MinItems<1> }
export const checkCounts = (args: unknown) => validateArgs<Counts>(args);
export const mapSearch = (args: unknown) => mapArgs<Search>(args);
export const checkSearch = (args: unknown, options?: any) => validateArgs<Search>(args, options);
export const mapLoan = (args: unknown) => mapArgs<Loan>(args);
export const mapFailure = (args: unknown) => mapArgs<Failure>(args);
export const checkOrder = (args: unknown) => validateArgs<Order>(args);
export const checkComment = (args: unknown) => validateArgs<Comment>(args);
export const callLend = (args: unknown) => lend(...mapArgs<typeof lend>(args));
export const callSearch = (args: unknown) => search(...mapArgs<typeof search>(args));
export function open(input: { title: string; labels?: string[] }): string {
  return input.title + (input.labels ?? []).length;
}
export const callOpen = (args: unknown) => open(...mapArgs<typeof open>(args));
export const checkAny = (args: unknown) => validateArgs<{ payload: unknown; list?: unknown[] }>(args);
export const checkAnyStrict = (args: unknown) => validateArgs<{ payload: unknown; list?: unknown[] }>(args, { unknownKeys: "reject" });
export const checkWords = (args: unknown) => validateArgs<{ counts: Record<string, number> }>(args);
export const checkWrapped = (args: unknown) => validateArgs<{ [row: number]: number } | { wrapped: { [row: number]: number } }>(args);
export const checkWordsStrict = (args: unknown) => validateArgs<{ counts: Record<string, number> }>(args, { unknownKeys: "reject" });
export const checkTags = (args: unknown, options?: any) => validateArgs<{ tags: string[] }>(args, options);
export interface Stay {
  /** @format date */
  day: Date;
}
export const checkDay = (args: unknown) => validateArgs<Stay>(args);
export const checkEither = (args: unknown) => validateArgs<{ tags: string | string[]; when: { kind: "none" } | { kind: "daily"; every: number } }>(args);
export const checkOdd = (args: unknown) => validateArgs<{ "x~y/z": number; scores: Record<string, number> }>(args);
export const searchSchema = schemaOf<Search>();
`;

const compiled = compileSources(ts, { "tools.ts": source })["tools.ts"];
const m = compiled.run();

/** The ArgumentsError `run` throws (failing the test if it throws none, or something else). */
function thrown(run) {
  try {
    run();
  } catch (error) {
    assert.instance(error, ArgumentsError);
    return error;
  }
  assert.unreachable("an ArgumentsError was thrown");
}

test("the module compiles without diagnostics, and plans are hoisted like schemas", () => {
  assert.is(compiled.diagnostics, "");
  assert.is(compiled.typeErrors, "");
  assert.match(compiled.js, /const plan_\d+ = \{"~plan":1,check:\(\)=>\(\(h\)=>\{/, "a check specialised to the type, as code");
  assert.not.match(compiled.js, /mapArgs\)\(args\)/, "every call carries its plan");
});

test("mapping: defaults applied, a missing nullable property becomes null, unknown keys dropped", () => {
  const input = { query: "dune", langue: "fr", extra: 1 };
  assert.equal(m.mapSearch(input), { query: "dune", langue: "fr", limite: 20, note: null });
  assert.equal(input, { query: "dune", langue: "fr", extra: 1 }, "the input is unchanged");
});

test("mapping: unknown keys can be refused instead, as an issue that names the keys the object takes", () => {
  const result = m.checkSearch({ query: "x", extra: 1 }, { unknownKeys: "reject" });
  const message = '/extra is not allowed; allowed keys: "query", "langue", "limite", "note", "tags"';
  assert.equal(result.issues, [{ path: ["extra"], pointer: "/extra", keyword: "additionalProperties", message }]);
});

test("mapping: a class yields an instance (prototype set, fields assigned, constructor not run), dates become Date", () => {
  globalThis.constructorRan = false;
  const loan = m.mapLoan({ isbn: "1", due: "2026-11-30T10:00:00Z" });
  assert.instance(loan, m.Loan);
  assert.is(loan.days, 14);
  assert.instance(loan.due, Date);
  assert.is(loan.due.toISOString(), "2026-11-30T10:00:00.000Z");
  assert.is(loan.overdue(new Date("2027-01-01")), true);
  assert.is(globalThis.constructorRan, false);
});

test("mapping: dotted keys are read from the nested input into the flat properties", () => {
  // `note?: string | null` left out stays out (it was filled with null, as a patch would clear it).
  assert.equal(m.mapFailure({ error: { message: "boom", code: 7 }, status: 500 }), { message: "boom", code: 7, retry: false, status: 500 });
  assert.equal(m.mapFailure({ error: { message: "boom" }, meta: { retry: true }, status: 1 }), { message: "boom", retry: true, status: 1 });
  assert.equal(m.mapFailure({ error: { message: "boom" }, meta: { note: null }, status: 1 }), { message: "boom", retry: false, note: null, status: 1 });
  assert.equal(thrown(() => m.mapFailure({ status: 500 })).issues, [{ path: ["error"], pointer: "/error", keyword: "required", message: "/error required" }]);
});

test("mapping: a function type maps to its argument tuple, so fn(...mapArgs<typeof fn>(args)) works", () => {
  assert.is(m.callLend({ isbn: "42" }), "42/7/");
  assert.is(m.callLend({ isbn: "42", days: 3, member: "ada" }), "42/3/ada");
  assert.is(m.callSearch({ query: "q" }), "q10");
  // One object parameter: the arguments are that object, and the tuple holds it.
  assert.is(m.callOpen({ title: "t", labels: ["a"] }), "t1");
  assert.equal(thrown(() => m.callOpen({ input: { title: "t" } })).issues, [
    { path: ["title"], pointer: "/title", keyword: "required", message: "/title required, expected string" },
  ]);
  // Each parameter is a key of the arguments, with its own issue.
  assert.equal(thrown(() => m.callLend({ days: 1.5 })).issues, [
    { path: ["isbn"], pointer: "/isbn", keyword: "required", message: "/isbn required, expected string" },
    { path: ["days"], pointer: "/days", keyword: "type", message: "/days must be integer, got number 1.5" },
  ]);
});

test("issues: every problem, with path, pointer, keyword and a message that says what to send", () => {
  const result = m.checkSearch({ langue: "FRA", limite: 500, note: 3, tags: ["a", 2] });
  assert.equal(result.issues, [
    { path: ["query"], pointer: "/query", keyword: "required", message: "/query required, expected string" },
    { path: ["langue"], pointer: "/langue", keyword: "pattern", message: '/langue must match ^[a-z]{2}$, got "FRA"' },
    { path: ["limite"], pointer: "/limite", keyword: "maximum", message: "/limite must be <= 100, got 500" },
    { path: ["note"], pointer: "/note", keyword: "type", message: "/note must be string or null, got integer 3" },
    { path: ["tags", 1], pointer: "/tags/1", keyword: "type", message: "/tags/1 must be string, got integer 2" },
  ]);
});

test("issues: a type issue names what came once: a JSON scalar with its type, anything else by what it is", () => {
  const messages = m.checkSearch({ query: "q", tags: [null, true, 1.5, [], {}, () => 1, Symbol("s"), 10n, NaN] }).issues.map((issue) => issue.message);
  assert.equal(messages, [
    "/tags/0 must be string, got null",
    "/tags/1 must be string, got boolean true",
    "/tags/2 must be string, got number 1.5",
    "/tags/3 must be string, got an array",
    "/tags/4 must be string, got an object",
    "/tags/5 must be string, got a function",
    "/tags/6 must be string, got a symbol",
    "/tags/7 must be string, got a bigint",
    "/tags/8 must be string, got non-finite number NaN",
  ]);
});

test("issues: an unknown key is told the keys the object takes, the first 20", () => {
  const { say } = require("@schemaof/reference");
  const keys = Array.from({ length: 21 }, (_, i) => `k${i}`);
  assert.is(say.notAllowed([]), "is not allowed; this object takes no keys");
  assert.is(say.notAllowed(["a b", 'q"']), 'is not allowed; allowed keys: "a b", "q\\""');
  const first20 = keys.slice(0, 20).map((key) => `"${key}"`);
  assert.is(say.notAllowed(keys), `is not allowed; allowed keys: ${first20.join(", ")}, …`);
});

test("issues: a count says 1 character, 1 item, 2 characters", () => {
  assert.equal(
    m.checkCounts({ one: "", two: "abc", list: [] }).issues.map((issue) => issue.message),
    ["/one must have at least 1 character, got 0", "/two must have at most 2 characters, got 3", "/list must have at least 1 item, got 0"],
  );
});

test("issues: a string that came is shown quoted as JSON, and cut after 40 characters", () => {
  const shown = (langue) => m.checkSearch({ query: "q", langue }).issues[0].message;
  assert.is(shown('a"b'), '/langue must match ^[a-z]{2}$, got "a\\"b"');
  assert.is(shown("a\nb"), '/langue must match ^[a-z]{2}$, got "a\\nb"');
  assert.is(shown("x".repeat(40)), `/langue must match ^[a-z]{2}$, got "${"x".repeat(40)}"`);
  assert.is(shown("x".repeat(10_000_000)), `/langue must match ^[a-z]{2}$, got "${"x".repeat(40)}…"`);
  assert.is(shown("\ud800"), '/langue must match ^[a-z]{2}$, got "\\ud800"');
});

test("issues: what reorders or hides text (U+202E, U+200B, U+FEFF, line breaks) is shown escaped, in values and in keys", () => {
  const shown = (langue) => m.checkSearch({ query: "q", langue }).issues[0].message;
  assert.is(shown("\u202eab"), '/langue must match ^[a-z]{2}$, got "\\u202eab"');
  assert.is(shown("a\u200bb\ufeff"), '/langue must match ^[a-z]{2}$, got "a\\u200bb\\ufeff"');
  const [issue] = m.checkSearch({ query: "q", "\u202e\nx": 1 }, { unknownKeys: "reject" }).issues;
  assert.is(issue.pointer, "/\u202e\nx", "the pointer keeps the key as it is");
  assert.match(issue.message, /^\/\\u202e\\nx is not allowed; /);
});

test("issues: JSON Pointers escape ~ and / in static and dynamic keys", () => {
  const issues = m.checkOdd({ "x~y/z": "1", scores: { "a/b~c": "x", ok: 1 } }).issues;
  assert.equal(
    issues.map((i) => [i.pointer, i.path]),
    [
      ["/x~0y~1z", ["x~y/z"]],
      ["/scores/a~1b~0c", ["scores", "a/b~c"]],
    ],
  );
});

test("ArgumentsError lists the issues one a line, readable by a model as it is", () => {
  try {
    m.mapSearch({ limite: 0 });
    assert.unreachable();
  } catch (error) {
    assert.instance(error, ArgumentsError);
    assert.is(error.message, "Invalid arguments:\n- /query required, expected string\n- /limite must be >= 1, got 0");
  }
});

test("a Date with @format date is sent as a calendar date and mapped to midnight UTC", () => {
  const { value, issues } = m.checkDay({ day: "2026-11-30" });
  assert.is(issues, undefined, JSON.stringify(issues));
  assert.ok(value.day instanceof Date);
  assert.is(value.day.toISOString(), "2026-11-30T00:00:00.000Z");
  assert.equal(
    m.checkDay({ day: "2026-11-30T10:00:00Z" }).issues.map((issue) => issue.message),
    ['/day must be a valid date, got "2026-11-30T10:00:00Z"'],
  );
});

test("a union whose member the value's JSON type selects reports that member's issues; a missing discriminator is required", () => {
  assert.equal(
    m.checkEither({ tags: ["a", 2], when: {} }).issues.map((issue) => [issue.keyword, issue.message]),
    [
      ["type", "/tags/1 must be string, got integer 2"],
      ["required", '/when/kind required, expected one of "none", "daily"'],
    ],
  );
  // No member takes a boolean: the summary of the forms.
  assert.equal(
    m.checkEither({ tags: true, when: { kind: "none" } }).issues.map((issue) => issue.keyword),
    ["anyOf"],
  );
});

test("discriminated union: the selected member's issues, or one enum issue on the discriminator", () => {
  assert.equal(
    m.checkOrder({ payment: { type: "bank", last4: "1" } }).issues.map((i) => i.message),
    ["/payment/iban required, expected string"],
  );
  assert.equal(m.checkOrder({ payment: { type: "cash" } }).issues, [
    { path: ["payment", "type"], pointer: "/payment/type", keyword: "enum", message: '/payment/type must be one of "card", "bank", got "cash"' },
  ]);
  const other = m.checkOrder({ payment: { type: "card", last4: "1" }, find: { author: "x" } }).issues;
  assert.equal(
    other.map((i) => [i.keyword, i.message]),
    [["anyOf", "/find must be an object with isbn, or an object with title"]],
  );
});

test("recursive types are checked at run time, whatever the schema option", () => {
  assert.equal(m.checkComment({ text: "a", replies: [{ text: "b", replies: [] }] }), { value: { text: "a", replies: [{ text: "b", replies: [] }] } });
  assert.equal(
    m.checkComment({ text: "a", replies: [{ text: "b" }] }).issues.map((i) => i.pointer),
    ["/replies/0/replies"],
  );
});

test("safety: a __proto__ key never reaches the result or a prototype; constructor and prototype are data", () => {
  const hostile = JSON.parse('{"payload":{"__proto__":{"polluted":true},"constructor":{"prototype":{"bad":1}},"ok":1},"__proto__":{"polluted":true}}');
  const result = m.checkAny(hostile);
  // As JSON: uvu's deep equality reads `.constructor`, which is data here.
  assert.is(JSON.stringify(result.value), '{"payload":{"constructor":{"prototype":{"bad":1}},"ok":1}}');
  assert.ok(Object.hasOwn(result.value.payload, "constructor") && Object.getPrototypeOf(result.value.payload) === Object.prototype);
  assert.is({}.polluted, undefined);
  assert.is(Object.prototype.bad, undefined);
  assert.not.ok(Object.hasOwn(result.value.payload, "__proto__"));
  // A map's keys alike: the words a model counts are kept, whatever they are.
  const counts = m.checkWords(JSON.parse('{"counts":{"constructor":1,"prototype":2,"__proto__":3,"ok":4}}'));
  assert.is(JSON.stringify(counts.value), '{"counts":{"constructor":1,"prototype":2,"ok":4}}');
  assert.ok(Object.hasOwn(counts.value.counts, "constructor") && Object.getPrototypeOf(counts.value.counts) === Object.prototype);
});

test("union: a map of numeric keys does not take a value whose keys it would drop", () => {
  assert.equal(m.checkWrapped({ wrapped: { 1: 2 } }).value, { wrapped: { 1: 2 } });
  assert.equal(m.checkWrapped({ 1: 2 }).value, { 1: 2 });
});

test("safety: under unknownKeys reject, a __proto__ key is an issue where it is, never left out in silence", () => {
  const proto = "/counts/__proto__ is not allowed: JavaScript reads a key named __proto__ as the prototype; send this under another key";
  const counts = m.checkWordsStrict(JSON.parse('{"counts":{"a":1,"__proto__":"x","constructor":2}}'));
  assert.equal(
    counts.issues.map((i) => [i.pointer, i.keyword, i.message]),
    [
      ["/counts/__proto__", "type", '/counts/__proto__ must be number, got string "x"'],
      ["/counts/__proto__", "propertyNames", proto],
    ],
  );
  assert.is(JSON.stringify(m.checkWordsStrict(JSON.parse('{"counts":{"a":1,"constructor":2}}')).value), '{"counts":{"a":1,"constructor":2}}');
  const any = m.checkAnyStrict(JSON.parse('{"payload":{"b":[{"__proto__":1}],"c":true}}'));
  assert.equal(
    any.issues.map((i) => [i.pointer, i.keyword]),
    [["/payload/b/0/__proto__", "propertyNames"]],
  );
});

test("safety: values JSON cannot carry are issues", () => {
  const bad = { payload: { f() {}, s: Symbol("x"), n: NaN, i: Infinity, d: new Date(0), b: 10n }, list: [1, undefined, 3] };
  const issues = m.checkAny(bad).issues.map((i) => [i.pointer, i.keyword, i.message]);
  assert.equal(issues, [
    ["/payload/f", "type", "/payload/f must be a JSON value, got a function"],
    ["/payload/s", "type", "/payload/s must be a JSON value, got a symbol"],
    ["/payload/n", "type", "/payload/n must be a JSON value, got NaN"],
    ["/payload/i", "type", "/payload/i must be a JSON value, got Infinity"],
    ["/payload/d", "type", "/payload/d must be a JSON value, got Date instance"],
    ["/payload/b", "type", "/payload/b must be a JSON value, got a bigint"],
    ["/list/1", "type", "/list/1 must be a JSON value, got undefined"],
  ]);
  assert.equal(m.checkSearch("not an object").issues, [
    { path: [], pointer: "", keyword: "type", message: 'the arguments must be object, got string "not an object"' },
  ]);
  assert.equal(
    m.checkSearch(new Map()).issues.map((i) => [i.pointer, i.keyword]),
    [["", "type"]],
  );
});

test("safety: a getter or a proxy that throws while the arguments are read is one issue, never the exception", () => {
  const revocable = Proxy.revocable({}, {});
  revocable.revoke();
  const unshowable = {
    get message() {
      throw new Error("again");
    },
  };
  const hostile = [
    [
      {
        get query() {
          throw new Error("boom");
        },
      },
      '"boom"',
    ],
    [
      {
        query: "q",
        tags: new Proxy([], {
          get() {
            throw new Error("trap");
          },
        }),
      },
      '"trap"',
    ],
    [
      new Proxy(
        {},
        {
          getPrototypeOf() {
            throw new Error("no prototype");
          },
        },
      ),
      '"no prototype"',
    ],
    [revocable.proxy, `"Cannot perform 'get' on a proxy that has…"`],
    [
      {
        get query() {
          throw Object.setPrototypeOf(unshowable, Error.prototype);
        },
      },
      "it threw",
    ],
  ];
  for (const [args, shown] of hostile) {
    const issues = [{ path: [], pointer: "", keyword: "type", message: `the arguments could not be read: ${shown}` }];
    assert.equal(m.checkSearch(args).issues, issues);
    assert.equal(m.checkSearch(args, { unknownKeys: "reject" }).issues, issues);
    assert.equal(thrown(() => m.mapSearch(args)).issues, issues);
  }
});

test("safety: 100,000 levels of nesting end in an issue, not a stack overflow", () => {
  let deep = [];
  for (let i = 0; i < 100_000; i++) deep = [deep];
  // One issue, at the array 256 levels below the root's (the root object is the first).
  const zeros = Array(255).fill(0);
  assert.equal(m.checkAny({ payload: deep }).issues, [
    {
      path: ["payload", ...zeros],
      pointer: `/payload/${zeros.join("/")}`,
      keyword: "depth",
      message: `/payload/${zeros.join("/")} is nested deeper than 256 levels`,
    },
  ]);
  let comment = { text: "x", replies: [] };
  for (let i = 0; i < 100_000; i++) comment = { text: "x", replies: [comment] };
  // A recursive type counts its reference as a level too (three a reply: the reference, the object,
  // its replies), so the check stops 85 replies down.
  const replies = Array(85).fill(["replies", 0]).flat();
  assert.equal(
    m.checkComment(comment).issues.map((i) => [i.path, i.pointer, i.keyword]),
    [[replies, `/${replies.join("/")}`, "depth"]],
  );
});

test("safety: a million items are checked, and the issues stop at the cap", () => {
  const big = { tags: Array.from({ length: 1_000_000 }, (_, i) => (i % 2 ? i : "x")) };
  // Every odd index holds a number: the first 100 of them are the issues (the first 5 with maxIssues: 5).
  const odd = (count) =>
    Array.from({ length: count }, (_, i) => 2 * i + 1).map((index) => ({
      path: ["tags", index],
      pointer: `/tags/${index}`,
      keyword: "type",
      message: `/tags/${index} must be string, got integer ${index}`,
    }));
  assert.equal(m.checkTags(big).issues, odd(100));
  assert.equal(m.checkTags(big, { maxIssues: 5 }).issues, odd(5));
  assert.is(m.checkTags({ tags: Array(1_000_000).fill("x") }).value.tags.length, 1_000_000);
});

test("safety: the input is never mutated, even when defaults are filled in", () => {
  const input = Object.freeze({ query: "q", tags: Object.freeze(["a"]) });
  const mapped = m.mapSearch(input);
  assert.is.not(mapped.tags, input.tags, "arrays are copied");
  mapped.tags.push("b");
  assert.equal(input.tags, ["a"]);
});

test("safety: the result never shares an object or an array with the input, even when nothing is mapped", () => {
  const order = { payment: { type: "card", last4: "4242" }, find: { isbn: "1" } };
  const mapped = m.checkOrder(order).value;
  assert.equal(mapped, order);
  assert.is.not(mapped, order);
  assert.is.not(mapped.payment, order.payment);
  assert.is.not(mapped.find, order.find);
  const tags = { tags: ["a", "b"] };
  assert.is.not(m.checkTags(tags).value.tags, tags.tags);
  const any = { payload: { deep: [{ x: 1 }] } };
  const copied = m.checkAny(any).value;
  assert.equal(copied, any);
  assert.is.not(copied.payload.deep[0], any.payload.deep[0]);
});

test("safety: no regular expression is compiled per call", () => {
  m.checkSearch({ query: "q", langue: "fr" });
  const Original = globalThis.RegExp;
  let constructed = 0;
  globalThis.RegExp = new Proxy(Original, {
    construct(target, args) {
      constructed++;
      return new target(...args);
    },
  });
  try {
    for (let i = 0; i < 10; i++) m.checkSearch({ query: "q", langue: "fr" });
  } finally {
    globalThis.RegExp = Original;
  }
  assert.is(constructed, 0);
});

test("a plan with no generated check (a runtime ahead of its transformer) is said so when called", () => {
  const { validateArgs } = require("@schemaof/runtime");
  assert.throws(
    () => validateArgs({}, { "~plan": 1 }),
    /this plan has no generated check; build with the @schemaof\/transformer of @schemaof\/runtime's version/,
  );
});

test("validateArgs never throws, whatever it is given: what is no object is one type issue at the root, an object without query its required issue", () => {
  const notObject = (got) => ({ issues: [{ path: [], pointer: "", keyword: "type", message: `the arguments must be object, got ${got}` }] });
  const noQuery = { issues: [{ path: ["query"], pointer: "/query", keyword: "required", message: "/query required, expected string" }] };
  for (const [value, expected] of [
    [undefined, notObject("undefined")],
    [null, notObject("null")],
    [0, notObject("integer 0")],
    ["", notObject('string ""')],
    [[], notObject("an array")],
    [() => 1, notObject("a function")],
    [Symbol("s"), notObject("a symbol")],
    [new Proxy({}, {}), noQuery],
    [Object.create(null), noQuery],
  ]) {
    assert.equal(m.checkSearch(value), expected);
  }
});

test("a call no host rewrote throws, naming every host that rewrites it, the loader included", () => {
  const runtime = require("@schemaof/runtime");
  const calls = {
    "schemaOf<T>()": () => runtime.schemaOf(),
    "mapArgs<T>()": () => runtime.mapArgs({}),
    "validateArgs<T>()": () => runtime.validateArgs({}),
    "standardSchemaOf<T>()": () => runtime.standardSchemaOf(),
    "toolOf(fn)": () => runtime.toolOf(() => 1),
  };
  for (const [name, call] of Object.entries(calls)) {
    const error = (() => {
      try {
        call();
      } catch (caught) {
        return caught;
      }
    })();
    assert.ok(error instanceof Error, name);
    assert.ok(error.message.startsWith(`${name} was not rewritten at build time`), error.message);
    for (const host of ["npx schemaof build", "tspc", "node --import @schemaof/transformer/register --import tsx", "@schemaof/unplugin"]) {
      assert.ok(error.message.includes(host), `${name}: ${host}`);
    }
  }
});

test.run();
