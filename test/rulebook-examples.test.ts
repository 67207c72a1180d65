/**
 * The rulebook's worked examples and its numbered rules, played on the engine
 * with the compiled base set.
 */
import { describe, expect, it } from "vitest";
import { applyAction, legalActions } from "../src/engine/actions.js";
import type { Action, Decision } from "../src/engine/choices.js";
import { runLookout } from "../src/engine/lookout.js";
import { runProduction } from "../src/engine/production.js";
import { decideWinners, recordTieBreak, scoreOf } from "../src/engine/scoring.js";
import type { GameState } from "../src/engine/state.js";
import { agentOf, giveCard, placeLocation, player, testGame } from "./engine-harness.js";

/** An action of one kind (conquer and cooperate share a member of the union, hence the intersection). */
type Of<K extends Action["kind"]> = Action & { readonly kind: K };

const find = <K extends Action["kind"]>(actions: Action[], kind: K, pred: (a: Of<K>) => boolean = () => true): Of<K> | undefined =>
  actions.find((a): a is Of<K> => a.kind === kind && pred(a as Of<K>));

describe("Victory Point scoring example", () => {
  it("one Location with one 1-VP token scores 2; then two Locations with 2 + 1 tokens score 5", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "scrapyard");
    p.locations[0]!.vpTokens.push({ value: 1 });
    expect(scoreOf(p)).toBe(2);
    placeLocation(game, 0, "oil-well");
    p.locations[0]!.vpTokens.push({ value: 1 });
    p.locations[1]!.vpTokens.push({ value: 1 });
    expect(scoreOf(p)).toBe(5);
  });
});

describe("Conquest example", () => {
  it("Mutants plus one conquest token of value 1 put Assembly Plant (distance 3) into play as Spoils", () => {
    const game = testGame({ factions: ["mutants-union", "new-york"] });
    const p = player(game, 0);
    giveCard(game, 0, "assembly-plant");
    p.pool.resources["weapons"] = 1; // Mutants' price
    expect(find(legalActions(game, 0), "conquer", (a) => a.card === "assembly-plant")).toBeUndefined();
    p.pool.contactTokens.push({ colour: "conquest", range: 1 });
    const conquer = find(legalActions(game, 0), "conquer", (a) => a.card === "assembly-plant")!;
    expect(conquer.plan).toEqual({ permanents: ["mutants"], tokens: [0], contacts: [] });
    applyAction(game, 0, conquer);
    expect(p.baseDeals).toEqual([{ card: "assembly-plant", kind: "spoils" }]);
    expect(p.contacts.find((c) => c.card === "mutants")!.usedThisTurn).toBe(true);
    expect(p.pool.contactTokens).toEqual([]);
    expect(p.pool.resources["weapons"] ?? 0).toBe(0);
    expect(p.hand).toEqual([]);
  });
});

describe("Cooperation example", () => {
  it("Junk Train (range 2) puts Storehouse (distance 2) into play as an Agreement, and is discarded", () => {
    const game = testGame({ factions: ["new-york", "mutants-union"] });
    const p = player(game, 0);
    giveCard(game, 0, "junk-train");
    giveCard(game, 0, "storehouse");
    const cooperate = find(legalActions(game, 0), "cooperate", (a) => a.card === "storehouse")!;
    expect(cooperate.plan).toEqual({ permanents: [], tokens: [], contacts: ["junk-train"] });
    applyAction(game, 0, cooperate);
    expect(p.baseDeals).toEqual([{ card: "storehouse", kind: "agreement" }]);
    expect(p.hand).toEqual([]);
    expect(game.state.discard).toContain("junk-train");
  });
});

describe("Redevelopment example", () => {
  it("Scrapyard is built over Heavy Gear (a shared card type) for 1 building material, ignoring distance", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "heavy-gear");
    p.locations[0]!.vpTokens.push({ value: 1 });
    p.locations[0]!.resources["fuel"] = 1;
    giveCard(game, 0, "scrapyard");
    p.pool.resources["building-material"] = 1;
    const redevelop = find(legalActions(game, 0), "redevelop", (a) => a.card === "scrapyard")!;
    expect(redevelop).toMatchObject({ replaces: 0, pay: "building-material" });
    applyAction(game, 0, redevelop);
    expect(p.locations.map((l) => l.card)).toEqual(["scrapyard"]);
    expect(game.state.discard).toContain("heavy-gear");
    // The old card's VP and resources go to the Base, plus a 2-VP token (1 for the card, 1 for the action).
    expect(p.baseVp).toEqual([{ value: 1 }, { value: 2 }]);
    expect(p.pool.resources["fuel"]).toBe(1);
    expect(p.pool.resources["building-material"] ?? 0).toBe(0);
    // Scrapyard is a production card: it comes into play with its production.
    expect(p.pool.resources["scrap"]).toBe(1);
    expect(scoreOf(p)).toBe(1 + 1 + 2);
  });

  it("a second redevelopment in the same turn costs a Redevelopment token, not building material", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "heavy-gear");
    giveCard(game, 0, "scrapyard");
    p.pool.resources["building-material"] = 2;
    p.redevelopments = 1;
    expect(find(legalActions(game, 0), "redevelop")).toBeUndefined();
    p.pool.redevelopment = 1;
    const redevelop = find(legalActions(game, 0), "redevelop")!;
    expect(redevelop.pay).toBe("token");
    applyAction(game, 0, redevelop);
    expect(p.pool.redevelopment).toBe(0);
    expect(p.pool.resources["building-material"]).toBe(2);
  });

  it("needs a shared card type", () => {
    const game = testGame();
    placeLocation(game, 0, "oil-well"); // fuel
    giveCard(game, 0, "scrapyard"); // scrap
    player(game, 0).pool.resources["building-material"] = 1;
    expect(find(legalActions(game, 0), "redevelop")).toBeUndefined();
  });
});

describe("worker costs", () => {
  it("Barracks needs 2 workers, 3 the second time, and cannot be used a third time", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "barracks");
    p.pool.workers = 1;
    expect(find(legalActions(game, 0), "work")).toBeUndefined();
    p.pool.workers = 5;
    applyAction(game, 0, find(legalActions(game, 0), "work")!);
    expect(p.pool.workers).toBe(3);
    applyAction(game, 0, find(legalActions(game, 0), "work")!);
    expect(p.pool.workers).toBe(0);
    expect(p.pool.contactTokens).toEqual([{ colour: "conquest", range: 2 }, { colour: "conquest", range: 2 }]);
    p.pool.workers = 10;
    expect(find(legalActions(game, 0), "work")).toBeUndefined();
  });

  it("a one-worker action costs 1 worker, then 2 the second time", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "shooting-range");
    p.pool.workers = 3;
    p.pool.resources["weapons"] = 2;
    applyAction(game, 0, find(legalActions(game, 0), "work")!);
    expect(p.pool.workers).toBe(2);
    applyAction(game, 0, find(legalActions(game, 0), "work")!);
    expect(p.pool.workers).toBe(0);
    expect(p.locations[0]!.vpTokens).toEqual([{ value: 1 }, { value: 1 }]);
  });

  it("two workers buy one basic resource", () => {
    const game = testGame();
    const p = player(game, 0);
    p.pool.workers = 2;
    const offered = legalActions(game, 0).flatMap((a) => (a.kind === "workers-for-resource" ? [a.resource] : []));
    expect(offered.sort()).toEqual(["building-material", "fuel", "scrap", "weapons"]);
    applyAction(game, 0, find(legalActions(game, 0), "workers-for-resource", (a) => a.resource === "fuel")!);
    expect(p.pool).toMatchObject({ workers: 0, resources: { fuel: 1 } });
    expect(find(legalActions(game, 0), "workers-for-resource")).toBeUndefined();
  });
});

describe("Lookout sequences", () => {
  function picks(players: number): { seat: number; from: number }[] {
    const seen: { seat: number; from: number }[] = [];
    const answer = (d: Decision): number => {
      if (d.kind === "lookout-pick") seen.push({ seat: d.seat, from: d.choices.length });
      return 0;
    };
    const factions = ["new-york", "mutants-union", "merchants-guild", "appalachian-federation"].slice(0, players);
    const game = testGame({ factions, agents: factions.map(() => agentOf(answer)) });
    const hands = () => game.state.players.map((p) => p.hand.length);
    const deckBefore = game.state.deck.length;
    runLookout(game);
    // Every player ends with 2 picked cards plus 1 drawn; the last revealed card is discarded.
    expect(hands()).toEqual(factions.map(() => 3));
    expect(game.state.discard).toHaveLength(1);
    expect(game.state.revealed).toEqual([]);
    expect(deckBefore - game.state.deck.length).toBe(3 * players + 1);
    return seen;
  }
  const A = 0, B = 1, C = 2, D = 3;
  it("2 players: A 1 of 5, B 1 of 4, A 1 of 3, B 1 of 2", () => {
    expect(picks(2)).toEqual([{ seat: A, from: 5 }, { seat: B, from: 4 }, { seat: A, from: 3 }, { seat: B, from: 2 }]);
  });
  it("3 players (English sequence, ruling 1): A 5, B 4 (+1), C 4, A 3 (+1), B 3, C 2", () => {
    expect(picks(3)).toEqual([
      { seat: A, from: 5 }, { seat: B, from: 4 }, { seat: C, from: 4 },
      { seat: A, from: 3 }, { seat: B, from: 3 }, { seat: C, from: 2 },
    ]);
  });
  it("4 players: A 5, B 4 (+1), C 4 (+1), D 4, A 3 (+1), B 3 (+1), C 3, D 2", () => {
    expect(picks(4)).toEqual([
      { seat: A, from: 5 }, { seat: B, from: 4 }, { seat: C, from: 4 }, { seat: D, from: 4 },
      { seat: A, from: 3 }, { seat: B, from: 3 }, { seat: C, from: 3 }, { seat: D, from: 2 },
    ]);
  });
});

describe("10 cards in hand", () => {
  it("during the Lookout, a player at 10 cards discards what they pick and draw", () => {
    const game = testGame({ agents: [agentOf(() => 0), agentOf(() => 0)] });
    const p = player(game, 0);
    for (const id of game.state.deck.slice(0, 10)) giveCard(game, 0, id);
    runLookout(game);
    expect(p.hand).toHaveLength(10);
    expect(player(game, 1).hand).toHaveLength(3);
    // A's 2 picks and 1 draw, plus the last revealed card.
    expect(game.state.discard).toHaveLength(4);
  });
});

describe("three-slot rule and the Leader's five tokens", () => {
  it("a Location stops producing VP once it holds 3 VP tokens", () => {
    const game = testGame({ agents: [agentOf(() => 0), agentOf(() => 0)] });
    placeLocation(game, 0, "manufacture");
    for (let i = 0; i < 5; i++) runProduction(game);
    expect(player(game, 0).locations[0]!.vpTokens).toEqual([{ value: 1 }, { value: 1 }, { value: 1 }]);
  });

  it("a Base holds 3 deals: a fourth replaces one", () => {
    const game = testGame();
    const p = player(game, 0);
    p.baseDeals.push({ card: "scrapyard", kind: "spoils" }, { card: "oil-well", kind: "spoils" }, { card: "pub", kind: "agreement" });
    for (const id of ["scrapyard", "oil-well", "pub"]) game.state.deck.splice(game.state.deck.indexOf(id), 1);
    giveCard(game, 0, "gun-shop");
    p.pool.contactTokens.push({ colour: "conquest", range: 1 });
    const conquers = legalActions(game, 0).filter((a) => a.kind === "conquer");
    expect(conquers.map((a) => (a as { replace: number | undefined }).replace)).toEqual([0, 1, 2]);
    applyAction(game, 0, conquers[1]!);
    expect(p.baseDeals.map((d) => d.card)).toEqual(["scrapyard", "pub", "gun-shop"]);
    expect(game.state.discard).toContain("oil-well");
  });

  it("a Leader holds at most 5 VP tokens", () => {
    const game = testGame();
    const p = player(game, 0);
    giveCard(game, 0, "borgo-the-almighty");
    applyAction(game, 0, find(legalActions(game, 0), "play-leader")!);
    for (let i = 0; i < 7; i++) {
      const card = game.state.deck.find((id) => game.cards.byId.get(id)?.kind === "location" && (game.cards.byId.get(id) as { distance: number }).distance === 1)!;
      giveCard(game, 0, card);
      p.pool.contactTokens.push({ colour: "conquest", range: 1 });
      p.baseDeals = [];
      applyAction(game, 0, find(legalActions(game, 0), "conquer", (a) => a.card === card)!);
    }
    expect(p.leader!.vpTokens).toHaveLength(5);
  });
});

describe("tie-breaks", () => {
  function tie(hands: number[], unused: number[]): number[] {
    const game = testGame();
    const s: GameState = game.state;
    s.players.forEach((p, i) => {
      p.score = 30;
      p.hand = game.state.deck.splice(0, hands[i]!);
      p.pool.workers = unused[i]!;
    });
    recordTieBreak(s);
    return decideWinners(s);
  }
  it("the most VP wins", () => {
    const game = testGame();
    game.state.players[0]!.score = 31;
    game.state.players[1]!.score = 30;
    recordTieBreak(game.state);
    expect(decideWinners(game.state)).toEqual([0]);
  });
  it("a tie goes to more cards in hand", () => expect(tie([2, 3], [5, 0])).toEqual([1]));
  it("then to more unused resources and workers", () => expect(tie([3, 3], [1, 4])).toEqual([1]));
  it("else it is a draw", () => expect(tie([3, 3], [2, 2])).toEqual([0, 1]));
});
