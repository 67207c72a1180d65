import { cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { registry } from "../generated/index.js";
import { cardSetDigest } from "../src/engine/card-digest.js";
import { loadCardSet } from "../src/pipeline/load-card-set.js";
import { validatePaths } from "../src/pipeline/validate.js";
import { repoRoot, runCli } from "./helpers.js";

describe("state51 play and replay", () => {
  it("plays a seeded game, prints rounds and final scores, writes a log that replays to the same end", () => {
    const dir = mkdtempSync(join(tmpdir(), "state51-play-"));
    const log = join(dir, "game.jsonl");
    const played = runCli(["play", "--players", "3", "--seed", "12", "--bots", "greedy,random", "--log", log]);
    expect(played.status).toBe(0);
    expect(played.stdout).toMatch(/^Round 1 \(first player: Player A\)$/m);
    expect(played.stdout).toMatch(/^Final scores after \d+ rounds:$/m);
    expect(played.stdout.match(/^  Player [ABC] \([a-z-]+\): \d+ VP/gm)).toHaveLength(3);
    const lines = readFileSync(log, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ type: "game", version: 2, engine: expect.stringMatching(/^\d+\.\d+\.\d+$/), cardSet: expect.stringMatching(/^[0-9a-f]{64}$/), seed: 12, bots: ["greedy", "random", "greedy"] });
    // Each answer records what was chosen, not only its index.
    expect(lines.find((l) => l.type === "choice" && l.decision === "lookout-pick")).toMatchObject({ choice: { kind: "take", card: expect.any(String) } });
    expect(lines.at(-1)).toMatchObject({ type: "end" });
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
    expect(r.stdout).toContain("replay differs from the log");
    writeFileSync(log, "not json\n");
    expect(runCli(["replay", log]).status).toBe(1);
  });

  it("rejects bad options with exit 2 and a message, no stack trace", () => {
    for (const args of [["play", "--players", "5"], ["play", "--bots", "clever"], ["play", "--bots", "mcts:abc"], ["play", "--bots", "mcts:0"], ["play", "--seed", "-1"], ["replay", "/no/such/log"], ["play", "--log", "/no/such/folder/game.jsonl"]]) {
      const r = runCli(args);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stderr, args.join(" ")).toMatch(/^state51: /);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
    // A bot option that makes no sense says what would.
    expect(runCli(["play", "--bots", "mcts:abc"]).stderr).toMatch(/hint: bots: random, greedy, mcts or mcts:<playouts>/);
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
  function replayLines(lines: string[]) {
    const dir = mkdtempSync(join(tmpdir(), "state51-replay-"));
    const log = join(dir, "damaged.jsonl");
    writeFileSync(log, lines.join("\n") + "\n");
    return runCli(["replay", log, "--quiet"]);
  }

  it("says why, with exit 1 and no internal error, for each kind of damage", () => {
    const lines = logOf(4);
    const header = JSON.parse(lines[0]!);
    const firstChoice = lines.findIndex((l) => l.includes('"type":"choice"'));
    const cases: [string, string[], RegExp][] = [
      ["no end line", lines.slice(0, -1), /no end line/],
      ["a choice out of range", lines.map((l, i) => (i === firstChoice ? l.replace(/"index":\d+/, '"index":999') : l)), /choice 1 \(line 2\) chose .*; the game does not offer that there/],
      ["another choice recorded", lines.map((l, i) => (i === firstChoice ? l.replace(/"card":"[a-z-]+"/, '"card":"no-such-card"') : l)), /the game does not offer that there/],
      ["another card set", [JSON.stringify({ ...header, cardSet: "0".repeat(64) }), ...lines.slice(1)], /^state51 replay: error: cannot replay .*: recorded with a different card set/m],
      ["another engine", [JSON.stringify({ ...header, engine: "0.0.1" }), ...lines.slice(1)], /recorded with engine "0.0.1"; this is engine/],
      ["an old log format", [JSON.stringify({ ...header, version: 1 }), ...lines.slice(1)], /the log is in format 1/],
      ["the same faction twice", [JSON.stringify({ ...header, factions: ["new-york", "new-york"] }), ...lines.slice(1)], /factions must be distinct/],
      ["an unknown faction", [JSON.stringify({ ...header, factions: ["atlantis", "new-york"] }), ...lines.slice(1)], /factions must be distinct, from/],
      ["a null line", [lines[0]!, "null", ...lines.slice(1)], /line 2 is not a log entry/],
    ];
    for (const [what, damaged, message] of cases) {
      const r = replayLines(damaged);
      expect(r.status, what).toBe(1);
      expect(r.stdout, what).toMatch(message);
      expect(r.stderr, what).not.toMatch(/internal error/);
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
    const alone = runCli(["replay", log, "--quiet"]);
    expect(alone.status).toBe(1);
    expect(alone.stdout + alone.stderr).toContain("recorded with a different card set");
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
});

