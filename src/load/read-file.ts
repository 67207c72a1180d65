import { readFileSync, statSync } from "node:fs";
import type { MessageArgs } from "../diagnostics/catalog.js";
import { diagnostic, fileStart, type Diagnostic } from "../diagnostics/diagnostic.js";

/** Card files are small; anything bigger is a mistake and must not stall the tool. */
export const maxFileBytes = 1024 * 1024;

export type ReadResult = { ok: true; text: string } | { ok: false; diagnostic: Diagnostic };

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Reads a card file as UTF-8 text, refusing what cannot be one (too big, binary, unreadable). */
export function readCardFile(path: string, displayPath: string): ReadResult {
  const fail = <C extends "S51-E001" | "S51-E002" | "S51-E003">(code: C, args: MessageArgs<C>, hint?: string): ReadResult => ({
    ok: false,
    diagnostic: diagnostic(displayPath, fileStart, code, args, hint),
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
    return fail("S51-E002", { why: "it is not valid UTF-8" }, "save it as UTF-8");
  }
}
