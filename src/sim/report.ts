/**
 * What `state51 simulate` reports, from a tally (src/sim/tally.ts): the JSON
 * (grammar/simulation.schema.json) and the text for the terminal. Every count
 * of the tally is in the JSON, so reports merge back into a tally
 * (`tallyOfReport`); the rates and intervals are derived, rounded to 4 places,
 * so the same tally always gives the same bytes.
 */
import stringWidth from "string-width";
import type { CardRegistry } from "../engine/definitions.js";
import { maxRounds } from "../engine/limits.js";
import { escapeHtml, terminalLine } from "../text/escape.js";
import { newcombe, wilson } from "./stats.js";
import type { Comparison } from "./compare.js";
import { comparisonText } from "./compare.js";
import { emptyTally, playWays, type CardTally, type Outcome, type PlayWay, type Tally, type TallyShape } from "./tally.js";

/** The JSON report's format: 2 named the factions; 3 gives null, not 0, for figures over no games. Merge refuses parts of another format. */
export const reportFormat = 3;

/** How the HTML report's title begins (report-html.ts writes it; an earlier report is told by it). */
export const htmlTitleStart = "51st State — simulation of";

/**
 * Whether a file's first bytes are a report `simulate` wrote, in any format: `--out` replaces an
 * earlier report (of whatever format), never a card file or another file named by mistake. A JSON
 * report's kind may stand past the first bytes (keys sorted by jq -S put "report" after "cards"):
 * then `whole` gives the whole text, if it can be read.
 */
export function isReportStart(head: string, whole?: () => string | undefined): boolean {
  if (head.startsWith("state51 simulate: ")) return true;
  if (head.startsWith("<!DOCTYPE html>")) return head.includes(`<title>${escapeHtml(htmlTitleStart)}`);
  if (!head.startsWith("{")) return false;
  if (/"report"\s*:\s*"state51-simulation"/.test(head)) return true;
  const text = whole?.();
  if (text === undefined) return false;
  try {
    const value = JSON.parse(text) as { readonly report?: unknown } | null;
    return value?.report === "state51-simulation";
  } catch {
    return false;
  }
}

/** What was run: enough to tell whether two reports can be merged. */
export interface ReportMeta {
  readonly engine: string;
  /** SHA-256 of the compiled card set (src/engine/card-digest.ts). */
  readonly cardSet: string;
  /** The seeds of the whole run: [first, first + count). */
  readonly seeds: { readonly first: number; readonly count: number };
  readonly players: number;
  /** Bots by seat before rotation, as `--bots` names them. */
  readonly bots: readonly string[];
  /** A share of the run (`--shard i/n`): games [⌊N(i−1)/n⌋, ⌊Ni/n⌋) of the run's N (by index, from 0). */
  readonly shard?: { readonly index: number; readonly of: number };
}

export interface Rate {
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  /** null with no games (a faction left out of a short run): no games, no rate; its interval is then everything, 0 to 1. */
  readonly winRate: number | null;
  readonly low: number;
  readonly high: number;
}

/** The games' length; its figures are null when no game was played (a run stopped before its first), since the mean of no games is not 0. */
export type Rounds =
  | { readonly mean: number; readonly median: number; readonly sd: number; readonly min: number; readonly max: number; readonly histogram: readonly { readonly rounds: number; readonly games: number }[] }
  | { readonly mean: null; readonly median: null; readonly sd: null; readonly min: null; readonly max: null; readonly histogram: readonly [] };

/** Final VP summed over the games, and the means (null when no game was played). */
export type FinalVp = { readonly total: number; readonly winners: number } & ({ readonly mean: number; readonly winnersMean: number } | { readonly mean: null; readonly winnersMean: null });

export interface CardReport {
  readonly id: string;
  readonly name: string;
  readonly kind: "location" | "leader" | "contact";
  readonly seen: number;
  readonly seenWins: number;
  readonly played: number;
  readonly playedWins: number;
  readonly plays: Record<PlayWay, number>;
  /** played / seen. */
  readonly playRate: number | null;
  readonly winRatePlayed: number | null;
  readonly winRateNotPlayed: number | null;
  /** winRatePlayed − winRateNotPlayed, with Newcombe's hybrid score 95% interval. */
  readonly difference: { readonly value: number; readonly low: number; readonly high: number } | null;
  /** VP the card held at the end of the games (1 in play plus its VP tokens), in all, and per player-game it was played in. */
  readonly vp: number;
  readonly vpPerGamePlayed: number | null;
  readonly flags: readonly { readonly flag: "high" | "low" | "rarely-played" | "never-seen"; readonly reason: string }[];
}

export interface SimulationReport {
  readonly report: "state51-simulation";
  readonly version: typeof reportFormat;
  readonly run: ReportMeta;
  /** Whether every game of the run (or of the shard) was played: false when interrupted. */
  readonly complete: boolean;
  readonly games: {
    readonly played: number;
    readonly draws: number;
    readonly rounds: Rounds;
    readonly finalVp: FinalVp;
  };
  readonly seats: readonly (Rate & { readonly seat: number })[];
  /** `name`: what the designer calls the faction (its Base's English name); `faction` its id. */
  readonly factions: readonly (Rate & { readonly faction: string; readonly name: string })[];
  readonly bots: readonly (Rate & { readonly bot: string })[];
  /** The usual range of the cards' win-rate differences (Tukey's fences over the cards with enough games), or null with too few. */
  readonly usualRange: { readonly low: number; readonly high: number; readonly cards: number } | null;
  readonly cards: readonly CardReport[];
  readonly methods: Record<string, string>;
  /** `--baseline`: the same games played on the baseline set (a report with no baseline of its own), and what changed. */
  readonly baseline?: SimulationReport;
  readonly comparison?: Comparison;
}

/** Cards need this many player-games played, and as many seen and not played, to count towards the usual range or be flagged by it. */
export const minGames = 30;
/** A card seen in at least `minGames` player-games and played in fewer than this share of them is flagged as rarely played. */
export const rarePlay = 0.05;

const methods = {
  winRate: "wins alone / player-games (a shared first place is a draw, not a win); 95% Wilson score interval",
  difference: "win rate of the players who played the card minus that of those who saw it and did not play it; 95% Newcombe hybrid score interval (Newcombe 1998, method 10, from the two Wilson intervals)",
  usualRange: `Tukey's fences (quartiles of the cards' differences -/+ 1.5 interquartile ranges) over the cards played in at least ${minGames} player-games and seen but not played in at least ${minGames}`,
  seen: "a player saw a card if it was in their hand at some decision of the game",
  plays: "spoils: Conquest; agreement: Cooperation; location: Incorporation or Redevelopment (redevelopment counts those apart); leader: played as Leader; contact: a one-time Contact used for a deployment",
  vp: "VP the card held at the end of the game: 1 for a Location or Leader in play plus the VP tokens on it (VP a card gave that moved to the Base, or that resources it produced bought, are not attributed)",
};

export const r4 = (x: number): number => Math.round(x * 1e4) / 1e4;
const ratio = (a: number, b: number): number | null => (b === 0 ? null : r4(a / b));

function rate(o: Outcome): Rate {
  const w = wilson(o.wins, o.games);
  return { games: o.games, wins: o.wins, draws: o.draws, winRate: ratio(o.wins, o.games), low: r4(w.low), high: r4(w.high) };
}

function finalVpOf(t: Tally, players: number): FinalVp {
  const sums = { total: t.vp, winners: t.topVp };
  return t.games === 0 ? { ...sums, mean: null, winnersMean: null } : { ...sums, mean: r4(t.vp / (t.games * players)), winnersMean: r4(t.topVp / t.games) };
}

function roundsOf(hist: readonly number[]): Rounds {
  const histogram = hist.flatMap((games, rounds) => (games > 0 ? [{ rounds, games }] : []));
  const n = histogram.reduce((a, h) => a + h.games, 0);
  if (n === 0) return { mean: null, median: null, sd: null, min: null, max: null, histogram: [] };
  const sum = histogram.reduce((a, h) => a + h.rounds * h.games, 0);
  const squares = histogram.reduce((a, h) => a + h.rounds * h.rounds * h.games, 0);
  const mean = sum / n;
  // The k-th smallest game length (1-based), read off the histogram.
  const nth = (k: number): number => {
    let seen = 0;
    for (const h of histogram) if ((seen += h.games) >= k) return h.rounds;
    return histogram[histogram.length - 1]!.rounds;
  };
  const median = n % 2 === 1 ? nth((n + 1) / 2) : (nth(n / 2) + nth(n / 2 + 1)) / 2;
  return { mean: r4(mean), median, sd: r4(Math.sqrt(Math.max(0, squares / n - mean * mean))), min: histogram[0]!.rounds, max: histogram[histogram.length - 1]!.rounds, histogram };
}

/** The q-quantile of sorted values, interpolated between the two nearest (Hyndman and Fan's type 7). */
function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  return sorted[lo]! + (sorted[Math.min(lo + 1, sorted.length - 1)]! - sorted[lo]!) * (at - lo);
}

/** `x` to `digits` places, signed with a true minus ("+6.1", "−2.0"), and no sign on a zero so none reads "−0.0". */
export const signed = (x: number, digits: number): string => {
  const shown = Math.abs(x).toFixed(digits);
  return Number(shown) === 0 ? shown : `${x > 0 ? "+" : "−"}${shown}`;
};
/** A difference of rates in percentage points, to one place: "+6.1", "−2.0". */
export const signedPoints = (x: number): string => signed(100 * x, 1);
export const pts = (x: number): string => `${signedPoints(x)} pts`;
/** A size of difference, without its sign: "6.1 pts". */
const size = (x: number): string => `${Math.abs(100 * x).toFixed(1)} pts`;
export const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
/** `show(x)`, or "–" for a figure there is none of (a mean over no games, a rate of a faction that never played). */
export const orDash = <T>(x: T | null, show: (x: T) => string): string => (x === null ? "–" : show(x));
/** A rate, or "–" where there is none. */
export const optPct = (x: number | null): string => orDash(x, pct);
/** A difference with its 95% interval, "+6.1 pts [+2.0, +10.3]", or "–" where there is none. */
export const diffText = (d: { readonly value: number; readonly low: number; readonly high: number } | null): string =>
  orDash(d, (x) => `${pts(x.value)} [${signedPoints(x.low)}, ${signedPoints(x.high)}]`);

/** A tracked card's name and kind, as the report shows them. */
export type CardLabels = ReadonlyMap<string, { readonly name: string; readonly kind: CardReport["kind"] }>;

export function cardLabels(cards: CardRegistry): CardLabels {
  return new Map(cards.cards.flatMap((c) => (c.kind === "base" ? [] : [[c.id, { name: c.name.en, kind: c.kind }] as const])));
}

/** Each faction's name as the report shows it: its Base's English name (the faction's own in the base set). */
export type FactionNames = ReadonlyMap<string, string>;

export function factionNames(cards: CardRegistry): FactionNames {
  const names = new Map<string, string>();
  for (const c of cards.cards) if (c.kind === "base" && !names.has(c.faction)) names.set(c.faction, c.name.en);
  return names;
}

function cardReport(id: string, c: CardTally, labels: CardLabels): Omit<CardReport, "flags"> {
  const label = labels.get(id);
  const notPlayed = c.seen - c.played;
  const notPlayedWins = c.seenWins - c.playedWins;
  const d = c.played > 0 && notPlayed > 0 ? newcombe(c.playedWins, c.played, notPlayedWins, notPlayed) : undefined;
  return {
    id,
    name: label?.name ?? id,
    kind: label?.kind ?? "location",
    seen: c.seen,
    seenWins: c.seenWins,
    played: c.played,
    playedWins: c.playedWins,
    plays: playsInOrder(c.plays),
    playRate: ratio(c.played, c.seen),
    winRatePlayed: ratio(c.playedWins, c.played),
    winRateNotPlayed: ratio(notPlayedWins, notPlayed),
    difference: d === undefined ? null : { value: r4(d.value), low: r4(d.low), high: r4(d.high) },
    vp: c.vp,
    vpPerGamePlayed: ratio(c.vp, c.played),
  };
}

/**
 * Whether a card was played, or held and not played, in too few player-games for its difference
 * to say much: the usual range and the flags leave it out, and a rank of it says so.
 */
export const tooFewToTell = (c: { readonly played: number; readonly seen: number }): boolean => c.played < minGames || c.seen - c.played < minGames;

const enough = (c: Omit<CardReport, "flags">): boolean => c.difference !== null && !tooFewToTell(c);

/** The run's details with their keys in one order, whatever order a merged part held them in (`jq -S`): the same run, the same bytes. */
const metaInOrder = (m: ReportMeta): ReportMeta => ({
  engine: m.engine,
  cardSet: m.cardSet,
  seeds: { first: m.seeds.first, count: m.seeds.count },
  players: m.players,
  bots: [...m.bots],
  ...(m.shard === undefined ? {} : { shard: { index: m.shard.index, of: m.shard.of } }),
});

/** A card's plays by way, in `playWays` order, whatever order a merged part held them in. */
const playsInOrder = (plays: Readonly<Record<PlayWay, number>>): Record<PlayWay, number> =>
  Object.fromEntries(playWays.map((w) => [w, plays[w]])) as Record<PlayWay, number>;

export function buildReport(tally: Tally, meta: ReportMeta, labels: CardLabels, complete: boolean, factions: FactionNames): SimulationReport {
  const base = Object.entries(tally.cards).map(([id, c]) => cardReport(id, c, labels));
  const diffs = base.filter(enough).map((c) => c.difference!.value).sort((a, b) => a - b);
  let usualRange: SimulationReport["usualRange"] = null;
  if (diffs.length >= 4) {
    const q1 = quantile(diffs, 0.25);
    const q3 = quantile(diffs, 0.75);
    usualRange = { low: r4(q1 - 1.5 * (q3 - q1)), high: r4(q3 + 1.5 * (q3 - q1)), cards: diffs.length };
  }
  const cardReports: CardReport[] = base.map((c) => {
    const flags: CardReport["flags"][number][] = [];
    const range = usualRange;
    if (range !== null && enough(c)) {
      const d = c.difference!;
      const between = `the set's usual range, ${pts(range.low)} to ${pts(range.high)}; 95% interval ${pts(d.low)} to ${pts(d.high)}, ${thousands(c.played)} player-games played`;
      if (d.value > range.high) flags.push({ flag: "high", reason: `players who played it won ${size(d.value)} more often than those who saw it and did not: above ${between}` });
      if (d.value < range.low) flags.push({ flag: "low", reason: `players who played it won ${size(d.value)} less often than those who saw it and did not: below ${between}` });
    }
    if (tally.games > 0 && c.seen === 0) flags.push({ flag: "never-seen", reason: `in no player's hand in ${counted(tally.games, "game")}` });
    else if (c.seen >= minGames && c.played / c.seen < rarePlay) flags.push({ flag: "rarely-played", reason: `played in ${thousands(c.played)} of the ${thousands(c.seen)} player-games where it was in hand (${pct(c.played / c.seen)}, under ${pct(rarePlay)})` });
    return { ...c, flags };
  });
  return {
    report: "state51-simulation",
    version: reportFormat,
    run: metaInOrder(meta),
    complete,
    games: {
      played: tally.games,
      draws: tally.draws,
      rounds: roundsOf(tally.rounds),
      finalVp: finalVpOf(tally, meta.players),
    },
    seats: tally.seats.map((o, i) => ({ seat: i + 1, ...rate(o) })),
    factions: Object.entries(tally.factions).map(([faction, o]) => ({ faction, name: factions.get(faction) ?? faction, ...rate(o) })),
    bots: Object.entries(tally.bots).map(([bot, o]) => ({ bot, ...rate(o) })),
    usualRange,
    cards: cardReports,
    methods,
  };
}

/** The tally a report was made from (its counts), to merge reports. */
export function tallyOfReport(r: SimulationReport): Tally {
  const shape: TallyShape = { players: r.run.players, factions: r.factions.map((f) => f.faction), bots: r.bots.map((b) => b.bot), cards: r.cards.map((c) => c.id) };
  const t = emptyTally(shape);
  t.games = r.games.played;
  t.draws = r.games.draws;
  for (const h of r.games.rounds.histogram) t.rounds[h.rounds] = h.games;
  for (let i = 0; i < t.rounds.length; i++) t.rounds[i] ??= 0;
  t.vp = r.games.finalVp.total;
  t.topVp = r.games.finalVp.winners;
  const outcome = (o: Rate): Outcome => ({ games: o.games, wins: o.wins, draws: o.draws });
  // By the seat each entry names, not its place in the list (a tool may have reordered it).
  for (const s of r.seats) t.seats[s.seat - 1] = outcome(s);
  for (const f of r.factions) t.factions[f.faction] = outcome(f);
  for (const b of r.bots) t.bots[b.bot] = outcome(b);
  for (const c of r.cards) t.cards[c.id] = { seen: c.seen, seenWins: c.seenWins, played: c.played, playedWins: c.playedWins, plays: playsInOrder(c.plays), vp: c.vp };
  return t;
}

/** The games' length in words, for the text and HTML reports alike ("–" when no game was played). */
export const roundsText = (r: Rounds, sd: "sd" | "standard deviation"): string =>
  r.mean === null ? "–" : `mean ${r.mean.toFixed(2)}, median ${r.median}, ${sd} ${r.sd.toFixed(2)}, from ${r.min} to ${r.max}`;
/** The final VP in words ("–" when no game was played). */
export const finalVpText = (v: FinalVp): string => (v.mean === null ? "–" : `mean ${v.mean.toFixed(2)} a player, ${v.winnersMean.toFixed(2)} the top score`);

/** 1234567 → "1,234,567", whatever the locale. */
export const thousands = (x: number): string => x.toLocaleString("en");
/** "1 game", "2,000 games". */
export const counted = (x: number, noun: string): string => `${thousands(x)} ${noun}${x === 1 ? "" : "s"}`;

/**
 * How wide a table's name column is: as wide as its widest name in terminal columns (a CJK
 * character takes two), and at least 24. Names are never cut: two cut alike once looked the same.
 */
export const nameColumn = (names: readonly string[]): number => Math.max(24, ...names.map((n) => stringWidth(n)));

/** `name` padded to `width` terminal columns. */
export const padName = (name: string, width: number): string => name + " ".repeat(Math.max(0, width - stringWidth(name)));

function rateLine(label: string, r: Rate, width: number): string {
  // No games (a faction left out of a short run): no rate, rather than 0% with an interval spanning everything.
  const rateAndInterval = orDash(r.winRate, (w) => `${pct(w).padStart(6)}  [${pct(r.low)}, ${pct(r.high)}]`).padStart(6);
  return `  ${padName(label, width)} ${`${thousands(r.wins)}/${thousands(r.games)}`.padStart(13)}  ${rateAndInterval}${r.draws > 0 ? `  ${thousands(r.draws)} drawn` : ""}`;
}

/** The games that lasted the engine's whole round limit, where it stops every game still going (ruling 24). */
export const atLimit = (r: SimulationReport): number => r.games.rounds.histogram.find((h) => h.rounds === maxRounds)?.games ?? 0;

/** How a game at the round limit is told, by `simulate`'s report and under `play`'s final scores alike. */
export const stoppedAtLimit = `lasted the full ${maxRounds} rounds, where the engine stops a game still going (docs/engine-rulings.md, ruling 24)`;

/**
 * "12 of 2,000 games lasted the full 60 rounds, …": said wherever game lengths are shown, since
 * most such games were stopped by the limit rather than won (one may also have reached 30 VP in
 * that last round: the tally does not tell them apart).
 */
export const roundLimitText = (r: SimulationReport): string => `${thousands(atLimit(r))} of ${counted(r.games.played, "game")} ${stoppedAtLimit}`;

/** A warning for standard error when most games lasted the full round limit: the figures then describe games that never ended. */
export function roundLimitWarning(r: SimulationReport): string | undefined {
  if (atLimit(r) * 2 <= r.games.played) return undefined;
  return `${roundLimitText(r)}\n  hint: these cards seldom let a game reach its end; an expansion is played with the base set (state51 simulate cards/ my-expansion.yaml)`;
}

/** Whether the run's own games were all played (`complete` also covers the baseline's, played after them). */
export const mainComplete = (r: SimulationReport): boolean => r.complete || r.baseline?.complete === false;

/** The report for a terminal. */
export function reportText(r: SimulationReport): string {
  const out: string[] = [];
  const g = r.games;
  const run = r.run;
  const last = run.seeds.first + run.seeds.count - 1;
  out.push(`state51 simulate: ${run.players} players, bots ${run.bots.join(",")}, seeds ${run.seeds.first}–${last}${run.shard ? `, shard ${run.shard.index}/${run.shard.of}` : ""}`);
  out.push(`card set ${run.cardSet.slice(0, 12)}…, engine ${run.engine}`);
  if (!mainComplete(r)) out.push(`INTERRUPTED: ${counted(g.played, "game")} played; the figures are for those games only`);
  out.push("");
  out.push(`Games: ${thousands(g.played)} played, ${thousands(g.draws)} drawn`);
  out.push(`  rounds: ${roundsText(g.rounds, "sd")}`);
  const most = Math.max(1, ...g.rounds.histogram.map((h) => h.games));
  for (const h of g.rounds.histogram) out.push(`    ${String(h.rounds).padStart(3)} rounds ${thousands(h.games).padStart(8)}  ${"█".repeat(Math.max(h.games > 0 ? 1 : 0, Math.round((40 * h.games) / most)))}`);
  if (atLimit(r) > 0) out.push(`  ${roundLimitText(r)}`);
  out.push(`  final VP: ${finalVpText(g.finalVp)}`);
  out.push("");
  out.push("Win rates (won alone / player-games, 95% Wilson interval):");
  const rated: [string, Rate][] = [...r.seats.map((s): [string, Rate] => [`seat ${s.seat}`, s]), ...r.factions.map((f): [string, Rate] => [f.name, f]), ...r.bots.map((b): [string, Rate] => [`bot ${b.bot}`, b])];
  const rateWidth = nameColumn(rated.map(([label]) => label));
  for (const [label, rate] of rated) out.push(rateLine(label, rate, rateWidth));
  out.push("");
  out.push("Cards: seen = player-games with it in hand; played = of those, the ones it was played in;");
  out.push("ways: S Spoils, A Agreement, L Location (R of them Redevelopments), Ld Leader, C Contact;");
  out.push("diff = win rate when played minus when seen and not played, with its 95% interval (Newcombe);");
  out.push("VP/g = VP on the card at the end, per player-game played; a name marked * is flagged (see Flagged cards below).");
  const marked = (c: CardReport): string => c.name + (c.flags.length > 0 ? " *" : "");
  const cardWidth = nameColumn(r.cards.map(marked));
  out.push(`${padName("card", cardWidth)} ${"seen".padStart(9)} ${"played".padStart(9)} ${"rate".padStart(6)}  ${"S/A/L(R)/Ld/C".padEnd(26)} ${"win".padStart(6)} ${"not".padStart(6)}  ${"diff [95%]".padEnd(26)} ${"VP/g".padStart(5)}`);
  for (const c of r.cards) {
    const p = c.plays;
    const ways = c.kind === "location" ? `${thousands(p.spoils)}/${thousands(p.agreement)}/${thousands(p.location)}(${thousands(p.redevelopment)})` : c.kind === "leader" ? `Ld ${thousands(p.leader)}` : `C ${thousands(p.contact)}`;
    const diff = diffText(c.difference);
    out.push(`${padName(marked(c), cardWidth)} ${thousands(c.seen).padStart(9)} ${thousands(c.played).padStart(9)} ${optPct(c.playRate).padStart(6)}  ${ways.padEnd(26)} ${optPct(c.winRatePlayed).padStart(6)} ${optPct(c.winRateNotPlayed).padStart(6)}  ${diff.padEnd(26)} ${(c.vpPerGamePlayed === null ? "–" : c.vpPerGamePlayed.toFixed(2)).padStart(5)}`);
  }
  out.push("");
  const u = r.usualRange;
  out.push(u === null ? `Usual range: too few cards with ${minGames}+ player-games played and not played to tell` : `Usual range of the difference: ${pts(u.low)} to ${pts(u.high)} (Tukey's fences over ${u.cards} cards)`);
  const flagged = r.cards.filter((c) => c.flags.length > 0);
  out.push(flagged.length === 0 ? "Flagged cards: none" : `Flagged cards (${flagged.length}):`);
  for (const c of flagged) for (const f of c.flags) out.push(`  ${c.name} (${f.flag}): ${f.reason}`);
  out.push(...comparisonText(r));
  // Each entry is one line of the report: a card or faction name in it stays on that line, whatever it holds.
  return out.map(terminalLine).join("\n") + "\n";
}
