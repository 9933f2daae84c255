// The quick start's example: examples/ built as its package.json builds it (`schemaof build`, on
// TypeScript 7), then run.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const examples = join(dirname(fileURLToPath(import.meta.url)), "..", "examples");

test("examples/ builds with schemaof build on TypeScript 7 and prints the schemas of its tool inputs", () => {
  rmSync(join(examples, "dist"), { recursive: true, force: true });
  const schemaof = join(examples, "node_modules", ".bin", "schemaof");
  const build = spawnSync(schemaof, ["build", "-p", "tsconfig.json"], { cwd: examples, encoding: "utf8" });
  assert.is(build.status, 0, build.stdout + build.stderr);
  // Without colours: a number printed by console.log is coloured when FORCE_COLOR is set.
  const run = spawnSync(process.execPath, ["dist/search.js"], { cwd: examples, encoding: "utf8", env: { ...process.env, FORCE_COLOR: "0" } });
  assert.is(run.status, 0, run.stderr);
  const at = run.stdout.indexOf("\nmapArgs<");
  const [described, checked] = [run.stdout.slice(0, at + 1), run.stdout.slice(at + 1)];
  const schemas = Object.fromEntries(
    described
      .split(/^(?=schemaOf<)/m)
      .filter(Boolean)
      .map((block) => {
        const [, name, json] = /^(schemaOf<[^\n]*>\(\)) =\s*([\s\S]*)$/.exec(block);
        return [name, JSON.parse(json)];
      }),
  );
  const search = schemas["schemaOf<SearchInput>()"];
  assert.equal(search.required, ["query"]);
  assert.equal(search.properties.language, { type: "string", pattern: "^[a-z]{2}$", description: "Two lowercase letters, as in ISO 639-1." });
  assert.equal(search.properties.limit, { type: "integer", minimum: 1, maximum: 100, description: "How many books to return." });
  assert.equal(schemas["schemaOf<typeof convert>()"].properties.currency, { type: "string", description: "The target currency", default: "EUR" });
  assert.equal(schemas["schemaOf<{ payment: Payment }>()"].properties.payment.anyOf.length, 2);
  assert.match(checked, /mapArgs<SearchInput>\(\{ query: "dune" \}\) = \{"query":"dune"\}/);
  assert.match(checked, /convert\(\.\.\.mapArgs<typeof convert>\(\{ cents: 1250 \}\)\) = 12\.5/);
  assert.match(checked, /- \/query must be string, got integer 42\n- \/language must match \^\[a-z\]\{2\}\$, got "FRA"\n- \/limit must be <= 100, got 500/);
});

test("the médiathèque holds its published tool set: schemaof tools --check against its snapshot", () => {
  const mediatheque = join(examples, "mediatheque");
  const schemaof = join(mediatheque, "node_modules", ".bin", "schemaof");
  const check = spawnSync(schemaof, ["tools", "--check"], { cwd: mediatheque, encoding: "utf8" });
  assert.is(check.status, 0, check.stdout + check.stderr);
  assert.is(check.stdout, "the tools are as schemaof.tools.json holds them\n");
});

test.run();
