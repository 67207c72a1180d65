import { chmodSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { makeFolders } from "./make-folders.js";
import { isWithin } from "./paths.js";

/** Where an existing file's content lives (a symbolic link's target) and its permissions; only `path` for a new file. */
function existingFile(path: string): { readonly path: string; readonly mode?: number } {
  try {
    const real = realpathSync(path);
    return { path: real, mode: statSync(real).mode & 0o7777 };
  } catch {
    return { path };
  }
}

/** Errors met while writing an output: their `open` was a file opened to be written, not read. */
const failedWrites = new WeakSet<object>();

/** Whether `error` came out of writing an output (through `toldOf`), so its failed `open` was to write. */
export const failedWriting = (error: object): boolean => failedWrites.has(error);

/**
 * A failed write's error told of `path`, the file or folder the designer named, when it names
 * one of the temp files or folders written beside it (`temps`) or nothing at all (a full disk's
 * ENOSPC names no file): never a temp name the designer has not seen, nor "cannot write:".
 */
export function toldOf(error: unknown, path: string, temps: readonly string[]): unknown {
  const failed = error as NodeJS.ErrnoException | undefined;
  if (typeof failed?.code !== "string") return error;
  failedWrites.add(failed);
  const at = failed.path;
  if (at === undefined || temps.some((t) => isWithin(at, t))) failed.path = path;
  return error;
}

/**
 * Creates `temp` afresh (O_EXCL), never writing through whatever stands at its name: a
 * link planted there, or a stale temp file a crashed run left under a pid used again,
 * is removed (the link itself, not what it points to) and the file created once more.
 */
function writeTemp(temp: string, content: string | Uint8Array): void {
  try {
    writeFileSync(temp, content, { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    rmSync(temp, { force: true });
    writeFileSync(temp, content, { flag: "wx" });
  }
}

/**
 * Writes a file so that readers see the old content or the new, never half
 * of it: write a temp file beside it, then rename over (atomic on one file
 * system). Its folder is made only when `mkdir` says so (`--mkdir`): a
 * mistyped folder is reported, not silently created. A file rewritten in
 * place (fmt, new, locks accept on a designer's card file) stays what it was
 * apart from its text: a symbolic link stays a link, its target rewritten,
 * and the file keeps its permissions (a group-writable shared file stays so).
 * With `replace`, whatever stood at `path` (a link, an unreadable file) is
 * replaced by a new file, never written through: for files state51 alone
 * owns (src/pipeline/card-set-cache.ts).
 */
export function writeFileAtomic(path: string, content: string | Uint8Array, options: { readonly mkdir?: boolean; readonly replace?: boolean } = {}): void {
  // Written where the output checks looked: the path resolved as they resolve it (`new/../r.json`
  // is r.json, which the kernel would seek through a folder `new`), and told by the name given.
  const full = resolve(path);
  const unmake = options.mkdir === true ? makeFolders(dirname(full)) : () => {};
  const target = options.replace === true ? { path: full } : existingFile(full);
  const temp = `${target.path}.${process.pid}.tmp`;
  try {
    writeTemp(temp, content);
    if (target.mode !== undefined) chmodSync(temp, target.mode);
    renameSync(temp, target.path);
  } catch (error) {
    // The write's own error is the one to tell, even when the temp file cannot be removed either (a name too long).
    try {
      rmSync(temp, { force: true });
    } catch {}
    unmake();
    throw toldOf(error, path, [temp]);
  }
}
