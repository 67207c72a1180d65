/**
 * The language service's functions (src/service), called directly: the same
 * diagnostics as `validate` over unsaved buffers, completion, hover,
 * definition and quick fixes, and which files are card files of which set.
 */
import { cpSync, linkSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import type { CompletionItem, Position } from "vscode-languageserver";
import { defaultCardsDir, examplesDir, ValidateCache, validatePaths } from "../src/pipeline/validate.js";
import { codeActions, completions, definition, diagnosticsOf, hover, LanguageService, acceptLockEdit } from "../src/service/index.js";
import { replacementFor, suggestedWord } from "../src/service/diagnostics.js";
import { locate } from "../src/service/locate.js";
import { offsetAt, positionOf } from "../src/service/text-position.js";
import { cardSetOf, isCardDocument } from "../src/service/workspace.js";
import { textRenderer } from "../src/text/render.js";
import { acceptLocks } from "../src/edit/accept-locks.js";
import { locationYaml } from "./helpers.js";

/** A workspace folder holding `cards/<name>` with `text` (written to disk unless `saved` is false), opened in a service. */
function workspace(files: Record<string, string>, saved = true): { service: LanguageService; root: string; path: (name: string) => string } {
  const root = mkdtempSync(join(tmpdir(), "state51-service-"));
  mkdirSync(join(root, "cards"));
  const path = (name: string): string => join(root, "cards", name);
  const service = new LanguageService([root]);
  for (const [name, text] of Object.entries(files)) {
    if (saved) writeFileSync(path(name), text);
    service.setDocument(path(name), text);
  }
  return { service, root, path };
}

/** The 0-based position of `needle` in `text` (its first occurrence after `after`), moved `shift` characters on. */
function at(text: string, needle: string, shift = 0, after = 0): Position {
  const offset = text.indexOf(needle, after);
  expect(offset, `${JSON.stringify(needle)} is in the text`).toBeGreaterThanOrEqual(0);
  return positionOf(text, offset + shift);
}

const labels = (items: readonly CompletionItem[]): string[] => items.map((i) => i.label);

describe("validatePaths with unsaved buffers and a cache", () => {
  it("checks a buffer instead of the file on disk, with the same diagnostics as the file saved", () => {
    const { path, root } = workspace({ "a.yaml": locationYaml() });
    const edited = locationYaml({ spoils: "gain 2 scarp" });
    const unsaved = validatePaths([join(root, "cards")], { cwd: root, overlay: new Map([[path("a.yaml"), edited]]) });
    writeFileSync(path("a.yaml"), edited);
    const saved = validatePaths([join(root, "cards")], { cwd: root });
    expect(unsaved.diagnostics).toEqual(saved.diagnostics);
    expect(unsaved.diagnostics.map((d) => d.code)).toEqual(["S51-E301"]);
  });

  it("takes a buffer not saved yet in a folder named, and a named path only in a buffer", () => {
    const { path, root } = workspace({ "a.yaml": locationYaml() });
    const other = locationYaml({ id: "other-card", ability: "produce 1 fuul" });
    const inFolder = validatePaths([join(root, "cards")], { cwd: root, overlay: new Map([[path("new.yaml"), other]]) });
    expect(inFolder.files).toContain(join("cards", "new.yaml"));
    expect(inFolder.diagnostics.map((d) => [d.file, d.code])).toEqual([[join("cards", "new.yaml"), "S51-E301"]]);
    const named = validatePaths([path("new.yaml")], { cwd: root, overlay: new Map([[path("new.yaml"), other]]) });
    expect(named.diagnostics.map((d) => d.code)).toEqual(["S51-E301"]);
  });

  it("holds a buffer to a file's limits: NUL is S51-E002, as on disk", () => {
    const { path, root } = workspace({ "a.yaml": locationYaml() });
    const r = validatePaths([path("a.yaml")], { cwd: root, overlay: new Map([[path("a.yaml"), "set: x\0"]]) });
    expect(r.diagnostics.map((d) => d.code)).toEqual(["S51-E002"]);
  });

  it("gives the same result with a cache as without, after an edit too", () => {
    const dir = defaultCardsDir();
    const cache = new ValidateCache();
    const locations = join(dir, "locations.yaml");
    const text = readFileSync(locations, "utf8");
    for (const edited of [text, text.replace("produce 1 scrap", "produce 1 scarp"), text.replace("gain 2 scrap", "gian 2 scrap"), text]) {
      const overlay = new Map([[locations, edited]]);
      const fresh = validatePaths([dir], { cwd: dir, overlay });
      const cached = validatePaths([dir], { cwd: dir, overlay, cache });
      expect(cached.diagnostics).toEqual(fresh.diagnostics);
      expect(cached.cards).toEqual(fresh.cards);
    }
    expect(cache.loads.size).toBeGreaterThan(0);
  });
});

describe("which files are card files, checked with which", () => {
  it("knows a card file by its shape or its folder, and leaves other YAML alone", () => {
    expect(isCardDocument("/x/my-set.yaml", "# notes\nset: mine\ncards: []\n")).toBe(true);
    expect(isCardDocument("/x/cards/new.yaml", "")).toBe(true);
    expect(isCardDocument("/x/.github/workflows/ci.yml", "name: ci\non: push\njobs: {}\n")).toBe(false);
    expect(isCardDocument("/x/cards/notes.txt", "set: x\n")).toBe(false);
  });

  it("checks a file in a workspace folder with its folder, one outside alone", () => {
    const open = new Map<string, string>();
    expect(cardSetOf("/w/cards/a.yaml", { roots: ["/w"], open })).toEqual({ paths: ["/w/cards"], cwd: "/w" });
    expect(cardSetOf("/elsewhere/a.yaml", { roots: ["/w"], open })).toEqual({ paths: ["/elsewhere/a.yaml"], cwd: "/elsewhere" });
  });

  // A designer who opens a whole home folder as the workspace: an edit must not search it all.
  it("searches only a card folder with its subfolders: elsewhere, the card files beside the document", () => {
    const home = mkdtempSync(join(tmpdir(), "state51-home-"));
    mkdirSync(join(home, "Downloads", "deep"), { recursive: true });
    writeFileSync(join(home, "Downloads", "deep", "other.yaml"), locationYaml({ id: "far-away" }));
    writeFileSync(join(home, "exp.yaml"), locationYaml());
    const open = new Map<string, string>();
    expect(cardSetOf(join(home, "exp.yaml"), { roots: [home], open })).toEqual({ paths: [join(home, "exp.yaml")], cwd: home });
    mkdirSync(join(home, "cards", "sub"), { recursive: true });
    expect(cardSetOf(join(home, "cards", "sub", "a.yaml"), { roots: [home], open })).toEqual({ paths: [join(home, "cards", "sub")], cwd: home });
    // A workspace that is itself a cards folder counts; one that merely lies inside one does not.
    expect(cardSetOf(join(home, "cards", "a.yaml"), { roots: [join(home, "cards")], open })).toEqual({ paths: [join(home, "cards")], cwd: join(home, "cards") });
    mkdirSync(join(home, "cards", "ws"));
    expect(cardSetOf(join(home, "cards", "ws", "a.yaml"), { roots: [join(home, "cards", "ws")], open })).toEqual({ paths: [join(home, "cards", "ws", "a.yaml")], cwd: join(home, "cards", "ws") });
  });

  it("checks a card file at the top of a project with the card files beside it, not the project's every YAML file", () => {
    const root = mkdtempSync(join(tmpdir(), "state51-project-"));
    writeFileSync(join(root, "package.json"), "{}");
    mkdirSync(join(root, "node_modules", "some-package"), { recursive: true });
    writeFileSync(join(root, "node_modules", "some-package", "locations.yaml"), locationYaml({ id: "packaged" }));
    writeFileSync(join(root, "exp.yaml"), locationYaml());
    writeFileSync(join(root, "more.yaml"), locationYaml({ id: "more-card" }));
    writeFileSync(join(root, "compose.yaml"), "services: {}\n");
    const open = new Map<string, string>();
    expect(cardSetOf(join(root, "exp.yaml"), { roots: [root], open })).toEqual({ paths: [join(root, "exp.yaml"), join(root, "more.yaml")], cwd: root });
    const service = new LanguageService([root]);
    service.setDocument(join(root, "exp.yaml"), locationYaml());
    expect(service.analysisFor(join(root, "exp.yaml"))!.result.cards.map((c) => c.id).sort()).toEqual(["more-card", "test-card"]);
  });

  it("checks an expansion with the base set's words, as validate does", () => {
    const service = new LanguageService([defaultCardsDir()]);
    const path = join(examplesDir(), "wastelanders.yaml");
    service.setDocument(path, readFileSync(path, "utf8"));
    const analysis = service.analysisFor(path)!;
    expect(diagnosticsOf(analysis, path)).toEqual([]);
    expect(analysis.result.cards.some((c) => c.set === "base")).toBe(false);
    expect(analysis.result.vocabulary.resources.has("scrap")).toBe(true);
  });
});

describe("diagnostics", () => {
  it("are validate's, 0-based, with the quick fix a did-you-mean names", () => {
    const misspelt = locationYaml({ spoils: "gain 2 scarp", ability: '"produce 1 fuul"' });
    const unknownField = locationYaml({ id: "other-card", abilty: "produce 1 scrap" }).replace("    ability: produce 1 scrap\n", "");
    const { service, path, root } = workspace({ "a.yaml": misspelt, "b.yaml": unknownField });
    const analysis = service.analysisFor(path("a.yaml"))!;
    const validated = validatePaths([join(root, "cards")], { cwd: root }).diagnostics;
    const ds = [...diagnosticsOf(analysis, path("a.yaml")), ...diagnosticsOf(analysis, path("b.yaml"))];
    expect(ds.map((d) => d.code)).toEqual(validated.map((d) => d.code));
    expect(ds.map((d) => d.code)).toEqual(["S51-E301", "S51-E301", "S51-E103", "S51-E102"]);
    for (const [i, d] of ds.entries()) {
      expect(d.range.start).toEqual({ line: validated[i]!.line - 1, character: validated[i]!.column - 1 });
      expect(d.range.end).toEqual({ line: validated[i]!.endLine - 1, character: validated[i]!.endColumn - 1 });
      expect(d.message).toBe(`${validated[i]!.message}\n${validated[i]!.hint}`);
    }
    expect(ds.map((d) => d.data)).toEqual([{ replace: "scrap" }, { replace: "fuel" }, undefined, { replace: "ability" }]);
  });

  it("are given to the file being edited when a link (or a hard link) to it sorts before it", () => {
    for (const link of [symlinkSync, linkSync]) {
      const { service, path } = workspace({ "z-real.yaml": locationYaml() });
      link(path("z-real.yaml"), path("a-alias.yaml"));
      // Unsaved: the error is in the editor's text only.
      service.setDocument(path("z-real.yaml"), locationYaml({ ability: "produce 1 scarp" }));
      const analysis = service.analysisFor(path("z-real.yaml"))!;
      expect(diagnosticsOf(analysis, path("z-real.yaml")).map((d) => d.code), link.name).toEqual(["S51-E301"]);
      expect(diagnosticsOf(analysis, path("a-alias.yaml")), link.name).toEqual([]);
    }
  });

  it("offer a replacement only for one written word, keeping its quotes", () => {
    expect(suggestedWord('did you mean "scrap"?')).toBe("scrap");
    expect(suggestedWord('the card language is lower case: "gain"')).toBe("gain");
    expect(suggestedWord("expected one of: a, b")).toBeUndefined();
    expect(replacementFor("scarp", "scrap")).toBe("scrap");
    expect(replacementFor('"scarp"', "scrap")).toBe('"scrap"');
    expect(replacementFor("'scarp'", "scrap")).toBe("'scrap'");
    expect(replacementFor("gain 2 scarp", "scrap")).toBeUndefined();
  });
});

describe("quick fixes", () => {
  it("write the suggested word over the diagnostic's range", () => {
    const text = locationYaml({ ability: "produce 1 scarp" });
    const { service, path } = workspace({ "a.yaml": text });
    const uri = pathToFileURL(path("a.yaml")).href;
    const ds = diagnosticsOf(service.analysisFor(path("a.yaml"))!, path("a.yaml"));
    const [action] = codeActions(uri, text, ds);
    const [edit] = action!.edit!.changes![uri]!;
    const fixed = text.slice(0, offsetAt(text, edit!.range.start)) + edit!.newText + text.slice(offsetAt(text, edit!.range.end));
    expect(fixed).toBe(locationYaml());
  });

  it("sign off a differing text lock with today's wording, through the lock hook", () => {
    const { service, path } = workspace({ "a.yaml": locationYaml() });
    const card = service.analysisFor(path("a.yaml"))!.result.cards[0]!;
    const wording = textRenderer(service.analysisFor(path("a.yaml"))!.result.vocabulary, "en").card(card).parts.ability!;
    const locked = `${locationYaml()}    text:\n      ability:\n        en: "Old wording."\n`;
    service.setDocument(path("a.yaml"), locked);
    const uri = pathToFileURL(path("a.yaml")).href;
    const ds = diagnosticsOf(service.analysisFor(path("a.yaml"))!, path("a.yaml"));
    expect(ds.map((d) => d.code)).toEqual(["S51-W401"]);
    const [action] = codeActions(uri, locked, ds);
    const [edit] = action!.edit!.changes![uri]!;
    const signed = locked.slice(0, offsetAt(locked, edit!.range.start)) + edit!.newText + locked.slice(offsetAt(locked, edit!.range.end));
    // The quick fix writes what `state51 locks accept` writes, byte for byte.
    expect(signed).toBe(acceptLocks(locked, [{ id: card.id, part: "ability", lang: "en", text: wording }]).text);
    expect(signed).not.toBe(locked);
    service.setDocument(path("a.yaml"), signed);
    expect(diagnosticsOf(service.analysisFor(path("a.yaml"))!, path("a.yaml"))).toEqual([]);
    // Another signer is used instead of the default when given; a range that is no lock's value gets no fix.
    const custom = codeActions(uri, locked, ds, (_t, range, w) => [{ range, newText: `'${w}'` }]);
    expect(custom[0]!.edit!.changes![uri]![0]!.newText).toBe(`'${wording}'`);
    expect(acceptLockEdit(locked, { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, "x")).toEqual([]);
  });
});

describe("completion", () => {
  const text = locationYaml({ ability: "produce 1 scrap; keep 3" });
  const { service, path } = workspace({ "a.yaml": text });
  const analysis = (): NonNullable<ReturnType<LanguageService["analysisFor"]>> => service.analysisFor(path("a.yaml"))!;

  it("offers the statements a field allows where a statement begins", () => {
    const ability = labels(completions(analysis(), text, at(text, "produce 1 scrap")));
    expect(ability).toEqual(expect.arrayContaining(["produce", "keep", "once"]));
    expect(ability).not.toContain("after");
    const spoils = labels(completions(analysis(), text, at(text, "gain 2 scrap")));
    expect(spoils).toContain("gain");
    expect(spoils).not.toContain("produce");
    expect(labels(completions(analysis(), text, at(text, "keep 3")))).toContain("keep");
  });

  it("offers the vocabulary's words after an amount, and amounts after a verb", () => {
    const words = labels(completions(analysis(), text, at(text, "produce 1 scrap", "produce 1 s".length)));
    expect(words).toEqual(expect.arrayContaining(["scrap", "fuel", "weapon", "weapons", "card", "vp"]));
    expect(labels(completions(analysis(), text, at(text, "produce 1 scrap", "produce ".length)))).toEqual(expect.arrayContaining(["1", "2", "3"]));
  });

  it("offers an expansion's own words beside the base set's", () => {
    const expansion = [
      "set: water",
      "vocabulary:",
      "  resources:",
      "    - id: water",
      "      en: { one: Water, other: Water }",
      "      fr: { one: Eau, other: Eau, gender: feminine, elision: true }",
      locationYaml({ ability: "produce 1 water" }).replace("set: test\n", ""),
    ].join("\n");
    const w = workspace({ "water.yaml": expansion });
    const items = labels(completions(w.service.analysisFor(w.path("water.yaml"))!, expansion, at(expansion, "produce 1 water", "produce 1 ".length)));
    expect(items).toEqual(expect.arrayContaining(["water", "scrap"]));
  });

  it("offers a card's missing keys, and the ids a field names", () => {
    const keyText = text.replace("    pattern: closed-production\n", "    pat\n");
    service.setDocument(path("a.yaml"), keyText);
    const keys = labels(completions(analysis(), keyText, at(keyText, "    pat", 7)));
    expect(keys).toContain("pattern");
    expect(keys).not.toContain("spoils");
    service.setDocument(path("a.yaml"), text);
    expect(labels(completions(analysis(), text, at(text, "[scrap]", 1)))).toEqual(expect.arrayContaining(["scrap", "fuel", "universal"]));
    expect(labels(completions(analysis(), text, at(text, "closed-production")))).toEqual(["action", "open-production", "closed-production", "trait"]);
  });
});

describe("a card key that names an Object property (constructor, toString, __proto__)", () => {
  it("is a field like any unknown one: no completion, hover or definition throws", () => {
    for (const key of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      const text = locationYaml({ [key]: "scrap" });
      const w = workspace({ "odd.yaml": text });
      const analysis = w.service.analysisFor(w.path("odd.yaml"))!;
      const where = at(text, `${key}: scrap`, key.length + 3);
      expect(completions(analysis, text, where), key).toEqual([]);
      expect(definition(analysis, text, where), key).toEqual([]);
      expect(() => hover(analysis, text, where), key).not.toThrow();
    }
  });
});

describe("hover and definition", () => {
  const text = locationYaml({ ability: "produce 1 scrap" });
  const { service, path } = workspace({ "a.yaml": text });
  const analysis = (): NonNullable<ReturnType<LanguageService["analysisFor"]>> => service.analysisFor(path("a.yaml"))!;

  it("shows a word's vocabulary entry and the card's text in both languages", () => {
    const value = (hover(analysis(), text, at(text, "produce 1 scrap", "produce 1 s".length))!.contents as { value: string }).value;
    expect(value).toContain("**resource** `scrap`");
    expect(value).toContain("**card type** `scrap`");
    expect(value).toContain("French: Ferraille");
    expect(value).toContain("**English**");
    expect(value).toContain("**French**");
  });

  it("says why a card with errors has no text", () => {
    const broken = locationYaml({ ability: "produce 1 scarp" });
    service.setDocument(path("a.yaml"), broken);
    const value = (hover(analysis(), broken, at(broken, "produce"))!.contents as { value: string }).value;
    expect(value).toContain("no printed text while the card has errors");
    service.setDocument(path("a.yaml"), text);
  });

  it("goes from a card type id and from a word to the vocabulary entry", () => {
    const vocabulary = readFileSync(join(defaultCardsDir(), "vocabulary.yaml"), "utf8");
    const [type] = definition(analysis(), text, at(text, "[scrap]", 2));
    expect(type!.uri).toBe(pathToFileURL(join(defaultCardsDir(), "vocabulary.yaml")).href);
    expect(offsetAt(vocabulary, type!.range.start)).toBe(vocabulary.indexOf("- id: scrap", vocabulary.indexOf("cardTypes:")) + 6);
    expect(definition(analysis(), text, at(text, "produce 1 scrap", "produce 1 ".length))).toHaveLength(2);
    expect(definition(analysis(), text, at(text, "closed-production"))).toEqual([]);
  });

  it("goes from a card's id to every place it is written", () => {
    const copy = locationYaml();
    const w = workspace({ "a.yaml": copy, "b.yaml": copy });
    expect(definition(w.service.analysisFor(w.path("a.yaml"))!, copy, at(copy, "test-card"))).toHaveLength(2);
  });
});

describe("locate", () => {
  it("finds the field and the place inside a quoted value", () => {
    const text = locationYaml({ ability: '"produce 1 scrap"' });
    const place = locate(text, text.indexOf("produce") + "produce ".length);
    expect(place).toMatchObject({ kind: "card-value", field: "ability", value: "produce 1 scrap", at: "produce ".length });
  });

  it("reads a field with no value yet as an empty value", () => {
    const text = locationYaml().replace("ability: produce 1 scrap", "ability: ");
    expect(locate(text, text.indexOf("ability: ") + 9)).toMatchObject({ kind: "card-value", field: "ability", value: "" });
  });
});

describe("a copy of the base set in a workspace", () => {
  it("has no diagnostics, as validate says", () => {
    const root = mkdtempSync(join(tmpdir(), "state51-service-"));
    mkdirSync(join(root, "cards"));
    for (const name of ["bases.yaml", "contacts.yaml", "leaders.yaml", "locations.yaml", "vocabulary.yaml"]) cpSync(join(defaultCardsDir(), name), join(root, "cards", name));
    const service = new LanguageService([root]);
    const path = join(root, "cards", "locations.yaml");
    service.setDocument(path, readFileSync(path, "utf8"));
    const analysis = service.analysisFor(path)!;
    // The copied vocabulary is the base vocabulary: the package's file stands for it, as in validate.
    expect([...analysis.files].sort()).toEqual([...["bases.yaml", "contacts.yaml", "leaders.yaml", "locations.yaml"].map((n) => join(root, "cards", n)), join(defaultCardsDir(), "vocabulary.yaml")].sort());
    expect(analysis.files.flatMap((f) => diagnosticsOf(analysis, f))).toEqual([]);
  });
});
