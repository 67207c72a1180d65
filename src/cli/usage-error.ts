/** A mistake in how a command was called: printed as one line, exit status 2. */
export class UsageError extends Error {
  override name = "UsageError";
}
