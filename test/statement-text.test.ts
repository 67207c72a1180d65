/**
 * The statements' words against what the engine does: each test reads the
 * sentence a card prints (in both languages) and then plays the behaviour
 * that sentence states, so a wording that drifts from the engine, or an
 * engine that drifts from the wording, fails here.
 */
import { describe, expect, it } from "vitest";
import type { Card } from "../src/check/model.js";
import { validatePaths } from "../src/pipeline/validate.js";
import { textRenderer, type PartName } from "../src/text/render.js";
import { stealChoices } from "../src/constructs/effects/steal.js";
import { findAction, giveCard, perform, placeLocation, player, runPhase, testGame } from "./engine-harness.js";

const set = validatePaths([]);

/** A part of a card's printed text, in English and French (non-breaking spaces as plain ones). */
function printed(id: string, part: PartName): { en: string; fr: string } {
  const card = set.cards.find((c: Card) => c.id === id);
  if (!card) throw new Error(`no card ${id}`);
  const say = (lang: "en" | "fr") => (textRenderer(set.vocabulary, lang).card(card).parts[part] ?? "").replace(/\u00a0/g, " ");
  return { en: say("en"), fr: say("fr") };
}

describe("once: the one-time gain happens when the card enters play", () => {
  it("Refinery says so, and incorporating it gives its 2 Fuel at once, before any Production phase", () => {
    expect(printed("refinery", "ability")).toEqual({
      en: "When this card enters play, gain 2 Fuel. Each Production phase, produce 1 Fuel.",
      fr: "Quand cette carte entre en jeu, gagnez 2 jetons d’Essence. À chaque phase de Production, produisez 1 jeton d’Essence.",
    });
    const game = testGame();
    const p = player(game, 0);
    giveCard(game, 0, "refinery");
    p.pool.contactTokens.push({ colour: "incorporation", range: 3 });
    perform(game, 0, { kind: "incorporate", card: "refinery" });
    // 2 from "once", 1 from the production a Location gives as it comes into play (ruling 9).
    expect(p.pool.resources).toEqual({ fuel: 3 });
  });

  it("every card with an entry effect says it first: it happens before anything else the card does", () => {
    const entering = set.cards.filter((c) => (c.kind === "location" || c.kind === "leader") && c.once.length > 0);
    expect(entering.map((c) => c.id)).toContain("mr-president");
    for (const c of entering) {
      const t = printed(c.id, "ability");
      expect(t.en, c.id).toMatch(/^When this card enters play, /);
      expect(t.fr, c.id).toMatch(/^Quand cette carte entre en jeu, /);
    }
  });
});

describe("VP: every gain names its tokens and their value, in one form", () => {
  it("« 1 jeton de 2 PV » / \"1 VP token worth 2\", never a bare « 2 PV » that would not say how many tokens the three-slot rule counts", () => {
    const texts = set.cards.flatMap((c) => (["spoils", "agreement", "ability", "production", "resources"] as const).map((part) => printed(c.id, part)));
    expect(texts.some((t) => t.fr.includes("1 jeton de 2 PV"))).toBe(true);
    expect(texts.some((t) => t.en.includes("2 VP tokens worth 1 each"))).toBe(true);
    for (const t of texts) {
      expect(t.en).not.toMatch(/\b\d VP\b(?! tokens?\b)/);
      expect(t.fr).not.toMatch(/(?<!jetons? de )\b\d PV\b/);
    }
  });
});

describe("keep: resources on the card are not discarded at Clean-up", () => {
  it("Basement keeps its resources through Clean-up, as its text says", () => {
    expect(printed("basement", "ability").en).toContain("Keep: resources on this card (up to 3) are not discarded at Clean-up.");
    expect(printed("basement", "ability").fr).toContain("À conserver : les Ressources sur cette carte (jusqu’à 3) ne sont pas défaussées en Fin de tour.");
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "basement");
    p.locations[0]!.resources = { fuel: 2 };
    runPhase(game, "clean-up");
    expect(p.locations[0]!.resources).toEqual({ fuel: 2 });
  });
});

describe("combo: tokens placed on your turn as free moves, then spent by a Worker's action", () => {
  it("Flea Market's text names each token, the free placing and the spending; the engine does exactly that", () => {
    expect(printed("flea-market", "ability")).toEqual({
      en: "Resource Combo: on your turn, place 1 Scrap, 1 Fuel and 1 Weapon here for free, safe from theft. Action (1 Worker), once the combo is complete: spend them → gain 1 VP token worth 2.",
      fr: "Combinaison de Ressources : à votre tour, placez ici sans frais 1 jeton de Ferraille, 1 jeton d’Essence et 1 jeton d’Arme, à l’abri du vol. Action (1 Travailleur), une fois complète : dépensez-les → gagnez 1 jeton de 2 PV.",
    });
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "flea-market");
    p.pool.resources = { scrap: 1, fuel: 1, weapons: 1 };
    p.pool.workers = 1;
    // Not complete: no worker action yet.
    expect(findAction(game, 0, "work")).toBeUndefined();
    for (const token of ["scrap", "fuel", "weapons"]) {
      const place = findAction(game, 0, "combo-place", (a) => a.token === token);
      expect(place, `placing ${token} is offered`).toBeDefined();
      perform(game, 0, place!);
    }
    expect(p.pool.workers, "placing is free").toBe(1);
    // « à l'abri du vol »: an opponent's steal finds none of the combo's tokens.
    expect(stealChoices(game, 1, "any")).toEqual([]);
    perform(game, 0, findAction(game, 0, "work")!);
    // Spent: the tokens leave the card; the Worker is paid; the VP are gained.
    expect(p.locations[0]!.combo).toEqual({});
    expect(p.pool.workers).toBe(0);
    expect(p.pool.resources).toEqual({});
  });
});

describe("cards are drawn, not gained", () => {
  it("an Agreement giving a card says Draw / Piochez, and the Production phase puts a card in the hand", () => {
    expect(printed("flea-market", "agreement")).toEqual({ en: "Draw 1 card.", fr: "Piochez 1 carte." });
    const game = testGame();
    const p = player(game, 0);
    giveCard(game, 0, "flea-market");
    p.hand = [];
    p.baseDeals.push({ card: "flea-market", kind: "agreement" });
    const hand = p.hand.length;
    runPhase(game, "production");
    expect(p.hand.length).toBe(hand + 1);
  });
});

describe("actions and contacts: one template, the rulebook's verbs", () => {
  it("an action pays with Spend / Dépensez and an arrow, a Contact token is « jeton Contact de … (Portée N) »", () => {
    const actions = set.cards.flatMap((c) => (c.kind === "location" ? [printed(c.id, "ability")] : [])).filter((t) => t.en.startsWith("Action"));
    for (const t of actions) {
      expect(t.en).not.toMatch(/\bPay\b| to gain /);
      expect(t.fr).not.toMatch(/Payez|pour obtenir/);
    }
    const spoils = set.cards.flatMap((c) => (c.kind === "location" ? [printed(c.id, "spoils")] : []));
    const withToken = spoils.filter((t) => t.fr.includes("jeton Contact"));
    expect(withToken.length).toBeGreaterThan(0);
    for (const t of withToken) {
      expect(t.fr).toMatch(/jetons? Contact (de [A-ZÉ]\w+|Universels?) \(Portée \d\)/u);
      expect(t.en).toMatch(/\w+ Contact tokens? \(Range \d\)/);
    }
  });

  it("a one-time Contact and the once icon no longer share a label", () => {
    const contacts = set.cards.filter((c) => c.kind === "contact").map((c) => printed(c.id, "contact"));
    expect(contacts.some((t) => t.fr.includes("À usage unique"))).toBe(true);
    const abilities = set.cards.filter((c) => c.kind !== "contact").map((c) => printed(c.id, "ability"));
    for (const t of abilities) expect(t.fr).not.toMatch(/[Uu]sage unique/);
  });
});

