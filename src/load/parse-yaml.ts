/**
 * YAML text to data, keeping source positions, and turning every YAML
 * problem (syntax, duplicate keys, alias bombs, several documents) into a
 * diagnostic rather than an exception.
 */
import { isAlias, isScalar, LineCounter, parseAllDocuments, visit, type Document, type YAMLError } from "yaml";
import { diagnostic, fileStart, type Diagnostic } from "../diagnostics/diagnostic.js";
import { readLeanYaml } from "./lean-yaml.js";
import { rangeAt, type SourceFile } from "./source-file.js";
import { invisibleInText, loneCarriageReturn, refusedNodes } from "./yaml-checks.js";

/** Far more than any card file needs, far fewer than an alias bomb uses. */
const maxAliasCount = 200;

const indentation = "check the indentation: fields of one card line up under its first field, with spaces";
const colonInValue = 'a value containing ": " (like "action: …" or "once: …") must be quoted: ability: "…"';

/** Hints for the YAML mistakes designers make most. */
const yamlHints: Partial<Record<string, string>> = {
  BLOCK_AS_IMPLICIT_KEY: colonInValue,
  TAB_AS_INDENT: "indent with spaces, not tabs",
  BAD_INDENT: indentation,
  MISSING_CHAR: "a quote, bracket or \"- \" is missing",
  MULTILINE_IMPLICIT_KEY: "a key and its colon must be on one line",
  BLOCK_IN_FLOW: 'inside { … } or [ … ], ": " starts a new key: quote a value that holds one, e.g. { en: "Ferry: North" }',
};

function lineAt(text: string, offset: number): { start: number; end: number } {
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  const end = text.indexOf("\n", offset);
  return { start, end: end < 0 ? text.length : end };
}

const indentOf = (line: string): number => /^ */.exec(line)![0].length;

/**
 * Where a YAML syntax error is and the hint that fits it: an unclosed quote
 * where it opens; a line indented more or less than its siblings told as an
 * indentation mistake, not as a missing quote.
 */
function syntaxDiagnostic(file: SourceFile, e: YAMLError): Diagnostic {
  const { text, path } = file;
  const problem = e.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");
  const at = (start: number, end: number, hint: string | undefined, said = problem): Diagnostic =>
    diagnostic(path, rangeAt(file, start, end), "S51-E004", { problem: said }, hint);
  const quote = /^Missing closing (["'])quote/.exec(problem)?.[1];
  if (e.code === "MISSING_CHAR" && quote) {
    const open = openingQuote(text, e.pos[0], quote);
    return at(open, lineAt(text, open).end, `close it with ${quote} where the value ends, on its own line or later`, `this ${quote === '"' ? "double" : "single"} quote is never closed`);
  }
  if (e.code === "MISSING_CHAR" && problem.startsWith("Sequence item without")) {
    const line = lineAt(text, e.pos[0]);
    return at(line.start + indentOf(text.slice(line.start, line.end)), line.end, indentation, "this line is indented less than the field above it");
  }
  // A { or [ left open on a line above runs on into the lines below it, and YAML finds it wrong only there.
  const open = e.code === "BAD_INDENT" || e.code === "MISSING_CHAR" || e.code === "UNEXPECTED_TOKEN" ? unclosedBracket(text, e.pos[0]) : undefined;
  if (open !== undefined) {
    const bracket = text[open]!;
    const close = bracket === "{" ? "}" : "]";
    return at(open, lineAt(text, open).end, `close it with ${close} on the same line, e.g. ${bracket === "{" ? "name: { en: Old Factory, fr: Vieille usine }" : "types: [scrap, fuel]"}`, `this ${bracket} is never closed`);
  }
  if (e.code === "BAD_INDENT") {
    const line = lineAt(text, e.pos[0]);
    const indent = indentOf(text.slice(line.start, line.end));
    const above = line.start > 0 ? lineAt(text, line.start - 1) : undefined;
    const more = above !== undefined && indent > indentOf(text.slice(above.start, above.end));
    return at(line.start + indent, line.end, indentation, `this line is indented ${more ? "more than" : "differently from"} the field above it`);
  }
  if (e.code === "BLOCK_AS_IMPLICIT_KEY" || e.code === "MULTILINE_IMPLICIT_KEY") {
    const line = lineAt(text, e.pos[0]);
    const rest = text.slice(e.pos[0], line.end);
    const next = lineAt(text, line.end + 1);
    const nextLine = text.slice(next.start, next.end);
    if (!/:\s/.test(rest) && indentOf(nextLine) > indentOf(text.slice(line.start, line.end))) {
      const s = next.start + indentOf(nextLine);
      return at(s, next.end, indentation, "this line is indented more than the field above it");
    }
  }
  if (e.code === "BLOCK_IN_FLOW") return at(e.pos[0], e.pos[1], yamlHints[e.code], 'a ": " inside { … } or [ … ] starts a key: this value needs quotes');
  return at(e.pos[0], e.pos[1], yamlHints[e.code]);
}

/** How many lines above an error `unclosedBracket` looks at: a card is a dozen lines, and a file of errors stays linear. */
const bracketLookback = 40;

/**
 * The offset of a { or [ opened on one of the few lines above `at` (where YAML stumbled) and
 * still open at the end of that line, or undefined. Quotes open only where a value starts (after
 * ": ", ",", "[", "{", "- " or at a line's start, so the apostrophe of "Usine d'armement" or
 * "Rock 'n Roll" is none); '' inside single quotes and \" inside double ones are escapes;
 * comments are passed over.
 */
function unclosedBracket(text: string, at: number): number | undefined {
  const { start: lineStart, end } = lineAt(text, at);
  let from = lineStart;
  for (let n = 0; n < bracketLookback && from > 0; n++) from = text.lastIndexOf("\n", from - 2) + 1;
  const opened: number[] = [];
  let quote: string | undefined;
  // The last character before this one on its line that is not a space: where a quote may open.
  let before = "";
  for (let i = from; i < end; i++) {
    const c = text[i]!;
    if (quote !== undefined) {
      if (quote === '"' && c === "\\") i++;
      else if (quote === "'" && c === "'" && text[i + 1] === "'") i++;
      else if (c === quote) quote = undefined;
      before = c === "\n" ? "" : before;
      continue;
    }
    if (c === "\n") {
      before = "";
      continue;
    }
    if ((c === '"' || c === "'") && (before === "" || ":,[{-?".includes(before))) quote = c;
    else if (c === "#" && (before === "" || /\s/.test(text[i - 1]!))) {
      const eol = text.indexOf("\n", i);
      i = (eol < 0 ? end : eol) - 1;
      continue;
    } else if (c === "{" || c === "[") opened.push(i);
    else if ((c === "}" || c === "]") && opened.length > 0) opened.pop();
    if (c !== " " && c !== "\t") before = c;
  }
  return opened[0];
}

/** The quote that opens an unclosed quoted value: the last one before the error not escaped (\" or ''). */
function openingQuote(text: string, before: number, quote: string): number {
  for (let i = Math.min(before, text.length) - 1; i >= 0; i--) {
    if (text[i] !== quote) continue;
    if (quote === '"' && text[i - 1] === "\\") continue;
    if (quote === "'" && (text[i - 1] === "'" || text[i + 1] === "'")) continue;
    return i;
  }
  return before;
}

export type ParsedYaml =
  | { ok: true; file: SourceFile; data: unknown }
  | { ok: false; diagnostics: Diagnostic[] };

function firstAliasOffset(doc: Document.Parsed): number {
  let offset = 0;
  visit(doc, {
    Alias(_key, node) {
      offset = node.range?.[0] ?? 0;
      return visit.BREAK;
    },
  });
  return offset;
}

export interface ParseYamlOptions {
  /**
   * Read with the lean reader (lean-yaml.ts) when the text is within its
   * subset: the same document, minus its comments, far faster. For loading
   * cards; not for what rewrites a file (fmt), which needs the comments.
   */
  readonly lean?: boolean;
}

export function parseYaml(path: string, text: string, options: ParseYamlOptions = {}): ParsedYaml {
  try {
    return parseYamlUnguarded(path, text, options);
  } catch (error) {
    // The yaml library reports its own errors as values; this is for what it
    // did not foresee, so that even then the designer gets a diagnostic.
    return { ok: false, diagnostics: [diagnostic(path, fileStart, "S51-E004", { problem: `the YAML cannot be read: ${(error as Error).message}` })] };
  }
}

function parseYamlUnguarded(path: string, text: string, options: ParseYamlOptions): ParsedYaml {
  const cr = loneCarriageReturn(path, text);
  if (cr) return { ok: false, diagnostics: [cr] };
  const lean = options.lean ? readLeanYaml(text) : undefined;
  // The lean reader reads only what passes every check below: one document, no syntax
  // error, duplicate key, invisible character, tag, merge key, escape or alias.
  if (lean) return { ok: true, file: { path, text, doc: lean.doc, lines: lean.lines }, data: lean.data };
  const lines = new LineCounter();
  const docs = parseAllDocuments(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const fail = (diagnostics: Diagnostic[]): ParsedYaml => ({ ok: false, diagnostics });
  if (!Array.isArray(docs) || docs.length === 0 || text.trim() === "") {
    return fail([diagnostic(path, fileStart, "S51-E007", {}, "a card file starts with `set: <name>`")]);
  }
  const doc = docs[0]!;
  const file: SourceFile = { path, text, doc, lines };
  const invisible = invisibleInText(file);
  if (invisible.length > 0) return fail(invisible);
  // After the first syntax error the parser is lost and the rest is noise
  // (one tab gives seven errors); duplicate keys are independent, keep them all.
  const allErrors = docs.flatMap((d) => d.errors);
  const firstSyntax = allErrors.find((e) => e.code !== "DUPLICATE_KEY");
  const yamlErrors = allErrors.filter((e) => e === firstSyntax || e.code === "DUPLICATE_KEY");
  if (yamlErrors.length > 0) {
    return fail(
      yamlErrors.map((e) =>
        e.code === "DUPLICATE_KEY"
          ? diagnostic(path, rangeAt(file, e.pos[0], e.pos[1]), "S51-E005", { key: text.slice(e.pos[0], e.pos[1]) }, "each field may appear once; remove or rename one")
          : syntaxDiagnostic(file, e),
      ),
    );
  }
  if (docs.length > 1) {
    const second = docs[1]!.range[0];
    return fail([
      diagnostic(path, rangeAt(file, second, second), "S51-E008", {}, "remove the `---` separator or split the file"),
    ]);
  }
  if (doc.contents === null || (isScalar(doc.contents) && doc.contents.value === null)) {
    return fail([diagnostic(path, fileStart, "S51-E007", {}, "a card file starts with `set: <name>`")]);
  }
  const refused = refusedNodes(file, doc);
  if (refused.length > 0) return fail(refused);
  try {
    return { ok: true, file, data: doc.toJS({ maxAliasCount }) };
  } catch (error) {
    const at = firstAliasOffset(doc);
    const range = rangeAt(file, at, at);
    // Only aliases make toJS throw in practice; anything else is still a YAML problem, not a crash.
    return fail([
      isAlias(doc.contents) || at > 0
        ? diagnostic(path, range, "S51-E006", {}, "write the values out instead of nesting aliases")
        : diagnostic(path, range, "S51-E004", { problem: `the YAML cannot be read: ${(error as Error).message}` }),
    ]);
  }
}
