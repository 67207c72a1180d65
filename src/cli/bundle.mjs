// Bundles the CLI into one file (dist/cli.cjs, started by dist/state51.cjs)
// so `state51` starts fast: loading one file is far quicker than chevrotain's,
// ajv's and yaml's hundreds of modules. Run by `npm ci` (prepare), `npm run
// bench` and the test set-up.
//
// Four start-up costs are paid here, once, instead of on every run:
// - the card-file JSON Schema is compiled to ajv standalone code (ajv's own
//   compiler, same schema, same options as src/schema/card-file-validator.ts);
// - chevrotain's grammar analysis is run here and its lookahead stored in the
//   bundle (grammar/analysis.ts);
// - chevrotain's grammar self-checks are skipped (STATE51_BUNDLED), since the
//   tests, and the analysis above, run them on every change of the grammar;
// - the functions `validate` runs are compiled into V8's code cache (below).
import { Ajv } from "ajv";
import standalone from "ajv/dist/standalone/index.js";
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The `ajvOptions` of card-file-validator.ts, read from the source so the two cannot drift. */
function ajvOptions() {
  const source = readFileSync(join(root, "src/schema/card-file-validator.ts"), "utf8");
  const literal = /export const ajvOptions: Options = (\{[^;]*\});/.exec(source)?.[1];
  if (!literal) throw new Error("bundle: ajvOptions not found in card-file-validator.ts");
  return Function(`return (${literal});`)();
}

function precompiledValidator() {
  const schema = JSON.parse(readFileSync(join(root, "grammar/cards.schema.json"), "utf8"));
  const ajv = new Ajv({ ...ajvOptions(), code: { source: true, esm: true } });
  const code = standalone(ajv, ajv.compile(schema));
  return `${code}\nexport function compileCardFileValidator() { return validate; }\n`;
}

const precompile = {
  name: "precompiled-card-file-validator",
  setup(b) {
    b.onLoad({ filter: /src[\\/]schema[\\/]card-file-validator\.ts$/ }, () => ({
      contents: precompiledValidator(),
      loader: "js",
      resolveDir: root,
    }));
  },
};

/** Bundles `entry` (with `options`) to a file of its own, imports it and hands its exports to `use`. */
async function withBundled(entry, options, use) {
  const { outputFiles } = await build({
    entryPoints: [join(root, entry)],
    bundle: true,
    platform: "node",
    format: "esm",
    write: false,
    logLevel: "warning",
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    ...options,
  });
  const dir = mkdtempSync(join(tmpdir(), "state51-bundle-"));
  try {
    const file = join(dir, "module.mjs");
    writeFileSync(file, outputFiles[0].contents);
    return use(await import(pathToFileURL(file).href));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// chevrotain's analysis of the card language's grammar (grammar/analysis.ts), run from the
// source with its grammar checks, stored in the bundle as JSON.
const analysisJson = await withBundled("grammar/parser.ts", {}, (m) => JSON.stringify(m.analyseParser()));
const storedAnalysis = {
  name: "stored-parser-analysis",
  setup(b) {
    b.onLoad({ filter: /grammar[\\/]bundled-analysis\.ts$/ }, () => ({ contents: `export const bundledAnalysis = ${analysisJson};`, loader: "js" }));
  },
};
// A parser that does not take it still works, only slower: make sure the bundled one takes it,
// and that the grammar as bundled (minified, STATE51_BUNDLED) analyses to the very same one.
await withBundled("grammar/parser.ts", { minify: true, define: { "process.env.STATE51_BUNDLED": '"1"' }, plugins: [storedAnalysis] }, ({ abilityParser, analyseParser }) => {
  if (abilityParser.analysis !== "stored") throw new Error("bundle: the bundled parser did not take the stored grammar analysis (grammar/analysis.ts, restoreAnalysis)");
  if (JSON.stringify(analyseParser()) !== analysisJson) throw new Error("bundle: the bundled grammar does not analyse to the stored analysis (grammar/analysis.ts)");
});

/** Whether the cache is taken for the bundle, compiled as the launcher compiles it, in a process started as the launcher is (V8 ties a cache to its flags). */
function codeCacheTaken(bundle, cache) {
  const check = `const { compileBundle } = require(${JSON.stringify(join(root, "dist/code-cache.cjs"))}); const { readFileSync } = require("node:fs");
    const f = ${JSON.stringify(bundle)}; process.exit(compileBundle(f, readFileSync(f), readFileSync(${JSON.stringify(cache)})).cacheTaken ? 0 : 1);`;
  return spawnSync(process.execPath, ["-e", check], { stdio: "ignore" }).status === 0;
}

/**
 * Two start-up costs of dependencies, paid on every run for nothing `state51` uses:
 * - commander loads node:child_process when it loads (about 1.5 ms), for subcommands run
 *   as separate programs, which state51 has none of: it gets node:child_process when first
 *   used instead;
 * - chevrotain's lexer fills a 65,536-entry table of character codes when it is made
 *   (about 2 ms run cold, and half a megabyte the garbage collector then copies), to look
 *   up `code < 256 ? code : 255 + floor(code / 255)`: the bundle computes that instead.
 *   Its source is matched exactly (chevrotain is pinned), so an update cannot slip past.
 */
const lazyChildProcessForCommander = {
  name: "lazy-child-process-for-commander",
  setup(b) {
    b.onResolve({ filter: /^node:child_process$/ }, (args) =>
      /[\\/]commander[\\/]/.test(args.importer) ? { path: "lazy-child-process", namespace: "state51-lazy" } : undefined,
    );
    b.onLoad({ filter: /^lazy-child-process$/, namespace: "state51-lazy" }, () => ({
      contents: 'module.exports = new Proxy({}, { get: (_, name) => require("node:child_process")[name] });',
      loader: "js",
    }));
  },
};

const chevrotainLexer = /chevrotain[\\/]lib[\\/]src[\\/]scan[\\/]lexer\.js$/;
const charCodeTable = [
  ["return charCode < minOptimizationVal\n        ? charCode\n        : charCodeToOptimizedIdxMap[charCode];", "return charCode < minOptimizationVal ? charCode : 255 + ~~(charCode / 255);"],
  ['tracer("initCharCodeToOptimizedIndexMap", () => {\n        initCharCodeToOptimizedIndexMap();\n    });', ""],
];
const computedCharCodes = {
  name: "chevrotain-computed-char-codes",
  setup(b) {
    b.onLoad({ filter: chevrotainLexer }, (args) => {
      let contents = readFileSync(args.path, "utf8");
      for (const [from, to] of charCodeTable) {
        if (!contents.includes(from)) throw new Error(`bundle: chevrotain's lexer.js no longer holds the code patched here (${from.slice(0, 40)}…): review computedCharCodes in src/cli/bundle.mjs`);
        contents = contents.replace(from, to);
      }
      return { contents, loader: "js" };
    });
  },
};

const shared = {
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  minify: true,
  legalComments: "none",
  define: { "process.env.STATE51_BUNDLED": '"1"' },
  plugins: [precompile, storedAnalysis, lazyChildProcessForCommander, computedCharCodes],
  // ts-morph (and the TypeScript it bundles) is loaded from node_modules, and only by
  // `state51 build`: the compiler is imported lazily (src/cli/build-command.ts), so
  // `state51 validate` never pays its ~0.65 s start-up.
  // piscina starts its worker threads from its own worker script, found beside it in
  // node_modules (by __dirname): it cannot be bundled.
  external: ["ts-morph", "piscina"],
  outdir: join(root, "dist"),
  outExtension: { ".js": ".mjs" },
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: "warning",
};

// Earlier bundles split the CLI into chunks, and had an ES module launcher: drop what they left in dist/.
rmSync(join(root, "dist/chunks"), { recursive: true, force: true });
for (const old of ["state51.cache", "code-cache.mjs"]) rmSync(join(root, "dist", old), { force: true });

// The CLI: one CommonJS file (dist/cli.cjs), run by the launcher (dist/state51.cjs,
// from src/cli/launcher.cjs) with V8's code cache: the launcher says why. Modules only some
// commands need (build's compiler and ts-morph) are still evaluated only when those run.
await build({
  ...shared,
  format: "cjs",
  entryPoints: { cli: join(root, "src/cli/entry.ts") },
  outExtension: { ".js": ".cjs" },
  define: { ...shared.define, "import.meta.url": "__state51_url" },
  banner: { js: 'var __state51_url = require("node:url").pathToFileURL(__filename).href;' },
});
// The launcher reads the bundle as Latin-1 (src/cli/code-cache.cjs): it must be ASCII, as esbuild writes it.
// esbuild writes strings in ASCII but leaves regular expressions as written: one with a
// non-ASCII character is written from a string instead (new RegExp("x|×")).
const bundled = readFileSync(join(root, "dist/cli.cjs"));
const nonAscii = bundled.findIndex((byte) => byte > 0x7f);
if (nonAscii >= 0) {
  const around = bundled.subarray(Math.max(0, nonAscii - 60), nonAscii + 20).toString("utf8");
  throw new Error(`bundle: dist/cli.cjs holds a non-ASCII character (…${around}…); the launcher reads the bundle as Latin-1: write that regular expression from a string`);
}
copyFileSync(join(root, "src/cli/launcher.cjs"), join(root, "dist/state51.cjs"));
copyFileSync(join(root, "src/cli/code-cache.cjs"), join(root, "dist/code-cache.cjs"));
// The program's former name, for the links npx keeps to it (the file says more).
copyFileSync(join(root, "src/cli/launcher-compat.mjs"), join(root, "dist/state51.mjs"));
// `npx state51` runs the package's bin as a program: it must be executable.
chmodSync(join(root, "dist/state51.cjs"), 0o755);
chmodSync(join(root, "dist/state51.mjs"), 0o755);
// The code cache: what one `state51 validate` of the base set compiles, written by that run
// as it exits. A base set with errors still makes it (validate exits 1 after the work).
const codeCache = join(root, "dist/cli.cache");
rmSync(codeCache, { force: true });
const warmUp = spawnSync(process.execPath, [join(root, "dist/state51.cjs"), "validate", join(root, "cards")], {
  env: { ...process.env, STATE51_CODE_CACHE_OUT: codeCache },
  stdio: ["ignore", "ignore", "ignore"],
});
if (!existsSync(codeCache)) console.warn(`bundle: no code cache made (validate exited ${warmUp.status ?? warmUp.signal}); state51 runs without it`);
else if (!codeCacheTaken(join(root, "dist/cli.cjs"), codeCache)) {
  rmSync(codeCache);
  console.warn("bundle: the code cache made is not taken; state51 runs without it");
}
// The simulation's worker thread (src/sim/worker.ts), loaded by piscina from dist/sim-worker.mjs.
await build({ ...shared, entryPoints: { "sim-worker": join(root, "src/sim/worker.ts") } });
// The bench's stage timings (bench/throughput.ts), built from the same source.
await build({ ...shared, entryPoints: { bench: join(root, "bench/throughput.ts"), "bench-games": join(root, "bench/games.ts") } });
