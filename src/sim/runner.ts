/**
 * Runs a simulation on worker threads (piscina): the games [0, N) of a plan,
 * in batches, each batch's tally merged as it arrives. A game's result depends
 * on its index alone and the tally is integer sums, so the total is the same
 * whatever the number of workers or the order batches finish in; nothing per
 * game is kept, so memory does not grow with N.
 */
import { Piscina } from "piscina";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { packageRoot } from "../pipeline/package-root.js";
import type { SimulationPlan } from "./simulated-game.js";
import { emptyTally, mergeTally, type Tally, type TallyShape } from "./tally.js";
import type { Batch, WorkerSetup } from "./worker.js";

export interface RunOptions {
  /** The compiled card set's registry module (`cardSetUrl`). */
  readonly cards: string;
  readonly plan: SimulationPlan;
  readonly shape: TallyShape;
  readonly workers: number;
  /** Game indices to play (default: all of the plan's); a shard plays a share. */
  readonly indices?: { readonly from: number; readonly to: number };
  /** Games a batch, every batch (default: `guidedBatch`). */
  readonly batch?: number;
  /** After each batch: games played so far. */
  readonly onProgress?: (played: number) => void;
  /** Stops dispatching and drops the batches under way when aborted: the tally then holds the batches done. */
  readonly signal?: AbortSignal;
  /** The worker module (default: dist/sim-worker.mjs in the package). */
  readonly workerFile?: string;
}

export interface RunResult {
  readonly tally: Tally;
  /** Whether every game asked for was played (false when interrupted). */
  readonly complete: boolean;
}

/**
 * V8 settings for a process whose threads play games, given before its first
 * worker starts (V8's settings are the whole process's; they change no
 * result, only how fast it comes, and docs/simulate-speed.md has the figures):
 * - no parallel scavenge: a worker's young-generation collections (every few
 *   milliseconds, a game allocates about 1 MB) would wait for helper threads
 *   that, with a game thread on every core, find no core free;
 * - no loop peeling: each worker compiles the engine afresh in its own
 *   isolate, and peeling loops is about a third of that optimising work for
 *   no measurable gain in the games;
 * - when a game thread runs on every core (`busy`), half V8's inlining budget
 *   for one optimised function (920 bytes of bytecode, Node 20's default):
 *   the workers' optimising then takes its time from the games, and this
 *   cuts it by about a sixth for code about 1 % slower once warm. On 2 cores,
 *   2 workers played 1,000 games 7 % faster, 10,000 1 % faster and 30,000 as
 *   fast. With a core to spare the optimising costs the games little and the
 *   full budget is given back (a setting stays set for the next run in the
 *   process): 1 worker played 10,000 games 1 % faster with it, 1,000 games 3 %
 *   slower.
 *
 * They were measured on Node 20's V8 (11.3) and are given only there: another
 * V8 may not know a flag (it then prints "unrecognized flag" under the run's
 * output) or may not gain from it, and 920 is only that V8's default. A
 * setting the user gave on node's own command line (`execArgv`) is left as
 * they gave it; NODE_OPTIONS cannot carry these.
 */
export function gameThreadFlags(busy: boolean, v8: string = process.versions.v8, given: readonly string[] = process.execArgv): string[] {
  if (!v8.startsWith(measuredOn)) return [];
  const taken = new Set(given.filter((a) => a.startsWith("--")).map(settingName));
  return ["--no-parallel-scavenge", "--no-turbo-loop-peeling", `--max-inlined-bytecode-size-cumulative=${busy ? 460 : 920}`].filter((f) => !taken.has(settingName(f)));
}

const measuredOn = "11.3.";

/** The setting a V8 flag sets: `--no-x`, `--x` and `--x=1` all set x, and V8 reads `_` as `-`. */
function settingName(flag: string): string {
  return flag.replace(/^--(no-?)?/, "").replace(/=.*$/, "").replaceAll("_", "-");
}

/**
 * The next batch's size when `left` games are still to hand out: a quarter of
 * each worker's share of them, between 1 and 50 games (guided
 * self-scheduling). Batches start large, so a worker seldom waits on the main
 * thread, and shrink to a game or two at the end, so the workers finish
 * together instead of one playing out its last 50 games while the others
 * wait; a small run still reports progress often.
 */
export function guidedBatch(left: number, workers: number): number {
  return Math.max(1, Math.min(50, Math.ceil(left / (workers * 4))));
}

export const defaultWorkerFile = (): string => join(packageRoot(), "dist", "sim-worker.mjs");

export async function runSimulation(options: RunOptions): Promise<RunResult> {
  const { from, to } = options.indices ?? { from: 0, to: options.plan.games };
  const total = to - from;
  const tally = emptyTally(options.shape);
  if (total <= 0) return { tally, complete: true };
  // Stopped before the first game (a Ctrl-C while the cards compiled): no pool to start.
  if (options.signal?.aborted === true) return { tally, complete: false };
  const setup: WorkerSetup = { cards: options.cards, plan: options.plan, shape: options.shape };
  // Given again by every run: setting a flag to the value it has changes nothing.
  for (const flag of gameThreadFlags(options.workers >= availableParallelism())) setFlagsFromString(flag);
  const pool = new Piscina<Batch, Tally>({
    filename: options.workerFile ?? defaultWorkerFile(),
    workerData: setup,
    minThreads: options.workers,
    maxThreads: options.workers,
    // A worker holds its next batch while it plays one, so it goes on without waiting for the
    // main thread, which is slow to wake when a game thread runs on every core (2 workers
    // 1-2 % faster in 18 paired runs in one process, 1 worker as fast).
    concurrentTasksPerWorker: 2,
    idleTimeout: 60_000,
  });
  // Stopping ends the pool, which drops the batches under way: the batches carry no signal of
  // their own because piscina sends no batch ahead to a worker whose batch could be aborted.
  let ended: Promise<void> | undefined;
  const end = (): Promise<void> => (ended ??= pool.destroy());
  // A failure to end shows where the run awaits `end` below, not as an unhandled rejection here.
  const onAbort = (): void => void end().catch(() => undefined);
  options.signal?.addEventListener("abort", onAbort, { once: true });
  let played = 0;
  let next = from;
  let failure: unknown;
  const stopped = (): boolean => options.signal?.aborted === true || failure !== undefined;
  // Two lanes a worker: each worker always has a batch sent ahead.
  const lane = async (): Promise<void> => {
    while (!stopped() && next < to) {
      const b: Batch = { from: next, to: Math.min(to, next + (options.batch ?? guidedBatch(to - next, options.workers))) };
      next = b.to;
      try {
        const t = await pool.run(b);
        if (options.signal?.aborted) return;
        mergeTally(tally, t);
        played += b.to - b.from;
        options.onProgress?.(played);
      } catch (error) {
        if (options.signal?.aborted) return;
        failure ??= error;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: options.workers * 2 }, lane));
  } finally {
    options.signal?.removeEventListener("abort", onAbort);
    await end();
  }
  if (failure !== undefined) throw failure;
  return { tally, complete: played === total };
}
