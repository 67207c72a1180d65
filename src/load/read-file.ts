import { readFileSync, statSync } from "node:fs";
import { diagnostic, fileStart, type Diagnostic } from "../diagnostics/diagnostic.js";

/** Card files are small; anything bigger is a mistake and must not stall the tool. */
export const maxFileBytes = 1024 * 1024;

export type ReadResult = { ok: true; text: string } | { ok: false; diagnostic: Diagnostic };

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Reads a card file as UTF-8 text, refusing what cannot be one (too big, binary, unreadable). */
export function readCardFile(path: string, displayPath: string): ReadResult {
  const fail = (code: "S51-E001" | "S51-E002" | "S51-E003", message: string, hint?: string): ReadResult => ({
    ok: false,
    diagnostic: diagnostic(displayPath, fileStart, code, message, hint),
  });
  let bytes: Buffer;
  try {
    const size = statSync(path).size;
    if (size > maxFileBytes) {
      return fail(
        "S51-E003",
        `the file is ${(size / 1024 / 1024).toFixed(1)} MB; card files are at most ${maxFileBytes / 1024 / 1024} MB`,
        "split the cards over several files",
      );
    }
    bytes = readFileSync(path);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? "unknown error";
    return fail("S51-E001", `cannot read the file (${reason})`);
  }
  if (bytes.includes(0)) return fail("S51-E002", "the file contains NUL bytes: it is not a text file");
  try {
    const text = utf8.decode(bytes);
    return { ok: true, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
  } catch {
    return fail("S51-E002", "the file is not valid UTF-8 text", "save it as UTF-8");
  }
}
