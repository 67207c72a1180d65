/**
 * YAML text to data, keeping source positions, and turning every YAML
 * problem (syntax, duplicate keys, alias bombs, several documents) into a
 * diagnostic rather than an exception.
 */
import { isAlias, isScalar, LineCounter, parseAllDocuments, visit, type Document } from "yaml";
import { diagnostic, fileStart, type Diagnostic } from "../diagnostics/diagnostic.js";
import { rangeAt, type SourceFile } from "./source-file.js";

/** Far more than any card file needs, far fewer than an alias bomb uses. */
const maxAliasCount = 200;

/** Hints for the YAML mistakes designers make most. */
const yamlHints: Partial<Record<string, string>> = {
  BLOCK_AS_IMPLICIT_KEY: 'an ability containing ": " (like "action: …" or "once: …") must be quoted: ability: "…"',
  TAB_AS_INDENT: "indent with spaces, not tabs",
  BAD_INDENT: "check the indentation: fields of one card line up under its first field",
  MISSING_CHAR: "a quote, bracket or \"- \" is missing",
  MULTILINE_IMPLICIT_KEY: "a key and its colon must be on one line",
};

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

export function parseYaml(path: string, text: string): ParsedYaml {
  try {
    return parseYamlUnguarded(path, text);
  } catch (error) {
    // The yaml library reports its own errors as values; this is for what it
    // did not foresee, so that even then the designer gets a diagnostic.
    return { ok: false, diagnostics: [diagnostic(path, fileStart, "S51-E004", { problem: `the YAML cannot be read: ${(error as Error).message}` })] };
  }
}

function parseYamlUnguarded(path: string, text: string): ParsedYaml {
  const lines = new LineCounter();
  const docs = parseAllDocuments(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const fail = (diagnostics: Diagnostic[]): ParsedYaml => ({ ok: false, diagnostics });
  if (!Array.isArray(docs) || docs.length === 0 || text.trim() === "") {
    return fail([diagnostic(path, fileStart, "S51-E007", {}, "a card file starts with `set: <name>`")]);
  }
  const doc = docs[0]!;
  const file: SourceFile = { path, text, doc, lines };
  // After the first syntax error the parser is lost and the rest is noise
  // (one tab gives seven errors); duplicate keys are independent, keep them all.
  const allErrors = docs.flatMap((d) => d.errors);
  const firstSyntax = allErrors.find((e) => e.code !== "DUPLICATE_KEY");
  const yamlErrors = allErrors.filter((e) => e === firstSyntax || e.code === "DUPLICATE_KEY");
  if (yamlErrors.length > 0) {
    return fail(
      yamlErrors.map((e) => {
        const range = rangeAt(file, e.pos[0], e.pos[1]);
        const problem = e.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");
        return e.code === "DUPLICATE_KEY"
          ? diagnostic(path, range, "S51-E005", { key: text.slice(e.pos[0], e.pos[1]) }, "each field may appear once; remove or rename one")
          : diagnostic(path, range, "S51-E004", { problem }, yamlHints[e.code]);
      }),
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
