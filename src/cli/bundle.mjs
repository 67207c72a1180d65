// Bundles the CLI into one file (dist/state51.mjs) so `state51` starts fast:
// loading one module is far quicker than chevrotain's, ajv's and yaml's
// hundreds. Run by `npm ci` (prepare), `npm run bench` and the test set-up.
//
// Two start-up costs are paid here, once, instead of on every run:
// - the card-file JSON Schema is compiled to ajv standalone code (ajv's own
//   compiler, same schema, same options as src/schema/card-file-validator.ts);
// - chevrotain's grammar self-checks are skipped (STATE51_BUNDLED), since the
//   tests run them on every change of the grammar.
import { Ajv } from "ajv";
import standalone from "ajv/dist/standalone/index.js";
import { build } from "esbuild";
import { readFileSync } from "node:fs";
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

await build({
  // The CLI, and the bench's stage timings (bench/throughput.ts) built from the same source.
  entryPoints: { state51: join(root, "src/cli/entry.ts"), bench: join(root, "bench/throughput.ts") },
  outdir: join(root, "dist"),
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  minify: true,
  legalComments: "none",
  define: { "process.env.STATE51_BUNDLED": '"1"' },
  plugins: [precompile],
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: "warning",
});
