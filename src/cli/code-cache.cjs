// How the CLI bundle (dist/cli.cjs) is compiled: by the launcher
// (src/cli/launcher.cjs), with the code cache, and by src/cli/bundle.mjs, which
// makes the cache and checks it is taken. One module, so the two compile the
// same text: a cache serves only the very source it was made from.
"use strict";
const { Script } = require("node:vm");
const { crc32 } = require("node:zlib");

/**
 * The cache file starts with two CRC-32s: of the Node.js that made it with the
 * source it was made from, then of the V8 data that follows. V8 checks its own
 * version and flags but not the embedder's patches (a Node.js 20.x update may
 * change them under the same V8 version), and in a release build it does not
 * check the data at all: a cache damaged on disk, or made by another Node.js,
 * would not be refused but abort the process in V8's deserialiser. Node's own
 * compile cache (Node 22) keeps a checksum for the same reason. A CRC, not a
 * cryptographic hash: these guard against accidents, and zlib's CRC-32 reads
 * the 2 MB in a fraction of a millisecond where loading node:crypto alone
 * costs more than that.
 */
const headerBytes = 8;

/** What a cache is for: this source (the bundle's bytes), compiled by this Node.js on this architecture. */
function cacheKey(source, runtime = `${process.version} ${process.arch}`) {
  return crc32(source, crc32(`${runtime}\0`));
}

/** Whether `cache` was made for `source` by this Node.js and is whole: only then is it handed to V8. */
function fitting(source, cache) {
  if (cache === undefined || cache.length <= headerBytes) return false;
  return cache.readUInt32LE(0) === cacheKey(source) && cache.readUInt32LE(4) === crc32(cache.subarray(headerBytes));
}

/**
 * The bundle (its bytes) wrapped as a CommonJS module function, compiled with
 * `cache` when it was made from this very source (V8's own check compares only
 * the source's length, so an edited bundle of the same length would run the
 * old compiled code). The sixth parameter lends the bundle an `import()`:
 * Node 20 cannot import() from a script read from a code cache
 * (src/pipeline/load-card-set.ts uses it).
 */
function compileBundle(file, source, cache) {
  const fits = fitting(source, cache);
  // Latin-1, not UTF-8: the bundle is ASCII (esbuild escapes every other character, and
  // bundle.mjs checks it), and decoding 1.2 MB as UTF-8 costs a millisecond of every run.
  const text = `(function (exports, require, module, __filename, __dirname, __state51_import) {${source.latin1Slice(0, source.length)}\n})`;
  const script = new Script(text, { filename: file, cachedData: fits ? cache.subarray(headerBytes) : undefined });
  return { script, cacheTaken: fits && !script.cachedDataRejected };
}

/** The cache file for a compiled (and run) bundle: what it has compiled so far, after the header. */
function cacheOf(source, script) {
  const data = script.createCachedData();
  const header = Buffer.alloc(headerBytes);
  header.writeUInt32LE(cacheKey(source), 0);
  header.writeUInt32LE(crc32(data), 4);
  return Buffer.concat([header, data]);
}

module.exports = { cacheKey, cacheOf, compileBundle };
