/**
 * Seeded games between random and greedy bots, 2 to 4 players, checked after
 * every decision: no negative counts, every one of the 110 cards somewhere,
 * the caps of the rules respected; every game ends; every log replays to the
 * same final state.
 */
import { describe, expect, it } from "vitest";
import type { Agent } from "../src/engine/choices.js";
import type { Game } from "../src/engine/game.js";
import { maxRounds, playGame } from "../src/engine/play.js";
import { newGame } from "../src/engine/setup.js";
import { countResources, type GameState } from "../src/engine/state.js";
import { makeBot, type BotName } from "../src/sim/bots.js";
import { botSeed, gameLog, replay, stateDigest } from "../src/sim/game-log.js";
import { allCardsIn, registry } from "./engine-harness.js";

const allIds = registry.cards.map((c) => c.id).sort();

function slotsOf(game: Game, cardId: string): number {
  const def = game.cards.byId.get(cardId);
  if (def?.kind !== "location" || def.ability.pattern !== "trait") return 0;
  return def.ability.traits.reduce((n, t) => n + (t.kind === "slots" ? t.amount : 0), 0);
}

function depotOf(game: Game, cardId: string): number {
  const def = game.cards.byId.get(cardId);
  if (def?.kind !== "location" || def.ability.pattern !== "trait") return 0;
  return def.ability.traits.reduce((n, t) => n + (t.kind === "depot" ? t.amount : 0), 0);
}

/** Every invariant, as a list of broken ones (empty when all hold). */
function broken(game: Game): string[] {
  const s: GameState = game.state;
  const out: string[] = [];
  const nonNegative = (what: string, r: Record<string, number>): void => {
    for (const [k, v] of Object.entries(r)) if (v < 0) out.push(`${what} ${k} is ${v}`);
  };
  const ids = allCardsIn(game).sort();
  if (ids.join() !== allIds.join()) out.push(`cards accounted for: ${ids.length} (expected ${allIds.length}, each once)`);
  for (const p of s.players) {
    const who = `seat ${p.seat}`;
    nonNegative(`${who} pool`, p.pool.resources);
    if (p.pool.workers < 0) out.push(`${who} has ${p.pool.workers} workers`);
    if (p.pool.redevelopment < 0) out.push(`${who} has ${p.pool.redevelopment} redevelopment tokens`);
    if (p.baseDeals.length > 3) out.push(`${who}'s Base holds ${p.baseDeals.length} deals`);
    if (p.workersSent > 3) out.push(`${who} sent ${p.workersSent} workers`);
    if (p.leader) {
      nonNegative(`${who} leader`, p.leader.resources);
      if (p.leader.vpTokens.length > 5) out.push(`${who}'s Leader holds ${p.leader.vpTokens.length} VP tokens`);
    }
    for (const l of p.locations) {
      nonNegative(`${who} ${l.card}`, l.resources);
      nonNegative(`${who} ${l.card} depot`, l.depot);
      if (l.vpTokens.length > 3) out.push(`${who}'s ${l.card} holds ${l.vpTokens.length} VP tokens`);
      if (l.deals.length > slotsOf(game, l.card)) out.push(`${who}'s ${l.card} holds ${l.deals.length} deals`);
      if (countResources(l.depot) > depotOf(game, l.card)) out.push(`${who}'s ${l.card} depot holds too much`);
      if (l.uses > 2) out.push(`${who}'s ${l.card} was used ${l.uses} times`);
    }
    if (s.phase === "lookout" && p.hand.length > 10) out.push(`${who} holds ${p.hand.length} cards in the Lookout`);
    for (const t of [...p.baseVp, ...(p.leader?.vpTokens ?? []), ...p.locations.flatMap((l) => l.vpTokens)]) {
      if (t.value !== 1 && t.value !== 2) out.push(`${who} has a VP token worth ${t.value}`);
    }
  }
  return out;
}

/** Wraps an agent so the invariants are checked at every decision of the game. */
function checked(agent: Agent, game: () => Game, failures: string[]): Agent {
  return {
    name: agent.name,
    choose(state, decision) {
      const b = broken(game());
      if (b.length > 0 && failures.length < 5) failures.push(`round ${state.round} ${state.phase}, before ${decision.kind}: ${b.join("; ")}`);
      return agent.choose(state, decision);
    },
  };
}

interface Mix {
  readonly players: number;
  readonly bots: readonly BotName[];
  readonly games: number;
  readonly firstSeed: number;
}

function playChecked(seed: number, bots: readonly BotName[]): { game: Game; failures: string[]; log: string } {
  const failures: string[] = [];
  let game: Game | undefined;
  const agents = bots.map((b, seat) => checked(makeBot(b, registry, botSeed(seed, seat)), () => game!, failures));
  game = newGame(registry, { seed, agents });
  playGame(game);
  failures.push(...broken(game).map((b) => `at the end: ${b}`));
  const log = gameLog(game, { type: "game", version: 1, seed, factions: game.state.players.map((p) => p.faction), bots });
  return { game, failures, log };
}

const mixes: Mix[] = [
  { players: 2, bots: ["random", "random"], games: 150, firstSeed: 1 },
  { players: 2, bots: ["greedy", "random"], games: 100, firstSeed: 1001 },
  { players: 3, bots: ["random", "random", "random"], games: 150, firstSeed: 2001 },
  { players: 3, bots: ["greedy", "greedy", "random"], games: 100, firstSeed: 3001 },
  { players: 4, bots: ["random", "random", "random", "random"], games: 300, firstSeed: 4001 },
  { players: 4, bots: ["greedy", "random", "greedy", "random"], games: 200, firstSeed: 5001 },
];

describe.each(mixes)("$games games, $players players ($bots)", (mix) => {
  it("keep every invariant at every decision, end, and replay to the same final state", () => {
    const problems: string[] = [];
    for (let seed = mix.firstSeed; seed < mix.firstSeed + mix.games; seed++) {
      const { game, failures, log } = playChecked(seed, mix.bots);
      if (failures.length > 0) problems.push(`seed ${seed}: ${failures[0]}`);
      if (game.state.phase !== "over" || game.state.round > maxRounds) problems.push(`seed ${seed}: did not end`);
      if (game.state.winners.length === 0) problems.push(`seed ${seed}: no winner or draw recorded`);
      const replayed = replay(registry, log).game;
      if (stateDigest(replayed.state) !== stateDigest(game.state)) problems.push(`seed ${seed}: replay differs`);
      if (problems.length >= 5) break;
    }
    expect(problems).toEqual([]);
  });
});

it("plays at least 1,000 games in all", () => {
  expect(mixes.reduce((n, m) => n + m.games, 0)).toBeGreaterThanOrEqual(1000);
});

it("is deterministic: the same seed and bots give the same log, byte for byte", () => {
  const a = playChecked(77, ["greedy", "random", "random"]).log;
  const b = playChecked(77, ["greedy", "random", "random"]).log;
  expect(a).toBe(b);
  expect(playChecked(78, ["greedy", "random", "random"]).log).not.toBe(a);
});
