import { readdirSync, statSync } from "node:fs";
import { extname, join, relative } from "node:path";

export type FoundFiles = { files: string[]; missing: string[] };

/** A name a card file may have: *.yaml or *.yml (any case). */
export const isCardFile = (name: string): boolean => [".yaml", ".yml"].includes(extname(name).toLowerCase());

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) return walk(full);
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
  for (const p of paths) {
    try {
      if (statSync(p).isDirectory()) files.push(...walk(p));
      else files.push(p);
    } catch {
      missing.push(p);
    }
  }
  return { files: [...new Set(files)], missing };
}

export function displayPath(path: string, cwd: string = process.cwd()): string {
  const rel = relative(cwd, path);
  return rel === "" ? path : rel.startsWith("..") ? path : rel;
}
