/**
 * The compiler: checked cards (src/check/model.ts) → TypeScript modules that
 * implement the engine's definitions (src/engine/definitions.ts).
 *
 * Pure: same cards, same bytes. Nothing is read from or written to disk here
 * (ts-morph works in memory); `write-generated.ts` puts the files in place.
 * This module loads ts-morph, which is slow to start: the CLI imports it
 * lazily, only for `state51 build`.
 */
import { relative, resolve, sep } from "node:path";
import { IndentationText, NewLineKind, Project, QuoteKind, ts, type FormatCodeSettings, type SourceFile } from "ts-morph";
import type { Card } from "../check/model.js";
import { colourActions, type DeployAction, type Term, type Vocabulary } from "../check/vocabulary.js";
import { formFor, termName } from "../text/words.js";
import { compareText, emitIndexModule, emitKindModule, planModules, type RegistryVocabulary } from "./emit-modules.js";

export { CompileError } from "./code.js";

export interface GeneratedFile {
  /** Relative to the output folder, with `/`: `base/locations.ts`, `index.ts`. */
  readonly path: string;
  readonly text: string;
}

export interface CompileOptions {
  /**
   * How a header names a card's file (the model's `origin.file`). The default
   * keeps it as validate reported it; `relativeSourceName` gives names that
   * do not depend on the folder the command ran in.
   */
  readonly sourceName?: (file: string) => string;
  /**
   * The module specifier `index.ts` imports the engine's interfaces by (a set's
   * module, one folder deeper, adds a `../`); the default suits generated/ beside src/.
   */
  readonly definitions?: string;
  /**
   * Whether the files are laid out with the fixed formatting (the default). Only code that is
   * run and never read (`play`, `simulate`: src/pipeline/load-card-set.ts) goes without: the
   * layout is for the files people read and diff, and is a quarter of those commands' start-up.
   */
  readonly formatted?: boolean;
}

/** The fixed formatting of every generated file. */
export const formatSettings: FormatCodeSettings = {
  indentSize: 2,
  tabSize: 2,
  convertTabsToSpaces: true,
  newLineCharacter: "\n",
  ensureNewLineAtEndOfFile: true,
  trimTrailingWhitespace: true,
  semicolons: ts.SemicolonPreference.Insert,
  insertSpaceAfterCommaDelimiter: true,
  insertSpaceAfterSemicolonInForStatements: true,
  insertSpaceBeforeAndAfterBinaryOperators: true,
  insertSpaceAfterKeywordsInControlFlowStatements: true,
  insertSpaceAfterFunctionKeywordForAnonymousFunctions: true,
  insertSpaceAfterOpeningAndBeforeClosingNonemptyBraces: true,
  insertSpaceAfterOpeningAndBeforeClosingEmptyBraces: false,
  insertSpaceAfterOpeningAndBeforeClosingNonemptyBrackets: false,
  insertSpaceAfterOpeningAndBeforeClosingNonemptyParenthesis: false,
  insertSpaceAfterTypeAssertion: false,
  placeOpenBraceOnNewLineForFunctions: false,
  placeOpenBraceOnNewLineForControlBlocks: false,
};

/** An in-memory ts-morph project set up as every generated file is written. */
export function newProject(): Project {
  return new Project({
    useInMemoryFileSystem: true,
    skipLoadingLibFiles: true,
    manipulationSettings: {
      indentationText: IndentationText.TwoSpaces,
      newLineKind: NewLineKind.LineFeed,
      quoteKind: QuoteKind.Double,
      useTrailingCommas: true,
    },
  });
}

/**
 * Header names relative to `root` (the folder that holds the output folder,
 * normally the package), with `/`: `cards/locations.yaml` wherever the
 * command ran. `cwd` is the folder validate's paths are relative to.
 */
export function relativeSourceName(cwd: string, root: string): (file: string) => string {
  return (file) => relative(root, resolve(cwd, file)).split(sep).join("/");
}

/** What the compiler reads: the checked cards and the vocabulary they were checked against. */
export interface CompileInput {
  readonly cards: readonly Card[];
  /** For the registry's basic resources (the vocabulary's resources not marked `basic: false`, in order). */
  readonly vocabulary: Pick<Vocabulary, "resources" | "contactColours">;
}

/** The basic resources, in vocabulary order: what "two workers for a resource" may give. */
export function basicResources(vocabulary: Pick<Vocabulary, "resources">): string[] {
  return [...vocabulary.resources.values()].filter((term) => term.basic !== false).map((term) => term.id);
}

/** Each contact colour's actions, in vocabulary order: what the engine counts a contact's range toward. */
export function contactColours(vocabulary: Pick<Vocabulary, "contactColours">): [string, readonly DeployAction[]][] {
  return [...vocabulary.contactColours.values()].map((term) => [term.id, colourActions(term)]);
}

/** Each resource's English name for a count, in vocabulary order: how the account of a game names it. */
export function resourceNames(vocabulary: Pick<Vocabulary, "resources">): [string, { one: string; other: string }][] {
  const named = (r: Term, n: number): string => (r.en.unit ? `${formFor(r.en.unit, "en", n)} of ${termName(r, "en")}` : termName(r, "en", n));
  return [...vocabulary.resources.values()].map((r) => [r.id, { one: named(r, 1), other: named(r, 2) }]);
}

/** What the registry holds of the vocabulary. */
export function registryVocabulary(vocabulary: CompileInput["vocabulary"]): RegistryVocabulary {
  return { basicResources: basicResources(vocabulary), contactColours: contactColours(vocabulary), resourceNames: resourceNames(vocabulary) };
}

/** A generated file's text: formatted with the fixed settings, one final line feed. */
export function formattedText(file: SourceFile): string {
  file.formatText(formatSettings);
  return `${file.getFullText().trimEnd()}\n`;
}

/**
 * Every generated file, in path order. `input` is what validation returned
 * (`validatePaths`). Throws `CompileError` on what the definitions cannot express.
 */
export function compileCards(input: CompileInput, options: CompileOptions = {}): GeneratedFile[] {
  const sourceName = options.sourceName ?? ((file: string) => file.split(sep).join("/"));
  const project = newProject();
  const plans = planModules(input.cards, sourceName);
  const sourceFiles = [
    ...plans.map((plan) => emitKindModule(project, plan, options.definitions)),
    emitIndexModule(project, plans, registryVocabulary(input.vocabulary), options.definitions),
  ];
  const text = options.formatted === false ? (file: SourceFile) => file.getFullText() : formattedText;
  const files = sourceFiles.map((file, i) => ({ path: plans[i]?.path ?? "index.ts", text: text(file) }));
  return files.sort((a, b) => compareText(a.path, b.path));
}
