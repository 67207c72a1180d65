// Bundles the CLI into one file (dist/state51.mjs) so `state51` starts fast:
// loading one module is far quicker than chevrotain's, ajv's and yaml's
// hundreds (`state51 build` adds one lazily loaded chunk, dist/chunks/). Run by
// `npm ci` (prepare), `npm run bench` and the test set-up.
//
// Two start-up costs are paid here, once, instead of on every run:
// - the card-file JSON Schema is compiled to ajv standalone code (ajv's own
//   compiler, same schema, same options as src/schema/card-file-validator.ts);
// - chevrotain's grammar self-checks are skipped (STATE51_BUNDLED), since the
//   tests run them on every change of the grammar.
import { Ajv } from "ajv";
import standalone from "ajv/dist/standalone/index.js";
import { build } from "esbuild";
import { chmodSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

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

const shared = {
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  minify: true,
  legalComments: "none",
  define: { "process.env.STATE51_BUNDLED": '"1"' },
  plugins: [precompile],
  // ts-morph (and the TypeScript it bundles) is loaded from node_modules, and only by
  // `state51 build`: the compiler is a lazily imported chunk (splitting below), so
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

// Chunk names carry a content hash: drop the previous build's so dist/ holds one set.
rmSync(join(root, "dist/chunks"), { recursive: true, force: true });

// The CLI: one file for what every command loads, a chunk for `build`'s compiler.
await build({ ...shared, entryPoints: { state51: join(root, "src/cli/entry.ts") }, splitting: true, chunkNames: "chunks/[name]-[hash]" });
// `npx state51` runs the package's bin as a program: it must be executable (esbuild writes 0644).
chmodSync(join(root, "dist/state51.mjs"), 0o755);
// The simulation's worker thread (src/sim/worker.ts), loaded by piscina from dist/sim-worker.mjs.
await build({ ...shared, entryPoints: { "sim-worker": join(root, "src/sim/worker.ts") } });
// The bench's stage timings (bench/throughput.ts), built from the same source.
await build({ ...shared, entryPoints: { bench: join(root, "bench/throughput.ts"), "bench-games": join(root, "bench/games.ts") } });
