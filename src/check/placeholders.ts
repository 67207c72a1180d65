/**
 * Placeholders left to fill in (S51-W402): `state51 new` writes a card whose
 * values validate but are not the designer's, each marked by an end-of-line
 * comment `# TODO: …` saying what to write there. Until the comment goes, the
 * value is reported, so a template never ships as a card by mistake.
 */
import { isMap, isNode, isPair, isScalar, visit, type Node } from "yaml";
import { diagnostic, type Diagnostic } from "../diagnostics/diagnostic.js";
import { placeholderMark } from "../load/lean-yaml.js";
import { rangeAt, type SourceFile } from "../load/source-file.js";

// The end-of-line comment marking a placeholder; what follows the colon says what to write.
// Defined beside the lean YAML reader, which leaves files holding it to the library (it keeps no comments).
export { placeholderMark };
const marked = new RegExp(`^\\s*${placeholderMark}\\b:?\\s*`);

/** The id of the nearest mapping above (the card or vocabulary entry holding the field). */
function ownerId(path: readonly unknown[]): string {
  for (let i = path.length - 1; i >= 0; i--) {
    const node = path[i];
    if (isMap(node)) {
      const id = node.get("id");
      if (typeof id === "string") return id;
    }
  }
  return "?";
}

/** Every value of `file` marked as a placeholder, as S51-W402: an error under `validate --strict`, so CI never passes a template. */
export function reportPlaceholders(file: SourceFile, out: Diagnostic[], options: { readonly strict?: boolean } = {}): void {
  // A file without the mark has no placeholder: most files, spared the walk over their nodes.
  if (!file.text.includes(placeholderMark)) return;
  visit(file.doc, {
    Pair(_, pair, path) {
      const value = pair.value as Node | null;
      const comment = isNode(value) ? value.comment : undefined;
      if (comment === undefined || comment === null || !marked.test(comment)) return;
      const field = isScalar(pair.key) ? String(pair.key.value) : "value";
      const todo = comment.split("\n")[0]!.replace(marked, "").trim() || `write the card's own ${field}`;
      const at = value?.range ?? [0, 0];
      out.push(
        diagnostic(file.path, rangeAt(file, at[0], at[1]), "S51-W402", { field, id: ownerId(path.filter((n) => !isPair(n))), todo }, `write it, then delete the "# ${placeholderMark}" comment`, options.strict ? "error" : "warning"),
      );
    },
  });
}
