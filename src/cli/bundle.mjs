// Bundles the CLI into one file (dist/state51.mjs) so `state51` starts fast:
// loading one module is far quicker than chevrotain's, ajv's and yaml's
// hundreds. Run by `npm ci` (prepare), `npm run bench` and the test set-up.
import { build } from "esbuild";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

await build({
  // The CLI, and the bench's stage timings (bench/throughput.ts) built from the same source.
  entryPoints: { state51: join(root, "src/cli/entry.ts"), bench: join(root, "bench/throughput.ts") },
  outdir: join(root, "dist"),
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  minifyWhitespace: true,
  legalComments: "none",
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: "warning",
});
