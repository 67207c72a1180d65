/**
 * Conditions (src/constructs/conditions: `you have a leader`, `you have N
 * <type> cards`, `you hold N <resource>`, `you have fewer vp than an
 * opponent`) on the example expansion's cards, at every stage but parsing and
 * text, which the AST goldens (condition-*.json), the example's text goldens
 * and the invalid fixtures (condition-*.yaml) pin: the code they compile to,
 * what they change in the engine and when it tests them (ruling 39), the
 * hints of their misuses, and seeded games with the cards in.
 */
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { compileCards, type GeneratedFile } from "../src/compiler/compile.js";
import type { CardRegistry, LeaderDef } from "../src/engine/definitions.js";
import type { Game } from "../src/engine/game.js";
import { runTasks } from "../src/engine/machine.js";
import { validatePaths } from "../src/pipeline/validate.js";
import { textRenderer } from "../src/text/render.js";
import { answering, findAction, giveCard, perform, placeLocation, player, testGame, unexpected } from "./engine-harness.js";
import { exampleExpansion } from "./example-expansion.js";
import { evaluateModule, validateText } from "./helpers.js";
import { checkedGames } from "./invariants.js";

let files: GeneratedFile[];
let cards: CardRegistry;

beforeAll(async () => {
  ({ files, cards } = await exampleExpansion());
});

describe("the code conditions compile to: data, never code", () => {
  it("writes gains under a condition as one give.onlyIf call holding the condition and the gains", () => {
    const text = files.map((f) => f.text).join("\n");
    expect(text).toContain(
      '      run: (give) => {\n        give.onlyIf({\n          condition: { kind: "leader" },\n          gains: (give) => {\n            give.resource({ resource: "weapons", amount: 2 });\n          },\n        });\n      },',
    );
    // As data, the condition's gains are their calls.
    expect(text).toContain('{\n          call: "onlyIf",\n          condition: { kind: "leader" },\n          gains: [\n            { call: "resource", resource: "weapons", amount: 2 },\n          ],\n        },');
    expect(text).toContain('condition: { kind: "cards", cardType: "fuel", count: 3 },');
    // Beside what is given outright, in the order written.
    expect(text).toContain('    run: (give) => {\n      give.resource({ resource: "fuel", amount: 2 });\n      give.onlyIf({\n        condition: { kind: "fewer" },');
  });

  it("writes an action's condition as a field of the action, after what it does", () => {
    const text = files.map((f) => f.text).join("\n");
    expect(text).toMatch(/run: \(act\) => \{\s*act\.vp\(\{ tokens: 1, value: 2 \}\);\s*\},\s*\},\s*condition: \{ kind: "hold", resource: "scrap", count: 2 \},/);
  });
});

/** A 2-player game in its Actions phase, seat 0 with `card` in play. */
function gameWith(card: string): Game {
  const game = testGame({ cards });
  placeLocation(game, 0, card);
  return game;
}

/** Puts a Leader from the deck into play for a seat, as if played. */
function withLeader(game: Game, seat: number, id = "junky-joe"): void {
  giveCard(game, seat, id);
  const p = player(game, seat);
  p.hand.splice(p.hand.indexOf(id), 1);
  p.leader = { card: id, resources: {}, vpTokens: [], uses: 0 };
}

/** Seat 0's production Locations produce (nothing else of the Production phase). */
function produceLocations(game: Game, seat = 0): void {
  runTasks(game, [{ kind: "produce-locations", seat }], unexpected);
}

describe("you have a leader (Warband Armoury: produce 2 weapons if you have a leader)", () => {
  it("produces only while its owner has a Leader in play", () => {
    const game = gameWith("warband-armoury");
    produceLocations(game);
    expect(player(game, 0).pool.resources).toEqual({});
    withLeader(game, 0);
    produceLocations(game);
    expect(player(game, 0).pool.resources).toEqual({ weapons: 2 });
  });

  it("comes into play with its tokens only if the condition holds as it arrives (ruling 39)", () => {
    const arrive = (leader: boolean): Record<string, number> => {
      const game = testGame({ cards });
      if (leader) withLeader(game, 0);
      giveCard(game, 0, "warband-armoury");
      runTasks(game, [{ kind: "deploy-place", seat: 0, deploy: "incorporate", card: "warband-armoury" }], unexpected);
      return player(game, 0).pool.resources;
    };
    expect(arrive(false)).toEqual({});
    expect(arrive(true)).toEqual({ weapons: 2 });
  });
});

describe("you have 3 fuel cards (Pipeline Junction: produce 1 vp if you have 3 fuel cards)", () => {
  it("counts the Locations of the type in its owner's area, itself included; not Spoils or Agreements", () => {
    const game = gameWith("pipeline-junction");
    const p = player(game, 0);
    placeLocation(game, 0, "signal-beacon");
    const deck = game.state.deck;
    p.baseDeals.push({ card: deck.splice(deck.indexOf("labour-exchange"), 1)[0]!, kind: "agreement" });
    produceLocations(game);
    expect(p.locations[0]!.vpTokens).toEqual([]);
    placeLocation(game, 0, "campfire");
    produceLocations(game);
    expect(p.locations[0]!.vpTokens).toEqual([{ value: 1 }]);
  });

  it("is tested for the opponent who sends a Worker to the open production, and what it gives goes to them", () => {
    const send = (fuelCards: readonly string[]): number => {
      const game = gameWith("pipeline-junction");
      for (const c of fuelCards) placeLocation(game, 1, c);
      player(game, 1).pool.workers = 1;
      perform(game, 1, { kind: "send-worker", owner: 0, location: 0 });
      return player(game, 1).baseVp.length;
    };
    expect(send(["signal-beacon", "labour-exchange"])).toBe(0);
    expect(send(["signal-beacon", "labour-exchange", "campfire"])).toBe(1);
  });
});

describe("you hold 2 scrap (Smugglers' Den: action: pay 1 fuel -> 2 vp if you hold 2 scrap)", () => {
  /** Whether seat 0, with 1 Worker and 1 Fuel besides `set`, is offered the Den's action. */
  function offered(set: (game: Game) => void): boolean {
    const game = gameWith("smugglers-den");
    const p = player(game, 0);
    p.pool.workers = 1;
    p.pool.resources = { fuel: 1 };
    set(game);
    return findAction(game, 0, "work") !== undefined;
  }

  it("is offered only while the player holds 2 Scrap, wherever they could spend them from", () => {
    expect(offered(() => {})).toBe(false);
    expect(offered((g) => (player(g, 0).pool.resources["scrap"] = 1))).toBe(false);
    expect(offered((g) => (player(g, 0).pool.resources["scrap"] = 2))).toBe(true);
    expect(
      offered((g) => {
        withLeader(g, 0);
        player(g, 0).pool.resources["scrap"] = 1;
        player(g, 0).leader!.resources["scrap"] = 1;
      }),
    ).toBe(true);
  });

  it("does not count a universal token as Scrap (ruling 39)", () => {
    expect(offered((g) => Object.assign(player(g, 0).pool.resources, { scrap: 1, universal: 1 }))).toBe(false);
  });

  it("once offered, is used as any action: the cost paid, the gains given", () => {
    const game = gameWith("smugglers-den");
    const p = player(game, 0);
    p.pool.workers = 1;
    p.pool.resources = { fuel: 1, scrap: 2 };
    perform(game, 0, { kind: "work", location: 0 });
    expect(p.pool.resources).toEqual({ scrap: 2 });
    expect(p.locations[0]!.vpTokens).toEqual([{ value: 2 }]);
  });
});

describe("you have fewer vp than an opponent (Pipeline Junction's Spoils: gain 2 fuel; gain 1 vp if …)", () => {
  /** Seat 0 cashes the Spoils with `mine` VP tokens on its Base against the opponent's `theirs`: the VP tokens on its Base after. */
  function cash(mine: number, theirs: number): { vp: number; fuel: number } {
    const game = testGame({ cards });
    const [me, them] = [player(game, 0), player(game, 1)];
    const deck = game.state.deck;
    me.baseDeals.push({ card: deck.splice(deck.indexOf("pipeline-junction"), 1)[0]!, kind: "spoils" });
    me.baseVp = Array.from({ length: mine }, () => ({ value: 1 as const }));
    them.baseVp = Array.from({ length: theirs }, () => ({ value: 1 as const }));
    game.state.phase = "production";
    runTasks(game, [{ kind: "cash-spoils", seat: 0 }], answering({ "cash-spoils": (c: { kind: string }) => c.kind === "cash" }));
    return { vp: me.baseVp.length - mine, fuel: me.pool.resources["fuel"] ?? 0 };
  }

  it("gives the VP only while an opponent has more VP, counted now; the rest always", () => {
    expect(cash(0, 1)).toEqual({ vp: 1, fuel: 2 });
    expect(cash(1, 1)).toEqual({ vp: 0, fuel: 2 });
    expect(cash(2, 1)).toEqual({ vp: 0, fuel: 2 });
  });

  it("counts Locations and a Leader in play as the VP count does", () => {
    const game = testGame({ cards });
    placeLocation(game, 1, "scrapyard");
    const deck = game.state.deck;
    player(game, 0).baseDeals.push({ card: deck.splice(deck.indexOf("pipeline-junction"), 1)[0]!, kind: "spoils" });
    game.state.phase = "production";
    runTasks(game, [{ kind: "cash-spoils", seat: 0 }], answering({ "cash-spoils": (c: { kind: string }) => c.kind === "cash" }));
    expect(player(game, 0).baseVp).toEqual([{ value: 1 }]);
  });
});

describe("a Leader's action under a condition (action(0 workers, repeatable): pay 2 cards -> 1 vp if you have fewer vp than an opponent)", () => {
  it("compiles, reads, and is offered only while its owner is behind", async () => {
    const yaml = ["set: test", "cards:", "  - id: test-leader", "    kind: leader", "    name: { en: Test Leader, fr: Chef de test }", '    ability: "action(0 workers, repeatable): pay 2 cards -> 1 vp if you have fewer vp than an opponent"', ""].join("\n");
    const result = validateText(yaml);
    expect(result.diagnostics).toEqual([]);
    expect(textRenderer(result.vocabulary, "en").card(result.cards[0]!).parts.ability).toBe("Action (no Worker, any number of times), if you have fewer VP than at least one opponent: discard 2 cards from your hand → gain 1 VP token worth 1.");
    const module = compileCards({ cards: result.cards, vocabulary: result.vocabulary }).find((f) => f.path.endsWith("leaders.ts"))!;
    const def = ((await evaluateModule(module.text))["leaders"] as LeaderDef[])[0]!;
    const all = [...cards.cards, def];
    const game = testGame({ cards: { ...cards, cards: all, byId: new Map(all.map((c) => [c.id, c])) } });
    const me = player(game, 0);
    me.leader = { card: def.id, resources: {}, vpTokens: [], uses: 0 };
    me.hand = game.state.deck.splice(0, 2);
    // The Leader is worth 1 VP to its owner: level with an opponent who has 1.
    player(game, 1).baseVp = [{ value: 1 }];
    expect(findAction(game, 0, "leader-action")).toBeUndefined();
    player(game, 1).baseVp.push({ value: 1 });
    expect(findAction(game, 0, "leader-action")).toEqual({ kind: "leader-action" });
  });
});

describe("misuses of conditions: each with its place, code and hint", () => {
  const hintOf = (fixture: string): string | undefined => validatePaths([join(import.meta.dirname, "fixtures/invalid", fixture)]).diagnostics[0]?.hint;

  it.each([
    ["condition-in-cost.yaml", 'a condition ("if …") ends a gain, produce or action statement: write it last, "action: pay 1 fuel -> 2 vp if you hold 2 scrap"'],
    ["condition-on-once.yaml", 'a condition ("if …") ends a gain, produce or action statement, e.g. "produce 2 fuel if you have a leader"'],
    ["condition-on-trait.yaml", 'a condition ("if …") ends a gain, produce or action statement, e.g. "produce 2 fuel if you have a leader"'],
    ["condition-on-contact.yaml", "a Contact is paid for whenever it is played"],
    ["condition-on-base.yaml", 'a Base produces every turn; a production Location may: "produce 2 fuel if you have a leader"'],
    ["condition-unknown-word.yaml", 'did you mean "leader"?'],
    ["condition-not-you.yaml", 'write "if you have a leader"'],
    ["condition-count-zero.yaml", "a condition counts 1 or more: with 0 it always holds, leave the condition out"],
    ["condition-hold-vp.yaml", '"you hold" counts resource tokens: VP are compared with "you have fewer vp than an opponent"'],
    ["condition-have-resource.yaml", '"you have 3 fuel cards" counts fuel cards in play; "you hold 3 fuel" counts tokens'],
    ["condition-fewer-scrap.yaml", 'a condition compares VP: write "you have fewer vp than an opponent"'],
  ])("%s: %s", (fixture, hint) => {
    expect(hintOf(fixture)).toBe(hint);
  });
});

describe("the example expansion's conditions in play", () => {
  it("plays 40 seeded 4-player random-bot games with them in, every invariant kept", () => {
    const games = checkedGames(cards, Array.from({ length: 40 }, (_, i) => 100 + i));
    games.forEach((game, i) => expect(game.state.winners.length, `seed ${100 + i} ends with a winner`).toBeGreaterThan(0));
    const inPlay = games.flatMap((g) => g.state.players).filter((p) => p.locations.some((l) => ["warband-armoury", "pipeline-junction", "smugglers-den"].includes(l.card)));
    expect(inPlay.length).toBeGreaterThan(0);
  });
});
