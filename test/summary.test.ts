import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { validatePaths } from "../src/pipeline/validate.js";
import { summarise, summaryJson, summaryText } from "../src/review/summary.js";
import { locationYaml, runCli } from "./helpers.js";

const base = validatePaths([]);

/** Every object's keys, at every depth, in the order JSON.parse met them. */
function keyOrders(value: unknown): string[][] {
  if (Array.isArray(value)) return value.flatMap(keyOrders);
  if (value !== null && typeof value === "object") return [Object.keys(value), ...Object.values(value).flatMap(keyOrders)];
  return [];
}

describe("the base set's summary", () => {
  const s = summarise(base.cards, base.vocabulary);

  it("counts what docs/card-set.md states", () => {
    expect(Object.fromEntries(s.byKind)).toEqual({ base: 4, contact: 26, leader: 8, location: 72 });
    expect(Object.fromEntries(s.locations.byDistance)).toEqual({ 1: 24, 2: 24, 3: 24 });
    expect(Object.fromEntries(s.locations.byPattern)).toEqual({ "open-production": 12, "closed-production": 12, action: 24, trait: 24 });
    expect(s.locations.withTwoTypes).toBe(28);
    // The table "Locations: card types", row by row.
    expect(s.locations.distanceByType.map((t) => [t.type, ...t.byDistance.map(([, n]) => n)])).toEqual([
      ["scrap", 7, 7, 6],
      ["fuel", 7, 7, 6],
      ["weapons", 6, 7, 7],
      ["building-material", 5, 7, 8],
      ["universal", 6, 6, 8],
    ]);
    expect(Object.fromEntries(s.contacts.byUse)).toEqual({ permanent: 12, "one-time": 14 });
    expect(Object.fromEntries(s.contacts.byColour)).toEqual({ conquest: 8, cooperation: 8, incorporation: 8, universal: 2 });
  });

  it("values each distance on the power curve of docs/card-set.md", () => {
    const [d1, d2, d3] = s.values;
    // "about 2 resources", "about 3", "4-5"; production "1 resource", "1 + something small", "2".
    expect(d1!.spoils.mean).toBe(2);
    expect(d2!.spoils.mean).toBe(3);
    expect(d3!.spoils).toMatchObject({ min: 4, max: 5 });
    expect([d1!.production.mean, d3!.production.mean]).toEqual([1, 2]);
    expect(d2!.production.cards).toBe(8);
    for (const v of s.values) expect(v.spoils.mean, `d${v.distance}`).toBeGreaterThan(v.agreement.mean!);
  });

  it("prints aligned tables", () => {
    const text = summaryText(s);
    expect(text).toContain("110 cards (4 base, 26 contact, 8 leader, 72 location)");
    const lines = text.split("\n");
    const from = lines.indexOf("Distance x type (type icons):") + 1;
    const table = lines.slice(from, lines.indexOf("", from));
    expect(table).toHaveLength(6);
    expect(new Set(table.map((l) => l.length)).size).toBe(1);
    expect(text).toMatch(/^ {2}3 +24 +#{24} +8 +1\.13$/m);
  });

  it("writes JSON with every object's keys sorted, the same bytes each time", () => {
    const json = summaryJson(s);
    expect(summaryJson(summarise([...base.cards].reverse(), base.vocabulary))).toBe(json);
    const parsed = JSON.parse(json);
    for (const keys of keyOrders(parsed)) expect(keys).toEqual([...keys].sort());
    expect(parsed.values.map((v: { distance: number }) => v.distance)).toEqual([1, 2, 3]);
    expect(parsed.locations.distanceByType.scrap).toEqual({ 1: 7, 2: 7, 3: 6 });
  });
});

describe("state51 summary", () => {
  it("summarises the cards named, with conditional gains at half their value", () => {
    const dir = mkdtempSync(join(tmpdir(), "state51-summary-"));
    writeFileSync(join(dir, "a.yaml"), locationYaml({ spoils: "gain 1 vp if you have a leader", distance: "2" }));
    const r = runCli(["summary", "a.yaml", "--format", "json"], dir);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s.cards).toBe(1);
    expect(s.values[1]).toMatchObject({ distance: 2, spoils: { cards: 1, mean: 1 }, agreement: { mean: 1 }, production: { mean: 1 } });
    // Distance 1 has no card: no value, not a 0 that reads as a card worth nothing.
    expect(s.values[0].spoils).toEqual({ cards: 0, mean: null, min: null, max: null });
    expect(s.costCurve.every((c: { contacts: number; meanContactPrice: number | null }) => c.contacts > 0 || c.meanContactPrice === null)).toBe(true);
  });

  it("reports invalid cards as validate does, and prints no summary (exit 1)", () => {
    const dir = mkdtempSync(join(tmpdir(), "state51-summary-"));
    writeFileSync(join(dir, "bad.yaml"), locationYaml({ ability: "produce 1 scrapp" }));
    const r = runCli(["summary", "bad.yaml"], dir);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("bad.yaml:11:24: error S51-E301");
    expect(r.stderr).toContain("no summary: fix the errors above first");
  });

  it("refuses an unknown format (exit 2)", () => {
    const r = runCli(["summary", "--format", "csv"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^state51: error: option '-f, --format <format>' argument 'csv' is invalid/);
  });
});
