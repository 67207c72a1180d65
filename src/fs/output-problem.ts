/**
 * Whether a file can be written where a command was told to write it, asked
 * before the work starts: a game or a sheet is not made only to find its
 * folder missing at the end.
 */
import { accessSync, constants, statSync } from "node:fs";
import { dirname, resolve } from "node:path";

/** Why `path` cannot be written (its folder is missing or read-only, or it is a folder), or undefined. */
export function outputProblem(path: string): string | undefined {
  const full = resolve(path);
  const folder = dirname(full);
  try {
    if (!statSync(folder).isDirectory()) return `${dirname(path)} is not a folder`;
  } catch {
    return `no such folder: ${dirname(path)}`;
  }
  try {
    if (statSync(full).isDirectory()) return `${path} is a folder`;
  } catch {
    // Not there yet: it will be made.
  }
  try {
    accessSync(folder, constants.W_OK);
  } catch {
    return `${dirname(path)} cannot be written to`;
  }
  return undefined;
}
