/** `state51 simulate`'s core: game seating, the mergeable tally, and the worker-thread runner (same games, same numbers, whatever the workers). */
import { Ajv } from "ajv";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import stringWidth from "string-width";
import { describe, expect, it } from "vitest";
import { registry } from "../generated/index.js";
import schema from "../grammar/simulation.schema.json" with { type: "json" };
import { cardSetDigest } from "../src/engine/card-digest.js";
import { engineVersion } from "../src/engine/version.js";
import { cardSetUrl } from "../src/pipeline/load-card-set.js";
import { validatePaths } from "../src/pipeline/validate.js";
import { buildReport, cardLabels, diffText, factionNames, nameColumn, padName, reportText, roundLimitWarning, signedPoints, tallyOfReport, type ReportMeta } from "../src/sim/report.js";
import { shardRange } from "../src/sim/merge.js";
import { gameThreadFlags, guidedBatch, runSimulation } from "../src/sim/runner.js";
import { playRange, seating, tallyShape, type SimulationPlan } from "../src/sim/simulated-game.js";
import { emptyTally, mergeTally } from "../src/sim/tally.js";
import { repoRoot } from "./helpers.js";

const greedy = { kind: "greedy" } as const;
const random = { kind: "random" } as const;
const workerFile = join(repoRoot, "dist/sim-worker.mjs");

describe("seating", () => {
  const factions = ["a", "b", "c", "d"];
  const plan = { players: 2, bots: [greedy, random] };
  it("goes through every ordered pair of factions, then moves the bots one seat on", () => {
    const first = Array.from({ length: 12 }, (_, i) => seating(i, factions, plan));
    expect(new Set(first.map((s) => s.factions.join())).size).toBe(12);
    expect(first.every((s) => s.bots[0] === greedy)).toBe(true);
    expect(seating(12, factions, plan)).toEqual({ factions: ["a", "b"], bots: [random, greedy] });
    expect(seating(24, factions, plan)).toEqual(seating(0, factions, plan));
  });
});

describe("tally", () => {
  const plan: SimulationPlan = { firstSeed: 5, games: 12, players: 3, bots: [greedy, random, greedy] };
  const shape = tallyShape(registry, plan);
  const play = (from: number, to: number) => playRange(registry, plan, shape, from, to, emptyTally(shape));

  it("merges the same in any order, and a split run equals the whole", () => {
    const whole = JSON.stringify(play(0, 12));
    const parts = [play(0, 4), play(4, 9), play(9, 12)];
    const forward = parts.reduce((a, t) => mergeTally(a, t), emptyTally(shape));
    const backward = [...parts].reverse().reduce((a, t) => mergeTally(a, t), emptyTally(shape));
    expect(JSON.stringify(forward)).toBe(whole);
    expect(JSON.stringify(backward)).toBe(whole);
  });

  it("counts what it should", () => {
    const t = play(0, 12);
    expect(t.games).toBe(12);
    expect(t.rounds.reduce((a, b) => a + b, 0)).toBe(12);
    expect(t.seats.map((s) => s.games)).toEqual([12, 12, 12]);
    const wins = t.seats.reduce((a, s) => a + s.wins, 0);
    expect(wins + t.draws).toBe(12);
    expect(Object.values(t.bots).reduce((a, o) => a + o.games, 0)).toBe(36);
    expect(Object.values(t.factions).reduce((a, o) => a + o.games, 0)).toBe(36);
    for (const [id, c] of Object.entries(t.cards)) {
      expect(c.played, id).toBeLessThanOrEqual(c.seen);
      expect(c.playedWins, id).toBeLessThanOrEqual(c.played);
      expect(c.seenWins, id).toBeLessThanOrEqual(c.seen);
    }
    const plays = Object.values(t.cards).reduce((a, c) => a + c.plays.spoils + c.plays.agreement + c.plays.location + c.plays.leader + c.plays.contact, 0);
    expect(plays).toBeGreaterThan(0);
    // Every Location and Leader in play at the end is worth at least its 1 VP, and all VP are some player's.
    const cardVp = Object.values(t.cards).reduce((a, c) => a + c.vp, 0);
    expect(cardVp).toBeGreaterThan(0);
    expect(cardVp).toBeLessThanOrEqual(t.vp);
  });
});

describe("runner", () => {
  /** The base set compiled as `state51 simulate` compiles it: once for the file's runs. */
  let compiled: string | undefined;
  const baseCards = (): string => (compiled ??= cardSetUrl(validatePaths([join(repoRoot, "cards")])));

  it("gives the same tally with 1 and 2 workers", { timeout: 120_000 }, async () => {
    const cards = baseCards();
    const plan: SimulationPlan = { firstSeed: 100, games: 30, players: 4, bots: [greedy, greedy, random, greedy] };
    const shape = tallyShape(registry, plan);
    const one = await runSimulation({ cards, plan, shape, workers: 1, batch: 7, workerFile });
    const two = await runSimulation({ cards, plan, shape, workers: 2, batch: 4, workerFile });
    const guided = await runSimulation({ cards, plan, shape, workers: 2, workerFile });
    expect(one.complete).toBe(true);
    expect(guided.complete).toBe(true);
    expect(JSON.stringify(two.tally)).toBe(JSON.stringify(one.tally));
    expect(JSON.stringify(guided.tally)).toBe(JSON.stringify(one.tally));
    expect(JSON.stringify(one.tally)).toBe(JSON.stringify(playRange(registry, plan, shape, 0, 30, emptyTally(shape))));
  });

  it("hands out every game once, in batches of at most 50 that shrink to one game at the end", () => {
    for (const [games, workers] of [[10_000, 2], [1000, 2], [7, 4], [1, 1], [123_457, 16]] as const) {
      const sizes: number[] = [];
      for (let left = games; left > 0; left -= sizes.at(-1)!) sizes.push(guidedBatch(left, workers));
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(games);
      expect(sizes.every((n, i) => n >= 1 && n <= 50 && (i === 0 || n <= sizes[i - 1]!))).toBe(true);
      expect(sizes[0]).toBe(Math.min(50, Math.ceil(games / (workers * 4))));
      expect(sizes.at(-1)).toBe(1);
      // The last batches handed out are a game or two each: no worker waits out another's long batch.
      expect(Math.max(...sizes.slice(-workers))).toBeLessThanOrEqual(2);
    }
  });

  it("tunes V8 only where it was measured, and leaves a setting the user gave node alone", () => {
    const node20 = "11.3.244.8-node.38";
    expect(gameThreadFlags(true, node20, [])).toEqual(["--no-parallel-scavenge", "--no-turbo-loop-peeling", "--max-inlined-bytecode-size-cumulative=460"]);
    expect(gameThreadFlags(false, node20, [])).toEqual(["--no-parallel-scavenge", "--no-turbo-loop-peeling", "--max-inlined-bytecode-size-cumulative=920"]);
    // Another V8 may not know a flag (it would print "unrecognized flag" under the run's output): nothing is set.
    expect(gameThreadFlags(true, "12.4.254.21-node.33", [])).toEqual([]);
    // Given on node's command line, in either spelling, with or without `no`: left as given.
    expect(gameThreadFlags(true, node20, ["--max_inlined_bytecode_size_cumulative=300", "--parallel-scavenge", "dist/state51.cjs", "--no-warnings"])).toEqual(["--no-turbo-loop-peeling"]);
  });

  it("sends each worker its next batch while it plays one, also when the run can be stopped", { timeout: 120_000 }, async () => {
    const cards = baseCards();
    const plan: SimulationPlan = { firstSeed: 1, games: 12, players: 2, bots: [random, random] };
    const shape = tallyShape(registry, plan);
    const dir = mkdtempSync(join(tmpdir(), "state51-overlap-"));
    process.env.STATE51_TEST_OVERLAP_FILE = join(dir, "held.txt");
    try {
      const overlapWorker = join(repoRoot, "test/fixtures/sim/overlap-worker.mjs");
      const r = await runSimulation({ cards, plan, shape, workers: 2, batch: 1, workerFile: overlapWorker, signal: new AbortController().signal });
      expect(JSON.stringify(r.tally)).toBe(JSON.stringify(playRange(registry, plan, shape, 0, 12, emptyTally(shape))));
      const most = readFileSync(process.env.STATE51_TEST_OVERLAP_FILE, "utf8").trim().split("\n").map(Number);
      expect(Math.max(...most)).toBe(2);
    } finally {
      delete process.env.STATE51_TEST_OVERLAP_FILE;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("stops when aborted, with the batches done", { timeout: 120_000 }, async () => {
    const cards = baseCards();
    const plan: SimulationPlan = { firstSeed: 1, games: 400, players: 2, bots: [greedy, greedy] };
    const shape = tallyShape(registry, plan);
    const stop = new AbortController();
    const r = await runSimulation({ cards, plan, shape, workers: 1, batch: 5, workerFile, signal: stop.signal, onProgress: (n) => n >= 10 && stop.abort() });
    expect(r.complete).toBe(false);
    expect(r.tally.games).toBeGreaterThanOrEqual(10);
    expect(r.tally.games).toBeLessThan(400);
  });
});

describe("report", () => {
  const plan: SimulationPlan = { firstSeed: 1, games: 48, players: 4, bots: [greedy, greedy, greedy, random] };
  const shape = tallyShape(registry, plan);
  const meta: ReportMeta = { engine: engineVersion, cardSet: cardSetDigest(registry), seeds: { first: 1, count: 48 }, players: 4, bots: ["greedy", "greedy", "greedy", "random"] };
  const tally = playRange(registry, plan, shape, 0, 48, emptyTally(shape));
  const report = buildReport(tally, meta, cardLabels(registry), true, factionNames(registry));

  it("follows grammar/simulation.schema.json", () => {
    const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);
    expect(validate(JSON.parse(JSON.stringify(report))), JSON.stringify(validate.errors)).toBe(true);
  });

  // A designer reads "Merchants' Guild", not "merchants-guild"; the JSON keeps the id beside the name.
  it("names each faction as its Base does, in the text too, keeping its id", () => {
    const bases = registry.cards.filter((c) => c.kind === "base");
    for (const f of report.factions) {
      const base = bases.find((b) => b.kind === "base" && b.faction === f.faction)!;
      expect(f.name).toBe(base.name.en);
    }
    expect(report.factions.some((f) => f.name !== f.faction)).toBe(true);
    for (const f of report.factions) expect(reportText(report)).toMatch(new RegExp(`^  ${f.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} +\\d+/\\d+`, "m"));
  });

  it("holds every count: the tally read back from it is the tally", () => {
    expect(JSON.stringify(tallyOfReport(report))).toBe(JSON.stringify(tally));
  });

  it("derives the figures from the counts", () => {
    expect(report.games.played).toBe(48);
    expect(report.games.rounds.histogram.reduce((a, h) => a + h.games, 0)).toBe(48);
    const random = report.bots.find((b) => b.bot === "random")!;
    expect(random.games).toBe(48);
    expect(random.winRate).toBeCloseTo(random.wins / 48, 4);
    expect(report.cards.length).toBe(shape.cards.length);
    for (const c of report.cards) {
      if (c.difference === null) continue;
      expect(c.difference.low).toBeLessThanOrEqual(c.difference.value);
      expect(c.difference.high).toBeGreaterThanOrEqual(c.difference.value);
    }
  });

  it("flags cards outside the usual range and cards almost never played, with the reason", () => {
    const counts = (seen: number, seenWins: number, played: number, playedWins: number) => ({ seen, seenWins, played, playedWins, plays: { spoils: played, agreement: 0, location: 0, redevelopment: 0, leader: 0, contact: 0 }, vp: 0 });
    const t = emptyTally(shape);
    t.games = 1000;
    const ids = Object.keys(t.cards);
    // Ten ordinary cards around +5 points, one far above them, one seldom played, one never seen.
    ids.slice(0, 10).forEach((id, i) => (t.cards[id] = counts(200, 50 + i, 100, 27 + i)));
    t.cards[ids[10]!] = counts(200, 80, 100, 70);
    t.cards[ids[11]!] = counts(200, 50, 2, 1);
    for (const id of ids.slice(13)) t.cards[id] = counts(200, 50, 100, 27);
    const r = buildReport(t, meta, cardLabels(registry), true, factionNames(registry));
    const flagsOf = (id: string) => r.cards.find((c) => c.id === id)!.flags.map((f) => f.flag);
    expect(flagsOf(ids[10]!)).toEqual(["high"]);
    expect(r.cards.find((c) => c.id === ids[10])!.flags[0]!.reason).toMatch(/^players who played it won 60\.0 pts more often than those who saw it and did not: above the set.s usual range/);
    expect(flagsOf(ids[11]!)).toEqual(["rarely-played"]);
    expect(flagsOf(ids[12]!)).toEqual(["never-seen"]);
    expect(flagsOf(ids[0]!)).toEqual([]);
  });

  it("reads as text", () => {
    const text = reportText(report);
    expect(text).toMatch(/^state51 simulate: 4 players, bots greedy,greedy,greedy,random, seeds 1–48/);
    expect(text).toMatch(/Games: 48 played/);
    expect(text).toMatch(/bot random +\d+\/48/);
    expect(text).toMatch(/Flagged cards/);
  });

  it("keeps each name on its line of the text, a line feed in one shown as \\u000a", () => {
    // Names past the validator hold no line break (S51-E106); the text does not count on it.
    const labels = new Map([...cardLabels(registry)].map(([id, l]) => [id, { ...l, name: `${l.name}\nFinal scores` }]));
    const factions = new Map([...factionNames(registry)].map(([id, name]) => [id, `${name}\r\nwinner`]));
    const text = reportText(buildReport(tally, meta, labels, true, factions));
    expect(text).not.toMatch(/^(Final scores|winner)/m);
    expect(text).toContain("\\u000aFinal scores");
    expect(text).toContain("\\u000d\\u000awinner");
  });

  it("writes signed points with a true minus and no sign on zero, and no rate where there were no games", () => {
    expect([signedPoints(0.061), signedPoints(-0.02), signedPoints(-0.00001), signedPoints(0)]).toEqual(["+6.1", "−2.0", "0.0", "0.0"]);
    expect(diffText({ value: -0.014, low: -0.067, high: 0.037 })).toBe("−1.4 pts [−6.7, +3.7]");
    const t = emptyTally(shape);
    t.games = 1;
    t.rounds[7] = 1;
    t.seats = [1, 0, 0, 0].map((wins) => ({ games: 1, wins, draws: 0 }));
    const text = reportText(buildReport(t, meta, cardLabels(registry), true, factionNames(registry)));
    // A faction left out of the game: no rate, rather than 0.0% [0.0%, 100.0%].
    expect(text).toMatch(/^ {2}Mutants' Union +0\/0 +–$/m);
    expect(text).toMatch(/in no player's hand in 1 game$/m);
    expect(text).not.toMatch(/−0\.0|-\d/);
  });

  it("warns of the round limit only when most games lasted the full 60 rounds", () => {
    const withLengths = (full: number, short: number) => {
      const t = emptyTally(shape);
      t.games = full + short;
      t.rounds[60] = full;
      t.rounds[8] = short;
      return buildReport(t, meta, cardLabels(registry), true, factionNames(registry));
    };
    expect(roundLimitWarning(withLengths(2, 2))).toBeUndefined();
    expect(roundLimitWarning(withLengths(0, 4))).toBeUndefined();
    expect(roundLimitWarning(withLengths(3, 2))).toMatch(/^3 of 5 games lasted the full 60 rounds, where the engine stops a game still going/);
    expect(reportText(withLengths(1, 3))).toMatch(/^ {2}1 of 4 games lasted the full 60 rounds/m);
    expect(reportText(withLengths(0, 4))).not.toMatch(/full 60 rounds/);
  });

  it("never cuts a name (two cut alike once looked the same), and lines the columns up in terminal columns", () => {
    expect(nameColumn(["Rust Market"])).toBe(24);
    expect(nameColumn(["Abandoned Military Outpost North", "x"])).toBe(32);
    // A CJK character takes two columns: padded by what the terminal shows, not by characters.
    expect(padName("廃墟の工場", 12)).toBe("廃墟の工場  ");
    const long = (l: { name: string }, i: number): string => `Abandoned Military Outpost ${i % 2 === 0 ? "North" : "South"} ${l.name}`;
    const labels = new Map([...cardLabels(registry)].map(([id, l], i) => [id, { ...l, name: i === 1 ? "廃墟の工場と倉庫" : long(l, i) }]));
    const t = emptyTally(shape);
    t.games = 1;
    const report = buildReport(t, meta, labels, true, factionNames(registry));
    const text = reportText(report);
    const rows = text.split("\n").filter((line) => /^(Abandoned|廃墟)/.test(line));
    expect(rows.length).toBe(report.cards.length);
    for (const c of report.cards) expect(text, c.id).toContain(`\n${c.name} `);
    // Every row's first figure (seen) ends in the same terminal column.
    const seenEnds = new Set(rows.map((row) => stringWidth(/^\D*\d[\d,]*/.exec(row)![0])));
    expect(seenEnds.size).toBe(1);
  });
});

describe("shards", () => {
  it("share the game indices: disjoint, contiguous, all of them", () => {
    for (const [games, of] of [[10, 3], [7, 7], [1000, 6], [5, 1]] as const) {
      const ranges = Array.from({ length: of }, (_, i) => shardRange(games, { index: i + 1, of }));
      expect(ranges[0]!.from).toBe(0);
      expect(ranges[of - 1]!.to).toBe(games);
      ranges.slice(1).forEach((r, i) => expect(r.from).toBe(ranges[i]!.to));
      for (const r of ranges) expect(r.to - r.from).toBeGreaterThanOrEqual(Math.floor(games / of));
    }
  });
});
