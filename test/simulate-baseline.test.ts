/** `state51 simulate --baseline`: the same games on a second set, and what changed (faction win rates, game length, new cards ranked among the old). */
import { Ajv } from "ajv";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import schema from "../grammar/simulation.schema.json" with { type: "json" };
import { cardDigests, cardSetDigest } from "../src/engine/card-digest.js";
import type { CardRegistry } from "../src/engine/definitions.js";
import { engineVersion } from "../src/engine/version.js";
import { compareReports, ordinal, withBaseline } from "../src/sim/compare.js";
import { buildReport, cardLabels, factionNames, reportText, tooFewToTell, type SimulationReport } from "../src/sim/report.js";
import { reportHtml } from "../src/sim/report-html.js";
import { playRange, tallyShape, type SimulationPlan } from "../src/sim/simulated-game.js";
import { emptyTally } from "../src/sim/tally.js";
import { exampleExpansion, registry } from "./example-expansion.js";
import { runCli } from "./helpers.js";

const greedy = { kind: "greedy" } as const;
const random = { kind: "random" } as const;
const plan: SimulationPlan = { firstSeed: 3, games: 16, players: 4, bots: [greedy, greedy, random, greedy] };
const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);

function simulated(cards: CardRegistry, labels = cardLabels(cards)): SimulationReport {
  const shape = tallyShape(cards, plan);
  const meta = { engine: engineVersion, cardSet: cardSetDigest(cards), seeds: { first: plan.firstSeed, count: plan.games }, players: plan.players, bots: ["greedy", "greedy", "random", "greedy"] };
  return buildReport(playRange(cards, plan, shape, 0, plan.games, emptyTally(shape)), meta, labels, true, factionNames(cards));
}

describe("the comparison with a baseline", () => {
  const base = simulated(registry);

  it("of a set with itself shows no change", () => {
    const r = withBaseline(base, simulated(registry), new Set());
    expect(validate(JSON.parse(JSON.stringify(r))), JSON.stringify(validate.errors)).toBe(true);
    const c = r.comparison!;
    expect(c.sameFactions).toBe(true);
    expect(c.factions.length).toBe(base.factions.length);
    for (const f of c.factions) {
      expect(f.difference!.value, f.faction).toBe(0);
      expect(f.winRate).toBe(f.baselineWinRate);
      expect(f.difference!.low).toBeLessThan(0);
      expect(f.difference!.high).toBeGreaterThan(0);
    }
    expect(c.rounds.meanDifference).toBe(0);
    expect(c.rounds.median).toBe(c.rounds.baselineMedian);
    expect(c.cards).toEqual({ new: [], changed: [], removed: [] });
    const text = reportText(r);
    expect(text).toMatch(/\nAgainst the baseline: card set [0-9a-f]{12}…, the same 16 seeds, players and bots\n/);
    expect(text).toMatch(/\n {2}rounds: mean \d+\.\d\d, baseline \d+\.\d\d \(0\.00\); median/);
    expect(text).toMatch(/\nNew cards: none\n/);
    expect(text).not.toMatch(/INTERRUPTED/);
  });

  it("says when only the baseline was interrupted (it is played after the cards' games), and not that its games were the same", () => {
    const shape = tallyShape(registry, plan);
    const cut = buildReport(playRange(registry, plan, shape, 0, 10, emptyTally(shape)), base.run, cardLabels(registry), false, factionNames(registry));
    const r = withBaseline(base, cut, new Set());
    expect(r.complete).toBe(false);
    const text = reportText(r);
    expect(text).toMatch(/\nAgainst the baseline: card set [0-9a-f]{12}…, 10 of the same 16 seeds, players and bots\n/);
    expect(text).toMatch(/\nINTERRUPTED: the baseline played 10 games only; the comparison is over different games\n/);
    expect(reportHtml(r)).toContain("<dd>10 of the same 16 seeds, players and bots");
    expect(text.match(/INTERRUPTED/g)).toHaveLength(1);
    expect(reportHtml(r).match(/class="warning"/g)).toHaveLength(1);
  });

  it("lists the expansion's new cards, each ranked among the old ones by its win-rate difference", { timeout: 60_000 }, async () => {
    const { cards } = await exampleExpansion();
    const main = simulated(cards);
    const r = withBaseline(main, base, new Set());
    expect(validate(JSON.parse(JSON.stringify(r))), JSON.stringify(validate.errors)).toBe(true);
    const c = r.comparison!;
    const oldIds = new Set(base.cards.map((k) => k.id));
    const newIds = main.cards.filter((k) => !oldIds.has(k.id)).map((k) => k.id);
    expect(newIds.length).toBeGreaterThan(0);
    expect(c.cards.new.map((k) => k.id).sort()).toEqual([...newIds].sort());
    const oldDiffs = main.cards.filter((k) => oldIds.has(k.id) && k.difference !== null).map((k) => k.difference!.value);
    for (const k of c.cards.new) {
      expect(k.of).toBe(oldDiffs.length + 1);
      if (k.difference === null) expect(k.rank).toBeNull();
      else expect(k.rank).toBe(1 + oldDiffs.filter((d) => d > k.difference!.value).length);
    }
    // Highest difference first.
    const ranks = c.cards.new.filter((k) => k.rank !== null).map((k) => k.rank!);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const first = c.cards.new[0]!;
    expect(reportText(r)).toContain(`  ${first.name.padEnd(24)} ranks ${ordinal(first.rank!)} of ${first.of}`);
    // A rank over too few games to tell says so, in the text and the page: it is no average card's.
    const lines = reportText(r).split("\n");
    for (const k of c.cards.new.filter((n) => n.rank !== null)) {
      const line = lines.find((l) => l.startsWith(`  ${k.name.padEnd(24)} ranks `))!;
      expect(line.endsWith(", too few games to tell (under 30 played or not)"), line).toBe(tooFewToTell(k));
    }
    const few = c.cards.new.filter((n) => n.rank !== null && tooFewToTell(n)).length;
    expect(few).toBeGreaterThan(0);
    expect(reportHtml(r).match(/too few games to tell/g)).toHaveLength(few);
    // The other way round, the expansion's cards are removed ones; a card given as changed is ranked in both runs.
    const changedId = base.cards.find((k) => k.difference !== null)!.id;
    const back = compareReports(base, main, new Set([changedId]));
    expect(back.cards.new).toEqual([]);
    expect(back.cards.removed.map((k) => k.id).sort()).toEqual([...newIds].sort());
    expect(back.cards.changed.map((k) => k.id)).toEqual([changedId]);
    expect(back.cards.changed[0]!.baselineOf).toBe(main.cards.filter((k) => k.id !== changedId && k.difference !== null).length + 1);
  });

  it("tells changed cards by their compiled definition", async () => {
    const { cards } = await exampleExpansion();
    const before = cardDigests(registry);
    const after = cardDigests(cards);
    expect([...before].every(([id, d]) => after.get(id) === d)).toBe(true);
    const pub = registry.cards.find((k) => k.kind === "location")!;
    const renamed: CardRegistry = { ...registry, cards: registry.cards.map((k) => (k === pub ? { ...k, name: { ...k.name, en: "Other" } } : k)) };
    expect([...cardDigests(renamed)].filter(([id, d]) => before.get(id) !== d).map(([id]) => id)).toEqual([pub.id]);
  });

  it("escapes the designer's names on a terminal and in HTML", () => {
    const target = base.cards[0]!.id;
    const labels = new Map([...cardLabels(registry)].map(([id, l]) => [id, id === target ? { ...l, name: "Evil\u001b[31m<b>&</b>\u202e" } : l]));
    const evil = simulated(registry, labels);
    const r = withBaseline(evil, { ...base, cards: base.cards.slice(1) }, new Set());
    expect(r.comparison!.cards.new.map((k) => k.name)).toEqual(["Evil\u001b[31m<b>&</b>\u202e"]);
    const text = reportText(r);
    expect(text).not.toMatch(/[\u001b\u202e]/);
    expect(text).toContain("Evil\\u001b[31m<b>&</b>\\u202e");
    const html = reportHtml(r);
    expect(html).toContain(`<h2 id="baseline">Against the baseline</h2>`);
    expect(html).toContain("Evil&#x1b;[31m&lt;b&gt;&amp;&lt;/b&gt;&#x202e;");
    expect(html).not.toMatch(/[\u001b\u202e]/);
    expect(html).not.toContain("<b>&</b>");
    expect(html).toMatch(/<table class="cards compare-new">/);
    expect(html).toMatch(/<table class="rates compare-factions">/);
  });
});

describe("state51 simulate --baseline", () => {
  const temp = (): string => mkdtempSync(join(tmpdir(), "state51-baseline-"));
  const args = ["simulate", "cards/", "cards/examples/wastelanders.yaml", "--baseline", "cards/", "--games", "8", "--players", "2", "--seed", "20", "--format", "json"];

  it("plays the same games on the baseline: the same JSON with 1 and 2 workers, and shards merge exactly", { timeout: 240_000 }, () => {
    const one = runCli([...args, "--workers", "1"]);
    const two = runCli([...args, "--workers", "2"]);
    expect(one.status, one.stderr).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    expect(one.stderr).toMatch(/^simulate: 16\/16 games \(100%\)/m);
    const report = JSON.parse(one.stdout);
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(report.baseline.run).toMatchObject({ seeds: { first: 20, count: 8 }, players: 2 });
    expect(report.baseline.run.cardSet).not.toBe(report.run.cardSet);
    expect(report.baseline.games.played).toBe(8);
    expect(report.comparison.cards.new.length).toBeGreaterThan(0);
    expect(report.comparison.cards.removed).toEqual([]);
    const dir = temp();
    const parts = [1, 2].map((i) => {
      const out = join(dir, `part${i}.json`);
      const r = runCli([...args, "--shard", `${i}/2`, "--workers", "1", "--out", out]);
      expect(r.status, r.stderr).toBe(0);
      return out;
    });
    const merged = runCli(["simulate", "--merge", ...parts, "--format", "json"]);
    expect(merged.status, merged.stderr).toBe(0);
    expect(merged.stdout).toBe(one.stdout);
    const refused = runCli(["simulate", "--merge", ...parts, "--baseline", "cards/"]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/not --baseline[^]*hint: play the shards with --baseline/);
    const mixed = runCli(["simulate", "--merge", parts[0]!, writeNoBaseline(dir, parts[1]!)]);
    expect(mixed.status).toBe(1);
    expect(mixed.stderr).toMatch(/differ in baseline: no --baseline and --baseline cards [0-9a-f]{12}…/);
  });

  it("reports invalid or missing baseline cards as validate does, and plays no game", () => {
    const dir = temp();
    const broken = join(dir, "broken.yaml");
    writeFileSync(broken, ["set: broken", "cards:", "  - id: shack", "    kind: location", "    name: { en: Shack, fr: Cabane }", "    distance: 1", "    types: [scrap]", "    spoils: gain 2 scarp", "    agreement: gain 1 scrap", "    pattern: trait", "    ability: depot 2", ""].join("\n"));
    for (const baseline of [[broken], [join(dir, "missing")]]) {
      const validated = runCli(["validate", ...baseline]);
      const r = runCli(["simulate", "cards/", "--baseline", ...baseline, "--games", "5"]);
      expect(r.status).toBe(1);
      expect(r.stderr).toBe(`${validated.stdout}no game played: fix the errors above first\n`);
      expect(r.stdout).toBe("");
    }
  });
});

/** A copy of a shard's report without its baseline (as if played without --baseline). */
function writeNoBaseline(dir: string, file: string): string {
  const { baseline: _b, comparison: _c, ...rest } = JSON.parse(readFileSync(file, "utf8")) as SimulationReport;
  const { baseline: _m, ...methods } = rest.methods;
  const out = join(dir, "plain.json");
  writeFileSync(out, JSON.stringify({ ...rest, methods }, null, 2));
  return out;
}
