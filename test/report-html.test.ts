/** `state51 simulate --format html`: the report as one self-contained page, escaped, deterministic, and laid out in headless Chromium with its three plots. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { registry } from "../generated/index.js";
import { cardSetDigest } from "../src/engine/card-digest.js";
import { engineVersion } from "../src/engine/version.js";
import { chromiumMissingMessage, findChromium, runChromium } from "../src/print/chromium.js";
import { buildReport, cardLabels, factionNames, reportText, type ReportMeta, type SimulationReport } from "../src/sim/report.js";
import { labelPositions, niceTicks, reportHtml } from "../src/sim/report-html.js";
import { withBaseline } from "../src/sim/compare.js";
import { playRange, tallyShape, type SimulationPlan } from "../src/sim/simulated-game.js";
import { emptyTally } from "../src/sim/tally.js";

const greedy = { kind: "greedy" } as const;
const plan: SimulationPlan = { firstSeed: 1, games: 40, players: 4, bots: [greedy, greedy, greedy, greedy] };
const shape = tallyShape(registry, plan);
const meta: ReportMeta = { engine: engineVersion, cardSet: cardSetDigest(registry), seeds: { first: 1, count: 40 }, players: 4, bots: ["greedy", "greedy", "greedy", "greedy"] };
const tally = playRange(registry, plan, shape, 0, 40, emptyTally(shape));

const hostileCard = `<script>alert("x")</script> & 'Co'`;
const hostileFaction = `<b>Mutants</b> & "Friends"`;
/** As wide as a name gets: it must be cut to fit the plot. */
const wideFaction = "WWWW MMMM Wasteland Wanderers' Mutual Workshop";

/** The report with a hostile card name (flagged, so it is labelled on the plot) and a hostile faction name. */
function hostile(): SimulationReport {
  const labels = new Map(cardLabels(registry));
  const id = shape.cards.find((c) => tally.cards[c]!.played > 0 && tally.cards[c]!.seen > tally.cards[c]!.played)!;
  labels.set(id, { name: hostileCard, kind: "location" });
  const r = JSON.parse(JSON.stringify(buildReport(tally, meta, labels, true, factionNames(registry)))) as { cards: { id: string; flags: unknown[] }[]; factions: { faction: string; name: string }[] };
  r.cards.find((c) => c.id === id)!.flags.push({ flag: "high", reason: `won <more> & "often"` });
  // More flagged cards, so their names on the card plot have to keep apart.
  for (const c of r.cards.slice(0, 8)) if (c.flags.length === 0) c.flags.push({ flag: "low", reason: "test" });
  r.factions[0]!.name = r.factions[0]!.faction = hostileFaction;
  r.factions[1]!.name = r.factions[1]!.faction = wideFaction;
  return r as unknown as SimulationReport;
}

/** Written here, not imported, so the test does not check the page's escaping against itself. */
const escaped = (s: string): string =>
  s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");

describe("the HTML report", () => {
  it("escapes card and faction names and flag reasons that hold <script>, & and quotes", () => {
    const html = reportHtml(hostile());
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<b>Mutants");
    expect(html).toContain(`<th scope="row">${escaped(hostileCard)}</th>`);
    expect(html).toContain(escaped(hostileFaction));
    expect(html).toContain(escaped(`won <more> & "often"`));
    // The flagged card is named on the card plot (clipped to 22 characters there).
    const plot = html.slice(html.indexOf(`id="cards-plot"`), html.indexOf("</svg>", html.indexOf(`id="cards-plot"`)));
    expect(plot).toContain(`class="label flagged"`);
    expect(plot).toMatch(new RegExp(`>${escaped(hostileCard.slice(0, 12)).replace(/[()]/g, "\\$&")}[^<]*…</text>`));
  });

  it("is deterministic: the same report gives the same bytes", () => {
    const once = reportHtml(buildReport(tally, meta, cardLabels(registry), true, factionNames(registry)));
    const again = reportHtml(JSON.parse(JSON.stringify(buildReport(tally, meta, cardLabels(registry), true, factionNames(registry)))) as SimulationReport);
    expect(again).toBe(once);
    expect(reportHtml(hostile())).toBe(reportHtml(hostile()));
  });

  it("is self-contained: inline CSS and SVG, no script, nothing loaded from elsewhere", () => {
    const html = reportHtml(hostile());
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
    expect(html).not.toMatch(/<script|<link|<img|\bsrc=|\bhref=|url\(|@import|https?:|@font-face/i);
    for (const id of ["factions-plot", "cards-plot", "length-plot"]) expect(html).toContain(`<svg class="plot" id="${id}"`);
    expect(html.match(/<figcaption>/g)).toHaveLength(3);
  });

  it("renders a run interrupted before any game: empty plots, no NaN, the interruption said", () => {
    const html = reportHtml(buildReport(emptyTally(shape), meta, cardLabels(registry), false, factionNames(registry)));
    expect(html).not.toMatch(/NaN|Infinity|undefined/);
    expect(html).toContain("Interrupted: 0 games played");
    expect(html.match(/<svg class="plot"/g)).toHaveLength(3);
    // No game, no length or VP: a dash, as for the win rates, never a mean of 0.
    expect(html).toContain("<dt>rounds</dt><dd>–</dd>");
    expect(html).toContain("<dt>final VP</dt><dd>–</dd>");
    expect(html).not.toMatch(/mean 0\.00|mean \(0\.00|median 0\b/);
    expect(html).toContain("no game was played");
  });

  it("compares with a baseline stopped before its first game by dashes, not an invented change in length", () => {
    const played = buildReport(tally, meta, cardLabels(registry), true, factionNames(registry));
    const none = buildReport(emptyTally(shape), meta, cardLabels(registry), false, factionNames(registry));
    const mean = played.games.rounds.mean?.toFixed(2);
    expect(mean).toMatch(/^\d+\.\d\d$/);
    const text = reportText(withBaseline(played, none, new Set()));
    expect(text).toContain(`  rounds: mean ${mean}, baseline – (–); median ${played.games.rounds.median}, baseline –\n`);
    expect(reportText(none)).toContain("  rounds: –\n");
    expect(reportText(none)).toContain("  final VP: –\n");
    const html = reportHtml(withBaseline(played, none, new Set()));
    expect(html).toContain(`mean ${mean} here, – in the baseline (–); median ${played.games.rounds.median} here, – in the baseline`);
    // The JSON says null where the reports say "–": a script reading it finds no mean of 0 to average.
    const json = withBaseline(played, none, new Set());
    expect(json.comparison!.rounds).toEqual({ mean: played.games.rounds.mean, baselineMean: null, meanDifference: null, median: played.games.rounds.median, baselineMedian: null });
    expect(none.games.rounds).toEqual({ mean: null, median: null, sd: null, min: null, max: null, histogram: [] });
    expect(none.games.finalVp).toEqual({ total: 0, winners: 0, mean: null, winnersMean: null });
    expect(none.factions.every((f) => f.winRate === null)).toBe(true);
  });

  it("scales the faction plot to the factions that played: one with no games does not stretch it to 100%", () => {
    const t = emptyTally(shape);
    t.games = 100;
    t.rounds[12] = 100;
    t.factions[shape.factions[0]!] = { games: 400, wins: 100, draws: 0 };
    const html = reportHtml(buildReport(t, meta, cardLabels(registry), true, factionNames(registry)));
    const plot = html.slice(html.indexOf(`id="factions-plot"`), html.indexOf("</svg>", html.indexOf(`id="factions-plot"`)));
    const ticks = [...plot.matchAll(/>(\d+)%</g)].map((m) => Number(m[1]));
    expect(ticks.length).toBeGreaterThan(2);
    expect(Math.max(...ticks)).toBeLessThanOrEqual(40);
  });

  it("shows no rate for a faction with no games, and says how many games ran to the round limit", () => {
    const t = emptyTally(shape);
    t.games = 2;
    t.rounds[60] = 1;
    t.rounds[9] = 1;
    t.factions[shape.factions[0]!] = { games: 2, wins: 1, draws: 0 };
    const html = reportHtml(buildReport(t, meta, cardLabels(registry), true, factionNames(registry)));
    const literal = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const row = (faction: string): string => html.match(new RegExp(`<tr><th scope="row"><span class="swatch"[^>]*></span>${literal(escaped(faction))}</th>.*?</tr>`))![0];
    expect(row(factionNames(registry).get(shape.factions[1]!)!)).toMatch(/<td class="rate">–<\/td><td>–<\/td><\/tr>$/);
    expect(row(factionNames(registry).get(shape.factions[0]!)!)).toMatch(/<td class="rate">50\.0%<\/td>/);
    expect(html).toContain("1 of 2 games lasted the full 60 rounds, where the engine stops a game still going");
    expect(html).toContain(`<title>${escaped(factionNames(registry).get(shape.factions[1]!)!)}: no games</title>`);
  });

  it("counts games in whole numbers on the length plot, and says truly why a card has no dot, in a run of one game", () => {
    const one = buildReport(playRange(registry, plan, shape, 0, 1, emptyTally(shape)), meta, cardLabels(registry), true, factionNames(registry));
    const html = reportHtml(one);
    const lengthSvg = html.match(/<svg[^>]*id="length-plot"[\s\S]*?<\/svg>/)![0];
    expect(lengthSvg).toMatch(/>1<\/text>/);
    expect(lengthSvg).not.toMatch(/>\d*\.\d+<\/text>/);
    // A card held once and played then has no difference: it was played every time it was held.
    expect(one.cards.some((c) => c.seen > 0 && c.played === c.seen)).toBe(true);
    expect(html).toMatch(/cards are not drawn, having no difference to show: never played, or played every time they were held \(or never held at all\)\./);
  });

  it("lists flagged cards first in the cards table, the rest in the JSON's order", () => {
    const r = hostile();
    const html = reportHtml(r);
    const table = html.slice(html.indexOf(`<table class="cards">`));
    const names = [...table.matchAll(/<tr[^>]*><th scope="row">(.*?)<\/th>/g)].map((m) => m[1]);
    const expected = [...r.cards.filter((c) => c.flags.length > 0), ...r.cards.filter((c) => c.flags.length === 0)].map((c) => escaped(c.name));
    expect(names).toEqual(expected);
  });

  it("picks round ticks and keeps flagged names apart and inside the plot", () => {
    expect(niceTicks(0, 0.37, 5)).toEqual([0, 0.1, 0.2, 0.3, 0.4]);
    expect(niceTicks(-0.23, 0.41, 6)).toEqual([-0.4, -0.2, 0, 0.2, 0.4, 0.6]);
    expect(Object.is(niceTicks(-0.23, 0.41, 6)[2], 0)).toBe(true);
    expect(niceTicks(0, 103, 5)).toEqual([0, 50, 100, 150]);
    const f = { width: 640, height: 400, left: 64, right: 24, top: 16, bottom: 46 };
    const placed = labelPositions([{ x: 300, y: 100, name: "a" }, { x: 302, y: 101, name: "b" }, { x: 305, y: 20, name: "c" }, { x: 306, y: 399, name: "d" }, { x: 500, y: 102, name: "e" }], f);
    const ys = placed.map((p) => p.y).sort((a, b) => a - b);
    for (let i = 1; i < ys.length; i++) expect(ys[i]! - ys[i - 1]!).toBeGreaterThanOrEqual(13);
    for (const p of placed) expect(p.y >= f.top && p.y <= f.height - f.bottom).toBe(true);
    expect(placed[4]!.anchor).toBe("end");
  });
});

/** Run in the page after load and fonts: each plot's size, and any text sticking out of its plot, its figure or the page. */
const measureScript = `(() => {
  const measure = () => {
    const page = document.documentElement;
    const plots = [...document.querySelectorAll("svg.plot")].map((svg) => {
      const box = svg.getBoundingClientRect();
      const fig = svg.closest("figure").getBoundingClientRect();
      const out = [];
      for (const t of svg.querySelectorAll("text")) {
        const r = t.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) out.push("empty text " + t.textContent);
        else if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) out.push(t.textContent);
      }
      const names = [...svg.querySelectorAll("text.flagged")].map((t) => [t.textContent, t.getBoundingClientRect()]);
      for (let i = 0; i < names.length; i++)
        for (let j = i + 1; j < names.length; j++) {
          const [a, p] = names[i], [b, q] = names[j];
          if (p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom) out.push("overlap: " + a + " / " + b);
        }
      for (const el of svg.closest("figure").querySelectorAll("h3, figcaption"))
        if (el.scrollWidth > el.clientWidth || el.getBoundingClientRect().right > fig.right + 0.5) out.push(el.tagName + " overflows");
      return { id: svg.id, width: box.width, height: box.height, texts: svg.querySelectorAll("text").length, marks: svg.querySelectorAll("circle, rect.bar").length, labels: names.length, overflowing: out };
    });
    const result = { plots, pageOverflow: page.scrollWidth > page.clientWidth };
    const el = document.createElement("script");
    el.type = "application/json";
    el.id = "state51-measure";
    el.textContent = JSON.stringify(result).replace(/</g, "\\\\u003c");
    document.body.appendChild(el);
  };
  addEventListener("load", () => document.fonts.ready.then(measure));
})();`;

interface Measured {
  readonly plots: { id: string; width: number; height: number; texts: number; marks: number; labels: number; overflowing: string[] }[];
  readonly pageOverflow: boolean;
}

/** Headless Chromium, or a failure that says how to install it (these tests are never skipped, as the print tests). */
function chromium(): string {
  const found = findChromium();
  if (found === undefined) throw new Error(`the HTML report's test needs headless Chromium: ${chromiumMissingMessage()}`);
  return found;
}

function measure(html: string, width: number): Measured {
  const dir = mkdtempSync(join(tmpdir(), "state51-report-"));
  try {
    const page = join(dir, "report.html");
    writeFileSync(page, html);
    const { stdout } = runChromium(chromium(), [`--window-size=${width},1400`, "--virtual-time-budget=5000", "--dump-dom", pathToFileURL(page).href]);
    const m = /<script[^>]*id="state51-measure"[^>]*>([\s\S]*?)<\/script>/.exec(stdout);
    if (!m) throw new Error("the measurement is missing from the page Chromium dumped");
    return JSON.parse(m[1]!) as Measured;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the HTML report in headless Chromium", () => {
  it.each([1280, 720])("shows its three plots with a size, and no text sticking out (window %i px wide)", (width) => {
    const r = hostile();
    const m = measure(reportHtml(r, { script: measureScript }), width);
    expect(m.plots.map((p) => p.id)).toEqual(["factions-plot", "cards-plot", "length-plot"]);
    for (const p of m.plots) {
      expect(p.width, p.id).toBeGreaterThan(200);
      expect(p.height, p.id).toBeGreaterThan(100);
      expect(p.texts, p.id).toBeGreaterThan(5);
      expect(p.overflowing, p.id).toEqual([]);
    }
    expect(m.plots[0]!.marks).toBe(r.factions.length);
    expect(m.plots[1]!.labels).toBe(r.cards.filter((c) => c.flags.length > 0 && c.difference !== null && c.playRate !== null).length);
    expect(m.plots[1]!.labels).toBeGreaterThan(3);
    expect(m.plots[1]!.marks).toBe(r.cards.filter((c) => c.difference !== null && c.playRate !== null).length);
    expect(m.plots[2]!.marks).toBe(r.games.rounds.histogram.length);
    expect(m.pageOverflow).toBe(false);
  });

  it("fits the comparison with a baseline in a narrow window (720 px), names escaped", () => {
    const r = hostile();
    // The baseline lacks the first ten cards (so they are new, the hostile one among them) and has its factions.
    const baseline = { ...r, cards: r.cards.filter((c) => c.id !== r.cards.find((k) => k.name === hostileCard)!.id).slice(10) };
    const html = reportHtml(withBaseline(r, baseline, new Set([r.cards[20]!.id])), { script: measureScript });
    expect(html).toContain(`<h2 id="baseline">Against the baseline</h2>`);
    expect(html).not.toContain(hostileCard);
    expect(html).toMatch(/<h3 class="compare">Changed cards \(1\)<\/h3>/);
    const m = measure(html, 720);
    expect(m.plots.map((p) => p.id)).toEqual(["factions-plot", "cards-plot", "length-plot"]);
    expect(m.pageOverflow).toBe(false);
  });
});
