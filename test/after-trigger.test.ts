/**
 * The `after` construct (src/constructs/traits/after.ts) as a Location's
 * trait, on the example expansion's cards (cards/examples/wastelanders.yaml),
 * and as a Leader's ability: the code it compiles to, and the state it
 * changes in the engine (ruling 36). Parsing, text and misuse are pinned by
 * the AST goldens (after-*.json), the example's text goldens and the invalid
 * fixtures (after-*.yaml); the base set's Leaders by test/cards-in-play.test.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { LeaderCard } from "../src/check/model.js";
import { compileCards, type GeneratedFile } from "../src/compiler/compile.js";
import { triggerEvents } from "../src/constructs/traits/after.js";
import { colourOf } from "../src/engine/actions.js";
import type { DeployKind, RangePlan } from "../src/engine/choices.js";
import type { CardDef, CardRegistry, LeaderDef, LocationDef } from "../src/engine/definitions.js";
import type { Game } from "../src/engine/game.js";
import { validatePaths } from "../src/pipeline/validate.js";
import { textRenderer } from "../src/text/render.js";
import { answering, giveCard, perform, placeLocation, player, runPhase, testGame } from "./engine-harness.js";
import { exampleExpansion } from "./example-expansion.js";
import { evaluateModule, locationYaml, validateText } from "./helpers.js";
import { checkedGames } from "./invariants.js";

let files: GeneratedFile[];
let cards: CardRegistry;

beforeAll(async () => {
  ({ files, cards } = await exampleExpansion());
});

/** A Leader card file with one ability. */
function leaderYaml(ability: string): string {
  return ["set: test", "cards:", "  - id: test-leader", "    kind: leader", "    name: { en: Test Leader, fr: Chef de test }", `    ability: ${ability}`, ""].join("\n");
}

describe("after: the code it compiles to", () => {
  it("is a trait whose trigger holds the event and only the qualifiers written, as data", () => {
    const text = files.map((f) => f.text).join("\n");
    expect(text).toContain(
      '{\n        kind: "after",\n        trigger: { kind: "incorporate", distance: 3 },\n        gains: {\n          calls: [\n            { call: "vp", tokens: 1, value: 1 },\n          ],\n          run: (give) => {\n            give.vp({ tokens: 1, value: 1 });\n          },\n        },\n      },',
    );
    expect(text).toContain('trigger: { kind: "production" },\n        gains: {\n          calls: [\n            { call: "resource", resource: "scrap", amount: 1 },');
    expect(text).toContain('trigger: { kind: "play", cardType: "scrap", as: "location" },');
    expect(text).toContain('trigger: { kind: "pass" },');
  });

  it("is a Leader's ability of the same shape", async () => {
    const result = validateText(leaderYaml("after play fuel card distance 2 as spoils -> 1 vp"));
    expect(result.diagnostics).toEqual([]);
    expect((result.cards[0] as LeaderCard).ability).toEqual({ kind: "after", trigger: { kind: "play", cardType: "fuel", distance: 2, as: "spoils" }, gains: [{ kind: "vp", tokens: 1, value: 1 }] });
    const module = compileCards({ cards: result.cards, vocabulary: result.vocabulary }).find((f) => f.path.endsWith("leaders.ts"))!;
    expect(module.text).toContain('ability: {\n    kind: "after",\n    trigger: { kind: "play", cardType: "fuel", distance: 2, as: "spoils" },\n    gains: {\n      calls: [\n        { call: "vp", tokens: 1, value: 1 },');
    const leaders = (await evaluateModule(module.text))["leaders"] as LeaderDef[];
    expect(leaders[0]!.ability).toMatchObject({ kind: "after", trigger: { kind: "play", cardType: "fuel", distance: 2, as: "spoils" } });
  });

  it("knows every event of the base vocabulary's triggers, and no other", () => {
    expect([...validatePaths([]).vocabulary.triggers.keys()].sort()).toEqual([...triggerEvents].sort());
  });
});

describe("after: its text", () => {
  /** A trait Location's ability text, in English and in French (non-breaking spaces shown as plain ones). */
  const read = (ability: string): [string, string] => {
    const result = validateText(locationYaml({ pattern: "trait", ability: JSON.stringify(ability) }));
    expect(result.diagnostics).toEqual([]);
    const [en, fr] = (["en", "fr"] as const).map((lang) => textRenderer(result.vocabulary, lang).card(result.cards[0]!).parts.ability!.replace(/\u00a0/g, " "));
    return [en!, fr!];
  };

  it("says who does what, the card by its type and distance, the way it is played, then the gain as a verb", () => {
    expect(read("after conquer -> 1 vp")).toEqual(["Whenever you Conquer a Location, gain 1 VP token worth 1.", "Chaque fois que vous effectuez un Pillage, gagnez 1 jeton de 1 PV."]);
    expect(read("after conquer scrap card -> 1 vp")).toEqual(["Whenever you Conquer a Scrap card, gain 1 VP token worth 1.", "Chaque fois que vous effectuez un Pillage d’une carte de type « Ferraille », gagnez 1 jeton de 1 PV."]);
    expect(read("after cooperate distance 2 -> 1 fuel")).toEqual(["Whenever you Cooperate with a Location of distance 2, gain 1 Fuel.", "Chaque fois que vous effectuez une Coopération avec une carte Lieu de Distance 2, gagnez 1 jeton d’Essence."]);
    expect(read("after incorporate -> 1 vp")).toEqual(["Whenever you Incorporate a Location, gain 1 VP token worth 1.", "Chaque fois que vous effectuez un Rattachement, gagnez 1 jeton de 1 PV."]);
    expect(read("after redevelop -> 1 vp")).toEqual(["Whenever you Redevelop a Location, gain 1 VP token worth 1.", "Chaque fois que vous effectuez une Reconstruction, gagnez 1 jeton de 1 PV."]);
    expect(read("after redevelop fuel card -> 1 card")).toEqual(["Whenever you Redevelop into a Fuel card, draw 1 card.", "Chaque fois que vous effectuez une Reconstruction qui met en jeu une carte de type « Essence », piochez 1 carte."]);
    expect(read("after play -> 1 scrap")).toEqual(["Whenever you play a Location, gain 1 Scrap.", "Chaque fois que vous jouez une carte Lieu, gagnez 1 jeton de Ferraille."]);
    expect(read("after play distance 1 as agreement -> 1 worker")).toEqual(["Whenever you play a card of distance 1 as an Agreement, gain 1 Worker.", "Chaque fois que vous jouez une carte de Distance 1 en tant qu’Accord, gagnez 1 Travailleur."]);
    expect(read("after play as spoils -> 1 vp")).toEqual(["Whenever you play a card as Spoils, gain 1 VP token worth 1.", "Chaque fois que vous jouez une carte en tant que Butin, gagnez 1 jeton de 1 PV."]);
    expect(read("after production -> 1 fuel")).toEqual(["Each Production phase, after your Production, gain 1 Fuel.", "À chaque phase de Production, après votre Production, gagnez 1 jeton d’Essence."]);
    expect(read("after pass -> 1 vp")).toEqual(["When you pass in the Actions phase, gain 1 VP token worth 1.", "Quand vous passez pendant la phase d’Actions, gagnez 1 jeton de 1 PV."]);
  });
});

// ---- in play -------------------------------------------------------------------

/** Cards of the set added for a test (a Leader or a Location written as compiled code). */
function plus(...defs: CardDef[]): CardRegistry {
  const all = [...cards.cards, ...defs];
  return { ...cards, cards: all, byId: new Map(all.map((c) => [c.id, c])) };
}

const location = (id: string): LocationDef => cards.byId.get(id) as LocationDef;

/** Base-set Locations that fit, in id order, none of those already taken. */
function locations(n: number, fits: (l: LocationDef) => boolean, taken: readonly string[] = []): string[] {
  const found = cards.cards.filter((c): c is LocationDef => c.kind === "location" && c.set === "base" && !taken.includes(c.id) && fits(c)).map((c) => c.id);
  if (found.length < n) throw new Error(`only ${found.length} base-set Locations fit`);
  return found.slice(0, n);
}

/** Plays a Location from the hand as a player does, its range paid with one contact token of its distance, a deal under the Base. */
function deploy(game: Game, seat: number, kind: DeployKind, card: string): void {
  giveCard(game, seat, card);
  player(game, seat).pool.contactTokens.push({ colour: colourOf[kind], range: location(card).distance });
  const byToken = (plan: RangePlan): boolean => plan.tokens.length === 1 && plan.contacts.length === 0 && plan.permanents.length === 0;
  perform(game, seat, { kind, card }, answering({ "range-plan": byToken, placement: () => true }));
}

/** Builds `card` over the Location at `replaces`, paid with a Redevelopment token. */
function redevelop(game: Game, seat: number, card: string, replaces: number): void {
  giveCard(game, seat, card);
  player(game, seat).pool.redevelopment++;
  perform(game, seat, { kind: "redevelop", card, replaces, pay: "token" });
}

const vpOn = (game: Game, seat: number, card: string): number[] =>
  player(game, seat)
    .locations.find((l) => l.card === card)!
    .vpTokens.map((t) => t.value);

describe("after incorporate distance 3 (Surveyors' Lodge): VP on the card when its owner plays such a Location", () => {
  it("scores for an Incorporation of a distance-3 Location only, its owner's only, on the Lodge itself", () => {
    const game = testGame({ cards });
    placeLocation(game, 0, "surveyors-lodge");
    const [far, farther] = locations(2, (l) => l.distance === 3);
    const [near] = locations(1, (l) => l.distance === 2);
    deploy(game, 0, "incorporate", far!);
    expect(vpOn(game, 0, "surveyors-lodge")).toEqual([1]);
    deploy(game, 0, "incorporate", near!);
    deploy(game, 0, "conquer", farther!);
    deploy(game, 1, "incorporate", locations(1, (l) => l.distance === 3, [far!, farther!])[0]!);
    expect(vpOn(game, 0, "surveyors-lodge")).toEqual([1]);
    expect(player(game, 0).baseVp).toEqual([]);
  });

  it("holds at most 3 VP tokens (the three-slot rule)", () => {
    const game = testGame({ cards });
    placeLocation(game, 0, "surveyors-lodge");
    for (const id of locations(4, (l) => l.distance === 3)) deploy(game, 0, "incorporate", id);
    expect(vpOn(game, 0, "surveyors-lodge")).toEqual([1, 1, 1]);
  });
});

describe("after play scrap card as location (Salvage Crew): a card played as a Location, by Incorporation or Redevelopment", () => {
  it("scores for a Scrap card incorporated or built, not for one conquered, nor for its own arrival", () => {
    const game = testGame({ cards });
    const p = player(game, 0);
    deploy(game, 0, "incorporate", "salvage-crew");
    expect(vpOn(game, 0, "salvage-crew")).toEqual([]);
    const [first, second, spoils] = locations(3, (l) => l.types.includes("scrap") && l.distance === 1);
    deploy(game, 0, "incorporate", first!);
    expect(vpOn(game, 0, "salvage-crew")).toEqual([1]);
    deploy(game, 0, "conquer", spoils!);
    expect(vpOn(game, 0, "salvage-crew")).toEqual([1]);
    redevelop(game, 0, second!, p.locations.findIndex((l) => l.card === first));
    expect(vpOn(game, 0, "salvage-crew")).toEqual([1, 1]);
  });

  it("does not hear its own arrival by Redevelopment either", () => {
    const game = testGame({ cards });
    placeLocation(game, 0, locations(1, (l) => l.types.includes("scrap"))[0]!);
    redevelop(game, 0, "salvage-crew", 0);
    expect(player(game, 0).locations.map((l) => l.card)).toEqual(["salvage-crew"]);
    expect(vpOn(game, 0, "salvage-crew")).toEqual([]);
  });
});

describe("after production (Salvage Crew): gains once its owner's Production is done", () => {
  /** Seat 0's Scrap after a Production phase, with `setUp` done first. */
  const scrapAfterProduction = (setUp: (game: Game) => void, set: CardRegistry = cards): number => {
    const game = testGame({ cards: set });
    setUp(game);
    runPhase(game, "production");
    return player(game, 0).pool.resources["scrap"] ?? 0;
  };

  it("gives 1 Scrap more than the Base's while the card is a Location; as an Agreement it gives only its blue part", () => {
    const base = scrapAfterProduction(() => {});
    expect(scrapAfterProduction((g) => placeLocation(g, 0, "salvage-crew"))).toBe(base + 1);
    const asAgreement = (g: Game): void => {
      placeLocation(g, 0, "salvage-crew");
      const p = player(g, 0);
      p.baseDeals.push({ card: p.locations.pop()!.card, kind: "agreement" });
    };
    expect(scrapAfterProduction(asAgreement)).toBe(base + 1);
  });

  it("puts resources on the card when it keeps them (the keep icon)", () => {
    const keeper: LocationDef = {
      ...location("salvage-crew"),
      id: "test-keeper",
      ability: { pattern: "trait", traits: [{ kind: "after", trigger: { kind: "production" }, gains: { calls: [{ call: "resource", resource: "fuel", amount: 1 }], run: (give) => give.resource({ resource: "fuel", amount: 1 }) } }] },
      keep: { limit: undefined },
    };
    const game = testGame({ cards: plus(keeper) });
    placeLocation(game, 0, "test-keeper");
    runPhase(game, "production");
    expect(player(game, 0).locations[0]!.resources).toEqual({ fuel: 1 });
  });
});

describe("after pass (Campfire, and a Leader): gains when the owner passes", () => {
  const restingLeader: LeaderDef = {
    id: "test-leader",
    kind: "leader",
    name: { en: "Test Leader", fr: "Chef de test" },
    set: "test",
    resources: { calls: [], run: () => {} },
    once: undefined,
    ability: { kind: "after", trigger: { kind: "pass" }, gains: { calls: [{ call: "vp", tokens: 1, value: 1 }], run: (give) => give.vp({ tokens: 1, value: 1 }) } },
  };

  it("puts 1 VP on the Campfire at each pass, at most 3, and on the Leader for the Leader's trigger", () => {
    const game = testGame({ cards: plus(restingLeader) });
    const p = player(game, 0);
    placeLocation(game, 0, "campfire");
    giveCard(game, 0, "test-leader");
    perform(game, 0, { kind: "play-leader", card: "test-leader" });
    for (let round = 0; round < 4; round++) {
      p.passed = false;
      perform(game, 0, { kind: "pass" });
    }
    expect(vpOn(game, 0, "campfire")).toEqual([1, 1, 1]);
    expect(p.leader!.vpTokens.map((t) => t.value)).toEqual([1, 1, 1, 1]);
  });

  it("gives nothing while the card is a Spoils, nor for an opponent's pass", () => {
    const asSpoils = testGame({ cards });
    placeLocation(asSpoils, 0, "campfire");
    const p = player(asSpoils, 0);
    p.baseDeals.push({ card: p.locations.pop()!.card, kind: "spoils" });
    perform(asSpoils, 0, { kind: "pass" });
    expect(p.baseVp).toEqual([]);

    const opponents = testGame({ cards });
    placeLocation(opponents, 0, "campfire");
    perform(opponents, 1, { kind: "pass" });
    expect(vpOn(opponents, 0, "campfire")).toEqual([]);
  });
});

describe("the example expansion's triggers in play", () => {
  it("plays 30 more seeded 4-player random-bot games, every invariant kept after every step, the triggers scoring", () => {
    const triggerCards = ["surveyors-lodge", "salvage-crew", "campfire"];
    const scored = checkedGames(cards, Array.from({ length: 30 }, (_, i) => 101 + i))
      .flatMap((g) => g.state.players.flatMap((p) => p.locations))
      .filter((l) => triggerCards.includes(l.card) && l.vpTokens.length > 0).length;
    expect(scored).toBeGreaterThan(0);
  });
});
