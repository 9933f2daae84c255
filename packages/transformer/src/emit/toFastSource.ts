/**
 * Plan -> JavaScript: the fast path for arguments that are already right. A predicate
 * (`fast: (h) => (v) => boolean`) that is true only when the value is valid AND mapping would give
 * back an equal value: no key to drop, no default to fill, no missing nullable to set to null, no
 * date to convert, no dotted key to fold. Then the runtime returns the arguments as they came,
 * with no context, no copy and no issue list; when it says false, the full check runs and maps.
 *
 * It may say false for a value the full check accepts (that only costs the full check), never true
 * for one the full check rejects or maps differently: the differential tests hold it to both.
 */
import { countTests, numberTests, stringTests, type RuleTest } from "./ruleTests";
import { createGeneratedCode, plainObject as plain } from "./generatedCode";

type Json = any; // the plan as JSON, as toPlan builds it

export function toFastSource(plan: Json): string | undefined {
  const gen = createGeneratedCode();
  const { fresh, regex } = gen;
  const defs: Record<string, Json> = plan.defs ?? {};
  const defFunctions = new Map<string, string>();
  const lit = (value: unknown) => JSON.stringify(value);

  /** A function of the setup, for the kinds that need statements (loops, key counts). */
  const fn = (params: string, body: string) => {
    const name = fresh("F");
    gen.once(`function ${name}(${params}){${body}}`);
    return name;
  };

  /**
   * An expression, true when `v` is valid against `n` and maps to itself. `d`: the depth, as code.
   * Every kind gives an operand that stands on its own (`!` and `&&` are put around it).
   */
  function test(n: Json, v: string, d: string): string {
    const inner = kind(n, v, d);
    return n.n ? `(${v}===null||${inner})` : inner;
  }

  function kind(n: Json, v: string, d: string): string {
    switch (n.t) {
      case "boolean":
        return `(typeof ${v}==="boolean")`;
      case "null":
        return `(${v}===null)`;
      case "enum":
        return `(${n.v.map((value: unknown) => `${v}===${lit(value)}`).join("||") || "false"})`;
      case "string":
        return `(typeof ${v}==="string"${stringRules(n.r ?? {}, v)})`;
      case "number":
        return `(typeof ${v}==="number"&&${n.int ? "Number.isInteger" : "Number.isFinite"}(${v})${numberRules(n.r ?? {}, v)})`;
      case "array":
        return `${array(n)}(${v},${d})`;
      case "tuple":
        return `${tuple(n)}(${v},${d})`;
      case "object":
        return `${object(n)}(${v},${d})`;
      case "union":
        return union(n, v, d);
      case "ref":
        return `${defFunction(n.to)}(${v},${d}+1)`;
      // `any` values are copied and checked for JSON-ness, dates become Date objects: the full check.
      default:
        return "false";
    }
  }

  function defFunction(name: string): string {
    let found = defFunctions.get(name);
    if (found) return found;
    found = fresh("D");
    defFunctions.set(name, found);
    gen.once(`function ${found}(v,d){return d<h.D&&${test(defs[name], "v", "d")};}`);
    return found;
  }

  /** None of the rules broken. */
  const none = (tests: readonly RuleTest[]) => tests.map((t) => `&&!(${t.broken})`).join("");
  const stringRules = (rules: Json, v: string) => none(stringTests(rules, v, regex));
  const numberRules = (rules: Json, v: string) => none(numberTests(rules, v));

  function counts(rules: Json, v: string): string {
    const code = countTests(rules, v)
      .map((t) => `if(${t.broken})return false;`)
      .join("");
    return rules.uniqueItems ? `${code}if(h.rep(${v}))return false;` : code;
  }

  // An item read as undefined (a hole, or undefined itself) fails every test but `any`'s, which is false here.
  function array(n: Json): string {
    return fn("v,d", `if(!Array.isArray(v))return false;${counts(n.r ?? {}, "v")}for(let i=0;i<v.length;i++){const x=v[i];if(!${test(n.i, "x", "d+1")})return false;}return true;`);
  }

  function tuple(n: Json): string {
    let body = `if(!Array.isArray(v)||v.length<${n.min}${n.rest ? "" : `||v.length>${n.p.length}`})return false;${counts(n.r ?? {}, "v")}`;
    n.p.forEach((element: Json, index: number) => {
      body += `if(v.length>${index}){const x=v[${index}];if(!${test(element, "x", "d+1")})return false;}`;
    });
    if (n.rest) body += `for(let i=${n.p.length};i<v.length;i++){const x=v[i];if(!${test(n.rest, "x", "d+1")})return false;}`;
    return fn("v,d", body + "return true;");
  }

  /**
   * Every known key tested, counted when present; then the object's own keys must be exactly those
   * (an unknown key is dropped or reported by the full check). With an index signature, the other
   * keys' values are tested instead.
   */
  function object(n: Json): string {
    // A dotted-key group or a renamed key changes the shape: always the full check.
    if (n.p.some((p: Json) => p.flat || (p.as !== undefined && p.as !== p.k))) return fn("v,d", "return false;");
    let body = `if(!${plain("v")})return false;let n=0;`;
    n.p.forEach((property: Json, index: number) => {
      const key = lit(property.k);
      const x = `x${index}`;
      // A missing key the full check fills (a default, null) is a mapping: the full check.
      const fills = property.def !== undefined || property.p.n || property.p.t === "null";
      const missing = property.req || fills ? "return false;" : "";
      const absent = property.k in Object.prototype ? `${x}===undefined||!h.own(v,${key})` : `${x}===undefined`;
      body += `const ${x}=v[${key}];if(${absent}){${missing}}else{if(!${test(property.p, x, "d+1")})return false;n++;}`;
    });
    if (n.add) {
      const known = fresh("K");
      gen.once(`const ${known}=new Set(${lit(n.p.map((p: Json) => p.k))});`);
      body += `for(const k in v){if(${known}.has(k))continue;if(k==="__proto__"||k==="constructor"||k==="prototype"||!h.own(v,k))return false;const x=v[k];if(!${test(n.add, "x", "d+1")})return false;}`;
    } else {
      // for-in also walks inherited enumerable keys: a polluted Object.prototype sends it to the full check.
      body += "let m=0;for(const k in v)m++;if(m!==n)return false;";
    }
    return fn("v,d", body + "return true;");
  }

  function union(n: Json, v: string, d: string): string {
    if (n.d !== undefined) {
      const key = lit(n.d);
      const cases = n.m.map((member: Json, index: number) => `${v}[${key}]===${lit(n.dv[index])}?${test(member, v, d)}:`).join("");
      return `(${plain(v)}&&(${cases}false))`;
    }
    // The full check takes the first member that accepts the value, and maps by that member: a
    // later member could keep keys the first one drops. Only members that can drop nothing are
    // tested here; a union with an object, array or reference in it goes to the full check.
    if (n.m.some((member: Json) => ["object", "array", "tuple", "ref", "union", "any", "date"].includes(member.t))) return "false";
    return `(${n.m.map((member: Json) => test(member, v, d)).join("||")})`;
  }

  const root = test(plan.root, "v", "0");
  if (root === "false") return undefined;
  return gen.frame(`(v)=>${root}`);
}
