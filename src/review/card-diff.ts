/**
 * What changed in a card set between two versions, card by card: `state51
 * diff`'s report. Each side is what validation made of it (the checked
 * cards, the vocabulary, the diagnostics, the files' text); a card is matched
 * by id. For a changed card the report gives the fields as written that
 * differ, whether what the card does changed (its checked model, which is
 * what the compiler turns into code), and the word diff of each printed
 * part in English and French. A card with errors on one side is still matched
 * by the id written in its file, and its errors are reported, not hidden.
 * Pure: two sides in, a report out, as text or as Markdown.
 */
import type { Card } from "../check/model.js";
import type { Vocabulary } from "../check/vocabulary.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { canonical } from "../engine/card-digest.js";
import { parseYaml } from "../load/parse-yaml.js";
import { normaliseSpaces, wordChanges, wordDiff } from "../locks/word-diff.js";
import { escapeMarkdown } from "../text/escape.js";
import { partNames, textRenderer, type PartName } from "../text/render.js";
import { langs, type Lang } from "../text/words.js";

/** One version of the set, as `validatePaths` saw it. */
export interface Side {
  readonly cards: readonly Card[];
  readonly vocabulary: Vocabulary;
  readonly diagnostics: readonly Diagnostic[];
  /** Each file's text, by the path diagnostics give. */
  readonly texts: ReadonlyMap<string, string>;
}

/** A card as its file writes it: the fields, flattened to `name.fr`, `text.ability.en`…, each value as one line. */
interface Written {
  readonly id: string;
  readonly kind: string;
  readonly file: string;
  readonly name: string;
  readonly fields: ReadonlyMap<string, string>;
}

export interface CardRef {
  readonly id: string;
  readonly kind: string;
  readonly name: string;
  readonly file: string;
  /** It has errors on its side: it is not among the checked cards. */
  readonly invalid: boolean;
}

export interface FieldChange {
  readonly field: string;
  readonly before?: string;
  readonly after?: string;
}

export interface TextChange {
  readonly lang: Lang;
  readonly part: PartName;
  readonly before?: string;
  readonly after?: string;
}

/** `changed` or `unchanged` when both sides checked; `unknown` when one side has errors. */
export type Behaviour = "changed" | "unchanged" | "unknown";

export interface ChangedCard extends CardRef {
  /** The file it was in before, when it moved. */
  readonly movedFrom?: string;
  readonly behaviour: Behaviour;
  readonly fields: readonly FieldChange[];
  /** What the card does, where it differs and no written field says so (a vocabulary change): paths of the checked model. */
  readonly model: readonly FieldChange[];
  readonly texts: readonly TextChange[];
  /** Which side has errors, if one does. */
  readonly invalidBefore: boolean;
}

export interface SetDiff {
  readonly added: readonly CardRef[];
  readonly removed: readonly CardRef[];
  readonly changed: readonly ChangedCard[];
  readonly cards: { readonly before: number; readonly after: number };
  readonly errors: { readonly before: readonly Diagnostic[]; readonly after: readonly Diagnostic[] };
}

/** A value of a card file as one line: lists inline (`[scrap, fuel]`), the rest as written. */
function shown(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(shown).join(", ")}]`;
  if (typeof value === "string") return value;
  return JSON.stringify(value) ?? String(value);
}

function flatten(value: unknown, prefix: string, out: Map<string, string>): void {
  if (value === undefined) return;
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix === "" ? k : `${prefix}.${k}`, out);
  } else {
    out.set(prefix, shown(value));
  }
}

/** Every card each file writes, by id (the first, when an id is written twice), whether or not it checked. */
function writtenCards(texts: ReadonlyMap<string, string>): Map<string, Written> {
  const byId = new Map<string, Written>();
  for (const [file, text] of texts) {
    const yaml = parseYaml(file, text);
    if (!yaml.ok) continue;
    const cards = (yaml.data as { cards?: unknown } | null)?.cards;
    if (!Array.isArray(cards)) continue;
    for (const card of cards) {
      if (card === null || typeof card !== "object" || typeof (card as { id?: unknown }).id !== "string") continue;
      const { id, ...rest } = card as Record<string, unknown> & { id: string };
      if (byId.has(id)) continue;
      const fields = new Map<string, string>();
      flatten(rest, "", fields);
      const name = (rest.name as { en?: unknown } | undefined)?.en;
      byId.set(id, { id, kind: typeof rest.kind === "string" ? rest.kind : "card", file, name: typeof name === "string" ? name : id, fields });
    }
  }
  return byId;
}

/** What a card does: its checked form without where it was written or what it is called (two cards alike here play alike). */
function behaviourOf(card: Card): unknown {
  return canonical({ ...card, origin: undefined, name: undefined });
}

function modelFields(card: Card): Map<string, string> {
  const out = new Map<string, string>();
  flatten(behaviourOf(card), "", out);
  return out;
}

function fieldChanges(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): FieldChange[] {
  const keys = [...new Set([...before.keys(), ...after.keys()])];
  return keys.flatMap((field) => {
    const b = before.get(field);
    const a = after.get(field);
    return b === a ? [] : [{ field, ...(b === undefined ? {} : { before: b }), ...(a === undefined ? {} : { after: a }) }];
  });
}

function printedParts(side: Side): (card: Card) => Map<string, string> {
  const renderers = langs.map((lang) => textRenderer(side.vocabulary, lang));
  return (card) => {
    const out = new Map<string, string>();
    for (const r of renderers) {
      const text = r.card(card);
      for (const part of partNames) if (text.parts[part] !== undefined) out.set(`${r.lang}\u0000${part}`, text.parts[part]!);
    }
    return out;
  };
}

function textChanges(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): TextChange[] {
  return langs.flatMap((lang) =>
    partNames.flatMap((part): TextChange[] => {
      const key = `${lang}\u0000${part}`;
      const b = before.get(key);
      const a = after.get(key);
      if (b === a || (b !== undefined && a !== undefined && normaliseSpaces(b) === normaliseSpaces(a))) return [];
      return [{ lang, part, ...(b === undefined ? {} : { before: b }), ...(a === undefined ? {} : { after: a }) }];
    }),
  );
}

function ref(w: Written, checked: boolean): CardRef {
  return { id: w.id, kind: w.kind, name: w.name, file: w.file, invalid: !checked };
}

const errorsOf = (side: Side): Diagnostic[] => side.diagnostics.filter((d) => d.severity === "error");

export function diffSets(before: Side, after: Side): SetDiff {
  const old = writtenCards(before.texts);
  const now = writtenCards(after.texts);
  const oldChecked = new Map(before.cards.map((c) => [c.id, c]));
  const nowChecked = new Map(after.cards.map((c) => [c.id, c]));
  const oldText = printedParts(before);
  const nowText = printedParts(after);
  const changed: ChangedCard[] = [];
  for (const [id, w] of now) {
    const o = old.get(id);
    if (o === undefined) continue;
    const b = oldChecked.get(id);
    const a = nowChecked.get(id);
    const fields = fieldChanges(o.fields, w.fields);
    const behaviour: Behaviour = b === undefined || a === undefined ? "unknown" : JSON.stringify(behaviourOf(b)) === JSON.stringify(behaviourOf(a)) ? "unchanged" : "changed";
    const model = behaviour === "changed" && fields.every((f) => f.field.startsWith("name.") || f.field.startsWith("text.")) ? fieldChanges(modelFields(b!), modelFields(a!)) : [];
    const texts = b !== undefined && a !== undefined ? textChanges(oldText(b), nowText(a)) : [];
    if (fields.length === 0 && behaviour !== "changed" && texts.length === 0 && o.file === w.file && (b === undefined) === (a === undefined)) continue;
    changed.push({ ...ref(w, a !== undefined), ...(o.file === w.file ? {} : { movedFrom: o.file }), behaviour, fields, model, texts, invalidBefore: b === undefined });
  }
  return {
    added: [...now.values()].filter((w) => !old.has(w.id)).map((w) => ref(w, nowChecked.has(w.id))),
    removed: [...old.values()].filter((w) => !now.has(w.id)).map((w) => ref(w, oldChecked.has(w.id))),
    changed,
    cards: { before: old.size, after: now.size },
    errors: { before: errorsOf(before), after: errorsOf(after) },
  };
}

/** Whether nothing changed at all. */
export function isEmpty(d: SetDiff): boolean {
  return d.added.length === 0 && d.removed.length === 0 && d.changed.length === 0;
}

/** Names the two sides in a report: the revision as given, its commit, and what is compared with it. */
export interface DiffLabels {
  readonly revision: string;
  readonly commit: string;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`;

function headline(d: SetDiff): string {
  return `${d.added.length} added, ${d.removed.length} removed, ${d.changed.length} changed (${plural(d.cards.before, "card")} before, ${d.cards.after} now)`;
}

function behaviourWords(c: ChangedCard): string {
  switch (c.behaviour) {
    case "changed":
      return "behaviour changed";
    case "unchanged": {
      // What changed, in the reviewer's words: how it is written, its name, its signed-off text.
      const what = [
        c.fields.some((f) => !f.field.startsWith("name.") && !f.field.startsWith("text.")) ? "rewritten" : undefined,
        c.fields.some((f) => f.field.startsWith("name.")) ? "renamed" : undefined,
        c.fields.some((f) => f.field.startsWith("text.")) ? "text lock changed" : undefined,
      ].filter((w) => w !== undefined);
      return [...what, "behaviour unchanged"].join(", ");
    }
    case "unknown":
      return `has errors ${c.invalidBefore ? (c.invalid ? "before and now" : "before") : "now"}`;
  }
}

const partLabel = (t: TextChange): string => `${t.lang} ${t.part}`;
/** A value before and after, on lines of their own as a diff shows them (an ability's own `->` would make one line ambiguous). */
function beforeAfter(label: string, f: { readonly before?: string; readonly after?: string }): string[] {
  return [`      ${label}:`, `        - ${f.before ?? "(none)"}`, `        + ${f.after ?? "(none)"}`];
}

function diagnosticLine(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.column}: ${d.severity} ${d.code}: ${d.message}`;
}

/** The report as text, for a terminal: word diffs as `git diff --word-diff` writes them. */
export function diffText(d: SetDiff, labels: DiffLabels): string {
  const since = `${labels.revision} (${labels.commit.slice(0, 12)})`;
  if (isEmpty(d) && d.errors.after.length === 0) return `no card changed since ${since} (${plural(d.cards.after, "card")})\n`;
  const lines = [`cards changed since ${since}: ${headline(d)}`];
  const flag = (c: CardRef): string => (c.invalid ? " (has errors)" : "");
  if (d.added.length > 0) lines.push("", "added:", ...d.added.map((c) => `  + ${c.id} (${c.kind}) "${c.name}" in ${c.file}${flag(c)}`));
  if (d.removed.length > 0) lines.push("", "removed:", ...d.removed.map((c) => `  - ${c.id} (${c.kind}) "${c.name}" from ${c.file}`));
  if (d.changed.length > 0) {
    lines.push("", "changed:");
    for (const c of d.changed) {
      lines.push(`  ~ ${c.id} (${c.kind}) "${c.name}": ${behaviourWords(c)}${c.movedFrom === undefined ? "" : `; moved from ${c.movedFrom} to ${c.file}`}`);
      for (const f of [...c.fields, ...c.model]) lines.push(...beforeAfter(f.field, f));
      for (const t of c.texts) lines.push(...(t.before === undefined || t.after === undefined ? beforeAfter(partLabel(t), t) : [`      ${partLabel(t)}: ${wordDiff(t.before, t.after)}`]));
    }
  }
  for (const [side, list] of [["before", d.errors.before], ["now", d.errors.after]] as const) {
    if (list.length > 0) lines.push("", `errors ${side} (${list.length}):`, ...list.map((e) => `  ${diagnosticLine(e)}`));
  }
  return lines.join("\n") + "\n";
}

/** A word diff in Markdown: removed words struck through, added ones in bold, every piece escaped. */
export function markdownWordDiff(before: string, after: string): string {
  const changes = wordChanges(before, after);
  return changes
    .map((c, i) => {
      if (!c.added && !c.removed) return escapeMarkdown(c.value);
      const [, lead = "", body = "", trail = ""] = /^(\s*)([\s\S]*?)(\s*)$/.exec(c.value) ?? [];
      if (body === "") return c.added ? c.value : "";
      // A word struck out and its replacement, side by side, read as two words.
      const gap = c.removed && changes[i + 1]?.added === true && trail === "" ? " " : "";
      return `${lead}${c.removed ? `~~${escapeMarkdown(body)}~~` : `**${escapeMarkdown(body)}**`}${trail}${gap}`;
    })
    .join("");
}

const md = (text: string | undefined): string => (text === undefined ? "*(none)*" : escapeMarkdown(text));

function cardCell(c: CardRef): string {
  return `**${escapeMarkdown(c.name)}** (${escapeMarkdown(c.id)})${c.invalid ? " *has errors*" : ""}`;
}

/** The report as Markdown for a pull-request comment: every designer string escaped, tables for the lists. */
export function diffMarkdown(d: SetDiff, labels: DiffLabels): string {
  const since = `${escapeMarkdown(labels.revision)} (\`${labels.commit.slice(0, 12)}\`)`;
  if (isEmpty(d) && d.errors.after.length === 0) return `### Card changes since ${since}\n\nNo card changed (${plural(d.cards.after, "card")}).\n`;
  const out = [`### Card changes since ${since}`, "", `**${headline(d)}**`];
  if (d.added.length > 0) {
    out.push("", "#### Added", "", "| card | kind | file |", "| --- | --- | --- |", ...d.added.map((c) => `| ${cardCell(c)} | ${escapeMarkdown(c.kind)} | ${escapeMarkdown(c.file)} |`));
  }
  if (d.removed.length > 0) {
    out.push("", "#### Removed", "", "| card | kind | file |", "| --- | --- | --- |", ...d.removed.map((c) => `| ${cardCell(c)} | ${escapeMarkdown(c.kind)} | ${escapeMarkdown(c.file)} |`));
  }
  if (d.changed.length > 0) out.push("", "#### Changed");
  for (const c of d.changed) {
    const moved = c.movedFrom === undefined ? "" : `; moved from ${escapeMarkdown(c.movedFrom)} to ${escapeMarkdown(c.file)}`;
    out.push("", `**${escapeMarkdown(c.name)}** (${escapeMarkdown(c.id)}, ${escapeMarkdown(c.kind)}): ${behaviourWords(c)}${moved}`);
    const fields = [...c.fields, ...c.model];
    if (fields.length > 0) out.push("", "| field | before | after |", "| --- | --- | --- |", ...fields.map((f) => `| ${escapeMarkdown(f.field)} | ${md(f.before)} | ${md(f.after)} |`));
    if (c.texts.length > 0) {
      out.push("", "| text | change |", "| --- | --- |");
      for (const t of c.texts) out.push(`| ${escapeMarkdown(partLabel(t))} | ${t.before === undefined || t.after === undefined ? `${md(t.before)} → ${md(t.after)}` : markdownWordDiff(t.before, t.after)} |`);
    }
  }
  for (const [side, list] of [["before", d.errors.before], ["now", d.errors.after]] as const) {
    if (list.length > 0) out.push("", `#### Errors ${side} (${list.length})`, "", ...list.map((e) => `- ${escapeMarkdown(diagnosticLine(e))}`));
  }
  return out.join("\n") + "\n";
}
