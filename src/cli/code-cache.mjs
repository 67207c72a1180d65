// How the CLI bundle (dist/state51.cjs) is compiled: by the launcher
// (src/cli/launcher.mjs), with the code cache, and by src/cli/bundle.mjs, which
// makes the cache and checks it is taken. One module, so the two compile the
// same text: a cache serves only the very source it was made from.
import { createHash } from "node:crypto";
import { Script } from "node:vm";

/**
 * The cache file starts with two SHA-1s: of the Node.js that made it with the
 * source it was made from, then of the V8 data that follows. V8 checks its own
 * version and flags but not the embedder's patches (a Node.js 20.x update may
 * change them under the same V8 version), and in a release build it does not
 * check the data at all: a cache damaged on disk, or made by another Node.js,
 * would not be refused but abort the process in V8's deserialiser. Node's own
 * compile cache (Node 22) keeps a checksum for the same reason.
 */
const digestBytes = 20;
const headerBytes = 2 * digestBytes;

const sha1 = (data) => createHash("sha1").update(data).digest();

/** What a cache is for: this source, compiled by this Node.js on this architecture. */
export function cacheKey(source, runtime = `${process.version} ${process.arch}`) {
  return createHash("sha1").update(runtime).update("\0").update(source).digest();
}

/** Whether `cache` was made for `source` by this Node.js and is whole: only then is it handed to V8. */
function fitting(source, cache) {
  if (cache === undefined || cache.length <= headerBytes) return false;
  const data = cache.subarray(headerBytes);
  return cacheKey(source).equals(cache.subarray(0, digestBytes)) && sha1(data).equals(cache.subarray(digestBytes, headerBytes));
}

/**
 * The bundle wrapped as a CommonJS module function, compiled with `cache` when
 * it was made from this very source (V8's own check compares only the
 * source's length, so an edited bundle of the same length would run the old
 * compiled code). The sixth parameter lends the bundle an `import()`: Node 20
 * cannot import() from a script read from a code cache
 * (src/pipeline/load-card-set.ts uses it).
 */
export function compileBundle(file, source, cache) {
  const fits = fitting(source, cache);
  const script = new Script(`(function (exports, require, module, __filename, __dirname, __state51_import) {${source}\n})`, {
    filename: file,
    cachedData: fits ? cache.subarray(headerBytes) : undefined,
  });
  return { script, cacheTaken: fits && !script.cachedDataRejected };
}

/** The cache file for a compiled (and run) bundle: what it has compiled so far, after the header. */
export function cacheOf(source, script) {
  const data = script.createCachedData();
  return Buffer.concat([cacheKey(source), sha1(data), data]);
}
