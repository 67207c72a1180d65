/**
 * The `range` trait (src/constructs/traits/range.ts) at every stage, on the
 * example expansion's cards (cards/examples/wastelanders.yaml): its code, and
 * the range its owner needs while the card is in play (ruling 32). Parsing,
 * text and misuse are pinned by the AST goldens, the example's text goldens
 * and the invalid fixtures (range-*.yaml).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { GeneratedFile } from "../src/compiler/compile.js";
import type { Decision, DeployKind, RangePlan } from "../src/engine/choices.js";
import type { CardRegistry } from "../src/engine/definitions.js";
import type { Game } from "../src/engine/game.js";
import { checkedGames } from "./invariants.js";
import { answering, giveCard, perform, placeLocation, player, testGame, actionsOf } from "./engine-harness.js";
import { exampleExpansion } from "./example-expansion.js";

let files: GeneratedFile[];
let cards: CardRegistry;

beforeAll(async () => {
  ({ files, cards } = await exampleExpansion());
});

describe("range: the code it compiles to", () => {
  it("is a trait with its signed amount and its distance or card type, as data", () => {
    const text = files.map((f) => f.text).join("\n");
    expect(text).toContain('traits: [\n      { kind: "range", amount: -1, distance: 3 },\n    ],');
    expect(text).toContain('traits: [\n      { kind: "range", amount: -1, cardType: "scrap" },\n    ],');
    expect(text).toContain('{ kind: "range", amount: 1, distance: 1 },');
  });
});

const colours = { conquer: "conquest", cooperate: "cooperation", incorporate: "incorporation" } as const;

/**
 * A game whose seat 0 has `inPlay` as Locations, `target` in hand, and one
 * contact token of `range` in each colour; its permanent Contacts are spent.
 */
function gameWith(inPlay: readonly string[], target: string, range: number): Game {
  const game = testGame({ cards });
  for (const card of inPlay) placeLocation(game, 0, card);
  const p = player(game, 0);
  for (const c of p.contacts) c.usedThisTurn = true;
  if (range > 0) for (const colour of Object.values(colours)) p.pool.contactTokens.push({ colour, range });
  giveCard(game, 0, target);
  return game;
}

/** The ways seat 0 may play `target`: the deployment actions offered for it. */
function waysToPlay(game: Game, target: string): DeployKind[] {
  return actionsOf(game, 0).flatMap((a) => (a.kind in colours && "card" in a && a.card === target ? [a.kind as DeployKind] : []));
}

describe("range -1 distance 3: the owner needs 1 less range for distance-3 cards", () => {
  it("offers all three ways to play Oil Field (distance 3) with 2 range, which the base rule refuses", () => {
    expect(waysToPlay(gameWith([], "oil-field", 2), "oil-field")).toEqual([]);
    expect(waysToPlay(gameWith(["signal-beacon"], "oil-field", 2), "oil-field")).toEqual(["conquer", "cooperate", "incorporate"]);
    // A distance-2 card needs its 2, as before.
    expect(waysToPlay(gameWith(["signal-beacon"], "refinery", 1), "refinery")).toEqual([]);
  });

  it("incorporates with a range-2 token: the token is spent and the card is in play", () => {
    const game = gameWith(["signal-beacon"], "oil-field", 2);
    const p = player(game, 0);
    perform(game, 0, { kind: "incorporate", card: "oil-field" });
    expect(p.locations.map((l) => l.card)).toEqual(["signal-beacon", "oil-field"]);
    expect(p.pool.contactTokens.map((t) => t.colour)).toEqual(["conquest", "cooperation"]);
    expect(p.hand).toEqual([]);
  });

  it("offers the plans with nothing to spare for the range needed, and spends the one chosen", () => {
    const game = gameWith(["signal-beacon"], "oil-field", 1);
    const p = player(game, 0);
    p.pool.contactTokens.push({ colour: "conquest", range: 1 }, { colour: "conquest", range: 2 });
    const asked: (readonly RangePlan[])[] = [];
    const pick = (plan: RangePlan, d: Decision): boolean => (asked.push(d.choices as readonly RangePlan[]), plan.tokens.length === 2);
    perform(game, 0, { kind: "conquer", card: "oil-field" }, answering({ "range-plan": pick, placement: () => true }));
    // Two range-1 conquest tokens, or the range-2 one: 2 is enough, so no plan holds all three.
    expect(asked[0]).toEqual([
      { tokens: [0, 3], permanents: [], contacts: [] },
      { tokens: [4], permanents: [], contacts: [] },
    ]);
    expect(p.pool.contactTokens).toEqual([{ colour: "cooperation", range: 1 }, { colour: "incorporation", range: 1 }, { colour: "conquest", range: 2 }]);
    expect(p.baseDeals).toEqual([{ card: "oil-field", kind: "spoils" }]);
  });

  it("holds only for its owner, and only while the card is a Location in their play area", () => {
    const game = gameWith([], "oil-field", 2);
    placeLocation(game, 1, "signal-beacon");
    expect(waysToPlay(game, "oil-field")).toEqual([]);
    const asAgreement = gameWith([], "oil-field", 2);
    const deck = asAgreement.state.deck;
    player(asAgreement, 0).baseDeals.push({ card: deck.splice(deck.indexOf("signal-beacon"), 1)[0]!, kind: "agreement" });
    expect(waysToPlay(asAgreement, "oil-field")).toEqual([]);
  });
});

describe("range -1 scrap card: the owner needs 1 less range for Scrap cards", () => {
  it("changes a Scrap card of any distance, and no other type", () => {
    expect(waysToPlay(gameWith(["scavengers-map"], "foundry", 2), "foundry")).toEqual(["conquer", "cooperate", "incorporate"]);
    expect(waysToPlay(gameWith(["scavengers-map"], "airfield", 2), "airfield")).toEqual([]);
  });

  it("adds up with the distance's change: Foundry (distance 3, Scrap) needs 1 with both cards in play", () => {
    expect(waysToPlay(gameWith(["scavengers-map"], "foundry", 1), "foundry")).toEqual([]);
    expect(waysToPlay(gameWith(["scavengers-map", "signal-beacon"], "foundry", 1), "foundry")).toEqual(["conquer", "cooperate", "incorporate"]);
  });

  it("never below 0: Scrapyard (distance 1) needs no Contact, and the player still chooses how to play it", () => {
    const ways = (how: DeployKind): void => {
      const game = gameWith(["scavengers-map"], "scrapyard", 0);
      expect(waysToPlay(game, "scrapyard")).toEqual(["conquer", "cooperate", "incorporate"]);
      // No range plan to choose (nothing is spent); a deal still asks where it goes when there is a choice.
      perform(game, 0, { kind: how, card: "scrapyard" }, answering({ placement: () => true }));
      const p = player(game, 0);
      const placed = how === "incorporate" ? p.locations.map((l) => l.card) : p.baseDeals.map((d) => `${d.kind}:${d.card}`);
      expect(placed).toContain(how === "incorporate" ? "scrapyard" : `${how === "conquer" ? "spoils" : "agreement"}:scrapyard`);
    };
    for (const how of ["conquer", "cooperate", "incorporate"] as const) ways(how);
  });
});

describe("range +1 distance 1: a drawback, the owner needs 1 more range for distance-1 cards", () => {
  it("refuses Scrapyard with 1 range and offers it with 2; other distances are as printed", () => {
    expect(waysToPlay(gameWith(["mountain-fortress"], "scrapyard", 1), "scrapyard")).toEqual([]);
    expect(waysToPlay(gameWith(["mountain-fortress"], "scrapyard", 2), "scrapyard")).toEqual(["conquer", "cooperate", "incorporate"]);
    expect(waysToPlay(gameWith(["mountain-fortress"], "refinery", 2), "refinery")).toEqual(["conquer", "cooperate", "incorporate"]);
  });

  it("cancels a -1 for the same card: Scavengers' Map and Mountain Fortress leave Scrapyard at 1", () => {
    expect(waysToPlay(gameWith(["mountain-fortress", "scavengers-map"], "scrapyard", 1), "scrapyard")).toEqual(["conquer", "cooperate", "incorporate"]);
    expect(waysToPlay(gameWith(["mountain-fortress", "scavengers-map"], "scrapyard", 0), "scrapyard")).toEqual([]);
  });
});

describe("the example expansion's range cards in play", () => {
  it("play 40 seeded 4-player random-bot games shuffled into the base set, every invariant kept after every step", () => {
    const games = checkedGames(cards, Array.from({ length: 40 }, (_, i) => 101 + i));
    games.forEach((game, i) => expect(game.state.winners.length, `seed ${101 + i} ends with a winner`).toBeGreaterThan(0));
    const owners = games.flatMap((g) => g.state.players).filter((p) => p.locations.some((l) => ["signal-beacon", "scavengers-map", "mountain-fortress"].includes(l.card)));
    expect(owners.length).toBeGreaterThan(0);
  });
});
