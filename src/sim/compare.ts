/**
 * `state51 simulate --baseline PATHS`: the same games (seeds, players, bots,
 * seating) played on a second card set, and what changed between the two
 * runs: each faction's win rate, the game length, and where each new card's
 * win-rate difference ranks among the old cards'. Derived from the two
 * reports alone (and which shared cards changed), so merged shards give the
 * same comparison as one run.
 */
import { newcombe } from "./stats.js";
import { counted, diffText, minGames, nameColumn, tooFewToTell, orDash, padName, thousands, optPct, r4, signed, type CardReport, type SimulationReport } from "./report.js";

type Diff = { readonly value: number; readonly low: number; readonly high: number };

export interface RankedCard {
  readonly id: string;
  readonly name: string;
  readonly kind: CardReport["kind"];
  readonly seen: number;
  readonly played: number;
  /** Its win-rate difference in this run (CardReport.difference). */
  readonly difference: Diff | null;
  /** 1 + the old cards of this run whose difference is higher (null without a difference of its own). */
  readonly rank: number | null;
  /** The cards it is ranked among: the old cards with a difference, and itself. */
  readonly of: number;
}

export interface Comparison {
  /** Whether both sets have the same factions, in the same order: then every game was seated alike. */
  readonly sameFactions: boolean;
  readonly factions: readonly {
    readonly faction: string;
    readonly name: string;
    readonly winRate: number | null;
    readonly baselineWinRate: number | null;
    /** winRate − baselineWinRate, with Newcombe's 95% interval (null when the faction is in one set only). */
    readonly difference: Diff | null;
  }[];
  /** The games' length here and in the baseline; null on a side that played no game (a run stopped before its first), and then for the difference. */
  readonly rounds: { readonly mean: number | null; readonly baselineMean: number | null; readonly meanDifference: number | null; readonly median: number | null; readonly baselineMedian: number | null };
  readonly cards: {
    /** Cards in this set and not the baseline's, highest difference first. */
    readonly new: readonly RankedCard[];
    /** Cards in both sets that differ: ranked in this run among the other old cards, and in the baseline run among its cards. */
    readonly changed: readonly (RankedCard & { readonly baselineDifference: Diff | null; readonly baselineRank: number | null; readonly baselineOf: number })[];
    /** Cards in the baseline's set and not this one. */
    readonly removed: readonly { readonly id: string; readonly name: string; readonly kind: CardReport["kind"]; readonly baselineDifference: Diff | null }[];
  };
}

export const comparisonMethod =
  "the baseline set plays the same seeds with the same players, bots and seating (the same factions by seat when both sets have the same factions); a faction's change is its win rate here minus in the baseline with Newcombe's 95% interval (which treats the runs as independent, so it is, if anything, too wide); a new card's rank is 1 + the number of old cards (those in both sets) whose win-rate difference is higher in this run, among the old cards with a difference and itself; a changed card is ranked so among the other old cards here, and among the baseline's cards in the baseline run";

/** 1 + how many of `others` are above `d` (null without d). */
function rankAmong(d: Diff | null, others: readonly number[]): number | null {
  return d === null ? null : 1 + others.filter((o) => o > d.value).length;
}

const diffs = (cards: readonly CardReport[], except: string): number[] => cards.filter((c) => c.id !== except && c.difference !== null).map((c) => c.difference!.value);

/** Highest difference first (so by rank), those without one after them, in set order. */
const byRank = <T extends RankedCard>(cards: T[]): T[] => cards.sort((a, b) => (a.difference === null ? (b.difference === null ? 0 : 1) : b.difference === null ? -1 : b.difference.value - a.difference.value));

/** The comparison of `report` with `baseline` (the same games on another set); `changed`: the ids in both sets whose cards differ. */
export function compareReports(report: SimulationReport, baseline: SimulationReport, changed: ReadonlySet<string>): Comparison {
  const inBaseline = new Map(baseline.cards.map((c) => [c.id, c]));
  const inReport = new Set(report.cards.map((c) => c.id));
  const old = report.cards.filter((c) => inBaseline.has(c.id));
  const ranked = (c: CardReport): RankedCard => {
    const others = diffs(old, c.id);
    return { id: c.id, name: c.name, kind: c.kind, seen: c.seen, played: c.played, difference: c.difference, rank: rankAmong(c.difference, others), of: others.length + 1 };
  };
  const baseFactions = new Map(baseline.factions.map((f) => [f.faction, f]));
  const factionNames = [...report.factions.map((f) => f.faction), ...baseline.factions.map((f) => f.faction).filter((f) => !report.factions.some((g) => g.faction === f))];
  const factions = factionNames.map((faction) => {
    // A faction that sat out every game (a short or interrupted run) has no rate to compare.
    const inReport = report.factions.find((f) => f.faction === faction);
    const inBaseline = baseFactions.get(faction);
    const played = <T extends { readonly games: number }>(f: T | undefined): T | undefined => (f !== undefined && f.games > 0 ? f : undefined);
    const here = played(inReport);
    const there = played(inBaseline);
    const d = here && there ? newcombe(here.wins, here.games, there.wins, there.games) : undefined;
    return { faction, name: inReport?.name ?? inBaseline?.name ?? faction, winRate: here?.winRate ?? null, baselineWinRate: there?.winRate ?? null, difference: d === undefined ? null : { value: r4(d.value), low: r4(d.low), high: r4(d.high) } };
  });
  const g = report.games.rounds;
  const b = baseline.games.rounds;
  return {
    sameFactions: report.factions.map((f) => f.faction).join("\n") === baseline.factions.map((f) => f.faction).join("\n"),
    factions,
    rounds: { mean: g.mean, baselineMean: b.mean, meanDifference: g.mean === null || b.mean === null ? null : r4(g.mean - b.mean), median: g.median, baselineMedian: b.median },
    cards: {
      new: byRank(report.cards.filter((c) => !inBaseline.has(c.id)).map(ranked)),
      changed: byRank(
        old
          .filter((c) => changed.has(c.id))
          .map((c) => {
            const was = inBaseline.get(c.id)!;
            const others = diffs(baseline.cards, c.id);
            return { ...ranked(c), baselineDifference: was.difference, baselineRank: rankAmong(was.difference, others), baselineOf: others.length + 1 };
          }),
      ),
      removed: baseline.cards.filter((c) => !inReport.has(c.id)).map((c) => ({ id: c.id, name: c.name, kind: c.kind, baselineDifference: c.difference })),
    },
  };
}

/** The report with its baseline run and the comparison of the two. */
export function withBaseline(report: SimulationReport, baseline: SimulationReport, changed: ReadonlySet<string>): SimulationReport {
  return {
    ...report,
    complete: report.complete && baseline.complete,
    methods: { ...report.methods, baseline: comparisonMethod },
    baseline,
    comparison: compareReports(report, baseline, changed),
  };
}

/** 1 → "1st", 22 → "22nd", 13 → "13th". */
export function ordinal(k: number): string {
  const tens = k % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][k % 10] ?? "th");
  return `${k}${suffix}`;
}

/** The caveat after a rank whose card has too few games in this run (see `tooFewToTell`), or nothing. */
export const rankCaveat = (k: { readonly played: number; readonly seen: number; readonly rank: number | null }): string =>
  k.rank !== null && tooFewToTell(k) ? `, too few games to tell (under ${minGames} played or not)` : "";

export const rankText = (rank: number | null, of: number): string => (rank === null ? "unranked (never played, or played whenever seen)" : `ranks ${ordinal(rank)} of ${of}`);

/** The games' length here and in the baseline, in words; "–" for a side that played no game (a run stopped early), and then for the difference. */
export function roundsCompared(c: Comparison): Record<"mean" | "baselineMean" | "difference" | "median" | "baselineMedian", string> {
  const r = c.rounds;
  const fixed = (x: number): string => x.toFixed(2);
  return {
    mean: orDash(r.mean, fixed),
    baselineMean: orDash(r.baselineMean, fixed),
    difference: orDash(r.meanDifference, (d) => signed(d, 2)),
    median: orDash(r.median, String),
    baselineMedian: orDash(r.baselineMedian, String),
  };
}

/** Which games the baseline played: all of the run's seeds, or, interrupted, only some of them ("the same" would then be untrue). */
export const baselineSeeds = (b: SimulationReport): string =>
  b.complete ? `the same ${thousands(b.run.seeds.count)} seeds` : `${thousands(b.games.played)} of the same ${thousands(b.run.seeds.count)} seeds`;

/** The comparison's lines for the terminal report (none without a baseline). */
export function comparisonText(r: SimulationReport): string[] {
  const c = r.comparison;
  const b = r.baseline;
  if (c === undefined || b === undefined) return [];
  const out: string[] = [""];
  out.push(`Against the baseline: card set ${b.run.cardSet.slice(0, 12)}…, ${baselineSeeds(b)}, players and bots${c.sameFactions ? "" : " (its factions differ, so the games were seated differently)"}`);
  if (!b.complete) out.push(`INTERRUPTED: the baseline played ${counted(b.games.played, "game")} only; the comparison is over different games`);
  const rounds = roundsCompared(c);
  out.push(`  rounds: mean ${rounds.mean}, baseline ${rounds.baselineMean} (${rounds.difference}); median ${rounds.median}, baseline ${rounds.baselineMedian}`);
  out.push(`  draws: ${thousands(r.games.draws)}, baseline ${thousands(b.games.draws)}`);
  out.push("Factions: win rate here, in the baseline, and the change with its 95% interval (Newcombe):");
  const factionWidth = nameColumn(c.factions.map((f) => f.name));
  for (const f of c.factions) out.push(`  ${padName(f.name, factionWidth)} ${optPct(f.winRate).padStart(6)} ${optPct(f.baselineWinRate).padStart(6)}  ${diffText(f.difference)}`);
  out.push(c.cards.new.length === 0 ? "New cards: none" : `New cards (${c.cards.new.length}), ranked by win-rate difference among the old cards that have one (1st = highest):`);
  const cardWidth = nameColumn([...c.cards.new, ...c.cards.changed, ...c.cards.removed].map((k) => k.name));
  for (const k of c.cards.new) out.push(`  ${padName(k.name, cardWidth)} ${rankText(k.rank, k.of).padEnd(16)}  diff ${diffText(k.difference).padEnd(26)} played ${thousands(k.played)} of ${thousands(k.seen)} seen${rankCaveat(k)}`);
  if (c.cards.changed.length > 0) out.push(`Changed cards (${c.cards.changed.length}): rank and difference here, then in the baseline:`);
  for (const k of c.cards.changed) out.push(`  ${padName(k.name, cardWidth)} ${rankText(k.rank, k.of).padEnd(16)}  diff ${diffText(k.difference).padEnd(26)} baseline: ${rankText(k.baselineRank, k.baselineOf)}, diff ${diffText(k.baselineDifference)}${rankCaveat(k)}`);
  if (c.cards.removed.length > 0) out.push(`Removed cards (${c.cards.removed.length}): difference in the baseline:`);
  for (const k of c.cards.removed) out.push(`  ${padName(k.name, cardWidth)} diff ${diffText(k.baselineDifference)}`);
  return out;
}
