import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { registry } from "../generated/index.js";
import stringWidth from "string-width";
import { errorLine } from "../src/cli/error-line.js";
import { formatDiagnostic } from "../src/cli/format-diagnostics.js";
import type { Diagnostic } from "../src/diagnostics/diagnostic.js";
import { preparePlay } from "../src/cli/play-command.js";
import { parseYaml } from "../src/load/parse-yaml.js";
import { escapeHtml, escapeMarkdown, invisibleClass, jsonText, stringLiteral, terminalLine, terminalSafe } from "../src/text/escape.js";
import { evaluateModule, locationYaml, repoRoot, runCli } from "./helpers.js";

/**
 * What no output may carry raw, as Unicode defines it: controls, format (bidi, zero-width, tag)
 * characters, line/paragraph separators, lone surrogates, and what draws nothing (the combining
 * grapheme joiner, Hangul fillers, variation selectors).
 */
const invisible = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Default_Ignorable_Code_Point}]/u;
/** The same, less the tab and line feed a terminal's own lines are made of. */
const invisibleInTerminal = /(?![\t\n])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Default_Ignorable_Code_Point}]/u;

describe("the characters no output carries raw and no card text holds", () => {
  it("are written out as ranges that are exactly Unicode's classes, code point for code point", () => {
    const written = new RegExp(`^${invisibleClass}$`, "u");
    const differ: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      const c = String.fromCodePoint(cp);
      if (written.test(c) !== invisible.test(c)) differ.push(`U+${cp.toString(16).toUpperCase()}`);
    }
    expect(differ).toEqual([]);
  });

  it("leave French typography and ordinary text alone", () => {
    for (const c of "éèàçôœÉ«»’\u00a0\u202f—–…😀") expect(new RegExp(invisibleClass, "u").test(c), c).toBe(false);
    for (const c of ["\u{e0041}", "\u180e", "\ufff9", "\u034f", "\u3164", "\u115f", "\ufe0f", "\u200b"]) expect(new RegExp(invisibleClass, "u").test(c), c).toBe(true);
  });
});

const hostile = [
  "<script>alert(1)</script>",
  "*bold* _it_ [link](http://x) ![img](y) `code` | cell ~~gone~~ #",
  "line\nbreak\r\nand\ttab",
  "esc \u001b[31mred\u001b[0m \u0007bell \u0000nul \u007fdel \u0085nel \u009bcsi",
  "bidi \u202eevil\u202c \u2066iso\u2069 \u200fmark \u061calm",
  "sep \u2028line \u2029para",
  "zero\u200bwidth\u200d \ufeffbom \u{e0001}tag \u{e0041}tag-a",
  "joiner a\u034fb, fillers \u3164 \u115f \uffa0, \u180emongolian, \ufff9annotation\ufffb",
  "lone \ud800 high and \udc00 low",
  "&amp; &lt; \\ back\\slash",
];

/** Any UTF-16 text, lone surrogates included. */
const anyText = fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 40 }).map((units) => String.fromCharCode(...units));

describe("the terminal escaper", () => {
  it("shows controls, bidi and invisible characters as \\u escapes and keeps tab, line feed and visible text", () => {
    expect(terminalSafe("a\u001b[31mb")).toBe("a\\u001b[31mb");
    expect(terminalSafe("x\u202ey\r\n")).toBe("x\\u202ey\\u000d\n");
    expect(terminalSafe("\ud800 \u{e0001} \u0085")).toBe("\\ud800 \\u{e0001} \\u0085");
    expect(terminalSafe("Décharge\u00a0: 1\u202fPV 😀\tok")).toBe("Décharge\u00a0: 1\u202fPV 😀\tok");
    expect(terminalSafe("a\u034fb \u3164 \u{e0041}")).toBe("a\\u034fb \\u3164 \\u{e0041}");
    for (const h of hostile) expect(terminalSafe(h)).not.toMatch(invisibleInTerminal);
    fc.assert(fc.property(anyText, (s) => !invisibleInTerminal.test(terminalSafe(s)) && terminalSafe(terminalSafe(s)) === terminalSafe(s)));
  });

  it("keeps a value set into one line on that line: its line feed, carriage return and tab shown as \\u escapes too", () => {
    expect(terminalLine("Hut\r\nPlayer A wins")).toBe("Hut\\u000d\\u000aPlayer A wins");
    expect(terminalLine("Den\n\nFinal scores\tx")).toBe("Den\\u000a\\u000aFinal scores\\u0009x");
    expect(terminalLine("Décharge\u00a0: 1\u202fPV « Ferraille » l’eau 😀")).toBe("Décharge\u00a0: 1\u202fPV « Ferraille » l’eau 😀");
    for (const h of hostile) expect(terminalLine(h)).not.toMatch(invisible);
    // Nothing invisible is left, a second pass changes nothing, and the block escaper leaves the line as it is.
    fc.assert(fc.property(anyText, (s) => !invisible.test(terminalLine(s)) && terminalLine(terminalLine(s)) === terminalLine(s) && terminalSafe(terminalLine(s)) === terminalLine(s)));
  });
});

describe("an error line", () => {
  it("keeps its hint lines, and shows any other line feed in it (from a path, an option as typed) as \\u000a", () => {
    expect(errorLine("simulate", '--shard must be i/n, not "1\nFinal scores after 1 rounds:"\n  hint: e.g. --shard 1/4')).toBe(
      'state51 simulate: error: --shard must be i/n, not "1\\u000aFinal scores after 1 rounds:"\n  hint: e.g. --shard 1/4\n',
    );
    expect(errorLine("", "cannot read a\u001b[2Jb\n  hint: x\ny")).toBe("state51: error: cannot read a\\u001b[2Jb\n  hint: x\\u000ay\n");
    // Lines quoted from another program (Chromium's last words) keep their lines too, each escaped.
    expect(errorLine("print", "Chromium failed: x exited with 3:\n  | one\u001b[2J\n  | two")).toBe("state51 print: error: Chromium failed: x exited with 3:\n  | one\\u001b[2J\n  | two\n");
    const r = runCli(["simulate", "--shard", "1\nFinal scores after 1 rounds:", "--games", "4"]);
    expect(r.status).toBe(2);
    expect(r.stderr).not.toMatch(/^Final scores/m);
  });
});

describe("the HTML escaper", () => {
  it("leaves no tag, entity or quote, and writes invisible characters as character references", () => {
    expect(escapeHtml(`<script>"'&`)).toBe("&lt;script&gt;&quot;&#39;&amp;");
    expect(escapeHtml("a\u202eb\nc\u0000")).toBe("a&#x202e;b&#xa;c&#x0;");
    fc.assert(fc.property(anyText, (s) => !/[<>"']|&(?!amp;|lt;|gt;|quot;|#39;|#x[0-9a-f]+;)/.test(escapeHtml(s)) && !invisible.test(escapeHtml(s))));
  });
});

describe("the Markdown escaper", () => {
  it("backslash-escapes every character that could make Markdown, and keeps a line break on its line", () => {
    expect(escapeMarkdown("*a* _b_ [c](d) `e` <f> & g|h ~~i~~ #\\")).toBe("\\*a\\* \\_b\\_ \\[c\\](d) \\`e\\` \\<f\\> \\& g\\|h \\~\\~i\\~\\~ \\#\\\\");
    expect(escapeMarkdown("one\ntwo\u202e")).toBe("one&#xa;two&#x202e;");
    expect(escapeMarkdown("Décharge : 1\u202fPV, (3 au plus).")).toBe("Décharge : 1\u202fPV, (3 au plus).");
    // However hostile the text, each character that makes Markdown is escaped, and nothing invisible is left.
    const special = /(?<!\\)[`*_[\]<>|~#&]/;
    fc.assert(fc.property(anyText, (s) => {
      const md = escapeMarkdown(s).replace(/\\\\/g, "").replace(/&#x[0-9a-f]+;/g, "");
      return !invisible.test(md) && !special.test(md);
    }));
  });
});

describe("the JSON writer", () => {
  it("escapes what JSON.stringify leaves raw, keeps the layout, and parses back to the same value", () => {
    expect(jsonText({ a: "x\u202e\u2028\u0085\u{e0001}" }, 2)).toBe('{\n  "a": "x\\u202e\\u2028\\u0085\\udb40\\udc01"\n}');
    fc.assert(fc.property(anyText, (s) => !invisibleInTerminal.test(jsonText({ s }, 2)) && (JSON.parse(jsonText({ s }, 2)) as { s: string }).s === s));
  });
});

describe("the generated code's string literals", () => {
  it("are plain (no raw control, bidi or separator) and evaluate to the very same string", () => {
    expect(stringLiteral("a\u202eb\u2028c\u0000\u001b\ud800")).toBe('"a\\u202eb\\u2028c\\u0000\\u001b\\ud800"');
    const value = (literal: string): unknown => new Function(`return ${literal};`)();
    for (const h of hostile) {
      expect(stringLiteral(h)).not.toMatch(invisible);
      expect(value(stringLiteral(h))).toBe(h);
    }
    fc.assert(fc.property(anyText, (s) => !invisible.test(stringLiteral(s)) && value(stringLiteral(s)) === s));
  });
});

/** A card file in a fresh folder whose one Location has `name` in both languages (a YAML double-quoted scalar). */
function hostileCard(yamlName: string): string {
  const dir = mkdtempSync(join(tmpdir(), "state51-escape-"));
  writeFileSync(join(dir, "expansion.yaml"), locationYaml({ name: `{ en: ${yamlName}, fr: ${yamlName} }` }));
  return dir;
}

/**
 * The hostile names as YAML writes them that the validator accepts: markup.
 * Invisible and control characters are refused (S51-E011), and so are a tab
 * and a line break in a name (S51-E106, below), so no output meets them.
 */
const yamlHostile = '"<script>x</script> *a* _b_ [c](d) | # &amp"';
const parsedHostile = "<script>x</script> *a* _b_ [c](d) | # &amp";
/** What the validator refuses, as YAML escapes: each reported with its code point, and nothing raw printed. */
const yamlInvisible = '"\\e[31m \\u202Eevil \\0 \\u2028 \\x85 \\ud800"';

describe("hostile card names in every output", () => {
  it("`state51 text` writes the name as literal Markdown text on its heading line", () => {
    const dir = hostileCard(yamlHostile);
    for (const lang of ["en", "fr"]) {
      const r = runCli(["text", "expansion.yaml", "--lang", lang, "--card", "test-card"], dir);
      expect(r.status).toBe(0);
      expect(r.stdout.split("\n")[0]).toBe(
        "## \\<script\\>x\\</script\\> \\*a\\* \\_b\\_ \\[c\\](d) \\| \\# \\&amp",
      );
      expect(r.stdout).not.toMatch(invisibleInTerminal);
      expect(r.stdout).not.toContain("<script>");
    }
  });

  it("`state51 text --format json` keeps the name's value", () => {
    const r = runCli(["text", "expansion.yaml", "--card", "test-card", "--format", "json"], hostileCard(yamlHostile));
    expect(r.stdout).not.toMatch(invisibleInTerminal);
    expect((JSON.parse(r.stdout) as { name: string }).name).toBe(parsedHostile);
  });

  it("the printable sheet holds no raw tag and no raw invisible character", () => {
    const r = runCli(["print", "expansion.yaml"], hostileCard(yamlHostile));
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("&lt;script&gt;x&lt;/script&gt;");
    expect(r.stdout).not.toContain("<script>");
    expect(r.stdout).not.toMatch(invisibleInTerminal);
  });

  it("the generated module is plain and gives back the very same name", async () => {
    const dir = hostileCard(yamlHostile);
    expect(runCli(["build", "expansion.yaml", "--out", "generated"], dir).status).toBe(0);
    const file = join(dir, "generated", "test", "locations.ts");
    const text = readFileSync(file, "utf8");
    expect(text).not.toMatch(invisibleInTerminal);
    const module = await evaluateModule(text);
    const [card] = Object.values(module).filter((v) => !Array.isArray(v)) as { name: { en: string; fr: string } }[];
    expect(card!.name).toEqual({ en: parsedHostile, fr: parsedHostile });
    const markdown = readFileSync(join(dir, "generated", "text", "en.md"), "utf8");
    expect(markdown).not.toMatch(invisibleInTerminal);
    expect(markdown).not.toContain("<script>");
  });

  it("a diagnostic's message and code frame show raw controls and bidi characters as escapes, the caret under the escaped text", () => {
    const dir = mkdtempSync(join(tmpdir(), "state51-escape-"));
    writeFileSync(join(dir, "expansion.yaml"), locationYaml({ spoils: "gain 3 \u202e\u001b" }));
    const r = runCli(["validate", "expansion.yaml"], dir);
    expect(r.status).toBe(1);
    expect(r.stdout + r.stderr).not.toMatch(invisibleInTerminal);
    const lines = r.stdout.split("\n");
    const frame = lines.findIndex((l) => l.includes("| ") && l.includes("spoils:"));
    expect(lines[frame]).toContain("spoils: gain 3 \\u202e\\u001b");
    expect(lines[0]).toContain("S51-E011: the invisible character U+202E (RIGHT-TO-LEFT OVERRIDE)");
    const caret = lines[frame + 1]!;
    const code = lines[frame]!;
    expect(code.slice(caret.indexOf("^"), caret.lastIndexOf("^") + 1)).toBe("\\u202e");
  });

  it("a code frame puts the caret under its field past wide characters, and never cuts an emoji in two", () => {
    const at = (line: string, from: string, length: number): Diagnostic => {
      const column = line.indexOf(from) + 1;
      return { file: "g.jsonl", line: 1, column, endLine: 1, endColumn: column + length, code: "S51-E526", severity: "error", message: "m" };
    };
    // Two terminal columns each: the caret moves two spaces for each.
    const wide = '{"type":"end","注释":"你好你好你好","note":1}';
    const [, code, caret] = formatDiagnostic(at(wide, '"note"', 6), wide).split("\n");
    expect(stringWidth(caret!.slice(0, caret!.indexOf("^")))).toBe(stringWidth(code!.slice(0, code!.indexOf('"note"'))));
    // A window of the line that would start in the middle of an emoji starts after it.
    // (169 characters: the window of 100 around the field starts at 69, an emoji's second half.)
    const emoji = "😀".repeat(80) + '"note":12';
    const [, cut] = formatDiagnostic(at(emoji, '"note"', 6), emoji).split("\n");
    expect(cut).not.toMatch(/\\ud[89a-f]/);
    expect(cut).toContain('"note":1');
  });

  it("the validator refuses invisible and control characters in a name, each named, and prints none of them raw", () => {
    const r = runCli(["validate", "expansion.yaml"], hostileCard(yamlInvisible));
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("S51-E011: the invisible character U+001B (ESCAPE)");
    expect(r.stdout + r.stderr).not.toMatch(invisibleInTerminal);
  });

  it("the validator refuses every invisible character, raw or as an escape, whatever Unicode calls it, and keeps French typography", () => {
    // A variation selector is part of the letter before it (below): here it follows a space.
    const refused = ["\u{e0041}", "\u{e0001}", "\u180e", "\ufff9", "\u034f", "\u3164", "\u115f", "\uffa0", " \ufe0f", "\u2060", "\u00ad"];
    for (const c of refused) {
      const hex = c.trimStart().codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
      const escape = (c.startsWith(" ") ? " " : "") + (hex.length > 4 ? `\\U${hex.padStart(8, "0")}` : `\\u${hex}`);
      for (const [how, name] of [["raw", `"Test${c}Card"`], ["escaped", `"Test${escape}Card"`]] as const) {
        for (const lean of [true, false]) {
          const r = parseYaml("x.yaml", locationYaml({ name: `{ en: ${name}, fr: Carte }` }), { lean });
          expect(r.ok, `U+${hex} ${how}`).toBe(false);
          if (!r.ok) expect(r.diagnostics.map((d) => d.code), `U+${hex} ${how}`).toEqual(["S51-E011"]);
        }
      }
    }
    const french = "Décharge\u00a0: l’Œuvre « à part »\u202f! — Hôtel-Dieu";
    const dir = mkdtempSync(join(tmpdir(), "state51-escape-"));
    // A name may go on over lines of the file: YAML joins them with a space.
    writeFileSync(join(dir, "expansion.yaml"), locationYaml({ name: `{ en: "Dump\n        Site", fr: "${french}" }` }));
    const r = runCli(["validate", "expansion.yaml"], dir);
    expect(r.stdout).toContain("no problems");
    expect(r.status).toBe(0);
  });

  it("the validator takes an emoji's variation selector and a flag's tags, in a name or a comment, and refuses them alone", () => {
    // ❤️ (U+2764 U+FE0F), 1️⃣ (1, U+FE0F, U+20E3), the flag of Scotland (U+1F3F4, tags, CANCEL TAG).
    const emoji = ["\u2764\ufe0f", "1\ufe0f\u20e3", "\u{1f3f4}\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}"];
    for (const e of emoji) {
      for (const lean of [true, false]) {
        const r = parseYaml("x.yaml", `# ${e} balance pending\n` + locationYaml({ name: `{ en: "Den ${e}", fr: "Tanière ${e}" }` }), { lean });
        expect(r.ok, `${e} lean ${lean}`).toBe(true);
      }
    }
    // Alone (after a space, at a line's start) or a tag run left open, they draw nothing: refused.
    for (const alone of ["Den \ufe0f", "\ufe0fDen", "Den\u{e0067}\u{e0062}", "Den \u{e0067}\u{e007f}"]) {
      const r = parseYaml("x.yaml", locationYaml({ name: `{ en: "${alone}", fr: Carte }` }), { lean: false });
      expect(r.ok, JSON.stringify(alone)).toBe(false);
      if (!r.ok) expect(r.diagnostics.map((d) => d.code), JSON.stringify(alone)).toEqual(["S51-E011"]);
    }
  });

  it("the validator refuses a line break or tab in a name (S51-E106), and prints none of it raw", () => {
    const r = runCli(["validate", "expansion.yaml"], hostileCard('"Hut\\r\\nPlayer A wins"'));
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("S51-E106: `en` is one line of text: it cannot hold a carriage return (U+000D)");
    expect(r.stdout).not.toMatch(/^Player A wins/m);
    expect(r.stdout + r.stderr).not.toMatch(invisibleInTerminal);
  });

  it("`state51 play` plays no game with a card whose name fakes lines of the account", () => {
    const name = `"Hoarders' Den\\n\\nFinal scores after 1 rounds:\\n  Player A (new-york): 99 VP  — winner"`;
    const r = runCli(["play", join(repoRoot, "cards"), "expansion.yaml", "--players", "3", "--seed", "5"], hostileCard(name));
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("S51-E106");
    expect(r.stdout + r.stderr).not.toMatch(/^Final scores/m);
  });

  it("`state51 play` keeps each line of its account one line, whatever a card's name holds", () => {
    // Past the validator no name holds a line break; the account does not count on it.
    const cards = registry.cards.map((c) => ({ ...c, name: { ...c.name, en: `${c.name.en}\nFinal scores after 1 rounds:\r` } }));
    const hostileSet = { ...registry, cards, byId: new Map(cards.map((c) => [c.id, c])) };
    let out = "";
    expect(preparePlay({ players: "2", seed: "3" }, (text) => (out += text), ["cards"])(hostileSet)).toBe(0);
    expect(out).toContain("\\u000aFinal scores after 1 rounds:\\u000d");
    expect(out.match(/^Final scores/gm)).toHaveLength(1);
    expect(out).not.toMatch(invisibleInTerminal);
  });

  it("`state51 play` writes a log path holding a line feed on its one line", () => {
    const dir = mkdtempSync(join(tmpdir(), "state51-escape-"));
    const r = runCli(["play", join(repoRoot, "cards"), "--players", "2", "--seed", "3", "--quiet", "--log", "game\nFinal scores.log"], dir);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("game log written to game\\u000aFinal scores.log (replay with: state51 replay 'game\\u000aFinal scores.log' ");
    expect(r.stdout.match(/^Final scores/gm)).toHaveLength(1);
    expect(readdirSync(dir)).toEqual(["game\nFinal scores.log"]);
  });
});
