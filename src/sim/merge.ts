/**
 * Shards of one simulation (`--shard i/n`) and their merge (`--merge`): a
 * shard plays a contiguous share of the run's game indices; the shards'
 * reports hold every count, so adding their tallies gives exactly the tally,
 * and so the report, of the whole run played at once.
 */
import { Ajv, type ValidateFunction } from "ajv";
import schema from "../../grammar/simulation.schema.json" with { type: "json" };
import { canonical } from "../engine/card-digest.js";
import { buildReport, counted, reportFormat, tallyOfReport, thousands, type CardLabels, type SimulationReport } from "./report.js";
import { mergeTally } from "./tally.js";
import { withBaseline } from "./compare.js";
import { deepestJson, nestedDeeperThan } from "./json-depth.js";

export interface Shard {
  readonly index: number;
  readonly of: number;
}

/** The game indices of shard `index` of `of` in a run of `games` games: disjoint, and together all of them. */
export function shardRange(games: number, shard: Shard): { from: number; to: number } {
  return { from: Math.floor((games * (shard.index - 1)) / shard.of), to: Math.floor((games * shard.index) / shard.of) };
}

/** A report that cannot be merged with the others, and why. */
export class MergeError extends Error {}

let validator: ValidateFunction | undefined;

/** Reads a report file's text (a MergeError if it is not a simulate JSON report). */
export function parseReport(file: string, text: string): SimulationReport {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new MergeError(`${file} is not JSON (write the parts with --shard i/n, which writes JSON)`);
  }
  if (nestedDeeperThan(data, deepestJson)) throw new MergeError(`${file} nests more than ${deepestJson} deep: it is not a state51 simulate report`);
  // A part written by another state51 release fails the schema at its version; say so rather than name a field.
  const head = data as { report?: unknown; version?: unknown } | null;
  if (head?.report === "state51-simulation" && head.version !== reportFormat)
    throw new MergeError(`${file} is a report of format ${JSON.stringify(head.version)}, written by another release of state51; this one reads format ${reportFormat}\n  hint: play that shard again with this release, then merge`);
  validator ??= new Ajv({ allErrors: false }).compile(schema);
  if (!validator(data)) {
    const e = validator.errors?.[0];
    throw new MergeError(`${file} is not a state51 simulate report${e ? ` (${e.instancePath || "/"} ${e.message})` : ""}`);
  }
  return data as SimulationReport;
}

/** A run's seeds as a designer gave them: "seeds 11–210 (200 games)". */
const seedsText = (seeds: SimulationReport["run"]["seeds"]): string => `seeds ${seeds.first}–${seeds.first + seeds.count - 1} (${counted(seeds.count, "game")})`;

/** The one report of the run the parts are shards of; a MergeError naming the mismatch when they are not the shards of one run. */
export function mergeReports(parts: readonly { readonly file: string; readonly report: SimulationReport }[]): SimulationReport {
  const first = parts[0];
  if (first === undefined) throw new MergeError("no report to merge");
  // Compared with their keys in a fixed order (a part passed through `jq -S` is the same part), shown as written or as `show` says.
  const same = <T>(what: string, of: (r: SimulationReport) => T, among: typeof parts = parts, show: (x: T) => string = (x) => JSON.stringify(x)): void => {
    const key = (r: SimulationReport): string => JSON.stringify(canonical(of(r)));
    const want = key(among[0]!.report);
    for (const p of among) {
      if (key(p.report) !== want) throw new MergeError(`${p.file} and ${among[0]!.file} differ in ${what}: ${show(of(p.report))} and ${show(of(among[0]!.report))}`);
    }
  };
  same("engine", (r) => r.run.engine);
  same("card set", (r) => r.run.cardSet);
  same("seeds", (r) => r.run.seeds, parts, seedsText);
  same("players", (r) => r.run.players);
  same("bots", (r) => r.run.bots);
  for (const p of parts) if (p.report.run.shard === undefined) throw new MergeError(`${p.file} is a whole run, not a shard (--shard i/n): there is nothing to merge it with`);
  same("shard count", (r) => r.run.shard?.of);
  const of = first.report.run.shard!.of;
  const byIndex = new Map<number, string>();
  for (const p of parts) {
    const i = p.report.run.shard!.index;
    if (i > of) throw new MergeError(`${p.file} says it is shard ${i}/${of}, but a run of ${of} shards has no shard ${i}\n  hint: was it edited by hand? play that shard again, then merge`);
    const twice = byIndex.get(i);
    if (twice === p.file) throw new MergeError(`${p.file} is named twice: name each shard's report once`);
    if (twice !== undefined) throw new MergeError(`${p.file} and ${twice} are both shard ${i}/${of}`);
    byIndex.set(i, p.file);
  }
  const missing = Array.from({ length: of }, (_, i) => i + 1).filter((i) => !byIndex.has(i));
  if (missing.length > 0) throw new MergeError(`shard${missing.length > 1 ? "s" : ""} ${missing.map((i) => `${i}/${of}`).join(", ")} missing: merge all ${of} shards of the run`);
  // A shard interrupted in its own games never played its baseline, so it cannot say whether the run had one.
  const told = parts.filter((p) => p.report.baseline !== undefined || p.report.complete);
  const withOrWithout = (digest: string | null): string => (digest === null ? "no --baseline" : `--baseline cards ${digest.slice(0, 12)}…`);
  if (told.length > 0) same("baseline", (r) => r.baseline?.run.cardSet ?? null, told, withOrWithout);
  for (const p of parts) whole(p.file, p.report, first.file, first.report);
  const withBase = parts.find((p) => p.report.baseline !== undefined);
  for (const p of parts) if (p.report.baseline !== undefined) whole(`${p.file}'s baseline`, p.report.baseline, `${withBase!.file}'s baseline`, withBase!.report.baseline!);
  const merged = mergeShares(parts.map((p) => p.report));
  // No comparison unless every shard played its share of the baseline (the report is then marked interrupted anyway).
  if (!parts.every((p) => p.report.baseline !== undefined)) return merged;
  // The shards' baselines are shares of one baseline run: merged the same way, then compared again.
  const changed = new Set(first.report.comparison?.cards.changed.map((c) => c.id));
  return withBaseline(merged, mergeShares(parts.map((p) => p.report.baseline!)), changed);
}

/**
 * A MergeError when a part does not hold what its run says it played: the same
 * cards, factions and bots as the first part (the card set's digest already
 * matched, so only an edit of a file can make them differ, and either file may
 * be the edited one), one entry a seat, and, when complete, every game of its
 * shard. Without this an edited part would merge into wrong figures, or fail
 * deep in the adding.
 */
function whole(file: string, r: SimulationReport, firstFile: string, first: SimulationReport): void {
  const edited = (which: string): string => `\n  hint: was ${which} edited by hand? play that shard again, then merge`;
  const sameIds = (noun: string, ids: (x: SimulationReport) => readonly string[]): void => {
    const mine = new Set<string>();
    for (const id of ids(r)) {
      if (mine.has(id)) throw new MergeError(`${file} lists ${noun} ${JSON.stringify(id)} twice${edited("it")}`);
      mine.add(id);
    }
    const theirs = new Set(ids(first));
    const onlyHere = [...mine].find((id) => !theirs.has(id));
    const onlyThere = [...theirs].find((id) => !mine.has(id));
    if (onlyHere !== undefined || onlyThere !== undefined)
      throw new MergeError(`${file} and ${firstFile} do not list the same ${noun}s: ${JSON.stringify(onlyHere ?? onlyThere)} is in ${onlyHere !== undefined ? file : firstFile} only${edited("one of them")}`);
  };
  sameIds("card", (x) => x.cards.map((c) => c.id));
  sameIds("faction", (x) => x.factions.map((f) => f.faction));
  sameIds("bot", (x) => x.bots.map((b) => b.bot));
  if (r.seats.length !== r.run.players) throw new MergeError(`${file} lists ${r.seats.length} seats for ${r.run.players} players${edited("it")}`);
  const seats = new Set(r.seats.map((s) => s.seat));
  const strange = r.seats.find((s) => s.seat < 1 || s.seat > r.run.players);
  if (strange !== undefined) throw new MergeError(`${file} lists seat ${strange.seat} in a game of ${r.run.players} players${edited("it")}`);
  if (seats.size !== r.run.players) throw new MergeError(`${file} lists a seat twice${edited("it")}`);
  const range = shardRange(r.run.seeds.count, r.run.shard ?? { index: 1, of: 1 });
  const share = range.to - range.from;
  if (r.games.played > share || (r.complete && r.games.played !== share))
    throw new MergeError(`${file} says it played ${counted(r.games.played, "game")}${r.complete ? "" : " (interrupted)"}, but its share of the run is ${counted(share, "game")}${edited("it")}`);
  // Its own counts must agree with the games it played: each game is one game long, and every seat plays it.
  const seatGames = r.games.played * r.run.players;
  const sum = (xs: readonly { readonly games: number }[]): number => xs.reduce((n, x) => n + x.games, 0);
  const disagree = (what: string, counts: number, want: number): void => {
    if (counts !== want) throw new MergeError(`${file} counts ${counted(counts, "game")} ${what}, but it played ${counted(r.games.played, "game")}, so ${thousands(want)}${edited("it")}`);
  };
  disagree("by length", sum(r.games.rounds.histogram), r.games.played);
  for (const seat of r.seats) disagree(`for seat ${seat.seat}`, seat.games, r.games.played);
  disagree("by faction", sum(r.factions), seatGames);
  disagree("by bot", sum(r.bots), seatGames);
  const impossible = impossibleCount(r);
  if (impossible !== undefined) throw new MergeError(`${file} counts ${impossible}, which no games could give${edited("it")}`);
  // The labels a report is read by: a card or faction renamed in one part would be merged under the first part's name.
  const renamed = (noun: string, mine: readonly { id: string; label: string }[], theirs: readonly { id: string; label: string }[]): void => {
    const named = new Map(theirs.map((x) => [x.id, x.label]));
    const other = mine.find((x) => named.get(x.id) !== x.label);
    if (other !== undefined) throw new MergeError(`${file} and ${firstFile} name ${noun} ${JSON.stringify(other.id)} differently: ${JSON.stringify(other.label)} and ${JSON.stringify(named.get(other.id))}${edited("one of them")}`);
  };
  const cardLabel = (x: SimulationReport): { id: string; label: string }[] => x.cards.map((c) => ({ id: c.id, label: `${c.name} (${c.kind})` }));
  renamed("card", cardLabel(r), cardLabel(first));
  const factionLabel = (x: SimulationReport): { id: string; label: string }[] => x.factions.map((f) => ({ id: f.faction, label: f.name }));
  renamed("faction", factionLabel(r), factionLabel(first));
}

/**
 * The first count of a report that no games could give, in words, or undefined: more wins and
 * draws than games, a card played more often than held, or held in more player-games than
 * were played. Merged, such a count made rates over 100 % and intervals of NaN.
 */
function impossibleCount(r: SimulationReport): string | undefined {
  const seatGames = r.games.played * r.run.players;
  if (r.games.draws > r.games.played) return `${counted(r.games.draws, "drawn game")} of ${counted(r.games.played, "game")} played`;
  const outcomes = [...r.seats.map((o) => ({ o, who: `seat ${o.seat}` })), ...r.factions.map((o) => ({ o, who: `faction ${o.faction}` })), ...r.bots.map((o) => ({ o, who: `bot ${o.bot}` }))];
  const over = outcomes.find(({ o }) => o.wins + o.draws > o.games);
  if (over !== undefined) return `${thousands(over.o.wins)} wins and ${thousands(over.o.draws)} draws for ${over.who} in ${counted(over.o.games, "game")}`;
  for (const c of r.cards) {
    const card = `card ${c.id}`;
    if (c.seen > seatGames) return `${card} held in ${counted(c.seen, "player-game")} of ${thousands(seatGames)}`;
    if (c.played > c.seen) return `${card} played in ${counted(c.played, "player-game")}, held in ${thousands(c.seen)}`;
    if (c.seenWins > c.seen || c.playedWins > c.played || c.playedWins > c.seenWins || c.seenWins - c.playedWins > c.seen - c.played)
      return `${card} won ${thousands(c.seenWins)} of ${thousands(c.seen)} held and ${thousands(c.playedWins)} of ${thousands(c.played)} played`;
  }
  return undefined;
}

/** The report of the run whose shares (shards) these reports are. */
function mergeShares(reports: readonly SimulationReport[]): SimulationReport {
  const first = reports[0]!;
  const tally = reports.map(tallyOfReport).reduce((a, t) => mergeTally(a, t));
  const labels: CardLabels = new Map(first.cards.map((c) => [c.id, { name: c.name, kind: c.kind }]));
  const { shard: _shard, ...run } = first.run;
  return buildReport(tally, run, labels, reports.every((r) => r.complete), new Map(first.factions.map((f) => [f.faction, f.name])));
}
