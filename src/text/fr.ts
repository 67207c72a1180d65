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
import { splitCosts, splitEffects } from "./split.js";
import { clauses, deTerm, formFor, joinList, plural, term, termName } from "./words.js";

export function french(v: Vocabulary): Phrasebook {
  const jeton = (n: number): string => (plural("fr", n) === "one" ? "jeton" : "jetons");
  const token = (id: string, n: number): string => `${n} ${termName(term(v, "tokens", id), "fr", n)}`;
  /** "2 jetons d'Essence"; with the resource's own unit word, "2 pièces d'Or". */
  const resource = (id: string, n: number): string => {
    const r = term(v, "resources", id);
    return `${n} ${r.fr.unit ? formFor(r.fr.unit, "fr", n) : jeton(n)} ${deTerm(r)}`;
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
        return a.tokens === 1 ? `${a.value} PV` : `${a.tokens} × ${a.value} PV`;
      case "contactToken": {
        const colour = termName(term(v, "contactColours", a.colour), "fr");
        return `${a.tokens} ${jeton(a.tokens)} Contact ${colour} (portée ${a.range})`;
      }
    }
  };
  const assets = (list: readonly Asset[]): string => joinList(list.map(asset), "fr");
  const costItems = (list: readonly Cost[]): { paid: string[]; discarded: string[] } => {
    const { paid, discarded } = splitCosts(list);
    return {
      paid: paid.map((c) => (c.kind === "resource" ? asset(c) : token("worker", c.amount))),
      discarded: discarded.map((c) => {
        if (c.kind === "card") return `${token("card", c.amount)} de votre main`;
        const what = c.deal === "spoils" ? "Butins" : c.deal === "agreement" ? "Accords" : "Butins ou Accords";
        return `${c.amount === 1 ? "un" : c.amount} de vos ${what}`;
      }),
    };
  };
  const costs = (list: readonly Cost[], mood: "imperative" | "infinitive" = "imperative"): string => {
    const { paid, discarded } = costItems(list);
    const [pay, discard] = mood === "imperative" ? ["payez", "défaussez"] : ["payer", "défausser"];
    return clauses("fr", [[pay, paid], [discard, discarded]]);
  };
  // Filled in below: an effect construct's text is said with this phrasebook.
  let book: Phrasebook | undefined;
  const effect = (e: Exclude<Effect, Asset>): string => effectPieces.text(e, book!);
  /** Verb phrases: "volez 1 jeton de Ressource à un adversaire et gagnez 1 PV". */
  const effects = (list: readonly Effect[]): string => {
    const { gains, others } = splitEffects(list);
    return joinList([...others.map(effect), ...(gains.length ? [`gagnez ${assets(gains)}`] : [])], "fr");
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
    baseSlots: (n) => `Peut accueillir jusqu'à ${n} Butins ou Accords.`,
    contact: (c) => {
      // "Portée de Pillage", but "Portée universelle" (rulebook, "Symboles de portée").
      const range = c.colour === "universal" ? "Portée universelle" : `Portée ${deTerm(term(v, "contactColours", c.colour))}`;
      const { paid, discarded } = costItems(c.price);
      const price = c.price.length ? ` Coût : ${joinList([...paid, ...discarded], "fr")}.` : " Sans coût.";
      const use = c.use === "permanent" ? " Permanente : une fois par tour." : " À usage unique : défaussée après usage.";
      return `${range} ${c.range}.${price}${use}`;
    },
    leaderResources: (list) => `Entre en jeu avec : ${assets(list)}.`,
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
  distanceWord: "distance",
  setTitle: "51st State — texte des cartes",
};
