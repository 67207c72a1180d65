import { readFileSync, statSync } from "node:fs";
import type { MessageArgs } from "../diagnostics/catalog.js";
import { diagnostic, fileStart, type Diagnostic, type Range } from "../diagnostics/diagnostic.js";

/** Card files are small; anything bigger is a mistake and must not stall the tool. */
export const maxFileBytes = 1024 * 1024;

export type ReadResult = { ok: true; text: string } | { ok: false; diagnostic: Diagnostic };

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Reads a card file as UTF-8 text, refusing what cannot be one (too big, binary, unreadable). */
export function readCardFile(path: string, displayPath: string): ReadResult {
  const fail = <C extends "S51-E001" | "S51-E002" | "S51-E003">(code: C, args: MessageArgs<C>, hint?: string, at: Range = fileStart): ReadResult => ({
    ok: false,
    diagnostic: diagnostic(displayPath, at, code, args, hint),
  });
  let bytes: Buffer;
  try {
    const size = statSync(path).size;
    if (size > maxFileBytes) {
      return fail(
        "S51-E003",
        { size: (size / 1024 / 1024).toFixed(1), limit: maxFileBytes / 1024 / 1024 },
        "split the cards over several files",
      );
    }
    bytes = readFileSync(path);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? "unknown error";
    return fail("S51-E001", { reason });
  }
  if (bytes.includes(0)) return fail("S51-E002", { why: "it contains NUL bytes" });
  try {
    const text = utf8.decode(bytes);
    return { ok: true, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
  } catch {
    const bad = firstInvalidByte(bytes);
    const at = bytePosition(bytes, bad);
    const byte = `0x${bytes[bad]!.toString(16).toUpperCase().padStart(2, "0")}`;
    return fail("S51-E002", { why: `the byte ${byte} is not valid UTF-8 (Latin-1 or Windows-1252?)` }, "save it as UTF-8", { start: at, end: at });
  }
}

/** The offset of the first byte that does not begin or continue a well-formed UTF-8 sequence. */
function firstInvalidByte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const length = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (length === 0) return i;
    if (length === 1) {
      i++;
      continue;
    }
    // Only whole, well-formed sequences pass the strict decoder (no overlong forms, surrogates or code points past U+10FFFF).
    if (i + length > bytes.length) return i;
    try {
      utf8.decode(bytes.subarray(i, i + length));
    } catch {
      return i;
    }
    i += length;
  }
  return Math.max(0, bytes.length - 1);
}

/** Line and column (in characters, as the code frame counts them) of a byte offset. */
function bytePosition(bytes: Uint8Array, offset: number): { line: number; column: number } {
  const lineStart = bytes.lastIndexOf(0x0a, offset - 1) + 1;
  let line = 1;
  for (let i = 0; i < lineStart; i++) if (bytes[i] === 0x0a) line++;
  const column = new TextDecoder("utf-8").decode(bytes.subarray(lineStart, offset)).length + 1;
  return { line, column };
}
