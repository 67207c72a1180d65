/**
 * load → schema → parse → check → text locks, over a list of files and folders.
 *
 * Each stage returns diagnostics instead of throwing, and hands on only what
 * passed: a file that is not YAML is not schema-checked, a card the schema
 * rejects is not parsed, a card whose ability does not parse is not checked,
 * and only checked cards have their text locks compared.
 */
import { readFileSync, realpathSync, statSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { compareDiagnostics, diagnostic, fileStart, type Diagnostic } from "../diagnostics/diagnostic.js";
import { checkCards, reportDuplicateIds } from "../check/check-set.js";
import type { Card } from "../check/model.js";
import { keywordTexts } from "../../grammar/lexer.js";
import { buildVocabulary, namespaceNoun, namespaces, type Vocabulary, type VocabularySource } from "../check/vocabulary.js";
import { elisionProblem } from "../check/elision.js";
import { checkTypeIcons } from "../check/type-icons.js";
import { reportPlaceholders } from "../check/placeholders.js";
import { checkTextLocks } from "../locks/text-locks.js";
import { displayPath, findCardFiles, isCardFile, type FoundFiles } from "../load/find-files.js";
import { parseYaml } from "../load/parse-yaml.js";
import { cardText, readCardFile } from "../load/read-file.js";
import { valueRange, type SourceFile } from "../load/source-file.js";
import { parseCard, type FieldParses, type ParsedCard } from "../parse/parse-cards.js";
import type { CardData, CardFileData } from "../schema/card-file.js";
import { validateSchema } from "../schema/validate-schema.js";
import { packageRoot } from "./package-root.js";
import { fileIdentity } from "../fs/file-identity.js";
import { isBelow, isWithin } from "../fs/paths.js";
import { systemWords } from "../fs/system-reason.js";

export interface ValidationResult {
  readonly cards: Card[];
  readonly vocabulary: Vocabulary;
  readonly diagnostics: Diagnostic[];
  readonly files: string[];
  /** The text of each file that could be read, by the path diagnostics give: for code frames without reading again. */
  readonly texts: ReadonlyMap<string, string>;
  /** Each file that loaded as YAML, by the path diagnostics give: where an editor finds an id or a word defined. */
  readonly sources: ReadonlyMap<string, LoadedSource>;
}

/** A file that loaded: its YAML (with positions) and, when the schema accepted it, its data. */
export interface LoadedSource {
  readonly file: SourceFile;
  readonly data?: CardFileData;
}

export interface ValidateOptions {
  readonly cwd?: string;
  /** Text-lock differences (S51-W401) and placeholders left (S51-W402) are errors, not warnings (`validate --strict`). */
  readonly strict?: boolean;
  /**
   * The folder that stands for the base set's cards/ (default: the package's):
   * its vocabulary.yaml is the base vocabulary, its examples/ is left out
   * unless named. `state51 diff` points it at an old revision's copy.
   */
  readonly baseCards?: string;
  /**
   * Unsaved editor buffers, absolute path -> text: read instead of the file on
   * disk (and taken as card files when they lie in a folder named, though not
   * saved yet), so the language server checks what the designer sees.
   */
  readonly overlay?: ReadonlyMap<string, string>;
  /** Kept between runs by the language server: files whose text did not change are not loaded and parsed again. */
  readonly cache?: ValidateCache;
}

interface CachedLoad {
  readonly shown: string;
  readonly text: string;
  readonly diagnostics: readonly Diagnostic[];
  readonly loaded: LoadedFile | undefined;
  readonly yaml: SourceFile | undefined;
}

/**
 * What one run of `validatePaths` can hand the next: each file's load (YAML
 * and schema) by its text, and each card's parse by its data (the same object
 * while its file is unchanged). Checking is always done again: it depends on
 * every file's vocabulary.
 */
export class ValidateCache {
  readonly loads = new Map<string, CachedLoad>();
  readonly parses = new WeakMap<CardData, { readonly parsed: ParsedCard | undefined; readonly diagnostics: readonly Diagnostic[] }>();
  /** A card of the edited file is parsed again (its positions moved), but its fields' text mostly did not change. */
  readonly fieldParses: FieldParses = new Map();
}

/** The base set's folder: what `state51 validate` checks when given no paths. */
export function defaultCardsDir(): string {
  return join(packageRoot(), "cards");
}

/** The example expansion (cards/examples/): not part of the base set, loaded only when named. */
export function examplesDir(): string {
  return join(defaultCardsDir(), "examples");
}

/** The vocabulary every set builds on, loaded even when only an expansion file is named. */
export function baseVocabularyFile(baseCards: string = defaultCardsDir()): string {
  return join(baseCards, "vocabulary.yaml");
}

interface LoadedFile {
  readonly file: SourceFile;
  readonly data: CardFileData;
  readonly rejectedCards: ReadonlySet<number>;
}

interface Loading {
  readonly cwd: string;
  readonly out: Diagnostic[];
  readonly texts: Map<string, string>;
  readonly sources: Map<string, LoadedSource>;
  readonly overlay: ReadonlyMap<string, string> | undefined;
  readonly cache: ValidateCache | undefined;
}

function loadFile(path: string, run: Loading): LoadedFile | undefined {
  const shown = displayPath(path, run.cwd);
  const buffered = run.overlay?.get(path);
  const read = buffered === undefined ? readCardFile(path, shown) : cardText(buffered, shown);
  if (!read.ok) {
    run.out.push(read.diagnostic);
    return undefined;
  }
  run.texts.set(shown, read.text);
  const cached = run.cache?.loads.get(path);
  const load = cached !== undefined && cached.shown === shown && cached.text === read.text ? cached : loadText(shown, read.text);
  run.cache?.loads.set(path, load);
  run.out.push(...load.diagnostics);
  if (load.yaml) run.sources.set(shown, load.loaded ? { file: load.yaml, data: load.loaded.data } : { file: load.yaml });
  return load.loaded;
}

/** YAML, then schema, of a file's text: what depends on that text alone. */
function loadText(shown: string, text: string): CachedLoad {
  const yaml = parseYaml(shown, text, { lean: true });
  if (!yaml.ok) return { shown, text, diagnostics: yaml.diagnostics, loaded: undefined, yaml: undefined };
  const schema = validateSchema(yaml.file, yaml.data);
  const loaded = schema.data ? { file: yaml.file, data: schema.data, rejectedCards: schema.rejectedCards } : undefined;
  return { shown, text, diagnostics: schema.diagnostics, loaded, yaml: yaml.file };
}

function vocabularySource(loaded: LoadedFile, isBase: boolean, out: Diagnostic[]): VocabularySource | undefined {
  const data = loaded.data.vocabulary;
  if (!data) return undefined;
  return {
    data,
    isBase,
    set: loaded.data.set,
    problem: (namespace, index, code, args, hint, field = ["id"]) =>
      out.push(diagnostic(loaded.file.path, valueRange(loaded.file, ["vocabulary", namespace, index, ...field]), code, args, hint)),
    place: (namespace, index, field = ["id"]) => {
      const at = valueRange(loaded.file, ["vocabulary", namespace, index, ...field]).start;
      return `${loaded.file.path}:${at.line}:${at.column}`;
    },
  };
}

/**
 * A French elision flag that does not fit its word (S51-E316), or an `h:` on a
 * name without an initial h (S51-E357), for every term
 * a file's vocabulary writes, whether or not the merge keeps it: the flag is
 * wrong in the file either way.
 */
function reportElision(loaded: LoadedFile, out: Diagnostic[]): void {
  const data = loaded.data.vocabulary ?? {};
  for (const namespace of namespaces) {
    (data[namespace] ?? []).forEach((entry, index) => {
      const problem = elisionProblem(entry.fr);
      if (!problem) return;
      const at = valueRange(loaded.file, ["vocabulary", namespace, index, "fr", problem.field]);
      const term = { noun: namespaceNoun[namespace], id: entry.id };
      out.push(
        problem.field === "h"
          ? diagnostic(loaded.file.path, at, "S51-E357", { ...term, h: entry.fr.h!, name: entry.fr.one }, problem.hint)
          : diagnostic(loaded.file.path, at, "S51-E316", { ...term, elision: String(entry.fr.elision), name: problem.name }, problem.hint),
      );
    });
  }
}

/** Every card the schema let through, with where it was written: what the parse stage takes. */
export function acceptedCards(files: readonly { file: SourceFile; data: CardFileData; rejectedCards?: ReadonlySet<number> }[]) {
  return files.flatMap(({ file, data, rejectedCards }) =>
    (data.cards ?? []).flatMap((card, index) =>
      rejectedCards?.has(index) ? [] : [{ id: card.id, card, set: data.set, file, path: ["cards", index] as const }],
    ),
  );
}

function sameContent(a: string, b: string, overlay: ReadonlyMap<string, string> | undefined): boolean {
  const buffered = overlay?.get(a);
  if (buffered !== undefined) {
    try {
      return buffered === readFileSync(b, "utf8");
    } catch {
      return false;
    }
  }
  try {
    const sa = statSync(a);
    return sa.isFile() && sa.size === statSync(b).size && readFileSync(a).equals(readFileSync(b));
  } catch {
    return false;
  }
}

/** A path with its symlinks resolved; as given when it does not exist (reported as missing later). */
function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** The folders named that hold no card file: "0 cards valid" would hide a wrong path. */
function emptyFolders(requested: readonly string[], files: readonly string[]): string[] {
  return requested.filter((p) => {
    try {
      return statSync(p).isDirectory() && !files.some((f) => isBelow(f, p));
    } catch {
      return false;
    }
  });
}

/** At most this many diagnostics are shown for one file (then one line counts the rest). */
export const maxDiagnosticsPerFile = 100;

/**
 * The first `maxDiagnosticsPerFile` diagnostics of each file (sorted), and one
 * more saying how many were left out, where the first of them is: a file full
 * of errors gives a report one can read, printed in linear time.
 */
function capPerFile(sorted: readonly Diagnostic[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  let i = 0;
  while (i < sorted.length) {
    const file = sorted[i]!.file;
    let end = i;
    while (end < sorted.length && sorted[end]!.file === file) end++;
    out.push(...sorted.slice(i, Math.min(end, i + maxDiagnosticsPerFile)));
    const left = sorted.slice(i + maxDiagnosticsPerFile, end);
    if (left.length > 0) {
      const first = left[0]!;
      const range = { start: { line: first.line, column: first.column }, end: { line: first.endLine, column: first.endColumn } };
      const errors = left.filter((d) => d.severity === "error").length;
      const severity = errors > 0 ? "error" : "warning";
      out.push(diagnostic(file, range, "S51-E016", { count: left.length, errors }, "fix the first ones and validate again", severity));
    }
    i = end;
  }
  return out;
}

/**
 * The card files named (files as given, folders searched), resolved against
 * `cwd`; by default the base set (`baseCards`), with the unsaved buffers of
 * `overlay` that lie in a folder named. The example expansion beside
 * the base set is left out unless it (or a file in it) is named, compared as
 * real paths so a symlinked cards/ folder leaves it out as cards/ does.
 */
export function namedCardFiles(
  paths: readonly string[],
  cwd: string,
  baseCards: string = defaultCardsDir(),
  overlay?: ReadonlyMap<string, string>,
): { requested: string[]; files: string[]; missing: string[]; unreadable: FoundFiles["unreadable"]; empty: string[] } {
  const requested = paths.length > 0 ? paths.map((p) => resolve(cwd, p)) : [baseCards];
  const found = withUnsaved(findCardFiles(requested), requested, overlay);
  const examples = realPath(join(baseCards, "examples"));
  // An example is loaded when it is named, or a folder in examples/ holding it is: then `cards/` beside it brings no other.
  const named = requested.map(realPath).filter((r) => isWithin(r, examples));
  const kept = found.files.filter((f) => {
    const real = realPath(f);
    return !isWithin(real, examples) || named.some((n) => isWithin(real, n));
  });
  // A folder whose files were all found first by another name is not empty.
  return { requested, files: sameFileOnce(kept, overlay), missing: found.missing, unreadable: found.unreadable, empty: emptyFolders(requested, kept) };
}

/**
 * Each file once: a file named through a link (or a hard link) beside the folder holding it is
 * the same cards, not their duplicates. It keeps the place it is first found at, under the name
 * an editor has it open by (its unsaved text is under that name), else its own name rather than
 * a link's, else the first. A file that cannot be looked at (an unsaved buffer, one gone since)
 * is told apart by its path.
 */
function sameFileOnce(files: readonly string[], overlay: ReadonlyMap<string, string> | undefined): string[] {
  const names = new Map<string, string[]>();
  for (const f of files) {
    const key = fileIdentity(f) ?? `path:${f}`;
    names.set(key, [...(names.get(key) ?? []), f]);
  }
  const rank = (f: string): number => (overlay?.has(f) === true ? 0 : realPath(f) === f ? 1 : 2);
  return [...names.values()].map((same) => same.reduce((best, f) => (rank(f) < rank(best) ? f : best)));
}

/** The files a command given `paths` reads: the card files it finds and the base vocabulary (no output may be written over one). */
export function filesRead(paths: readonly string[], cwd: string = process.cwd()): string[] {
  return [...namedCardFiles(paths, cwd).files, baseVocabularyFile()];
}

/**
 * `cards/` named where there is none, as the README's examples do, from a
 * designer's own folder: the base set is the one state51 carries, so say where.
 */
function baseSetHint(missing: string, baseCards: string): string | undefined {
  return basename(missing) === "cards" && resolve(missing) !== resolve(baseCards)
    ? `the base set state51 carries is in ${baseCards}: name that folder with your cards`
    : undefined;
}

/** The diagnostics of the paths named that give no card file: a folder without one (S51-E012), a path that is not there (S51-E001). */
export function pathDiagnostics(
  found: { readonly missing: readonly string[]; readonly empty: readonly string[]; readonly unreadable: FoundFiles["unreadable"] },
  cwd: string,
  baseCards: string = defaultCardsDir(),
): Diagnostic[] {
  return [
    ...found.empty.map((dir) => diagnostic(displayPath(dir, cwd), fileStart, "S51-E012", {}, "name a folder holding *.yaml card files, or the files themselves")),
    ...found.unreadable.map(({ path, reason }) => diagnostic(displayPath(path, cwd), fileStart, "S51-E001", { reason: systemWords(reason) })),
    ...found.missing.map((missing) => diagnostic(displayPath(missing, cwd), fileStart, "S51-E001", { reason: "no such file or folder" }, baseSetHint(missing, baseCards))),
  ];
}

export function validatePaths(paths: readonly string[], options: ValidateOptions = {}): ValidationResult {
  const cwd = options.cwd ?? process.cwd();
  const diagnostics: Diagnostic[] = [];
  const baseCards = options.baseCards ?? defaultCardsDir();
  const found = namedCardFiles(paths, cwd, baseCards, options.overlay);
  diagnostics.push(...pathDiagnostics(found, cwd, baseCards));
  const base = baseVocabularyFile(baseCards);
  // A copy of the base vocabulary (a copied cards/ folder) is the base vocabulary, not an expansion redefining it.
  const files = [base, ...found.files.filter((f) => f !== base && !sameContent(f, base, options.overlay))];
  const texts = new Map<string, string>();
  const sources = new Map<string, LoadedSource>();
  const run: Loading = { cwd, out: diagnostics, texts, sources, overlay: options.overlay, cache: options.cache };
  const loaded = files.flatMap((f) => loadFile(f, run) ?? []);

  const isBase = (l: LoadedFile): boolean => l.file.path === displayPath(base, cwd);
  const vocabulary = buildVocabulary(
    loaded.flatMap((l) => vocabularySource(l, isBase(l), diagnostics) ?? []),
    new Set(keywordTexts),
  );
  for (const l of loaded) reportElision(l, diagnostics);
  for (const l of loaded) reportPlaceholders(l.file, diagnostics, { strict: options.strict === true });
  checkTypeIcons(loaded.flatMap((l) => (l.data.vocabulary ? [{ file: l.file, data: l.data.vocabulary }] : [])), vocabulary.kept, diagnostics);
  const accepted = acceptedCards(loaded);
  const duplicates = reportDuplicateIds(accepted, diagnostics);
  const parsed: ParsedCard[] = accepted.flatMap((a) =>
    duplicates.has(a) ? [] : (parseCached(a, diagnostics, options.cache) ?? []),
  );
  const cards = checkCards(parsed, vocabulary, diagnostics);
  checkTextLocks(parsed, cards, vocabulary, diagnostics, { strict: options.strict === true });
  return { cards, vocabulary, diagnostics: capPerFile(diagnostics.sort(compareDiagnostics)), files: files.map((f) => displayPath(f, cwd)), texts, sources };
}

/** A card's parse, taken from the cache when its data (so its file's text) is the one parsed before. */
function parseCached(a: ReturnType<typeof acceptedCards>[number], out: Diagnostic[], cache: ValidateCache | undefined): ParsedCard | undefined {
  if (cache === undefined) return parseCard(a.card, a.set, a.file, a.path, out);
  let known = cache.parses.get(a.card);
  if (known === undefined) {
    const diagnostics: Diagnostic[] = [];
    known = { parsed: parseCard(a.card, a.set, a.file, a.path, diagnostics, cache.fieldParses), diagnostics };
    cache.parses.set(a.card, known);
  }
  out.push(...known.diagnostics);
  return known.parsed;
}

/**
 * The files found on disk and the unsaved buffers that belong with them: a
 * buffer named as a path, or a card file (*.yaml) inside a folder named, not
 * saved yet. A path named is missing only when neither disk nor buffer has it.
 */
function withUnsaved(found: FoundFiles, requested: readonly string[], overlay: ReadonlyMap<string, string> | undefined): FoundFiles {
  if (overlay === undefined || overlay.size === 0) return found;
  const named = found.missing.filter((p) => overlay.has(p));
  const inFolders = [...overlay.keys()].filter(
    (p) => isCardFile(p) && !found.files.includes(p) && requested.some((r) => isBelow(p, r)),
  );
  return { files: [...new Set([...found.files, ...named, ...inFolders.sort()])], missing: found.missing.filter((p) => !overlay.has(p)), unreadable: found.unreadable };
}
