/**
 * `state51 locks accept`: a differing lock is rewritten with today's text, so
 * validate no longer warns about it; only the lock's value changes (comments,
 * quotes and layout stay); --cards limits it; a set with errors is refused.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { acceptLocks, differingLocks, lockText } from "../src/edit/accept-locks.js";
import { validatePaths } from "../src/pipeline/validate.js";
import { textRenderer } from "../src/text/render.js";
import { runCli } from "./helpers.js";

/** Two cards with locks written three ways (double quotes, plain, a flow mapping), each signed off before a rules change. */
const cards = [
  "# an expansion with signed-off text",
  "set: exp",
  "cards:",
  "  - id: tester # the first",
  "    kind: location",
  "    name: { en: Tester, fr: Testeur }",
  "    distance: 1",
  "    types: [scrap]",
  "    spoils: gain 2 scrap",
  "    agreement: gain 1 scrap",
  "    pattern: open-production",
  "    ability: produce 2 scrap",
  "    text:",
  "      ability:",
  '        en: "Produces 1 Scrap."   # signed off by Ann',
  "        fr: Produit 1 jeton de Ferraille.",
  "      spoils: { en: Gain 1 Scrap. }",
  "",
  "  - id: other",
  "    kind: leader",
  "    name: { en: Other, fr: Autre }",
  "    ability: after conquer -> 1 vp",
  "    text:",
  "      ability:",
  "        en: old text",
  "",
].join("\n");

function expansion(text = cards): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), "state51-locks-"));
  const file = join(dir, "exp.yaml");
  writeFileSync(file, text);
  return { dir, file };
}

const lockWarnings = (dir: string): string[] =>
  validatePaths(["exp.yaml"], { cwd: dir }).diagnostics.filter((d) => d.code === "S51-W401").map((d) => `${d.line}:${d.message.split(":")[0]}`);

describe("state51 locks accept", () => {
  it("rewrites every differing lock with today's text, validate then warns of none, and the rest of the file is as it was", () => {
    const { dir, file } = expansion();
    expect(lockWarnings(dir)).toHaveLength(4);
    const r = runCli(["locks", "accept", "exp.yaml"], dir);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('exp.yaml:15:13: accepted the English ability text of "tester": "Each Production phase, produce 2 Scrap." (was "Produces 1 Scrap.")');
    expect(r.stdout).toContain("4 locks accepted in 1 file");
    expect(lockWarnings(dir)).toEqual([]);
    const after = readFileSync(file, "utf8");
    const result = validatePaths(["exp.yaml"], { cwd: dir });
    const tester = result.cards.find((c) => c.id === "tester")!;
    const en = textRenderer(result.vocabulary, "en").card(tester).parts;
    const fr = textRenderer(result.vocabulary, "fr").card(tester).parts;
    // Only the four values changed, each in its own quoting; the comments stay.
    const expected = cards
      .replace('"Produces 1 Scrap."', JSON.stringify(en["ability"]))
      .replace("Produit 1 jeton de Ferraille.", lockText(fr["ability"]!))
      .replace("{ en: Gain 1 Scrap. }", `{ en: ${en["spoils"]} }`)
      .replace("en: old text", "en: Whenever you Conquer a Location, gain 1 VP token worth 1.");
    expect(after).toBe(expected);
    expect(runCli(["locks", "accept", "exp.yaml"], dir).stdout).toBe("no lock differs from today's text: nothing written\n");
  });

  it("--cards limits it to the cards named, and an unknown id gets a did-you-mean (exit 1, nothing written)", () => {
    const { dir, file } = expansion();
    const r = runCli(["locks", "accept", "exp.yaml", "--cards", "other"], dir);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("1 lock accepted in 1 file");
    expect(lockWarnings(dir)).toEqual(["15:the English ability text of \"tester\" differs from its signed-off lock", "16:the French ability text of \"tester\" differs from its signed-off lock", "17:the English spoils text of \"tester\" differs from its signed-off lock"]);
    const before = readFileSync(file, "utf8");
    const bad = runCli(["locks", "accept", "exp.yaml", "--cards", "testr"], dir);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toBe('state51 locks accept: error: no card with id "testr" (did you mean "tester"?)\n');
    expect(readFileSync(file, "utf8")).toBe(before);
  });

  it("refuses a set with errors, writing nothing", () => {
    const broken = cards.replace("ability: produce 2 scrap", "ability: produce 2 scarp");
    const { dir, file } = expansion(broken);
    const r = runCli(["locks", "accept", "exp.yaml"], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("S51-E301");
    expect(r.stderr).toContain("no lock written: fix the errors above first");
    expect(readFileSync(file, "utf8")).toBe(broken);
  });

  it("outside the checkout, refuses to default to state51's own base set: name the files (exit 2, nothing written)", () => {
    const { dir, file } = expansion();
    const r = runCli(["locks", "accept"], dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe("state51: error: outside the state51 checkout, name the files whose locks to accept: state51 locks accept my-cards.yaml\n");
    expect(r.stdout).toBe("");
    expect(readFileSync(file, "utf8")).toBe(cards);
  });

  it("explains itself with examples", () => {
    const r = runCli(["locks", "accept", "--help"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("state51 locks accept --cards scrapyard,pub");
  });
});

describe("acceptLocks", () => {
  it("writes one lock, as the editor's quick fix does, and passes over a lock the file does not have", () => {
    const { dir } = expansion();
    const result = validatePaths(["exp.yaml"], { cwd: dir });
    const changes = differingLocks(cards, result.cards, result.vocabulary, ["other"]);
    expect(changes.map((c) => `${c.id} ${c.part} ${c.lang}`)).toEqual(["other ability en"]);
    const out = acceptLocks(cards, [
      { id: "other", part: "ability", lang: "en", text: changes[0]!.generated! },
      { id: "other", part: "ability", lang: "fr", text: "absent" },
    ]);
    expect(out.written.map((w) => w.lang)).toEqual(["en"]);
    expect(out.text).toBe(cards.replace("en: old text", "en: Whenever you Conquer a Location, gain 1 VP token worth 1."));
  });

  it("quotes a new text that plain YAML would misread, and writes non-breaking spaces as spaces", () => {
    const text = "set: s\ncards:\n  - id: x\n    text:\n      ability:\n        en: plain\n        fr: 'single'\n";
    const out = acceptLocks(text, [
      { id: "x", part: "ability", lang: "en", text: "Action: pay #1" },
      { id: "x", part: "ability", lang: "fr", text: "Produit\u00a0: l'un" },
    ]);
    expect(out.text).toBe("set: s\ncards:\n  - id: x\n    text:\n      ability:\n        en: \"Action: pay #1\"\n        fr: 'Produit : l''un'\n");
  });
});
