/**
 * `state51 fmt`'s canonical layout of a card file, as a pure function (text in,
 * text out) so an editor can format a buffer the same way.
 *
 * The canon is how cards/*.yaml are written: keys in the order the JSON
 * Schema (grammar/cards.schema.json) lists them for each kind of card or
 * vocabulary entry; strings plain where YAML reads them back as the same
 * string, otherwise double-quoted; two-space indentation; flow mappings
 * padded (`{ en: Pub, fr: Pub }`), flow sequences not (`[scrap]`); one blank
 * line between cards and between the vocabulary's sections, none inside a
 * card. Flow or block is kept as written, and so is every comment, and a
 * file's CRLF line breaks (src/edit/line-breaks.ts).
 *
 * The yaml library's Document keeps comments on the nodes they belong to, so
 * reordering a card's pairs carries their comments along. As a guard against
 * any case the library does not foresee, the result is read back: it must give
 * the same data and hold the same comments, or nothing is formatted.
 */
import { isMap, isScalar, isSeq, Lexer, Scalar, type Document, type Node, type Pair, type YAMLMap, type YAMLSeq } from "yaml";
import { isDeepStrictEqual } from "node:util";
import schema from "../../grammar/cards.schema.json" with { type: "json" };
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { parseYaml } from "../load/parse-yaml.js";
import { isCardFileData, notACardFile } from "../schema/card-file.js";
import { breaksWithCrlf, toCrlf, toLf } from "./line-breaks.js";
import { plainReadsBack } from "./yaml-scalar.js";

export type FormatResult =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] }
  | { readonly ok: false; readonly unsafe: string }
  /** Something in the file itself keeps it from the canon, which the designer can change. */
  | { readonly ok: false; readonly problem: string };

/** A schema node as far as key order needs it. */
interface SchemaNode {
  readonly $ref?: string;
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly items?: SchemaNode;
  readonly oneOf?: readonly SchemaNode[];
  readonly const?: unknown;
}

const definitions = (schema as { definitions: Record<string, SchemaNode> }).definitions;

function resolveRef(node: SchemaNode | undefined): SchemaNode | undefined {
  let n = node;
  while (n?.$ref !== undefined) n = definitions[n.$ref.replace("#/definitions/", "")];
  return n;
}

/** The schema of a mapping: for a card, the definition its `kind` picks (the schema's discriminator). */
function mapSchema(node: SchemaNode | undefined, map: Node): SchemaNode | undefined {
  const s = resolveRef(node);
  if (s?.oneOf === undefined || !isMap(map)) return s;
  const kind = map.get("kind");
  return s.oneOf.map(resolveRef).find((d) => d?.properties?.["kind"]?.const === kind);
}

const keyOf = (pair: Pair): unknown => (isScalar(pair.key) ? pair.key.value : pair.key);

/** The canonical order of the keys of the mapping at `path` in a card file ([]: `set`, `vocabulary`, `cards`; ["vocabulary"]: its sections). */
export function keyOrderAt(path: readonly string[]): readonly string[] {
  let node: SchemaNode | undefined = schema as SchemaNode;
  for (const key of path) node = resolveRef(node)?.properties?.[key];
  return Object.keys(resolveRef(node)?.properties ?? {});
}

/**
 * Sorts a mapping's pairs into the schema's order; keys the schema does not
 * know (mistakes the validator reports) follow, in the order written.
 */
function orderPairs(pairs: Pair[], order: readonly string[]): Pair[] {
  const rank = (p: Pair): number => {
    const k = keyOf(p);
    const i = typeof k === "string" ? order.indexOf(k) : -1;
    return i < 0 ? order.length : i;
  };
  return pairs.map((p, i) => ({ p, i, r: rank(p) })).sort((a, b) => a.r - b.r || a.i - b.i).map((x) => x.p);
}

/** Comment text with runs of blank lines made one, and none leading when a blank line already precedes it. */
function tidyComment(comment: string | null | undefined, blankBefore: boolean): string | undefined {
  if (comment === null || comment === undefined) return undefined;
  let c = comment.replace(/\n{3,}/g, "\n\n");
  if (blankBefore) c = c.replace(/^\n+/, "");
  return c;
}

/**
 * Flow sequences print as `[a, b]`, flow mappings as `{ a: b }`, nested in each other too: the
 * library pads both or neither, and a collection hands its padding down to those inside it.
 */
function flowPadding(node: YAMLSeq | YAMLMap, padding: "" | " "): void {
  const print = node.toString;
  node.toString = (ctx, onComment, onChompKeep) => print.call(node, ctx === undefined ? ctx : { ...ctx, flowCollectionPadding: padding }, onComment, onChompKeep);
}

/** Where in the file a node is: the spacing rules differ for cards, vocabulary sections and the rest. */
type Place = "top" | "cards" | "vocabulary" | "inner";

function canonScalar(node: Scalar): void {
  // Block scalars (| and >) keep their form: a multi-line string has no better one.
  if (typeof node.value === "string" && node.type !== Scalar.BLOCK_LITERAL && node.type !== Scalar.BLOCK_FOLDED) {
    // A line break or tab written as an escape stays one: left to the library, "a\nb" became a plain scalar
    // over three lines (in a flow mapping) and "a\tb" a raw tab, the same data but no longer what was written.
    // A string a YAML 1.1 reader would take for another value (`On`, `N`, `2024-01-01`) keeps its quotes too: yamlScalar's rule.
    if (/\p{Cc}/u.test(node.value) || !plainReadsBack(node.value)) node.type = Scalar.QUOTE_DOUBLE;
    else delete node.type;
  }
  node.spaceBefore = false;
}

/**
 * A comment after `key:` above a block mapping or list stays on the key's line. The library reads it
 * as the collection's first comment before and would print it on the line below, under the key.
 */
function keepOnKeyLine(pair: Pair, text: string): void {
  const { key, value } = pair;
  if (!isScalar(key) || key.range == null || key.comment || !(isMap(value) || isSeq(value)) || value.flow === true || !value.commentBefore) return;
  if (!/^[ \t]*:[ \t]+#/.test(text.slice(key.range[1]))) return;
  const [first, ...rest] = value.commentBefore.split("\n");
  key.comment = first!;
  if (rest.length > 0) value.commentBefore = rest.join("\n");
  else delete value.commentBefore;
}

/** Brings `node` and everything under it to the canon, in place; `text` is the source it was read from. */
function canonNode(node: unknown, schemaNode: SchemaNode | undefined, place: Place, text: string): void {
  if (isScalar(node)) return canonScalar(node);
  if (isSeq(node)) {
    if (node.flow === true) flowPadding(node, "");
    const itemSchema = resolveRef(schemaNode)?.items;
    node.items.forEach((item, i) => {
      if (isScalar(item) || isMap(item) || isSeq(item)) {
        // One blank line between cards; elsewhere items follow each other.
        const blank = place === "cards" && i > 0;
        item.spaceBefore = blank;
        const before = tidyComment(item.commentBefore, blank);
        if (before === undefined) delete item.commentBefore;
        else item.commentBefore = before;
      }
      canonNode(item, itemSchema, "inner", text);
    });
    return;
  }
  if (!isMap(node)) return;
  if (node.flow === true) flowPadding(node, " ");
  const s = mapSchema(schemaNode, node);
  const order = Object.keys(s?.properties ?? {});
  // The comment above a file's first key is the file's header: it stays on top whichever key comes first.
  const first = node.items[0]?.key;
  const header = place === "top" && isScalar(first) ? first.commentBefore : undefined;
  if (isScalar(first) && header) delete first.commentBefore;
  node.items = orderPairs(node.items as Pair[], order);
  const top = node.items[0]?.key;
  if (isScalar(top) && header) top.commentBefore = top.commentBefore ? `${header}\n${top.commentBefore}` : header;
  node.items.forEach((pair, i) => {
    const key = pair.key;
    if (isScalar(key)) {
      // The vocabulary's sections are set apart by a blank line; top-level keys keep theirs.
      const blank = place === "vocabulary" ? i > 0 : place === "top" && key.spaceBefore === true;
      canonScalar(key);
      key.spaceBefore = blank;
      const before = tidyComment(key.commentBefore, key.spaceBefore);
      if (before === undefined) delete key.commentBefore;
      else key.commentBefore = before;
    }
    keepOnKeyLine(pair as Pair, text);
    const k = keyOf(pair);
    const valueSchema = typeof k === "string" ? s?.properties?.[k] : undefined;
    const childPlace: Place = place === "top" && k === "cards" ? "cards" : place === "top" && k === "vocabulary" ? "vocabulary" : "inner";
    canonNode(pair.value, valueSchema, childPlace, text);
  });
}

/** The comments of a YAML text, in order: what formatting must keep. */
export function commentsOf(text: string): string[] {
  const out: string[] = [];
  for (const token of new Lexer().lex(text)) if (token.startsWith("#")) out.push(token.trimEnd());
  return out;
}

/**
 * The canonical layout of the card file `text` (`path` names it in
 * diagnostics): the formatted text, or the YAML problems that keep it from
 * being formatted (as `validate` reports them), or what else in the file
 * keeps it from the canon, or why the result was not safe to write (it would
 * change the data or lose a comment).
 */
export function formatCardFile(path: string, text: string): FormatResult {
  const parsed = parseYaml(path, text);
  if (!parsed.ok) return { ok: false, diagnostics: parsed.diagnostics };
  // Its layout is not the canon's to give (validate refuses it too, S51-E102/E103).
  if (!isCardFileData(parsed.data)) return { ok: false, problem: notACardFile };
  const crlf = breaksWithCrlf(text);
  const source = crlf ? toLf(text) : text;
  const laid = crlf ? parseYaml(path, source) : parsed;
  if (!laid.ok) return { ok: false, unsafe: "its line breaks read differently as LF" };
  const doc = laid.file.doc as Document;
  canonNode(doc.contents, schema as SchemaNode, "top", source);
  let lf: string;
  try {
    lf = doc.toString({ indent: 2, indentSeq: true, lineWidth: 0, minContentWidth: 0, singleQuote: false, flowCollectionPadding: true });
  } catch (error) {
    // `agreement: &a …` then `spoils: *a`: the canon puts spoils first, and YAML has no alias before its anchor.
    if (error instanceof Error && error.message.startsWith("Unresolved alias")) {
      return { ok: false, problem: "the canonical key order would put an alias (*name) before its anchor (&name): write the value out instead of the alias" };
    }
    throw error;
  }
  const out = crlf ? toCrlf(lf) : lf;
  const again = parseYaml(path, out);
  if (!again.ok || !isDeepStrictEqual(again.data, parsed.data)) return { ok: false, unsafe: "the canonical layout would change a value" };
  if (!isDeepStrictEqual(commentsOf(out).sort(), commentsOf(text).sort())) return { ok: false, unsafe: "the canonical layout would lose a comment" };
  return { ok: true, text: out };
}
