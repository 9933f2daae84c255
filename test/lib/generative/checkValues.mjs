// On values read off each emitted schema (values.mjs): `validateArgs<T>(a)` gives ajv 2020's
// verdict on the emitted schema, and `validateArgs<T>(a, { unknownKeys: "reject" })` ajv's verdict
// on the `additionalProperties: false` schema, and on the emitted schema closed by the test
// (closedSchema.mjs); the flat and `$refs` schemas agree; `mapArgs<T>(a)` throws exactly where
// validateArgs refuses, and what it returns for a value ajv takes, once through JSON, passes the
// emitted schema; `validateArgs<T>(a, { coerce: true })`, on those values and on the same with a
// model's mistake at one place, answers as the plain check or repairs into a value the schema takes
// (test/lib/repairs.mjs).
import { createAjv } from "../ajv.mjs";
import { shown } from "./failures.mjs";
import { mistakesFor, valuesFor } from "./values.mjs";
import { checkRepair } from "../repairs.mjs";
import { closedSchema } from "./closedSchema.mjs";

export const VALUE_GROUPS = {
  strict: "ajv (strict) cannot compile an emitted schema",
  drop: "validateArgs (drop) disagrees with ajv on the emitted schema",
  reject: 'validateArgs (unknownKeys: "reject") disagrees with ajv on the additionalProperties: false schema',
  unknown: 'validateArgs (unknownKeys: "reject") disagrees with ajv on the emitted schema with every object closed',
  refs: "the flat and $refs schemas disagree on a value",
  mapThrows: "mapArgs and validateArgs disagree on whether a value is taken",
  mapped: "mapArgs' result (through JSON) fails the emitted schema",
  kept: 'validateArgs (unknownKeys: "reject") takes a value without unknown keys but leaves out a key of it',
  coerce: "validateArgs (coerce: true) repairs into what the schema refuses, or answers otherwise than the plain check",
};

// ownProperties: a key Object.prototype has (`hasOwnProperty`) is absent unless the value holds it as
// its own; by default ajv reads the inherited method. verbose: the schema of each error, for its kind.
// No optimising pass over the generated code: half the time of thousands of compilations. (allErrors
// stays on: without it ajv 8.20 does not check `required: [""]`.)
const ajv = createAjv({ ownProperties: true, verbose: true, code: { optimize: false } });
const compiled = new Map();
/** ajv's validator of a schema, one per distinct schema text. */
const validatorOf = (schema) => {
  const text = JSON.stringify(schema);
  if (!compiled.has(text)) compiled.set(text, ajv.compile(schema));
  return compiled.get(text);
};
const RANGE = new Set(["pattern", "minLength", "maxLength", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "format"]);

/**
 * ajv's verdict, or undefined where ajv itself throws: its deep equality (uniqueItems, enum) calls a
 * value's own `toString` or `valueOf` key as a method, so `{"toString": 1}` is a TypeError there.
 */
const judge = (validate, value) => {
  try {
    return validate(value);
  } catch {
    return undefined;
  }
};
const verdict = (validate, value) => (validate(value) ? "valid" : `invalid: ${ajv.errorsText(validate.errors)}`);
const answer = (result) => (result.issues ? `refused: ${result.issues.map((issue) => issue.message).join("; ")}` : `taken as ${shown(result.value, 300)}`);

/**
 * What kind of disagreement: ajv refusing by a constraint on a literal or enum, by a key of an object
 * that declares no property (only patterns, or nothing), or by which keywords.
 */
function kindOf(validate, valid) {
  if (valid) return "ajv takes the value";
  if (validate.errors.some((e) => RANGE.has(e.keyword) && (e.parentSchema?.enum || "const" in (e.parentSchema ?? {}))))
    return "ajv refuses it by a constraint on a literal or enum";
  const open = validate.errors.find((e) => e.keyword === "additionalProperties" && !e.parentSchema?.properties);
  if (open) return `ajv refuses a key of an object with ${open.parentSchema.patternProperties ? "pattern keys only" : "no properties"}`;
  const keywords = new Set(validate.errors.map((e) => e.keyword).filter((k) => !["anyOf", "enum", "type", "required"].includes(k)));
  return `ajv refuses it by ${[...keywords].sort().join(", ") || "type"}`;
}

/**
 * `schemasOf(c)` and `checksOf(c)` (drop, reject, map, where each became one); `runs` values a type.
 * Returns how many values were compared, how many ajv could not judge, and how many schemas it compiled.
 */
export function checkValues(cases, { schemasOf, checksOf, seed, runs }, failures) {
  const counts = { values: 0, unjudged: 0, repaired: 0 };
  for (const c of cases) {
    const schemas = schemasOf(c);
    const checks = checksOf(c);
    const emitted = schemas.flat ?? schemas.refs;
    if (!emitted || !checks.drop) continue;
    const compile = (schema, call) => {
      try {
        return schema && validatorOf(schema);
      } catch (error) {
        failures.add(VALUE_GROUPS.strict, { type: c.type, call, detail: error.message });
      }
    };
    const main = compile(emitted, schemas.flat ? "flat" : "refs");
    if (!main) continue;
    const validators = {
      main,
      refs: schemas.flat && schemas.refs !== schemas.flat ? compile(schemas.refs, "refs") : undefined,
      closed: compile(schemas.closed, "closed"),
      unknown: compile(closedSchema(emitted), schemas.flat ? "flat" : "refs"),
    };
    for (const value of valuesFor(emitted, seed + c.type.index, runs)) {
      const valid = judge(main, value);
      if (valid === undefined) counts.unjudged++;
      else (counts.values++, checkValue(c, value, valid, checks, validators, failures));
    }
    if (checks.coerce) {
      const held = { coerce: checks.coerce, plain: checks.drop, accepts: (value) => judge(main, value) === true };
      for (const value of mistakesFor(emitted, seed + c.type.index, runs)) checkCoerced(c, value, held, counts, failures);
    }
  }
  counts.compiled = compiled.size;
  return counts;
}

function checkValue(c, value, valid, checks, { main, refs, closed, unknown }, failures) {
  const at = { type: c.type, value };
  const dropped = checks.drop(value);
  if ((dropped.issues === undefined) !== valid)
    failures.add(VALUE_GROUPS.drop, {
      ...at,
      call: "drop",
      kind: kindOf(main, valid),
      detail: `ajv: ${verdict(main, value)}\nvalidateArgs: ${answer(dropped)}`,
    });
  if (refs && judge(refs, value) === !valid)
    failures.add(VALUE_GROUPS.refs, { ...at, call: "refs", detail: `flat: ${verdict(main, value)}\n$refs: ${verdict(refs, value)}` });
  // Where the two disagree, the reject check's answer is the drop group's.
  if (checks.reject && (dropped.issues === undefined) === valid) {
    const rejected = checks.reject(value);
    const verdicts = [];
    for (const [group, validate] of [
      [VALUE_GROUPS.reject, closed],
      [VALUE_GROUPS.unknown, unknown],
    ]) {
      const closedValid = validate && judge(validate, value);
      verdicts.push(closedValid);
      // A `__proto__` key is never kept, so a caller that rejects unknown keys hears of it even where
      // the closed schema takes it (a map's key, an unknown's): docs/runtime.md, "Safety".
      const expected = closedValid && !holdsProto(value);
      if (closedValid === undefined || (rejected.issues === undefined) === expected) continue;
      failures.add(group, {
        ...at,
        call: "reject",
        kind: kindOf(validate, closedValid),
        detail: `ajv: ${verdict(validate, value)}\nvalidateArgs: ${answer(rejected)}`,
      });
    }
    // A value without unknown keys (closed, ajv takes it) that the check takes must come back whole.
    const lost = !rejected.issues && verdicts[1] === true ? missingKey(value, rejected.value) : undefined;
    if (lost) failures.add(VALUE_GROUPS.kept, { ...at, call: "reject", detail: `validateArgs: ${answer(rejected)}\nleft out: ${lost}` });
  }
  if (checks.map) checkMapped(at, valid, dropped, checks.map, main, failures);
  if (checks.coerce) checkCoerced(c, value, { coerce: checks.coerce, plain: checks.drop, accepts: (v) => judge(main, v) === true }, undefined, failures);
}

function checkCoerced(c, value, held, counts = { repaired: 0 }, failures) {
  const problem = checkRepair(held, value, counts);
  if (problem) failures.add(VALUE_GROUPS.coerce, { type: c.type, value, call: "coerce", detail: problem });
}

function checkMapped(at, valid, dropped, map, main, failures) {
  let mapped;
  let threw;
  try {
    mapped = map(at.value);
  } catch (error) {
    threw = error;
  }
  if (threw && threw.name !== "ArgumentsError") throw threw;
  if (Boolean(threw) !== Boolean(dropped.issues)) {
    const said = threw ? `throws ${threw.message}` : `returns ${shown(mapped)}`;
    failures.add(VALUE_GROUPS.mapThrows, { ...at, call: "map", detail: `mapArgs ${said}\nvalidateArgs: ${answer(dropped)}` });
    return;
  }
  // A value ajv refuses and the check takes is the drop group's already.
  if (threw || !valid) return;
  const sent = JSON.parse(JSON.stringify(mapped) ?? "null");
  if (judge(main, sent) !== false) return;
  // A key the mapping added (a default, or null for a nullable property) that ajv refuses.
  const added = missingKey(sent, at.value);
  const filled = added && main.errors.some((e) => e.instancePath === added || e.instancePath.startsWith(`${added}/`));
  const kind = filled ? "ajv refuses a value mapArgs filled in (a default, or null)" : kindOf(main, false);
  const where = filled ? `\nfilled in at ${added}` : "";
  failures.add(VALUE_GROUPS.mapped, { ...at, call: "map", kind, detail: `mapped to ${shown(sent)}${where}\najv: ${verdict(main, sent)}` });
}

/** Whether an object in `value` has an own `__proto__` key. */
function holdsProto(value) {
  if (Array.isArray(value)) return value.some(holdsProto);
  if (!value || typeof value !== "object") return false;
  return Object.hasOwn(value, "__proto__") || Object.values(value).some(holdsProto);
}

/** The pointer of the first key of `value` that `mapped` lacks (nothing is dropped where unknown keys are refused). */
function missingKey(value, mapped, at = "") {
  if (Array.isArray(value)) {
    if (!Array.isArray(mapped)) return at || "/";
    for (let i = 0; i < value.length; i++) {
      const lost = missingKey(value[i], mapped[i], `${at}/${i}`);
      if (lost) return lost;
    }
  } else if (value && typeof value === "object") {
    if (!mapped || typeof mapped !== "object") return at || "/";
    for (const key of Object.keys(value)) {
      if (!Object.hasOwn(mapped, key)) return `${at}/${key}`;
      const lost = missingKey(value[key], mapped[key], `${at}/${key}`);
      if (lost) return lost;
    }
  }
  return undefined;
}
