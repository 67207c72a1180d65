import { failedWriting } from "../fs/atomic-write.js";
import { systemReason } from "../fs/system-reason.js";
import { terminalLine } from "../text/escape.js";

/**
 * An error that is not a diagnostic, in the diagnostics' style: where it
 * comes from, then "error", then what is wrong (`state51 print: error: no card
 * with id "x"`, as a diagnostic is `file:3:5: error S51-E301: …`). One line,
 * and its hint lines, safe to print on a terminal: the message's own layout is
 * its hints ("\n  hint: …") and lines it quotes from another program ("\n  | …",
 * Chromium's last words), so any other line feed in it came from a value set
 * into it (a path, an option as typed) and shows as `\u000a` rather than
 * starting a line of its own.
 */
export function errorLine(command: string, message: string): string {
  const [head = "", ...hints] = message.split(/\n(?=  (?:hint: |\| ))/);
  return [`state51${command === "" ? "" : ` ${command}`}: error: ${head}`, ...hints].map(terminalLine).join("\n") + "\n";
}

/** What the program was doing when a system call failed, as "cannot …" (an `open` to write is told apart below). */
const doing: Partial<Record<string, string>> = { open: "open", write: "write", rename: "write", copyfile: "write", mkdir: "create the folder", rmdir: "remove", rm: "remove", unlink: "remove", read: "read", scandir: "read the folder" };

/** A system error (a disk full, a folder removed under us, a file gone before it was read) as one line. */
export function systemErrorLine(error: NodeJS.ErrnoException): string {
  const what = error.syscall === "open" && failedWriting(error) ? "write" : (error.syscall !== undefined && doing[error.syscall]) || error.syscall || "write";
  return `cannot ${what}${error.path === undefined ? "" : ` ${error.path}`}: ${systemReason(error.code)}`;
}
