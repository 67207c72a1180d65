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
import { mkdirSync, readdirSync, readFileSync, statSync, unlinkSync, utimesSync } from "node:fs";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { join } from "node:path";
import { writeFileAtomic } from "../fs/atomic-write.js";
import type { ValidationResult } from "./validate.js";

/** Where compiled sets are kept, and for which build of state51. */
export interface CardSetCache {
  readonly folder: string;
  /** The build's identity: a set compiled by another build of state51 is another entry. */
  readonly build: string;
}

/** How many compiled sets a folder keeps (about 100–200 KB each): the ones used last. */
export const keptSets = 20;

/**
 * The bundled CLI's identity, written in by src/cli/bundle.mjs: a hash of the
 * sources, the grammar and the locked dependency versions it was made from
 * (ts-morph, which writes the code, is loaded from node_modules, not bundled).
 * Undefined when running from src/ (the tests), where nothing is kept unless a
 * test gives a cache itself.
 */
const bundledBuild: string | undefined = process.env.STATE51_BUILD_ID;

/**
 * The versions of ts-morph and of the TypeScript it carries (@ts-morph/common, which
 * ts-morph asks for by a range) where they are installed: they write the code.
 * Undefined when they cannot be found, and then nothing is kept.
 */
function compilerVersions(): string | undefined {
  try {
    const fromHere = createRequire(import.meta.url);
    const fromTsMorph = createRequire(fromHere.resolve("ts-morph"));
    const version = (require: NodeJS.Require, name: string): string => `${name}@${(require(`${name}/package.json`) as { version: string }).version}`;
    return `${version(fromHere, "ts-morph")} ${version(fromTsMorph, "@ts-morph/common")}`;
  } catch {
    return undefined;
  }
}

/** The cache this process uses, from the environment; undefined when off or outside the bundled CLI. */
export function cardSetCache(env: NodeJS.ProcessEnv = process.env, bundle: string | undefined = bundledBuild): CardSetCache | undefined {
  const setting = env.STATE51_CACHE;
  if (bundle === undefined || setting === "off") return undefined;
  const compiler = compilerVersions();
  if (compiler === undefined) return undefined;
  const build = `${bundle} ${compiler}`;
  if (setting !== undefined && setting !== "") return { folder: setting, build };
  const base = env.XDG_CACHE_HOME !== undefined && env.XDG_CACHE_HOME !== "" ? env.XDG_CACHE_HOME : join(homedir(), ".cache");
  return { folder: join(base, "state51"), build };
}

const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

/** The entry's file name: the build, then every file's path and text, in the order validation read them. */
export function entryName(build: string, result: Pick<ValidationResult, "files" | "texts">): string {
  const hash = createHash("sha256").update(build).update("\0");
  for (const file of result.files) hash.update(file).update("\0").update(result.texts.get(file) ?? "\u0000unread").update("\0");
  return `cards-${hash.digest("hex")}.url`;
}

/** A kept URL: the entry's first line is the SHA-256 of the rest, so a damaged entry is passed over, not run. */
function readEntry(path: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(path, "latin1");
  } catch {
    return undefined;
  }
  const newline = text.indexOf("\n");
  const url = text.slice(newline + 1);
  if (newline < 0 || text.slice(0, newline) !== sha256(url)) return undefined;
  try {
    // Kept in use: pruning removes the sets used longest ago.
    const now = new Date();
    utimesSync(path, now, now);
  } catch {
    // A read-only cache still serves.
  }
  return url;
}

/** Removes all but the `keptSets` entries used last (other processes may be removing the same ones). */
function prune(folder: string): void {
  const entries: { path: string; used: number }[] = [];
  for (const name of readdirSync(folder)) {
    if (!/^cards-[0-9a-f]{64}\.url$/.test(name)) continue;
    const path = join(folder, name);
    try {
      entries.push({ path, used: statSync(path).mtimeMs });
    } catch {
      // Removed meanwhile.
    }
  }
  entries.sort((a, b) => b.used - a.used || (a.path < b.path ? -1 : 1));
  for (const e of entries.slice(keptSets)) {
    try {
      unlinkSync(e.path);
    } catch {
      // Removed meanwhile.
    }
  }
}

function writeEntry(folder: string, path: string, url: string): void {
  try {
    mkdirSync(folder, { recursive: true });
    writeFileAtomic(path, `${sha256(url)}\n${url}`);
    prune(folder);
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
  const path = join(cache.folder, entryName(cache.build, result));
  const kept = readEntry(path);
  if (kept !== undefined) return kept;
  const url = await compile();
  writeEntry(cache.folder, path, url);
  return url;
}
