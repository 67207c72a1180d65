/**
 * Engine figures for `npm run bench` (bundled by src/cli/bundle.mjs into
 * dist/bench-games.mjs): complete 4-player random-bot games per second and
 * decisions per second on one core, the cost of a clone, and bot strength
 * (win rates with 95% intervals, seats and factions rotated).
 */
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { registry } from "../generated/index.js";
import { drive } from "../src/bots/driver.js";
import { botName, makeBot, type BotSpec } from "../src/bots/index.js";
import { randomBot } from "../src/bots/random.js";
import { answer, clone, newGame, pending } from "../src/engine/machine.js";
import { createRng } from "../src/engine/rng.js";
import { view } from "../src/engine/view.js";
import { botSeed } from "../src/sim/game-log.js";
import { wilson } from "../src/sim/stats.js";
import { cardSetUrl } from "../src/pipeline/load-card-set.js";
import { packageRoot } from "../src/pipeline/package-root.js";
import { validatePaths } from "../src/pipeline/validate.js";
import { runSimulation } from "../src/sim/runner.js";
import { tallyShape, type SimulationPlan } from "../src/sim/simulated-game.js";

/** Plays complete 4-player random-bot games, seeds from `firstSeed`, for `ms` milliseconds. */
function playFor(ms: number, firstSeed: number): { games: number; rounds: number; decisions: number; seconds: number } {
  let games = 0;
  let rounds = 0;
  let decisions = 0;
  const start = performance.now();
  while (performance.now() - start < ms) {
    const seed = firstSeed + games;
    const game = newGame(registry, { seed, players: 4 });
    const agents = [0, 1, 2, 3].map((seat) => randomBot(botSeed(seed, seat)));
    for (let d = pending(game); d; d = pending(game)) {
      answer(game, agents[d.seat]!.choose(view(game, d.seat), d));
      decisions++;
    }
    rounds += game.state.round;
    games++;
  }
  return { games, rounds, decisions, seconds: (performance.now() - start) / 1000 };
}

/**
 * Games per second at full speed: one second of games first, so the figure
 * is not the compiler warming up, then `windows` windows of `ms` each (each
 * its own games); the median window is the figure and the slowest and
 * fastest show how steady it was.
 */
export function measureGames(windows = 5, ms = 1000): { games: number; gamesPerSecond: number; slowest: number; fastest: number; decisionsPerSecond: number; meanRounds: number } {
  let seed = 1 + playFor(1000, 1).games;
  const runs = [];
  for (let i = 0; i < windows; i++) {
    const r = playFor(ms, seed);
    seed += r.games;
    runs.push({ ...r, rate: r.games / r.seconds });
  }
  const sorted = runs.slice().sort((a, b) => a.rate - b.rate);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const games = runs.reduce((n, r) => n + r.games, 0);
  return {
    games,
    gamesPerSecond: median.rate,
    slowest: sorted[0]!.rate,
    fastest: sorted[sorted.length - 1]!.rate,
    decisionsPerSecond: median.decisions / median.seconds,
    meanRounds: runs.reduce((n, r) => n + r.rounds, 0) / games,
  };
}

/** Mean µs per clone, over games stopped at random decisions of random-bot games. */
export function measureClone(samples = 2000): { microseconds: number } {
  const rng = createRng(7);
  const games = [];
  for (let i = 0; i < 50; i++) {
    const game = newGame(registry, { seed: 100 + i, players: 4 });
    const stopAt = rng.int(400);
    for (let n = 0, d = pending(game); d && n < stopAt; n++, d = pending(game)) answer(game, rng.int(d.choices.length));
    games.push(game);
  }
  const start = performance.now();
  for (let i = 0; i < samples; i++) clone(games[i % games.length]!);
  return { microseconds: ((performance.now() - start) * 1000) / samples };
}

const factions = ["new-york", "appalachian-federation", "merchants-guild", "mutants-union"];

/** Two-player games of `a` against `b`: seats alternate and every ordered pair of factions comes round in turn. */
export function winRate(a: BotSpec, b: BotSpec, games: number, firstSeed = 1): { bot: string; against: string; games: number; wins: number; draws: number; rate: number; low: number; high: number; secondsPerGame: number } {
  const pairs = factions.flatMap((f) => factions.filter((g) => g !== f).map((g) => [f, g]));
  let wins = 0;
  let draws = 0;
  const start = performance.now();
  for (let i = 0; i < games; i++) {
    const seed = firstSeed + i;
    const seatA = i % 2;
    const pair = pairs[Math.floor(i / 2) % pairs.length]!;
    const game = newGame(registry, { seed, factions: seatA === 0 ? pair : [pair[1]!, pair[0]!] });
    const agents = [0, 1].map((seat) => makeBot(seat === seatA ? a : b, registry, botSeed(seed, seat)));
    drive(game, agents);
    const w = game.state.winners;
    if (w.length === 1 && w[0] === seatA) wins++;
    else if (w.includes(seatA)) draws++;
  }
  const { low, high } = wilson(wins, games);
  return { bot: botName(a), against: botName(b), games, wins, draws, rate: wins / games, low, high, secondsPerGame: (performance.now() - start) / 1000 / games };
}

/** The base set compiled as `state51 simulate` compiles it before its first game: once for every measure. */
let baseSet: string | undefined;

/**
 * `state51 simulate`'s runner (src/sim/runner.ts): the wall time of `games` complete
 * 4-player greedy games on `workers` worker threads, the cards compiled once beforehand
 * (as the command does before its first game), worker start-up included.
 */
export async function measureSimulate(games: number, workers: number): Promise<{ games: number; workers: number; seconds: number; gamesPerSecond: number }> {
  const cards = (baseSet ??= cardSetUrl(validatePaths([join(packageRoot(), "cards")])));
  const greedy = { kind: "greedy" } as const;
  const plan: SimulationPlan = { firstSeed: 1, games, players: 4, bots: [greedy, greedy, greedy, greedy] };
  const start = performance.now();
  const r = await runSimulation({ cards, plan, shape: tallyShape(registry, plan), workers });
  const seconds = (performance.now() - start) / 1000;
  if (r.tally.games !== games) throw new Error(`simulate played ${r.tally.games} of ${games} games`);
  return { games, workers, seconds, gamesPerSecond: games / seconds };
}
