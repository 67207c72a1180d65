import { existsSync, mkdirSync, rmdirSync } from "node:fs";
import { dirname, resolve } from "node:path";

/** The highest of `folder` and its parents that is missing: the first `mkdir -p` would make. */
function firstMissing(folder: string): string | undefined {
  let first: string | undefined;
  for (let at = folder; !existsSync(at) && dirname(at) !== at; at = dirname(at)) first = at;
  return first;
}

/**
 * Removes `folder` and its parents up to `first`, deepest first and only while they are empty:
 * a folder an output was written into, or anyone else's file, stays.
 */
function removeEmpty(folder: string, first: string): void {
  for (let at = folder; ; at = dirname(at)) {
    try {
      rmdirSync(at);
    } catch (error) {
      // A folder with something in it stays, and so do those above it. Any other failure is a
      // folder below the point where making them failed, never made (ENOENT, ENAMETOOLONG): go on up.
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOTEMPTY" || code === "EEXIST") return;
    }
    if (at === first || dirname(at) === at) return;
  }
}

/**
 * Makes `folder` and its missing parents (`--mkdir`), and answers how to take back those it
 * made: a command that then fails leaves the disk as it found it, not a trail of empty
 * folders. On success the answer is a no-op for every folder an output went into. If making
 * them fails partway (a name too long, no permission below), those made are taken back at once.
 */
export function makeFolders(given: string): () => void {
  // Resolved first: through `new/../kept`, removing "new/.." would remove the user's own `kept`.
  const folder = resolve(given);
  const first = firstMissing(folder);
  const unmake = (): void => {
    if (first !== undefined) removeEmpty(folder, first);
  };
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    unmake();
    throw error;
  }
  return unmake;
}
