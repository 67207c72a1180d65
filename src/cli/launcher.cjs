#!/usr/bin/env node
// The `state51` program as installed: it runs the CLI bundle (dist/cli.cjs)
// with V8's code cache (dist/cli.cache).
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
//
// This launcher is CommonJS too: an ES module entry point costs Node's ES module
// loader and an ES facade for every built-in module it imports, a few
// milliseconds of every run.
"use strict";
const { readFileSync, writeFileSync } = require("node:fs");
const { createRequire } = require("node:module");
const { join } = require("node:path");
const { cacheOf, compileBundle } = require("./code-cache.cjs");

const file = join(__dirname, "cli.cjs");
let source;
try {
  source = readFileSync(file);
} catch (error) {
  // A broken install (or a bundle never made): one line, not a stack trace.
  process.stderr.write(`state51: error: cannot read ${file} (${error.code ?? error.message}): reinstall state51, or run npm run bundle in its checkout\n`);
  process.exit(70);
}
let cache;
try {
  cache = readFileSync(join(__dirname, "cli.cache"));
} catch {
  // No cache (a bundle made without one): compile as usual.
}
const { script } = compileBundle(file, source, cache);
const module_ = { exports: {} };
// Node 20 cannot import() from a script read from a code cache: the bundle borrows this one.
const importUrl = (url) => import(url);
script.runInThisContext()(module_.exports, createRequire(file), module_, file, __dirname, importUrl);
// At exit, so the cache holds every function the run compiled, not only the top level.
const cacheOut = process.env.STATE51_CODE_CACHE_OUT;
if (cacheOut) process.once("exit", () => writeFileSync(cacheOut, cacheOf(source, script)));
