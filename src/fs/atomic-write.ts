import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Writes a file so that readers see the old content or the new, never half
 * of it: write a temp file beside it, then rename over (atomic on one file
 * system). Its folder is made only when `mkdir` says so (`--mkdir`): a
 * mistyped folder is reported, not silently created.
 */
export function writeFileAtomic(path: string, content: string | Uint8Array, options: { readonly mkdir?: boolean } = {}): void {
  if (options.mkdir === true) mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, content);
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
