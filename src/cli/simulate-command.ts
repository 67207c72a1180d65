/**
 * `state51 simulate`: many bot games on worker threads, reported per game,
 * seat, faction, bot and card (src/sim/). The options are checked before the
 * cards are compiled and before any game is played; the report is written
 * atomically, and an interrupted run (Ctrl-C) reports the games it played.
 */
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { SingleBar } from "cli-progress";
import { botName, type BotSpec } from "../bots/index.js";
import { cardSetDigest } from "../engine/card-digest.js";
import { engineVersion } from "../engine/version.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { outputProblem } from "../fs/output-problem.js";
import { buildReport, reportText, type ReportMeta, type SimulationReport } from "../sim/report.js";
import { runSimulation } from "../sim/runner.js";
import { factionsOf, tallyShape, type SimulationPlan } from "../sim/simulated-game.js";
import { compiledCards, integer, parseBots } from "./play-command.js";
import { UsageError } from "./usage-error.js";

export interface SimulateOptions {
  readonly games?: string;
  readonly players?: string;
  readonly bots?: string;
  readonly seed?: string;
  readonly workers?: string;
  readonly format?: "text" | "json";
  readonly out?: string;
  /** Show the progress bar and plain lines as if on a terminal or not (tests); default: whether standard error is a terminal. */
  readonly progress?: "bar" | "lines" | "none";
}

export interface SimulateIo {
  readonly write: (s: string) => void;
  readonly writeError: (s: string) => void;
}

interface Checked {
  readonly plan: SimulationPlan;
  readonly workers: number;
  readonly format: "text" | "json";
  readonly out: string | undefined;
}

export const maxGames = 100_000_000;

/** Checks the options (a UsageError if one makes no sense): nothing is compiled or played yet. */
export function checkSimulate(opts: SimulateOptions): Checked {
  const games = integer(opts.games ?? "1000", "--games", 1, maxGames);
  const botsGiven = opts.bots?.split(",").length;
  const players = opts.players !== undefined ? integer(opts.players, "--players", 2, 4) : Math.max(2, Math.min(4, botsGiven ?? 4));
  const firstSeed = integer(opts.seed ?? "1", "--seed", 0, 2 ** 32 - 1);
  if (firstSeed + games - 1 > 2 ** 32 - 1) throw new UsageError(`--seed ${firstSeed} with --games ${games} goes past the last seed, 4294967295`);
  const workers = opts.workers !== undefined ? integer(opts.workers, "--workers", 1, 256) : availableParallelism();
  const bots: BotSpec[] = parseBots(opts.bots, players);
  const format = opts.format ?? "text";
  if (opts.out !== undefined) {
    const problem = outputProblem(opts.out);
    if (problem !== undefined) throw new UsageError(`cannot write the report: ${problem}`);
  }
  return { plan: { firstSeed, games, players, bots }, workers: Math.min(workers, games), format, out: opts.out };
}

const seconds = (ms: number): string => (ms < 60_000 ? `${Math.round(ms / 1000)} s` : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`);

/** Progress on standard error: a bar with the time left on a terminal, a plain line at each tenth otherwise. */
function progress(kind: "bar" | "lines" | "none", total: number, writeError: (s: string) => void): { update: (n: number) => void; stop: () => void } {
  if (kind === "none") return { update: () => undefined, stop: () => undefined };
  if (kind === "bar") {
    const bar = new SingleBar({ format: "simulating [{bar}] {percentage}% | {value}/{total} games | {duration_formatted} elapsed, {eta_formatted} left", etaBuffer: 50, stream: process.stderr, hideCursor: true, clearOnComplete: true });
    bar.start(total, 0);
    return { update: (n) => bar.update(n), stop: () => bar.stop() };
  }
  const start = Date.now();
  let tenth = 0;
  return {
    update: (n) => {
      const now = Math.floor((10 * n) / total);
      if (now <= tenth) return;
      tenth = now;
      const spent = Date.now() - start;
      writeError(`simulate: ${n}/${total} games (${Math.round((100 * n) / total)}%), ${seconds(spent)} elapsed${n < total ? `, about ${seconds((spent * (total - n)) / n)} left` : ""}\n`);
    },
    stop: () => undefined,
  };
}

/** Runs `simulate` once its options are checked: compiles the cards, plays, reports; the exit status. */
export async function runSimulate(paths: readonly string[], checked: Checked, opts: SimulateOptions, io: SimulateIo): Promise<number> {
  const compiled = await compiledCards(paths, "simulate", io.writeError);
  if (compiled === undefined) return 1;
  const { registry, url } = compiled;
  const { plan } = checked;
  const factions = factionsOf(registry);
  if (factions.length < plan.players) {
    io.writeError(`state51 simulate: the cards have ${factions.length} faction${factions.length === 1 ? "" : "s"} (Bases), too few for ${plan.players} players\nno game played\n`);
    return 1;
  }
  const shape = tallyShape(registry, plan);
  const meta: ReportMeta = { engine: engineVersion, cardSet: cardSetDigest(registry), seeds: { first: plan.firstSeed, count: plan.games }, players: plan.players, bots: plan.bots.map(botName) };
  const stop = new AbortController();
  const interrupt = (): void => stop.abort();
  process.once("SIGINT", interrupt);
  const shown = progress(opts.progress ?? (process.stderr.isTTY ? "bar" : "lines"), plan.games, io.writeError);
  let result;
  try {
    result = await runSimulation({ cards: url, plan, shape, workers: checked.workers, onProgress: shown.update, signal: stop.signal });
  } finally {
    shown.stop();
    process.off("SIGINT", interrupt);
  }
  const report = buildReport(result.tally, meta, registry, result.complete);
  if (!result.complete) io.writeError(`simulate: interrupted after ${result.tally.games} of ${plan.games} games; reporting those\n`);
  writeReport(report, checked, io);
  return result.complete ? 0 : 130;
}

function writeReport(report: SimulationReport, checked: Checked, io: SimulateIo): void {
  const text = checked.format === "json" ? JSON.stringify(report, null, 2) + "\n" : reportText(report);
  if (checked.out === undefined) return io.write(text);
  writeFileAtomic(resolve(checked.out), text);
  io.write(`report of ${report.games.played} games written to ${checked.out}\n`);
}
