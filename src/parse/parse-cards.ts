/**
 * The parse stage: runs the card language's parser over each ability field
 * of each card the schema accepted, mapping syntax errors to the exact
 * character of the YAML file.
 */
import { parseAssets, parseStatements, type Asset, type ParseResult, type Statement, type SyntaxErrorKind } from "../../grammar/index.js";
import type { Code } from "../diagnostics/codes.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { didYouMean } from "../diagnostics/suggest.js";
import { keywordTexts } from "../../grammar/lexer.js";
import { keywordForms } from "../../grammar/tokens.js";
import { effectConstructs } from "../constructs/effects/index.js";
import type { DataPath, SourceFile } from "../load/source-file.js";
import type { CardData } from "../schema/card-file.js";
import { fieldReporter, maxErrorsPerField } from "../diagnostics/field-report.js";
import { conditionPlaces } from "../constructs/conditions/index.js";
import { productionCost } from "../constructs/production-cost.js";
import { statementConstructs } from "../constructs/statements/index.js";
import { traitKinds } from "../constructs/traits/index.js";

/** Which fields hold statements and which hold plain lists of assets. */
const statementFields = ["ability", "spoils", "agreement"] as const;
const assetFields = ["price", "resources"] as const;

export type StatementField = (typeof statementFields)[number];
export type AssetField = (typeof assetFields)[number];

export interface ParsedCard {
  readonly data: CardData;
  readonly set: string;
  readonly file: SourceFile;
  /** Where the card sits in its file, e.g. ["cards", 4]. */
  readonly path: DataPath;
  readonly statements: Partial<Record<StatementField, readonly Statement[]>>;
  readonly assets: Partial<Record<AssetField, readonly Asset[]>>;
}

const syntaxCodes = {
  "unexpected-token": "S51-E202",
  "unexpected-end": "S51-E203",
} as const satisfies Record<Exclude<SyntaxErrorKind, "unexpected-character">, Code>;

/** A hint for the commonest slip: a misspelled or capitalised statement keyword. */
function keywordHint(text: string, start: number, message: string): string | undefined {
  if (message.startsWith(`expected "pay"`)) return `a production with a cost is written "${productionCost.example}"`;
  const word = /^[A-Za-z][A-Za-z-]*/.exec(text.slice(start))?.[0];
  if (!word) return undefined;
  if ((word === "gain" || word === "produce") && message.startsWith("expected")) return `after "->" or "action:" list what is gained without a verb, e.g. "action: pay 1 fuel -> 2 scrap"`;
  if (keywordTexts.includes(word.toLowerCase())) {
    return word === word.toLowerCase() ? undefined : `the card language is lower case: "${word.toLowerCase()}"`;
  }
  return didYouMean(word, keywordTexts);
}

/**
 * The statements a field takes, by their keywords, for the hint of an unknown
 * one: a deal's gains, or a card kind's ability (its statements, and its
 * traits: a Leader's is "after", a Location's or a Base's the others).
 */
export function statementsIn(field: string, kind: string): string[] {
  const at = field === "spoils" || field === "agreement" ? "deals" : kind;
  const statements = Object.values(statementConstructs)
    .filter((c) => {
      const place: object | undefined = at === "location" || at === "leader" || at === "base" || at === "deals" ? c.place[at] : undefined;
      return place !== undefined && !("refused" in place);
    })
    .map((c) => keywordForms.get(c.keyword)?.[0] ?? c.kind);
  const traits = at === "deals" ? [] : traitKinds.filter((t) => (at === "leader") === (t === "after"));
  return [...statements, ...traits];
}

const fieldNames: Readonly<Record<string, string>> = { location: "a Location's", base: "a Base's", leader: "a Leader's", contact: "a Contact's" };

/** An unknown word where a statement begins ("harvest 1 fuel"): its own code, and what the field takes. */
function unknownStatement(text: string, e: { readonly message: string; readonly span: { readonly start: number } }, field: string, kind: string): { word: string; hint: string } | undefined {
  if (!e.message.startsWith("expected a statement but found")) return undefined;
  const word = /^[a-z][a-z-]*/.exec(text.slice(e.span.start))?.[0];
  if (!word || keywordTexts.includes(word)) return undefined;
  const allowed = statementsIn(field, kind);
  return { word, hint: didYouMean(word, allowed) ?? `statements in ${field === "ability" ? `${fieldNames[kind] ?? "this card's"} ability` : `a ${field}`}: ${allowed.join(", ")}` };
}

/**
 * A letter the language does not spell with (an accent: "scräp") inside a
 * word: the whole word is unknown, and the hint gives it without accents.
 */
function accentedWord(text: string, start: number): { start: number; end: number; word: string } | undefined {
  if (!/\p{L}/u.test(text.slice(start, start + 2))) return undefined;
  let s = start;
  let e = start;
  while (s > 0 && /[\p{L}-]/u.test(text[s - 1]!)) s--;
  while (e < text.length && /[\p{L}\p{M}-]/u.test(text[e]!)) e++;
  return { start: s, end: e, word: text.slice(s, e) };
}

/** The words that begin an effect (`steal`, `redevelop`, `each opponent …`): what a list of gains cannot hold. */
const effectWords: ReadonlySet<string> = new Set(
  Object.values(effectConstructs).flatMap((c) => ("keyword" in c.syntax ? (keywordForms.get(c.syntax.keyword) ?? []) : [])),
);

/**
 * Hints for the commonest slips inside a list of assets or costs (a Location's
 * or a Base's `pay … ->`, a convert, a price): an amount left out or written
 * after its word, two items without a comma, nothing before "->".
 */
function listHint(text: string, start: number, message: string): string | undefined {
  const found = /but found "(.*)"$/.exec(message)?.[1];
  if (found === undefined) return undefined;
  if (message.startsWith("expected a number")) {
    if (found === "->" || found === "→") return /,\s*$/.test(text.slice(0, start)) ? 'remove the "," before "->"' : 'write what is paid before "->", e.g. "pay 1 fuel -> 2 scrap"';
    if (effectWords.has(found)) return `"${found}" begins an effect: a card gains only tokens and cards here; effects go in an action ("action: pay 1 fuel -> ${found} …") or after "once:"`;
    if (/^[A-Za-z]/.test(found)) return `an amount comes before its word: "1 ${found}"`;
  }
  if (message.startsWith('expected "->"') && /^\d/.test(found)) return 'separate the items of a list with ",": "1 scrap, 2 fuel"';
  return undefined;
}

/** Where a field's `if` is out of place: what it cannot hold, and what to write instead. */
const misplacedIf: Readonly<Record<string, { readonly what: string; readonly hint: string }>> = {
  price: { what: "a Contact's price", hint: "a Contact is paid for whenever it is played" },
  resources: { what: "a Leader's resources", hint: "they are placed on the Leader when it comes into play" },
};

/** The statements a condition may end (src/constructs/conditions). */
const conditioned = ["gain", "produce", "action"];

/**
 * A syntax error at an `if` the grammar does not take there (in a cost, after
 * `once:`, on a trait, on a contact…): a condition out of place, S51-E335. The
 * statement it is in is named by its first word.
 */
function conditionOutOfPlace(field: string, text: string, e: { readonly kind: SyntaxErrorKind; readonly span: { readonly start: number; readonly end: number } }): { what: string; hint: string } | undefined {
  if (e.kind !== "unexpected-token" || text.slice(e.span.start, e.span.end) !== "if") return undefined;
  const fixed = misplacedIf[field];
  if (fixed) return fixed;
  const head = /^[a-z-]*/.exec(text.slice(0, e.span.start).split(";").pop()!.trim())![0];
  if (conditioned.includes(head)) return { what: `the middle of a "${head}" statement`, hint: `${conditionPlaces}: write it last, "action: pay 1 fuel -> 2 vp if you hold 2 scrap"` };
  return { what: `"${head}"`, hint: `${conditionPlaces}, e.g. "produce 2 fuel if you have a leader"` };
}

/**
 * Parse results by field text, kept between runs by the language server: a
 * parse depends on the text alone (spans and errors are relative to it), so
 * an unchanged field of an edited file is not parsed again.
 */
export type FieldParses = Map<string, ParseResult<unknown>>;

/** Enough for every field of a large set several times over; past it the memo starts again. */
const maxFieldParses = 20_000;

function memoised<T>(memo: FieldParses | undefined, key: string, parse: () => ParseResult<T>): ParseResult<T> {
  if (memo === undefined) return parse();
  const known = memo.get(key) as ParseResult<T> | undefined;
  if (known !== undefined) return known;
  if (memo.size >= maxFieldParses) memo.clear();
  const result = parse();
  memo.set(key, result);
  return result;
}

export function parseCard(data: CardData, set: string, file: SourceFile, path: DataPath, out: Diagnostic[], memo?: FieldParses): ParsedCard | undefined {
  const fields = data as unknown as Record<string, unknown>;
  const statements: ParsedCard["statements"] = {};
  const assets: ParsedCard["assets"] = {};
  let ok = true;
  const parseField = <T>(field: string, text: string, parse: (t: string) => ParseResult<T>): T | undefined => {
    const result = memoised(memo, `${parse === parseStatements ? "s" : "a"}${text}`, () => parse(text));
    if (result.ok) return result.value;
    ok = false;
    const report = fieldReporter(file, [...path, field], out);
    // Past a few errors the parser is mostly lost; thousands of them would drown the first.
    const shown = result.errors.slice(0, maxErrorsPerField);
    const more = result.errors.length - shown.length;
    if (more > 0) report("S51-E015", result.errors[shown.length]!.span, { count: more }, "fix the first ones and validate again");
    let accentedUntil = -1;
    for (const e of shown) {
      if (e.span.start < accentedUntil) continue;
      const misplaced = conditionOutOfPlace(field, text, e);
      if (misplaced) {
        report("S51-E335", e.span, { what: misplaced.what }, misplaced.hint);
        continue;
      }
      const hint = e.kind === "unexpected-end" ? undefined : (keywordHint(text, e.span.start, e.message) ?? listHint(text, e.span.start, e.message));
      const accented = e.kind === "unexpected-character" ? accentedWord(text, e.span.start) : undefined;
      const unknown = e.kind === "unexpected-token" ? unknownStatement(text, e, field, data.kind) : undefined;
      if (accented) {
        accentedUntil = accented.end;
        const plain = accented.word.normalize("NFD").replace(/\p{M}/gu, "");
        const hint = /^[a-z-]+$/.test(plain) ? `the card language's words are written without accents: "${plain}"` : "the card language's words are written with the letters a to z";
        report("S51-E301", { start: accented.start, end: accented.end }, { what: "word", word: accented.word }, hint);
      } else if (unknown) report("S51-E204", e.span, { word: unknown.word }, unknown.hint);
      else if (e.kind === "unexpected-character") report("S51-E201", e.span, { char: JSON.stringify(text.slice(e.span.start, e.span.end)) }, hint);
      else report(syntaxCodes[e.kind], e.span, { parserMessage: e.message }, hint);
    }
    return undefined;
  };
  for (const field of statementFields) {
    const text = fields[field];
    if (typeof text !== "string") continue;
    const value = parseField(field, text, parseStatements);
    if (value) statements[field] = value;
  }
  for (const field of assetFields) {
    const text = fields[field];
    if (typeof text !== "string") continue;
    const value = parseField(field, text, parseAssets);
    if (value) assets[field] = value;
  }
  return ok ? { data, set, file, path, statements, assets } : undefined;
}
