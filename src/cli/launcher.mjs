#!/usr/bin/env node
// The `state51` program as installed: it runs the CLI bundle (dist/state51.cjs)
// with V8's code cache (dist/state51.cache).
//
// Why not import an ES module bundle: Node 20 compiles an ES module's functions
// afresh on every run, and for `state51 validate` that compiling is about a
// fifth of the whole process. A CommonJS bundle compiled through vm.Script can
// take a code cache, which src/cli/bundle.mjs makes once by running `validate`
// on the base set: every function that run compiled is then read, not
// compiled. A cache that does not fit (made from another source, or by another
// Node version) is ignored, and the code compiles as it would anyway. A run
// writes nothing here (the package may be read-only) unless bundle.mjs names a
// file for the cache it is making.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { cacheOf, compileBundle } from "./code-cache.mjs";

const file = fileURLToPath(new URL("./state51.cjs", import.meta.url));
let source;
try {
  source = readFileSync(file, "utf8");
} catch (error) {
  // A broken install (or a bundle never made): one line, not a stack trace.
  process.stderr.write(`state51: error: cannot read ${file} (${error.code ?? error.message}): reinstall state51, or run npm run bundle in its checkout\n`);
  process.exit(70);
}
let cache;
try {
  cache = readFileSync(fileURLToPath(new URL("./state51.cache", import.meta.url)));
} catch {
  // No cache (a bundle made without one): compile as usual.
}
const { script } = compileBundle(file, source, cache);
const module = { exports: {} };
const importUrl = (url) => import(url);
script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file), importUrl);
// At exit, so the cache holds every function the run compiled, not only the top level.
const cacheOut = process.env.STATE51_CODE_CACHE_OUT;
if (cacheOut) process.once("exit", () => writeFileSync(cacheOut, cacheOf(source, script)));
