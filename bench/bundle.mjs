// pnpm bench: what @schemaof/unplugin costs inside a bundler, and what the loader costs tsx at
// start-up, on the same 200-type project. The plugin's own cost is read from its SCHEMAOF_TIMING
// line: the first module (which makes the checker's program) against one `tsc --noEmit` of the
// project, then each further module (goal < 3 ms). Whole runs are printed beside plain esbuild and
// plain tsx. Cold runs keep no cache (SCHEMAOF_CACHE=0); warm ones read node_modules/.cache/schemaof,
// written by the run before them, with nothing changed. Nothing here is asserted.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequire } from "node:module";
import { generateProject } from "./generateProject.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const runs = Number(process.env.RUNS ?? 5);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The 200-type project as an app: an entry that imports every tool, ECMAScript modules, on the given TypeScript package of the bench's. */
function app(typescript = "typescript") {
  const dir = mkdtempSync(join(tmpdir(), "schemaof-bundle-"));
  const count = generateProject(dir, 200);
  mkdirSync(join(dir, "node_modules"));
  for (const entry of readdirSync(join(here, "node_modules"))) {
    if (entry !== "typescript") symlinkSync(join(here, "node_modules", entry), join(dir, "node_modules", entry));
  }
  symlinkSync(join(here, "node_modules", typescript), join(dir, "node_modules", "typescript"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { target: "es2022", module: "nodenext", moduleResolution: "nodenext", strict: true, skipLibCheck: true, types: [], noEmit: true },
      include: ["src"],
    }),
  );
  const tools = Array.from({ length: count }, (_, i) => i);
  writeFileSync(
    join(dir, "src", "main.ts"),
    `declare const console: { log(value: unknown): void };\n` +
      tools.map((i) => `import { schema as s${i} } from "./tool${i}.js";`).join("\n") +
      `\nconst all = [${tools.map((i) => `s${i}`).join(", ")}];\nconsole.log(all.length);\n`,
  );
  return { dir, typescript, count };
}

/** One command's wall time in ms, and its stderr (where the plugin prints its timing). */
function time(args, cwd, env = {}) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { cwd, encoding: "utf8", env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${args.join(" ")}:\n${result.stdout}${result.stderr}`);
  return { wall: Number(process.hrtime.bigint() - started) / 1e6, stderr: result.stderr };
}

const bundleScript = (withPlugin) => `
import { build } from "esbuild";
${withPlugin ? `import schemaof from "@schemaof/unplugin/esbuild";` : ""}
await build({ entryPoints: ["src/main.ts"], bundle: true, platform: "node", format: "esm", outfile: "out/main.mjs", logLevel: "silent", plugins: [${withPlugin ? "schemaof()" : ""}] });
`;

const { dir, count } = app();
// Plain tsx cannot run the calls (they throw "not rewritten"): its baseline is the same modules with each call's value written out.
cpSync(join(dir, "src"), join(dir, "src-plain"), { recursive: true });
for (const file of readdirSync(join(dir, "src-plain"))) {
  const path = join(dir, "src-plain", file);
  writeFileSync(path, readFileSync(path, "utf8").replace(/schemaOf<\w+>\(\)/, "{}"));
}
writeFileSync(join(dir, "plain.mjs"), bundleScript(false));
writeFileSync(join(dir, "plugin.mjs"), bundleScript(true));
const tsc = join(here, "node_modules", "typescript", "bin", "tsc");
const register = pathToFileURL(require.resolve("@schemaof/transformer/register")).href;
const tsx = pathToFileURL(require.resolve("tsx")).href;

const rows = { tsc: [], plain: [], plugin: [], first: [], further: [], open: [], tsx: [], loader: [], pluginWarm: [], loaderWarm: [] };
const COLD = { SCHEMAOF_CACHE: "0" };
time([join(dir, "plain.mjs")], dir); // warm the file cache once
// Write schemaof's cache once: every warm run after this reads it.
time([join(dir, "plugin.mjs")], dir);
time(["--import", register, "--import", tsx, "src/main.ts"], dir);
for (let i = 0; i < runs; i++) {
  rows.tsc.push(time([tsc, "--noEmit", "-p", "tsconfig.json"], dir).wall);
  rows.plain.push(time([join(dir, "plain.mjs")], dir).wall);
  const withPlugin = time([join(dir, "plugin.mjs")], dir, { SCHEMAOF_TIMING: "1", ...COLD });
  rows.plugin.push(withPlugin.wall);
  const [, open, first, more, each] = /open the project (\d+) ms; first module ([\d.]+) ms; (\d+) more, median ([\d.]+) ms/.exec(withPlugin.stderr) ?? [];
  if (Number(more) !== count - 1) throw new Error(`the plugin timed ${more} further modules, not ${count - 1}:\n${withPlugin.stderr}`);
  rows.open.push(Number(open));
  rows.first.push(Number(first));
  rows.further.push(Number(each));
  rows.tsx.push(time(["--import", tsx, "src-plain/main.ts"], dir).wall);
  rows.loader.push(time(["--import", register, "--import", tsx, "src/main.ts"], dir, COLD).wall);
  rows.pluginWarm.push(time([join(dir, "plugin.mjs")], dir).wall);
  rows.loaderWarm.push(time(["--import", register, "--import", tsx, "src/main.ts"], dir).wall);
}

// TypeScript 7: its checker is a process of its own, started by the plugin and by the loader alike.
const on7 = app("typescript7");
writeFileSync(join(on7.dir, "plugin.mjs"), bundleScript(true));
time(["--import", register, "--import", tsx, "src/main.ts"], on7.dir);
for (let i = 0; i < runs; i++) {
  const withPlugin = time([join(on7.dir, "plugin.mjs")], on7.dir, { SCHEMAOF_TIMING: "1", ...COLD });
  rows.plugin7 ??= [];
  rows.plugin7.push(withPlugin.wall);
  const [, open, first, , each] = /open the project (\d+) ms; first module ([\d.]+) ms; (\d+) more, median ([\d.]+) ms/.exec(withPlugin.stderr) ?? [];
  (rows.first7 ??= []).push(Number(open) + Number(first));
  (rows.further7 ??= []).push(Number(each));
  (rows.loader7 ??= []).push(time(["--import", register, "--import", tsx, "src/main.ts"], on7.dir, COLD).wall);
  (rows.loader7Warm ??= []).push(time(["--import", register, "--import", tsx, "src/main.ts"], on7.dir).wall);
}

const ms = (values, digits = 0) => `${median(values).toFixed(digits)} ms`;
console.log(
  `@schemaof/unplugin and the loader: the same ${count}-type project as one app (${count + 1} modules), TypeScript 5.9, median of ${runs} runs (${process.version})`,
);
console.log(`  tsc --noEmit of the project      ${ms(rows.tsc)}`);
console.log(
  `  plugin: the first module         ${ms(rows.open.map((open, i) => open + rows.first[i]))} (the checker's program ${ms(rows.open)}, then the module): ${(median(rows.open.map((open, i) => open + rows.first[i])) / median(rows.tsc)).toFixed(2)}x tsc --noEmit (goal <= 1x)`,
);
console.log(`  plugin: each further module      ${ms(rows.further, 2)} (goal < 3 ms)`);
console.log(`  esbuild bundle, plain            ${ms(rows.plain)}`);
console.log(`  esbuild bundle, with schemaof    ${ms(rows.plugin)} (${(median(rows.plugin) / median(rows.plain)).toFixed(2)}x plain esbuild)`);
console.log(`  tsx start-up, plain              ${ms(rows.tsx)}`);
console.log(
  `  tsx start-up, with the loader    ${ms(rows.loader)} (${(median(rows.loader) / median(rows.tsx)).toFixed(2)}x plain tsx; +${(median(rows.loader) - median(rows.tsx)).toFixed(0)} ms)`,
);
console.log(`  tsx start-up, loader, warm cache ${ms(rows.loaderWarm)} (${(median(rows.loaderWarm) / median(rows.tsx)).toFixed(2)}x plain tsx; goal <= 1.3x)`);
console.log(`  esbuild with schemaof, warm cache ${ms(rows.pluginWarm)} (${(median(rows.pluginWarm) / median(rows.plain)).toFixed(2)}x plain esbuild)`);
console.log(
  `  on TypeScript 7.0 (its API):     first module ${ms(rows.first7)}, each further ${ms(rows.further7, 2)}; esbuild with schemaof ${ms(rows.plugin7)}; tsx with the loader ${ms(rows.loader7)}, warm cache ${ms(rows.loader7Warm)} (${(median(rows.loader7Warm) / median(rows.tsx)).toFixed(2)}x plain tsx; goal <= 1.3x)`,
);
rmSync(dir, { recursive: true, force: true });
rmSync(on7.dir, { recursive: true, force: true });
