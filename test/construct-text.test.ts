/**
 * Each construct's card text against what the engine does: for a card
 * written with the construct, the sentence printed in English and French,
 * then the game doing what that sentence says (who acts, who chooses, when,
 * how often, what is counted). A wording that drifts from the engine, or an
 * engine change the wording no longer tells, fails here.
 */
import { describe, expect, it } from "vitest";
import { freeMoveKinds, type Decision } from "../src/engine/choices.js";
import type { CardRegistry, LocationDef } from "../src/engine/definitions.js";
import { colourOf, placements } from "../src/engine/actions.js";
import type { DeployKind, Placement, RangePlan } from "../src/engine/choices.js";
import type { Game } from "../src/engine/game.js";
import { stealChoices } from "../src/constructs/effects/steal.js";
import { textRenderer } from "../src/text/render.js";
import { answering, findAction, giveCard, perform, placeLocation, player, runPhase, testGame, withCards } from "./engine-harness.js";
import { locationYaml, validateText } from "./helpers.js";

interface TestCard {
  readonly cards: CardRegistry;
  /** The ability's text, English then French (non-breaking spaces as plain ones). */
  readonly text: readonly [en: string, fr: string];
}

/** A Location "test-card" (Scrap, distance 1) with this ability, compiled into the base set, and its printed ability. */
async function testCard(pattern: string, ability: string, types = "[scrap]"): Promise<TestCard> {
  const result = validateText(locationYaml({ pattern, ability: JSON.stringify(ability), types }));
  expect(result.diagnostics).toEqual([]);
  const [en, fr] = (["en", "fr"] as const).map((lang) => textRenderer(result.vocabulary, lang).card(result.cards[0]!).parts.ability!.replace(/\u00a0/g, " "));
  return { cards: (await withCards(result)).cards, text: [en!, fr!] };
}

/** A two-player game in its Actions phase, seat 0 with the test card in play. */
function gameWith(t: TestCard, factions: readonly string[] = ["new-york", "mutants-union"]): Game {
  const game = testGame({ cards: t.cards, factions });
  placeLocation(game, 0, "test-card");
  return game;
}

/** Base-set Locations that fit, in id order. */
function baseLocations(cards: CardRegistry, n: number, fits: (l: LocationDef) => boolean): string[] {
  return cards.cards.filter((c): c is LocationDef => c.kind === "location" && c.set === "base" && fits(c)).slice(0, n).map((c) => c.id);
}

/** Plays a Location from the hand, its range paid with one contact token of its distance, a deal under the Base. */
function deploy(game: Game, seat: number, kind: DeployKind, card: string): void {
  giveCard(game, seat, card);
  const distance = (game.cards.byId.get(card) as LocationDef).distance;
  player(game, seat).pool.contactTokens.push({ colour: colourOf[kind], range: distance });
  const byToken = (plan: RangePlan): boolean => plan.tokens.length === 1 && plan.contacts.length === 0 && plan.permanents.length === 0;
  perform(game, seat, { kind, card }, answering({ "range-plan": byToken, placement: () => true }));
}

const vpOnCard = (game: Game): number => player(game, 0).locations.find((l) => l.card === "test-card")!.vpTokens.reduce((n, t) => n + t.value, 0);

describe("after: \"Whenever you …, gain …\": the owner's own plays, while the card is in play", () => {
  it("after conquer: whenever you Conquer a Location, 1 VP; not for another way of playing, nor an opponent's Conquest", async () => {
    const t = await testCard("trait", "after conquer -> 1 vp");
    expect(t.text).toEqual(["Whenever you Conquer a Location, gain 1 VP token worth 1.", "Chaque fois que vous effectuez un Pillage, gagnez 1 jeton de 1 PV."]);
    const game = gameWith(t);
    const [a, b, c] = baseLocations(t.cards, 3, (l) => l.distance === 1 && l.id !== "test-card");
    deploy(game, 0, "conquer", a!);
    expect(vpOnCard(game)).toBe(1);
    deploy(game, 0, "incorporate", b!);
    deploy(game, 1, "conquer", c!);
    expect(vpOnCard(game)).toBe(1);
  });

  it("after pass: when you pass in the Actions phase, 1 VP", async () => {
    const t = await testCard("trait", "after pass -> 1 vp");
    expect(t.text).toEqual(["When you pass in the Actions phase, gain 1 VP token worth 1.", "Quand vous passez pendant la phase d’Actions, gagnez 1 jeton de 1 PV."]);
    const game = gameWith(t);
    perform(game, 0, { kind: "pass" });
    expect(vpOnCard(game)).toBe(1);
  });

  it("after production: each Production phase, once the owner's Production is done", async () => {
    const t = await testCard("trait", "after production -> 1 fuel");
    expect(t.text).toEqual(["Each Production phase, after your Production, gain 1 Fuel.", "À chaque phase de Production, après votre Production, gagnez 1 jeton d’Essence."]);
    const game = gameWith(t);
    runPhase(game, "production");
    expect(player(game, 0).pool.resources["fuel"]).toBe(1);
  });
});

describe("each: \"Each Production phase, gain … per <type> Location in your play area\"", () => {
  it("gives in the Production phase once per Location of the type, itself included, not for a Spoils or Agreement of the type", async () => {
    const t = await testCard("trait", "each scrap card -> 1 vp");
    expect(t.text).toEqual(["Each Production phase, gain 1 VP token worth 1 per Scrap Location in your play area.", "À chaque phase de Production, gagnez 1 jeton de 1 PV par Territoire de type « Ferraille » dans votre zone de jeu."]);
    const game = gameWith(t);
    const [other, tucked] = baseLocations(t.cards, 2, (l) => l.types.includes("scrap") && l.id !== "test-card");
    placeLocation(game, 0, other!);
    const p = player(game, 0);
    giveCard(game, 0, tucked!);
    p.hand.splice(p.hand.indexOf(tucked!), 1);
    p.baseDeals.push({ card: tucked!, kind: "agreement" });
    expect(vpOnCard(game)).toBe(0);
    runPhase(game, "production", () => 0);
    expect(vpOnCard(game)).toBe(2);
  });
});

describe("depot: free moves in the owner's action turns, out of reach of a steal, kept through Clean-up", () => {
  it("says so, and does so", async () => {
    const t = await testCard("trait", "depot 2");
    expect(t.text).toEqual([
      "Resource Depot: on your turn, store up to 2 resources here or take them back, for free; they cannot be stolen and stay through Clean-up.",
      "Dépôt de Ressources : stockez ici jusqu’à 2 jetons de Ressource, posés ou repris sans frais à votre tour, protégés du vol et gardés en Fin de tour.",
    ]);
    const game = gameWith(t);
    const p = player(game, 0);
    p.pool.resources = { fuel: 3 };
    expect(freeMoveKinds.has("depot-put") && freeMoveKinds.has("depot-take")).toBe(true);
    perform(game, 0, { kind: "depot-put", location: 0, resource: "fuel" });
    perform(game, 0, { kind: "depot-put", location: 0, resource: "fuel" });
    expect(findAction(game, 0, "depot-put"), "up to 2").toBeUndefined();
    expect(stealChoices(game, 1, "fuel").map((c) => c.store.kind)).toEqual(["pool"]);
    runPhase(game, "clean-up", () => 0);
    expect(p.locations[0]!.depot).toEqual({ fuel: 2 });
    expect(p.pool.resources["fuel"] ?? 0).toBe(0);
  });
});

describe("convert: in the owner's action turns, as often as they can pay, without spending the action", () => {
  it("says so, and does so", async () => {
    const t = await testCard("trait", "convert 1 fuel -> 1 vp");
    expect(t.text).toEqual(["During your Actions-phase turns, as often as you can pay: spend 1 Fuel → gain 1 VP token worth 1.", "À vos tours de la phase d’Actions, autant de fois que vous pouvez payer : dépensez 1 jeton d’Essence → gagnez 1 jeton de 1 PV."]);
    const game = gameWith(t);
    player(game, 0).pool.resources = { fuel: 2 };
    expect(freeMoveKinds.has("convert")).toBe(true);
    perform(game, 0, { kind: "convert", location: 0, trait: 0 });
    perform(game, 0, { kind: "convert", location: 0, trait: 0 });
    expect(findAction(game, 0, "convert"), "nothing left to pay").toBeUndefined();
    expect(vpOnCard(game) + player(game, 0).baseVp.reduce((n, v) => n + v.value, 0)).toBe(2);
  });
});

describe("effects: who chooses", () => {
  /** Seat 0 works the test card (an action for no cost but its Worker), every decision recorded and answered with its first choice. */
  const work = (game: Game): Decision[] => {
    const asked: Decision[] = [];
    player(game, 0).pool.workers = 1;
    perform(game, 0, { kind: "work", location: 0 }, (d) => (asked.push(d), 0));
    return asked;
  };

  it("steal 1 resource: the thief chooses the token", async () => {
    const t = await testCard("action", "action: steal 1 resource");
    expect(t.text[0]).toContain("steal 1 resource of your choice from an opponent of your choice.");
    expect(t.text[1]).toContain("volez 1 jeton de Ressource au choix à l’adversaire de votre choix.");
    const game = gameWith(t);
    player(game, 1).pool.resources = { fuel: 1, scrap: 1 };
    const asked = work(game);
    expect(asked.map((d) => [d.kind, d.seat])).toEqual([["steal", 0]]);
    expect(asked[0]!.choices).toHaveLength(2);
  });

  it("steal 1 card: at random from the hand, the thief choosing only whose", async () => {
    const t = await testCard("action", "action: steal 1 card");
    expect(t.text[0]).toContain("steal 1 card at random from the hand of an opponent of your choice.");
    expect(t.text[1]).toContain("volez au hasard 1 carte dans la main de l’adversaire de votre choix.");
    const game = gameWith(t, ["new-york", "mutants-union", "merchants-guild"]);
    player(game, 1).hand = ["old-factory", "scrapyard"];
    player(game, 2).hand = ["basement"];
    const asked = work(game);
    expect(asked.map((d) => [d.kind, d.seat, d.choices])).toEqual([["steal-from", 0, [1, 2]]]);
    expect(player(game, 0).hand).toHaveLength(1);
  });

  it("each opponent gives: the giver chooses what", async () => {
    const t = await testCard("action", "action: each opponent gives 1 resource");
    expect(t.text[0]).toContain("each opponent gives you 1 resource of their choice.");
    expect(t.text[1]).toContain("chaque adversaire vous donne 1 jeton de Ressource de son choix.");
    const game = gameWith(t);
    player(game, 1).pool.resources = { fuel: 1, scrap: 1 };
    expect(work(game).map((d) => [d.kind, d.seat])).toEqual([["give-up", 1]]);
    expect(player(game, 0).pool.resources).toEqual({ fuel: 1 });
  });

  it("a choice: the player chooses when it resolves", async () => {
    const t = await testCard("action", "action: 2 fuel or 1 vp");
    expect(t.text[0]).toContain("gain 2 Fuel or 1 VP token worth 1 (your choice).");
    expect(t.text[1]).toContain("gagnez au choix 2 jetons d’Essence ou 1 jeton de 1 PV.");
    const game = gameWith(t);
    const asked = work(game);
    expect(asked.map((d) => [d.kind, d.seat])).toEqual([["choose-effect", 0]]);
    expect(player(game, 0).pool.resources).toEqual({ fuel: 2 });
  });

  it("redevelop: another of the owner's Locations, at no extra cost, or none", async () => {
    const t = await testCard("action", "action: redevelop");
    expect(t.text[0]).toContain("redevelop another of your Locations at no extra cost.");
    expect(t.text[1]).toContain("effectuez sans autre coût une Reconstruction d’un autre de vos Territoires.");
    const game = gameWith(t);
    const [old, fresh] = baseLocations(t.cards, 2, (l) => l.types.includes("scrap") && l.id !== "test-card");
    placeLocation(game, 0, old!);
    giveCard(game, 0, fresh!);
    const asked = work(game);
    expect(asked[0]!.kind).toBe("redevelop-with");
    const targets = (asked[0]!.choices as readonly { card?: string; replaces?: number }[]).filter((c) => c.card !== undefined);
    expect(targets.length).toBeGreaterThan(0);
    expect(targets.every((c) => c.replaces !== 0), "never over the card itself").toBe(true);
  });
});

describe("rule modifiers: the number the rulebook has, and the card's, stated exactly", () => {
  it("limit sent-workers: each turn, up to N Workers instead of 3, lower or higher", async () => {
    const t = await testCard("trait", "limit sent-workers 1");
    expect(t.text).toEqual([
      "Each turn, you may send up to 1 Worker (instead of 3) to opponents' Locations.",
      "À chaque tour, vous pouvez envoyer jusqu’à 1 Travailleur (au lieu de 3) sur les Territoires adverses.",
    ]);
    const maySend = (sent: number): boolean => {
      const game = gameWith(t);
      placeLocation(game, 1, "scrapyard");
      const p = player(game, 0);
      p.pool.workers = 1;
      p.workersSent = sent;
      return findAction(game, 0, "send-worker") !== undefined;
    };
    expect([maySend(0), maySend(1)]).toEqual([true, false]);
  });

  it("limit keep: in Clean-up, up to N resources stay on the Base", async () => {
    const t = await testCard("trait", "limit keep 2");
    expect(t.text).toEqual(["In Clean-up, you may keep up to 2 resources on your Base.", "En Fin de tour, vous pouvez conserver jusqu’à 2 jetons de Ressource sur votre Base."]);
    const game = gameWith(t);
    player(game, 0).pool.resources = { scrap: 1, fuel: 1 };
    runPhase(game, "clean-up");
    expect(player(game, 0).pool.resources).toEqual({ scrap: 1, fuel: 1 });
  });

  it("range: 1 less Range to Conquer, Cooperate with or Incorporate a card of the distance", async () => {
    const t = await testCard("trait", "range -1 distance 3");
    expect(t.text).toEqual([
      "To Conquer, Cooperate with or Incorporate a card of distance 3, the Range required is reduced by 1.",
      "Pour un Pillage, une Coopération ou un Rattachement d’une carte de Distance 3, la Portée requise est réduite de 1.",
    ]);
    const [far] = baseLocations(t.cards, 1, (l) => l.distance === 3);
    /** The plays of the distance-3 card offered with a range-2 token of each colour, the test card in play or not. */
    const ways = (inPlay: boolean): string[] => {
      const game = inPlay ? gameWith(t) : testGame({ cards: t.cards });
      const p = player(game, 0);
      for (const c of p.contacts) c.usedThisTurn = true;
      for (const colour of ["conquest", "cooperation", "incorporation"] as const) p.pool.contactTokens.push({ colour, range: 2 });
      giveCard(game, 0, far!);
      return (["conquer", "cooperate", "incorporate"] as const).filter((k) => findAction(game, 0, k, (a) => a.card === far) !== undefined);
    };
    expect(ways(false)).toEqual([]);
    expect(ways(true)).toEqual(["conquer", "cooperate", "incorporate"]);
  });

  it("slots: holds up to N of the deals named, in number", async () => {
    const t = await testCard("trait", "slots 1 agreement");
    expect(t.text).toEqual(["Holds up to 1 Agreement.", "Peut accueillir jusqu’à 1 Accord."]);
    const game = gameWith(t);
    expect(game.cards.byId.get("test-card")).toMatchObject({ ability: { traits: [{ kind: "slots", amount: 1, holds: "agreement" }] } });
  });
});

describe("counts: Locations in the owner's play area, not Spoils or Agreements", () => {
  /** Seat 0 with the test card, `extra` Scrap Locations in play and one Scrap card tucked as an Agreement, after a Production phase. */
  const produced = (t: TestCard, extra: number): Game => {
    const game = gameWith(t);
    const [tucked, ...others] = baseLocations(t.cards, extra + 1, (l) => l.types.includes("scrap") && l.id !== "test-card");
    for (const id of others) placeLocation(game, 0, id);
    const p = player(game, 0);
    giveCard(game, 0, tucked!);
    p.hand.splice(p.hand.indexOf(tucked!), 1);
    p.baseDeals.push({ card: tucked!, kind: "agreement" });
    runPhase(game, "production", () => 0);
    return game;
  };

  it("per <type> card: per Scrap Location in your play area", async () => {
    const t = await testCard("closed-production", "produce 1 weapons per scrap card");
    expect(t.text).toEqual(["Each Production phase, produce 1 Weapon per Scrap Location in your play area.", "À chaque phase de Production, produisez 1 jeton d’Arme par Territoire de type « Ferraille » dans votre zone de jeu."]);
    expect(player(produced(t, 1), 0).pool.resources["weapons"]).toBe(2);
  });

  it("you have N <type> cards: at least N Scrap Locations in your play area", async () => {
    const t = await testCard("closed-production", "produce 1 weapons if you have 3 scrap cards");
    expect(t.text).toEqual([
      "Each Production phase, produce 1 Weapon if you have at least 3 Scrap Locations in your play area.",
      "À chaque phase de Production, produisez 1 jeton d’Arme si vous avez au moins 3 Territoires de type « Ferraille » dans votre zone de jeu.",
    ]);
    expect(player(produced(t, 1), 0).pool.resources["weapons"] ?? 0, "2 in play and 1 tucked are not 3").toBe(0);
    expect(player(produced(t, 2), 0).pool.resources["weapons"]).toBe(1);
  });
});

describe("lookout: each Lookout ability's sentence (the vocabulary's), and the Lookout phase doing it", () => {
  /** A Lookout phase with the test card in play for seat 0, each decision recorded and answered by `pick` (its first choice by default). */
  const lookoutWith = async (ability: string, pick: (d: Decision) => number = () => 0): Promise<{ t: TestCard; game: Game; asked: Decision[] }> => {
    const t = await testCard("trait", `lookout ${ability}`);
    const game = gameWith(t);
    const asked: Decision[] = [];
    runPhase(game, "lookout", (d) => (asked.push(d), pick(d)));
    return { t, game, asked };
  };
  /** Without the ability: 2 picks and 1 card drawn each. */
  const usualHand = 3;

  it("take-leftover: at the end of the Lookout phase, the last unselected revealed card is the owner's", async () => {
    const { t, game } = await lookoutWith("take-leftover");
    expect(t.text).toEqual([
      "At the end of the Lookout phase, take the last unselected revealed card; if none is left, draw 1 card from the deck.",
      "À la fin de la phase de Pioche, prenez la dernière carte révélée restante ; s’il n’en reste plus, piochez 1 carte.",
    ]);
    expect(game.state.revealed).toEqual([]);
    expect([player(game, 0).hand.length, player(game, 1).hand.length]).toEqual([usualHand + 1, usualHand]);
  });

  it("draw-instead: once per Lookout phase, a card from the deck instead of a revealed one", async () => {
    const drawing = (d: Decision): number => Math.max(0, (d.choices as readonly { kind?: string }[]).findIndex((c) => c.kind === "draw-instead"));
    const { t, game, asked } = await lookoutWith("draw-instead", drawing);
    expect(t.text).toEqual([
      "Once per Lookout phase, you may draw 1 card from the deck instead of selecting a revealed card.",
      "Une fois par phase de Pioche, vous pouvez piocher 1 carte au lieu de prendre une carte révélée.",
    ]);
    const offered = asked.filter((d) => d.kind === "lookout-pick").map((d) => [d.seat, (d.choices as readonly { kind: string }[]).some((c) => c.kind === "draw-instead")]);
    expect(offered, "seat 0 offered it on its first pick only; seat 1 never").toEqual([[0, true], [1, false], [0, false], [1, false]]);
    expect(player(game, 0).hand.length).toBe(usualHand);
  });

  it("draw-two-keep-one: at the end of the Lookout phase, two cards drawn, one kept, the other discarded", async () => {
    const { t, game, asked } = await lookoutWith("draw-two-keep-one");
    expect(t.text).toEqual([
      "At the end of the Lookout phase, draw 2 cards from the deck instead of one; keep 1, discard the other.",
      "À la fin de la phase de Pioche, piochez 2 cartes au lieu d’une ; gardez-en 1, défaussez l’autre.",
    ]);
    const keep = asked.filter((d) => d.kind === "lookout-keep");
    expect(keep.map((d) => [d.seat, d.choices.length])).toEqual([[0, 2]]);
    expect(game.state.discard).toContain((keep[0]!.choices as readonly string[])[1]);
    expect([player(game, 0).hand.length, player(game, 1).hand.length]).toEqual([usualHand, usualHand]);
  });

  it("discard-after-first: after the owner's first pick, the owner discards one of the revealed cards left", async () => {
    const { t, game, asked } = await lookoutWith("discard-after-first");
    expect(t.text).toEqual([
      "In the Lookout phase, after selecting your first card, discard 1 of the remaining revealed cards.",
      "Pendant la phase de Pioche, après avoir pris votre première carte, défaussez 1 des cartes révélées restantes.",
    ]);
    expect(asked.map((d) => [d.kind, d.seat]).slice(0, 3)).toEqual([["lookout-pick", 0], ["lookout-discard", 0], ["lookout-pick", 1]]);
    expect(asked.filter((d) => d.kind === "lookout-discard")).toHaveLength(1);
    expect(game.state.discard).toContain((asked[1]!.choices as readonly string[])[0]);
  });
});

describe("slots in play: \"Holds up to N …\" takes that many deals of that kind, and no more", () => {
  it("slots 2 agreement: two Agreements go on the card, a third finds no room there, and no Spoils goes there", async () => {
    const t = await testCard("trait", "slots 2 agreement");
    expect(t.text).toEqual(["Holds up to 2 Agreements.", "Peut accueillir jusqu’à 2 Accords."]);
    const game = gameWith(t);
    const onCard = (c: Placement): boolean => c.holder.kind === "location" && c.replace === undefined;
    const [a, b] = baseLocations(t.cards, 2, (l) => l.distance === 1 && l.id !== "test-card");
    for (const card of [a!, b!]) {
      giveCard(game, 0, card);
      player(game, 0).pool.contactTokens.push({ colour: "cooperation", range: 1 });
      const byToken = (plan: RangePlan): boolean => plan.tokens.length === 1 && plan.contacts.length === 0 && plan.permanents.length === 0;
      perform(game, 0, { kind: "cooperate", card }, answering({ "range-plan": byToken, placement: onCard }));
    }
    const p = player(game, 0);
    expect(p.locations[0]!.deals.map((d) => [d.card, d.kind])).toEqual([[a, "agreement"], [b, "agreement"]]);
    expect(placements(game, p, "agreement").some(onCard), "full at 2").toBe(false);
    expect(placements(game, p, "spoils").some((c) => c.holder.kind === "location"), "Agreements only").toBe(false);
  });
});

describe("conditions: the gain happens only while the condition the text names holds", () => {
  /** VP the test card produced in a Production phase, after `setUp` made the game. */
  const producedVp = (t: TestCard, setUp: (game: Game) => void): number => {
    const game = gameWith(t);
    setUp(game);
    runPhase(game, "production", () => 0);
    return vpOnCard(game);
  };

  it("hold: if you hold at least N of a resource", async () => {
    const t = await testCard("closed-production", "produce 1 vp if you hold 2 fuel");
    expect(t.text).toEqual(["Each Production phase, produce 1 VP token worth 1 if you hold at least 2 Fuel.", "À chaque phase de Production, produisez 1 jeton de 1 PV si vous possédez au moins 2 jetons d’Essence."]);
    // Fuel, which the Base (New York: Scrap) does not produce first.
    const holding = (fuel: number) => (game: Game) => void (player(game, 0).pool.resources = { fuel });
    expect([producedVp(t, holding(1)), producedVp(t, holding(2))]).toEqual([0, 1]);
  });

  it("fewer: if you have fewer VP than at least one opponent", async () => {
    const t = await testCard("closed-production", "produce 1 vp if you have fewer vp than an opponent");
    expect(t.text).toEqual(["Each Production phase, produce 1 VP token worth 1 if you have fewer VP than at least one opponent.", "À chaque phase de Production, produisez 1 jeton de 1 PV si vous avez moins de PV qu’au moins un adversaire."]);
    const opponentWith = (locations: number) => (game: Game) => {
      for (const id of baseLocations(game.cards, locations, (l) => l.id !== "test-card")) placeLocation(game, 1, id);
    };
    expect([producedVp(t, opponentWith(1)), producedVp(t, opponentWith(2))], "1 against 1 is not fewer").toEqual([0, 1]);
  });

  it("leader: if you have a Leader", async () => {
    const t = await testCard("closed-production", "produce 1 vp if you have a leader");
    expect(t.text).toEqual(["Each Production phase, produce 1 VP token worth 1 if you have a Leader.", "À chaque phase de Production, produisez 1 jeton de 1 PV si vous avez un Leader."]);
    const leaderCard = t.cards.cards.find((c) => c.kind === "leader")!.id;
    const withLeader = (game: Game) => void (player(game, 0).leader = { card: leaderCard, resources: {}, vpTokens: [], uses: 0 });
    expect([producedVp(t, () => {}), producedVp(t, withLeader)]).toEqual([0, 1]);
  });
});

describe("action: \"Action (N Workers): Spend … → gain …\", its Workers, its cost and its gain", () => {
  it("takes the Workers and the cost the sentence names and gives what it names", async () => {
    const t = await testCard("action", "action: pay 1 fuel -> 2 scrap");
    expect(t.text).toEqual(["Action (1 Worker): spend 1 Fuel → gain 2 Scrap.", "Action (1 Travailleur) : dépensez 1 jeton d’Essence → gagnez 2 jetons de Ferraille."]);
    const game = gameWith(t);
    const p = player(game, 0);
    p.pool.workers = 1;
    p.pool.resources = { fuel: 1 };
    perform(game, 0, { kind: "work", location: 0 });
    expect([p.pool.workers, p.pool.resources]).toEqual([0, { scrap: 2 }]);
  });

  it("a second use in the turn costs one Worker more (the rulebook's rule, which the sentence does not restate), and there is no third", async () => {
    const t = await testCard("action", "action: pay 1 fuel -> 2 scrap");
    const game = gameWith(t);
    const p = player(game, 0);
    p.pool.workers = 4;
    p.pool.resources = { fuel: 3 };
    perform(game, 0, { kind: "work", location: 0 });
    perform(game, 0, { kind: "work", location: 0 });
    expect([p.pool.workers, p.pool.resources]).toEqual([1, { fuel: 1, scrap: 4 }]);
    expect(findAction(game, 0, "work")).toBeUndefined();
  });

  it("(2 workers): two Workers for a use", async () => {
    const t = await testCard("action", "action(2 workers): 1 scrap");
    expect(t.text).toEqual(["Action (2 Workers): gain 1 Scrap.", "Action (2 Travailleurs) : gagnez 1 jeton de Ferraille."]);
    const game = gameWith(t);
    const p = player(game, 0);
    p.pool.workers = 1;
    expect(findAction(game, 0, "work"), "1 Worker is not enough").toBeUndefined();
    p.pool.workers = 2;
    perform(game, 0, { kind: "work", location: 0 });
    expect([p.pool.workers, p.pool.resources]).toEqual([0, { scrap: 1 }]);
  });
});

describe("produce: \"Each Production phase, produce …\"", () => {
  it("gives in the Production phase, not before", async () => {
    const t = await testCard("closed-production", "produce 2 fuel");
    expect(t.text).toEqual(["Each Production phase, produce 2 Fuel.", "À chaque phase de Production, produisez 2 jetons d’Essence."]);
    const fuelAfterProduction = (withCard: boolean): number => {
      const game = withCard ? gameWith(t) : testGame({ cards: t.cards });
      expect(player(game, 0).pool.resources["fuel"] ?? 0).toBe(0);
      runPhase(game, "production", () => 0);
      return player(game, 0).pool.resources["fuel"] ?? 0;
    };
    expect(fuelAfterProduction(true) - fuelAfterProduction(false)).toBe(2);
  });
});

describe("production cost: \"you may spend … to produce …\": the owner is asked, and pays only if they choose", () => {
  it("asks seat 0 in the Production phase; declining keeps the cost and gives nothing, paying spends it and gives", async () => {
    const t = await testCard("closed-production", "produce: pay 1 fuel -> 2 vp");
    expect(t.text).toEqual(["Once each Production phase, you may spend 1 Fuel to produce 1 VP token worth 2.", "Une fois par phase de Production, vous pouvez dépenser 1 jeton d’Essence pour produire 1 jeton de 2 PV."]);
    const production = (choice: "pay" | "decline"): { asked: Decision[]; fuel: number; vp: number } => {
      const game = gameWith(t);
      player(game, 0).pool.resources = { fuel: 1 };
      const asked: Decision[] = [];
      runPhase(game, "production", (d) => (asked.push(d), d.kind === "paid-production" ? (d.choices as readonly string[]).indexOf(choice) : 0));
      return { asked: asked.filter((d) => d.kind === "paid-production"), fuel: player(game, 0).pool.resources["fuel"] ?? 0, vp: vpOnCard(game) };
    };
    const declined = production("decline");
    expect(declined.asked.map((d) => [d.seat, d.choices])).toEqual([[0, ["pay", "decline"]]]);
    expect([declined.fuel, declined.vp]).toEqual([1, 0]);
    const paid = production("pay");
    expect([paid.fuel, paid.vp]).toEqual([0, 2]);
  });
});
