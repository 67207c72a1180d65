/**
 * YAML text to data, keeping source positions, and turning every YAML
 * problem (syntax, duplicate keys, alias bombs, several documents) into a
 * diagnostic rather than an exception.
 */
import { isAlias, LineCounter, parseAllDocuments, visit, type Document } from "yaml";
import { diagnostic, fileStart, type Diagnostic } from "../diagnostics/diagnostic.js";
import { rangeAt, type SourceFile } from "./source-file.js";

/** Far more than any card file needs, far fewer than an alias bomb uses. */
const maxAliasCount = 200;

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
  const lines = new LineCounter();
  const docs = parseAllDocuments(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const fail = (diagnostics: Diagnostic[]): ParsedYaml => ({ ok: false, diagnostics });
  if (!Array.isArray(docs) || docs.length === 0 || text.trim() === "") {
    return fail([diagnostic(path, fileStart, "S51-E007", "the file is empty", "a card file starts with `set: <name>`")]);
  }
  const doc = docs[0]!;
  const file: SourceFile = { path, text, doc, lines };
  const yamlErrors = docs.flatMap((d) => d.errors);
  if (yamlErrors.length > 0) {
    return fail(
      yamlErrors.map((e) => {
        const range = rangeAt(file, e.pos[0], e.pos[1]);
        const message = e.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");
        return e.code === "DUPLICATE_KEY"
          ? diagnostic(path, range, "S51-E005", message, "each field may appear once; remove or rename one")
          : diagnostic(path, range, "S51-E004", message);
      }),
    );
  }
  if (docs.length > 1) {
    const second = docs[1]!.range[0];
    return fail([
      diagnostic(path, rangeAt(file, second, second), "S51-E008", "a card file holds one YAML document", "remove the `---` separator or split the file"),
    ]);
  }
  if (doc.contents === null) {
    return fail([diagnostic(path, fileStart, "S51-E007", "the file has no content", "a card file starts with `set: <name>`")]);
  }
  try {
    return { ok: true, file, data: doc.toJS({ maxAliasCount }) };
  } catch (error) {
    const at = firstAliasOffset(doc);
    const aliased = isAlias(doc.contents);
    return fail([
      diagnostic(
        path,
        rangeAt(file, at, at),
        "S51-E006",
        aliased || at > 0 ? "the YAML aliases expand too far (an alias bomb?)" : String((error as Error).message),
        "write the values out instead of nesting aliases",
      ),
    ]);
  }
}
