import { existsSync } from "node:fs";
import { basename, dirname, extname, join, relative, resolve, sep } from "node:path";
import { parseDocument } from "yaml";
import { didYouMean } from "../diagnostics/suggest.js";
import { appendListItem, cardTemplate, factionTemplate, idFrom, idPattern, idRule, newCardFile, type Edit } from "../edit/new-card.js";
import { breaksWithCrlf, toCrlf } from "../edit/line-breaks.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { emptyName } from "../fs/output-problem.js";
import { displayPath } from "../load/find-files.js";
import { parseYaml } from "../load/parse-yaml.js";
import { readCardFile } from "../load/read-file.js";
import { insideCheckout, packageRoot } from "../pipeline/package-root.js";
import { cardKinds, isCardFileData, notACardFile, type CardKind } from "../schema/card-file.js";
import { baseVocabularyFile, namedCardFiles } from "../pipeline/validate.js";
import { errorLine } from "./error-line.js";
import { formatDiagnostic } from "./format-diagnostics.js";
import { checkOutput, UsageError } from "./usage-error.js";

export interface NewOptions {
  readonly file?: string;
  readonly mkdir?: boolean;
}

interface Io {
  readonly write: (s: string) => void;
  readonly writeError: (s: string) => void;
}

/** What the card files already hold that a new card must not clash with. */
interface SetIndex {
  /** Each card id, with the file it is in. */
  readonly ids: Map<string, string>;
  readonly factions: Set<string>;
  /** Each faction's Base, by faction. */
  readonly bases: Map<string, string>;
}

function indexFiles(files: readonly { shown: string; text: string }[]): SetIndex {
  const index: SetIndex = { ids: new Map(), factions: new Set(), bases: new Map() };
  for (const { shown, text } of files) {
    // A file that does not parse holds nothing to clash with; `validate` reports it.
    const data = parseDocument(text).toJS({ maxAliasCount: 200 }) as { cards?: unknown; vocabulary?: { factions?: unknown } } | null;
    const list = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => typeof x === "object" && x !== null) : []);
    for (const f of list(data?.vocabulary?.factions)) if (typeof f["id"] === "string") index.factions.add(f["id"]);
    for (const c of list(data?.cards)) {
      if (typeof c["id"] !== "string") continue;
      if (!index.ids.has(c["id"])) index.ids.set(c["id"], shown);
      if (c["kind"] === "base" && typeof c["faction"] === "string") index.bases.set(c["faction"], c["id"]);
    }
  }
  return index;
}

/** The checked kind and id, or a UsageError saying what they may be. */
function checkKindAndId(kind: string, id: string): CardKind {
  if (!(cardKinds as readonly string[]).includes(kind)) {
    const hint = didYouMean(kind, cardKinds);
    throw new UsageError(`unknown kind "${kind}": a new card is a location, leader, contact or base${hint === undefined ? "" : ` (${hint})`}`);
  }
  if (!idPattern.test(id)) {
    const fixed = idFrom(id);
    throw new UsageError(`"${id}" is not a card id: an id is ${idRule}${fixed === undefined ? "" : ` (did you mean "${fixed}"?)`}`);
  }
  return kind as CardKind;
}

/** The file to add to: --file, else the base set's file for the kind, in a checkout only (an installed base set is not the designer's to edit). */
function targetFile(kind: CardKind, opts: NewOptions, cwd: string, root: string): string {
  // An empty name would resolve to the current folder, and be reported as " is a folder".
  if (opts.file?.trim() === "") throw new UsageError(`cannot write the card file: ${emptyName}`);
  if (opts.file !== undefined) return resolve(cwd, opts.file);
  if (!insideCheckout(cwd, root)) throw new UsageError("outside the state51 checkout, name the file to add the card to: --file my-cards.yaml");
  return join(root, "cards", `${kind}s.yaml`);
}

export interface CheckedNew {
  readonly kind: CardKind;
  readonly id: string;
  readonly file: string;
  /** The base set's folder. */
  readonly cardsDir: string;
  /** Where a new Base's faction goes: the card's file, or for the base set its vocabulary file, where the base set's factions are. */
  readonly factionFile: string;
}

/**
 * The arguments checked, and the files to write checked writable, before
 * anything is read: a UsageError otherwise. `root` is the state51 checkout
 * (a copy of it in tests).
 */
export function checkNew(kind: string, id: string, opts: NewOptions, cwd: string = process.cwd(), root: string = packageRoot()): CheckedNew {
  const k = checkKindAndId(kind, id);
  const file = targetFile(k, opts, cwd, root);
  // Checked as typed, so a problem names the folder as the designer wrote it.
  const typed = opts.file !== undefined && resolve(opts.file) === file ? opts.file : file;
  checkOutput(typed, "the card file", { mkdir: opts.mkdir === true });
  const cardsDir = join(root, "cards");
  const factionFile = opts.file === undefined && k === "base" ? baseVocabularyFile(cardsDir) : file;
  if (factionFile !== file) checkOutput(factionFile, "the base set's vocabulary");
  return { kind: k, id, file, cardsDir, factionFile };
}

/**
 * A card file's text ("" for one with nothing in it but blanks and comments,
 * to be given a card file's first lines as a new file is), or undefined after
 * saying why it is left as it is: its diagnostics as validate prints them, or
 * that it is YAML but not a card file.
 */
function readForEdit(file: string, shown: string, io: Io): string | undefined {
  const read = readCardFile(file, shown);
  const yaml = read.ok ? parseYaml(shown, read.text) : undefined;
  if (read.ok && yaml?.ok === false && yaml.diagnostics.every((d) => d.code === "S51-E007")) return read.text;
  if (read.ok && yaml?.ok === true) {
    if (isCardFileData(yaml.data)) return read.text;
    io.writeError(errorLine("new", `${shown} is left as it is: ${notACardFile}`));
    return undefined;
  }
  for (const d of read.ok ? (yaml?.ok === false ? yaml.diagnostics : []) : [read.diagnostic]) io.writeError(formatDiagnostic(d, read.ok ? read.text : undefined) + "\n\n");
  io.writeError(errorLine("new", `${shown} is left as it is: fix the problem above first`));
  return undefined;
}

/** Whether a card file's text holds nothing yet (blanks and comments only): it gets a card file's first lines. */
const holdsNothing = (text: string): boolean => parseDocument(text).contents === null;

/**
 * `state51 new KIND ID`: appends a card template to the file (made, with a
 * card file's top lines, when it does not exist). Refuses (1) an id some card
 * already has, a Base for a faction that has one, or a file that is not valid
 * YAML; nothing is written then.
 */
export function runNew(checked: CheckedNew, opts: NewOptions, io: Io, cwd: string = process.cwd()): number {
  const { kind, id, file, factionFile } = checked;
  const shown = displayPath(file, cwd);
  const exists = existsSync(file);
  let text: string | undefined;
  if (exists) {
    text = readForEdit(file, shown, io);
    if (text === undefined) return 1;
  }
  const others = namedCardFiles([], cwd, checked.cardsDir).files.filter((f) => resolve(f) !== file);
  const texts = others.flatMap((f) => {
    const r = readCardFile(f, displayPath(f, cwd));
    return r.ok ? [{ shown: displayPath(f, cwd), text: r.text }] : [];
  });
  const index = indexFiles(text === undefined ? texts : [...texts, { shown, text }]);
  const taken = index.ids.get(id);
  if (taken !== undefined) {
    io.writeError(errorLine("new", `a card with id "${id}" already exists in ${taken}: choose another id (ids are unique across the set and its expansions)`));
    return 1;
  }
  const card = cardTemplate(kind, id, kind === "base" ? factionFor(id) : undefined);
  let faction: string[] | undefined;
  if (kind === "base") {
    const f = factionFor(id);
    const base = index.bases.get(f);
    if (base !== undefined) {
      io.writeError(errorLine("new", `faction "${f}" already has a Base ("${base}"): a new Base is for a new faction; name it <faction>-base, e.g. ${f}-2-base`));
      return 1;
    }
    if (!index.factions.has(f)) faction = factionTemplate(f);
  }
  // The base set's factions are in its vocabulary file: a new one goes there, not into a vocabulary: of bases.yaml.
  let factionEdit: Edit | undefined;
  if (faction !== undefined && factionFile !== file) {
    const shownVocabulary = displayPath(factionFile, cwd);
    const vocabulary = readForEdit(factionFile, shownVocabulary, io);
    if (vocabulary === undefined) return 1;
    factionEdit = appendListItem(vocabulary, ["vocabulary", "factions"], faction, false);
    if (!factionEdit.ok) {
      io.writeError(errorLine("new", `cannot add the faction to ${shownVocabulary}: ${factionEdit.problem}`));
      return 1;
    }
  }
  const inFile = factionFile === file ? faction : undefined;
  let result: Edit;
  if (text === undefined || holdsNothing(text)) {
    const set = idFrom(basename(file, extname(file))) ?? "my-set";
    const schemaRef = relative(dirname(file), join(packageRoot(), "grammar", "cards.schema.json")).split(sep).join("/");
    // An empty file is a new one; comments already in it stay above the first lines.
    const kept = text === undefined || text.trim() === "" ? "" : text.replace(/\s*$/, "\n");
    const made = kept + newCardFile(set, schemaRef, card, inFile);
    result = { ok: true, text: text !== undefined && breaksWithCrlf(text) ? toCrlf(made) : made };
  } else {
    const withFaction: Edit = inFile === undefined ? { ok: true, text } : appendListItem(text, ["vocabulary", "factions"], inFile, false);
    result = withFaction.ok ? appendListItem(withFaction.text, ["cards"], card, true) : withFaction;
  }
  if (!result.ok) {
    io.writeError(errorLine("new", `cannot add the card to ${shown}: ${result.problem}`));
    return 1;
  }
  // The faction first: should the card's write then fail, a faction no card uses is still a valid set, and the same
  // command run again finds it and adds the card; the other way round, a Base of an unknown faction would be left.
  if (factionEdit?.ok === true) writeFileAtomic(factionFile, factionEdit.text);
  writeFileAtomic(file, result.text, { mkdir: opts.mkdir === true });
  io.write(
    `${exists ? "added" : "created " + shown + " with"} ${kind} "${id}"${exists ? ` to ${shown}` : ""}${faction === undefined ? "" : ` and its faction "${factionFor(id)}"${factionEdit === undefined ? "" : ` to ${displayPath(factionFile, cwd)}`}`}\n` +
      `fill in the values marked "# TODO" (state51 validate lists each as S51-W402), then delete the marks\n`,
  );
  return 0;
}

/** A new Base's faction: its id without "-base" (new-york-base is New York's). */
function factionFor(id: string): string {
  const f = id.replace(/-base$/, "");
  return idPattern.test(f) ? f : id;
}
