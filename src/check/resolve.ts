/**
 * Gives meaning to the words of an ability: each asset, cost and effect of
 * the syntax tree is looked up in the vocabulary and turned into its typed
 * model form, or reported (unknown word, wrong kind of word, bad number).
 */
import { amountPieces, type AmountNode } from "../constructs/amounts/index.js";
import { effectPieces } from "../constructs/effects/index.js";
import type * as A from "../../grammar/ast.js";
import { didYouMean } from "../diagnostics/suggest.js";
import type * as M from "./model.js";
import type { Report } from "../diagnostics/field-report.js";
import { namespaceNoun, type Namespace, type Term, type Vocabulary } from "./vocabulary.js";

export interface Resolver {
  readonly vocabulary: Vocabulary;
  readonly report: Report;
}

/** Finds a written word in the given namespaces, first match wins. */
export function lookup(r: Resolver, word: A.Word, namespaces: readonly Namespace[]): Term | undefined {
  for (const n of namespaces) {
    const term = r.vocabulary.words[n].get(word.text);
    if (term) return term;
  }
  return undefined;
}

export function writtenWords(r: Resolver, namespaces: readonly Namespace[], tokenIds?: readonly string[]): string[] {
  return namespaces.flatMap((n) =>
    [...r.vocabulary.words[n].entries()].filter(([, t]) => n !== "tokens" || !tokenIds || tokenIds.includes(t.id)).map(([w]) => w),
  );
}

export function unknownWord(r: Resolver, word: A.Word, noun: string, candidates: string[]): undefined {
  const hint = didYouMean(word.text, candidates) ?? (candidates.length <= 12 ? `expected one of: ${candidates.join(", ")}` : undefined);
  r.report("S51-E301", word.span, { what: noun, word: word.text }, hint);
  return undefined;
}

/** Resolves one word in one namespace (a card type, a colour, a faction…). */
export function resolveTerm(r: Resolver, word: A.Word, namespace: Namespace): string | undefined {
  const term = r.vocabulary.words[namespace].get(word.text);
  return term ? term.id : unknownWord(r, word, namespaceNoun[namespace], writtenWords(r, [namespace]));
}

/** Amounts on a card are small; a huge one is a typo (and would lose precision). */
const maxAmount = 99;

export function positive(r: Resolver, n: A.Num, what: string): boolean {
  if (n.value >= 1 && n.value <= maxAmount) return true;
  r.report("S51-E312", n.span, { what, max: maxAmount, value: n.value > 1e6 ? "a number that large" : n.value });
  return false;
}

/** Slots, depots and keep limits: the three-slot rule. */
export function atMostThree(r: Resolver, n: A.Num, what: string, hint?: string): boolean {
  if (n.value >= 1 && n.value <= 3) return true;
  r.report("S51-E306", n.span, { what, range: "1 to 3", value: n.value }, hint);
  return false;
}

/** `x` multiplies tokens whose value matters apart from their count: VP and contact tokens. */
function noMultiplier(r: Resolver, a: A.QuantityAsset, term: Term): boolean {
  if (!a.tokens) return true;
  r.report("S51-E341", a.tokens.span, { word: term.id }, `write "${a.tokens.value * a.amount.value} ${a.word.text}"`);
  return false;
}

const gainTokens = ["worker", "card", "vp", "redevelopment"];

function contactToken(r: Resolver, a: A.ContactAsset): M.Asset | undefined {
  const colour = resolveTerm(r, a.colour, "contactColours");
  const tokens = a.tokens?.value ?? 1;
  if (a.tokens && !positive(r, a.tokens, "the token count")) return undefined;
  if (!colour || !checkRange(r, colour, a.range.value, a.range.span)) return undefined;
  return { kind: "contactToken", colour, range: a.range.value, tokens };
}

/** Contact ranges: 1 to 3, and universal ranges are 1 or 3 (rulebook, "Card icons summary"). */
export function checkRange(r: Resolver, colour: string, range: number, span: A.Span | undefined): boolean {
  const allowed = colour === "universal" ? [1, 3] : [1, 2, 3];
  if (allowed.includes(range)) return true;
  r.report("S51-E308", span, { colour, allowed: allowed.join(" or "), range });
  return false;
}

/** An asset a card gives (gain, produce, once, effects, leader resources), with its scale if it has one (`1 vp per agreement`). */
export function resolveAsset(r: Resolver, a: A.Asset): M.Asset | undefined {
  const asset = a.kind === "contact" ? contactToken(r, a) : quantity(r, a);
  if (a.scale === undefined) return asset;
  if (a.kind === "contact") return asPrinted(r, a.scale, "a contact token", 'give several with "x": "2 x contact conquest 1"');
  const scale = amountPieces.check(a.scale, r);
  return asset && scale ? { ...asset, scale } : undefined;
}

/** An amount that scales (`per …`) where what is written is what is paid or placed: reported at the scale. */
export function asPrinted(r: Resolver, scale: AmountNode, what: string, hint: string): undefined {
  r.report("S51-E333", scale.span, { what, scale: scale.kind }, hint);
  return undefined;
}

function quantity(r: Resolver, a: A.QuantityAsset): M.Asset | undefined {
  const term = lookup(r, a.word, ["resources", "tokens"]);
  if (!term) return unknownWord(r, a.word, "resource or token", writtenWords(r, ["resources", "tokens"], gainTokens));
  if (!positive(r, a.amount, "an amount")) return undefined;
  const amount = a.amount.value;
  if (term.namespace === "resources") return noMultiplier(r, a, term) ? { kind: "resource", resource: term.id, amount } : undefined;
  switch (term.id) {
    case "worker":
      return noMultiplier(r, a, term) ? { kind: "worker", amount } : undefined;
    case "card":
      return noMultiplier(r, a, term) ? { kind: "card", amount } : undefined;
    case "redevelopment":
      return noMultiplier(r, a, term) ? { kind: "redevelopmentToken", amount } : undefined;
    case "vp": {
      if (a.tokens && !positive(r, a.tokens, "the token count")) return undefined;
      if (amount !== 1 && amount !== 2) {
        r.report("S51-E305", a.amount.span, { value: amount }, amount > 2 ? `for ${amount} tokens worth 1 write "${amount} x 1 vp"` : undefined);
        return undefined;
      }
      const tokens = a.tokens?.value ?? 1;
      if (tokens > 3) {
        r.report("S51-E306", a.tokens!.span, { what: "the VP tokens a card holds", range: "1 to 3", value: tokens }, "the three-slot rule");
        return undefined;
      }
      return { kind: "vp", tokens, value: amount };
    }
    default:
      r.report("S51-E342", a.word.span, { word: a.word.text }, `a card gives resources, ${gainTokens.join(", ")} or contact tokens`);
      return undefined;
  }
}

const dealTokens: Record<string, M.DealKind> = { spoils: "spoils", agreement: "agreement", deal: "deal" };

/** Something paid (pay … ->, convert's left side, a contact's price). */
export function resolveCost(r: Resolver, a: A.Asset): M.Cost | undefined {
  if (a.kind === "contact") {
    r.report("S51-E340", a.span, {});
    return undefined;
  }
  if (a.scale) return asPrinted(r, a.scale, "a cost", 'a cost is paid as printed; what a card gives may scale: "-> 1 vp per agreement"');
  const costTokens = ["worker", "card", "spoils", "agreement", "deal"];
  const term = lookup(r, a.word, ["resources", "tokens"]);
  if (!term) return unknownWord(r, a.word, "resource or cost", writtenWords(r, ["resources", "tokens"], costTokens));
  const payable = term.namespace === "resources" || costTokens.includes(term.id);
  if (!payable) {
    r.report("S51-E313", a.word.span, { word: a.word.text }, `a cost is resources, ${costTokens.join(", ")}`);
    return undefined;
  }
  if (!positive(r, a.amount, "an amount") || !noMultiplier(r, a, term)) return undefined;
  const amount = a.amount.value;
  if (term.namespace === "resources") return { kind: "resource", resource: term.id, amount };
  if (term.id === "worker") return { kind: "worker", amount };
  if (term.id === "card") return { kind: "card", amount };
  return { kind: "deal", deal: dealTokens[term.id]!, amount };
}

export function resolveEffect(r: Resolver, e: A.Effect): M.Effect | undefined {
  if (e.kind === "quantity" || e.kind === "contact") return resolveAsset(r, e);
  return effectPieces.check(e, r, (inner) => resolveEffect(r, inner));
}

/** Resolves a list, dropping (already reported) failures; `undefined` if any item failed. */
export function resolveAll<T, U>(items: readonly T[], resolve: (item: T) => U | undefined): U[] | undefined {
  const out = items.map(resolve);
  return out.every((x) => x !== undefined) ? (out as U[]) : undefined;
}

/** What a counted asset is, for spotting it twice in one list; undefined for what may repeat (VP tokens, contact tokens, scaled amounts). */
function countedKey(a: M.Asset): string | undefined {
  if ("scale" in a && a.scale !== undefined) return undefined;
  switch (a.kind) {
    case "resource":
      return `resource ${a.resource}`;
    case "worker":
    case "card":
    case "redevelopmentToken":
      return a.kind;
    case "vp":
    case "contactToken":
      return undefined;
  }
}

/**
 * A list of what a card gives, each resolved, and no counted thing twice:
 * "99 scrap, 99 scrap" would get round the 1 to 99 rule, so it is written
 * once, with the sum.
 */
export function resolveAssets(r: Resolver, items: readonly A.Asset[]): M.Asset[] | undefined {
  const assets = resolveAll(items, (a) => resolveAsset(r, a));
  if (!assets) return undefined;
  const seen = new Set<string>();
  let ok = true;
  assets.forEach((a, i) => {
    const key = countedKey(a);
    if (key === undefined) return;
    if (seen.has(key)) {
      const word = items[i]!.kind === "contact" ? key : (items[i] as A.QuantityAsset).word.text;
      r.report("S51-E347", items[i]!.span, { word }, "add the amounts up in one item (at most 99)");
      ok = false;
    }
    seen.add(key);
  });
  return ok ? assets : undefined;
}
