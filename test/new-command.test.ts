/**
 * `state51 new`: a card template appended to a card file validates, each of
 * its placeholders is reported (S51-W402) until its `# TODO` mark goes, the
 * rest of the file is left byte for byte, and bad requests are refused
 * clearly with nothing written.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { appendListItem, cardTemplate, factionTemplate } from "../src/edit/new-card.js";
import { checkNew, runNew } from "../src/cli/new-command.js";
import { formatCardFile } from "../src/edit/format-card-file.js";
import { validatePaths } from "../src/pipeline/validate.js";
import { cardKinds } from "../src/schema/card-file.js";
import { repoRoot, runCli } from "./helpers.js";

const tempDir = (): string => mkdtempSync(join(tmpdir(), "state51-new-"));

const existing = [
  "# my expansion: keep this comment",
  "set: exp",
  "cards:",
  "  - id: first   # the first card",
  "    kind: leader",
  "    name: { en: First, fr: Premier }",
  "    ability: 'after conquer -> 1 vp'",
  "",
  "# a comment at the end",
  "",
].join("\n");

describe("state51 new", () => {
  it("makes a file of each kind's template that validates with the base set, every placeholder a S51-W402 warning", () => {
    const dir = tempDir();
    for (const kind of cardKinds) {
      const r = runCli(["new", kind, `my-${kind}`, "--file", "exp.yaml"], dir);
      expect(r.status, r.stderr).toBe(0);
    }
    const result = validatePaths([join(repoRoot, "cards"), join(dir, "exp.yaml")], { cwd: dir });
    expect(result.diagnostics.filter((d) => d.code !== "S51-W402")).toEqual([]);
    expect(result.cards.filter((c) => c.id.startsWith("my-")).map((c) => c.id).sort()).toEqual(["my-base", "my-contact", "my-leader", "my-location"]);
    const marks = readFileSync(join(dir, "exp.yaml"), "utf8").match(/# TODO/g)!.length;
    expect(result.diagnostics.filter((d) => d.code === "S51-W402")).toHaveLength(marks);
    expect(runCli(["validate", "exp.yaml"], dir).status).toBe(0);
  });

  it("appends to a file without changing a byte of it, and a placeholder's warning goes with its mark", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "exp.yaml"), existing);
    const r = runCli(["new", "location", "old-mill", "--file", "exp.yaml"], dir);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('added location "old-mill" to exp.yaml');
    const text = readFileSync(join(dir, "exp.yaml"), "utf8");
    const cut = text.indexOf("\n\n  - id: old-mill");
    expect(cut).toBeGreaterThan(0);
    const added = text.slice(cut, text.indexOf("\n\n# a comment at the end"));
    expect(text.replace(added, "")).toBe(existing);
    const warned = (t: string): string[] => {
      writeFileSync(join(dir, "exp.yaml"), t);
      return validatePaths([join(dir, "exp.yaml")], { cwd: dir }).diagnostics.map((d) => `${d.code} ${d.message}`);
    };
    expect(warned(text)).toContain('S51-W402 the `distance` of "old-mill" is a placeholder: 1, 2 or 3');
    expect(warned(text.replace(/(distance: 1) # TODO.*/, "$1"))).not.toContain('S51-W402 the `distance` of "old-mill" is a placeholder: 1, 2 or 3');
    // `validate --strict` (CI) fails on a placeholder left; plain validate only warns.
    expect(runCli(["validate", "exp.yaml"], dir).status).toBe(0);
    const strict = runCli(["validate", "--strict", "exp.yaml"], dir);
    expect(strict.status).toBe(1);
    expect(strict.stdout).toMatch(/error S51-W402/);
  });

  it("quotes an id, name, faction or set that YAML would read as another value (true, null)", () => {
    const dir = tempDir();
    for (const [kind, id] of [["location", "true"], ["leader", "false"], ["base", "null-base"]] as const) {
      const r = runCli(["new", kind, id, "--file", "null.yaml"], dir);
      expect(r.status, r.stderr).toBe(0);
    }
    const result = validatePaths([join(repoRoot, "cards"), join(dir, "null.yaml")], { cwd: dir });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.cards.filter((c) => c.set === "null").map((c) => `${c.id} ${c.name.en}`).sort()).toEqual(["false False", "null-base Null Base", "true True"]);
  });

  it("a new Base brings its faction into the file's vocabulary", () => {
    const dir = tempDir();
    const canonical = formatCardFile("exp.yaml", existing);
    writeFileSync(join(dir, "exp.yaml"), canonical.ok ? canonical.text : existing);
    expect(runCli(["new", "base", "iron-nomads-base", "--file", "exp.yaml"], dir).status).toBe(0);
    const result = validatePaths([join(repoRoot, "cards"), join(dir, "exp.yaml")], { cwd: dir });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.cards.find((c) => c.id === "iron-nomads-base")).toBeDefined();
    expect(readFileSync(join(dir, "exp.yaml"), "utf8")).toMatch(/vocabulary:\n {2}factions:\n {4}- id: iron-nomads\n/);
    // fmt's order (set, vocabulary, cards): `fmt --check` passes straight after `new`.
    const check = runCli(["fmt", "--check", "exp.yaml"], dir);
    expect(check.status, check.stdout).toBe(0);
  });

  it("in the checkout, a new Base's faction goes into cards/vocabulary.yaml with the base set's factions, and the base set stays canonical (on a copy)", () => {
    const root = tempDir();
    cpSync(join(repoRoot, "cards"), join(root, "cards"), { recursive: true });
    const out: string[] = [];
    const io = { write: (s: string) => out.push(s), writeError: (s: string) => out.push(s) };
    const checked = checkNew("base", "iron-nomads-base", {}, root, root);
    expect(runNew(checked, {}, io, root), out.join("")).toBe(0);
    expect(out.join("")).toContain('added base "iron-nomads-base" to cards/bases.yaml and its faction "iron-nomads" to cards/vocabulary.yaml');
    const bases = readFileSync(join(root, "cards", "bases.yaml"), "utf8");
    const vocabulary = readFileSync(join(root, "cards", "vocabulary.yaml"), "utf8");
    expect(bases).not.toContain("vocabulary:");
    expect(vocabulary.match(/^ {2}factions:$/gm)).toHaveLength(1);
    expect(vocabulary).toMatch(/^ {4}- id: iron-nomads$/m);
    for (const [name, text] of [["bases.yaml", bases], ["vocabulary.yaml", vocabulary]] as const) {
      const r = formatCardFile(name, text);
      expect(r.ok && r.text, name).toBe(text);
    }
    const result = validatePaths([join(root, "cards")], { cwd: root, baseCards: join(root, "cards") });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    // Its faction is known (an unknown one is an error above): the Base is among the cards.
    expect(result.cards.find((c) => c.id === "iron-nomads-base")).toBeDefined();
  });

  // Two files are written: whichever write fails (a disk full), the set left must still validate and the same command complete once the problem is gone.
  it("a new Base whose second file cannot be written leaves a set that validates, and the command can be run again", () => {
    for (const failing of ["vocabulary.yaml", "bases.yaml"]) {
      const root = tempDir();
      cpSync(join(repoRoot, "cards"), join(root, "cards"), { recursive: true });
      const io = { write: () => undefined, writeError: () => undefined };
      // writeFileAtomic's temp file beside the target: a folder there makes the write fail (EISDIR), even for root.
      const obstacle = join(root, "cards", `${failing}.${process.pid}.tmp`);
      mkdirSync(obstacle);
      expect(() => runNew(checkNew("base", "iron-nomads-base", {}, root, root), {}, io, root), failing).toThrow(/EISDIR/);
      const after = validatePaths([join(root, "cards")], { cwd: root, baseCards: join(root, "cards") });
      expect(after.diagnostics.filter((d) => d.severity === "error"), failing).toEqual([]);
      rmSync(obstacle, { recursive: true });
      expect(runNew(checkNew("base", "iron-nomads-base", {}, root, root), {}, io, root), failing).toBe(0);
      const done = validatePaths([join(root, "cards")], { cwd: root, baseCards: join(root, "cards") });
      expect(done.cards.find((c) => c.id === "iron-nomads-base"), failing).toBeDefined();
    }
  });

  it("gives an empty file (or one of comments only) a card file's first lines, as a new one", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "my.yaml"), "");
    writeFileSync(join(dir, "notes.yaml"), "# my notes\n");
    const made = runCli(["new", "leader", "iron-maiden", "--file", "fresh.yaml"], dir);
    expect(made.status, made.stderr).toBe(0);
    for (const [name, before] of [["my.yaml", ""], ["notes.yaml", "# my notes\n"]] as const) {
      const r = runCli(["new", "leader", "iron-maiden", "--file", name], dir);
      expect(r.status, r.stderr).toBe(0);
      expect(readFileSync(join(dir, name), "utf8")).toBe(before + readFileSync(join(dir, "fresh.yaml"), "utf8").replace("set: fresh", "set: " + name.replace(".yaml", "")));
      const result = validatePaths([name], { cwd: dir });
      expect(result.diagnostics.filter((d) => d.severity === "error"), name).toEqual([]);
    }
  });

  it("refuses a YAML file that is not a card file, writing nothing (exit 1)", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "config.yaml"), "foo: bar\n");
    const r = runCli(["new", "leader", "iron-maiden", "--file", "config.yaml"], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe("state51 new: error: config.yaml is left as it is: not a card file: it has no set:, cards: or vocabulary:\n");
    expect(readFileSync(join(dir, "config.yaml"), "utf8")).toBe("foo: bar\n");
  });

  it("refuses an id a card has (exit 1), a bad id and an unknown kind (exit 2), with nothing written", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "exp.yaml"), existing);
    const cases: [string[], number, string][] = [
      [["new", "leader", "first", "--file", "exp.yaml"], 1, 'state51 new: error: a card with id "first" already exists in exp.yaml'],
      [["new", "location", "pub", "--file", "exp.yaml"], 1, 'a card with id "pub" already exists in'],
      [["new", "location", "Old Mill", "--file", "exp.yaml"], 2, 'state51: error: "Old Mill" is not a card id: an id is lower-case letters and digits, in words joined by single hyphens, starting with a letter (e.g. old-factory) (did you mean "old-mill"?)'],
      [["new", "locaton", "old-mill", "--file", "exp.yaml"], 2, 'state51: error: unknown kind "locaton": a new card is a location, leader, contact or base (did you mean "location"?)'],
      [["new", "base", "new-york", "--file", "exp.yaml"], 1, 'faction "new-york" already has a Base ("new-york-base")'],
      [["new", "location", "old-mill", "--file", "nofolder/exp.yaml"], 2, "no such folder: nofolder"],
      [["new", "location", "old-mill", "--file", ""], 2, "state51: error: cannot write the card file: the name given is empty (an unset shell variable?)"],
    ];
    for (const [args, status, line] of cases) {
      const r = runCli(args, dir);
      expect(r.status, args.join(" ")).toBe(status);
      expect(r.stderr, args.join(" ")).toContain(line);
      expect(r.stderr.trim().split("\n"), args.join(" ")).toHaveLength(1);
    }
    expect(readFileSync(join(dir, "exp.yaml"), "utf8")).toBe(existing);
  });

  it("refuses to add to a file that is not valid YAML", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "bad.yaml"), "set: s\ncards:\n\t- id: x\n");
    const r = runCli(["new", "leader", "x2", "--file", "bad.yaml"], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("S51-E004");
    expect(readFileSync(join(dir, "bad.yaml"), "utf8")).toBe("set: s\ncards:\n\t- id: x\n");
  });

  it("explains itself with examples", () => {
    const r = runCli(["new", "--help"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("Examples:");
    expect(r.stdout).toContain("state51 new location old-mill");
  });
});

describe("appendListItem", () => {
  const item = cardTemplate("leader", "x");

  it("makes the list when the file has none, or an empty [] one", () => {
    for (const text of ["set: s\n", "set: s\ncards: []\n", "set: s\ncards:\n"]) {
      const r = appendListItem(text, ["cards"], item, true);
      expect(r.ok && r.text, text).toMatch(/^set: s\n(\n)?cards:\n {2}- id: x\n {4}kind: leader\n/);
    }
  });

  it("adds lines with the file's CRLF line breaks, not LF ones among them", () => {
    const text = existing.replace(/\n/g, "\r\n");
    const r = appendListItem(text, ["cards"], item, true);
    expect(r.ok).toBe(true);
    const out = r.ok ? r.text : "";
    expect(out.startsWith(text.slice(0, text.indexOf("# a comment")).trimEnd())).toBe(true);
    expect(out).toContain("\r\n\r\n  - id: x\r\n    kind: leader\r\n");
    expect(out.replace(/\r\n/g, "")).not.toContain("\n");
  });

  it("puts a missing section where fmt would (vocabulary before cards, a new vocabulary section in its place), so the file stays canonical", () => {
    const faction = factionTemplate("iron-nomads");
    const leader = ["  - id: a", "    kind: leader", "    name: { en: A, fr: A }", "    ability: after conquer -> 1 vp", ""].join("\n");
    const gold = ["  resources:", "    - id: gold", "      words: [gold]", "      en: { one: Gold, other: Gold }", "      fr: { one: Or, other: Or, gender: masculine, elision: true }"].join("\n");
    const cases = [
      `# my exp\nset: exp\ncards:\n${leader}`,
      `# a header above the first key stays on top\ncards:\n${leader}`,
      `set: exp\n\n# the cards\ncards:\n${leader}`,
      `set: exp\nvocabulary:\n${gold}\ncards:\n${leader}`,
      `set: exp\nvocabulary:\n${gold}\n\n  triggers:\n    - id: t\n      words: [t]\ncards:\n${leader}`,
      `set: exp\nvocabulary:\n  # the triggers\n  triggers:\n    - id: t\n      words: [t]\ncards:\n${leader}`,
      `set: exp\nvocabulary:\n  factions:\n    - id: old\n      en: { one: Old, other: Old }\ncards:\n${leader}`,
    ];
    for (const text of cases) {
      const r = appendListItem(text, ["vocabulary", "factions"], faction, false);
      const out = r.ok ? r.text : r.problem;
      const canon = formatCardFile("t.yaml", text);
      const formatted = formatCardFile("t.yaml", out);
      expect(canon.ok && canon.text, text).toBe(text);
      expect(formatted.ok && formatted.text, out).toBe(out);
      expect(out.indexOf("- id: iron-nomads"), out).toBeLessThan(out.indexOf("cards:"));
      expect(out.match(/factions:/g), out).toHaveLength(1);
    }
  });

  it("gives a template in the canonical layout", () => {
    for (const kind of cardKinds) {
      const text = ["set: s", "cards:", ...cardTemplate(kind, "x").map((l) => `  ${l}`), ""].join("\n");
      const r = formatCardFile("t.yaml", text);
      expect(r.ok && r.text, kind).toBe(text);
    }
  });
});
