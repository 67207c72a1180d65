import { spawn } from "node:child_process";
import { cpSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { registry } from "../generated/index.js";
import { cardSetDigest } from "../src/engine/card-digest.js";
import { loadCardSet } from "../src/pipeline/load-card-set.js";
import { namedCardFiles, validatePaths } from "../src/pipeline/validate.js";
import { cardSetHint, pathsFromLog, roundLimitNote } from "../src/cli/play-command.js";
import { choiceMismatch, endDifferences, replay, ReplayError, type LogEnd } from "../src/sim/game-log.js";
import type { Decision } from "../src/engine/choices.js";
import type { GameState } from "../src/engine/state.js";
import { repoRoot, runCli } from "./helpers.js";

/** The column of `"key":` on a log line, where a diagnostic about that field points. */
const columnOf = (line: string, key: string): number => line.indexOf(`"${key}":`) + 1;
/** The column of a field's value: where a diagnostic about a number or a string points (about a list or an object, at its key). */
const valueColumn = (line: string, key: string): number => columnOf(line, key) + key.length + 3;

describe("state51 play and replay", () => {
  it("plays a seeded game, prints rounds and final scores, writes a log that replays to the same end", () => {
    const dir = mkdtempSync(join(tmpdir(), "state51-play-"));
    const log = join(dir, "game.jsonl");
    const played = runCli(["play", "--players", "3", "--seed", "12", "--bots", "greedy,random", "--log", log]);
    expect(played.status).toBe(0);
    // Who is who comes first: the rest of the account names players by seat alone.
    expect(played.stdout).toMatch(/^Player A's faction: .+\nPlayer B's faction: .+\nPlayer C's faction: .+\nRound 1 \(first player: Player A\)\n/);
    expect(played.stdout).toMatch(/^Final scores after \d+ rounds:$/m);
    // Each faction is named as its Base is, as simulate's report names it, not by its id.
    const factions = [...played.stdout.matchAll(/^  Player [ABC] \((.+)\): \d+ VP/gm)].map((m) => m[1]);
    expect(factions).toHaveLength(3);
    for (const f of factions) expect(["New York", "Appalachian Federation", "Mutants' Union", "Merchants' Guild"]).toContain(f);
    // Resources too, by the vocabulary's names ("1 Building Material"), not their ids ("1 building-material").
    const trades = [...played.stdout.matchAll(/ trades 2 workers for 1 (.+)$/gm)].map((m) => m[1]);
    expect(trades.length).toBeGreaterThan(0);
    for (const r of trades) expect(["Scrap", "Fuel", "Weapon", "Building Material"]).toContain(r);
    // And where a card makes opponents give them (the example expansion's).
    const given = runCli(["play", "cards/", "cards/examples/wastelanders.yaml", "--seed", "11", "--bots", "random"]).stdout;
    const gifts = [...given.matchAll(/ gives Player [A-D] 1 (.+)$/gm)].map((m) => m[1]);
    expect(gifts.length).toBeGreaterThan(0);
    for (const r of gifts) expect(["Scrap", "Fuel", "Weapon", "Building Material", "card"]).toContain(r);
    const lines = readFileSync(log, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ type: "game", version: 2, engine: expect.stringMatching(/^\d+\.\d+\.\d+$/), cardSet: expect.stringMatching(/^[0-9a-f]{64}$/), seed: 12, bots: ["greedy", "random", "greedy"], paths: [] });
    // Each answer records what was chosen, not only its index.
    expect(lines.find((l) => l.type === "choice" && l.decision === "lookout-pick")).toMatchObject({ choice: { kind: "take", card: expect.any(String) } });
    expect(lines.at(-1)).toMatchObject({ type: "end", rounds: expect.any(Number), scores: expect.any(Array), winners: expect.any(Array) });
    const replayed = runCli(["replay", log]);
    expect(replayed.status).toBe(0);
    expect(replayed.stdout).toContain("replay matches the log's final state");
    // The replay tells the same story.
    expect(replayed.stdout.split("replay matches")[0]).toBe(played.stdout.split("game log written")[0]);
  });

  it("is deterministic: the same seed and bots print the same game", () => {
    const a = runCli(["play", "--seed", "5", "--bots", "random", "--quiet"]);
    const b = runCli(["play", "--seed", "5", "--bots", "random", "--quiet"]);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).toMatch(/Final scores/);
  });

  it("reports a tampered log instead of replaying something else", () => {
    const dir = mkdtempSync(join(tmpdir(), "state51-play-"));
    const log = join(dir, "game.jsonl");
    runCli(["play", "--seed", "3", "--bots", "random", "--players", "2", "--log", log, "--quiet"]);
    const lines = readFileSync(log, "utf8").trim().split("\n");
    const end = JSON.parse(lines.at(-1)!);
    writeFileSync(log, [...lines.slice(0, -1), JSON.stringify({ ...end, digest: "0".repeat(64) })].join("\n"));
    const r = runCli(["replay", log, "--quiet"]);
    expect(r.status).toBe(1);
    // At the end line's digest, with the line shown, as validate shows a card file's problem.
    expect(r.stderr).toMatch(new RegExp(`^${log.replace(/[.*+?^$()|[\]\\]/g, "\\$&")}:${lines.length}:\\d+: error S51-E525: the replay differs from the log: final state digest: the log says "0{64}", the replay ends with "[0-9a-f]{64}"\n +${lines.length} \\| `, "m"));
    writeFileSync(log, "not json\n");
    const notJson = runCli(["replay", log]);
    expect(notJson.status).toBe(1);
    expect(notJson.stderr).toBe(`${log}:1:2: error S51-E501: this line is not JSON: the rest of "null" expected here; a game log holds one JSON value a line\n   1 | not json\n     |  ^\n\n`);
  });

  it("rejects bad options with exit 2 and a message, no stack trace", () => {
    // Numbers in plain decimal digits only: Number() alone takes "" (as seed 0), hexadecimal and exponents.
    const numbers = [["--seed", ""], ["--seed", "0x10"], ["--seed", "1e3"], ["--seed", "7.0"], ["--players", "0x2"], ["--players", "3e0"], ["--players", ""]];
    for (const args of [["play", "--players", "5"], ["play", "--bots", "clever"], ["play", "--bots", "mcts:abc"], ["play", "--bots", "mcts:0"], ["play", "--seed", "-1"], ["play", "--log", "/no/such/folder/game.jsonl"], ...numbers.map((n) => ["play", "--quiet", ...n])]) {
      const r = runCli(args);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stderr, args.join(" ")).toMatch(/^state51: /);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
    // A bot option that makes no sense says what would.
    expect(runCli(["play", "--bots", "mcts:abc"]).stderr).toMatch(/hint: bots: random, greedy, mcts or mcts:<playouts>/);
    expect(runCli(["play", "--seed", "0x10"]).stderr).toBe('state51: error: --seed must be a whole number from 0 to 4294967295, not "0x10"\n  hint: write it in plain decimal digits (no sign, point, exponent or 0x)\n');
    // A missing log is said as validate says a missing card file (exit 1, S51-E001), with what to name.
    const missing = runCli(["replay", "nosuch.jsonl"]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toBe("nosuch.jsonl:1:1: error S51-E001: cannot read the file (no such file or folder)\n     = hint: name a log written by state51 play --log, e.g. state51 play --log game.jsonl && state51 replay game.jsonl\n\n");
  });

  it("plays the search bot by name and budget", () => {
    const r = runCli(["play", "--players", "2", "--seed", "2", "--bots", "mcts:4,greedy", "--quiet"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/Final scores/);
  });
});

describe("state51 replay on damaged logs", () => {
  function logOf(seed: number): string[] {
    const dir = mkdtempSync(join(tmpdir(), "state51-play-"));
    const log = join(dir, "game.jsonl");
    runCli(["play", "--seed", String(seed), "--bots", "random", "--players", "2", "--log", log, "--quiet"]);
    return readFileSync(log, "utf8").trim().split("\n");
  }
  // One game's log for every test here: each spawn compiles the cards afresh.
  let played: string[] | undefined;
  const log4 = (): string[] => (played ??= logOf(4));
  function replayLines(lines: string[]) {
    const dir = mkdtempSync(join(tmpdir(), "state51-replay-"));
    const log = join(dir, "damaged.jsonl");
    writeFileSync(log, lines.join("\n") + "\n");
    return runCli(["replay", log, "--quiet"]);
  }
  /** What `replay` makes of a log, in this process, as "line:column code message": the CLI adds only the file and the routing, checked on two kinds below. */
  function replayed(lines: string[]): { error?: string; differences?: string[] } {
    try {
      return { differences: replay(registry, lines.join("\n") + "\n").differences.map((d) => d.message) };
    } catch (error) {
      if (!(error instanceof ReplayError)) throw error;
      return { error: `${error.found.line}:${error.found.column} ${error.found.code} ${error.found.message}` };
    }
  }

  it("says why, with exit 1 and no internal error, on standard error, for each kind of damage", () => {
    const lines = log4();
    const header = JSON.parse(lines[0]!);
    const firstChoice = lines.findIndex((l) => l.includes('"type":"choice"'));
    const choiceLine = (edit: (l: string) => string): string[] => lines.map((l, i) => (i === firstChoice ? edit(l) : l));
    const withHeader = (changes: Record<string, unknown>): string[] => [JSON.stringify({ ...header, ...changes }), ...lines.slice(1)];
    const headerAt = (changes: Record<string, unknown>, key: string, column = valueColumn): string => `1:${column(JSON.stringify({ ...header, ...changes }), key)}`;
    const index999 = choiceLine((l) => l.replace(/"index":\d+/, '"index":999'));
    const otherCard = choiceLine((l) => l.replace(/"card":"[a-z-]+"/, '"card":"no-such-card"'));
    const cases: [string, string[], RegExp][] = [
      ["no end line", lines.slice(0, -1), new RegExp(`^${lines.length - 1}:1 S51-E517 the log has no end line`)],
      ["a choice out of range", index999, new RegExp(`^2:${valueColumn(index999[1]!, "index")} S51-E521 choice 1 has an index and a choice that disagree: the game offers \\{"kind":"take","card":"[a-z-]+"\\} there at index \\d, not 999 \\(it offers \\d choices, index 0 to \\d\\)$`)],
      ["another choice recorded", otherCard, new RegExp(`^2:${columnOf(otherCard[1]!, "choice")} S51-E522 choice 1 chose \\{"kind":"take","card":"no-such-card"\\} \\(index \\d\\); the game does not offer that there \\(index \\d is \\{"kind":"take","card":"[a-z-]+"\\}\\)$`)],
      // Line numbers are the file's: a blank line is passed over but still counted.
      ["another choice, after a blank line", [lines[0]!, "", ...otherCard.slice(1)], /^3:\d+ S51-E522 choice 1 chose/],
      ["a line after the end line", [...lines, lines[firstChoice]!], new RegExp(`^${lines.length + 1}:1 S51-E516 this line comes after the end line$`)],
      ["another card set", withHeader({ cardSet: "0".repeat(64) }), new RegExp(`^${headerAt({ cardSet: "0".repeat(64) }, "cardSet")} S51-E507 recorded with a different card set`)],
      ["another engine", withHeader({ engine: "0.0.1" }), new RegExp(`^${headerAt({ engine: "0.0.1" }, "engine")} S51-E506 recorded with engine "0.0.1"; this is engine`)],
      ["an old log format", withHeader({ version: 1 }), new RegExp(`^${headerAt({ version: 1 }, "version")} S51-E505 the log is in format 1`)],
      ["the same faction twice", withHeader({ factions: ["new-york", "new-york"] }), /^1:\d+ S51-E511 the header's factions must be distinct/],
      // At the faction that is wrong, not the list.
      ["an unknown faction", withHeader({ factions: ["new-york", "atlantis"] }), new RegExp(`^1:${JSON.stringify({ ...header, factions: ["new-york", "atlantis"] }).indexOf('"atlantis"') + 1} S51-E511 the header's factions must be distinct, from`)],
      ["a null line", [lines[0]!, "null", ...lines.slice(1)], /^2:1 S51-E514 this line is not a log entry/],
      ["a choice moved to another round", choiceLine((l) => l.replace(/"round":\d+/, '"round":5')), new RegExp(`^2:${valueColumn(lines[1]!, "round")} S51-E520 choice 1 is recorded in round 5; the game asks it in round 1$`)],
      ["a choice without its index", choiceLine((l) => l.replace(/"index":\d+,/, "")), /^2:1 S51-E515 this line is not a valid choice: its "index" must be a whole number from 0$/],
      ["a choice with a negative seat", choiceLine((l) => l.replace(/"seat":\d+/, '"seat":-1')), new RegExp(`^2:${valueColumn(lines[1]!, "seat")} S51-E515 this line is not a valid choice: its "seat" must be a whole number from 0$`)],
      ["bots that are not a list", withHeader({ bots: 7 }), /^1:\d+ S51-E512 the header's bots must be a list of bot names, as play writes them/],
      ["an unknown bot", withHeader({ bots: ["nonsense", "greedy"] }), /S51-E512 the header's bots must be/],
      ["a bot spelt otherwise than play writes it", withHeader({ bots: [" greedy", "mcts:0200"] }), /S51-E512 the header's bots must be/],
      ["a seed past the last", withHeader({ seed: 2 ** 32 }), new RegExp(`^${headerAt({ seed: 2 ** 32 }, "seed")} S51-E509 the header's seed is not a whole number`)],
      ["one bot for two seats", withHeader({ bots: ["random"] }), /^1:\d+ S51-E513 the header names 2 factions and 1 bot, but a game has one of each a seat$/],
      // Either list may be the edited one: the factions here, not the bots.
      ["a third faction for two bots", withHeader({ factions: [...header.factions, "mutants-union"] }), /S51-E513 the header names 3 factions and 2 bots, but a game has one of each a seat$/],
      ["an answer missing at the end", [...lines.slice(0, -2), lines.at(-1)!], new RegExp(`^${lines.length - 1}:1 S51-E518 the log has no answer for [a-z-]+ \\(seat \\d\\), which the game asks next$`)],
      ["an answer too many", [...lines.slice(0, -1), lines.at(-2)!, lines.at(-1)!], new RegExp(`^${lines.length}:1 S51-E524 the game ended with 1 logged choice unused, from this one on$`)],
      ["a line that is not JSON", [lines[0]!, '{"type":"choice",', ...lines.slice(1)], /^2:18 S51-E501 this line is not JSON: a key in double quotes expected here; /],
      ["a trailing comma, where JSON.parse gives no position", [lines[0]!, '{"type":"choice","round":1,}', ...lines.slice(1)], /^2:28 S51-E501 this line is not JSON: a key in double quotes expected here; /],
      ["an empty log", [""], /^1:1 S51-E503 the log is empty/],
      ["a first line that is not a header", lines.slice(1), /^1:1 S51-E504 the first line is not a state51 game header$/],
    ];
    for (const [what, damaged, message] of cases) expect(replayed(damaged).error, what).toMatch(message);
    // Through the CLI: exit 1, the reason on standard error, where `replay log > out.txt` still shows it.
    for (const [what, damaged, message] of cases.filter(([what]) => what === "no end line" || what === "another card set")) {
      const r = replayLines(damaged);
      expect(r.status, what).toBe(1);
      // The CLI names the file before the line and column, and shows the line under it.
      const [, position = "", rest = ""] = /^\^(\S+) (S51-E\d+ .*)$/.exec(message.source)!;
      expect(r.stderr, what).toMatch(new RegExp(`^.*damaged\\.jsonl:${position}: error ${rest.replace(/ /, ": ")}`, "m"));
      expect(r.stderr, what).toMatch(/\n +\d+ \| .*\n +\| +\^+\n/);
      expect(r.stdout, what).not.toMatch(/error/);
      expect(r.stderr, what).not.toMatch(/internal error/);
    }
  });

  it("replays a log saved again by a Windows editor (a byte-order mark first, CRLF line ends)", () => {
    const dir = mkdtempSync(join(tmpdir(), "state51-replay-"));
    const log = join(dir, "windows.jsonl");
    writeFileSync(log, "\ufeff" + log4().join("\r\n") + "\r\n");
    const r = runCli(["replay", log, "--quiet"]);
    expect(r.stderr).toBe("");
    expect(r.stdout).toContain("replay matches the log's final state");
  });

  it("says that an index and a choice disagree when the recorded choice is offered at another index", () => {
    const lines = log4();
    const at = lines.findIndex((l) => /"decision":"lookout-pick","index":[1-9]/.test(l));
    const index = Number(/"index":(\d+)/.exec(lines[at]!)![1]);
    const r = replayed(lines.map((l, i) => (i === at ? l.replace(/"index":\d+/, `"index":${index - 1}`) : l)));
    expect(r.error).toMatch(new RegExp(`^${at + 1}:${valueColumn(lines[at]!, "index")} S51-E521 choice \\d+ has an index and a choice that disagree: the game offers \\{"kind":"take","card":"[a-z-]+"\\} there at index ${index}, not ${index - 1} \\(index ${index - 1} is \\{"kind":"take","card":"[a-z-]+"\\}\\)$`));
    expect(r.error).not.toContain("does not offer");
  });

  it("compares choices whatever the order of their keys (a log through `jq -cS` still replays)", () => {
    const sortKeys = (v: unknown): unknown => (Array.isArray(v) ? v.map(sortKeys) : v !== null && typeof v === "object" ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, sortKeys(x)])) : v);
    const sorted = log4().map((l) => JSON.stringify(sortKeys(JSON.parse(l))));
    expect(sorted[1]).toMatch(/^\{"choice":\{"card":/);
    expect(replayed(sorted)).toEqual({ differences: [] });
  });

  it("checks every field of the end line, not only the digest: each difference on standard error, exit 1", () => {
    const lines = log4();
    const end = JSON.parse(lines.at(-1)!);
    const edited = { ...end, rounds: 3, scores: [99, ...end.scores.slice(1)], winners: [1 - end.winners[0]], note: "hand-made" };
    const r = replayLines([...lines.slice(0, -1), JSON.stringify(edited)]);
    expect(r.status).toBe(1);
    // One diagnostic a field, each at the field on the end line (a list at its key, a number at itself).
    const endText = JSON.stringify(edited);
    const n = lines.length;
    expect(r.stderr.split("\n").filter((l) => / error S51-/.test(l)).map((l) => l.replace(/^.*damaged\.jsonl:/, ""))).toEqual([
      `${n}:${valueColumn(endText, "rounds")}: error S51-E525: the replay differs from the log: rounds: the log says 3, the replay ends with ${end.rounds}`,
      `${n}:${columnOf(endText, "scores")}: error S51-E525: the replay differs from the log: scores by seat: the log says ${JSON.stringify(edited.scores)}, the replay ends with ${JSON.stringify(end.scores)}`,
      `${n}:${columnOf(endText, "winners")}: error S51-E525: the replay differs from the log: winners (seats): the log says ${JSON.stringify(edited.winners)}, the replay ends with ${JSON.stringify(end.winners)}`,
      `${n}:${columnOf(endText, "note")}: error S51-E526: the end line records "note", which a game's end does not`,
    ]);
    // The replay's own account still goes to standard output.
    expect(r.stdout).toMatch(/^Final scores after \d+ rounds:/m);
    expect(r.stdout).not.toContain("replay matches");
    // Each field alone is caught too: a score edited by hand leaves the digest as it was.
    for (const field of ["rounds", "scores", "winners"] as const) {
      expect(replayed([...lines.slice(0, -1), JSON.stringify({ ...end, [field]: edited[field] })]).differences, field).toHaveLength(1);
    }
  });

  it("plays 4 players by default", () => {
    const r = runCli(["play", "--quiet"]);
    expect(r.status).toBe(0);
    expect(r.stdout.match(/^  Player [A-D] /gm)).toHaveLength(4);
    expect(runCli(["play", "--players", "2", "--bots", "greedy,random,random"]).status).toBe(2);
  });
});

describe("the cards a game plays: those on disk now, compiled in the process", () => {
  it("the base set compiled in the process is the built registry, card for card and in the same order", async () => {
    const result = validatePaths([]);
    expect(result.diagnostics).toEqual([]);
    const loaded = await loadCardSet(result);
    expect(loaded.cards.map((c) => c.id)).toEqual(registry.cards.map((c) => c.id));
    expect({ basic: loaded.basicResources, colours: loaded.contactColours }).toEqual({ basic: registry.basicResources, colours: registry.contactColours });
    expect(cardSetDigest(loaded)).toBe(cardSetDigest(registry));
  });

  it("plays an expansion named with the base set, and its log replays with those cards only", () => {
    const log = join(mkdtempSync(join(tmpdir(), "state51-play-")), "game.jsonl");
    const played = runCli(["play", "cards/", "cards/examples/", "--players", "4", "--seed", "9", "--bots", "random", "--quiet", "--log", log]);
    expect(played.status, played.stderr).toBe(0);
    expect(played.stdout).toContain(`(replay with: state51 replay ${log} cards/ cards/examples/)`);
    const header = JSON.parse(readFileSync(log, "utf8").split("\n")[0]!);
    expect(header.cardSet).not.toBe(cardSetDigest(registry));
    expect(runCli(["replay", log, "cards/", "cards/examples/", "--quiet"]).stdout).toContain("replay matches the log's final state");
    // Recorded relative to the log's folder: the same game played from anywhere records the same paths.
    expect(header.paths).toEqual(pathsFromLog(log, ["cards/", "cards/examples/"], repoRoot));
    expect(header.paths[0]).toMatch(/^(\.\.\/)+.*cards$/);
    const alone = runCli(["replay", log, "--quiet"]);
    expect(alone.status).toBe(1);
    // The log names the card paths it was played with: the refusal says what to run.
    expect(alone.stderr).toMatch(new RegExp(`^${log.replace(/[.*+?^$()|[\]\\]/g, "\\$&")}:1:\\d+: error S51-E507: recorded with a different card set \\(its cards' digest differs from these cards'\\)\n`));
    expect(alone.stderr).toContain(`\n     = hint: it was played with cards cards/examples: state51 replay ${log} cards cards/examples\n\n`);
    expect(alone.stdout).toBe("");
  });

  it("a card-set refusal's hint: the paths the log names, or that the cards changed since, or (an older log) to name them", () => {
    // Recorded relative to the log's folder, named from where replay runs.
    expect(pathsFromLog("logs/g.jsonl", ["cards/", "my exp.yaml"], "/work")).toEqual(["../cards", "../my exp.yaml"]);
    expect(cardSetHint("logs/g.jsonl", ["../cards", "../my exp.yaml"], [], "/work")).toBe("it was played with cards 'my exp.yaml': state51 replay logs/g.jsonl cards 'my exp.yaml'");
    expect(cardSetHint("g.jsonl", ["rev/cards"], ["rev/cards"], "/tmp")).toMatch(/these are the card files it was played with, but the cards have changed since/);
    // From another folder, the same recorded paths are other files: not "changed since".
    expect(cardSetHint("/tmp/g.jsonl", ["rev/cards"], ["cards/"], "/elsewhere")).toBe("it was played with ../tmp/rev/cards: state51 replay /tmp/g.jsonl ../tmp/rev/cards");
    expect(cardSetHint("g.jsonl", [], ["cards/", "x.yaml"])).toBe("it was played with the default cards/: state51 replay g.jsonl");
    expect(cardSetHint("g.jsonl", undefined, [])).toBe("name the card files and folders it was played with, as they were then: state51 replay g.jsonl cards/ my-expansion.yaml");
    // Paths read from an edited log reach the terminal escaped, on one line.
    expect(cardSetHint("g.jsonl", ["x\u001b[2J\ny.yaml"], [])).toBe("it was played with 'x\\u001b[2J\\u000ay.yaml': state51 replay g.jsonl 'x\\u001b[2J\\u000ay.yaml'");
  });

  it("cards with errors are reported as validate reports them, and no game is played", () => {
    const dir = mkdtempSync(join(tmpdir(), "state51-play-"));
    writeFileSync(join(dir, "broken.yaml"), ["set: broken", "cards:", "  - id: shack", "    kind: location", "    name: { en: Shack, fr: Cabane }", "    distance: 1", "    types: [scrap]", "    spoils: gain 2 scarp", "    agreement: gain 1 scrap", "    pattern: trait", "    ability: depot 2", ""].join("\n"));
    const r = runCli(["play", "cards/", join(dir, "broken.yaml"), "--quiet"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/broken\.yaml:8:\d+: error S51-E301/);
    expect(r.stderr).toContain("no game played");
    expect(r.stdout).not.toContain("Final scores");
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  // An expansion named alone (as from a designer's own folder) brings no Bases: it cannot seat anyone.
  it("cards with too few factions for the players are refused before the game, exit 1, not an internal error", () => {
    const dir = mkdtempSync(join(tmpdir(), "state51-play-"));
    writeFileSync(join(dir, "rust.yaml"), ["set: rust", "cards:", "  - id: shack", "    kind: location", "    name: { en: Shack, fr: Cabane }", "    distance: 1", "    types: [scrap]", "    spoils: gain 2 scrap", "    agreement: gain 1 scrap", "    pattern: trait", "    ability: depot 2", ""].join("\n"));
    const r = runCli(["play", join(dir, "rust.yaml"), "--players", "2", "--quiet"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("state51 play: error: the cards have 0 factions (Bases), too few for 2 players");
    expect(r.stderr).toContain("no game played");
    expect(r.stdout).toBe("");
  });
});


describe("the example expansion is loaded only when named", () => {
  it("is left out of cards/, even through a symlink to cards/, and loaded when its folder is named", () => {
    const dir = mkdtempSync(join(tmpdir(), "state51-link-"));
    symlinkSync(join(repoRoot, "cards"), join(dir, "cards"));
    const base = validatePaths([join(dir, "cards")]).cards.length;
    expect(base).toBe(registry.cards.length);
    expect(validatePaths([join(dir, "cards"), join(dir, "cards", "examples")]).cards.length).toBeGreaterThan(base);
  });

  it("brings in only the example file named beside cards/, not the other examples", () => {
    const base = mkdtempSync(join(tmpdir(), "state51-base-"));
    mkdirSync(join(base, "examples"));
    for (const f of ["bases.yaml", "examples/a.yaml", "examples/b.yaml"]) writeFileSync(join(base, f), "");
    const files = (paths: string[]): string[] => namedCardFiles(paths, base, base).files.map((f) => f.slice(base.length + 1));
    expect(files([base])).toEqual(["bases.yaml"]);
    expect(files([base, join(base, "examples", "b.yaml")])).toEqual(["bases.yaml", "examples/b.yaml"]);
    expect(files([base, join(base, "examples")])).toEqual(["bases.yaml", "examples/a.yaml", "examples/b.yaml"]);
  });

  it("loads a file named through a link (or a hard link) beside its folder once, an example so named too", () => {
    const dir = mkdtempSync(join(tmpdir(), "state51-link-"));
    const cards = join(repoRoot, "cards");
    const example = join(cards, "examples", "wastelanders.yaml");
    symlinkSync(join(cards, "bases.yaml"), join(dir, "bases-link.yaml"));
    linkSync(join(cards, "bases.yaml"), join(dir, "bases-hard.yaml"));
    symlinkSync(example, join(dir, "example-link.yaml"));
    symlinkSync(join(cards, "examples"), join(dir, "examples-link"));
    const alone = validatePaths([cards]);
    const withExample = validatePaths([cards, example]);
    expect(withExample.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    for (const [what, paths, same] of [
      ["a link to a base file", [cards, join(dir, "bases-link.yaml")], alone],
      ["a hard link to a base file", [cards, join(dir, "bases-hard.yaml")], alone],
      ["a link to the example", [cards, join(dir, "example-link.yaml")], withExample],
      ["a link to the examples folder", [cards, join(dir, "examples-link")], withExample],
    ] as const) {
      const r = validatePaths([...paths]);
      expect(r.diagnostics.filter((d) => d.severity === "error"), what).toEqual([]);
      expect(r.cards.map((c) => c.id), what).toEqual(same.cards.map((c) => c.id));
    }
  });
});

describe("play reads the cards as they are on disk now", () => {
  it("shows a card renamed in the card files at once, with no build run", () => {
    const dir = mkdtempSync(join(tmpdir(), "state51-rename-"));
    cpSync(join(repoRoot, "cards"), join(dir, "cards"), { recursive: true, filter: (from) => !from.includes("examples") });
    const args = ["play", "cards/", "--seed", "7", "--players", "2", "--bots", "greedy"];
    const before = runCli(args, dir);
    expect(before.stdout).toContain("incorporates Sawmill");
    const file = join(dir, "cards", "locations.yaml");
    writeFileSync(file, readFileSync(file, "utf8").replace("name: { en: Sawmill,", "name: { en: Timber Yard,"));
    const after = runCli(args, dir);
    expect(after.status, after.stderr).toBe(0);
    expect(after.stdout).toContain("incorporates Timber Yard");
    expect(after.stdout).not.toContain("Sawmill");
  });

  it("says the cards' warnings (a card still marked TODO) on standard error, a line each as validate heads them, once, and plays", () => {
    const dir = mkdtempSync(join(tmpdir(), "state51-todo-"));
    cpSync(join(repoRoot, "cards"), join(dir, "cards"), { recursive: true, filter: (from) => !from.includes("examples") });
    expect(runCli(["new", "location", "old-mill", "--file", "cards/locations.yaml"], dir).status).toBe(0);
    const validated = runCli(["validate", "cards/"], dir);
    const heads = validated.stdout.split("\n").filter((l) => / warning S51-W\d+: /.test(l));
    expect(heads.length).toBeGreaterThan(1);
    expect(heads).toContainEqual(expect.stringMatching(/^cards\/locations\.yaml:\d+:\d+: warning S51-W402: the `ability` of "old-mill" is a placeholder/));
    const said = `${heads.join("\n")}\n${heads.length} warnings in the cards: state51 validate shows each with its line and a hint\n`;
    const runs: [string, string[]][] = [
      ["play", ["play", "cards/", "--quiet", "--players", "2"]],
      ["text", ["text", "cards/", "--cards", "scrapyard"]],
      // The baseline holds the same cards: their warnings are not said twice.
      ["simulate", ["simulate", "cards/", "--baseline", "cards/", "--games", "2", "--players", "2", "--format", "json"]],
    ];
    for (const [what, args] of runs) {
      const r = runCli(args, dir);
      expect(r.status, what).toBe(0);
      expect(r.stderr.startsWith(said), `${what}: ${r.stderr}`).toBe(true);
      expect(r.stderr.split(heads[0]!).length, what).toBe(2);
      expect(r.stdout, what).not.toContain("S51-W402");
    }
  });
});


describe("play --log: only a file, and never over a file that is not a game log", () => {
  const temp = (): string => mkdtempSync(join(tmpdir(), "state51-log-"));
  const play = (log: string, cwd: string) => runCli(["play", "--quiet", "--players", "2", "--seed", "3", "--log", log], cwd);
  const refused = (r: ReturnType<typeof runCli>, message: string): void => {
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(message);
  };

  it("refuses a path naming a folder (a missing one included: `new/` once wrote a file named new), an empty path and -, creating nothing", () => {
    const dir = temp();
    refused(play("newdir/", dir), 'state51: error: --log names a file, not a folder: "newdir/"\n  hint: name the log file in it, e.g. --log newdir/game.jsonl\n');
    refused(play(".", dir), 'state51: error: --log names a file, not a folder: "."\n  hint: name the log file in it, e.g. --log ./game.jsonl\n');
    refused(play("", dir), "state51: error: cannot write the game log: the name given is empty (an unset shell variable?)\n");
    // Standard output holds the account: a log mixed into it could not be replayed.
    refused(play("-", dir), "state51: error: --log - would mix the log into the game's account on standard output: name a file\n  hint: state51 play --log game.jsonl (--log ./- for a file named \"-\")\n");
    expect(readdirSync(dir)).toEqual([]);
    // The file named "-", when that is what is meant.
    expect(play("./-", dir).status).toBe(0);
    expect(readFileSync(join(dir, "-"), "utf8")).toMatch(/^\{"type":"game"/);
  });

  it("refuses to replace a file that is not a game log (a card file, a source file), leaving it as it was", () => {
    const dir = temp();
    mkdirSync(join(dir, "generated"));
    const yaml = readFileSync(join(repoRoot, "cards/examples/wastelanders.yaml"), "utf8");
    writeFileSync(join(dir, "wastelanders.yaml"), yaml);
    writeFileSync(join(dir, "generated", "index.ts"), "export const x = 1;\n");
    // A first line longer than any header, with no line end in the part read.
    writeFileSync(join(dir, "long.txt"), "x".repeat(100_000));
    for (const file of ["wastelanders.yaml", "generated/index.ts", "long.txt"]) {
      const before = readFileSync(join(dir, file), "utf8");
      refused(play(file, dir), `state51: error: cannot write the game log: ${file} is not a game log, and the game log would replace it\n  hint: name a new file, or an earlier game log to replace\n`);
      expect(readFileSync(join(dir, file), "utf8")).toBe(before);
    }
  });

  it("replaces an earlier game log, or an empty file", () => {
    const dir = temp();
    expect(runCli(["play", "--quiet", "--players", "2", "--seed", "5", "--log", "game.jsonl"], dir).status).toBe(0);
    const first = readFileSync(join(dir, "game.jsonl"), "utf8");
    const again = play("game.jsonl", dir);
    expect(again.status, again.stderr).toBe(0);
    expect(readFileSync(join(dir, "game.jsonl"), "utf8")).not.toBe(first);
    expect(JSON.parse(readFileSync(join(dir, "game.jsonl"), "utf8").split("\n")[0]!)).toMatchObject({ type: "game", seed: 3 });
    writeFileSync(join(dir, "empty.jsonl"), "");
    expect(play("empty.jsonl", dir).status).toBe(0);
    expect(existsSync(join(dir, "empty.jsonl"))).toBe(true);
    expect(readFileSync(join(dir, "empty.jsonl"), "utf8")).toMatch(/^\{"type":"game"/);
    // A log with blank lines before its header is a log, as replay reads it.
    writeFileSync(join(dir, "blank.jsonl"), "\n\r\n" + first);
    expect(play("blank.jsonl", dir).status).toBe(0);
  });

  it("keeps a refused value on its line: a line feed in it cannot fake the lines after", () => {
    for (const args of [["--seed", "1\nFinal scores after 1 rounds:"], ["--log", "new\nFinal scores after 1 rounds:/"]]) {
      const r = runCli(["play", "--quiet", ...args], temp());
      expect(r.status).toBe(2);
      expect(r.stderr).not.toMatch(/^Final scores/m);
      expect(r.stderr).toContain("\\u000aFinal scores");
    }
  });
});

describe("a game stopped at the engine's round limit", () => {
  it("is said under the final scores, by play and by replay", () => {
    const log = join(mkdtempSync(join(tmpdir(), "state51-play-")), "game.jsonl");
    // The example expansion alone seldom lets anyone reach 30 VP.
    const r = runCli(["play", "cards/examples/", "--players", "2", "--quiet", "--log", log]);
    expect(r.status, r.stderr).toBe(0);
    const note = "The game lasted the full 60 rounds, where the engine stops a game still going (docs/engine-rulings.md, ruling 24): no one reached 30 VP.";
    expect(r.stdout).toMatch(/^Final scores after 60 rounds:$/m);
    expect(r.stdout.split("\n")).toContain(note);
    expect(runCli(["replay", log, "cards/examples/", "--quiet"]).stdout.split("\n")).toContain(note);
    // A game that ends as the rules say has no such line.
    expect(runCli(["play", "--players", "2", "--quiet"]).stdout).not.toContain("full 60 rounds");
  });

  it("is not said of a game where someone reached 30 VP in round 60 (it ended as the rules say)", () => {
    const state = (lastRound: boolean, round: number) => ({ round, lastRound }) as GameState;
    expect(roundLimitNote(state(false, 60))).toMatch(/^The game lasted the full 60 rounds/);
    expect(roundLimitNote(state(true, 60))).toBeUndefined();
    expect(roundLimitNote(state(true, 14))).toBeUndefined();
  });
});

describe("replay's comparisons", () => {
  const decision = (choices: unknown[]) => ({ kind: "lookout-pick", seat: 0, choices }) as unknown as Decision;
  const record = (index: number, choice: unknown) => ({ round: 1, seat: 0, decision: "lookout-pick" as const, index, choice });

  it("a choice fits at its own index, even when the same choice is offered twice", () => {
    const take = { kind: "take", card: "sawmill" };
    expect(choiceMismatch(decision([take, { kind: "take", card: "ruins" }, take]), record(2, take))).toBeUndefined();
    expect(choiceMismatch(decision([take]), record(0, { card: "sawmill", kind: "take" }))).toBeUndefined();
    expect(choiceMismatch(decision([take, { kind: "take", card: "ruins" }]), record(0, { kind: "take", card: "ruins" }))).toEqual({ code: "S51-E521", args: { choice: '{"kind":"take","card":"ruins"}', offeredAt: 1, index: 0, atIndex: 'index 0 is {"kind":"take","card":"sawmill"}' } });
  });

  it("an end line that matches has no difference, whatever the order of its keys", () => {
    const end: LogEnd = { type: "end", rounds: 14, scores: [31, 20], winners: [0], digest: "ab" };
    const differences = (logged: Record<string, unknown>): string[] => endDifferences(logged, end, { text: JSON.stringify(logged), line: 9 }).map((d) => `${d.line}:${d.column} ${d.code} ${d.message}`);
    expect(differences({ digest: "ab", winners: [0], scores: [31, 20], rounds: 14, type: "end" })).toEqual([]);
    // A field missing is the whole line's problem.
    expect(differences({ type: "end", rounds: 14, scores: [31, 20], winners: [0] })).toEqual(['9:1 S51-E525 the replay differs from the log: final state digest: the log says none, the replay ends with "ab"']);
    // A key named like an Object property is as foreign to an end line as any other.
    const foreign = { ...end, toString: 7, constructor: 1 };
    expect(differences(foreign)).toEqual([`9:${columnOf(JSON.stringify(foreign), "toString")} S51-E526 the end line records "toString", which a game's end does not`, `9:${columnOf(JSON.stringify(foreign), "constructor")} S51-E526 the end line records "constructor", which a game's end does not`]);
    // Thousands of fields an end never records: the first 100 said, the rest counted (S51-E016), as validate does for a file.
    const many = { ...end, ...Object.fromEntries(Array.from({ length: 5000 }, (_, k) => [`k${k}`, k])) };
    const said = differences(many);
    expect(said).toHaveLength(101);
    expect(said[99]).toMatch(/^9:\d+ S51-E526 the end line records "k99"/);
    expect(said[100]).toBe("9:1 S51-E016 4900 more problems in this file, not shown (4900 errors)");
  });
});

describe("play's exit statuses, as its help gives them", () => {
  it("lists every status play exits with", () => {
    const help = runCli(["play", "--help"]).stdout.replace(/\s+/g, " ");
    expect(help).toContain("Exit status: 0 played, 1 the cards have errors, too few factions (Bases) for the players, or the log could not be written, 2 usage error, 130 interrupted (Ctrl-C; no log is written).");
  });

  it("Ctrl-C stops a game with status 130 and writes no log", async () => {
    const dir = mkdtempSync(join(tmpdir(), "state51-play-"));
    const child = spawn(process.execPath, [join(repoRoot, "dist/state51.cjs"), "play", "--bots", "mcts:5000", "--log", "game.jsonl"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    // Interrupted once the game is under way (its first round told).
    child.stdout.once("data", () => child.kill("SIGINT"));
    const signal = await new Promise<NodeJS.Signals | null>((done) => child.on("close", (_code, s) => done(s)));
    // Killed by SIGINT: the shell reports 128 + 2.
    expect(signal).toBe("SIGINT");
    expect(readdirSync(dir)).toEqual([]);
  });
});
