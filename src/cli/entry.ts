import { errorLine } from "./error-line.js";
import { systemReason } from "../fs/system-reason.js";
import { main } from "./main.js";

// A write to standard output that fails (`| head` closing the pipe: EPIPE; `> /dev/full`: ENOSPC)
// is one line on standard error and exit 1, not a stack trace; nothing more is written.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  process.stderr.write(errorLine("", `cannot write to standard output: ${systemReason(error.code)}`));
  process.exit(1);
});

// Not a top-level await: the bundle is CommonJS (src/cli/launcher.cjs says why).
let settled = false;
void main(process.argv.slice(2)).then((code) => {
  settled = true;
  process.exitCode = code;
});
// What a top-level await left unsettled would have reported (Node's exit 13): a command that
// stops with nothing left to wait for, before it has finished, is a bug, not a success.
process.once("beforeExit", () => {
  if (settled) return;
  process.stderr.write(errorLine("", "internal error: the command stopped before it finished") + "please report this with the command you ran\n");
  process.exitCode = 70;
});
