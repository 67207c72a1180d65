// How the CLI bundle (dist/state51.cjs) is compiled: by the launcher
// (src/cli/launcher.mjs), with the code cache, and by src/cli/bundle.mjs, which
// makes the cache and checks it is taken. One module, so the two compile the
// same text: a cache serves only the very source it was made from.
import { createHash } from "node:crypto";
import { Script } from "node:vm";

/** The cache file starts with the SHA-1 of the source it was made from. */
const digestBytes = 20;

const digest = (source) => createHash("sha1").update(source).digest();

/**
 * The bundle wrapped as a CommonJS module function, compiled with `cache` when
 * it was made from this very source. V8's own check compares only the source's
 * length, so an edited bundle of the same length would run the old compiled
 * code: the digest rules that out. The sixth parameter lends the bundle an
 * `import()`: Node 20 cannot import() from a script read from a code cache
 * (src/pipeline/load-card-set.ts uses it).
 */
export function compileBundle(file, source, cache) {
  const fits = cache !== undefined && cache.length > digestBytes && digest(source).equals(cache.subarray(0, digestBytes));
  const script = new Script(`(function (exports, require, module, __filename, __dirname, __state51_import) {${source}\n})`, {
    filename: file,
    cachedData: fits ? cache.subarray(digestBytes) : undefined,
  });
  return { script, cacheTaken: fits && !script.cachedDataRejected };
}

/** The cache file for a compiled (and run) bundle: what it has compiled so far, after the source's digest. */
export function cacheOf(source, script) {
  return Buffer.concat([digest(source), script.createCachedData()]);
}
