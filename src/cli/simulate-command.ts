/**
 * `state51 simulate`: many bot games on worker threads, reported per game,
 * seat, faction, bot and card (src/sim/). The options are checked before the
 * cards are compiled and before any game is played; the report is written
 * atomically, and an interrupted run (Ctrl-C) reports the games it played.
 */
import { readInputText } from "../load/read-file.js";
import { realpathSync } from "node:fs";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { Format, SingleBar, type GenericFormatter, type ValueFormatter } from "cli-progress";
import { botName } from "../bots/index.js";
import { cardDigests, cardSetDigest } from "../engine/card-digest.js";
import type { CardRegistry } from "../engine/definitions.js";
import { withBaseline } from "../sim/compare.js";
import { engineVersion } from "../engine/version.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { buildReport, cardLabels, counted, factionNames, isReportStart, mainComplete, thousands, reportText, roundLimitWarning, type ReportMeta, type SimulationReport } from "../sim/report.js";
import { reportHtml } from "../sim/report-html.js";
import { mergeReports, MergeError, parseReport, shardRange, type Shard } from "../sim/merge.js";
import { formatDiagnostic } from "./format-diagnostics.js";
import { runSimulation } from "../sim/runner.js";
import { tallyShape, tooFewFactions, tooFewFactionsHint, type SimulationPlan } from "../sim/simulated-game.js";
import { jsonText, terminalLine } from "../text/escape.js";
import { compiledCards, integer, playersAndBots } from "./play-command.js";
import { filesRead } from "../pipeline/validate.js";
import { checkOutput, UsageError, type Replaceable } from "./usage-error.js";
import { errorLine } from "./error-line.js";

export interface SimulateOptions {
  readonly games?: string;
  readonly players?: string;
  readonly bots?: string;
  readonly seed?: string;
  readonly workers?: string;
  readonly format?: "text" | "json" | "html";
  readonly out?: string;
  /** Make the report's missing folders. */
  readonly mkdir?: boolean;
  /** `i/n`: play share i of n of the games (a partial report, for --merge). */
  readonly shard?: string;
  /** Card files or folders of a second set to play the same games on, and compare with (e.g. the base set alone). */
  readonly baseline?: readonly string[];
  /** The paths are report files of shards, to merge into one report. */
  readonly merge?: boolean;
  /** Show the progress bar and plain lines as if on a terminal or not (tests); default: whether standard error is a terminal. */
  readonly progress?: "bar" | "lines" | "none";
}

export interface SimulateIo {
  readonly write: (s: string) => void;
  readonly writeError: (s: string) => void;
}

interface Checked {
  readonly plan: SimulationPlan;
  readonly shard: Shard | undefined;
  readonly workers: number;
  readonly format: "text" | "json" | "html";
  readonly out: string | undefined;
  readonly mkdir: boolean;
}

export const maxGames = 100_000_000;

function parseShard(text: string, games: number): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(m?.[1]);
  const of = Number(m?.[2]);
  if (!m || index < 1 || of < 1 || index > of) throw new UsageError(`--shard must be i/n with 1 <= i <= n (share i of n of the games), not "${text}"`);
  if (of > games) throw new UsageError(`--shard ${text}: ${of} shards of ${counted(games, "game")} would leave some empty`);
  return { index, of };
}

/** `--out` replaces an earlier report, in any format (a merge's too), and nothing else. */
const earlierReport: Replaceable = { kind: "a simulation report", is: (head, cut, whole) => isReportStart(head.toString("utf8"), cut ? () => whole()?.toString("utf8") : undefined) };

/** The game options `--merge` does not take (its parts say how they were played). */
const gameOptions = ["games", "players", "bots", "seed", "workers", "shard", "baseline"] as const;

/** Checks `--merge`'s options (a UsageError if one makes no sense). */
export function checkMerge(paths: readonly string[], opts: SimulateOptions): Pick<Checked, "format" | "out" | "mkdir"> {
  const given = gameOptions.filter((o) => opts[o] !== undefined);
  if (given.length > 0)
    throw new UsageError(
      `--merge takes the reports of a run's shards only, not ${given.map((o) => `--${o}`).join(", ")}: the parts say how they were played` +
        (given.includes("baseline") ? "\n  hint: play the shards with --baseline; each part carries its share of the baseline run, and --merge combines both" : ""),
    );
  if (paths.length === 0) throw new UsageError("--merge needs the shards' report files (written with --shard i/n)");
  const mkdir = opts.mkdir === true;
  checkOutput(opts.out, "the report", { mkdir, reads: () => paths, replaces: earlierReport });
  return { format: opts.format ?? "text", out: opts.out, mkdir };
}

/** Merges the shards' reports into the whole run's: the exit status (1 when they are not the shards of one run). */
export function runMerge(paths: readonly string[], checked: Pick<Checked, "format" | "out" | "mkdir">, io: SimulateIo): number {
  try {
    const parts = paths.map((file) => {
      const read = readInputText(resolve(file), file, "name the JSON reports written by simulate --shard i/n");
      if (!read.ok) throw new MergeError(read.diagnostic);
      return { file, report: parseReport(file, read.text), text: read.text, identity: realFile(file) };
    });
    const merged = mergeReports(parts);
    writeReport(merged, checked, io);
    // A part cut short (Ctrl-C) merges into a report marked incomplete: a script must not take it for the whole run.
    const short = parts.filter((p) => !p.report.complete);
    if (short.length === 0) return 0;
    const named = short.map((p) => (mainComplete(p.report) ? `${p.file} (in its baseline)` : p.file));
    const baseline = merged.baseline === undefined ? "" : `, and ${thousands(merged.baseline.games.played)} of its baseline's`;
    io.writeError(errorLine("simulate --merge", `${named.join(", ")} ${short.length === 1 ? "was" : "were"} interrupted: the merged report covers ${thousands(merged.games.played)} of the run's ${counted(merged.run.seeds.count, "game")}${baseline}`) + "  hint: play those shards again, then merge\n");
    return 1;
  } catch (error) {
    if (!(error instanceof MergeError)) throw error;
    // Shown as validate shows a card file's diagnostic: at the field, with its line of the report.
    io.writeError(formatDiagnostic(error.found, error.text) + "\n\nnothing merged\n");
    return 1;
  }
}

/** The file a path names, however it is spelt (./p1.json, a link): its real path, or the path made absolute when it has none. */
function realFile(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return resolve(path);
  }
}

/** Checks the options (a UsageError if one makes no sense): nothing is compiled or played yet; `paths` are the cards to play. */
export function checkSimulate(opts: SimulateOptions, paths: readonly string[]): Checked {
  const games = integer(opts.games ?? "1000", "--games", 1, maxGames);
  const { players, bots } = playersAndBots(opts);
  const firstSeed = integer(opts.seed ?? "1", "--seed", 0, 2 ** 32 - 1);
  if (firstSeed + games - 1 > 2 ** 32 - 1) throw new UsageError(`--seed ${firstSeed} with --games ${games} goes past the last seed, 4294967295`);
  const workers = opts.workers !== undefined ? integer(opts.workers, "--workers", 1, 256) : availableParallelism();
  const shard = opts.shard === undefined ? undefined : parseShard(opts.shard, games);
  // A shard's report is a part for --merge, which reads JSON only: written as text, it would be refused only at the merge.
  if (shard !== undefined && opts.format !== undefined && opts.format !== "json")
    throw new UsageError(`--shard writes a part for --merge, which takes JSON, not --format ${opts.format}\n  hint: leave --format out (a shard writes JSON), then merge the parts with --format ${opts.format}`);
  const format = opts.format ?? (shard === undefined ? "text" : "json");
  const mkdir = opts.mkdir === true;
  // commander gives a required option the next word even when it is an option: `--baseline --games 20` would read "--games" as a path.
  const option = opts.baseline?.find((p) => p.startsWith("-"));
  if (option !== undefined) throw new UsageError(`--baseline needs the baseline's card files or folders before any other option, not "${option}"\n  hint: state51 simulate cards/ my-expansion.yaml --baseline cards/ --games 400`);
  const reads = (): string[] => [...filesRead(paths), ...(opts.baseline === undefined ? [] : filesRead(opts.baseline))];
  checkOutput(opts.out, "the report", { mkdir, reads, replaces: earlierReport });
  const range = shard === undefined ? undefined : shardRange(games, shard);
  const share = range === undefined ? games : range.to - range.from;
  return { plan: { firstSeed, games, players, bots }, shard, workers: Math.min(workers, share), format, out: opts.out, mkdir };
}

const seconds = (ms: number): string => (ms < 60_000 ? `${Math.round(ms / 1000)} s` : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`);

/** The run's progress as shown: moved on as batches end, stopped (the terminal put right) at the end. */
interface Progress {
  readonly update: (n: number) => void;
  readonly stop: () => void;
}

/** Progress on standard error: a bar with the time left on a terminal, a plain line at each tenth otherwise. */
function progress(kind: "bar" | "lines" | "none", total: number, writeError: (s: string) => void): Progress {
  if (kind === "none") return { update: () => undefined, stop: () => undefined };
  if (kind === "bar") {
    const line = "simulating [{bar}] {percentage}% | {value}/{total} games | {duration_formatted} elapsed, {left}";
    // Until the first batch is back there is no rate to tell the time left by: say so rather than "0s left".
    const format: GenericFormatter = (options, params, payload) =>
      Format.Formatter({ ...options, format: line }, params, { ...payload, left: params.value === 0 ? "estimating the time left" : `${Format.TimeFormat(params.eta, options, 5)} left` });
    const formatValue: ValueFormatter = (v, options, type) => (type === "value" || type === "total" ? thousands(Number(v)) : Format.ValueFormat(v, options, type));
    const bar = new SingleBar({ format, formatValue, etaBuffer: 50, stream: process.stderr, hideCursor: true, clearOnComplete: true });
    bar.start(total, 0);
    return { update: (n) => bar.update(n), stop: () => bar.stop() };
  }
  const start = Date.now();
  let tenth = 0;
  return {
    update: (done) => {
      const now = Math.floor((10 * done) / total);
      if (now <= tenth) return;
      tenth = now;
      const spent = Date.now() - start;
      writeError(`simulate: ${thousands(done)}/${thousands(total)} games (${Math.round((100 * done) / total)}%), ${seconds(spent)} elapsed${done < total ? `, about ${seconds((spent * (total - done)) / done)} left` : ""}\n`);
    },
    stop: () => undefined,
  };
}

/** Runs `simulate` once its options are checked: compiles the cards, plays, reports; the exit status. */
export async function runSimulate(paths: readonly string[], checked: Checked, opts: SimulateOptions, io: SimulateIo): Promise<number> {
  // Listening from the start: a Ctrl-C while the cards compile reports that no game was played.
  const { signal, shownBy, stopListening } = interruption(io);
  try {
    return await simulateUntil(signal, shownBy, paths, checked, opts, io);
  } finally {
    stopListening();
  }
}

/** The time within which a second Ctrl-C is the first's echo: `npx` and `timeout` pass it on to a process group that has it already. */
const echoMs = 1000;

/**
 * Ctrl-C, as the run hears it: the first stops the run, which then reports the games played; an
 * echo of it is passed over (it once killed the run with no report, the terminal's cursor hidden);
 * a Ctrl-C after that stops at once, with no report, the terminal put right.
 */
function interruption(io: SimulateIo): { signal: AbortSignal; shownBy: (bar: Progress) => void; stopListening: () => void } {
  const stop = new AbortController();
  let bar: Progress | undefined;
  let first: number | undefined;
  const interrupt = (): void => {
    if (first === undefined) {
      first = Date.now();
      stop.abort();
    } else if (Date.now() - first > echoMs) {
      bar?.stop();
      io.writeError("simulate: stopped at once, with no report\n");
      process.exit(130);
    }
  };
  process.on("SIGINT", interrupt);
  return { signal: stop.signal, shownBy: (b) => (bar = b), stopListening: () => void process.off("SIGINT", interrupt) };
}

async function simulateUntil(signal: AbortSignal, shownBy: (bar: Progress) => void, paths: readonly string[], checked: Checked, opts: SimulateOptions, io: SimulateIo): Promise<number> {
  // The baseline is most often the base set the cards played include: its warnings were said with theirs.
  const said = new Set<string>();
  const compiled = await compiledCards(paths, "simulate", io.writeError, said);
  if (compiled === undefined) return 1;
  if (signal.aborted) return interruptedBeforeFirstGame(io);
  const against = opts.baseline === undefined ? undefined : await compiledCards(opts.baseline, "simulate", io.writeError, said);
  if (opts.baseline !== undefined && against === undefined) return 1;
  if (signal.aborted) return interruptedBeforeFirstGame(io);
  const { registry } = compiled;
  const { plan, shard } = checked;
  const indices = shard === undefined ? { from: 0, to: plan.games } : shardRange(plan.games, shard);
  const total = indices.to - indices.from;
  const tooFew = (cards: CardRegistry, which: string): boolean => {
    const why = tooFewFactions(cards, plan.players, which);
    if (why !== undefined) io.writeError(errorLine("simulate", why) + (which === "cards" ? tooFewFactionsHint("simulate") : baselineTooFewHint) + "no game played\n");
    return why !== undefined;
  };
  if (tooFew(registry, "cards") || (against !== undefined && tooFew(against.registry, "--baseline cards"))) return 1;
  const meta = (cards: CardRegistry): ReportMeta => ({ engine: engineVersion, cardSet: cardSetDigest(cards), seeds: { first: plan.firstSeed, count: plan.games }, players: plan.players, bots: plan.bots.map(botName), ...(shard ? { shard } : {}) });
  // With a baseline, the same games are played twice: on the cards, then on the baseline's.
  const runs = against === undefined ? 1 : 2;
  const shown = progress(opts.progress ?? (process.stderr.isTTY ? "bar" : "lines"), runs * total, io.writeError);
  shownBy(shown);
  const play = async (cards: { registry: CardRegistry; url: string }, before: number): Promise<SimulationReport> => {
    const result = await runSimulation({ cards: cards.url, plan, shape: tallyShape(cards.registry, plan), workers: checked.workers, indices, onProgress: (n) => shown.update(before + n), signal });
    return buildReport(result.tally, meta(cards.registry), cardLabels(cards.registry), result.complete, factionNames(cards.registry));
  };
  let report: SimulationReport;
  try {
    report = await play(compiled, 0);
    if (against !== undefined && report.complete) {
      const base = await play(against, total);
      const was = cardDigests(against.registry);
      const changed = new Set([...cardDigests(registry)].filter(([id, d]) => was.has(id) && was.get(id) !== d).map(([id]) => id));
      report = withBaseline(report, base, changed);
    }
  } finally {
    shown.stop();
  }
  if (report.games.played === 0 && !report.complete) return interruptedBeforeFirstGame(io);
  if (!report.complete) {
    const played = report.games.played + (report.baseline?.games.played ?? 0);
    io.writeError(`simulate: interrupted after ${thousands(played)} of ${thousands(runs * total)} games${against === undefined ? "" : report.baseline === undefined ? " (the baseline was not played: no comparison)" : " (the baseline's were not all played)"}; reporting those\n`);
  }
  writeReport(report, checked, io);
  return report.complete ? 0 : 130;
}

/** Too few factions in the baseline: the base set is most often what --baseline should name. */
const baselineTooFewHint = "  hint: give --baseline the base set, or cards with Bases of their own (state51 simulate cards/ my-expansion.yaml --baseline cards/)\n";

/**
 * A Ctrl-C before any game ended: there is nothing to report, and a report of no games written to
 * --out would replace the last run's (as it once did when the cards were still compiling).
 */
function interruptedBeforeFirstGame(io: SimulateIo): number {
  io.writeError("simulate: interrupted before the first game ended; nothing written\n");
  return 130;
}

function writeReport(report: SimulationReport, checked: Pick<Checked, "format" | "out" | "mkdir">, io: SimulateIo): void {
  // Most games stopped by the engine's safety limit: the figures describe games that never ended.
  const warning = roundLimitWarning(report);
  if (warning !== undefined) io.writeError(`state51 simulate: warning: ${warning}\n`);
  const text = checked.format === "json" ? jsonText(report, 2) + "\n" : checked.format === "html" ? reportHtml(report) : reportText(report);
  if (checked.out === undefined) return io.write(text);
  writeFileAtomic(checked.out, text, { mkdir: checked.mkdir });
  io.write(terminalLine(`report of ${counted(report.games.played, "game")} written to ${checked.out}`) + "\n");
}
