/**
 * Which card files a document is checked with, and the check itself: the
 * language service's one call into the pipeline (validatePaths), with the
 * editor's unsaved buffers laid over the files on disk.
 *
 * A card file inside a workspace folder is checked with its own folder, as
 * `state51 validate <folder>` checks it: the base set's files with each other,
 * an expansion's folder with the base set's vocabulary (validatePaths always
 * loads it), and cards/examples/ only with itself. A card file outside every
 * workspace folder is checked alone, as `state51 validate <file>` would: its
 * folder may be anything (a download folder, /tmp) and is not searched. Nor
 * is any folder but a card folder (named `cards`): a card file elsewhere is
 * checked with the card files beside it (cardSetOf).
 */
import { existsSync, readdirSync } from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { isBelow } from "../fs/paths.js";
import { isCardFile } from "../load/find-files.js";
import { readBounded } from "../load/read-file.js";
import { validatePaths, type ValidateCache, type ValidationResult } from "../pipeline/validate.js";

export interface Workspace {
  /** The folders the editor opened, absolute. */
  readonly roots: readonly string[];
  /** The open documents' text, by absolute path. */
  readonly open: ReadonlyMap<string, string>;
}

/** The card files one check covers: the paths `state51 validate` would be given, and where it would run. */
export interface CardSet {
  readonly paths: readonly string[];
  readonly cwd: string;
}

export interface Analysis {
  readonly set: CardSet;
  readonly result: ValidationResult;
  /**
   * Every card file of the set, absolute: each gets its diagnostics published,
   * none when it has none. A YAML file the folder search met that is not a card
   * file (isCardDocument) is left out, its diagnostics with it.
   */
  readonly files: readonly string[];
  /** The diagnostics of each file, by absolute path. */
  readonly byFile: ReadonlyMap<string, readonly Diagnostic[]>;
}

/** A line `set:`, `cards:` or `vocabulary:` at the left margin, or the schema comment card files carry. */
const cardShape = /^(?:(?:set|cards|vocabulary)[ \t]*:|#[ \t]*yaml-language-server:[^\n]*cards\.schema\.json)/m;

/**
 * Whether a document is a card file: a *.yaml / *.yml file that has a card
 * file's shape (a top-level `set:`, `cards:` or `vocabulary:`, or the card
 * schema's comment), or that lies in a folder named `cards` (a new, empty one
 * included). Any other YAML file (a CI workflow, a compose file) is not
 * checked: it is none of state51's business.
 */
export function isCardDocument(path: string, text: string): boolean {
  if (!isCardFile(path)) return false;
  if (cardShape.test(text)) return true;
  return dirname(path).split(sep).includes("cards");
}

/** What marks a project's folder rather than a card folder: searching it would go through its packages and history. */
const projectMarks = ["node_modules", ".git", "package.json"];

/**
 * The card set a card document is checked in (see the module comment). Only a
 * card folder (one named `cards`, or inside one) is searched with its
 * subfolders, as `state51 validate cards/` searches it; any other folder (a
 * project's top, beside its package.json, node_modules or .git; a home folder
 * opened as the workspace) gives the card files beside the document only, so
 * an edit never sets off a search through every YAML file below.
 */
export function cardSetOf(path: string, workspace: Workspace): CardSet {
  const root = workspace.roots.filter((r) => isBelow(path, r)).sort((a, b) => b.length - a.length)[0];
  if (root === undefined) return { paths: [path], cwd: dirname(path) };
  const folder = dirname(path);
  // Only the folders from the workspace's own down count: one named cards above it says nothing about it.
  const below = [basename(root), ...relative(root, folder).split(sep)];
  const cardFolder = below.includes("cards") && !projectMarks.some((m) => existsSync(join(folder, m)));
  if (cardFolder) return { paths: [folder], cwd: root };
  const beside = listCardFiles(folder).filter((f) => f === path || isCardDocument(f, workspace.open.get(f) ?? readStart(f)));
  return { paths: beside.includes(path) ? beside : [...beside, path].sort(), cwd: root };
}

/** The *.yaml / *.yml files directly in a folder, in name order. */
function listCardFiles(folder: string): string[] {
  try {
    return readdirSync(folder, { withFileTypes: true })
      .filter((e) => !e.isDirectory() && isCardFile(e.name))
      .map((e) => join(folder, e.name))
      .sort();
  } catch {
    return [];
  }
}

/** The start of a file, enough to see a card file's shape; empty when it cannot be read. */
function readStart(path: string): string {
  const read = readBounded(path, 64 * 1024);
  return read.ok ? read.bytes.toString("utf8") : "";
}

/** A stable key for a card set, to keep one analysis per set. */
export function cardSetKey(set: CardSet): string {
  return `${set.cwd}\n${set.paths.join("\n")}`;
}

/** Checks a card set with the open documents' text; `cache` keeps unchanged files' work between checks. */
export function analyse(set: CardSet, open: ReadonlyMap<string, string>, cache?: ValidateCache): Analysis {
  const result = validatePaths(set.paths, { cwd: set.cwd, overlay: open, ...(cache === undefined ? {} : { cache }) });
  const cardFile = (shown: string): boolean => {
    const text = result.texts.get(shown);
    return text === undefined || set.paths.includes(resolve(set.cwd, shown)) || isCardDocument(resolve(set.cwd, shown), text);
  };
  const byFile = new Map<string, Diagnostic[]>(result.files.filter(cardFile).map((f) => [resolve(set.cwd, f), []]));
  for (const d of result.diagnostics) {
    if (!cardFile(d.file)) continue;
    const file = resolve(set.cwd, d.file);
    let list = byFile.get(file);
    if (list === undefined) byFile.set(file, (list = []));
    list.push(d);
  }
  return { set, result, files: [...byFile.keys()], byFile };
}

/** The path diagnostics and sources of `analysis` give a file by (relative to the set's folder, as `validate` prints it). */
export function shownPath(analysis: Analysis, path: string): string | undefined {
  return analysis.result.files.find((f) => resolve(analysis.set.cwd, f) === path);
}
