/** `state51 simulate` as a designer runs it (the bundled CLI): options, bad input, the report, Ctrl-C. */
import { Ajv } from "ajv";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import schema from "../grammar/simulation.schema.json" with { type: "json" };
import { repoRoot, runCli } from "./helpers.js";

const temp = (): string => mkdtempSync(join(tmpdir(), "state51-sim-"));

/**
 * Runs `simulate …` and presses Ctrl-C at its first progress line (a tenth of the games played), so
 * the games are under way; with `echo`, the signal comes again 5 ms later, as `npx` or `timeout` pass it on.
 */
async function interrupted(args: readonly string[], echo = false): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [join(repoRoot, "dist/state51.cjs"), "simulate", ...args], { cwd: repoRoot });
  let stdout = "";
  let stderr = "";
  let pressed = false;
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  const status = await new Promise<number | null>((done) => {
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
      // Once: a second Ctrl-C later ends the process at once.
      if (pressed || !/^simulate: [\d,]+\/[\d,]+ games/m.test(stderr)) return;
      pressed = child.kill("SIGINT");
      // The echo just after the first was heard (two at the same instant would be one signal).
      if (echo) setTimeout(() => child.kill("SIGINT"), 5);
    });
    child.on("close", done);
  });
  return { status, stdout, stderr };
}

describe("state51 simulate", () => {
  it("gives the same JSON report with 1 and 2 workers, following the schema", { timeout: 120_000 }, () => {
    const args = ["simulate", "--games", "24", "--players", "3", "--bots", "greedy,random", "--seed", "50", "--format", "json"];
    const one = runCli([...args, "--workers", "1"]);
    const two = runCli([...args, "--workers", "2"]);
    expect(one.status, one.stderr).toBe(0);
    expect(two.status, two.stderr).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    const report = JSON.parse(one.stdout);
    const validate = new Ajv({ strict: true }).compile(schema);
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(report.run).toMatchObject({ seeds: { first: 50, count: 24 }, players: 3, bots: ["greedy", "random", "greedy"] });
    expect(report.games.played).toBe(24);
    expect(report.complete).toBe(true);
    // Not a terminal: plain progress lines on standard error.
    expect(one.stderr).toMatch(/^simulate: \d+\/24 games \(\d+%\)/m);
  });

  it("writes the text report to --out", { timeout: 60_000 }, () => {
    const out = join(temp(), "report.txt");
    const r = runCli(["simulate", "--games", "6", "--players", "2", "--workers", "1", "--out", out]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe(`report of 6 games written to ${out}\n`);
    const text = readFileSync(out, "utf8");
    expect(text).toMatch(/^state51 simulate: 2 players, bots greedy,greedy, seeds 1–6/);
    expect(text).toMatch(/Win rates/);
    expect(text).toMatch(/Flagged cards/);
  });

  it("writes the HTML report: to standard output, or atomically to --out", { timeout: 60_000 }, () => {
    const args = ["simulate", "--games", "6", "--players", "2", "--workers", "1", "--format", "html"];
    const r = runCli(args);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^<!DOCTYPE html>\n/);
    for (const id of ["factions-plot", "cards-plot", "length-plot"]) expect(r.stdout).toContain(`id="${id}"`);
    const out = join(temp(), "report.html");
    const written = runCli([...args, "--out", out]);
    expect(written.status, written.stderr).toBe(0);
    expect(written.stdout).toBe(`report of 6 games written to ${out}\n`);
    expect(readFileSync(out, "utf8")).toBe(r.stdout);
  });

  it("refuses bad options with a usage error (exit 2), before any card is compiled", () => {
    const cases: [string[], RegExp][] = [
      [["--bots", "greedy,clever"], /unknown bot "clever"/],
      [["--games", "0"], /--games must be a whole number from 1/],
      [["--players", "5"], /--players must be a whole number from 2 to 4, not "5"/],
      [["--workers", "0"], /--workers must be a whole number from 1/],
      // Plain decimal digits only: Number() alone would take these (an empty seed as 0).
      [["--games", "1e1"], /--games must be a whole number from 1 to [\d,]+, not "1e1"\n {2}hint: write it in plain decimal digits/],
      [["--seed", "0x10"], /--seed must be a whole number from 0 to 4294967295, not "0x10"\n {2}hint: write it in plain decimal digits/],
      [["--seed", ""], /--seed must be a whole number from 0 to 4294967295, not ""/],
      [["--workers", "2.0"], /--workers must be a whole number from 1 to 256, not "2.0"/],
      [["--seed", "4294967295", "--games", "2"], /goes past the last seed/],
      [["--out", join(temp(), "missing", "r.json")], /cannot write the report: no such folder/],
      [["--format", "pdf"], /Allowed choices are text, json, html/],
      // commander hands a required option the next word even when it is an option.
      [["--baseline", "--games", "20"], /--baseline needs the baseline's card files or folders before any other option, not "--games"/],
    ];
    for (const [args, message] of cases) {
      const r = runCli(["simulate", ...args]);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stderr, args.join(" ")).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.stdout).toBe("");
    }
  });

  it("plays 4 players when one bot is named, as when none is (the list repeats)", () => {
    const r = runCli(["simulate", "--games", "4", "--bots", "random"]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^state51 simulate: 4 players, bots random,random,random,random, seeds 1–4\n/);
  });

  it("warns when most games ran to the round limit, and says how many in the report", { timeout: 60_000 }, () => {
    // The Bases alone: no card to build with, so no game reaches 30 VP.
    const r = runCli(["simulate", "cards/bases.yaml", "--games", "2", "--players", "2", "--bots", "random"]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^ {2}2 of 2 games lasted the full 60 rounds, where the engine stops a game still going \(docs\/engine-rulings\.md, ruling 24\)$/m);
    expect(r.stderr).toMatch(/^state51 simulate: warning: 2 of 2 games lasted the full 60 rounds[^\n]*\n {2}hint: these cards seldom let a game reach its end/m);
    const base = runCli(["simulate", "--games", "2", "--players", "2", "--bots", "random"]);
    expect(base.stdout).not.toMatch(/full 60 rounds/);
    expect(base.stderr).not.toMatch(/warning/);
  });

  it("says what to name when the cards have too few factions (an expansion named without the base set)", () => {
    const r = runCli(["simulate", "cards/examples/wastelanders.yaml", "--games", "5", "--players", "3"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^state51 simulate: error: the cards have 2 factions \(Bases\), too few for 3 players\n {2}hint: name the base set with your cards \(state51 simulate cards\/ my-expansion\.yaml\), or cards with Bases of their own\nno game played\n$/m);
    expect(r.stdout).toBe("");
    // The baseline's own: what --baseline should name.
    const baseline = runCli(["simulate", "--games", "5", "--players", "2", "--baseline", "cards/locations.yaml"]);
    expect(baseline.status).toBe(1);
    expect(baseline.stderr).toMatch(/^state51 simulate: error: the --baseline cards have 0 factions \(Bases\), too few for 2 players\n {2}hint: give --baseline the base set, /m);
  });

  it("reports invalid cards exactly as validate does, and plays no game", () => {
    const dir = temp();
    const broken = join(dir, "broken.yaml");
    writeFileSync(broken, ["set: broken", "cards:", "  - id: shack", "    kind: location", "    name: { en: Shack, fr: Cabane }", "    distance: 1", "    types: [scrap]", "    spoils: gain 2 scarp", "    agreement: gain 1 scrap", "    pattern: trait", "    ability: depot 2", ""].join("\n"));
    const validate = runCli(["validate", "cards/", broken]);
    const r = runCli(["simulate", "cards/", broken, "--games", "5"]);
    expect(r.status).toBe(1);
    expect(validate.stdout).toMatch(/broken\.yaml:8:\d+: error S51-E301/);
    expect(r.stderr).toBe(`${validate.stdout}no game played: fix the errors above first\n`);
    expect(r.stdout).toBe("");
  });

  it("explains every option and the report in --help", () => {
    const r = runCli(["simulate", "--help"]);
    expect(r.status).toBe(0);
    for (const option of ["--games", "--players", "--bots", "--seed", "--workers", "--format", "--out"]) expect(r.stdout).toContain(option);
    expect(r.stdout).toMatch(/Wilson/);
    expect(r.stdout).toMatch(/Newcombe/);
    expect(r.stdout).toMatch(/grammar\/simulation\.schema\.json/);
  });

  it.each([
    ["", false],
    [", also when the signal comes again at once (npx, timeout): it once lost the report", true],
  ])("on Ctrl-C, reports the games played so far%s", { timeout: 120_000 }, async (_name, echo) => {
    const { status, stdout, stderr } = await interrupted(["--games", "5000", "--players", "2", "--workers", "1", "--format", "json"], echo);
    expect(status, stderr).toBe(130);
    expect(stderr).toMatch(/simulate: interrupted after [\d,]+ of 5,000 games; reporting those/);
    const report = JSON.parse(stdout);
    expect(report.complete).toBe(false);
    expect(report.games.played).toBeGreaterThanOrEqual(500);
    expect(report.games.played).toBeLessThan(5000);
  });
});

describe("state51 simulate: Ctrl-C before the first game ends", () => {
  it("writes nothing, leaving the last run's report as it was (it once wrote a report of no games over it)", { timeout: 60_000 }, async () => {
    const out = join(temp(), "report.txt");
    // An earlier report, as --out replaces (a file of anything else is refused before any work).
    const last = "state51 simulate: 2 players, bots greedy,greedy, seeds 1–4\n(the last run's report)\n";
    writeFileSync(out, last);
    // A game of the search bot takes seconds: at 1.5 s the cards are compiled or compiling, and no game has ended.
    const child = spawn(process.execPath, [join(repoRoot, "dist/state51.cjs"), "simulate", "--games", "4", "--players", "2", "--bots", "mcts:300", "--workers", "1", "--out", out], { cwd: repoRoot });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    setTimeout(() => child.kill("SIGINT"), 1500);
    const status = await new Promise<number | null>((done) => child.on("close", done));
    expect(status, stderr).toBe(130);
    expect(stderr).toMatch(/^simulate: interrupted before the first game ended; nothing written$/m);
    expect(readFileSync(out, "utf8")).toBe(last);
  });
});

describe("state51 simulate --merge of a shard cut short (Ctrl-C)", () => {
  // Long enough to be under way at the first progress line: 2,000 random 2-player games a shard.
  const long = ["--games", "4000", "--players", "2", "--bots", "random", "--workers", "1", "--format", "json"];

  it.each([
    ["", []],
    [" with --baseline, cut before its baseline", ["--baseline", "cards/"]],
  ])("merges it into a report marked interrupted, naming it, exit 1%s", { timeout: 120_000 }, async (_name, baseline) => {
    const dir = temp();
    const whole = join(dir, "part1.json");
    const played = runCli(["simulate", ...long, ...baseline, "--shard", "1/2", "--out", whole]);
    expect(played.status, played.stderr).toBe(0);
    const cut = await interrupted([...long, ...baseline, "--shard", "2/2"]);
    expect(cut.status, cut.stderr).toBe(130);
    const part2 = join(dir, "part2.json");
    writeFileSync(part2, cut.stdout);
    const shortBy = JSON.parse(cut.stdout).games.played as number;
    const merged = runCli(["simulate", "--merge", whole, part2]);
    expect(merged.status, merged.stderr).toBe(1);
    expect(merged.stdout).toContain(`INTERRUPTED: ${(2000 + shortBy).toLocaleString("en")} games played`);
    // Part 2 never played its baseline: no comparison, rather than a refusal.
    expect(merged.stdout).not.toMatch(/Against the baseline/);
    expect(merged.stderr).toBe(
      `state51 simulate --merge: error: ${part2} was interrupted: the merged report covers ${(2000 + shortBy).toLocaleString("en")} of the run's 4,000 games\n  hint: play those shards again, then merge\n`,
    );
  });
});

describe("state51 simulate --shard and --merge", () => {
  const run = ["simulate", "--games", "20", "--players", "3", "--bots", "greedy,random", "--seed", "11", "--format", "json"];
  /** Plays shard `i` of `n` (1-based) into `<prefix><i>.json` in `dir`, on 1 or 2 workers by turns. */
  const shard = (dir: string, args: readonly string[], i: number, n: number, prefix = "part"): string => {
    const out = join(dir, `${prefix}${i}.json`);
    const r = runCli([...args, "--shard", `${i}/${n}`, "--workers", String(2 - (i % 2)), "--out", out]);
    expect(r.status, r.stderr).toBe(0);
    return out;
  };
  const shards = (dir: string, args: readonly string[], n: number): string[] => Array.from({ length: n }, (_, i) => shard(dir, args, i + 1, n));

  it("merges the shards into exactly the report of one run", { timeout: 180_000 }, () => {
    const dir = temp();
    const whole = runCli([...run, "--workers", "2"]);
    expect(whole.status, whole.stderr).toBe(0);
    const parts = shards(dir, run, 3);
    const shard2 = JSON.parse(readFileSync(parts[1]!, "utf8"));
    expect(shard2.run.shard).toEqual({ index: 2, of: 3 });
    expect(shard2.games.played).toBe(7);
    const merged = runCli(["simulate", "--merge", parts[2]!, parts[0]!, parts[1]!, "--format", "json"]);
    expect(merged.status, merged.stderr).toBe(0);
    expect(merged.stdout).toBe(whole.stdout);
    const text = runCli(["simulate", "--merge", ...parts]);
    expect(text.stdout).toMatch(/^state51 simulate: 3 players, bots greedy,random,greedy, seeds 11–30\n/);
    // A part saved again by a Windows editor (a byte-order mark first) is the same part.
    writeFileSync(parts[1]!, "\ufeff" + readFileSync(parts[1]!, "utf8"));
    const marked = runCli(["simulate", "--merge", parts[2]!, parts[0]!, parts[1]!, "--format", "json"]);
    expect(marked.status, marked.stderr).toBe(0);
    expect(marked.stdout).toBe(whole.stdout);
  });

  it("writes a shard's part as JSON without --format, and refuses another format for it before any game (exit 2)", () => {
    const out = join(temp(), "part.json");
    const small = ["simulate", "--games", "4", "--players", "2", "--bots", "random", "--workers", "1", "--shard", "1/2"];
    const r = runCli([...small, "--out", out]);
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(readFileSync(out, "utf8")).run.shard).toEqual({ index: 1, of: 2 });
    for (const format of ["text", "html"]) {
      const refused = runCli([...small, "--format", format]);
      expect(refused.status).toBe(2);
      expect(refused.stderr).toContain(`--shard writes a part for --merge, which takes JSON, not --format ${format}\n  hint: leave --format out (a shard writes JSON), then merge the parts with --format ${format}\n`);
      expect(refused.stdout).toBe("");
    }
  });

  it("refuses parts that are not the shards of one run, naming the mismatch (exit 1)", { timeout: 180_000 }, () => {
    const dir = temp();
    const parts = shards(dir, run, 2);
    // Each other run's second shard, beside this run's first.
    const otherCards = shard(dir, ["simulate", "cards/", "cards/examples/", ...run.slice(1)], 2, 2, "cards");
    const otherSeed = shard(dir, [...run, "--seed", "12"], 2, 2, "seed");
    const otherBots = shard(dir, [...run, "--bots", "greedy"], 2, 2, "bots");
    const link = join(dir, "link.json");
    symlinkSync(parts[0]!, link);
    const cases: [string[], RegExp][] = [
      // Each a diagnostic at the field of the part it names, the field's line shown under it.
      [[parts[0]!, otherCards], /cards2\.json:\d+:\d+: error S51-E605: the part and .*part1\.json differ in card set/],
      [[parts[0]!, otherSeed], /seed2\.json:\d+:\d+: error S51-E605: the part and .*part1\.json differ in seeds: seeds 12–31 \(20 games\) and seeds 11–30 \(20 games\)\n +\d+ \| +"seeds": \{\n/],
      [[parts[0]!, otherBots], /bots2\.json:\d+:\d+: error S51-E605: .* differ in bots/],
      [[parts[0]!], /part1\.json:\d+:\d+: error S51-E610: the run has 2 shards; not named: 2\/2\n.*\n.*\n {5}= hint: merge all 2 shards of the run\n/],
      [[parts[0]!, parts[0]!, parts[1]!], /part1\.json:\d+:\d+: error S51-E608: the part is named twice\n.*\n.*\n {5}= hint: name each shard's report once\n/],
      // A link to a part is that part.
      [[parts[0]!, link, parts[1]!], /link\.json:\d+:\d+: error S51-E608: the part is named twice\n/],
    ];
    for (const [files, message] of cases) {
      const r = runCli(["simulate", "--merge", ...files]);
      expect(r.status, files.join(" ")).toBe(1);
      expect(r.stderr, files.join(" ")).toMatch(message);
      expect(r.stderr).toContain("nothing merged");
      expect(r.stdout).toBe("");
    }
    // A part edited by hand, its card set's digest unchanged: refused by name, never added into wrong figures or an internal error.
    type Part = { cards: { id: string }[]; seats: unknown[]; games: { played: number } };
    const edits: [string, number, (r: Part) => void, RegExp][] = [
      ["no-card", 1, (r) => void r.cards.pop(), /no-card\.json:\d+:\d+: error S51-E612: the part and .*part1\.json do not list the same cards: "[a-z-]+" is in .*part1\.json only\n.*\n.*\n {5}= hint: was one of them edited/],
      ["renamed", 1, (r) => void (r.cards[3]!.id = "zzz"), /renamed\.json:\d+:\d+: error S51-E612: the part and .*part1\.json do not list the same cards: "zzz" is in .*renamed\.json only\n.*\n.*\n {5}= hint: was one of them edited/],
      // The first part named is the edited one: both are named, neither blamed.
      ["first", 0, (r) => void r.cards.pop(), /part2\.json:\d+:\d+: error S51-E612: the part and .*first\.json do not list the same cards: "[a-z-]+" is in .*part2\.json only\n.*\n.*\n {5}= hint: was one of them edited/],
      ["twice", 1, (r) => void r.cards.push(r.cards[0]!), /twice\.json:\d+:\d+: error S51-E611: the part lists card "[a-z-]+" twice\n.*\n.*\n {5}= hint: was it edited/],
      ["played", 1, (r) => void (r.games.played = 3), /played\.json:\d+:\d+: error S51-E616: the part says it played 3 games, but its share of the run is 10 games\n {3}1 \| .*"played":3,.*\n +\| +\^\n {5}= hint: was it edited/],
      ["seat", 1, (r) => void r.seats.pop(), /seat\.json:\d+:\d+: error S51-E613: the part lists 2 seats for 3 players\n.*\n.*\n {5}= hint: was it edited/],
    ];
    for (const [name, which, edit, message] of edits) {
      const report = JSON.parse(readFileSync(parts[which]!, "utf8")) as Part;
      edit(report);
      const file = join(dir, `${name}.json`);
      writeFileSync(file, JSON.stringify(report));
      const r = runCli(["simulate", "--merge", ...(which === 0 ? [file, parts[1]!] : [parts[0]!, file])]);
      expect(r.status, `${name}: ${r.stderr}`).toBe(1);
      expect(r.stderr, name).toMatch(message);
      expect(r.stderr, name).toMatch(/ edited by hand\? play that shard again, then merge\n\nnothing merged\n$/);
      expect(r.stdout).toBe("");
    }
    // A part written by an older release (format 2 gave 0 for a mean over no games): the format named, not a field.
    const old = JSON.parse(readFileSync(parts[1]!, "utf8")) as { version: number };
    old.version = 2;
    const oldFile = join(dir, "old.json");
    writeFileSync(oldFile, JSON.stringify(old));
    const refused = runCli(["simulate", "--merge", parts[0]!, oldFile]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/old\.json:1:42: error S51-E603: a report of format 2, written by another release of state51; this one reads format 3\n {3}1 \| \{"report":"state51-simulation","version":2,.*\n {5}\| {42}\^\n {5}= hint: play that shard again with this release, then merge\n\nnothing merged\n$/);
    const usage = runCli(["simulate", "--shard", "3/2"]);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/--shard must be i\/n with 1 <= i <= n/);
  });
});
