/**
 * Completion in a card file. Inside a field written in the card language
 * (ability, spoils, agreement, price, resources): where a statement begins,
 * the statements that field allows; elsewhere what the grammar takes next
 * (chevrotain's content assist over the tokens before the cursor), a word
 * being the vocabulary's words (an expansion's own among them), a number an
 * amount. Outside: the keys a card of its kind may have, and the ids a field
 * names (card types, factions, contact colours, kinds, patterns).
 */
import type { IToken, TokenType } from "chevrotain";
import { CompletionItemKind, type CompletionItem } from "vscode-languageserver";
import schema from "../../grammar/cards.schema.json" with { type: "json" };
import { abilityLexer, keywordForms, Word } from "../../grammar/lexer.js";
import { abilityParser } from "../../grammar/parser.js";
import { namespaceNoun, namespaces, type Term, type Vocabulary } from "../check/vocabulary.js";
import { statementsIn } from "../parse/parse-cards.js";
import { idNamespace, languageRule } from "./fields.js";
import { wordAround, type Place } from "./locate.js";


/** Amounts offered where a number comes: what cards print (1 to 3), and a few more. */
const amounts = ["1", "2", "3", "4", "5"];
const signedAmounts = ["-2", "-1", "+1", "+2"];

interface Schema {
  readonly properties: Readonly<Record<string, unknown>>;
  readonly definitions: Readonly<Record<string, { readonly properties?: Readonly<Record<string, { readonly enum?: readonly string[]; readonly description?: string }>> }>>;
}
const cardSchema = schema as unknown as Schema;
const cardKinds = ["location", "leader", "contact", "base"] as const;

/** The keys a card of `kind` may have (every kind's when it is not written yet). */
export function cardKeys(kind: string | undefined): string[] {
  const kinds = cardKinds.filter((k) => kind === undefined || k === kind);
  return [...new Set(kinds.flatMap((k) => Object.keys(cardSchema.definitions[k]?.properties ?? {})))];
}

function fieldDescription(kind: string | undefined, field: string): string | undefined {
  for (const k of cardKinds) {
    if (kind !== undefined && k !== kind) continue;
    const d = cardSchema.definitions[k]?.properties?.[field]?.description;
    if (d !== undefined) return d;
  }
  return undefined;
}


/** The values a field with a fixed list takes: `kind`, `pattern`, `use`. */
function enumValues(field: string, kind: string | undefined): readonly string[] | undefined {
  if (field === "kind") return cardKinds;
  for (const k of cardKinds) {
    if (kind !== undefined && k !== kind) continue;
    const values = cardSchema.definitions[k]?.properties?.[field]?.enum;
    if (values !== undefined) return values;
  }
  return undefined;
}

/** A term's names in both languages, for a completion's detail. */
export function termDetail(term: Term): string {
  return `${namespaceNoun[term.namespace]}: ${term.en.one} / ${term.fr.one}`;
}

function wordItems(vocabulary: Vocabulary): CompletionItem[] {
  const seen = new Map<string, CompletionItem>();
  for (const namespace of namespaces) {
    for (const [word, term] of vocabulary.words[namespace]) {
      if (seen.has(word)) continue;
      seen.set(word, { label: word, kind: CompletionItemKind.EnumMember, detail: termDetail(term) });
    }
  }
  for (const id of vocabulary.lookoutAbilities.keys()) if (!seen.has(id)) seen.set(id, { label: id, kind: CompletionItemKind.EnumMember, detail: "Lookout ability" });
  return [...seen.values()];
}

const keywordItem = (word: string, detail = "keyword"): CompletionItem => ({ label: word, kind: CompletionItemKind.Keyword, detail });
const amountItems = (list: readonly string[]): CompletionItem[] => list.map((n, i) => ({ label: n, kind: CompletionItemKind.Value, detail: "amount", sortText: String(i).padStart(2, "0") }));

/** The tokens before the cursor, or undefined when the text so far does not lex (a stray character). */
function tokensBefore(text: string): IToken[] | undefined {
  const lexed = abilityLexer.tokenize(text);
  return lexed.errors.length === 0 ? lexed.tokens : undefined;
}

/** What the grammar takes after `tokens`, by token type. */
function nextTokenTypes(rule: "statements" | "assetListOnly", tokens: IToken[]): TokenType[] | undefined {
  try {
    return abilityParser.computeContentAssist(rule, tokens).map((s) => s.nextTokenType);
  } catch {
    return undefined;
  }
}

/** Completions inside a card-language field: `before` is its text up to the cursor, without the word being typed. */
export function languageCompletions(field: string, cardKind: string | undefined, before: string, vocabulary: Vocabulary): CompletionItem[] {
  const rule = languageRule(field) ?? "statements";
  const tokens = tokensBefore(before);
  const atStatement = rule === "statements" && (tokens === undefined ? /(^|;)\s*$/.test(before) : tokens.length === 0 || tokens.at(-1)!.image === ";");
  if (atStatement) return statementsIn(field, cardKind ?? "location").map((s) => keywordItem(s, `statement in ${field}`));
  const next = tokens === undefined ? undefined : nextTokenTypes(rule, tokens);
  if (next === undefined) return [...wordItems(vocabulary), ...amountItems(amounts)];
  const items: CompletionItem[] = [];
  const labels = new Set<string>();
  const add = (item: CompletionItem): void => {
    if (labels.has(item.label)) return;
    labels.add(item.label);
    items.push(item);
  };
  for (const type of next) {
    if (type === Word) wordItems(vocabulary).forEach(add);
    else if (type.name === "Integer") amountItems(amounts).forEach(add);
    else if (type.name === "Signed") amountItems(signedAmounts).forEach(add);
    else if (type.name === "Arrow") add(keywordItem("->"));
    else if (type.name === "Card") ["card", "cards"].forEach((w) => add(keywordItem(w)));
    else if (type.name === "Times") add(keywordItem("x"));
    else for (const form of keywordForms.get(type) ?? []) add(keywordItem(form));
  }
  return items;
}

/** Completions at `place` in a card file, with the card set's vocabulary. */
export function completionsAt(place: Place, vocabulary: Vocabulary): CompletionItem[] {
  switch (place.kind) {
    case "card-key": {
      const missing = cardKeys(place.card.kind).filter((k) => k === place.typed || !place.card.keys.includes(k));
      return missing.map((k) => {
        const doc = fieldDescription(place.card.kind, k);
        return { label: k, kind: CompletionItemKind.Property, insertText: `${k}: `, ...(doc === undefined ? {} : { documentation: doc }) };
      });
    }
    case "card-value": {
      if (languageRule(place.field) !== undefined) {
        const word = wordAround(place.value, place.at);
        const start = word !== undefined && word.start < place.at ? word.start : place.at;
        return languageCompletions(place.field, place.card.kind, place.value.slice(0, start), vocabulary);
      }
      const namespace = idNamespace(place.field);
      if (namespace !== undefined) return [...vocabulary[namespace].values()].map((t) => ({ label: t.id, kind: CompletionItemKind.EnumMember, detail: termDetail(t) }));
      const values = enumValues(place.field, place.card.kind);
      return (values ?? []).map((v) => ({ label: v, kind: CompletionItemKind.EnumMember }));
    }
    case "top-key":
      return Object.keys(cardSchema.properties).map((k) => ({ label: k, kind: CompletionItemKind.Property, insertText: `${k}: ` }));
    case "elsewhere":
      return [];
  }
}
