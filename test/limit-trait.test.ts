/**
 * The `limit` trait (src/constructs/traits/limit.ts) at every stage, on the
 * example expansion's cards (cards/examples/wastelanders.yaml): its code, and
 * the rule it changes in the engine while its card is in play. Parsing, text
 * and misuse are pinned by the AST goldens, the example's text goldens and
 * the invalid fixtures (limit-*.yaml).
 */
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { GeneratedFile } from "../src/compiler/compile.js";
import type { CardRegistry } from "../src/engine/definitions.js";
import type { Game } from "../src/engine/game.js";
import { defaultCardsDir, examplesDir, validatePaths } from "../src/pipeline/validate.js";
import { randomBot } from "../src/bots/random.js";
import { answer, newGame, pending, runTasks } from "../src/engine/machine.js";
import { view } from "../src/engine/view.js";
import { botSeed } from "../src/sim/game-log.js";
import { broken } from "./invariants.js";
import { answering, findAction, placeLocation, player, runPhase, testGame, unexpected, withCards } from "./engine-harness.js";

const exampleFile = join(examplesDir(), "wastelanders.yaml");
let files: GeneratedFile[];
let cards: CardRegistry;

beforeAll(async () => {
  const result = validatePaths([exampleFile]);
  expect(result.diagnostics).toEqual([]);
  ({ files, cards } = await withCards(result));
});

describe("limit: the code it compiles to", () => {
  it("is a trait with its target and amount, as data", () => {
    const text = files.map((f) => f.text).join("\n");
    expect(text).toContain('pattern: "trait",\n    traits: [\n      { kind: "limit", target: "hand", amount: 12 },\n    ],');
    expect(text).toContain('{ kind: "limit", target: "sent-workers", amount: 5 },');
  });
});

/** A game in its Actions phase whose seat 0 has `card` in play (or nothing, for the base rule). */
function gameWith(card: string | undefined): Game {
  const game = testGame({ cards });
  if (card) placeLocation(game, 0, card);
  return game;
}

describe("limit hand: the Lookout's hand limit while the card is in play", () => {
  it("keeps the 11th and 12th cards drawn in the Lookout; the base rule discards at 10", () => {
    /** Seat 0, holding `held` cards, draws at the end of the Lookout: where does the card go? */
    const draw = (card: string | undefined, held: number): { hand: number; discarded: number } => {
      const game = gameWith(card);
      const s = game.state;
      const p = player(game, 0);
      p.hand = s.deck.splice(0, held);
      s.phase = "lookout";
      const discards = s.discard.length;
      runTasks(game, [{ kind: "lookout-draw", seat: 0 }], unexpected);
      return { hand: p.hand.length, discarded: s.discard.length - discards };
    };
    expect(draw(undefined, 10)).toEqual({ hand: 10, discarded: 1 });
    expect(draw("hoarders-den", 10)).toEqual({ hand: 11, discarded: 0 });
    expect(draw("hoarders-den", 11)).toEqual({ hand: 12, discarded: 0 });
    expect(draw("hoarders-den", 12)).toEqual({ hand: 12, discarded: 1 });
  });

  it("lets Clean-up leave 12 cards in hand, and asks for the 13th", () => {
    const trimmed = (card: string | undefined, held: number): number => {
      const game = gameWith(card);
      const p = player(game, 0);
      p.hand = game.state.deck.splice(0, held);
      runPhase(game, "clean-up", answering({ "discard-card": () => true }));
      return held - p.hand.length;
    };
    expect(trimmed(undefined, 12)).toBe(2);
    expect(trimmed("hoarders-den", 12)).toBe(0);
    expect(trimmed("hoarders-den", 13)).toBe(1);
  });

  it("counts only while the card is a Location in its owner's area", () => {
    const game = gameWith(undefined);
    const p = player(game, 0);
    const i = game.state.deck.indexOf("hoarders-den");
    p.baseDeals.push({ card: game.state.deck.splice(i, 1)[0]!, kind: "agreement" });
    p.hand = game.state.deck.splice(0, 12);
    runPhase(game, "clean-up", answering({ "discard-card": () => true }));
    expect(p.hand).toHaveLength(10);
  });
});

describe("limit sent-workers: Workers sent to opponents' Locations a turn", () => {
  /** Whether seat 0, with `cards` in play and `sent` workers sent this turn, may send another to seat 1's open production. */
  function maySend(cards: readonly string[], sent: number): boolean {
    const game = gameWith(undefined);
    for (const card of cards) placeLocation(game, 0, card);
    placeLocation(game, 1, "scrapyard");
    const p = player(game, 0);
    p.pool.workers = 1;
    p.workersSent = sent;
    return findAction(game, 0, "send-worker") !== undefined;
  }

  it("offers a 4th and 5th worker with the card, never a 6th; the base rule stops at 3", () => {
    expect([0, 2, 3].map((n) => maySend([], n))).toEqual([true, true, false]);
    expect([3, 4, 5].map((n) => maySend(["labour-exchange"], n))).toEqual([true, true, false]);
  });

  it("may also lower the limit: Checkpoint's owner sends one Worker a turn, unless a more generous card is in play too", () => {
    expect([0, 1].map((n) => maySend(["checkpoint"], n))).toEqual([true, false]);
    expect([1, 4, 5].map((n) => maySend(["checkpoint", "labour-exchange"], n))).toEqual([true, true, false]);
  });
});

describe("the example expansion (cards/examples/)", () => {
  it("is left out of the base set, and of cards/ named as a folder, unless it is named too", () => {
    const ids = (paths: string[]): string[] => validatePaths(paths).cards.map((c) => c.id);
    expect(ids([])).not.toContain("hoarders-den");
    expect(ids([defaultCardsDir()])).not.toContain("hoarders-den");
    const both = validatePaths([defaultCardsDir(), examplesDir()]);
    expect(both.diagnostics).toEqual([]);
    expect(both.cards.map((c) => c.id)).toEqual(expect.arrayContaining(["hoarders-den", "labour-exchange", "scrapyard"]));
  });
});

describe("the example expansion in play", () => {
  it("plays 40 seeded 4-player random-bot games shuffled into the base set, every invariant kept after every step", () => {
    let limitsInPlay = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const game = newGame(cards, { seed, players: 4 });
      const agents = [0, 1, 2, 3].map((seat) => randomBot(botSeed(seed, seat)));
      for (let d = pending(game); d; d = pending(game)) {
        answer(game, agents[d.seat]!.choose(view(game, d.seat), d));
        const problems = broken(game);
        if (problems.length) throw new Error(`seed ${seed}: ${problems.join("; ")}`);
      }
      expect(game.state.winners.length, `seed ${seed} ends with a winner`).toBeGreaterThan(0);
      limitsInPlay += game.state.players.filter((p) => p.locations.some((l) => ["hoarders-den", "labour-exchange", "checkpoint"].includes(l.card))).length;
    }
    // The new cards were played, not only shuffled in.
    expect(limitsInPlay).toBeGreaterThan(0);
  });
});
