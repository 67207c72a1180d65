/**
 * `simulate --merge` on parts that a tool or a hand has been through: the same part reformatted
 * merges, an edited one is refused with a MergeError naming it, with a stable code, at the
 * line and column of the field it is about, never an internal error.
 * (Merging real shards is tested through the CLI in test/simulate-cli.test.ts.)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { factionColour } from "../src/print/icons.js";
import { diagnosticHead, formatDiagnostic } from "../src/cli/format-diagnostics.js";
import { located, MergeError, mergeReports, parseReport, shardRange } from "../src/sim/merge.js";
import { jsonText } from "../src/text/escape.js";
import { buildReport, type ReportMeta, type SimulationReport } from "../src/sim/report.js";
import { emptyTally, type Tally, type TallyShape } from "../src/sim/tally.js";

const shape: TallyShape = { players: 2, factions: ["fa", "fb"], bots: ["greedy"], cards: ["x", "y", "z"] };
const games = 20;

/** A self-consistent tally of `n` games (counts only, no engine): every seat plays each game, one faction and bot a seat. */
function tallyOf(n: number, k: number): Tally {
  const t = emptyTally(shape);
  t.games = n;
  t.rounds[10] = n;
  for (let r = 0; r < 10; r++) t.rounds[r] = 0;
  t.vp = 40 * n;
  t.topVp = 30 * n;
  t.seats = [
    // Seats that differ, so a reordered list shows.
    { games: n, wins: Math.floor(n / 3), draws: 0 },
    { games: n, wins: n - Math.floor(n / 3), draws: 0 },
  ];
  t.factions = { fa: { games: n, wins: k, draws: 0 }, fb: { games: n, wins: n - k, draws: 0 } };
  t.bots = { greedy: { games: 2 * n, wins: n, draws: 0 } };
  for (const id of shape.cards) t.cards[id] = { seen: n, seenWins: k, played: Math.floor(n / 2), playedWins: Math.floor(k / 2), plays: { spoils: 1, agreement: 0, location: 0, redevelopment: 0, leader: 0, contact: 0 }, vp: 3 };
  return t;
}

function part(index: number, of: number): SimulationReport {
  const { from, to } = shardRange(games, { index, of });
  const meta: ReportMeta = { engine: "e", cardSet: "0".repeat(64), seeds: { first: 1, count: games }, players: 2, bots: ["greedy", "greedy"], shard: { index, of } };
  return buildReport(tallyOf(to - from, index + 2), meta, new Map(), true, new Map());
}

/** A report as a hand may edit it. */
type Editable<T> = { -readonly [K in keyof T]: Editable<T[K]> };
const copy = <T>(x: T): Editable<T> => JSON.parse(JSON.stringify(x)) as Editable<T>;

/** What `jq -S` does to a report: every object's keys sorted, arrays kept in order. */
function sortKeys(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(sortKeys);
  if (x !== null && typeof x === "object") return Object.fromEntries(Object.keys(x).sort().map((k) => [k, sortKeys((x as Record<string, unknown>)[k])]));
  return x;
}

const merged = (...reports: SimulationReport[]): SimulationReport => mergeReports(reports.map((report, i) => ({ file: `p${i + 1}.json`, report })));

/**
 * What the designer reads of a refusal: the diagnostic's first line, at its field in the file's
 * text (`textOf`), and its hint.
 */
const refusal = (run: () => unknown, textOf: (file: string) => string | undefined = () => undefined): string => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(MergeError);
    const found = located(error as MergeError, textOf((error as MergeError).found.file));
    return diagnosticHead(found) + (found.hint === undefined ? "" : `\n  hint: ${found.hint}`);
  }
  throw new Error("merged");
};

/** The refusal of merging `reports` as p1.json, p2.json, …, each as simulate writes it. */
const refused = (...reports: SimulationReport[]): string => refusal(() => merged(...reports), (file) => jsonText(reports[Number(/^p(\d+)\.json$/.exec(file)![1]) - 1], 2) + "\n");

describe("simulate --merge: a part reformatted by a tool is the same part", () => {
  it("merges parts whose keys were sorted (jq -S), the first one too, into the very bytes of the parts themselves", () => {
    const bytes = (r: SimulationReport): string => JSON.stringify(r);
    const whole = bytes(merged(part(1, 2), part(2, 2)));
    expect(bytes(merged(part(1, 2), sortKeys(part(2, 2)) as SimulationReport))).toBe(whole);
    expect(bytes(merged(sortKeys(part(1, 2)) as SimulationReport, part(2, 2)))).toBe(whole);
  });

  it("merges a part whose seats, cards, factions or bots are listed in another order into the same figures", () => {
    const whole = merged(part(1, 2), part(2, 2));
    for (const list of ["seats", "cards", "factions", "bots"] as const) {
      const b = copy(part(2, 2));
      (b[list] as unknown[]).reverse();
      const m = merged(part(1, 2), b as SimulationReport);
      expect(m.games, list).toEqual(whole.games);
      // Seats are summed by the seat each entry names, not by its place in the list.
      expect(m[list], list).toEqual(whole[list]);
    }
  });

  it("refuses a part that lists a seat twice or one the game has not", () => {
    const twice = copy(part(2, 2));
    twice.seats[1]!.seat = 1;
    expect(refused(part(1, 2), twice as SimulationReport)).toMatch(/^p2\.json:(\d+):\d+: error S51-E615: the part lists seat 1 twice\n {2}hint: /);
    const third = copy(part(2, 2));
    third.seats[1]!.seat = 3;
    expect(refused(part(1, 2), third as SimulationReport)).toMatch(/^p2\.json:\d+:\d+: error S51-E614: the part lists seat 3 in a game of 2 players/);
  });
});

describe("simulate --merge: an edited part is refused, naming it", () => {
  it("refuses a shard index past the shard count, rather than count its games twice", () => {
    const three = copy(part(2, 2));
    three.run.shard = { index: 3, of: 2 };
    expect(refused(part(1, 2), part(2, 2), three as SimulationReport)).toMatch(/^p3\.json:\d+:\d+: error S51-E607: the part says it is shard 3\/2, but a run of 2 shards has no shard 3\n {2}hint: /);
  });

  it("refuses a part whose own counts disagree with the games it played", () => {
    const seat = copy(part(2, 2));
    seat.seats[0]!.games += 1;
    expect(refused(part(1, 2), seat as SimulationReport)).toMatch(/^p2\.json:\d+:\d+: error S51-E617: the part counts 11 games for seat 1, but it played 10 games, so 10\n {2}hint: /);
    const faction = copy(part(2, 2));
    faction.factions[1]!.games -= 1;
    expect(refused(part(1, 2), faction as SimulationReport)).toMatch(/^p2\.json:\d+:\d+: error S51-E617: the part counts 19 games by faction, but it played 10 games, so 20/);
    const length = copy(part(2, 2));
    length.games.rounds.histogram[0]!.games += 5;
    expect(refused(part(1, 2), length as SimulationReport)).toMatch(/^p2\.json:\d+:\d+: error S51-E617: the part counts 15 games by length, but it played 10 games, so 10/);
  });

  it("refuses counts no games could give (they merged into rates over 100 % and intervals of NaN)", () => {
    const wins = copy(part(2, 2));
    wins.seats[0]!.wins = 500;
    expect(refused(part(1, 2), wins as SimulationReport)).toMatch(/^p2\.json:\d+:\d+: error S51-E618: the part counts 500 wins and 0 draws for seat 1 in 10 games, which no games could give\n {2}hint: /);
    // Named by the seat the entry gives, not its place in a reordered list.
    const reordered = copy(part(2, 2));
    reordered.seats.reverse();
    reordered.seats[0]!.wins = 500;
    expect(refused(part(1, 2), reordered as SimulationReport)).toMatch(/^p2\.json:\d+:\d+: error S51-E618: the part counts 500 wins and 0 draws for seat 2 in 10 games/);
    const draws = copy(part(2, 2));
    draws.games.draws = 500;
    expect(refused(part(1, 2), draws as SimulationReport)).toMatch(/^p2\.json:\d+:\d+: error S51-E618: the part counts 500 drawn games of 10 games played/);
    const seen = copy(part(2, 2));
    seen.cards[0]!.seen = 1e300;
    expect(refused(part(1, 2), seen as SimulationReport)).toMatch(/^p2\.json:\d+:\d+: error S51-E618: the part counts card x held in [\d,]+ player-games of 20/);
    const played = copy(part(2, 2));
    played.cards[1]!.playedWins = played.cards[1]!.played + 1;
    expect(refused(part(1, 2), played as SimulationReport)).toMatch(/^p2\.json:\d+:\d+: error S51-E618: the part counts card y won /);
  });

  it("refuses a card or faction renamed in one part only, which merged under the first part's name", () => {
    const card = copy(part(2, 2));
    card.cards[2]!.name = "Renamed";
    expect(refused(part(1, 2), card as SimulationReport)).toMatch(/^p2\.json:\d+:\d+: error S51-E619: the part and p1\.json name card "z" differently: "Renamed \(location\)" and "z \(location\)"/);
  });

  it("names the part's baseline when the baseline it carries was edited, and points into it", () => {
    const withBaseline = (r: SimulationReport): SimulationReport => ({ ...r, baseline: r });
    const edited = copy(withBaseline(part(2, 2)));
    edited.baseline!.seats[0]!.games += 1;
    const said = refused(withBaseline(part(1, 2)), edited as SimulationReport);
    expect(said).toMatch(/^p2\.json:\d+:\d+: error S51-E617: the part's baseline counts 11 games for seat 1, but it played 10 games, so 10\n {2}hint: /);
    // The line is the baseline's seat, not the part's own.
    const lines = (jsonText(edited, 2) + "\n").split("\n");
    const line = Number(/^p2\.json:(\d+):/.exec(said)![1]);
    expect(line).toBeGreaterThan(lines.findIndex((l) => l.startsWith('  "baseline": ')) + 1);
    expect(lines[line - 1]).toBe('        "games": 11,');
  });

  it("says a part named twice is named twice", () => {
    expect(refusal(() => mergeReports([{ file: "a.json", report: part(1, 2) }, { file: "a.json", report: part(1, 2) }, { file: "b.json", report: part(2, 2) }]))).toBe("a.json:1:1: error S51-E608: the part is named twice\n  hint: name each shard's report once");
  });

  it("refuses a part nested far deeper than a report (it overflowed the stack: an internal error)", () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    expect(refusal(() => parseReport("p.json", `{"report":"state51-simulation","version":${deep}}`))).toBe("p.json:1:1: error S51-E602: the file nests more than 64 deep: it is not a state51 simulate report");
  });
});

describe("replay: a log nested far deeper than a log entry", () => {
  it("is a ReplayError naming the line, not an internal error", async () => {
    const { registry } = await import("../generated/index.js");
    const { playWithBots, replay, ReplayError } = await import("../src/sim/game-log.js");
    const { log } = playWithBots(registry, { seed: 3, bots: [{ kind: "greedy" }, { kind: "greedy" }] });
    const lines = log.split("\n");
    lines[1] = lines[1]!.replace(/"choice":\{.*\}\}$/, `"choice":${"[".repeat(100_000)}${"]".repeat(100_000)}}`);
    expect(() => replay(registry, lines.join("\n"))).toThrow(ReplayError);
    expect(() => replay(registry, lines.join("\n"))).toThrow(/^this line nests more than 64 deep: it is not a log entry$/);
    try {
      replay(registry, lines.join("\n"));
    } catch (error) {
      expect((error as InstanceType<typeof ReplayError>).in("g.jsonl")).toMatchObject({ file: "g.jsonl", line: 2, column: 1, code: "S51-E502" });
    }
  });
});

describe("the HTML report's colours", () => {
  it("gives a faction whose id is an Object property's name (constructor, a valid id) a colour of the palette", () => {
    for (const id of ["constructor", "toString", "__proto__", "hasOwnProperty"]) expect(factionColour(id), id).toMatch(/^#[0-9a-f]{6}$/);
  });
});

/**
 * What a designer reads when a part or a log is refused, whole (the diagnostic, the line of the
 * file under it, the hint), pinned in test/golden/refusals/: `UPDATE_GOLDEN=1` on this test
 * rewrites them; read the diff before committing.
 */
describe("the refusals a designer reads", () => {
  const goldenDir = join(import.meta.dirname, "golden", "refusals");
  const pinned = (name: string, actual: string): void => {
    const file = join(goldenDir, name);
    if (process.env["UPDATE_GOLDEN"] === "1") {
      mkdirSync(goldenDir, { recursive: true });
      writeFileSync(file, actual);
    }
    expect(existsSync(file), `${file} is missing; run this test with UPDATE_GOLDEN=1`).toBe(true);
    expect(actual).toBe(readFileSync(file, "utf8"));
  };

  it("merge: each refusal at the part's field, the report's line under it", () => {
    const written = (r: unknown): string => jsonText(r, 2) + "\n";
    const edit = (change: (r: Editable<SimulationReport>) => void): string => {
      const r = copy(part(2, 2));
      change(r);
      return written(r);
    };
    const cases: [string, string][] = [
      ["a seat twice", edit((r) => void (r.seats[1]!.seat = 1))],
      ["a seat's games", edit((r) => void (r.seats[1]!.games += 1))],
      ["a card renamed", edit((r) => void (r.cards[2]!.name = "Renamed"))],
      ["a card played more often than held", edit((r) => void (r.cards[0]!.played = r.cards[0]!.seen + 1))],
      ["another shard count", edit((r) => void (r.run.shard = { index: 2, of: 3 }))],
      ["a count as text", written(JSON.parse(written(part(2, 2)).replace('"draws": 0', '"draws": "0"')))],
      ["cut short", written(part(2, 2)).slice(0, 400)],
    ];
    const rendered = cases.map(([what, text]) => {
      try {
        mergeReports([{ file: "part1.json", report: part(1, 2) }, { file: "part2.json", report: parseReport("part2.json", text) }]);
        return `${what}: merged\n`;
      } catch (error) {
        if (!(error instanceof MergeError)) throw error;
        return `${what}:\n${formatDiagnostic(located(error, text), text)}\n`;
      }
    });
    pinned("merge.txt", rendered.join("\n"));
  });

  it("replay: each refusal at the log's line and field, the line under it", async () => {
    const { registry } = await import("../generated/index.js");
    const { playWithBots, replay, ReplayError } = await import("../src/sim/game-log.js");
    const lines = playWithBots(registry, { seed: 3, bots: [{ kind: "greedy" }, { kind: "greedy" }] }).log.trimEnd().split("\n");
    const header = JSON.parse(lines[0]!) as Record<string, unknown>;
    const end = JSON.parse(lines.at(-1)!) as Record<string, unknown>;
    const withHeader = (changes: Record<string, unknown>): string[] => [JSON.stringify({ ...header, ...changes }), ...lines.slice(1)];
    const cases: [string, string[]][] = [
      ["a line that is not JSON", [lines[0]!, '{"type":"choice","round":1,', ...lines.slice(1)]],
      ["another card set", withHeader({ cardSet: "0".repeat(64) })],
      ["a seed that is not one", withHeader({ seed: -4 })],
      ["an unknown faction", withHeader({ factions: ["atlantis", (header["factions"] as string[])[1]] })],
      ["an index edited", lines.map((l, i) => (i === 1 ? l.replace(/"index":\d+/, '"index":999') : l))],
      ["a line after the end line", [...lines, lines[1]!]],
      ["an end line edited", [...lines.slice(0, -1), JSON.stringify({ ...end, rounds: 3, note: "hand-made" })]],
    ];
    const rendered = cases.map(([what, log]) => {
      const text = log.join("\n") + "\n";
      try {
        const { differences } = replay(registry, text);
        // As replay prints them: each diagnostic and a blank line.
        return `${what}:\n${differences.map((d) => formatDiagnostic({ ...d, file: "game.jsonl" }, text) + "\n\n").join("")}`;
      } catch (error) {
        if (!(error instanceof ReplayError)) throw error;
        return `${what}:\n${formatDiagnostic(error.in("game.jsonl"), text)}\n\n`;
      }
    });
    // The card set's digest and the final state's change with any card, the golden text does not:
    // each run of hex digits (whole, or cut short by a line's frame) is x's, as wide, the carets still under their field.
    pinned("replay.txt", rendered.join("").replace(/[0-9a-f]{16,}/g, (hex) => "x".repeat(hex.length)));
  });
});
