import { errorLine } from "./error-line.js";
import { main, systemReason } from "./main.js";

// A write to standard output that fails (`| head` closing the pipe: EPIPE; `> /dev/full`: ENOSPC)
// is one line on standard error and exit 1, not a stack trace; nothing more is written.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  process.stderr.write(errorLine("", `cannot write to standard output: ${systemReason(error.code)}`));
  process.exit(1);
});

// Not a top-level await: the bundle is CommonJS (src/cli/launcher.mjs says why).
void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
