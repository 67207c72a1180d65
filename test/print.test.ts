import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import type { Pattern } from "../src/check/model.js";
import { hasErrors } from "../src/diagnostics/diagnostic.js";
import { examplesDir, validatePaths, type ValidationResult } from "../src/pipeline/validate.js";
import { chromiumMissingMessage, findChromium } from "../src/print/chromium.js";
import { checkFit, overflowing, tightest } from "../src/print/fit.js";
import { patternIcon, typeIcon } from "../src/print/icons.js";
import { cutMarks, defaultLayout, layoutFor, maxBleed, pageSize, renderSheet } from "../src/print/sheet.js";
import { textRenderer } from "../src/text/render.js";
import { langs } from "../src/text/words.js";
import { locationYaml, repoRoot, runCli, validateText } from "./helpers.js";

/** Written here, not imported, so the test does not check the sheet's escaping against itself. */
const escaped = (s: string): string =>
  s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");

let base: ValidationResult;
beforeAll(() => {
  base = validatePaths([]);
  expect(hasErrors(base.diagnostics)).toBe(false);
});

/** The sheet's pages, each as the list of its cards' HTML. */
function pagesOf(html: string): string[][] {
  return html
    .split(`<section class="page"`)
    .slice(1)
    .map((page) => page.split("<article ").slice(1));
}

/** Headless Chromium, or a failure that says how to install it (these tests are never skipped). */
function chromium(): string {
  const found = findChromium();
  if (found === undefined) throw new Error(`the print tests need headless Chromium: ${chromiumMissingMessage()}`);
  return found;
}

describe("the printable sheet (HTML)", () => {
  it.each(langs)("holds the 110 cards, nine to a page (13 pages), each with its name escaped (%s)", (lang) => {
    const html = renderSheet(base.cards, base.vocabulary, lang);
    const pages = pagesOf(html);
    expect(pages).toHaveLength(13);
    expect(pages.map((p) => p.length)).toEqual([...Array(12).fill(9), 2]);
    const render = textRenderer(base.vocabulary, lang);
    const printed = pages.flat();
    expect(printed).toHaveLength(110);
    printed.forEach((card, i) => {
      const model = base.cards[i]!;
      const text = render.card(model);
      expect(card).toContain(`data-id="${model.id}"`);
      expect(card).toContain(`<h2 class="name" data-fit>${escaped(text.name)}</h2>`);
      for (const part of Object.values(text.parts)) expect(card).toContain(`${escaped(part)}</p>`);
    });
    // "Merchants' Guild" has a quote to escape.
    expect(html).toContain(lang === "en" ? "Merchants&#39; Guild" : "Guilde des Marchands");
    expect(html).toMatch(new RegExp(`^<!DOCTYPE html>\\n<html lang="${lang}">`));
  });

  it("is deterministic: the same cards give the same bytes", () => {
    for (const lang of langs) {
      const again = validatePaths([]);
      expect(renderSheet(again.cards, again.vocabulary, lang)).toBe(renderSheet(base.cards, base.vocabulary, lang));
    }
  });

  it("escapes names and text that contain <, &, and quotes", () => {
    const r = validateText(locationYaml({ name: `{ en: "<b>Bolt</b> & \\"Nuts\\" 'Co'", fr: "L'<i>usine</i> & Cie" }` }));
    expect(r.diagnostics).toEqual([]);
    const en = renderSheet(r.cards, r.vocabulary, "en");
    expect(en).toContain("&lt;b&gt;Bolt&lt;/b&gt; &amp; &quot;Nuts&quot; &#39;Co&#39;");
    expect(en).not.toContain("<b>");
    const fr = renderSheet(r.cards, r.vocabulary, "fr");
    expect(fr).toContain("L’&lt;i&gt;usine&lt;/i&gt; &amp; Cie");
    expect(fr).not.toContain("<i>");
  });

  it("is self-contained: inline CSS and SVG, A4 with no margin, no script, nothing loaded from elsewhere", () => {
    const html = renderSheet(base.cards, base.vocabulary, "fr");
    expect(html).toContain("@page { size: A4; margin: 0 }");
    expect(html).toContain("grid-template-columns: repeat(3, 63mm); grid-template-rows: repeat(3, 88mm)");
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
    expect(html).not.toMatch(/<script|<link|<img|\bsrc=|\bhref=|url\(|@import|https?:/i);
    expect(html).not.toMatch(/@font-face/);
  });

  it("puts cut marks on every cutting line, in the margin, never on a card", () => {
    const segments = (count: number) =>
      [...cutMarks(count).matchAll(/M([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)/g)].map((m) => m.slice(1).map(Number) as [number, number, number, number]);
    const full = segments(9);
    expect(full).toHaveLength(16); // 4 vertical cuts × top and bottom, 4 horizontal cuts × left and right
    const { left, top } = defaultLayout.origin;
    expect([left, top]).toEqual([10.5, 16.5]);
    const right = left + 3 * 63;
    const bottom = top + 3 * 88;
    for (const [x1, y1, x2, y2] of full) {
      const outside = Math.max(y1, y2) < top || Math.min(y1, y2) > bottom || Math.max(x1, x2) < left || Math.min(x1, x2) > right;
      expect(outside, `mark ${x1},${y1} → ${x2},${y2}`).toBe(true);
      expect(Math.min(x1, x2) >= 0 && Math.max(x1, x2) <= 210 && Math.min(y1, y2) >= 0 && Math.max(y1, y2) <= 297).toBe(true);
    }
    const xs = new Set(full.filter(([x1, , x2]) => x1 === x2).map(([x]) => x));
    expect([...xs]).toEqual([10.5, 73.5, 136.5, 199.5]);
    const ys = new Set(full.filter(([, y1, , y2]) => y1 === y2).map(([, y]) => y));
    expect([...ys]).toEqual([16.5, 104.5, 192.5, 280.5]);
    // The last page of the base set holds two cards: one row, three vertical cuts.
    expect(segments(2)).toHaveLength(3 * 2 + 2 * 2);
  });

  it("draws one distinct, named icon per card type and per pattern", () => {
    const types = ["scrap", "fuel", "weapons", "building-material", "universal"];
    const icons = types.map((t) => typeIcon(t, base.vocabulary.cardTypes.get(t)!.en.one));
    expect(new Set(icons.map((i) => i.replace(/<title>.*<\/title>|aria-label="[^"]*"|type-[\w-]+/g, ""))).size).toBe(types.length);
    for (const [i, t] of types.entries()) {
      const name = base.vocabulary.cardTypes.get(t)!.en.one;
      expect(icons[i]).toContain(`<title>${name}</title>`);
      expect(icons[i]).toContain(`aria-label="${name}"`);
    }
    const patterns: Pattern[] = ["action", "open-production", "closed-production", "trait"];
    const drawn = patterns.map((p) => patternIcon(p, `${p} <&>`));
    expect(new Set(drawn.map((d) => d.replace(/<title>.*<\/title>|aria-label="[^"]*"|pattern-[\w-]+/g, ""))).size).toBe(4);
    for (const d of drawn) expect(d).toMatch(/<title>[\w-]+ &lt;&amp;&gt;<\/title>/);
    // An expansion's type gets a tile with its initial, escaped.
    expect(typeIcon("vehicle", "<Véhicule>")).toContain("&lt;</text>");
  });
});

/** Two cards that cannot fit: too much text, and a name too long for its line. */
const overflowingYaml = [
  "set: test",
  "cards:",
  "  - id: too-much-text",
  "    kind: location",
  "    name: { en: Overflowing, fr: Débordement }",
  "    distance: 3",
  "    types: [scrap, fuel, weapons]",
  "    spoils: gain 3 scrap, 3 fuel, 3 weapons, 3 building-material, 2 universal, 2 cards, 1 redevelopment, contact conquest 3",
  "    agreement: gain 2 scrap, 2 fuel, 2 weapons, 2 building-material, 1 universal, 1 card, 1 redevelopment, contact cooperation 3",
  "    pattern: trait",
  '    ability: "slots 3 deals; depot 3; each scrap card -> 1 vp; convert 1 fuel -> contact cooperation 3; lookout take-leftover"',
  "  - id: long-word",
  "    kind: location",
  "    name: { en: Supercalifragilisticexpialidocious, fr: Anticonstitutionnellement }",
  "    distance: 1",
  "    types: [scrap]",
  "    spoils: gain 2 scrap",
  "    agreement: gain 1 scrap",
  "    pattern: closed-production",
  "    ability: produce 1 scrap",
  "",
].join("\n");

describe("every card fits its 63 × 88 mm box (laid out in headless Chromium)", () => {
  it.each(langs)("in %s: no card or part overflows, and every card measures 63 × 88 mm", (lang) => {
    const report = checkFit(base.cards, base.vocabulary, lang, chromium());
    expect(report.cards.map((c) => c.id)).toEqual(base.cards.map((c) => c.id));
    const bad = overflowing(report).map((c) => `${c.id}: ${c.problems.join("; ")}`);
    expect(bad, `cards that do not fit in ${lang}:\n${bad.join("\n")}`).toEqual([]);
    for (const c of report.cards) {
      expect(Math.abs(c.widthMm - 63)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(c.heightMm - 88)).toBeLessThanOrEqual(0.5);
    }
    expect(tightest(report)!.spareMm).toBeGreaterThan(0);
  });

  it("reports a card that does not fit, with what overflows", () => {
    const yaml = overflowingYaml;
    const r = validateText(yaml);
    expect(r.diagnostics).toEqual([]);
    const bad = overflowing(checkFit(r.cards, r.vocabulary, "en", chromium()));
    expect(bad.map((c) => c.id)).toEqual(["too-much-text", "long-word"]);
    expect(bad[0]!.problems.join("\n")).toMatch(/^frame: [\d.]+ mm too tall$/m);
    // The text is too tall: every part is named, the tallest first, with its height.
    expect(bad[0]!.shorten.map((p) => p.replace(/ \([\d.]+ mm\)$/, "")).sort()).toEqual(["ability", "agreement", "spoils"]);
    const heights = bad[0]!.shorten.map((p) => Number(/\(([\d.]+) mm\)$/.exec(p)![1]));
    expect(heights).toEqual([...heights].sort((a, b) => b - a));
    expect(bad[1]!.problems.join("\n")).toMatch(/^name: [\d.]+ mm too wide$/m);
    expect(bad[1]!.shorten).toEqual(["name"]);
  });
});

describe("the example expansion's cards (cards/examples/) on the sheet", () => {
  let examples: ValidationResult;
  beforeAll(() => {
    examples = validatePaths([examplesDir()]);
    expect(examples.diagnostics).toEqual([]);
  });

  it.each(langs)("print a Base's faction power after its production, under its pattern's icon (%s)", (lang) => {
    const html = renderSheet(examples.cards, examples.vocabulary, lang);
    const card = (id: string): string => pagesOf(html).flat().find((c) => c.includes(`data-id="${id}"`))!;
    for (const [id, pattern] of [["iron-nomads-base", "action"], ["smugglers-ring-base", "trait"]] as const) {
      const printed = card(id);
      const text = textRenderer(examples.vocabulary, lang).card(examples.cards.find((c) => c.id === id)!);
      expect(printed.indexOf('class="part production"'), id).toBeLessThan(printed.indexOf('class="part ability"'));
      expect(printed).toContain(`${escaped(text.parts.ability!)}</p>`);
      expect(printed).toContain(`class="icon pattern pattern-${pattern}"`);
    }
  });

  it.each(langs)("fit their 63 × 88 mm boxes in %s", (lang) => {
    const bad = overflowing(checkFit(examples.cards, examples.vocabulary, lang, chromium())).map((c) => `${c.id}: ${c.problems.join("; ")}`);
    expect(bad).toEqual([]);
  });
});

/** Runs the bundled CLI with its own environment. */
function runCliEnv(args: readonly string[], env: NodeJS.ProcessEnv): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(repoRoot, "dist/state51.cjs"), ...args], { cwd: repoRoot, encoding: "utf8", env, timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("state51 print", () => {
  it("writes the HTML sheet to standard output, the same bytes as the library", () => {
    const r = runCli(["print", "--lang", "fr"]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe(renderSheet(base.cards, base.vocabulary, "fr"));
    expect(r.stderr).toBe("");
  });

  it("writes --out atomically (no temp file left) and --pdf through Chromium: a PDF file", () => {
    chromium();
    const dir = mkdtempSync(join(tmpdir(), "state51-print-test-"));
    const r = runCli(["print", "--out", join(dir, "sheet.html"), "--pdf", join(dir, "sheet.pdf")]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("sheet.html (110 cards, 13 pages, A4, en)");
    expect(readFileSync(join(dir, "sheet.html"), "utf8")).toBe(renderSheet(base.cards, base.vocabulary, "en"));
    const pdf = readFileSync(join(dir, "sheet.pdf"));
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // 13 A4 pages (595 × 842 pt).
    expect(pdf.toString("latin1").match(/\/MediaBox \[0 0 594\.\d+ 841\.\d+\]/g)).toHaveLength(13);
    expect(readdirSync(dir).sort()).toEqual(["sheet.html", "sheet.pdf"]);
  });

  it("prints chosen cards with --cards, in that order", () => {
    const r = runCli(["print", "--cards", "railway,old-factory"]);
    expect(r.status, r.stderr).toBe(0);
    expect([...r.stdout.matchAll(/data-id="([^"]+)"/g)].map((m) => m[1])).toEqual(["railway", "old-factory"]);
  });

  it("--check-fit measures the cards and says how much room the tightest has", () => {
    chromium();
    const r = runCli(["print", "--lang", "fr", "--check-fit"]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^every card fits \(110 cards, 13 pages, A4, fr\); tightest: [a-z-]+, [\d.]+ mm to spare\n$/);
  });

  it("without Chromium: exits 1 and says how to install it, no stack trace", () => {
    const emptyPath = mkdtempSync(join(tmpdir(), "state51-print-test-nochromium-"));
    const dir = mkdtempSync(join(tmpdir(), "state51-print-test-"));
    const r = runCliEnv(["print", "--pdf", join(dir, "sheet.pdf")], { PATH: emptyPath, STATE51_CHROMIUM: "chromium" });
    expect(r.status).toBe(1);
    // The advice on lines of its own, not run into the error as \u000a.
    expect(r.stderr).toBe(
      'state51 print: error: headless Chromium is needed for this, and it was not found (STATE51_CHROMIUM="chromium" is not on PATH).\n' +
        "  hint: install it: apt-get install chromium (Debian/Ubuntu; as root)\n" +
        "  hint: or name the browser to use: STATE51_CHROMIUM=/path/to/chromium-or-chrome\n",
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(readdirSync(dir)).toEqual([]);
    const named = runCliEnv(["print", "--check-fit"], { PATH: emptyPath, STATE51_CHROMIUM: join(emptyPath, "chrome") });
    expect(named.status).toBe(1);
    expect(named.stderr).toContain("is not a program that can be run");
  });

  it("when Chromium fails: exits 1 with its last words, each on a line of its own", () => {
    const dir = mkdtempSync(join(tmpdir(), "state51-print-test-"));
    const fake = join(dir, "chrome");
    writeFileSync(fake, "#!/bin/sh\necho 'line one' >&2\necho 'line two' >&2\nexit 3\n", { mode: 0o755 });
    const r = runCliEnv(["print", "--check-fit"], { STATE51_CHROMIUM: fake });
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`state51 print: error: Chromium failed: ${fake} exited with 3:\n  | line one\n  | line two\n`);
  });

  it("exits 1 on cards with errors, an unknown id or a file it cannot write; 2 on a usage error", () => {
    const dir = mkdtempSync(join(tmpdir(), "state51-print-test-"));
    const bad = join(dir, "bad.yaml");
    writeFileSync(bad, locationYaml({ spoils: "gain 3 fule" }));
    const errors = runCli(["print", bad]);
    expect(errors.status).toBe(1);
    expect(errors.stdout).toBe("");
    expect(errors.stderr).toContain("S51-E301");
    expect(errors.stderr).toContain("nothing printed");

    const unknown = runCli(["print", "--cards", "old-factory,no-such-card"]);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toBe('state51 print: error: no card with id "no-such-card"\n');

    // An output that cannot be written is a usage error, found before the cards are read.
    const cannot = runCli(["print", "--out", join(bad, "sheet.html")]);
    expect(cannot.status).toBe(2);
    expect(cannot.stderr).toMatch(/^state51: error: cannot write the sheet: .*bad\.yaml is not a folder\n$/);

    const usage = runCli(["print", "--lang", "de"]);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/invalid/i);
    expect(runCli(["print", "--pdf"]).status).toBe(2);
  });

  it("explains itself in --help", () => {
    const top = runCli(["--help"]);
    expect(top.status).toBe(0);
    expect(top.stdout).toMatch(/^\s+print \[options\] \[paths\.\.\.\]/m);
    const help = runCli(["print", "--help"]);
    expect(help.status).toBe(0);
    for (const option of ["--lang", "--paper", "--bleed", "--out", "--pdf", "--png", "--png-cards", "--dpi", "--cards", "--check-fit", "--allow-overflow", "STATE51_CHROMIUM", "apt-get install chromium"]) {
      expect(help.stdout).toContain(option);
    }
    expect(help.stdout).toContain("Exit status: 0 written, 1 the cards have errors");
  });
});

/** A PNG's width and height in pixels. */
function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

/**
 * The colour of a PNG's top-left pixel (8-bit RGB or RGBA). Every PNG filter
 * predicts the first pixel of the first row from zeros, so its bytes are the
 * filtered bytes themselves.
 */
function topLeftPixel(png: Buffer): [number, number, number] {
  expect([png[24], png[25]]).toSatisfy(([depth, type]: number[]) => depth === 8 && (type === 2 || type === 6));
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.toString("latin1", at + 4, at + 8) === "IDAT") idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const rows = inflateSync(Buffer.concat(idat));
  return [rows[1]!, rows[2]!, rows[3]!];
}

const hex = (colour: string): [number, number, number] => [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16)) as [number, number, number];

describe("paper and bleed", () => {
  it("lays 3 × 3 cards on A4 and on Letter (8.5 × 11 in) without bleed, centred", () => {
    for (const [paper, left, top] of [["a4", 10.5, 16.5], ["letter", 13.45, 7.7]] as const) {
      const layout = layoutFor(paper, 0);
      expect([layout.columns, layout.rows, layout.landscape]).toEqual([3, 3, false]);
      expect(layout.origin.left).toBeCloseTo(left, 6);
      expect(layout.origin.top).toBeCloseTo(top, 6);
    }
    expect(pageSize(layoutFor("letter"))).toEqual({ width: 215.9, height: 279.4 });
  });

  it("with a 3 mm bleed turns the page when that holds more: A4 4 × 2, Letter 3 × 2", () => {
    expect([layoutFor("a4", 3).columns, layoutFor("a4", 3).rows, layoutFor("a4", 3).landscape]).toEqual([4, 2, true]);
    expect([layoutFor("letter", 3).columns, layoutFor("letter", 3).rows, layoutFor("letter", 3).landscape]).toEqual([3, 2, true]);
    expect(layoutFor("a4", 3).cell).toEqual({ width: 69, height: 94 });
  });

  it("keeps every allowed bleed's grid and its cut marks on the page, at least 2 × 2 cards", () => {
    for (const paper of ["a4", "letter"] as const) {
      for (let bleed = 0; bleed <= maxBleed; bleed += 0.25) {
        const l = layoutFor(paper, bleed);
        const page = pageSize(l);
        expect(l.columns * l.rows, `${paper} ${bleed}`).toBeGreaterThanOrEqual(4);
        // The cut marks need 6.5 mm outside the bled grid.
        expect(l.origin.left).toBeGreaterThanOrEqual(6.5);
        expect(l.origin.top).toBeGreaterThanOrEqual(6.5);
        expect(l.origin.left * 2 + l.columns * l.cell.width).toBeCloseTo(page.width, 6);
        expect(l.origin.top * 2 + l.rows * l.cell.height).toBeCloseTo(page.height, 6);
      }
    }
  });

  it("puts the cut marks on both trims of every bled card, outside the bleed", () => {
    const layout = layoutFor("a4", 3);
    const marks = [...cutMarks(8, layout).matchAll(/M([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)/g)].map((m) => m.slice(1).map(Number));
    const { left, top } = layout.origin;
    const xs = [...new Set(marks.filter(([x1, , x2]) => x1 === x2).map(([x]) => x))];
    const ys = [...new Set(marks.filter(([, y1, , y2]) => y1 === y2).map(([, y]) => y))];
    const expectTrims = (got: (number | undefined)[], start: number, cells: number, step: number, trim: number) =>
      expect(got).toEqual(Array.from({ length: cells }, (_, i) => [start + i * step + 3, start + i * step + 3 + trim]).flat().map((n) => Math.round(n * 100) / 100));
    expectTrims(xs, left, 4, 69, 63);
    expectTrims(ys, top, 2, 94, 88);
    const right = left + 4 * 69;
    const bottom = top + 2 * 94;
    for (const [x1, y1, x2, y2] of marks) {
      const outside = Math.max(y1!, y2!) < top || Math.min(y1!, y2!) > bottom || Math.max(x1!, x2!) < left || Math.min(x1!, x2!) > right;
      expect(outside).toBe(true);
      expect(Math.min(x1!, x2!) >= 0 && Math.max(x1!, x2!) <= 297 && Math.min(y1!, y2!) >= 0 && Math.max(y1!, y2!) <= 210).toBe(true);
    }
  });

  it("asks for the paper in the page's CSS and runs the card's colour into the bleed", () => {
    const nine = base.cards.slice(0, 9);
    expect(renderSheet(nine, base.vocabulary, "en", { layout: layoutFor("letter") })).toContain("@page { size: letter; margin: 0 }");
    const bled = renderSheet(nine, base.vocabulary, "en", { layout: layoutFor("a4", 3) });
    expect(bled).toContain("@page { size: A4 landscape; margin: 0 }");
    expect(bled).toContain("grid-template-columns: repeat(4, 69mm); grid-template-rows: repeat(2, 94mm)");
    expect(bled).toContain(".card { width: 69mm; height: 94mm; padding: 4.8mm;");
    expect(bled).toContain(".card { background: var(--head) }");
    expect(pagesOf(bled).map((p) => p.length)).toEqual([8, 1]);
    expect(renderSheet(nine, base.vocabulary, "en")).not.toContain("background: var(--head) }");
  });
});

describe("state51 print: paper, bleed, per-card pictures and overflow (headless Chromium)", () => {
  const nine = "new-york-base,caravan,baby-swift,scrapyard,old-factory,bulldozer,storehouse,war-factory,war-camp";

  it("prints Letter pages (612 × 792 pt) and bled A4 pages turned landscape (842 × 595 pt)", () => {
    chromium();
    const dir = mkdtempSync(join(tmpdir(), "state51-print-test-"));
    const letter = runCli(["print", "--cards", nine, "--paper", "letter", "--pdf", join(dir, "letter.pdf")]);
    expect(letter.status, letter.stderr).toBe(0);
    expect(letter.stdout).toBe(`wrote ${join(dir, "letter.pdf")} (9 cards, 1 page, Letter, en)\n`);
    expect(readFileSync(join(dir, "letter.pdf")).toString("latin1").match(/\/MediaBox \[[^\]]*\]/g)).toEqual(["/MediaBox [0 0 612 792]"]);
    const bled = runCli(["print", "--cards", nine, "--bleed", "3", "--pdf", join(dir, "bled.pdf")]);
    expect(bled.status, bled.stderr).toBe(0);
    expect(bled.stdout).toContain("(9 cards, 2 pages, A4, 3 mm bleed, en)");
    const boxes = readFileSync(join(dir, "bled.pdf")).toString("latin1").match(/\/MediaBox \[[^\]]*\]/g) ?? [];
    expect(boxes).toHaveLength(2);
    for (const box of boxes) expect(box).toMatch(/^\/MediaBox \[0 0 841\.\d+ 59[45]\.\d+\]$/);
    expect(readdirSync(dir).sort()).toEqual(["bled.pdf", "letter.pdf"]);
  });

  it("writes one PNG per card, named by id, at its size plus bleed, the colour running to the edge", () => {
    chromium();
    const dir = mkdtempSync(join(tmpdir(), "state51-print-test-"));
    const out = join(dir, "cards");
    const r = runCli(["print", "--cards", "war-camp,new-york-base", "--bleed", "3", "--png-cards", out, "--dpi", "300"]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe(`wrote ${out}/ (2 cards, 815 x 1110 px at 300 dpi, 3 mm bleed, en)\n`);
    expect(readdirSync(out).sort()).toEqual(["new-york-base.png", "war-camp.png"]);
    // (63 + 2 × 3) mm × 300 / 25.4 = 814.96 px; (88 + 6) mm → 1110.24 px.
    for (const [id, head] of [["war-camp", "#3a3129"], ["new-york-base", "#2c5c8f"]] as const) {
      const png = readFileSync(join(out, `${id}.png`));
      expect(pngSize(png)).toEqual([815, 1110]);
      const corner = topLeftPixel(png);
      hex(head).forEach((c, i) => expect(Math.abs(corner[i]! - c), `${id} corner ${corner}`).toBeLessThanOrEqual(6));
    }
    // Again into the same folder, without bleed at 150 dpi: the pictures are replaced, white to the trim.
    // (The folder given with a slash is named with one slash, not two.)
    const again = runCli(["print", "--cards", "old-factory", "--png-cards", `${out}/`, "--dpi", "150"]);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toMatch(new RegExp(`^wrote ${out}/ \\(1 card,`));
    expect(readdirSync(out)).toEqual(["old-factory.png"]);
    const png = readFileSync(join(out, "old-factory.png"));
    expect(pngSize(png)).toEqual([372, 520]);
    expect(topLeftPixel(png)).toEqual([255, 255, 255]);
    expect(readdirSync(dir)).toEqual(["cards"]);
  });

  it("refuses to write a PDF, a PNG or card pictures with a card that does not fit, unless --allow-overflow", () => {
    chromium();
    const dir = mkdtempSync(join(tmpdir(), "state51-print-test-"));
    const file = join(dir, "over.yaml");
    writeFileSync(file, overflowingYaml);
    // With --mkdir, the folders it made for the refused output are taken back: the folder is as it was.
    for (const output of [["--pdf", join(dir, "over.pdf")], ["--png", join(dir, "over.png")], ["--png-cards", join(dir, "pngs")], ["--pdf", join(dir, "new", "deep", "over.pdf"), "--mkdir"]]) {
      const r = runCli(["print", file, ...output]);
      expect(r.status, output[0]).toBe(1);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(/^state51 print: error: 2 cards do not fit 63 x 88 mm in en; nothing written \(--allow-overflow writes them clipped\):\n/);
      expect(r.stderr).toMatch(/^ {2}too-much-text: .*frame: [\d.]+ mm too tall.*; shorten: (ability|spoils|agreement) \([\d.]+ mm\), /m);
      expect(r.stderr).toMatch(/^ {2}long-word: .*name: [\d.]+ mm too wide.*; shorten: name$/m);
    }
    expect(readdirSync(dir)).toEqual(["over.yaml"]);
    const allowed = runCli(["print", file, "--pdf", join(dir, "over.pdf"), "--allow-overflow"]);
    expect(allowed.status, allowed.stderr).toBe(0);
    expect(allowed.stderr).toContain("written clipped, as --allow-overflow asks");
    expect(readFileSync(join(dir, "over.pdf")).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // One card alone: the count agrees with it.
    const one = runCli(["print", file, "--cards", "long-word", "--check-fit"]);
    expect(one.status).toBe(1);
    expect(one.stderr).toMatch(/^state51 print: error: 1 card does not fit 63 x 88 mm in en:\n/);
  });
});

describe("state51 print: bad options are usage errors (exit 2), before anything is read or written", () => {
  it.each([
    [["--paper", "a5"], /argument 'a5' is invalid. Allowed choices are a4, letter/],
    [["--bleed", "-1"], /--bleed must be a number of mm from 0 to 6, not "-1"\n {2}hint: print shops usually ask for 3/],
    [["--bleed", "20"], /--bleed must be a number of mm from 0 to 6, not "20"/],
    [["--bleed", "3mm"], /--bleed must be a number of mm from 0 to 6, not "3mm"/],
    [["--png-cards", "cards-png", "--dpi", "0"], /--dpi must be a whole number from 72 to 1200, not "0"\n {2}hint: print shops usually ask for 300/],
    [["--dpi", "300"], /--dpi sets the resolution of --png-cards\n {2}hint: add --png-cards DIR/],
    [["--allow-overflow"], /--allow-overflow only matters with --pdf, --png or --png-cards/],
    [["--no-such-option"], /unknown option '--no-such-option'[\s\S]*state51 --help/],
  ])("%j", (args, message) => {
    const r = runCli(["print", ...args]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it("--png-cards needs a folder that is new, or holds only pictures", () => {
    const dir = mkdtempSync(join(tmpdir(), "state51-print-test-"));
    writeFileSync(join(dir, "a-file"), "x");
    const intoFile = runCli(["print", "--png-cards", join(dir, "a-file")]);
    expect(intoFile.status).toBe(2);
    expect(intoFile.stderr).toMatch(/--png-cards needs a folder, and .*a-file is a file\n {2}hint: name a new folder/);
    mkdirSync(join(dir, "mixed"));
    writeFileSync(join(dir, "mixed", "notes.txt"), "keep me");
    const mixed = runCli(["print", "--png-cards", join(dir, "mixed")]);
    expect(mixed.status).toBe(2);
    expect(mixed.stderr).toMatch(/holds files other than card pictures, which would be lost/);
    const nowhere = runCli(["print", "--png-cards", join(dir, "no", "such", "place")]);
    expect(nowhere.status).toBe(2);
    expect(nowhere.stderr).toMatch(/cannot write the card pictures: no such folder/);
    expect(readdirSync(dir).sort()).toEqual(["a-file", "mixed"]);
    expect(readdirSync(join(dir, "mixed"))).toEqual(["notes.txt"]);
  });
});

describe("docs/sheet-en.png and docs/sheet-fr.png", () => {
  it.each(langs)("exist as A4 pictures at 96 dpi (%s; regenerate with `npm run sheets`)", (lang) => {
    const png = readFileSync(join(repoRoot, `docs/sheet-${lang}.png`));
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([794, 1123]);
  });
});
