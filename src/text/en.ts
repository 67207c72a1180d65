/** English card text, in the rulebook's words. */
import type { Asset, Cost, Effect } from "../check/model.js";
import { amountPieces } from "../constructs/amounts/index.js";
import { effectPieces } from "../constructs/effects/index.js";
import type { Vocabulary } from "../check/vocabulary.js";
import type { LanguagePack } from "./packs.js";
import type { Phrasebook } from "./phrasebook.js";
import { splitCosts, splitDrawn, splitEffects } from "./split.js";
import { clauses, formFor, joinList, term, termName } from "./words.js";

export function english(v: Vocabulary): Phrasebook {
  const token = (id: string, n: number): string => `${n} ${termName(term(v, "tokens", id), "en", n)}`;
  /** "3 Scrap"; with a unit word, "3 barrels of Water". */
  const resource = (id: string, n: number): string => {
    const r = term(v, "resources", id);
    return r.en.unit ? `${n} ${formFor(r.en.unit, "en", n)} of ${termName(r, "en")}` : `${n} ${termName(r, "en", n)}`;
  };
  const asset = (a: Asset): string => (a.scale ? `${printed(a)} ${amountPieces.text(a.scale, book!)}` : printed(a));
  const printed = (a: Asset): string => {
    switch (a.kind) {
      case "resource":
        return resource(a.resource, a.amount);
      case "worker":
        return token("worker", a.amount);
      case "card":
        return token("card", a.amount);
      case "redevelopmentToken":
        return token("redevelopment", a.amount);
      case "vp":
        // Always the tokens and their value (the rulebook's "VP token with a value of 2"), one form for every
        // gain: the three-slot rule counts tokens, the score adds values, so "2 VP" alone would not say which.
        return `${a.tokens} VP token${a.tokens === 1 ? "" : "s"} worth ${a.value}${a.tokens === 1 ? "" : " each"}`;
      case "contactToken": {
        const colour = termName(term(v, "contactColours", a.colour), "en");
        return `${a.tokens} ${colour} Contact token${a.tokens === 1 ? "" : "s"} (Range ${a.range})`;
      }
    }
  };
  const assets = (list: readonly Asset[]): string => joinList(list.map(asset), "en");
  const costItems = (list: readonly Cost[]): { paid: string[]; discarded: string[] } => {
    const { paid, discarded } = splitCosts(list);
    return {
      paid: paid.map((c) => (c.kind === "resource" ? asset(c) : token("worker", c.amount))),
      discarded: discarded.map((c) => {
        if (c.kind === "card") return `${token("card", c.amount)} from your hand`;
        // Either kind counts: any mix of the two.
        const what = c.deal === "spoils" ? "Spoils" : c.deal === "agreement" ? "Agreements" : c.amount === 1 ? "Spoils or Agreements" : "Spoils and/or Agreements";
        return `${c.amount} of your ${what}`;
      }),
    };
  };
  const costs = (list: readonly Cost[]): string => {
    const { paid, discarded } = costItems(list);
    // The rulebook spends Workers and resources: "spend one Worker token".
    return clauses("en", [["spend", paid], ["discard", discarded]]);
  };
  // Filled in below: an effect construct's text is said with this phrasebook.
  let book: Phrasebook | undefined;
  const effect = (e: Exclude<Effect, Asset>): string => effectPieces.text(e, book!);
  const gainVerbs = (verb: string) => (list: readonly Asset[]): string => {
    const { gained, drawn } = splitDrawn(list);
    return clauses("en", [[verb, gained.map(asset)], ["draw", drawn.map(asset)]]);
  };
  const gain = gainVerbs("gain");
  /** Verb phrases: "steal 1 resource from an opponent and gain 1 VP". */
  const effects = (list: readonly Effect[]): string => {
    const { gains, others } = splitEffects(list);
    return joinList([...others.map(effect), ...(gains.length ? [gain(gains)] : [])], "en");
  };
  book = {
    lang: "en",
    vocabulary: v,
    token,
    asset,
    anyResource: (n) => token("resource", n),
    assets,
    costs,
    costsInfinitive: costs,
    effects,
    gain,
    produce: gainVerbs("produce"),
    exchange: (cost, list) => `${costs(cost)} → ${effects(list)}`,
    baseSlots: (n) => `Holds up to ${n} Spoils and/or Agreements.`,
    contact: (c) => {
      const colour = termName(term(v, "contactColours", c.colour), "en");
      const { paid, discarded } = costItems(c.price);
      const price = c.price.length ? ` Cost: ${joinList([...paid, ...discarded], "en")}.` : " No cost.";
      const use = c.use === "permanent" ? " Permanent: usable once per turn." : " One-time: discarded once used.";
      return `${colour} Range ${c.range}.${price}${use}`;
    },
    leaderResources: (list) => `Comes into play with ${assets(list)} on it.`,
    pattern: (p) => ({ action: "Action", "open-production": "Open production", "closed-production": "Closed production", trait: "Trait" })[p],
    kind: (k) => ({ base: "Base", contact: "Contact", leader: "Leader", location: "Location" })[k],
  };
  return book;
}

export const englishPack: LanguagePack<"en"> = {
  lang: "en",
  phrasebook: english,
  typography: (text) => text,
  partLabels: { spoils: "Spoils", agreement: "Agreement", ability: "Ability", production: "Production", contact: "Contact", resources: "Resources" },
  distanceWord: "Distance",
  setTitle: "51st State — card text",
  exampleSetTitle: "51st State — card text of the example expansion",
};
