/**
 * `after conquer -> 1 vp`, `after play scrap card -> 1 vp`,
 * `after incorporate distance 3 -> 1 fuel`, `after play as location -> 1 scrap`,
 * `after production -> 1 fuel`, `after pass -> 1 vp`: gains when its owner
 * does something. It is a Leader's triggered ability (rulebook: "After
 * fulfilling requirement X, receive Y") and, in an expansion, a trait of a
 * trait Location. Either fires for its owner only while the card is in play,
 * never for the event that brings it into play (ruling 36 in
 * docs/engine-rulings.md); a Leader's gains go on the Leader, a Location's on
 * the Location (its VP, at most 3; resources to the pool unless it keeps them).
 *
 * The events: a Location played, in one of the four ways or any (`play`),
 * narrowed by the card's type (`scrap card`), its distance (`distance 3`) and,
 * for `play`, the way it is played (`as spoils`, `as agreement`, `as location`);
 * the owner's Production; the owner passing in the Actions phase.
 */
import type { CstNode, IToken } from "chevrotain";
import type { Asset, Num, Span, Word } from "../../../grammar/ast.js";
import { num, tokens, word } from "../../../grammar/cst.js";
import { Arrow, Card, Integer, Redevelop, Word as WordToken, keyword } from "../../../grammar/tokens.js";
import type { Asset as AssetModel } from "../../check/model.js";
import { resolveTerm, type Resolver, resolveAssets } from "../../check/resolve.js";
import { int, object, str, type Expr } from "../../compiler/code.js";
import { gainsFunction } from "../../compiler/emit-abilities.js";
import { didYouMean } from "../../diagnostics/suggest.js";
import type { Gains } from "../../engine/definitions.js";
import { stepsOf } from "../../engine/facts.js";
import type { GainStep } from "../../engine/tasks.js";
import type { Sayings } from "../../text/phrasebook.js";
import { term, termName } from "../../text/words.js";
import { aTypeEn, typeFr } from "../card-type-text.js";
import type { TraitConstruct } from "../construct.js";

/** The four ways a Location card comes into play ("There are four ways of putting Location cards into play"). */
export type PlayedBy = "conquer" | "cooperate" | "incorporate" | "redevelop";
/** What a card is played as: "SPOILS", "AGREEMENTS", "LOCATIONS" (by Incorporation or Redevelopment). */
export type Way = "spoils" | "agreement" | "location";
type QualifierKind = "type" | "distance" | "way";

/** Each event, and the qualifiers it may take. The base vocabulary's `triggers` give their words and printed names. */
const events = {
  conquer: ["type", "distance"],
  cooperate: ["type", "distance"],
  incorporate: ["type", "distance"],
  redevelop: ["type", "distance"],
  play: ["type", "distance", "way"],
  production: [],
  pass: [],
} as const satisfies Record<string, readonly QualifierKind[]>;

export type TriggerEvent = keyof typeof events;
export const triggerEvents = Object.keys(events) as TriggerEvent[];

const ways: readonly Way[] = ["spoils", "agreement", "location"];

/** The way each of the four plays puts the card into play: what `as …` after it would only repeat. */
const wayOf: Record<PlayedBy, Way> = { conquer: "spoils", cooperate: "agreement", incorporate: "location", redevelop: "location" };

/** A trigger as checked and as compiled (plain data): only the qualifiers written are present. */
export interface Trigger {
  readonly kind: TriggerEvent;
  readonly cardType?: string;
  readonly distance?: 1 | 2 | 3;
  readonly as?: Way;
}

/** `scrap card`, `distance 3`, `as location`, told apart by what follows the first word (a card, a number, a word). */
export type QualifierNode =
  | { readonly kind: "type"; readonly cardType: Word; readonly span: Span }
  | { readonly kind: "distance"; readonly word: Word; readonly amount: Num; readonly span: Span }
  | { readonly kind: "way"; readonly word: Word; readonly way: Word; readonly span: Span };

export interface AfterNode {
  readonly kind: "after";
  readonly event: Word;
  readonly qualifiers: readonly QualifierNode[];
  readonly gains: readonly Asset[];
  readonly span: Span;
}

export interface AfterModel {
  readonly kind: "after";
  readonly trigger: Trigger;
  readonly gains: readonly AssetModel[];
}

export interface AfterDef {
  readonly kind: "after";
  readonly trigger: Trigger;
  readonly gains: Gains;
}

// ---- syntax ------------------------------------------------------------------

function spanOfTokens(first: IToken, last: IToken): Span {
  return { start: first.startOffset, end: last.startOffset + last.image.length };
}

function qualifier(head: IToken, arg: IToken): QualifierNode {
  const span = spanOfTokens(head, arg);
  if (arg.tokenType === Card) return { kind: "type", cardType: word(head), span };
  if (arg.tokenType === Integer) return { kind: "distance", word: word(head), amount: num(arg), span };
  return { kind: "way", word: word(head), way: word(arg), span };
}

/** The rule's tokens before `->` in the order written: the event, then each qualifier's two. */
function written(node: CstNode): IToken[] {
  return ["Redevelop", "Word", "Card", "Integer"].flatMap((key) => tokens(node.children, key)).sort((a, b) => a.startOffset - b.startOffset);
}

// ---- checks ------------------------------------------------------------------

const qualifierNames: Record<QualifierKind, string> = { type: "card type", distance: "distance", way: "way of playing (as …)" };

function isEvent(id: string): id is TriggerEvent {
  return Object.hasOwn(events, id);
}

function isPlayedBy(e: TriggerEvent): e is PlayedBy {
  return e === "conquer" || e === "cooperate" || e === "incorporate" || e === "redevelop";
}

function event(r: Resolver, w: Word): TriggerEvent | undefined {
  const id = resolveTerm(r, w, "triggers");
  if (id === undefined || isEvent(id)) return id;
  r.report("S51-E301", w.span, { what: "trigger", word: id }, didYouMean(id, triggerEvents) ?? `triggers: ${triggerEvents.join(", ")}`);
  return undefined;
}

/** The first word of `distance 3` and `as location` is the qualifier's own; anything else is a misspelling. */
function knownHead(r: Resolver, q: QualifierNode): boolean {
  if (q.kind === "type") return true;
  const [expected, example] = q.kind === "distance" ? ["distance", "distance 3"] : ["as", "as location"];
  if (q.word.text === expected) return true;
  r.report("S51-E301", q.word.span, { what: "trigger qualifier", word: q.word.text }, didYouMean(q.word.text, [expected]) ?? `write "${example}"`);
  return false;
}

/**
 * A qualifier the event cannot take: a way after one of the four plays (each
 * has its own), anything after production or pass (`play` takes them all).
 */
function misfit(r: Resolver, e: TriggerEvent, q: QualifierNode): void {
  if (isPlayedBy(e)) {
    r.report("S51-E328", q.span, { event: e, qualifier: "way of playing", why: `it always plays the card ${en.as[wayOf[e]]}` }, `to trigger on a way of playing, write "after play ${ways.map((w) => `as ${w}`).join('", "')}"`);
    return;
  }
  const when = e === "pass" ? "each time you pass" : "after each of your Productions";
  r.report("S51-E328", q.span, { event: e, qualifier: "qualifier", why: `it fires ${when}` }, "card types, distances and ways qualify conquer, cooperate, incorporate, redevelop and play");
}

function distance(r: Resolver, n: Num): 1 | 2 | 3 | undefined {
  if (n.value === 1 || n.value === 2 || n.value === 3) return n.value;
  r.report("S51-E329", n.span, { value: n.value }, "a Location's distance is 1 to 3");
  return undefined;
}

function way(r: Resolver, w: Word): Way | undefined {
  const found = ways.find((x) => x === w.text);
  if (found) return found;
  r.report("S51-E301", w.span, { what: "way of playing", word: w.text }, didYouMean(w.text, ways) ?? `a card is played as ${ways.join(", ")}`);
  return undefined;
}

/** The qualifiers resolved so far (a wrong one is left undefined, and reported). */
interface Qualifiers {
  cardType?: string | undefined;
  distance?: 1 | 2 | 3 | undefined;
  as?: Way | undefined;
}

/** Resolves one qualifier's value into `out`: false if it is wrong (reported). */
function resolveValue(r: Resolver, q: QualifierNode, out: Qualifiers): boolean {
  switch (q.kind) {
    case "type":
      return (out.cardType = resolveTerm(r, q.cardType, "cardTypes")) !== undefined;
    case "distance":
      return (out.distance = distance(r, q.amount)) !== undefined;
    case "way":
      return (out.as = way(r, q.way)) !== undefined;
  }
}

/** Each qualifier: known, once, fitting its event (when that is known), its value resolved. */
function qualifiers(r: Resolver, e: TriggerEvent | undefined, list: readonly QualifierNode[]): Qualifiers | undefined {
  const out: Qualifiers = {};
  const seen = new Set<QualifierKind>();
  let ok = true;
  for (const q of list) {
    if (!knownHead(r, q)) {
      ok = false;
      continue;
    }
    if (seen.has(q.kind)) {
      r.report("S51-E311", q.span, { what: `the trigger's ${qualifierNames[q.kind]}` }, "a trigger has one of each qualifier");
      ok = false;
      continue;
    }
    seen.add(q.kind);
    if (e !== undefined && !(events[e] as readonly QualifierKind[]).includes(q.kind)) {
      misfit(r, e, q);
      ok = false;
      continue;
    }
    if (!resolveValue(r, q, out)) ok = false;
  }
  return ok ? out : undefined;
}

/** The trigger with its qualifiers in one order, only those written (the compiled data's shape). */
function trigger(e: TriggerEvent, q: Qualifiers): Trigger {
  return {
    kind: e,
    ...(q.cardType !== undefined ? { cardType: q.cardType } : {}),
    ...(q.distance !== undefined ? { distance: q.distance } : {}),
    ...(q.as !== undefined ? { as: q.as } : {}),
  };
}

// ---- code --------------------------------------------------------------------

function triggerCode(t: Trigger): Expr {
  const fields: [string, Expr][] = [["kind", str(t.kind)]];
  if (t.cardType !== undefined) fields.push(["cardType", str(t.cardType)]);
  if (t.distance !== undefined) fields.push(["distance", int(t.distance)]);
  if (t.as !== undefined) fields.push(["as", str(t.as)]);
  return object(fields);
}

// ---- text --------------------------------------------------------------------
//
// Every trigger says who does what ("Whenever you Conquer …", « Chaque fois que
// vous effectuez un Pillage … »), then the gain as a verb: the rulebook's
// "After fulfilling requirement X, receive Y", with its own verbs and nouns.

/** "a Location", "a Scrap card", "a Location of distance 3", "an Oil card of distance 3"; "a card" where the way it is played follows. */
function cardEn(t: Trigger, say: Sayings): string {
  const card = t.cardType !== undefined ? `${aTypeEn(say, t.cardType)} card` : t.as === undefined ? "a Location" : "a card";
  return t.distance === undefined ? card : `${card} of distance ${t.distance}`;
}

/** « une carte Lieu », « une carte de type « Ferraille » », « une carte Lieu de Distance 3 »; « une carte » where the way it is played follows. */
function cardFr(t: Trigger, say: Sayings): string {
  const card = t.cardType !== undefined ? `une carte de type ${typeFr(say, t.cardType)}` : t.as === undefined ? "une carte Lieu" : "une carte";
  return t.distance === undefined ? card : `${card} de Distance ${t.distance}`;
}

const qualified = (t: Trigger): boolean => t.cardType !== undefined || t.distance !== undefined;

const en = {
  /** The rulebook's verbs for the four plays, before the card played. */
  verb: { conquer: "Conquer", cooperate: "Cooperate with", incorporate: "Incorporate", redevelop: "Redevelop into" },
  as: { spoils: "as Spoils", agreement: "as an Agreement", location: "as a Location" },
} as const satisfies { verb: Record<PlayedBy, string>; as: Record<Way, string> };

const fr = {
  /** After « un Pillage »: every card phrase starts « une carte », so « de » is always elided. */
  of: { conquer: "d'", cooperate: "avec ", incorporate: "d'", redevelop: "qui met en jeu " },
  as: { spoils: "en tant que Butin", agreement: "en tant qu'Accord", location: "en tant que Territoire" },
} as const satisfies { of: Record<PlayedBy, string>; as: Record<Way, string> };

function whenEn(t: Trigger, say: Sayings): string {
  switch (t.kind) {
    case "conquer":
    case "cooperate":
    case "incorporate":
      return `Whenever you ${en.verb[t.kind]} ${cardEn(t, say)}`;
    case "redevelop":
      return qualified(t) ? `Whenever you ${en.verb.redevelop} ${cardEn(t, say)}` : "Whenever you Redevelop a Location";
    case "play":
      return `Whenever you play ${cardEn(t, say)}${t.as ? ` ${en.as[t.as]}` : ""}`;
    case "production":
      return `Each Production phase, after your ${termName(term(say.vocabulary, "triggers", t.kind), "en")}`;
    case "pass":
      return "When you pass in the Actions phase";
  }
}

function whenFr(t: Trigger, say: Sayings): string {
  const name = term(say.vocabulary, "triggers", t.kind);
  switch (t.kind) {
    case "conquer":
    case "cooperate":
    case "incorporate":
    case "redevelop": {
      const event = `${name.fr.gender === "feminine" ? "une" : "un"} ${termName(name, "fr")}`;
      return `Chaque fois que vous effectuez ${event}${qualified(t) ? ` ${fr.of[t.kind]}${cardFr(t, say)}` : ""}`;
    }
    case "play":
      return `Chaque fois que vous jouez ${cardFr(t, say)}${t.as ? ` ${fr.as[t.as]}` : ""}`;
    case "production":
      return `À chaque phase de Production, après votre ${termName(name, "fr")}`;
    case "pass":
      return "Quand vous passez pendant la phase d'Actions";
  }
}

// ---- engine ------------------------------------------------------------------

/** One bit per way a Location comes into play; a trigger fires for the bits it holds. */
const playedBit: Record<PlayedBy, number> = { conquer: 1, cooperate: 2, incorporate: 4, redevelop: 8 };
const wayBits: Record<Way, number> = { spoils: playedBit.conquer, agreement: playedBit.cooperate, location: playedBit.incorporate | playedBit.redevelop };
const anyWay = wayBits.spoils | wayBits.agreement | wayBits.location;

/** What happened to a player: a Location played (how, its types, its distance), their Production done, their pass. */
export type GameEvent =
  | { readonly on: "play"; readonly by: PlayedBy; readonly types: readonly string[]; readonly distance: number }
  | { readonly on: "production" | "pass" };

/** A trigger as the engine reads it, made once per card set: whether an event sets it off, and what it gives. */
export interface TriggerFact {
  readonly fires: (e: GameEvent) => boolean;
  readonly steps: readonly GainStep[];
}

function triggerFact(def: AfterDef): TriggerFact {
  const t = def.trigger;
  const steps = stepsOf(def.gains);
  if (t.kind === "production" || t.kind === "pass") {
    const on = t.kind;
    return Object.freeze({ fires: (e: GameEvent) => e.on === on, steps });
  }
  const ways = t.kind === "play" ? (t.as === undefined ? anyWay : wayBits[t.as]) : playedBit[t.kind];
  const { cardType, distance } = t;
  const fires = (e: GameEvent): boolean =>
    e.on === "play" && (ways & playedBit[e.by]) !== 0 && (cardType === undefined || e.types.includes(cardType)) && (distance === undefined || distance === e.distance);
  return Object.freeze({ fires, steps });
}

// ---- the construct -------------------------------------------------------------

type AfterConstruct = TraitConstruct<"after", AfterNode, AfterModel, AfterDef>;

export const after: AfterConstruct = {
  kind: "after",
  example: "after conquer -> 1 fuel",
  keyword: keyword("After", "after"),
  grammar: (g) => {
    g.or([() => g.consume(Redevelop), () => g.consume(WordToken)]);
    g.many(() => {
      g.consume(WordToken, 2);
      g.or([() => g.consume(Card), () => g.consume(Integer), () => g.consume(WordToken, 3)], 2);
    });
    g.consume(Arrow);
    g.subrule("assetList");
  },
  build: (node, span, kit) => {
    const [event, ...rest] = written(node);
    const qualifiers: QualifierNode[] = [];
    for (let i = 0; i + 1 < rest.length; i += 2) qualifiers.push(qualifier(rest[i]!, rest[i + 1]!));
    return { kind: "after", event: word(event!), qualifiers, gains: kit.assetList(node), span };
  },
  check: (s, r) => {
    const e = event(r, s.event);
    const q = qualifiers(r, e, s.qualifiers);
    const gains = resolveAssets(r, s.gains);
    return e && q && gains ? { kind: "after", trigger: trigger(e, q), gains } : undefined;
  },
  emit: (m) => object([["kind", str("after")], ["trigger", triggerCode(m.trigger)], ["gains", gainsFunction(m.gains)]]),
  text: {
    en: (m, say) => `${whenEn(m.trigger, say)}, ${say.effects(m.gains)}.`,
    fr: (m, say) => `${whenFr(m.trigger, say)}, ${say.effects(m.gains)}.`,
  },
  engine: (def, _trait, facts) => {
    facts.triggers.push(triggerFact(def));
  },
};
