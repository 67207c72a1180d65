/**
 * The icons of card types, as the vocabulary chooses them (`icon`, `colour`):
 * each must be something the sheet can draw (S51-E318, E358–E363), and no two types may
 * print the same icon (S51-E317), since a player tells a Location's types
 * apart by their icons.
 *
 * "The same icon" is the same white shape on the tile, colour aside: a sheet
 * may be printed in greyscale and a player may not see the difference between
 * two colours. Two types print the same shape when they
 *   - name the same glyph, or one names the glyph a base type is drawn with;
 *   - give the same path data, however written (absolute or relative, H and V
 *     or L, spacing, number notation: canonicalPath reads both to one spelling);
 *   - both are left to the letter tile (no icon, not a base type) and their
 *     names start with the same letter in the same language (accents aside:
 *     É and E look alike at 5 mm).
 * Only card types the vocabulary accepted are compared: one that was
 * reported and skipped (S51-E314) never prints.
 */
import type { MessageArgs } from "../diagnostics/catalog.js";
import { diagnostic, type Diagnostic, type Range } from "../diagnostics/diagnostic.js";
import { didYouMean } from "../diagnostics/suggest.js";
import { keyRange, rangeInScalar, valueRange, type DataPath, type SourceFile } from "../load/source-file.js";
import { defaultGlyph, glyphNames, tileLetter } from "../print/glyphs.js";
import type { TermData, VocabularyData } from "../schema/card-file.js";
import { languageNames, langs, termName } from "../text/words.js";
import { canonicalPath, readSvgPath } from "./svg-path.js";
import { namespaceNoun, namespaces } from "./vocabulary.js";

/** One file's vocabulary, and where it is written. */
export interface VocabularyFile {
  readonly file: SourceFile;
  readonly data: VocabularyData;
}

/** A card type's entry and where it is written. */
interface TypeEntry {
  readonly file: SourceFile;
  readonly path: DataPath;
  readonly entry: TermData;
}

/** The shape a type prints on its tile, as a key equal for types that look alike; `says` words it for a message. */
interface Shape {
  readonly key: string;
  readonly says: string;
}

const at = (t: TypeEntry, ...rest: DataPath): DataPath => [...t.path, ...rest];

type IconCode = "S51-E318" | "S51-E358" | "S51-E359" | "S51-E360" | "S51-E361" | "S51-E362" | "S51-E363";

function report<C extends IconCode>(out: Diagnostic[], file: SourceFile, range: Range, code: C, args: MessageArgs<C>, hint: string): void {
  out.push(diagnostic(file.path, range, code, args, hint));
}

const glyphList = `the glyphs: ${glyphNames.join(", ")}`;
const pathHelp = `path data is commands M L H V C S Q T A Z (lower case: relative), each followed by its numbers, in a 24 x 24 box, e.g. "M4 4h16v16H4z"`;

/** The shape an `icon` draws, or undefined (and a diagnostic) when it draws nothing the sheet knows. */
function iconShape(t: TypeEntry, out: Diagnostic[]): Shape | undefined {
  const { glyph, path } = t.entry.icon!;
  const whole = valueRange(t.file, at(t, "icon"));
  if (glyph !== undefined && path !== undefined) {
    report(out, t.file, whole, "S51-E358", {}, "keep one of `glyph` and `path`");
    return undefined;
  }
  if (glyph !== undefined) {
    if (glyphNames.includes(glyph)) return { key: `glyph ${glyph}`, says: `the glyph "${glyph}"` };
    report(out, t.file, valueRange(t.file, at(t, "icon", "glyph")), "S51-E359", { glyph }, didYouMean(glyph, glyphNames) ?? glyphList);
    return undefined;
  }
  if (path !== undefined) {
    const read = readSvgPath(path);
    if (read.ok) return { key: `path ${canonicalPath(read.segments)}`, says: "the same path" };
    const range = rangeInScalar(t.file, at(t, "icon", "path"), read.at, read.at + read.length);
    report(out, t.file, range, "S51-E318", { reason: read.message }, pathHelp);
    return undefined;
  }
  report(out, t.file, whole, "S51-E360", {}, `e.g. icon: { glyph: water } or icon: { path: "M4 4h16v16H4z" }; ${glyphList}`);
  return undefined;
}

/** A tile letter as it looks: accents dropped. */
function letterShape(name: string): string {
  return tileLetter(name).normalize("NFD").replace(/\p{M}/gu, "");
}

/** The shapes a type prints (one per language for a letter tile), or none when its icon is bad. */
function shapes(t: TypeEntry, out: Diagnostic[]): Shape[] {
  if (t.entry.icon !== undefined) return [iconShape(t, out)].flatMap((s) => s ?? []);
  const glyph = defaultGlyph(t.entry.id);
  if (glyph !== undefined) return [{ key: `glyph ${glyph}`, says: `the glyph "${glyph}"` }];
  return langs.map((lang) => {
    // The tile shows the initial of the type's name as the sheet prints it (src/text/render.ts).
    const letter = letterShape(termName({ ...t.entry, namespace: "cardTypes" }, lang));
    return { key: `${lang} letter ${letter}`, says: `a tile with the letter "${letter}" in ${languageNames[lang]}` };
  });
}

/** A tile colour is "#rrggbb"; `null` is what YAML makes of an unquoted "#…" (a comment). */
function checkColour(t: TypeEntry, out: Diagnostic[]): void {
  const colour = t.entry.colour;
  if (colour === undefined || (typeof colour === "string" && /^#[0-9a-fA-F]{6}$/.test(colour))) return;
  const range = valueRange(t.file, at(t, "colour"));
  if (colour === null) {
    report(out, t.file, range, "S51-E361", {}, 'unquoted, "#" starts a YAML comment: write the colour in quotes, e.g. colour: "#2f7a6d"');
  } else {
    report(out, t.file, range, "S51-E362", { colour }, 'write "#" and six hexadecimal digits, in quotes, e.g. colour: "#2f7a6d"');
  }
}

/** Where to point at a type: its icon's glyph or path when it names one, else its id. */
function pointAt(t: TypeEntry): DataPath {
  if (t.entry.icon?.glyph !== undefined) return at(t, "icon", "glyph");
  if (t.entry.icon?.path !== undefined) return at(t, "icon", "path");
  return at(t, "id");
}

function sameIcon(t: TypeEntry, earlier: TypeEntry, shape: Shape, out: Diagnostic[]): void {
  const { line, column } = valueRange(earlier.file, pointAt(earlier)).start;
  const fix = t.entry.icon === undefined ? `give one of them an icon (${glyphList}; or a path)` : "choose another glyph or path";
  out.push(
    diagnostic(
      t.file.path,
      valueRange(t.file, pointAt(t)),
      "S51-E317",
      { id: t.entry.id, other: earlier.entry.id, shape: shape.says },
      `"${earlier.entry.id}" is at ${earlier.file.path}:${line}:${column}; ${fix}`,
    ),
  );
}

/** An `icon` or `colour` on an entry that is not a card type: nothing would draw it. */
function checkNotCardType(file: SourceFile, data: VocabularyData, out: Diagnostic[]): void {
  for (const namespace of namespaces) {
    if (namespace === "cardTypes") continue;
    (data[namespace] ?? []).forEach((entry, index) => {
      for (const field of ["icon", "colour"] as const) {
        if (entry[field] === undefined) continue;
        report(out, file, keyRange(file, ["vocabulary", namespace, index, field]), "S51-E363", { noun: namespaceNoun[namespace], field }, "remove it");
      }
    });
  }
}

/**
 * Checks every card type's icon and colour, files in load order (the base
 * vocabulary first), and reports a type printing the same icon as an earlier
 * one at the later one, naming where the earlier one is.
 */
export function checkTypeIcons(files: readonly VocabularyFile[], kept: ReadonlySet<TermData>, out: Diagnostic[]): void {
  const first = new Map<string, TypeEntry>();
  for (const { file, data } of files) {
    checkNotCardType(file, data, out);
    (data.cardTypes ?? []).forEach((entry, index) => {
      const t: TypeEntry = { file, path: ["vocabulary", "cardTypes", index], entry };
      checkColour(t, out);
      const drawn = shapes(t, out);
      if (!kept.has(entry)) return;
      const clash = drawn.find((s) => first.has(s.key));
      if (clash !== undefined) return sameIcon(t, first.get(clash.key)!, clash, out);
      for (const s of drawn) first.set(s.key, t);
    });
  }
}
