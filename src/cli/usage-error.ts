import { outputProblem, type OutputOptions } from "../fs/output-problem.js";
import { insideCheckout } from "../pipeline/package-root.js";

/** A mistake in how a command was called: printed as one line, exit status 2. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** A UsageError, before any work, when an output given as `path` (if any) cannot be written; `what` names it ("the game log"). */
export function checkOutput(path: string | undefined, what: string, options: OutputOptions = {}): void {
  const problem = path === undefined ? undefined : outputProblem(path, options);
  if (problem !== undefined) throw new UsageError(`cannot write ${what}: ${problem}`);
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
