/**
 * What to watch for the card files a command was given, for every command that
 * follows them (`validate --watch`, `build --watch`, `preview`): each folder
 * whole, and for each file named its folder (an editor that saves by writing
 * a new file and renaming it over the old one replaces the file itself, and a
 * watch on the file alone stops at the first such save), but only the card
 * files named there. The base vocabulary is always watched: every set builds on it.
 */
import { statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { isWithin } from "../fs/paths.js";
import { isCardFile } from "../load/find-files.js";
import { baseVocabularyFile, defaultCardsDir } from "./validate.js";

export interface WatchTargets {
  /** The folders to give the watcher, absolute. */
  readonly roots: string[];
  /** Whether a change to this absolute path is one to act on. */
  readonly relevant: (path: string) => boolean;
  /** The watcher's ignore rule: what it need not look at, nor below. */
  readonly ignored: (path: string, stats?: { isFile(): boolean }) => boolean;
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The targets for `paths` as a command was given them (relative to `cwd`; none: the base set). */
export function watchTargets(paths: readonly string[], cwd: string): WatchTargets {
  const requested = paths.length > 0 ? paths.map((p) => resolve(cwd, p)) : [defaultCardsDir()];
  const folders = requested.filter(isFolder);
  const files = [...requested.filter((p) => !isFolder(p)), baseVocabularyFile()];
  const roots = [...new Set([...folders, ...files.map((f) => dirname(f))])];
  const inFolder = (path: string): boolean => folders.some((f) => isWithin(path, f));
  const relevant = (path: string): boolean => files.includes(path) || (inFolder(path) && isCardFile(path));
  // Outside a watched folder only the named files' own folders are looked at, not below them.
  const ignored = (path: string, stats?: { isFile(): boolean }): boolean => {
    if (roots.includes(path) || files.includes(path)) return false;
    if (!inFolder(path)) return true;
    return stats?.isFile() === true && !isCardFile(path);
  };
  return { roots, relevant, ignored };
}
