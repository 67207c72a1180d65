import { formatCardFile } from "../edit/format-card-file.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { displayPath } from "../load/find-files.js";
import { readCardFile } from "../load/read-file.js";
import { namedCardFiles, pathDiagnostics } from "../pipeline/validate.js";
import { errorLine } from "./error-line.js";
import { formatDiagnostic } from "./format-diagnostics.js";
import { checkDefaultIsEditable, checkOutput } from "./usage-error.js";

export interface FmtOptions {
  /** Write nothing; exit 1 listing the files that are not in the canonical layout. */
  readonly check?: boolean;
}

interface Io {
  readonly write: (s: string) => void;
  readonly writeError: (s: string) => void;
}

/**
 * `state51 fmt`: each card file named (default, in the checkout only: the base set) brought to the
 * canonical layout. A file that is not valid YAML is reported as `validate`
 * reports it and left as it is; the others are still formatted. Every file to
 * rewrite is checked writable before the first is written (a UsageError).
 * Returns 0 when every file is (now) canonical, 1 when one could not be
 * formatted or, with --check, one is not canonical.
 */
export function runFmt(paths: readonly string[], opts: FmtOptions, io: Io, cwd: string = process.cwd()): number {
  checkDefaultIsEditable(paths, cwd, "the files to format: state51 fmt my-cards.yaml");
  const found = namedCardFiles(paths, cwd);
  const { files } = found;
  // A path that gives no card file (not there, a folder without one, one that cannot be read) is an error, reported as
  // validate reports it: `fmt --check` must not pass having checked nothing.
  const pathProblems = pathDiagnostics(found, cwd);
  let refused = pathProblems.length;
  for (const d of pathProblems) io.writeError(formatDiagnostic(d) + "\n\n");
  const changed: { path: string; shown: string; text: string }[] = [];
  for (const path of files) {
    const shown = displayPath(path, cwd);
    const read = readCardFile(path, shown);
    if (!read.ok) {
      io.writeError(formatDiagnostic(read.diagnostic) + "\n\n");
      refused++;
      continue;
    }
    const result = formatCardFile(shown, read.text);
    if (!result.ok) {
      if ("unsafe" in result) io.writeError(errorLine("fmt", `${shown} is left as it is: ${result.unsafe} (please report this file)`));
      else if ("problem" in result) io.writeError(errorLine("fmt", `${shown} is left as it is: ${result.problem}`));
      else {
        for (const d of result.diagnostics) io.writeError(formatDiagnostic(d, read.text) + "\n\n");
        io.writeError(`${shown} is left as it is: fix the YAML above first\n`);
      }
      refused++;
      continue;
    }
    if (result.text !== read.text) changed.push({ path, shown, text: result.text });
  }
  if (opts.check === true) {
    for (const c of changed) io.write(`${c.shown}: not in the canonical layout (state51 fmt rewrites it)\n`);
    io.write(`${changed.length} of ${files.length} ${files.length === 1 ? "file" : "files"} would be reformatted${refused > 0 ? `, ${refused} not checked` : ""}\n`);
    return changed.length > 0 || refused > 0 ? 1 : 0;
  }
  for (const c of changed) checkOutput(c.path, c.shown);
  for (const c of changed) {
    writeFileAtomic(c.path, c.text);
    io.write(`formatted ${c.shown}\n`);
  }
  const canonical = files.length + pathProblems.length - changed.length - refused;
  io.write(`${changed.length} formatted, ${canonical} already canonical${refused > 0 ? `, ${refused} not formatted` : ""}\n`);
  return refused > 0 ? 1 : 0;
}
