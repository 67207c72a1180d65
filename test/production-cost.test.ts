/**
 * Production with a cost (src/constructs/production-cost.ts: `produce: pay 2
 * fuel -> 1 vp`) on the example expansion's cards, at every stage but
 * parsing and text, which the AST goldens (production-cost*.json), the
 * example's text goldens and the invalid fixtures (production-cost-*.yaml)
 * pin: the code it compiles to, the decision it asks and when (ruling 40),
 * what paying changes, the hints of its misuses, and seeded games with the
 * cards in, bots of each kind answering.
 */
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { GeneratedFile } from "../src/compiler/compile.js";
import type { Decision } from "../src/engine/choices.js";
import type { CardRegistry } from "../src/engine/definitions.js";
import type { Game } from "../src/engine/game.js";
import { runTasks } from "../src/engine/machine.js";
import { validatePaths } from "../src/pipeline/validate.js";
import { playWithBots } from "../src/sim/game-log.js";
import { answering, findAction, giveCard, perform, placeLocation, player, testGame, unexpected, type Answer } from "./engine-harness.js";
import { exampleExpansion } from "./example-expansion.js";
import { checkedGames } from "./invariants.js";

let files: GeneratedFile[];
let cards: CardRegistry;

beforeAll(async () => {
  ({ files, cards } = await exampleExpansion());
});

describe("the code a production with a cost compiles to", () => {
  it("is a `paid` field beside the free production: its cost and its gains, named calls", () => {
    const text = files.map((f) => f.text).join("\n");
    expect(text).toContain(
      '      run: (give) => {\n        give.resource({ resource: "fuel", amount: 1 });\n      },\n    },\n    paid: {\n      cost: {\n        calls: [\n          { call: "resource", resource: "fuel", amount: 2 },\n        ],\n        run: (pay) => {\n          pay.resource({ resource: "fuel", amount: 2 });\n        },\n      },\n      gains: {\n        calls: [\n          { call: "vp", tokens: 1, value: 1 },\n        ],\n        run: (give) => {\n          give.vp({ tokens: 1, value: 1 });\n        },\n      },\n    },',
    );
    // Nothing free: an empty production, then the paid one.
    expect(text).toContain('    produce: {\n      calls: [],\n      run: () => {},\n    },\n    paid: {\n      cost: {\n        calls: [\n          { call: "resource", resource: "scrap", amount: 2 },');
  });

  it("holds its condition as data, after the gains", () => {
    expect(files.map((f) => f.text).join("\n")).toMatch(/run: \(give\) => \{\s*give\.vp\(\{ tokens: 1, value: 2 \}\);\s*\},\s*\},\s*condition: \{ kind: "fewer" \},/);
  });
});

/** A 2-player game in its Production phase, seat 0 with `card` in play and `pool` on its Base. */
function gameWith(card: string, pool: Record<string, number> = {}): Game {
  const game = testGame({ cards });
  placeLocation(game, 0, card);
  player(game, 0).pool.resources = { ...pool };
  game.state.phase = "production";
  return game;
}

/** Seat 0's Locations produce, every decision answered by `answer`; the decisions asked are returned. */
function produce(game: Game, answer: Answer = unexpected, seat = 0): Decision[] {
  const asked: Decision[] = [];
  runTasks(game, [{ kind: "produce-locations", seat }], (d) => (asked.push(d), answer(d)));
  return asked;
}

const pay = answering({ "paid-production": (c: string) => c === "pay", payment: () => true });
const decline = answering({ "paid-production": (c: string) => c === "decline" });

describe("Moonshine Still (produce 1 fuel; produce: pay 2 fuel -> 1 vp) in the Production phase", () => {
  it("asks its owner, after the free production, whether to pay: paying takes 2 Fuel and puts 1 VP on the card", () => {
    const game = gameWith("moonshine-still", { fuel: 1 });
    const asked = produce(game, pay);
    expect(asked.map((d) => [d.kind, d.seat, d.choices])).toEqual([["paid-production", 0, ["pay", "decline"]]]);
    expect(player(game, 0).pool.resources).toEqual({});
    expect(player(game, 0).locations[0]!.vpTokens).toEqual([{ value: 1 }]);
  });

  it("declined, changes nothing but the free production", () => {
    const game = gameWith("moonshine-still", { fuel: 1 });
    produce(game, decline);
    expect(player(game, 0).pool.resources).toEqual({ fuel: 2 });
    expect(player(game, 0).locations[0]!.vpTokens).toEqual([]);
  });

  it("asks nothing when the player cannot pay", () => {
    const game = gameWith("moonshine-still");
    expect(produce(game)).toEqual([]);
    expect(player(game, 0).pool.resources).toEqual({ fuel: 1 });
  });

  it("asks nothing once the card holds 3 VP tokens: it has ceased to produce VP (the three-slot rule)", () => {
    const game = gameWith("moonshine-still", { fuel: 5 });
    player(game, 0).locations[0]!.vpTokens.push({ value: 1 }, { value: 1 }, { value: 1 });
    expect(produce(game)).toEqual([]);
  });

  it("comes into play with its free production's tokens only: nothing is paid then", () => {
    const game = testGame({ cards });
    player(game, 0).pool.resources = { fuel: 2 };
    giveCard(game, 0, "moonshine-still");
    runTasks(game, [{ kind: "deploy-place", seat: 0, deploy: "incorporate", card: "moonshine-still" }], unexpected);
    expect(player(game, 0).pool.resources).toEqual({ fuel: 3 });
    expect(player(game, 0).locations[0]!.vpTokens).toEqual([]);
  });

  it("is asked before the player's after-production triggers give anything (ruling 40)", () => {
    const game = gameWith("rust-forge", { scrap: 1 });
    placeLocation(game, 0, "salvage-crew");
    // With 1 Scrap the Smelter cannot be paid; the Crew's Scrap comes after, too late for it.
    expect(produce(game)).toEqual([]);
    expect(player(game, 0).pool.resources).toEqual({ scrap: 2 });
  });
});

describe("Rust Forge (open production: produce: pay 2 scrap -> 1 building-material, 1 vp)", () => {
  it("lets an opponent who sends a Worker choose to pay too: they pay, they gain, the VP on their Base", () => {
    const game = testGame({ cards });
    placeLocation(game, 0, "rust-forge");
    const [owner, sender] = [player(game, 0), player(game, 1)];
    sender.pool.workers = 1;
    sender.pool.resources = { scrap: 2 };
    const asked: Decision[] = [];
    perform(game, 1, { kind: "send-worker", owner: 0, location: 0 }, (d) => (asked.push(d), pay(d)));
    expect(asked.map((d) => [d.kind, d.seat])).toEqual([["paid-production", 1]]);
    expect(sender.pool.resources).toEqual({ "building-material": 1 });
    expect(sender.baseVp).toEqual([{ value: 1 }]);
    expect(owner.pool.workers).toBe(1);
    expect(owner.locations[0]!.vpTokens).toEqual([]);
  });

  it("asks an opponent who cannot pay nothing: the Worker is sent for the free part, here none", () => {
    const game = testGame({ cards });
    placeLocation(game, 0, "rust-forge");
    player(game, 1).pool.workers = 1;
    perform(game, 1, { kind: "send-worker", owner: 0, location: 0 });
    expect(player(game, 1).pool.resources).toEqual({});
  });

  it("a closed production's cost is its owner's only: no Worker may be sent to Moonshine Still", () => {
    const game = testGame({ cards });
    placeLocation(game, 0, "moonshine-still");
    player(game, 1).pool.workers = 1;
    expect(findAction(game, 1, "send-worker")).toBeUndefined();
  });
});

describe("Gladiator Ring (produce: pay 1 weapons -> 2 vp if you have fewer vp than an opponent)", () => {
  it("is offered only while its owner is behind", () => {
    const asked = (theirs: number): number => {
      const game = gameWith("gladiator-ring", { weapons: 1 });
      player(game, 1).baseVp = Array.from({ length: theirs }, () => ({ value: 1 as const }));
      return produce(game, pay).length;
    };
    // The Ring itself is worth 1 VP to its owner.
    expect(asked(1)).toBe(0);
    expect(asked(2)).toBe(1);
  });
});

describe("misuses of a production with a cost: each with its place, code and hint", () => {
  const first = (fixture: string): { code: string; hint: string | undefined } => {
    const d = validatePaths([join(import.meta.dirname, "fixtures/invalid", fixture)]).diagnostics[0]!;
    return { code: d.code, hint: d.hint };
  };

  it.each([
    ["production-cost-on-base.yaml", "S51-E337", 'a Base produces every turn; a production Location may: "produce: pay 1 fuel -> 2 vp"'],
    ["production-cost-pays-what-it-produces.yaml", "S51-E338", 'produce the difference for free ("produce 1 fuel"), or pay something else'],
    ["production-cost-twice.yaml", "S51-E311", "merge them into one statement"],
    ["production-cost-without-pay.yaml", "S51-E202", 'a production with a cost is written "produce: pay 1 fuel -> 2 vp"'],
  ])("%s: %s, %s", (fixture, code, hint) => {
    expect(first(fixture)).toEqual({ code, hint });
  });
});

describe("the example expansion's productions with a cost in play", () => {
  it("plays 40 seeded 4-player random-bot games with them in, the decision asked, every invariant kept", () => {
    let asked = 0;
    const games = checkedGames(cards, Array.from({ length: 40 }, (_, i) => 200 + i), { asked: (d) => void (d.kind === "paid-production" && asked++) });
    games.forEach((game, i) => expect(game.state.winners.length, `seed ${200 + i} ends with a winner`).toBeGreaterThan(0));
    expect(asked).toBeGreaterThan(0);
  });

  it("is answered by the greedy and search bots", () => {
    for (const seed of [1, 2]) {
      const { game } = playWithBots(cards, { seed, bots: [{ kind: "greedy" }, { kind: "mcts", playouts: 5 }, { kind: "greedy" }] });
      expect(game.state.phase).toBe("over");
    }
  });
});
