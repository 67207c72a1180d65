/**
 * The engine as a state machine: newGame/pending/answer/clone, the phases as
 * data, and what a player sees (the view agents get, and the games a search
 * bot samples from it).
 */
import { describe, expect, it } from "vitest";
import type { Agent } from "../src/bots/agent.js";
import { determinize } from "../src/bots/determinize.js";
import { drive } from "../src/bots/driver.js";
import { greedyBot } from "../src/bots/greedy.js";
import { randomBot } from "../src/bots/random.js";
import { RuleError } from "../src/engine/game.js";
import { answer, clone, newGame, pending } from "../src/engine/machine.js";
import { phases } from "../src/engine/phases.js";
import { createRng } from "../src/engine/rng.js";
import { view } from "../src/engine/view.js";
import { stateDigest } from "../src/sim/game-log.js";
import { registry } from "./engine-harness.js";

/** Plays `steps` answers with a random choice each. */
function advance(seed: number, players: number, steps: number) {
  const game = newGame(registry, { seed, players });
  const rng = createRng(seed);
  for (let i = 0, d = pending(game); d && i < steps; i++, d = pending(game)) answer(game, rng.int(d.choices.length));
  return game;
}

describe("the state machine", () => {
  it("a new game waits for the first player's first Lookout pick", () => {
    const game = newGame(registry, { seed: 1, players: 3 });
    expect(pending(game)).toMatchObject({ kind: "lookout-pick", seat: 0 });
    expect(game.state.phase).toBe("lookout");
    expect(game.state.revealed).toHaveLength(5);
  });

  it("the phases follow each other as the table says: Lookout, Production, Actions, VP count, Clean-up, then the next round or the end", () => {
    const s = newGame(registry, { seed: 3, players: 2 }).state;
    expect(Object.keys(phases)).toEqual(["lookout", "production", "actions", "vp-count", "clean-up"]);
    expect(["lookout", "production", "actions", "vp-count"].map((p) => phases[p as "lookout"].next(s))).toEqual(["production", "actions", "vp-count", "clean-up"]);
    expect(phases["clean-up"].next({ ...s, lastRound: false })).toBe("lookout");
    expect(phases["clean-up"].next({ ...s, lastRound: true })).toBe("over");
    // In a played game, decisions come phase by phase in that order, round after round.
    const order = ["lookout", "production", "actions", "vp-count", "clean-up"];
    const game = newGame(registry, { seed: 3, players: 2 });
    const rng = createRng(3);
    let last = { round: 1, phase: 0 };
    for (let d = pending(game); d; d = pending(game)) {
      const now = { round: game.state.round, phase: order.indexOf(game.state.phase) };
      expect(now.round === last.round ? now.phase >= last.phase : now.round === last.round + 1).toBe(true);
      last = now;
      answer(game, rng.int(d.choices.length));
    }
    expect(game.state.phase).toBe("over");
  });

  it("refuses an answer that is not one of the choices, and any answer once the game is over", () => {
    const game = newGame(registry, { seed: 2, players: 2 });
    const n = pending(game)!.choices.length;
    expect(() => answer(game, n)).toThrow(RuleError);
    expect(() => answer(game, -1)).toThrow(RuleError);
    expect(() => answer(game, 0.5)).toThrow(RuleError);
    drive(game, [randomBot(1), randomBot(2)]);
    expect(pending(game)).toBeUndefined();
    expect(game.state.phase).toBe("over");
    expect(() => answer(game, 0)).toThrow(/game is over/);
  });

  it("a clone is complete and independent: answered the same way it ends in the same state; changing it leaves the original alone", () => {
    for (const seed of [11, 12, 13]) {
      const game = advance(seed, 4, 150);
      const copy = clone(game);
      expect(stateDigest(copy.state)).toBe(stateDigest(game.state));
      const rng = createRng(seed * 7);
      for (let d = pending(game); d; d = pending(game)) {
        const i = rng.int(d.choices.length);
        answer(game, i);
        answer(copy, i);
      }
      expect(stateDigest(copy.state)).toBe(stateDigest(game.state));
    }
    const game = advance(21, 2, 60);
    const before = stateDigest(game.state);
    const copy = clone(game);
    for (let d = pending(copy); d; d = pending(copy)) answer(copy, 0);
    expect(stateDigest(game.state)).toBe(before);
  });

  it("the state is plain data: it survives a JSON round trip and plays on the same", () => {
    const game = advance(31, 3, 200);
    const thawed = { ...game, state: JSON.parse(JSON.stringify(game.state)) };
    const rng = createRng(5);
    for (let d = pending(game); d; d = pending(game)) {
      const i = rng.int(d.choices.length);
      answer(game, i);
      answer(thawed, i);
    }
    // The thawed player has no `leader` key (JSON drops undefined) until a Leader is played, then has it last: the digest is of the values, whatever the keys' order.
    expect(stateDigest(thawed.state)).toBe(stateDigest(game.state));
  });
});

describe("what a player sees", () => {
  it("a bot's view has the viewer's hand and hand sizes, never the deck's order or another player's hand", () => {
    const game = advance(41, 4, 120);
    const d = pending(game)!;
    const v = view(game, d.seat);
    const text = JSON.stringify(v);
    expect(v.hand).toEqual(game.state.players[d.seat]!.hand);
    expect(v.deckSize).toBe(game.state.deck.length);
    expect(v.players.map((p) => p.handSize)).toEqual(game.state.players.map((p) => p.hand.length));
    expect(Object.keys(JSON.parse(text))).not.toContain("deck");
    expect(Object.keys(JSON.parse(text))).not.toContain("rng");
    for (const p of JSON.parse(text).players) expect(p).not.toHaveProperty("hand");
    const hidden = [...game.state.deck, ...game.state.players.filter((p) => p.seat !== d.seat).flatMap((p) => p.hand)];
    expect(hidden.length).toBeGreaterThan(0);
    for (const id of hidden) expect(text, id).not.toContain(`"${id}"`);
  });

  it("hides the game at run time too: no own property but the seat, another player's pending choices hidden, piles handed out as copies", () => {
    const game = advance(43, 3, 150);
    const d = pending(game)!;
    const other = (d.seat + 1) % 3;
    const v = view(game, other);
    expect(Object.keys(v)).toEqual(["seat"]);
    expect({ ...v }).toEqual({ seat: other });
    expect(Object.getOwnPropertyNames(v)).toEqual(["seat"]);
    expect(v.pending).toBeUndefined();
    expect(view(game, d.seat).pending).toBe(d);
    // A bot that keeps a pile it was given does not see the state change under it (a reshuffled discard becomes the deck).
    const kept = v.discard as string[];
    expect(kept).not.toBe(game.state.discard);
    expect(v.hand).not.toBe(game.state.players[other]!.hand);
  });

  it("agents are handed the view, not the game", () => {
    const seen: string[][] = [];
    const spy = (inner: Agent): Agent => ({
      name: inner.name,
      choose(v, d) {
        seen.push(Object.keys(JSON.parse(JSON.stringify(v))));
        return inner.choose(v, d);
      },
    });
    const game = newGame(registry, { seed: 8, players: 2 });
    drive(game, [spy(greedyBot(registry, 1)), spy(randomBot(2))]);
    expect(seen.length).toBeGreaterThan(10);
    for (const keys of seen) {
      expect(keys).toContain("hand");
      expect(keys).not.toContain("deck");
      expect(keys).not.toContain("rng");
    }
  });

  it("a sampled game agrees with the view: same public table, same own hand, same sizes, every card once", () => {
    const rng = createRng(99);
    for (const seed of [51, 52, 53, 54]) {
      const game = advance(seed, 3, 100 + seed);
      const d = pending(game)!;
      const v = view(game, d.seat);
      const world = determinize(v, registry, rng).state;
      const real = game.state;
      expect(world.players[d.seat]!.hand).toEqual(real.players[d.seat]!.hand);
      expect(world.players.map((p) => p.hand.length)).toEqual(real.players.map((p) => p.hand.length));
      expect(world.deck.length).toBe(real.deck.length);
      expect(world.discard).toEqual(real.discard);
      expect(world.revealed).toEqual(real.revealed);
      expect(world.players.map((p) => p.locations)).toEqual(real.players.map((p) => p.locations));
      expect(world.pending).toEqual(real.pending);
      const cardsOf = (s: typeof real) => [...s.deck, ...s.players.flatMap((p) => p.hand)].sort();
      expect(cardsOf(world)).toEqual(cardsOf(real));
      // The sample plays on to an end like any game.
      const g = { state: world, cards: registry, narrate: undefined };
      for (let p = pending(g); p; p = pending(g)) answer(g, 0);
      expect(world.phase).toBe("over");
    }
  });
});
