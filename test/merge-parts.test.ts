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
import { MergeError, mergeReports, parseReport, shardRange, type Part } from "../src/sim/merge.js";
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

/** A report as simulate writes it to a file. */
const written = (r: unknown): string => jsonText(r, 2) + "\n";

/** `reports` as the parts p1.json, p2.json, …, each with its text as simulate writes it. */
const partsOf = (reports: readonly SimulationReport[]): Part[] => reports.map((report, i) => ({ file: `p${i + 1}.json`, report, text: written(report) }));
const merged = (...reports: SimulationReport[]): SimulationReport => mergeReports(partsOf(reports));

/** What the designer reads of a refusal: the diagnostic's first line (at its field in the file), and its hint. */
const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(MergeError);
    const found = (error as MergeError).found;
    return diagnosticHead(found) + (found.hint === undefined ? "" : `\n  hint: ${found.hint}`);
  }
  throw new Error("merged");
};

/** The refusal of merging `reports` as p1.json, p2.json, …, each as simulate writes it. */
const refused = (...reports: SimulationReport[]): string => refusal(() => merged(...reports));

/** The line of the text a refusal points at: `said` begins "p2.json:LINE:COLUMN:". */
const lineOf = (said: string, text: string): string => text.split("\n")[Number(/^[^:]+:(\d+):/.exec(said)![1]) - 1]!;

/** The refusal of part(1, 2) as p1.json merged with part(2, 2) edited as p2.json, and the line of p2.json it points at. */
const refusedEdit = (edit: (r: Editable<SimulationReport>) => void): { said: string; line: string } => {
  const r = copy(part(2, 2));
  edit(r);
  const said = refused(part(1, 2), r as SimulationReport);
  return { said, line: lineOf(said, written(r)) };
};

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

  it("refuses a part that lists a seat twice or one the game has not, at the seat", () => {
    const twice = refusedEdit((r) => void (r.seats[1]!.seat = 1));
    expect(twice.said).toMatch(/^p2\.json:\d+:15: error S51-E615: the part lists seat 1 twice\n {2}hint: /);
    expect(twice.line).toBe('      "seat": 1,');
    const third = refusedEdit((r) => void (r.seats[1]!.seat = 3));
    expect(third.said).toMatch(/^p2\.json:\d+:15: error S51-E614: the part lists seat 3 in a game of 2 players/);
    expect(third.line).toBe('      "seat": 3,');
    const count = refusedEdit((r) => void r.seats.pop());
    expect(count.said).toMatch(/^p2\.json:\d+:3: error S51-E613: the part lists 1 seat for 2 players/);
    expect(count.line).toBe('  "seats": [');
  });
});

describe("simulate --merge: an edited part is refused, naming it, at the field", () => {
  it("refuses a shard index past the shard count, rather than count its games twice", () => {
    const three = copy(part(2, 2));
    three.run.shard = { index: 3, of: 2 };
    const said = refused(part(1, 2), part(2, 2), three as SimulationReport);
    expect(said).toMatch(/^p3\.json:\d+:\d+: error S51-E607: the part says it is shard 3\/2, but a run of 2 shards has no shard 3\n {2}hint: /);
    expect(lineOf(said, written(three))).toBe('      "index": 3,');
  });

  it("refuses a part whose own counts disagree with the games it played", () => {
    const seat = refusedEdit((r) => void (r.seats[0]!.games += 1));
    expect(seat.said).toMatch(/^p2\.json:\d+:16: error S51-E617: the part counts 11 games for seat 1, but it played 10 games, so 10\n {2}hint: /);
    expect(seat.line).toBe('      "games": 11,');
    const faction = refusedEdit((r) => void (r.factions[1]!.games -= 1));
    expect(faction.said).toMatch(/^p2\.json:\d+:3: error S51-E617: the part counts 19 games by faction, but it played 10 games, so 20/);
    expect(faction.line).toBe('  "factions": [');
    const length = refusedEdit((r) => void (r.games.rounds.histogram[0]!.games += 5));
    expect(length.said).toMatch(/^p2\.json:\d+:\d+: error S51-E617: the part counts 15 games by length, but it played 10 games, so 10/);
    expect(length.line).toBe('      "histogram": [');
    const played = refusedEdit((r) => void (r.games.played = 3));
    expect(played.said).toMatch(/^p2\.json:\d+:15: error S51-E616: the part says it played 3 games, but its share of the run is 10 games/);
    expect(played.line).toBe('    "played": 3,');
  });

  it("refuses counts no games could give (they merged into rates over 100 % and intervals of NaN), at the count", () => {
    const wins = refusedEdit((r) => void (r.seats[0]!.wins = 500));
    expect(wins.said).toMatch(/^p2\.json:\d+:15: error S51-E618: the part counts 500 wins and 0 draws for seat 1 in 10 games, which no games could give\n {2}hint: /);
    expect(wins.line).toBe('      "wins": 500,');
    // Named by the seat the entry gives, not its place in a reordered list.
    const reordered = refusedEdit((r) => {
      r.seats.reverse();
      r.seats[0]!.wins = 500;
    });
    expect(reordered.said).toMatch(/^p2\.json:\d+:\d+: error S51-E618: the part counts 500 wins and 0 draws for seat 2 in 10 games/);
    // At the draws when it is the draws that no games could give.
    const seatDraws = refusedEdit((r) => void (r.seats[1]!.draws = 50));
    expect(seatDraws.said).toMatch(/^p2\.json:\d+:\d+: error S51-E618: the part counts \d+ wins and 50 draws for seat 2/);
    expect(seatDraws.line).toBe('      "draws": 50,');
    const draws = refusedEdit((r) => void (r.games.draws = 500));
    expect(draws.said).toMatch(/^p2\.json:\d+:\d+: error S51-E618: the part counts 500 drawn games of 10 games played/);
    expect(draws.line).toBe('    "draws": 500,');
    const seen = refusedEdit((r) => void (r.cards[0]!.seen = 1e300));
    expect(seen.said).toMatch(/^p2\.json:\d+:\d+: error S51-E618: the part counts card x held in [\d,]+ player-games of 20/);
    expect(seen.line).toBe('      "seen": 1e+300,');
    const playedWins = refusedEdit((r) => void (r.cards[1]!.playedWins = r.cards[1]!.played + 1));
    expect(playedWins.said).toMatch(/^p2\.json:\d+:\d+: error S51-E618: the part counts card y won /);
    expect(playedWins.line).toMatch(/^ {6}"playedWins": \d+,$/);
  });

  it("refuses a card or faction renamed in one part only, which merged under the first part's name, at what differs", () => {
    const name = refusedEdit((r) => void (r.cards[2]!.name = "Renamed"));
    expect(name.said).toMatch(/^p2\.json:\d+:\d+: error S51-E619: the part and p1\.json name card "z" differently: "Renamed \(location\)" and "z \(location\)"/);
    expect(name.line).toBe('      "name": "Renamed",');
    const kind = refusedEdit((r) => void (r.cards[2]!.kind = "leader"));
    expect(kind.said).toMatch(/^p2\.json:\d+:\d+: error S51-E619: the part and p1\.json name card "z" differently: "z \(leader\)" and "z \(location\)"/);
    expect(kind.line).toBe('      "kind": "leader",');
  });

  it("refuses a card listed twice or in one part only, at the card's id", () => {
    const twice = refusedEdit((r) => void r.cards.push(r.cards[0]!));
    expect(twice.said).toMatch(/^p2\.json:\d+:\d+: error S51-E611: the part lists card "x" twice/);
    expect(twice.line).toBe('      "id": "x",');
    const other = refusedEdit((r) => void (r.cards[1]!.id = "w"));
    expect(other.said).toMatch(/^p2\.json:\d+:\d+: error S51-E612: the part and p1\.json do not list the same cards: "w" is in p2\.json only/);
    expect(other.line).toBe('      "id": "w",');
  });

  it("names the part's baseline when the baseline it carries was edited, and points into it", () => {
    const withBaseline = (r: SimulationReport): SimulationReport => ({ ...r, baseline: r });
    const edited = copy(withBaseline(part(2, 2)));
    edited.baseline!.seats[0]!.games += 1;
    const said = refused(withBaseline(part(1, 2)), edited as SimulationReport);
    expect(said).toMatch(/^p2\.json:\d+:\d+: error S51-E617: the part's baseline counts 11 games for seat 1, but it played 10 games, so 10\n {2}hint: /);
    // The line is the baseline's seat, not the part's own.
    const lines = written(edited).split("\n");
    const line = Number(/^p2\.json:(\d+):/.exec(said)![1]);
    expect(line).toBeGreaterThan(lines.findIndex((l) => l.startsWith('  "baseline": ')) + 1);
    expect(lines[line - 1]).toBe('        "games": 11,');
  });

  it("says a part named twice is named twice, however its path is spelt (the file's identity, as the caller finds it)", () => {
    for (const again of ["a.json", "./a.json"]) {
      const parts = [{ file: "a.json", report: part(1, 2) }, { file: again, report: part(1, 2) }, { file: "b.json", report: part(2, 2) }].map((p) => ({ ...p, text: written(p.report), identity: "/work/a.json".replace("a.json", p.file.replace("./", "")) }));
      const said = refusal(() => mergeReports(parts));
      expect(said.startsWith(`${again}:`)).toBe(true);
      expect(said).toMatch(/^[^:]+:\d+:5: error S51-E608: the part is named twice\n {2}hint: name each shard's report once$/);
      expect(lineOf(said, written(part(1, 2)))).toBe('    "shard": {');
    }
    // Two files with one shard's report: not the same file.
    const copies = [part(1, 2), part(1, 2), part(2, 2)].map((report, i) => ({ file: `c${i}.json`, report, text: written(report) }));
    expect(refusal(() => mergeReports(copies))).toMatch(/^c1\.json:\d+:\d+: error S51-E609: the part and c0\.json are both shard 1\/2/);
  });

  it("refuses a shard count past the run's games at once, without listing a billion shards (it ran out of memory)", () => {
    const huge = (index: number): SimulationReport => {
      const r = copy(part(index, 2));
      r.run.shard = { index, of: 1_000_000_000 };
      return r as SimulationReport;
    };
    expect(refused(huge(1), huge(2))).toMatch(/^p1\.json:\d+:\d+: error S51-E620: the part's run has 1,000,000,000 shards, but a run of 20 games has at most as many shards as games\n {2}hint: was it edited by hand/);
  });

  it("names the first ten shards missing, then counts the rest", () => {
    const of20 = (index: number): SimulationReport => {
      const r = copy(part(index, 2));
      r.run.shard = { index, of: 20 };
      return r as SimulationReport;
    };
    expect(refused(of20(1), of20(2))).toMatch(/^p1\.json:\d+:\d+: error S51-E610: the run has 20 shards; not named: 3\/20, 4\/20, 5\/20, 6\/20, 7\/20, 8\/20, 9\/20, 10\/20, 11\/20, 12\/20 and 8 more\n/);
  });

  it("names a field a report does not have, at its key", () => {
    const text = written({ ...part(2, 2), oops: 1 });
    const said = refusal(() => parseReport("p2.json", text));
    expect(said).toBe('p2.json:' + String(text.split("\n").findIndex((l) => l.includes('"oops"')) + 1) + ':3: error S51-E604: the file is not a state51 simulate report: / must NOT have additional properties ("oops")\n  hint: name the JSON reports written by simulate --shard i/n');
  });

  it("says where a part stops being JSON and what JSON has there, where JSON.parse gives no position", () => {
    const text = written(part(2, 2)).replace('"draws": 0,', '"draws": ,');
    const said = refusal(() => parseReport("p2.json", text));
    expect(said).toMatch(/^p2\.json:\d+:14: error S51-E601: the file is not JSON: a value \(a number, a string, true, false, null, a list or an object\) expected here\n {2}hint: /);
    expect(lineOf(said, text)).toBe('    "draws": ,');
  });

  it("takes a part whose version is not a number for no report at all, rather than one of another release", () => {
    const text = written(part(2, 2)).replace('"version": 3,', '"version": "3",');
    expect(refusal(() => parseReport("p2.json", text))).toMatch(/^p2\.json:3:14: error S51-E604: the file is not a state51 simulate report: \/version must be equal to constant$/m);
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
    let refused: unknown;
    try {
      replay(registry, lines.join("\n"));
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ReplayError);
    expect((refused as InstanceType<typeof ReplayError>).in("g.jsonl")).toMatchObject({ file: "g.jsonl", line: 2, column: 1, code: "S51-E502", message: "this line nests more than 64 deep: it is not a log entry" });
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
        mergeReports([{ file: "part1.json", report: part(1, 2), text: written(part(1, 2)) }, { file: "part2.json", report: parseReport("part2.json", text), text }]);
        return `${what}: merged\n`;
      } catch (error) {
        if (!(error instanceof MergeError)) throw error;
        return `${what}:\n${formatDiagnostic(error.found, error.text)}\n`;
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
