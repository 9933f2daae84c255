// Real MCP tools: the tools of seventeen published MCP servers, 131 in all (test/real-tools/<server>.ts,
// written from what each server's tools/list published, kept beside them as <server>.json; see
// test/real-tools/README.md), each through `schemaOf<typeof tool>({ target })` for every target,
// on TypeScript 5.9 in memory and on TypeScript 7.0 with the real `schemaof build`. Each call is a
// schema that passes the target's rules (test/lib/targetRules.mjs) and the 2020-12 meta-schema, or a
// TS99019 at a path: a real tool never gets another diagnostic, never TS99013, and both hosts emit
// the same, byte for byte. Each outcome is pinned in test/real-tools.golden.txt (UPDATE=1 rewrites
// it; read the diff). The mcp schema of each tool means what the server published: the same
// properties, required sets, types, enum values, defaults, constraints and descriptions, at every
// depth; and toolOf(fn) has the published name (given) and description. About 10 s of CPU, nearly all
// of it the two compilations.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { TARGETS } from "@schemaof/transformer/stages";
import { compilers } from "./lib/compilers.mjs";
import { compileFiles, constantsOf, fixtureOptions, formatDiagnostics, runModule } from "./lib/compile.mjs";
import { buildFiles, ts7Lines } from "./lib/build7.mjs";
import { createAjv } from "./lib/ajv.mjs";
import { golden, readJson } from "./lib/fixtures.mjs";
import { violations } from "./lib/targetRules.mjs";
import { functionName } from "./real-tools/to-typescript.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const toolsDir = join(here, "real-tools");
const scratch = join(here, ".tmp", "real-tools");
const [{ label: label5, ts }] = compilers;
const [{ label: label7, packageDir }] = ts7Lines;

/** Each server's module beside a module of its calls, one a line: `[tool, target, () => schemaOf<typeof S.fn>({ target })]`. */
function writeCases() {
  mkdirSync(scratch, { recursive: true });
  writeFileSync(join(scratch, "package.json"), JSON.stringify({ type: "commonjs" }));
  const servers = [];
  for (const entry of readdirSync(toolsDir)
    .filter((name) => name.endsWith(".ts"))
    .sort()) {
    const server = basename(entry, ".ts");
    const published = readJson(join(toolsDir, `${server}.json`));
    const module = join(scratch, entry);
    writeFileSync(module, readFileSync(join(toolsDir, entry), "utf8"));
    const lines = [
      `import { schemaOf, toolOf } from "@schemaof/runtime";`,
      `import * as S from "./${server}.js";`,
      `export const cases: [string, string, () => unknown][] = [];`,
      `export const tools: unknown[] = [];`,
    ];
    const calls = new Map();
    for (const tool of published.tools) {
      const fn = functionName(tool.name, server);
      for (const target of TARGETS)
        calls.set(lines.push(`cases.push(["${tool.name}", "${target}", () => schemaOf<typeof S.${fn}>({ target: "${target}" })]);`), `${tool.name} ${target}`);
      lines.push(`tools.push(toolOf(S.${fn}, { name: ${JSON.stringify(tool.name)} }));`);
    }
    const file = join(scratch, `${server}.cases.ts`);
    writeFileSync(file, lines.join("\n") + "\n");
    servers.push({ server, published, module, file, calls });
  }
  return servers;
}

/** Diagnostics in tsc's form, one entry per diagnostic: its line, code and message (its first line and the indented ones). */
function diagnosticsOf(text) {
  const out = [];
  for (const line of text.split("\n")) {
    const at = /^\S+\((\d+),\d+\): error (TS\d+): (.*)$/.exec(line);
    if (at) out.push({ line: Number(at[1]), code: at[2], message: [at[3]] });
    else if (line.trim() && out.length) out[out.length - 1].message.push(line.trim());
  }
  return out;
}

const started = Date.now();
const servers = writeCases();
const files = servers.flatMap(({ module, file }) => [module, file]);
// The tools need neither Node's types nor the DOM's: a program without them is parsed in a fraction of the time.
const five = compileFiles(ts, files, {}, ts.createProgram(files, { ...fixtureOptions(ts), types: [], lib: ["lib.es2022.d.ts"] }));
const fiveMs = Date.now() - started;
const seven = (await buildFiles(packageDir, files, {}, { types: [], lib: ["es2022"] })).results;
const hosts = [
  {
    label: label5,
    results: new Map(
      [...five].map(([file, r]) => [
        file,
        { ...r, diagnostics: formatDiagnostics(ts, r.diagnostics, file), typeErrors: formatDiagnostics(ts, r.typeErrors, file) },
      ]),
    ),
  },
  { label: `${label7}, schemaof build`, results: seven },
];
console.log(`  real tools: ${files.length} files compiled on two hosts in ${Date.now() - started} ms (${label5} ${fiveMs} ms)`);

/** Per host and server: the outcome of each call, `{ schema }` or `{ diagnostics }`, by `tool target`; and each tool's toolOf. */
function outcomes({ results }, { server, module, file, calls }) {
  const { js, diagnostics } = results.get(file);
  const byLine = new Map();
  for (const diagnostic of diagnosticsOf(diagnostics)) byLine.set(diagnostic.line, [...(byLine.get(diagnostic.line) ?? []), diagnostic]);
  const unplaced = [...byLine.keys()].filter((line) => !calls.has(line));
  assert.equal(unplaced, [], `diagnostics off the calls' lines:\n${diagnostics}`);
  // The emitted cases module, given the emitted tools module (TypeScript 5.9's is in memory only).
  const { cases, tools } = runModule(js, file, { [`./${server}.js`]: runModule(results.get(module).js, module) });
  const schemas = new Map();
  [...calls].forEach(([line, name], index) => {
    const [tool, target, call] = cases[index];
    assert.is(`${tool} ${target}`, name);
    schemas.set(name, byLine.has(line) ? { diagnostics: byLine.get(line) } : { schema: call() });
  });
  return { schemas, tools };
}

const ajv = createAjv({ strict: false });
const perHost = hosts.map((host) => new Map(servers.map((server) => [server.server, outcomes(host, server)])));

test(`real tools: each .ts file writes exactly the tools its server published, in order`, () => {
  for (const { server, published, module } of servers) {
    const source = ts.createSourceFile(module, readFileSync(module, "utf8"), ts.ScriptTarget.Latest, true);
    const functions = source.statements.filter((s) => ts.isFunctionDeclaration(s)).map((s) => s.name.text);
    assert.equal(
      functions,
      published.tools.map((tool) => functionName(tool.name, server)),
      server,
    );
  }
  const count = servers.reduce((sum, { published }) => sum + published.tools.length, 0);
  assert.ok(count >= 100, `${count} tools`);
});

for (const [index, { label, results }] of hosts.entries()) {
  test(`real tools: a schema that passes the target's rules or a TS99019, nothing else (${label})`, () => {
    const broken = [];
    for (const { server, module, file } of servers) {
      assert.is(results.get(module).typeErrors, "", `${server}.ts type-checks`);
      assert.is(results.get(module).diagnostics, "", `${server}.ts has no call of ours`);
      assert.is(results.get(file).typeErrors, "", `${server}.cases.ts type-checks`);
      for (const [name, outcome] of perHost[index].get(server).schemas) {
        const target = name.split(" ")[1];
        if (outcome.diagnostics) {
          const other = outcome.diagnostics.filter((d) => d.code !== "TS99019");
          if (other.length) broken.push(`${server}/${name}: ${other.map((d) => `${d.code} ${d.message.join(" ")}`).join("; ")}`);
          continue;
        }
        const wrong = violations(outcome.schema, target);
        if (wrong.length) broken.push(`${server}/${name}: ${wrong.join("; ")}`);
        if (!ajv.validateSchema(outcome.schema)) broken.push(`${server}/${name}: not a JSON Schema: ${ajv.errorsText(ajv.errors)}`);
      }
    }
    assert.equal(broken, [], broken.join("\n"));
  });
}

test(`real tools: TypeScript 7.0 (schemaof build) emits what TypeScript 5.9 does, byte for byte`, () => {
  for (const { server, file } of servers) {
    const [a, b] = hosts.map(({ results }) => results.get(file));
    assert.equal(constantsOf(b.js), constantsOf(a.js), `${server}: the same constants`);
    const text = (host) =>
      [...perHost[host].get(server).schemas].map(([name, o]) => `${name}: ${o.schema ? JSON.stringify(o.schema) : JSON.stringify(o.diagnostics)}`);
    assert.equal(text(1), text(0), server);
  }
});

test(`real tools: every tool and target pinned (ok, or the TS99019 and its paths)`, () => {
  const lines = [];
  for (const { server } of servers) {
    for (const [name, outcome] of perHost[0].get(server).schemas) {
      lines.push(`${server}/${name}: ${outcome.schema ? "ok" : outcome.diagnostics.map((d) => `${d.code} ${d.message.slice(1).join(" | ")}`).join(" || ")}`);
    }
  }
  const text = lines.join("\n") + "\n";
  assert.fixture(text, golden(join(here, "real-tools.golden.txt"), text));
});

/** A description as JSDoc can carry it: its end trimmed, and `*\/` for `*` `/` (a comment cannot hold it: the .ts files write that). */
const asJsDoc = (text) => text.trimEnd().replaceAll("*/", "*\\/");

/**
 * What a published schema says, in the form both sides can be compared in: `$schema` and
 * `additionalProperties: false` left out (schemaof closes objects with a call's option, not a
 * type's), `oneOf` read as `anyOf` (the members here are disjoint), `propertyNames: { type:
 * "string" }` left out (every key is one), a primitive or enum or null written `type: [T, "null"]`
 * (an enum with `null` in it), `required` sorted and without a property that has a default (zod 4
 * lists those as required, for the value it hands the handler; the caller may leave them out), and
 * descriptions as JSDoc can write them (`*\/` for `*` `/`, which would end the comment).
 */
function meaning(schema) {
  if (Array.isArray(schema)) return schema.map(meaning);
  if (!schema || typeof schema !== "object") return schema;
  const [member, nothing, ...more] = schema.anyOf ?? [];
  if (more.length === 0 && nothing?.type === "null" && typeof member?.type === "string" && !["object", "array"].includes(member.type)) {
    const { anyOf, ...rest } = schema;
    return meaning({ ...member, type: [member.type, "null"], ...(member.enum && { enum: [...member.enum, null] }), ...rest });
  }
  const out = {};
  for (const key of Object.keys(schema)) {
    if (key === "$schema" || (key === "additionalProperties" && schema[key] === false)) continue;
    if (key === "propertyNames" && canonical(schema[key]) === '{"type":"string"}') continue;
    if (key === "required") out.required = schema.required.filter((name) => !("default" in (schema.properties?.[name] ?? {}))).sort();
    else if (key === "description") out.description = asJsDoc(schema.description);
    else if (key === "properties") out.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, meaning(v)]));
    else out[key === "oneOf" ? "anyOf" : key] = meaning(schema[key]);
  }
  if (out.required?.length === 0) delete out.required;
  return out;
}

/** JSON with every object's keys sorted but `properties`' (their order is the tool's). */
const canonical = (value) =>
  JSON.stringify(value, function (key, v) {
    return v && typeof v === "object" && !Array.isArray(v) && key !== "properties"
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v;
  });

test(`real tools: each mcp schema means what its server published (properties, required, types, enums, defaults, constraints, descriptions)`, () => {
  const differ = [];
  for (const { server, published } of servers) {
    const outcomes = perHost[0].get(server).schemas;
    for (const tool of published.tools) {
      // A tool without arguments is written with `properties: {}` or without.
      const theirs = { properties: {}, ...meaning(tool.inputSchema) };
      const ourMeaning = { properties: {}, ...meaning(outcomes.get(`${tool.name} mcp`).schema) };
      if (canonical(ourMeaning) !== canonical(theirs))
        differ.push(`${server}/${tool.name}:\n  published ${canonical(theirs)}\n  schemaof  ${canonical(ourMeaning)}`);
    }
  }
  assert.equal(differ, [], differ.join("\n"));
});

test(`real tools: toolOf(fn, { name }) of each has the published description, and its inputSchema is the mcp schema`, () => {
  const differ = [];
  for (const { server, published } of servers) {
    const { schemas, tools } = perHost[0].get(server);
    published.tools.forEach((tool, i) => {
      assert.is(tools[i].name, tool.name);
      assert.equal(tools[i].inputSchema, schemas.get(`${tool.name} mcp`).schema, `${server}/${tool.name}`);
      // (toolOf(fn, { description }) would carry the text as published.)
      const expected = asJsDoc(tool.description);
      if (tools[i].description !== expected)
        differ.push(`${server}/${tool.name}:\n  published ${JSON.stringify(tool.description)}\n  schemaof  ${JSON.stringify(tools[i].description)}`);
    });
  }
  assert.equal(differ, [], differ.join("\n"));
});

test.run();
