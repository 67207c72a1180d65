/**
 * Engine throughput: complete 4-player random-bot games on one core
 * (bundled by src/cli/bundle.mjs into dist/bench-games.mjs; run by `npm run bench`).
 */
import { performance } from "node:perf_hooks";
import { registry } from "../generated/index.js";
import { playGame } from "../src/engine/play.js";
import { newGame } from "../src/engine/setup.js";
import { randomBot } from "../src/sim/bots.js";
import { botSeed } from "../src/sim/game-log.js";

export function measureGames(ms = 3000): { games: number; seconds: number; gamesPerSecond: number; meanRounds: number } {
  let games = 0;
  let rounds = 0;
  const start = performance.now();
  while (performance.now() - start < ms) {
    const seed = games + 1;
    const game = newGame(registry, { seed, agents: [0, 1, 2, 3].map((seat) => randomBot(botSeed(seed, seat))) });
    playGame(game);
    rounds += game.state.round;
    games++;
  }
  const seconds = (performance.now() - start) / 1000;
  return { games, seconds, gamesPerSecond: games / seconds, meanRounds: rounds / games };
}
