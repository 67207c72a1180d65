import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from "node:fs";
import type { MessageArgs } from "../diagnostics/catalog.js";
import { diagnostic, fileStart, type Diagnostic, type Range } from "../diagnostics/diagnostic.js";
import { errorCode, systemWords } from "../fs/system-reason.js";

/** Card files are small; anything bigger is a mistake and must not stall the tool. */
export const maxFileBytes = 1024 * 1024;

export type ReadResult = { ok: true; text: string } | { ok: false; diagnostic: Diagnostic };

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** What a path is when it is not a regular file, in the designer's words. */
function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return "a folder";
  if (stats.isFIFO()) return "a pipe (FIFO)";
  if (stats.isSocket()) return "a socket";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  return "not a regular file";
}

function statIfAny(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

export type BoundedRead = { ok: true; bytes: Buffer; tooBig: boolean } | { ok: false; reason: string; notAFile?: string };

/**
 * At most `limit + 1` bytes of a regular file: enough to know it is too big,
 * whatever its size claims (`/proc` files say 0, a device has no end), and
 * never a wait on a pipe. The file is opened without blocking so that a FIFO
 * with no writer is refused at once, and it is checked to be a regular file
 * before a byte is read.
 */
export function readBounded(path: string, limit: number): BoundedRead {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    // A socket cannot even be opened (ENXIO): say what it is rather than why open failed.
    const stats = statIfAny(path);
    if (stats !== undefined && !stats.isFile()) return { ok: false, reason: "not a regular file", notAFile: kindOf(stats) };
    return { ok: false, reason: errorCode(error) };
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { ok: false, reason: "not a regular file", notAFile: kindOf(stats) };
    const buffer = Buffer.alloc(limit + 1);
    let length = 0;
    for (;;) {
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
      if (length === buffer.length) break;
    }
    return { ok: true, bytes: buffer.subarray(0, Math.min(length, limit)), tooBig: length > limit };
  } catch (error) {
    return { ok: false, reason: errorCode(error) };
  } finally {
    closeSync(fd);
  }
}

const tooBig = (shown: string): Diagnostic => diagnostic(shown, fileStart, "S51-E003", { limit: maxFileBytes / 1024 / 1024 }, "split the cards over several files");
const hasNul = (shown: string): Diagnostic => diagnostic(shown, fileStart, "S51-E002", { why: "it contains NUL bytes" });

/** Reads a card file as UTF-8 text, refusing what cannot be one (not a regular file, too big, binary, unreadable). */
export function readCardFile(path: string, displayPath: string): ReadResult {
  const fail = <C extends "S51-E001" | "S51-E002" | "S51-E014">(code: C, args: MessageArgs<C>, hint?: string, at: Range = fileStart): ReadResult => ({
    ok: false,
    diagnostic: diagnostic(displayPath, at, code, args, hint),
  });
  const read = readBounded(path, maxFileBytes);
  if (!read.ok) {
    return read.notAFile === undefined
      ? fail("S51-E001", { reason: systemWords(read.reason) })
      : fail("S51-E014", { what: read.notAFile }, "name a .yaml file or a folder of them");
  }
  if (read.tooBig) return { ok: false, diagnostic: tooBig(displayPath) };
  const bytes = read.bytes;
  if (bytes.includes(0)) return { ok: false, diagnostic: hasNul(displayPath) };
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

/**
 * An editor's unsaved text of a card file, held to what `readCardFile` allows
 * of a file on disk: no larger, no NUL, no byte-order mark.
 */
export function cardText(text: string, displayPath: string): ReadResult {
  if (Buffer.byteLength(text, "utf8") > maxFileBytes) return { ok: false, diagnostic: tooBig(displayPath) };
  if (text.includes("\0")) return { ok: false, diagnostic: hasNul(displayPath) };
  return { ok: true, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
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

/** Game logs and reports are far larger than card files, but not without end. */
export const maxInputBytes = 256 * 1024 * 1024;

/**
 * A file given as input other than card files (a game log, a shard's report), named `shown`,
 * as text: at most `limit` bytes, a regular file only; else why not, as `validate` says it of a
 * card file (S51-E001, the reason in words), with `hint`. Both are JSON, so a byte-order mark at
 * the start (Windows editors and PowerShell write one) is left out, as RFC 8259 lets a reader
 * do: JSON.parse would refuse the file for it.
 */
export function readInputText(path: string, shown: string, hint: string, limit: number = maxInputBytes): { ok: true; text: string } | { ok: false; diagnostic: Diagnostic } {
  const read = readBounded(path, limit);
  const fail = (reason: string): { ok: false; diagnostic: Diagnostic } => ({ ok: false, diagnostic: diagnostic(shown, fileStart, "S51-E001", { reason }, hint) });
  if (!read.ok) return fail(read.notAFile === undefined ? systemWords(read.reason) : `it is ${read.notAFile}, not a file`);
  if (read.tooBig) return fail(`it is over ${limit / 1024 / 1024} MB`);
  const text = read.bytes.toString("utf8");
  return { ok: true, text: text.startsWith("\ufeff") ? text.slice(1) : text };
}
