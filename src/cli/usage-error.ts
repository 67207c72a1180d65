import { outputProblem, type OutputOptions } from "../fs/output-problem.js";

/** A mistake in how a command was called: printed as one line, exit status 2. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** A UsageError, before any work, when an output given as `path` (if any) cannot be written; `what` names it ("the game log"). */
export function checkOutput(path: string | undefined, what: string, options: OutputOptions = {}): void {
  const problem = path === undefined ? undefined : outputProblem(path, options);
  if (problem !== undefined) throw new UsageError(`cannot write ${what}: ${problem}`);
}
