import { statSync } from "node:fs";
import { resolve } from "node:path";
import { outputProblem, type OutputOptions } from "../fs/output-problem.js";
import { systemReason } from "../fs/system-reason.js";
import { readBounded } from "../load/read-file.js";
import { insideCheckout } from "../pipeline/package-root.js";

/** A mistake in how a command was called: printed as one line, exit status 2. */
export class UsageError extends Error {
  override name = "UsageError";
}

/**
 * An output that may replace only an earlier output of its kind: a file named by mistake (a card
 * file, a source file, the expansion left out of the paths) would be lost to it.
 */
export interface Replaceable {
  /** What an earlier one is called: "a game log", "a simulation report". */
  readonly kind: string;
  /**
   * Whether a file is such an output, by its first bytes (at most `headBytes`, a byte-order mark
   * and blank lines before them passed over); `cut` when the file goes on, and `whole` reads it
   * all (undefined when it cannot), for a kind told only further in.
   */
  readonly is: (head: Buffer, cut: boolean, whole: () => Buffer | undefined) => boolean;
}

/** Enough of a file to tell an earlier output by its start: a game log's header line is a few hundred bytes. */
const headBytes = 64 * 1024;

/** The most `whole` reads: far more than any report, and a bound on a file that is none. */
const wholeBytes = 256 * 1024 * 1024;

/** Why writing `path` as `what` would lose a file that is not an earlier output of its kind, or undefined: missing, empty (made by touch or mktemp) or an earlier one. */
function wouldBeLost(path: string, what: string, r: Replaceable): string | undefined {
  const full = resolve(path);
  const read = readBounded(full, headBytes);
  if (!read.ok) return read.reason === "ENOENT" ? undefined : `cannot tell whether ${path} is ${r.kind}: ${systemReason(read.reason)}`;
  const bytes = read.bytes;
  let start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (start < bytes.length && blank.has(bytes[start]!)) start++;
  if (start === bytes.length && !read.tooBig) return undefined;
  // Sized by the file (a read allocates its bound at once): a file past the bound is not read.
  const whole = (): Buffer | undefined => {
    const size = statSync(full, { throwIfNoEntry: false })?.size ?? Infinity;
    if (size > wholeBytes) return undefined;
    const all = readBounded(full, size);
    return all.ok && !all.tooBig ? all.bytes : undefined;
  };
  return r.is(bytes.subarray(start), read.tooBig, whole) ? undefined : `${path} is not ${r.kind}, and ${what} would replace it`;
}

/** Blank bytes before an output's first line: space, tab, CR, LF. */
const blank = new Set([0x20, 0x09, 0x0d, 0x0a]);

/**
 * A UsageError, before any work, when an output given as `path` (if any) cannot be written;
 * `what` names it ("the game log"). With `replaces`, a file already there must be an earlier
 * output of that kind.
 */
export function checkOutput(path: string | undefined, what: string, options: OutputOptions & { readonly replaces?: Replaceable } = {}): void {
  if (path === undefined) return;
  const problem = outputProblem(path, options);
  if (problem !== undefined) throw new UsageError(`cannot write ${what}: ${problem}`);
  const lost = options.replaces === undefined ? undefined : wouldBeLost(path, what, options.replaces);
  if (lost !== undefined) throw new UsageError(`cannot write ${what}: ${lost}\n  hint: name a new file, or an earlier ${options.replaces!.kind.replace(/^an? /, "")} to replace`);
}

/**
 * A UsageError when a command that rewrites card files is given no path
 * outside the state51 checkout: its default, the base set, is then state51's
 * own (inside node_modules when installed), not the designer's to rewrite.
 * `name` says what to name and how, e.g. "the files to format: state51 fmt my-cards.yaml".
 */
export function checkDefaultIsEditable(paths: readonly string[], cwd: string, name: string): void {
  if (paths.length === 0 && !insideCheckout(cwd)) throw new UsageError(`outside the state51 checkout, name ${name}`);
}
