import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The state51 package folder, found from this module's location so the same
 * code works from src/ (tests) and from the bundled dist/ (the CLI).
 */
export function packageRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === "state51") return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`state51's package.json not found above ${from}`);
    dir = parent;
  }
}

/**
 * Whether `cwd` is in the state51 checkout (or the installed package): only
 * there is the base set in cards/ the designer's to edit, so only there may a
 * command that writes card files default to it.
 */
export function insideCheckout(cwd: string, root: string = packageRoot()): boolean {
  const rel = relative(root, cwd);
  // Above the root, rel is ".." or starts "../"; a folder of the checkout may itself be named "..drafts".
  const above = rel === ".." || rel.startsWith(`..${sep}`);
  // A path on another drive (Windows) has no relative form: resolving it back gives it unchanged, not cwd.
  return !above && resolve(root, rel) === resolve(cwd);
}
