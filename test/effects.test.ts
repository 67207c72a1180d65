/**
 * The effect constructs new to the example expansion (src/constructs/effects:
 * steals of a Worker or a card, each opponent gives or discards, a choice
 * between effects) at every stage but parsing and text, which the AST
 * goldens, the example's text goldens and the invalid fixtures pin: the code
 * each compiles to, the state change it makes, who decides what, and seeded
 * games with the expansion in, every invariant kept.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { GeneratedFile } from "../src/compiler/compile.js";
import type { Decision } from "../src/engine/choices.js";
import type { CardRegistry } from "../src/engine/definitions.js";
import type { Game } from "../src/engine/game.js";
import { runTasks } from "../src/engine/machine.js";
import { answering, giveCard, perform, placeLocation, player, testGame } from "./engine-harness.js";
import { exampleExpansion } from "./example-expansion.js";
import { checkedGames } from "./invariants.js";

let files: GeneratedFile[];
let cards: CardRegistry;

beforeAll(async () => {
  ({ files, cards } = await exampleExpansion());
});

describe("the code effects compile to: a call named by the construct, its argument named", () => {
  it("writes steals, effects on opponents and choices as calls on the Act API", () => {
    const text = files.map((f) => f.text).join("\n");
    expect(text).toContain('act.steal({ token: "card", amount: 1 });');
    expect(text).toContain('act.steal({ token: "worker", amount: 1 });');
    expect(text).toContain('act.opponents({ verb: "give", resource: "any", amount: 1 });');
    expect(text).toContain('act.opponents({ verb: "discard", token: "card", amount: 1 });');
    expect(text).toMatch(/act\.choice\(\{\s*options: \[\s*\(act\) => \{\s*act\.resource\(\{ resource: "fuel", amount: 2 \}\);\s*\},\s*\(act\) => \{\s*act\.vp\(\{ tokens: 1, value: 1 \}\);\s*\},?\s*\],?\s*\}\);/);
  });
});

/** A game in its Actions phase, `players` players, seat 0 with `card` in play and `pool` to spend. */
function gameWith(card: string, players = 2, setUp: (game: Game) => void = () => {}): Game {
  const factions = ["new-york", "mutants-union", "appalachian-federation", "merchants-guild"].slice(0, players);
  const game = testGame({ cards, factions });
  placeLocation(game, 0, card);
  setUp(game);
  return game;
}

/** Every decision asked while `run` goes, answered by `pick`. */
function recording(pick: (d: Decision) => number): { answer: (d: Decision) => number; asked: Decision[] } {
  const asked: Decision[] = [];
  return { asked, answer: (d) => (asked.push(d), pick(d)) };
}

describe("steal 1 card (Pickpockets' Alley)", () => {
  it("takes a card from the hand of the opponent the player chooses, unseen", () => {
    const game = gameWith("pickpockets-alley", 3);
    const [me, a, b] = [player(game, 0), player(game, 1), player(game, 2)];
    me.pool.resources = { weapons: 1 };
    me.pool.workers = 1;
    a.hand = ["old-factory", "scrapyard"];
    b.hand = ["basement"];
    const { answer: pick, asked } = recording((d) => (d.kind === "steal-from" ? d.choices.indexOf(2) : 0));
    perform(game, 0, { kind: "work", location: 0 }, pick);
    expect(asked.map((d) => [d.kind, d.seat, d.choices])).toEqual([["steal-from", 0, [1, 2]]]);
    expect(me.hand).toEqual(["basement"]);
    expect(b.hand).toEqual([]);
    expect(a.hand).toHaveLength(2);
  });

  it("asks nothing when no opponent holds a card", () => {
    const game = gameWith("pickpockets-alley");
    player(game, 0).pool.resources = { weapons: 1 };
    player(game, 0).pool.workers = 1;
    perform(game, 0, { kind: "work", location: 0 });
    expect(player(game, 0).hand).toEqual([]);
  });
});

describe("steal 1 worker (Press Gang)", () => {
  it("moves a Worker from the opponent's pool to the player's, then gives the scrap", () => {
    const game = gameWith("press-gang");
    const [me, them] = [player(game, 0), player(game, 1)];
    me.pool.workers = 2;
    them.pool.workers = 3;
    them.workersReceived = 2;
    perform(game, 0, { kind: "work", location: 0 });
    expect(me.pool.workers).toBe(1);
    expect(them.pool.workers).toBe(2);
    // Workers it was sent go first, as when it spends them: one of its own and one sent are left.
    expect(them.workersReceived).toBe(1);
    expect(me.pool.resources).toEqual({ scrap: 1 });
  });
});

describe("each opponent discards 1 card (Blockade)", () => {
  it("asks every opponent in turn, from the player's left, which card to discard", () => {
    const game = gameWith("blockade", 3);
    const s = game.state;
    const me = player(game, 0);
    me.pool.resources = { weapons: 1 };
    me.pool.workers = 1;
    player(game, 1).hand = ["old-factory", "scrapyard"];
    player(game, 2).hand = ["basement", "hideout"];
    const discards = s.discard.length;
    const { answer: pick, asked } = recording((d) => d.choices.length - 1);
    perform(game, 0, { kind: "work", location: 0 }, pick);
    expect(asked.map((d) => [d.kind, d.seat, d.choices])).toEqual([
      ["give-up", 1, [{ card: "old-factory" }, { card: "scrapyard" }]],
      ["give-up", 2, [{ card: "basement" }, { card: "hideout" }]],
    ]);
    expect(player(game, 1).hand).toEqual(["old-factory"]);
    expect(player(game, 2).hand).toEqual(["basement"]);
    expect(s.discard.slice(discards)).toEqual(["scrapyard", "hideout"]);
  });
});

describe("each opponent gives 1 resource (Toll Bridge)", () => {
  it("takes a token each opponent chooses, never one in a depot", () => {
    const game = gameWith("toll-bridge", 3, (g) => {
      placeLocation(g, 1, "checkpoint");
    });
    const me = player(game, 0);
    me.pool.resources = { fuel: 2 };
    player(game, 1).pool.resources = { scrap: 1, weapons: 1 };
    player(game, 1).locations[0]!.depot = { fuel: 2 };
    player(game, 2).pool.resources = {};
    const { answer: pick, asked } = recording((d) => d.choices.findIndex((c) => JSON.stringify(c).includes("weapons")));
    perform(game, 0, { kind: "convert", location: 0, trait: 0 }, pick);
    // Seat 2 has nothing to give: only seat 1 is asked, and never for its depot's fuel.
    expect(asked.map((d) => [d.kind, d.seat, d.choices])).toEqual([
      ["give-up", 1, [{ store: { kind: "pool" }, resource: "scrap" }, { store: { kind: "pool" }, resource: "weapons" }]],
    ]);
    expect(me.pool.resources).toEqual({ weapons: 1 });
    expect(player(game, 1).pool.resources).toEqual({ scrap: 1 });
    expect(player(game, 1).locations[0]!.depot).toEqual({ fuel: 2 });
  });
});

describe("2 fuel or 1 vp (Market Square)", () => {
  const work = (pick: (c: readonly { op: string }[]) => boolean): Game => {
    const game = gameWith("market-square");
    player(game, 0).pool.resources = { scrap: 1 };
    player(game, 0).pool.workers = 1;
    perform(game, 0, { kind: "work", location: 0 }, answering({ "choose-effect": pick }));
    return game;
  };

  it("lets the player choose when it resolves: the fuel to the pool", () => {
    const game = work((steps) => steps[0]!.op === "resource");
    expect(player(game, 0).pool.resources).toEqual({ fuel: 2 });
    expect(player(game, 0).locations[0]!.vpTokens).toEqual([]);
  });

  it("or the VP, onto the Location as its action's VP always go", () => {
    const game = work((steps) => steps[0]!.op === "vp");
    expect(player(game, 0).pool.resources).toEqual({});
    expect(player(game, 0).locations[0]!.vpTokens).toEqual([{ value: 1 }]);
  });
});

describe("once: with an effect (Looters' Camp: once: steal 1 resource or 1 card)", () => {
  it("carries the effect out as the card comes into play, the player choosing", () => {
    const game = gameWith("pickpockets-alley");
    giveCard(game, 0, "looters-camp");
    player(game, 1).pool.resources = { fuel: 1 };
    const { answer: pick, asked } = recording((d) => (d.kind === "choose-effect" ? d.choices.findIndex((steps) => steps[0]!.op === "steal") : 0));
    runTasks(game, [{ kind: "deploy-place", seat: 0, deploy: "incorporate", card: "looters-camp" }], pick);
    expect(asked.map((d) => d.kind)).toEqual(["choose-effect"]);
    expect(player(game, 0).locations.map((l) => l.card)).toEqual(["pickpockets-alley", "looters-camp"]);
    expect(player(game, 0).pool.resources).toMatchObject({ fuel: 1 });
    expect(player(game, 1).pool.resources).toEqual({});
  });
});

describe("the effects in play", () => {
  it("play in 60 seeded 3- and 4-player random-bot games with the example expansion, every invariant kept after every step", () => {
    const seen = new Set<string>();
    const seeds = Array.from({ length: 60 }, (_, i) => i + 1);
    checkedGames(cards, seeds, { players: (seed) => 3 + (seed % 2), asked: (d) => seen.add(d.kind) });
    // The new decisions were asked, not only compiled.
    expect([...seen].filter((k) => ["steal-from", "give-up", "choose-effect"].includes(k)).sort()).toEqual(["choose-effect", "give-up", "steal-from"]);
  });
});
