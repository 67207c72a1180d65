import { resolve } from "node:path";
import { hasErrors } from "../diagnostics/diagnostic.js";
import { acceptLocks, differingLocks, lockText, type LockChange, type LockUpdate } from "../edit/accept-locks.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { validatePaths } from "../pipeline/validate.js";
import { errorLine } from "./error-line.js";
import { cardIds, selectCards, unknownCard } from "./select-cards.js";
import { checkDefaultIsEditable, checkOutput } from "./usage-error.js";
import { printValidation } from "./validate-command.js";

export interface LocksAcceptOptions {
  /** Only these cards' locks (comma-separated ids). */
  readonly cards?: string;
}

interface Io {
  readonly write: (s: string) => void;
  readonly writeError: (s: string) => void;
}

const languageNames = { en: "English", fr: "French" } as const;

/** Where a lock is, as `file:line:column`, from its offset in the file's text. */
function place(file: string, text: string, offset: number): string {
  const before = text.slice(0, offset).split("\n");
  return `${file}:${before.length}:${before.at(-1)!.length + 1}`;
}

/**
 * `state51 locks accept`: rewrites each text lock that differs from the text
 * generated today (those of the cards named by --cards only) in its file,
 * keeping everything else of the file. Refuses (1, nothing written) when the
 * cards have errors or an id is unknown; a lock whose card no longer prints its
 * part is reported, to be removed by hand. Outputs are checked writable before
 * the first is written (a UsageError).
 */
export function runLocksAccept(paths: readonly string[], opts: LocksAcceptOptions, io: Io, cwd: string = process.cwd()): number {
  checkDefaultIsEditable(paths, cwd, "the files whose locks to accept: state51 locks accept my-cards.yaml");
  const ids = opts.cards === undefined ? undefined : cardIds(opts.cards);
  const result = validatePaths(paths, { cwd });
  if (hasErrors(result.diagnostics)) {
    printValidation(result, "text", io.writeError);
    io.writeError("no lock written: fix the errors above first\n");
    return 1;
  }
  if (ids !== undefined) {
    const picked = selectCards(result.cards, ids);
    if ("unknown" in picked) {
      io.writeError(errorLine("locks accept", unknownCard(picked)));
      return 1;
    }
  }
  const edits: { path: string; shown: string; text: string; changes: LockChange[] }[] = [];
  for (const shown of result.files) {
    const text = result.texts.get(shown);
    if (text === undefined) continue;
    const changes = differingLocks(text, result.cards, result.vocabulary, ids);
    if (changes.length > 0) edits.push({ path: resolve(cwd, shown), shown, text, changes });
  }
  const writes = edits.flatMap((e) => {
    const updates: LockUpdate[] = e.changes.flatMap((c) => (c.generated === undefined ? [] : [{ id: c.id, part: c.part, lang: c.lang, text: c.generated }]));
    return updates.length === 0 ? [] : [{ ...e, text: acceptLocks(e.text, updates).text }];
  });
  for (const w of writes) checkOutput(w.path, w.shown);
  let accepted = 0;
  for (const w of writes) writeFileAtomic(w.path, w.text);
  for (const e of edits) {
    for (const c of e.changes) {
      const at = place(e.shown, e.text, c.start);
      const what = `the ${languageNames[c.lang]} ${c.part} text of "${c.id}"`;
      if (c.generated === undefined) {
        io.write(`${at}: left as it is: "${c.id}" no longer prints a ${c.part} part; delete this lock by hand\n`);
        continue;
      }
      accepted++;
      io.write(`${at}: accepted ${what}: ${JSON.stringify(lockText(c.generated))} (was ${JSON.stringify(c.lock)})\n`);
    }
  }
  io.write(accepted === 0 ? "no lock differs from today's text: nothing written\n" : `${accepted} lock${accepted === 1 ? "" : "s"} accepted in ${writes.length} file${writes.length === 1 ? "" : "s"}\n`);
  return 0;
}
