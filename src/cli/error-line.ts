import { terminalSafe } from "../text/escape.js";

/**
 * An error that is not a diagnostic, in the diagnostics' style: where it
 * comes from, then "error", then what is wrong (`state51 print: error: no card
 * with id "x"`, as a diagnostic is `file:3:5: error S51-E301: …`). One line,
 * safe to print on a terminal.
 */
export function errorLine(command: string, message: string): string {
  return terminalSafe(`state51${command === "" ? "" : ` ${command}`}: error: ${message}`) + "\n";
}
