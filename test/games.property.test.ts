/**
 * Seeded games between the bots, 2 to 4 players, checked after every step
 * (every answer): every token of every kind is in exactly one place (the
 * supply, a player's pool, a card) and each kind's total never changes;
 * every card is in exactly one place; no count is negative; the caps of the
 * rules hold. Every game ends, every log replays to the same final state,
 * and a clone taken at a random step, answered the same way, ends in the
 * same state as the original.
 */
import { describe, expect, it } from "vitest";
import type { Agent } from "../src/bots/agent.js";
import { drive, type ChoiceRecord } from "../src/bots/driver.js";
import { botName, makeBot, parseBotSpec } from "../src/bots/index.js";
import type { Game } from "../src/engine/game.js";
import { maxRounds } from "../src/engine/limits.js";
import { answer, clone, newGame, pending } from "../src/engine/machine.js";
import { createRng } from "../src/engine/rng.js";
import { view } from "../src/engine/view.js";
import { botSeed, gameLog, headerOf, replay, stateDigest } from "../src/sim/game-log.js";
import { registry } from "./engine-harness.js";
import { broken } from "./invariants.js";

interface Played {
  readonly game: Game;
  readonly failures: string[];
  readonly log: string;
  readonly cloneDiffers: boolean;
}

/** Plays one game, checking every invariant after every step, and a clone taken at a random step against the original. */
function playChecked(seed: number, bots: readonly string[]): Played {
  const specs = bots.map(parseBotSpec);
  const agents: Agent[] = specs.map((b, seat) => makeBot(b, registry, botSeed(seed, seat)));
  const game = newGame(registry, { seed, players: bots.length });
  const failures: string[] = [];
  // `when` is a function: said only of a broken step, it is not worked out at every step.
  const check = (when: () => string): void => {
    const b = broken(game);
    if (b.length > 0 && failures.length < 3) failures.push(`${when()}: ${b.join("; ")}`);
  };
  check(() => "at the start");
  const record: ChoiceRecord[] = [];
  const cloneAt = createRng(seed).int(300);
  let copy: Game | undefined;
  let copyFrom = 0;
  for (let d = pending(game), step = 0; d; d = pending(game), step++) {
    if (step === cloneAt) {
      copy = clone(game);
      copyFrom = record.length;
    }
    const index = agents[d.seat]!.choose(view(game, d.seat), d);
    record.push({ round: game.state.round, seat: d.seat, decision: d.kind, index, choice: d.choices[index] });
    answer(game, index);
    check(() => `round ${game.state.round} ${game.state.phase}, after ${d.kind} ${JSON.stringify(d.choices[index])}`);
  }
  let cloneDiffers = false;
  if (copy) {
    for (const r of record.slice(copyFrom)) answer(copy, r.index);
    cloneDiffers = stateDigest(copy.state) !== stateDigest(game.state);
  }
  const log = gameLog(game, headerOf(registry, game, seed, specs.map(botName)), record);
  return { game, failures, log, cloneDiffers };
}

interface Mix {
  readonly bots: readonly string[];
  readonly games: number;
  readonly firstSeed: number;
}

const mixes: Mix[] = [
  { bots: ["random", "random"], games: 300, firstSeed: 1 },
  { bots: ["greedy", "random"], games: 200, firstSeed: 1001 },
  { bots: ["greedy", "greedy"], games: 150, firstSeed: 1501 },
  { bots: ["random", "random", "random"], games: 300, firstSeed: 2001 },
  { bots: ["greedy", "greedy", "random"], games: 200, firstSeed: 3001 },
  { bots: ["random", "random", "random", "random"], games: 400, firstSeed: 4001 },
  { bots: ["greedy", "random", "greedy", "random"], games: 300, firstSeed: 5001 },
  { bots: ["greedy", "greedy", "greedy", "greedy"], games: 200, firstSeed: 6001 },
  { bots: ["mcts:12", "greedy"], games: 30, firstSeed: 7001 },
  { bots: ["mcts:8", "random", "greedy"], games: 20, firstSeed: 8001 },
];

describe.each(mixes)("$games games: $bots", (mix) => {
  it("keep every invariant after every step, end, replay to the same final state, and clone exactly", () => {
    const problems: string[] = [];
    for (let seed = mix.firstSeed; seed < mix.firstSeed + mix.games; seed++) {
      const { game, failures, log, cloneDiffers } = playChecked(seed, mix.bots);
      if (failures.length > 0) problems.push(`seed ${seed}: ${failures[0]}`);
      if (game.state.phase !== "over" || game.state.round > maxRounds) problems.push(`seed ${seed}: did not end`);
      if (game.state.winners.length === 0) problems.push(`seed ${seed}: no winner or draw recorded`);
      if (cloneDiffers) problems.push(`seed ${seed}: a clone answered the same way ends in another state`);
      const replayed = replay(registry, log).game;
      if (stateDigest(replayed.state) !== stateDigest(game.state)) problems.push(`seed ${seed}: replay differs`);
      if (problems.length >= 5) break;
    }
    expect(problems).toEqual([]);
  });
});

it("plays at least 2,000 games with random and greedy bots and 50 with the search bot", () => {
  const n = (pred: (m: Mix) => boolean): number => mixes.filter(pred).reduce((k, m) => k + m.games, 0);
  expect(n((m) => !m.bots.some((b) => b.startsWith("mcts")))).toBeGreaterThanOrEqual(2000);
  expect(n((m) => m.bots.some((b) => b.startsWith("mcts")))).toBeGreaterThanOrEqual(50);
  expect(new Set(mixes.map((m) => m.bots.length))).toEqual(new Set([2, 3, 4]));
});

it("catches a broken invariant: a token made from nothing, a card lost", () => {
  const game = newGame(registry, { seed: 5, players: 2 });
  for (let d = pending(game); d && game.state.phase !== "actions"; d = pending(game)) answer(game, 0);
  expect(broken(game)).toEqual([]);
  game.state.players[0]!.pool.workers += 1;
  expect(broken(game).join()).toMatch(/worker: .* ≠ 1000/);
  game.state.players[0]!.pool.workers -= 1;
  game.state.deck.pop();
  expect(broken(game).join()).toMatch(/cards accounted for/);
});

it("is deterministic: the same seed and bots give the same log, byte for byte", () => {
  const a = playChecked(77, ["greedy", "random", "random"]).log;
  const b = playChecked(77, ["greedy", "random", "random"]).log;
  expect(a).toBe(b);
  expect(playChecked(78, ["greedy", "random", "random"]).log).not.toBe(a);
});

it("drive() and the checked loop play the same game", () => {
  const game = newGame(registry, { seed: 9, players: 3 });
  const record: ChoiceRecord[] = [];
  drive(game, ["greedy", "random", "greedy"].map((b, seat) => makeBot(parseBotSpec(b), registry, botSeed(9, seat))), record);
  expect(gameLog(game, headerOf(registry, game, 9, ["greedy", "random", "greedy"]), record)).toBe(playChecked(9, ["greedy", "random", "greedy"]).log);
});
