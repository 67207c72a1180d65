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
      en: "Each Production phase, produce 1 Fuel. When this card enters play, gain 2 Fuel.",
      fr: "À chaque phase de Production, produisez 1 jeton d’Essence. Quand cette carte entre en jeu, gagnez 2 jetons d’Essence.",
    });
    const game = testGame();
    const p = player(game, 0);
    giveCard(game, 0, "refinery");
    p.pool.contactTokens.push({ colour: "incorporation", range: 3 });
    perform(game, 0, { kind: "incorporate", card: "refinery" });
    // 2 from "once", 1 from the production a Location gives as it comes into play (ruling 9).
    expect(p.pool.resources).toEqual({ fuel: 3 });
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
      en: "Combo: on your turn, place 1 Scrap, 1 Fuel and 1 Weapon here (free). Action (1 Worker), once all are here: spend them → gain 2 VP.",
      fr: "Combinaison : à votre tour, placez ici 1 jeton de Ferraille, 1 jeton d’Essence et 1 jeton d’Arme (gratuit). Action (1 Travailleur), une fois tous placés : dépensez-les → gagnez 2 PV.",
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

