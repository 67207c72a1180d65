import { readdirSync, statSync } from "node:fs";
import { extname, join, relative } from "node:path";
import { errorCode } from "../fs/system-reason.js";

/** What the paths named hold: card files, paths that are not there, and folders that could not be read (with the system's code). */
export type FoundFiles = { files: string[]; missing: string[]; unreadable: { path: string; reason: string }[] };

/** A name a card file may have: *.yaml or *.yml (any case). */
export const isCardFile = (name: string): boolean => [".yaml", ".yml"].includes(extname(name).toLowerCase());


/**
 * The card files under `dir`. A subfolder that goes while it is searched (a save
 * that replaces a folder, under a watcher or the language server) holds nothing
 * to check and is passed over; one that cannot be read is reported, never
 * skipped silently, and the rest of the folder is still searched.
 */
function walk(dir: string, unreadable: FoundFiles["unreadable"]): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    if (errorCode(error) !== "ENOENT") unreadable.push({ path: dir, reason: errorCode(error) });
    return [];
  }
  return entries
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) return walk(full, unreadable);
      // Symlinks, pipes and devices named like card files are taken too, so that reading
      // them follows the link or refuses them by name, never skipping them silently.
      return isCardFile(entry.name) ? [full] : [];
    });
}

/**
 * The card files named by the designer: files as given, folders searched for
 * *.yaml / *.yml in name order (so the same folder always loads the same way).
 */
export function findCardFiles(paths: readonly string[]): FoundFiles {
  const files: string[] = [];
  const missing: string[] = [];
  const unreadable: FoundFiles["unreadable"] = [];
  for (const p of paths) {
    let isFolder: boolean;
    try {
      isFolder = statSync(p).isDirectory();
    } catch (error) {
      if (errorCode(error) === "ENOENT" || errorCode(error) === "ENOTDIR") missing.push(p);
      else unreadable.push({ path: p, reason: errorCode(error) });
      continue;
    }
    if (isFolder) files.push(...walk(p, unreadable));
    else files.push(p);
  }
  return { files: [...new Set(files)], missing, unreadable };
}

export function displayPath(path: string, cwd: string = process.cwd()): string {
  const rel = relative(cwd, path);
  return rel === "" ? path : rel.startsWith("..") ? path : rel;
}
