/**
 * Compiled card sets kept between runs, so that `play`, `replay` and
 * `simulate` on cards already compiled once start without loading the
 * compiler: ts-morph and the compiling were two thirds of a short run
 * (about 1 s of 1.5). What is kept is the registry module's `data:` URL
 * (`cardSetUrl`), under a key that holds everything it is made from: the
 * state51 build, then each card file's path and text as validation read them.
 * The compile is a function of those alone (the same cards give the same
 * bytes), so a kept URL is the very one compiling again would give.
 *
 * The folder is `$STATE51_CACHE`, else `$XDG_CACHE_HOME/state51`, else
 * `~/.cache/state51`; `STATE51_CACHE=off` keeps nothing. A cache is only
 * ever a shortcut: one that cannot be read, is damaged or cannot be written
 * is passed over without a word, and the cards are compiled as without it.
 */
import { createHash } from "node:crypto";
import { lstatSync, readdirSync, readFileSync, rmSync, unlinkSync, utimesSync } from "node:fs";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeFileAtomic } from "../fs/atomic-write.js";
import type { ValidationResult } from "./validate.js";

/** Where compiled sets are kept, and for which build of state51. */
export interface CardSetCache {
  readonly folder: string;
  /** The build's identity: a set compiled by another build of state51 is another entry. */
  readonly build: string;
}

/** How many compiled sets a folder keeps (about 200 KB each): the ones used last. */
export const keptSets = 20;

/** A temp file older than this was left by a write that never finished (a killed run): pruning removes it. */
const abandonedAfterMs = 10 * 60_000;

const entryPattern = /^cards-[0-9a-f]{64}\.url$/;
/** writeFileAtomic's temp file beside an entry. */
const tempPattern = /^cards-[0-9a-f]{64}\.url\.\d+\.tmp$/;

const sha256 = (data: string | Uint8Array): string => createHash("sha256").update(data).digest("hex");

/** This build's identity (`readBundledBuild`), read once: `simulate --baseline` asks for each of its two card sets. */
let bundledBuildId: { readonly id: string | undefined } | undefined;
function bundledBuild(): string | undefined {
  bundledBuildId ??= { id: readBundledBuild() };
  return bundledBuildId.id;
}

/**
 * What built this CLI: the bundle's own bytes (everything bundled into it: the
 * compiler, the parser, yaml, chevrotain), and the versions of ts-morph and of
 * the TypeScript it carries (@ts-morph/common, which ts-morph asks for by a
 * range), which are loaded from where they are installed and write the code.
 * Undefined when running from src/ (the tests: nothing is kept unless a test
 * gives a cache itself) or when one of them cannot be read.
 */
function readBundledBuild(): string | undefined {
  if (process.env.STATE51_BUNDLED !== "1") return undefined;
  try {
    // In the bundle, this module's URL is the bundle's (src/cli/bundle.mjs defines it so).
    const bundle = sha256(readFileSync(fileURLToPath(import.meta.url)));
    const fromHere = createRequire(import.meta.url);
    const fromTsMorph = createRequire(fromHere.resolve("ts-morph"));
    const version = (require: NodeJS.Require, name: string): string => `${name}@${(require(`${name}/package.json`) as { version: string }).version}`;
    return `${bundle} ${version(fromHere, "ts-morph")} ${version(fromTsMorph, "@ts-morph/common")}`;
  } catch {
    return undefined;
  }
}

/**
 * The cache this process uses, from the environment; undefined when off, outside
 * the bundled CLI, or with no folder to put it in (no home folder: a container
 * run as a user the system does not know).
 */
export function cardSetCache(env: NodeJS.ProcessEnv = process.env, build: () => string | undefined = bundledBuild, home: () => string = homedir): CardSetCache | undefined {
  const setting = env.STATE51_CACHE;
  if (setting === "off") return undefined;
  let folder: string;
  try {
    if (setting !== undefined && setting !== "") folder = setting;
    else folder = join(env.XDG_CACHE_HOME !== undefined && env.XDG_CACHE_HOME !== "" ? env.XDG_CACHE_HOME : join(home(), ".cache"), "state51");
  } catch {
    return undefined;
  }
  const id = build();
  return id === undefined ? undefined : { folder, build: id };
}

/** The entry's file name: the build, then every file's path and text, in the order validation read them. */
export function entryName(build: string, result: Pick<ValidationResult, "files" | "texts">): string {
  const hash = createHash("sha256").update(build).update("\0");
  for (const file of result.files) hash.update(file).update("\0").update(result.texts.get(file) ?? "\u0000unread").update("\0");
  return `cards-${hash.digest("hex")}.url`;
}

/**
 * An entry's first line is the SHA-256 of its name and the URL after it: a damaged
 * entry, or one holding another entry's set (a link, a copy), is passed over, not run.
 */
const header = (name: string, url: string): string => sha256(`${name}\n${url}`);

/** A kept URL, from a plain file only (a link is passed over, never followed). */
function readEntry(folder: string, name: string): string | undefined {
  const path = join(folder, name);
  let text: string;
  try {
    if (!lstatSync(path).isFile()) return undefined;
    text = readFileSync(path, "latin1");
  } catch {
    return undefined;
  }
  const newline = text.indexOf("\n");
  const url = text.slice(newline + 1);
  if (newline < 0 || text.slice(0, newline) !== header(name, url)) return undefined;
  try {
    // Kept in use: pruning removes the sets used longest ago.
    const now = new Date();
    utimesSync(path, now, now);
  } catch {
    // A read-only cache still serves.
  }
  return url;
}

/** Removes all but the `keptSets` entries used last, and temp files abandoned by killed runs (others may be removing the same ones). */
function prune(folder: string, now: number): void {
  const entries: { name: string; used: number }[] = [];
  for (const name of readdirSync(folder)) {
    const entry = entryPattern.test(name);
    if (!entry && !tempPattern.test(name)) continue;
    try {
      const used = lstatSync(join(folder, name)).mtimeMs;
      if (entry) entries.push({ name, used });
      else if (now - used > abandonedAfterMs) unlinkSync(join(folder, name));
    } catch {
      // Removed meanwhile.
    }
  }
  entries.sort((a, b) => b.used - a.used || (a.name < b.name ? -1 : 1));
  for (const e of entries.slice(keptSets)) rmSync(join(folder, e.name), { force: true });
}

/** Writes the entry as a new file: whatever stood at its name (a damaged or unreadable entry, a link) is replaced, never written through. */
function writeEntry(folder: string, name: string, url: string): void {
  try {
    writeFileAtomic(join(folder, name), `${header(name, url)}\n${url}`, { mkdir: true, replace: true });
    prune(folder, Date.now());
  } catch {
    // A cache that cannot be written (read-only, full): the next run compiles again.
  }
}

/**
 * The registry module's URL for validated cards: the kept one when this build
 * compiled the same files before, else `compile()`'s, then kept.
 */
export async function cachedCardSetUrl(
  result: Pick<ValidationResult, "files" | "texts">,
  compile: () => Promise<string>,
  cache: CardSetCache | undefined = cardSetCache(),
): Promise<string> {
  if (cache === undefined) return compile();
  const name = entryName(cache.build, result);
  const kept = readEntry(cache.folder, name);
  if (kept !== undefined) return kept;
  const url = await compile();
  writeEntry(cache.folder, name, url);
  return url;
}
