/**
 * `gain 1 vp per agreement`, `produce 1 fuel per scrap card`,
 * `gain 1 scrap per opponent`, `gain 1 card per 2 fuel`: an amount that
 * scales with a count, taken when the gain is given, for the player who gets
 * it. What may be counted: the player's Locations of a card type
 * (`per scrap card`), their Spoils, Agreements or both (`per spoils`,
 * `per agreement`, `per deal`), their Locations (`per location`), their Leader
 * (`per leader`: one if they have one), the resource tokens they hold
 * (`per fuel`; `per resource`, of any kind), and their opponents
 * (`per opponent`). `per 2 …` gives once for every two. A scaled VP gain
 * gives at most 3 tokens at a time, and where VP land on a card, no more
 * than the card has room for (ruling 38 in docs/engine-rulings.md).
 */
import type { IToken } from "chevrotain";
import type { Num, Span, Word } from "../../../grammar/ast.js";
import { num, tokens, word } from "../../../grammar/cst.js";
import { Card, Integer, Opponent, Signed, Word as WordToken, keyword } from "../../../grammar/tokens.js";
import { lookup, resolveTerm, unknownWord, writtenWords, type Resolver } from "../../check/resolve.js";
import { int, object, str, type Expr } from "../../compiler/code.js";
import { countResources } from "../../engine/state.js";
import { available } from "../../engine/tokens.js";
import type { Sayings } from "../../text/phrasebook.js";
import { plural } from "../../text/words.js";
import { typeEn, typeFr } from "../card-type-text.js";
import type { AmountConstruct, CountAt, CountedPlayer } from "../amount.js";

export const Per = keyword("Per", "per");

/** `2` in `per 2 agreements`; `signed` when written `+2` or `-1` (a count has no sign). */
export interface EveryNum extends Num {
  readonly signed: boolean;
}

export interface PerNode {
  readonly kind: "per";
  /** One gain for every this many; absent, for each one. */
  readonly every?: EveryNum;
  /** What is counted, as written: `agreement`, `fuel`, `opponent`, `location`, or the card type of `scrap card`. */
  readonly word: Word;
  /** The `card` of `per scrap card`. */
  readonly card?: Word;
  readonly span: Span;
}

/** What a count counts, of the player who gets the gain (`resource` "any": resource tokens of every kind). */
export type Countable =
  | { readonly of: "cards"; readonly cardType: string }
  | { readonly of: "deals"; readonly deal: "spoils" | "agreement" | "deal" }
  | { readonly of: "locations" }
  | { readonly of: "leader" }
  | { readonly of: "resources"; readonly resource: string }
  | { readonly of: "opponents" };

export type CountableKind = Countable["of"];

/** How each is written, for hints; keyed by the union, so a new countable without its words does not compile. */
const writtenAs: { readonly [K in CountableKind]: string } = {
  cards: "<card type> card",
  deals: "spoils, agreement or deal",
  locations: "location",
  leader: "leader",
  resources: "<resource> or resource",
  opponents: "opponent",
};

export const countableKinds = Object.keys(writtenAs) as CountableKind[];

export type PerModel = { readonly kind: "per"; readonly every: number } & Countable;
export type PerData = PerModel;

/** `per 11 fuel` is a typo more likely than a card. */
const maxEvery = 10;

/** The language's own words for what has no vocabulary entry. */
const ownWords: Readonly<Record<string, Countable>> = {
  location: { of: "locations" },
  locations: { of: "locations" },
  leader: { of: "leader" },
  leaders: { of: "leader" },
};

const countsHint = `per counts: ${Object.values(writtenAs).join("; ")}`;

// ---- checks ------------------------------------------------------------------

function every(r: Resolver, node: PerNode): number | undefined {
  const n = node.every;
  if (n === undefined) return 1;
  if (!n.signed && n.value >= 1 && n.value <= maxEvery) return n.value;
  const what = [node.word.text, ...(node.card ? [node.card.text] : [])].join(" ");
  const count = `${n.signed && n.value > 0 ? "+" : ""}${n.value}`;
  r.report("S51-E339", n.span, { count, what, range: `1 to ${maxEvery}, written without a sign` }, `write "per 2 ${what}" for one in every 2, or leave the number out for each one`);
  return undefined;
}

function uncountable(r: Resolver, w: Word, why: string, hint: string): undefined {
  r.report("S51-E334", w.span, { word: w.text, why }, hint);
  return undefined;
}

/** What `per <word>` counts: the language's own words first, then the vocabulary's (a resource before a card type: `per scrap` is Scrap tokens). */
function countable(r: Resolver, n: PerNode): Countable | undefined {
  const w = n.word;
  if (n.card) {
    const cardType = resolveTerm(r, w, "cardTypes");
    return cardType === undefined ? undefined : { of: "cards", cardType };
  }
  if (w.text === "opponent" || w.text === "opponents") return { of: "opponents" };
  // Own keys only: `per constructor` or `per toString` is not a word of the language, whatever Object holds.
  if (Object.hasOwn(ownWords, w.text)) return ownWords[w.text];
  const t = lookup(r, w, ["resources", "tokens", "cardTypes"]);
  if (t === undefined) return unknownWord(r, w, "thing to count", [...Object.keys(ownWords), "opponent", ...writtenWords(r, ["resources"]), "resource", "spoils", "agreement", "deal"]);
  if (t.namespace === "resources") return { of: "resources", resource: t.id };
  if (t.namespace === "cardTypes") return uncountable(r, w, " alone: it is a card type", `to count Locations of a card type, write "per ${w.text} card"`);
  switch (t.id) {
    case "resource":
      return { of: "resources", resource: "any" };
    case "spoils":
    case "agreement":
    case "deal":
      return { of: "deals", deal: t.id };
    case "card":
      return uncountable(r, w, " without a card type", 'name a card type ("per scrap card"), or count every Location ("per location")');
    default:
      return uncountable(r, w, "", countsHint);
  }
}

/** The most a player can have of some countables: a `per N` past it never gives. */
function reachable(r: Resolver, n: PerNode, c: Countable, times: number): boolean {
  const what = [n.word.text, ...(n.card ? [n.card.text] : [])].join(" ");
  if (c.of === "leader" && times > 1) r.report("S51-E339", n.every!.span, { count: times, what, range: "1: a player has at most 1 Leader" }, 'write "per leader"');
  else if (c.of === "opponents" && times > 3) r.report("S51-E339", n.every!.span, { count: times, what, range: "1 to 3: a game has at most 3 opponents" }, 'write "per opponent", or at most "per 3 opponents"');
  else return true;
  return false;
}

// ---- code ---------------------------------------------------------------------

function countableFields(c: Countable): [string, Expr][] {
  switch (c.of) {
    case "cards":
      return [["cardType", str(c.cardType)]];
    case "deals":
      return [["deal", str(c.deal)]];
    case "resources":
      return [["resource", str(c.resource)]];
    case "locations":
    case "leader":
    case "opponents":
      return [];
  }
}

// ---- text ---------------------------------------------------------------------

/** What is counted, by one (`Agreement`) or by N (`2 Agreements`): the phrasebook says a count with its number, and by one it goes. */
function unit(counted: (n: number) => string, n: number): string {
  const said = counted(n);
  return n === 1 ? said.replace(/^1 /, "") : said;
}

function resources(m: PerModel & { readonly of: "resources" }, say: Sayings): string {
  return unit((n) => (m.resource === "any" ? say.anyResource(n) : say.asset({ kind: "resource", resource: m.resource, amount: n })), m.every);
}

/** "per Agreement you have", "for every 2 Scrap Locations in your play area". */
function english(m: PerModel, say: Sayings): string {
  const lead = m.every === 1 ? "per" : "for every";
  switch (m.of) {
    case "cards":
      // Locations in play only, as the engine counts them (ruling 39).
      return `${lead} ${m.every === 1 ? "" : `${m.every} `}${typeEn(say, m.cardType)} Location${plural("en", m.every) === "one" ? "" : "s"} in your play area`;
    case "deals":
      return `${lead} ${unit((n) => say.token(m.deal, n), m.every)} you have`;
    case "locations":
      return `${lead} ${unit((n) => `${n} Location${plural("en", n) === "one" ? "" : "s"}`, m.every)} in your play area`;
    case "leader":
      return "if you have a Leader";
    case "resources":
      return `${lead} ${resources(m, say)} you have`;
    case "opponents":
      return `${lead} ${unit((n) => `${n} opponent${plural("en", n) === "one" ? "" : "s"}`, m.every)}`;
  }
}

/** "par Accord que vous possédez", "par tranche de 2 Territoires de type « Ferraille » dans votre zone de jeu". */
function french(m: PerModel, say: Sayings): string {
  const lead = m.every === 1 ? "par" : "par tranche de";
  switch (m.of) {
    case "cards":
      return `${lead} ${unit((n) => `${n} Territoire${plural("fr", n) === "one" ? "" : "s"}`, m.every)} de type ${typeFr(say, m.cardType)} dans votre zone de jeu`;
    case "deals":
      return `${lead} ${unit((n) => say.token(m.deal, n), m.every)} que vous possédez`;
    case "locations":
      return `${lead} ${unit((n) => `${n} Territoire${plural("fr", n) === "one" ? "" : "s"}`, m.every)} dans votre zone de jeu`;
    case "leader":
      return "si vous avez un Leader";
    case "resources":
      return `${lead} ${resources(m, say)} que vous possédez`;
    case "opponents":
      return `${lead} ${unit((n) => `${n} adversaire${plural("fr", n) === "one" ? "" : "s"}`, m.every)}`;
  }
}

// ---- engine -------------------------------------------------------------------

function typesOf(at: CountAt, card: string): readonly string[] {
  const def = at.cards.byId.get(card);
  return def?.kind === "location" ? def.types : [];
}

/** Every resource token the player holds, of any kind (the stores `available` reads). */
function held(p: CountedPlayer): number {
  let n = countResources(p.pool.resources);
  if (p.leader) n += countResources(p.leader.resources);
  if (p.power) n += countResources(p.power.depot);
  for (const l of p.locations) n += countResources(l.resources) + countResources(l.depot);
  return n;
}

function count(c: Countable, at: CountAt): number {
  const p = at.players[at.seat]!;
  switch (c.of) {
    case "cards": {
      let n = 0;
      for (const l of p.locations) if (typesOf(at, l.card).includes(c.cardType)) n++;
      return n;
    }
    case "deals": {
      let n = 0;
      for (const d of p.baseDeals) if (c.deal === "deal" || d.kind === c.deal) n++;
      for (const l of p.locations) for (const d of l.deals) if (c.deal === "deal" || d.kind === c.deal) n++;
      return n;
    }
    case "locations":
      return p.locations.length;
    case "leader":
      return p.leader ? 1 : 0;
    case "resources":
      return c.resource === "any" ? held(p) : available(p, c.resource);
    case "opponents":
      return at.players.length - 1;
  }
}

function everyOf(tok: IToken | undefined): { every?: EveryNum } {
  return tok ? { every: { ...num(tok), signed: tok.tokenType === Signed } } : {};
}

export const per: AmountConstruct<"per", PerNode, PerModel, PerData> = {
  kind: "per",
  example: "1 vp per agreement",
  keyword: Per,
  words: [Per, Opponent],
  grammar: (g) => {
    g.option(() => g.oneOf([Integer, Signed], "every"));
    g.or(
      [
        () => g.consume(Opponent),
        () => g.consume(Card),
        () => {
          g.consume(WordToken);
          g.option(() => g.consume(Card, 2), 2);
        },
      ],
      2,
    );
  },
  build: (node, span) => {
    const c = node.children;
    const [counted] = [...tokens(c, "Opponent"), ...tokens(c, "Word"), ...tokens(c, "Card")];
    const card = tokens(c, "Word").length > 0 ? tokens(c, "Card")[0] : undefined;
    return { kind: "per", ...everyOf(tokens(c, "every")[0]), word: word(counted!), ...(card ? { card: word(card) } : {}), span };
  },
  check: (n, r) => {
    const times = every(r, n);
    const c = countable(r, n);
    if (times === undefined || c === undefined || !reachable(r, n, c, times)) return undefined;
    return { kind: "per", every: times, ...c };
  },
  emit: (m) => object([["kind", str("per")], ["of", str(m.of)], ...countableFields(m), ["every", int(m.every)]]),
  text: { en: english, fr: french },
  engine: { times: (d, at) => Math.floor(count(d, at) / d.every) },
};
