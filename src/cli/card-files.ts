import { realpathSync } from "node:fs";
import { resolve, sep } from "node:path";
import { findCardFiles } from "../load/find-files.js";
import { defaultCardsDir, examplesDir } from "../pipeline/validate.js";

function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * The card files the commands that edit files (fmt, locks accept) work on:
 * those named, folders searched as `validate` searches them; by default the
 * base set, without the example expansion beside it unless it is named.
 */
export function namedCardFiles(paths: readonly string[], cwd: string): { files: string[]; missing: string[] } {
  const requested = paths.length > 0 ? paths.map((p) => resolve(cwd, p)) : [defaultCardsDir()];
  const found = findCardFiles(requested);
  const examples = realPath(examplesDir());
  const inExamples = (p: string): boolean => {
    const f = realPath(p);
    return f === examples || f.startsWith(examples + sep);
  };
  return requested.some(inExamples) ? found : { files: found.files.filter((f) => !inExamples(f)), missing: found.missing };
}
