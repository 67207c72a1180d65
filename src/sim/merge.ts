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
import { jsonRange, syntaxError, type JsonPath } from "./json-position.js";
import type { MessageArgs } from "../diagnostics/catalog.js";
import type { Code } from "../diagnostics/codes.js";
import { diagnostic, fileStart, type Diagnostic } from "../diagnostics/diagnostic.js";

export interface Shard {
  readonly index: number;
  readonly of: number;
}

/** The game indices of shard `index` of `of` in a run of `games` games: disjoint, and together all of them. */
export function shardRange(games: number, shard: Shard): { from: number; to: number } {
  return { from: Math.floor((games * (shard.index - 1)) / shard.of), to: Math.floor((games * shard.index) / shard.of) };
}

/**
 * A report that cannot be merged with the others, and why: a diagnostic at the field of the
 * report's file it is about, and the file's text (to show the field's line under it).
 */
export class MergeError extends Error {
  constructor(
    readonly found: Diagnostic,
    readonly text?: string,
  ) {
    super(found.message);
  }
}

/** A shard's report to merge: its file as named, the report, and the file's text (what a refusal points into; without it, at the file's start). */
export interface Part {
  readonly file: string;
  readonly report: SimulationReport;
  readonly text?: string;
  /** The file itself however it is named (p1.json, ./p1.json, a link to it): the caller's to find; without it, the name. */
  readonly identity?: string;
}

/** Where a refusal points: a field by its path (its value, or with `key` its key), the file's start without one; and its hint. */
interface At {
  readonly path?: JsonPath;
  readonly key?: boolean;
  readonly hint?: string;
}

function refuse<C extends Code>(part: Pick<Part, "file" | "text">, code: C, args: MessageArgs<C>, at: At = {}): MergeError {
  const range = part.text === undefined || at.path === undefined ? fileStart : jsonRange(part.text, at.path, at.key === true ? "key" : "value");
  return new MergeError(diagnostic(part.file, range, code, args, at.hint), part.text);
}

let validator: ValidateFunction | undefined;

/** Reads a report file's text (a MergeError if it is not a simulate JSON report). */
export function parseReport(file: string, text: string): SimulationReport {
  const here = { file, text };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    const stopped = syntaxError(text);
    throw new MergeError(diagnostic(file, stopped?.range ?? fileStart, "S51-E601", { expected: stopped?.expected ?? "a JSON value" }, "write the parts with --shard i/n, which writes JSON"), text);
  }
  if (nestedDeeperThan(data, deepestJson)) throw refuse(here, "S51-E602", { depth: deepestJson });
  // A part written by another state51 release fails the schema at its version; say so rather than name a field.
  const head = data as { report?: unknown; version?: unknown } | null;
  if (head?.report === "state51-simulation" && Number.isInteger(head.version) && head.version !== reportFormat)
    throw refuse(here, "S51-E603", { format: head.version as number, expected: reportFormat }, { path: ["version"], hint: "play that shard again with this release, then merge" });
  validator ??= new Ajv({ allErrors: false }).compile(schema);
  if (!validator(data)) {
    const e = validator.errors?.[0];
    // A field a report does not have is named, and its key pointed at.
    const extra = e?.keyword === "additionalProperties" ? String((e.params as { additionalProperty?: unknown }).additionalProperty) : undefined;
    const path = e === undefined ? [] : [...pointerPath(e.instancePath), ...(extra === undefined ? [] : [extra])];
    const problem = `${e?.message ?? ""}${extra === undefined ? "" : ` (${JSON.stringify(extra)})`}`;
    throw refuse(here, "S51-E604", { where: e?.instancePath || "/", problem }, { path, key: extra !== undefined, hint: "name the JSON reports written by simulate --shard i/n" });
  }
  return data as SimulationReport;
}

/** A JSON pointer (ajv's `instancePath`, "/seats/1/games") as a path of keys and indices. */
const pointerPath = (pointer: string): JsonPath =>
  pointer
    .split("/")
    .slice(1)
    .map((step) => step.replaceAll("~1", "/").replaceAll("~0", "~"))
    .map((step) => (/^(0|[1-9]\d*)$/.test(step) ? Number(step) : step));

/** A run's seeds as a designer gave them: "seeds 11–210 (200 games)". */
const seedsText = (seeds: SimulationReport["run"]["seeds"]): string => `seeds ${seeds.first}–${seeds.first + seeds.count - 1} (${counted(seeds.count, "game")})`;

/** The one report of the run the parts are shards of; a MergeError naming the mismatch when they are not the shards of one run. */
export function mergeReports(parts: readonly Part[]): SimulationReport {
  const first = parts[0];
  if (first === undefined) throw new Error("mergeReports needs a part: the command line asks for one");
  const sameRun = "merge the shards of one run (the same cards, seeds, players, bots and --baseline), each played with --shard i/n";
  /** Every part of `among` (all, unless said) has the same `of` as the first: compared with keys in a fixed order (a part through `jq -S` is the same part), shown as written or as `show` says. */
  const same = <T>(what: string, path: JsonPath, of: (r: SimulationReport) => T, options: { among?: readonly Part[]; show?: (x: T) => string } = {}): void => {
    const { among = parts, show = (x: T) => JSON.stringify(x) ?? "none" } = options;
    const key = (r: SimulationReport): string => JSON.stringify(canonical(of(r)));
    const want = key(among[0]!.report);
    for (const p of among) {
      if (key(p.report) !== want) throw refuse(p, "S51-E605", { other: among[0]!.file, what, mine: show(of(p.report)), theirs: show(of(among[0]!.report)) }, { path, hint: sameRun });
    }
  };
  same("engine", ["run", "engine"], (r) => r.run.engine);
  same("card set", ["run", "cardSet"], (r) => r.run.cardSet);
  same("seeds", ["run", "seeds"], (r) => r.run.seeds, { show: seedsText });
  same("players", ["run", "players"], (r) => r.run.players);
  same("bots", ["run", "bots"], (r) => r.run.bots);
  for (const p of parts) if (p.report.run.shard === undefined) throw refuse(p, "S51-E606", {}, { path: ["run"], hint: "play the run's shards with --shard i/n, then merge their reports" });
  same("shard count", ["run", "shard", "of"], (r) => r.run.shard?.of);
  const of = first.report.run.shard!.of;
  // `--shard` refuses more shards than games (some would be empty): only an edit makes more.
  const games = first.report.run.seeds.count;
  if (of > games) throw refuse(first, "S51-E620", { of: thousands(of), games: counted(games, "game") }, { path: ["run", "shard", "of"], hint: editedHint("it") });
  const byIndex = new Map<number, Part>();
  for (const p of parts) {
    const i = p.report.run.shard!.index;
    if (i > of) throw refuse(p, "S51-E607", { index: i, of }, { path: ["run", "shard", "index"], hint: editedHint("it") });
    const twice = byIndex.get(i);
    // The same file, however it is named (p1.json, ./p1.json, a link to it).
    if (twice !== undefined && (twice.identity ?? twice.file) === (p.identity ?? p.file)) throw refuse(p, "S51-E608", {}, { path: ["run", "shard"], hint: "name each shard's report once" });
    if (twice !== undefined) throw refuse(p, "S51-E609", { other: twice.file, index: i, of }, { path: ["run", "shard", "index"], hint: "name each shard's report once; two reports of one shard are the same games" });
    byIndex.set(i, p);
  }
  if (byIndex.size < of) throw refuse(first, "S51-E610", { count: counted(of, "shard"), missing: missingShards(byIndex, of) }, { path: ["run", "shard", "of"], hint: `merge all ${of} shards of the run` });
  // A shard interrupted in its own games never played its baseline, so it cannot say whether the run had one.
  const told = parts.filter((p) => p.report.baseline !== undefined || p.report.complete);
  const withOrWithout = (digest: string | null): string => (digest === null ? "no --baseline" : `--baseline cards ${digest.slice(0, 12)}…`);
  if (told.length > 0) same("baseline", ["baseline"], (r) => r.baseline?.run.cardSet ?? null, { among: told, show: withOrWithout });
  for (const p of parts) whole({ ...p, at: [], part: "the part" }, p.report, first.file, first.report);
  const withBase = parts.find((p) => p.report.baseline !== undefined);
  for (const p of parts) if (p.report.baseline !== undefined) whole({ ...p, at: ["baseline"], part: "the part's baseline" }, p.report.baseline, `${withBase!.file}'s baseline`, withBase!.report.baseline!);
  const merged = mergeShares(parts.map((p) => p.report));
  // No comparison unless every shard played its share of the baseline (the report is then marked interrupted anyway).
  if (!parts.every((p) => p.report.baseline !== undefined)) return merged;
  // The shards' baselines are shares of one baseline run: merged the same way, then compared again.
  const changed = new Set(first.report.comparison?.cards.changed.map((c) => c.id));
  return withBaseline(merged, mergeShares(parts.map((p) => p.report.baseline!)), changed);
}

/** The shards not named, in words: the first ten, then how many more ("3/40, 4/40, … and 27 more"). */
function missingShards(named: ReadonlyMap<number, unknown>, of: number): string {
  const first: string[] = [];
  // Every index named is one of 1..of (checked above), so the first ten missing are found within named.size + 10 steps.
  for (let i = 1; i <= of && first.length < 10; i++) if (!named.has(i)) first.push(`${i}/${of}`);
  const more = of - named.size - first.length;
  return more > 0 ? `${first.join(", ")} and ${thousands(more)} more` : first.join(", ");
}

/** The hint for a part whose own figures do not add up: `which` is "it" or "one of them". */
const editedHint = (which: string): string => `was ${which} edited by hand? play that shard again, then merge`;

/** How a card or faction is shown in a report: its name, and with a card's kind ("Sawmill (location)"). */
interface Label {
  readonly id: string;
  readonly name: string;
  readonly label: string;
}

/** Which report a check is about: a part, or the baseline run it carries (`at` its field, `part` it in words). */
interface Subject extends Pick<Part, "file" | "text"> {
  readonly at: JsonPath;
  readonly part: "the part" | "the part's baseline";
}

/**
 * A MergeError when a part does not hold what its run says it played: the same
 * cards, factions and bots as the first part (the card set's digest already
 * matched, so only an edit of a file can make them differ, and either file may
 * be the edited one), one entry a seat, and, when complete, every game of its
 * shard. Without this an edited part would merge into wrong figures, or fail
 * deep in the adding.
 */
function whole(subject: Subject, r: SimulationReport, firstFile: string, first: SimulationReport): void {
  const { file, part } = subject;
  const edited = (path: JsonPath, which: "it" | "one of them" = "it"): At => ({ path, hint: editedHint(which) });
  const at = (...path: JsonPath): JsonPath => [...subject.at, ...path];
  // Each list's entries are named by this field: a card by its id, a faction by its faction, a bot by its bot.
  const idField = { cards: "id", factions: "faction", bots: "bot" } as const;
  const sameIds = (noun: string, list: keyof typeof idField, ids: (x: SimulationReport) => readonly string[]): void => {
    const mine = new Map<string, number>();
    for (const [i, id] of ids(r).entries()) {
      if (mine.has(id)) throw refuse(subject, "S51-E611", { part, noun, id: JSON.stringify(id) }, edited(at(list, i, idField[list])));
      mine.set(id, i);
    }
    const theirs = new Set(ids(first));
    const onlyHere = [...mine.keys()].find((id) => !theirs.has(id));
    const onlyThere = [...theirs].find((id) => !mine.has(id));
    if (onlyHere !== undefined || onlyThere !== undefined)
      throw refuse(subject, "S51-E612", { part, other: firstFile, noun, id: JSON.stringify(onlyHere ?? onlyThere), where: onlyHere !== undefined ? file : firstFile }, edited(onlyHere !== undefined ? at(list, mine.get(onlyHere)!, idField[list]) : at(list), "one of them"));
  };
  sameIds("card", "cards", (x) => x.cards.map((c) => c.id));
  sameIds("faction", "factions", (x) => x.factions.map((f) => f.faction));
  sameIds("bot", "bots", (x) => x.bots.map((b) => b.bot));
  const players = r.run.players;
  if (r.seats.length !== players) throw refuse(subject, "S51-E613", { part, seats: counted(r.seats.length, "seat"), players }, edited(at("seats")));
  const seats = new Set<number>();
  for (const [i, s] of r.seats.entries()) {
    if (s.seat < 1 || s.seat > players) throw refuse(subject, "S51-E614", { part, seat: s.seat, players }, edited(at("seats", i, "seat")));
    if (seats.has(s.seat)) throw refuse(subject, "S51-E615", { part, seat: s.seat }, edited(at("seats", i, "seat")));
    seats.add(s.seat);
  }
  const range = shardRange(r.run.seeds.count, r.run.shard ?? { index: 1, of: 1 });
  const share = range.to - range.from;
  if (r.games.played > share || (r.complete && r.games.played !== share))
    throw refuse(subject, "S51-E616", { part, played: `${counted(r.games.played, "game")}${r.complete ? "" : " (interrupted)"}`, share: counted(share, "game") }, edited(at("games", "played")));
  // Its own counts must agree with the games it played: each game is one game long, and every seat plays it.
  const seatGames = r.games.played * players;
  const sum = (xs: readonly { readonly games: number }[]): number => xs.reduce((n, x) => n + x.games, 0);
  const disagree = (what: string, where: JsonPath, counts: number, want: number): void => {
    if (counts !== want) throw refuse(subject, "S51-E617", { part, counts: counted(counts, "game"), what, played: counted(r.games.played, "game"), want: thousands(want) }, edited(where));
  };
  disagree("by length", at("games", "rounds", "histogram"), sum(r.games.rounds.histogram), r.games.played);
  for (const [i, seat] of r.seats.entries()) disagree(`for seat ${seat.seat}`, at("seats", i, "games"), seat.games, r.games.played);
  disagree("by faction", at("factions"), sum(r.factions), seatGames);
  disagree("by bot", at("bots"), sum(r.bots), seatGames);
  const impossible = impossibleCount(r);
  if (impossible !== undefined) throw refuse(subject, "S51-E618", { part, what: impossible.what }, edited(at(...impossible.at)));
  // The labels a report is read by: a card or faction renamed in one part would be merged under the first part's name.
  const renamed = (noun: string, list: "cards" | "factions", mine: readonly Label[], theirs: readonly Label[]): void => {
    const named = new Map(theirs.map((x) => [x.id, x]));
    const i = mine.findIndex((x) => named.get(x.id)?.label !== x.label);
    const other = mine[i];
    if (other === undefined) return;
    const their = named.get(other.id);
    // At the field that differs: a card's name, or only its kind.
    const field = list === "cards" && their?.name === other.name ? "kind" : "name";
    throw refuse(subject, "S51-E619", { part, other: firstFile, noun, id: JSON.stringify(other.id), mine: JSON.stringify(other.label), theirs: JSON.stringify(their?.label) }, edited(at(list, i, field), "one of them"));
  };
  const cardLabel = (x: SimulationReport): Label[] => x.cards.map((c) => ({ id: c.id, name: c.name, label: `${c.name} (${c.kind})` }));
  renamed("card", "cards", cardLabel(r), cardLabel(first));
  const factionLabel = (x: SimulationReport): Label[] => x.factions.map((f) => ({ id: f.faction, name: f.name, label: f.name }));
  renamed("faction", "factions", factionLabel(r), factionLabel(first));
}

/**
 * The first count of a report that no games could give, in words, or undefined: more wins and
 * draws than games, a card played more often than held, or held in more player-games than
 * were played. Merged, such a count made rates over 100 % and intervals of NaN.
 */
function impossibleCount(r: SimulationReport): { what: string; at: JsonPath } | undefined {
  const seatGames = r.games.played * r.run.players;
  if (r.games.draws > r.games.played) return { what: `${counted(r.games.draws, "drawn game")} of ${counted(r.games.played, "game")} played`, at: ["games", "draws"] };
  const outcomes = [
    ...r.seats.map((o, i) => ({ o, who: `seat ${o.seat}`, at: ["seats", i] })),
    ...r.factions.map((o, i) => ({ o, who: `faction ${o.faction}`, at: ["factions", i] })),
    ...r.bots.map((o, i) => ({ o, who: `bot ${o.bot}`, at: ["bots", i] })),
  ];
  const over = outcomes.find(({ o }) => o.wins + o.draws > o.games);
  if (over !== undefined) return { what: `${thousands(over.o.wins)} wins and ${thousands(over.o.draws)} draws for ${over.who} in ${counted(over.o.games, "game")}`, at: [...over.at, over.o.wins > over.o.games ? "wins" : over.o.draws > over.o.games ? "draws" : "games"] };
  for (const [i, c] of r.cards.entries()) {
    const card = `card ${c.id}`;
    const at = (field: string): JsonPath => ["cards", i, field];
    if (c.seen > seatGames) return { what: `${card} held in ${counted(c.seen, "player-game")} of ${thousands(seatGames)}`, at: at("seen") };
    if (c.played > c.seen) return { what: `${card} played in ${counted(c.played, "player-game")}, held in ${thousands(c.seen)}`, at: at("played") };
    if (c.seenWins > c.seen || c.playedWins > c.played || c.playedWins > c.seenWins || c.seenWins - c.playedWins > c.seen - c.played)
      return { what: `${card} won ${thousands(c.seenWins)} of ${thousands(c.seen)} held and ${thousands(c.playedWins)} of ${thousands(c.played)} played`, at: at(c.playedWins > c.played || c.playedWins > c.seenWins ? "playedWins" : "seenWins") };
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
