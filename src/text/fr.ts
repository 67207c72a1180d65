/**
 * French card text, in the French rulebook's words (Butin, Accord, Pillage,
 * Coopération, Rattachement, Reconstruction, PV): "1 jeton de Ferraille",
 * "2 jetons d'Essence". Typography (non-breaking spaces) is applied after.
 */
import type { Asset, Cost, Effect } from "../check/model.js";
import { amountPieces } from "../constructs/amounts/index.js";
import { effectPieces } from "../constructs/effects/index.js";
import type { Vocabulary } from "../check/vocabulary.js";
import type { LanguagePack } from "./packs.js";
import type { Phrasebook } from "./phrasebook.js";
import { frenchTypography } from "./typography.js";
import { splitCosts, splitDrawn, splitEffects } from "./split.js";
import { clauses, deTerm, formFor, joinList, plural, term, termName } from "./words.js";

export function french(v: Vocabulary): Phrasebook {
  const jeton = (n: number): string => (plural("fr", n) === "one" ? "jeton" : "jetons");
  const token = (id: string, n: number): string => `${n} ${termName(term(v, "tokens", id), "fr", n)}`;
  /** "2 jetons d'Essence"; with the resource's own unit word, "2 pièces d'Or". */
  const resource = (id: string, n: number): string => {
    const r = term(v, "resources", id);
    return `${n} ${r.fr.unit ? formFor(r.fr.unit, "fr", n) : jeton(n)} ${deTerm(r)}`;
  };
  /** « jeton Contact de Pillage » (rulebook), but « jeton Contact Universel »: the universal colour is an adjective. */
  const ofColour = (colour: string, n: number): string => {
    const t = term(v, "contactColours", colour);
    return colour === "universal" ? termName(t, "fr", n) : deTerm(t);
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
        // Always the tokens and their value (the rulebook's « jeton de PV d'une valeur de 2 »), one form for
        // every gain: the three-slot rule counts tokens, the score adds values, so « 2 PV » alone would not say which.
        return `${a.tokens} ${jeton(a.tokens)} de ${a.value} PV`;
      case "contactToken":
        return `${a.tokens} ${jeton(a.tokens)} Contact ${ofColour(a.colour, a.tokens)} (Portée ${a.range})`;
    }
  };
  const assets = (list: readonly Asset[]): string => joinList(list.map(asset), "fr");
  const costItems = (list: readonly Cost[]): { paid: string[]; discarded: string[] } => {
    const { paid, discarded } = splitCosts(list);
    return {
      paid: paid.map((c) => (c.kind === "resource" ? asset(c) : token("worker", c.amount))),
      discarded: discarded.map((c) => {
        if (c.kind === "card") return `${token("card", c.amount)} de votre main`;
        // Either kind counts: any mix of the two (« et/ou », as the rulebook writes it).
        const what = c.deal === "spoils" ? "Butins" : c.deal === "agreement" ? "Accords" : c.amount === 1 ? "Butins ou Accords" : "Butins et/ou Accords";
        return `${c.amount} de vos ${what}`;
      }),
    };
  };
  const costs = (list: readonly Cost[], mood: "imperative" | "infinitive" = "imperative"): string => {
    const { paid, discarded } = costItems(list);
    // The rulebook spends Workers and resources: « dépenser un jeton Travailleur ».
    const [pay, discard] = mood === "imperative" ? ["dépensez", "défaussez"] : ["dépenser", "défausser"];
    return clauses("fr", [[pay, paid], [discard, discarded]]);
  };
  // Filled in below: an effect construct's text is said with this phrasebook.
  let book: Phrasebook | undefined;
  const effect = (e: Exclude<Effect, Asset>): string => effectPieces.text(e, book!);
  const gainVerbs = (verb: string) => (list: readonly Asset[]): string => {
    const { gained, drawn } = splitDrawn(list);
    return clauses("fr", [[verb, gained.map(asset)], ["piochez", drawn.map(asset)]]);
  };
  const gain = gainVerbs("gagnez");
  /** Verb phrases: "volez 1 jeton de Ressource à un adversaire et gagnez 1 PV". */
  const effects = (list: readonly Effect[]): string => {
    const { gains, others } = splitEffects(list);
    return joinList([...others.map(effect), ...(gains.length ? [gain(gains)] : [])], "fr");
  };
  book = {
    lang: "fr",
    vocabulary: v,
    token,
    asset,
    anyResource: (n) => `${n} ${jeton(n)} de Ressource`,
    assets,
    costs: (list) => costs(list),
    costsInfinitive: (list) => costs(list, "infinitive"),
    effects,
    gain,
    produce: gainVerbs("produisez"),
    exchange: (cost, list) => `${costs(cost)} → ${effects(list)}`,
    baseSlots: (n) => `Peut accueillir jusqu'à ${n} Butins et/ou Accords.`,
    contact: (c) => {
      // « Portée de Pillage », and one form for the universal one, capitalised as the colours are.
      const range = c.colour === "universal" ? "Portée Universelle" : `Portée ${deTerm(term(v, "contactColours", c.colour))}`;
      const { paid, discarded } = costItems(c.price);
      const price = c.price.length ? ` Coût : ${joinList([...paid, ...discarded], "fr")}.` : " Sans coût.";
      const use = c.use === "permanent" ? " Permanente : utilisable une fois par tour." : " À usage unique : défaussée une fois utilisée.";
      return `${range} ${c.range}.${price}${use}`;
    },
    leaderResources: (list) => `Entre en jeu avec ${assets(list)} dessus.`,
    pattern: (p) => ({ action: "Action", "open-production": "Production publique", "closed-production": "Production privée", trait: "Capacité" })[p],
    kind: (k) => ({ base: "Base", contact: "Contact", leader: "Leader", location: "Lieu" })[k],
  };
  return book;
}

export const frenchPack: LanguagePack<"fr"> = {
  lang: "fr",
  phrasebook: french,
  typography: frenchTypography,
  partLabels: { spoils: "Butin", agreement: "Accord", ability: "Capacité", production: "Production", contact: "Contact", resources: "Ressources" },
  distanceWord: "Distance",
  setTitle: "51st State — texte des cartes",
  exampleSetTitle: "51st State — texte des cartes de l'extension d'exemple",
};
