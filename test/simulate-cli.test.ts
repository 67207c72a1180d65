/** `state51 simulate` as a designer runs it (the bundled CLI): options, bad input, the report, Ctrl-C. */
import { Ajv } from "ajv";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import schema from "../grammar/simulation.schema.json" with { type: "json" };
import { repoRoot, runCli } from "./helpers.js";

const temp = (): string => mkdtempSync(join(tmpdir(), "state51-sim-"));

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

  it("refuses bad options with a usage error (exit 2), before any card is compiled", () => {
    const cases: [string[], RegExp][] = [
      [["--bots", "greedy,clever"], /unknown bot "clever"/],
      [["--games", "0"], /--games must be a whole number from 1/],
      [["--players", "5"], /--players must be a whole number from 2 to 4, not "5"/],
      [["--workers", "0"], /--workers must be a whole number from 1/],
      [["--seed", "4294967295", "--games", "2"], /goes past the last seed/],
      [["--out", join(temp(), "missing", "r.json")], /cannot write the report: no such folder/],
      [["--format", "html"], /Allowed choices are text, json/],
    ];
    for (const [args, message] of cases) {
      const r = runCli(["simulate", ...args]);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stderr, args.join(" ")).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.stdout).toBe("");
    }
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

  it("on Ctrl-C, reports the games played so far", { timeout: 120_000 }, async () => {
    const child = spawn(process.execPath, [join(repoRoot, "dist/state51.mjs"), "simulate", "--games", "100000", "--players", "2", "--workers", "1", "--format", "json"], { cwd: repoRoot });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    const status = await new Promise<number | null>((done) => {
      child.stderr.on("data", (d: Buffer) => {
        stderr += d.toString();
        if (/simulate: \d+\/100000/.test(stderr)) child.kill("SIGINT");
      });
      // Progress lines come at each tenth: interrupt after a while anyway.
      const later = setTimeout(() => child.kill("SIGINT"), 4000);
      child.on("close", (code) => (clearTimeout(later), done(code)));
    });
    expect(status, stderr).toBe(130);
    expect(stderr).toMatch(/simulate: interrupted after \d+ of 100000 games; reporting those/);
    const report = JSON.parse(stdout);
    expect(report.complete).toBe(false);
    expect(report.games.played).toBeGreaterThan(0);
    expect(report.games.played).toBeLessThan(100000);
  });
});
