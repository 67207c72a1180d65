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
  /** What replaces it, in the refusal: "the log". */
  readonly noun: string;
  /** Whether a file's first bytes (at most `headBytes`, its leading blank lines passed over; `cut` when there is more) are such an output's. */
  readonly is: (head: Buffer, cut: boolean) => boolean;
}

/** Enough of a file to tell an earlier output by its start: a game log's header line is a few hundred bytes. */
export const headBytes = 64 * 1024;

/** Why writing `path` would lose a file that is not an earlier output of its kind, or undefined: missing, empty (made by touch or mktemp) or an earlier one. */
function wouldBeLost(path: string, r: Replaceable): string | undefined {
  const read = readBounded(resolve(path), headBytes);
  if (!read.ok) return read.reason === "ENOENT" ? undefined : `cannot tell whether ${path} is ${r.kind}: ${systemReason(read.reason)}`;
  const start = read.bytes.findIndex((b) => !blank.has(b));
  if (start < 0 && !read.tooBig) return undefined;
  return r.is(read.bytes.subarray(Math.max(0, start)), read.tooBig) ? undefined : `${path} is not ${r.kind}, and ${r.noun} would replace it`;
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
  const lost = options.replaces === undefined ? undefined : wouldBeLost(path, options.replaces);
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
