// A separate project, as a user has one: it installs the packed @schemaof packages from tarballs
// (no workspace links) exactly as the README says, builds once as CommonJS and once as ESM
// (module: nodenext), and runs: with the real `tspc` under TypeScript 5.9 + ts-patch 3 and
// TypeScript 6.0 + ts-patch 4, and with `npx schemaof build` under TypeScript 7.0 (what
// `npm i typescript` installs), 7.1 beta and 6.0 (no ts-patch installed).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { projectOptions } from "./lib/projectOptions.mjs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const work = mkdtempSync(join(tmpdir(), "schemaof-consumer-"));
const packs = join(work, "packs");
mkdirSync(packs);
const PACKAGES = ["runtime", "transformer", "unplugin", "language-service"];
for (const pkg of PACKAGES) {
  execFileSync("npx", ["--yes", "pnpm@12.4.2", "pack", "--pack-destination", packs], { cwd: join(root, "packages", pkg), stdio: "ignore" });
}
const tarball = (name) =>
  join(
    packs,
    readdirSync(packs).find((f) => f.startsWith(`schemaof-${name}-`)),
  );

const source = `import { schemaOf, mapArgs, validateArgs, type Integer, type Minimum, type Maximum, type Pattern } from "@schemaof/runtime";

/**
 * Cherche des livres.
 * @param requete Les mots à chercher
 * @param langue Deux lettres minuscules
 */
export function rechercherLivres(requete: string, langue: string & Pattern<"^[a-z]{2}$"> = "fr", limite: Integer & Minimum<1> & Maximum<100> = 20) {
  return [requete, langue, limite];
}
console.log(JSON.stringify(schemaOf<typeof rechercherLivres>()));
console.log(JSON.stringify(rechercherLivres(...mapArgs<typeof rechercherLivres>({ requete: "dune" }))));
console.log(JSON.stringify(validateArgs<typeof rechercherLivres>({ requete: "dune", limite: 500 })));
`;
const expected = {
  type: "object",
  properties: {
    requete: { type: "string", description: "Les mots à chercher" },
    langue: { type: "string", pattern: "^[a-z]{2}$", description: "Deux lettres minuscules", default: "fr" },
    limite: { type: "integer", minimum: 1, maximum: 100, default: 20 },
  },
  required: ["requete"],
};
const broken = `import { schemaOf } from "@schemaof/runtime";
interface Upload { title: string; document: File }
export const schema = schemaOf<Upload>();
`;

/** The tsconfig of the README's "Use it in your project", as written there. */
const README_OPTIONS = {
  target: "es2022",
  strict: true,
  module: "nodenext",
  outDir: "dist",
  rootDir: "src",
  plugins: [{ transform: "@schemaof/transformer" }],
};
const everySubpath = `import { schemaOf, validateArgs, toolOf } from "@schemaof/runtime";
import { serveTools } from "@schemaof/runtime/mcp";
import { esc } from "@schemaof/runtime/helpers";

export function search(query: string) {
  return [query];
}
export const tools = [toolOf(search)];
const issues = validateArgs<{ q: string }>({ q: 1 }).issues ?? [];
console.log(JSON.stringify(schemaOf<{ q: string }>()), typeof serveTools, typeof esc, JSON.stringify(issues.map((issue) => issue.pointer)));
`;

const lines = [
  { label: "TypeScript 5.9 + ts-patch 3, tspc", typescript: "5.9.3", tsPatch: "3.3.0" },
  { label: "TypeScript 6.0 + ts-patch 4, tspc", typescript: "6.0.3", tsPatch: "4.0.1" },
  { label: "TypeScript 7.0, schemaof build", typescript: "7.0.2" },
  { label: "TypeScript 7.1 beta, schemaof build", typescript: "7.1.0-beta" },
  { label: "TypeScript 6.0, schemaof build", typescript: "6.0.3" },
];

function project(dir, type, files) {
  mkdirSync(join(dir, "src"), { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type }));
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({ compilerOptions: projectOptions({ outDir: "dist", rootDir: "src", types: [], lib: ["es2022", "dom"] }) }),
  );
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, "src", name), text);
}

for (const line of lines) {
  const dir = join(work, `ts-${line.typescript}${line.tsPatch ? "-tspc" : ""}`);
  mkdirSync(dir);
  writeFileSync(join(dir, "package.json"), JSON.stringify({ private: true }));
  // The README's two install lines.
  const npm = (args) => execFileSync("npm", [...args, "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], { cwd: dir, stdio: "ignore" });
  npm(["install", tarball("runtime"), ...(line.tsPatch ? ["@modelcontextprotocol/sdk@1.32.2"] : [])]);
  npm(["install", "-D", tarball("transformer"), `typescript@${line.typescript}`, ...(line.tsPatch ? [`ts-patch@${line.tsPatch}`] : [])]);
  const command = line.tsPatch
    ? [join(dir, "node_modules", "ts-patch", "bin", "tspc.js"), "-p", "tsconfig.json"]
    : [join(dir, "node_modules", ".bin", "schemaof"), "build"];
  const build = (app) =>
    spawnSync(line.tsPatch ? process.execPath : command[0], line.tsPatch ? [...command, "--pretty", "false"] : command.slice(1), {
      cwd: app,
      encoding: "utf8",
    });

  for (const type of ["commonjs", "module"]) {
    test(`${line.label}, ${type === "module" ? "ESM" : "CommonJS"}: the build runs and the program prints its schema`, () => {
      const app = join(dir, type);
      project(app, type, { "index.ts": source });
      const built = build(app);
      assert.is(built.status, 0, built.stdout + built.stderr);
      const run = spawnSync(process.execPath, ["dist/index.js"], { cwd: app, encoding: "utf8" });
      assert.is(run.status, 0, run.stderr);
      const [schema, called, checked] = run.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line));
      assert.equal(schema, expected);
      assert.equal(called, ["dune", "fr", 20]);
      assert.equal(
        checked.issues.map((issue) => issue.message),
        ["/limite must be <= 100, got 500"],
      );
    });
  }

  if (line.tsPatch) {
    // The README's tsconfig as written, with the library checked too (no skipLibCheck), importing
    // every subpath of the runtime: as ES modules (nodenext) and as CommonJS resolved the old way (node10).
    for (const module of ["nodenext", "commonjs"]) {
      test(`${line.label}: the README's tsconfig, module ${module}, skipLibCheck off, every subpath of @schemaof/runtime`, () => {
        const app = join(dir, `readme-${module}`);
        mkdirSync(join(app, "src"), { recursive: true });
        writeFileSync(join(app, "package.json"), JSON.stringify({ type: "commonjs" }));
        writeFileSync(join(app, "tsconfig.json"), JSON.stringify({ compilerOptions: { ...README_OPTIONS, module } }));
        writeFileSync(join(app, "src", "index.ts"), everySubpath);
        const built = build(app);
        assert.is(built.status, 0, built.stdout + built.stderr);
        // `#private` in a declaration is TS18028 under any target below ES2015, whatever the project's own code.
        const declarations = readdirSync(join(dir, "node_modules", "@schemaof", "runtime", "dist"), { recursive: true }).filter((file) =>
          /\.d\.m?ts$/.test(file),
        );
        assert.ok(declarations.length > 5);
        for (const file of declarations)
          assert.not.match(readFileSync(join(dir, "node_modules", "@schemaof", "runtime", "dist", file), "utf8"), /#private/, file);
        const run = spawnSync(process.execPath, ["dist/index.js"], { cwd: app, encoding: "utf8" });
        assert.is(run.status, 0, run.stderr);
        assert.is(run.stdout.trim(), `{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]} function function ["/q"]`);
      });
    }
  }

  test(`${line.label}: the build fails with TS99001, file, line and path for a File property`, () => {
    const app = join(dir, "broken");
    project(app, "commonjs", { "index.ts": broken });
    const built = build(app);
    assert.is.not(built.status, 0);
    const out = built.stdout + built.stderr;
    assert.ok(/src\/index\.ts\(3,32\): error TS99001/.test(out), out);
    assert.match(out, /error TS99001: 'Upload' holds values that JSON tool arguments cannot carry\./);
    assert.match(out, /document: 'File': a file upload cannot travel in JSON tool arguments/);
    assert.not.match(out, /\n\s+at /, "no stack trace");
  });
}

test("every package's tarball holds its README and LICENSE", () => {
  for (const pkg of PACKAGES) {
    const files = execFileSync("tar", ["-tzf", tarball(pkg)], { encoding: "utf8" }).split("\n");
    for (const file of ["package/README.md", "package/LICENSE", "package/package.json"]) assert.ok(files.includes(file), `${pkg}: ${file}`);
  }
});

// The README's "Use it in your project" as a new user follows it on TypeScript 7: its install lines,
// its tsconfig, its example and its server, with Node's types as it says, a vite.config.ts beside
// the tsconfig and the language service installed; then a real MCP client talks to the server.
{
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Use it in your project"), readme.indexOf("### TypeScript 5 or 6: ts-patch"));
  const blocks = (text, lang) => [...text.matchAll(new RegExp("```" + lang + "\\n([\\s\\S]*?)```", "g"))].map((m) => m[1]);
  const dir = join(work, "first-hour");
  mkdirSync(join(dir, "src"), { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ private: true, type: "module" }));
  // The tsconfig as written (its comments dropped), with the two additions the README names.
  const tsconfig = JSON.parse(blocks(section, "jsonc")[0].replace(/\/\/[^\n]*/g, ""));
  tsconfig.compilerOptions.types = ["node"];
  tsconfig.compilerOptions.plugins.push({ name: "@schemaof/language-service" });
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(tsconfig, null, 2));
  writeFileSync(join(dir, "src", "tools.ts"), blocks(readme, "ts")[0]);
  // The README's server, naming a Node global as a server does.
  writeFileSync(join(dir, "src", "server.ts"), blocks(section, "ts")[0] + 'process.stderr.write("library ready\\n");\n');
  writeFileSync(join(dir, "vite.config.ts"), "export default { plugins: [] };\n");
  const npm = (args) => execFileSync("npm", [...args, "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], { cwd: dir, stdio: "pipe" });

  test("TypeScript 7.0, the README followed in a new folder: installs, builds and serves a real MCP client", async () => {
    assert.equal(
      blocks(section, "sh")
        .join("")
        .match(/npm i[^\n#]*/g)
        .map((line) => line.trim()),
      ["npm i @schemaof/runtime", "npm i -D @schemaof/transformer typescript", "npm i @modelcontextprotocol/sdk"],
    );
    npm(["install", tarball("runtime"), "@modelcontextprotocol/sdk@1.32.2"]);
    // The language service installs beside TypeScript 7 (no ERESOLVE), and @types/node as the README says.
    npm(["install", "-D", tarball("transformer"), tarball("language-service"), "typescript@7.0.2", "@types/node@20.19.25"]);
    const built = spawnSync(join(dir, "node_modules", ".bin", "schemaof"), ["build"], { cwd: dir, encoding: "utf8" });
    assert.is(built.status, 0, built.stdout + built.stderr);
    const client = new Client({ name: "first-hour", version: "1.0.0" });
    const transport = new StdioClientTransport({ command: process.execPath, args: ["dist/server.js"], cwd: dir, stderr: "pipe" });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      assert.equal(
        tools.map((tool) => tool.name),
        ["searchBooks"],
      );
      assert.equal(tools[0].inputSchema.properties.limit, { type: "integer", minimum: 1, maximum: 100, default: 20 });
      const refused = await client.callTool({ name: "searchBooks", arguments: { query: "dune", limit: 500 } });
      assert.is(refused.isError, true);
      assert.is(refused.content[0].text, "Invalid arguments:\n- /limit must be <= 100, got 500");
      assert.ok(readme.includes("`Invalid arguments:\\n- /limit must be <= 100, got 500`"), "the README says the same answer");
    } finally {
      await client.close();
    }
  });
}

// The other hosts, from the tarballs too, on what `npm i -D typescript` installs (TypeScript 7):
// esbuild through @schemaof/unplugin, and tsx with the loader registered first.
{
  const dir = join(work, "hosts");
  project(dir, "module", {
    "index.ts": source.replace('from "@schemaof/runtime";', 'from "@schemaof/runtime";\ndeclare const console: { log(text: string): void };'),
  });
  const npm = (args) => execFileSync("npm", [...args, "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], { cwd: dir, stdio: "ignore" });
  npm(["install", tarball("runtime")]);
  npm(["install", "-D", tarball("transformer"), tarball("unplugin"), "typescript@7.0.2", "esbuild@0.28.2", "tsx@4.23.15"]);
  const assertPrints = (run) => {
    assert.is(run.status, 0, run.stdout + run.stderr);
    const [schema, called] = run.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    assert.equal(schema, expected);
    assert.equal(called, ["dune", "fr", 20]);
  };

  test("TypeScript 7.0, esbuild with @schemaof/unplugin from its tarball: the bundle prints its schema", () => {
    writeFileSync(
      join(dir, "bundle.mjs"),
      `import { build } from "esbuild";\nimport schemaof from "@schemaof/unplugin/esbuild";\nawait build({ entryPoints: ["src/index.ts"], bundle: true, platform: "node", format: "esm", outfile: "out/index.mjs", plugins: [schemaof()] });\n`,
    );
    const built = spawnSync(process.execPath, ["bundle.mjs"], { cwd: dir, encoding: "utf8" });
    assert.is(built.status, 0, built.stdout + built.stderr);
    assertPrints(spawnSync(process.execPath, ["out/index.mjs"], { cwd: dir, encoding: "utf8" }));
  });

  test("TypeScript 7.0, node --import @schemaof/transformer/register --import tsx from the tarballs: the program prints its schema", () => {
    assertPrints(
      spawnSync(process.execPath, ["--import", "@schemaof/transformer/register", "--import", "tsx", "src/index.ts"], { cwd: dir, encoding: "utf8" }),
    );
  });
}

test.after(() => rmSync(work, { recursive: true, force: true }));
test.run();
