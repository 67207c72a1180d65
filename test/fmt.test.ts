/**
 * `state51 fmt`: the canonical layout of card files. It must never change a
 * value, keep every comment, give the same text when run again, leave a file
 * that is not YAML as it is, and the base set must already be in it.
 */
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commentsOf, formatCardFile } from "../src/edit/format-card-file.js";
import { plainReadsBack, yamlScalar } from "../src/edit/yaml-scalar.js";
import { parseYaml } from "../src/load/parse-yaml.js";
import { locationYaml, repoRoot, runCli } from "./helpers.js";

function yamlFilesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    const s = statSync(full);
    if (s.isDirectory()) return yamlFilesUnder(full);
    return s.isFile() && /\.ya?ml$/.test(name) ? [full] : [];
  });
}

/** Every card file and fixture that parses as YAML: what fmt must handle. */
const parsing = [...yamlFilesUnder(join(repoRoot, "cards")), ...yamlFilesUnder(join(repoRoot, "test/fixtures"))].flatMap((path) => {
  const text = readFileSync(path).toString("utf8");
  const parsed = parseYaml(path, text);
  return parsed.ok ? [{ path, text, data: parsed.data }] : [];
});

function formatted(path: string, text: string): string {
  const r = formatCardFile(path, text);
  if (!r.ok) throw new Error(`${path}: ${"unsafe" in r ? r.unsafe : "problem" in r ? r.problem : r.diagnostics.map((d) => d.message).join("; ")}`);
  return r.text;
}

function tempFile(text: string, name = "cards.yaml"): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), "state51-fmt-"));
  const file = join(dir, name);
  writeFileSync(file, text);
  return { dir, file };
}

describe("formatCardFile", () => {
  it("covers many files", () => expect(parsing.length).toBeGreaterThan(100));

  it("never changes the data, keeps every comment and is idempotent, on every card file and fixture that parses", () => {
    for (const { path, text, data } of parsing) {
      const once = formatted(path, text);
      const again = parseYaml(path, once);
      expect(again.ok && again.data, path).toEqual(data);
      expect(commentsOf(once).sort(), path).toEqual(commentsOf(text).sort());
      expect(formatted(path, once), path).toBe(once);
    }
  });

  it("leaves the base set in cards/ as it is: it is the canon", () => {
    for (const name of ["bases", "contacts", "leaders", "locations", "vocabulary"]) {
      const path = join(repoRoot, "cards", `${name}.yaml`);
      const text = readFileSync(path, "utf8");
      expect(formatted(path, text), name).toBe(text);
    }
  });

  it("orders keys as the schema does for the card's kind, quotes only where needed, and sets cards one blank line apart", () => {
    const messy = [
      "# top comment",
      "cards:",
      "  - ability: 'produce 1 scrap'   # the grey part",
      "    kind: location",
      "    id: a",
      "",
      "    name: {fr: \"Décharge\", en: 'Scrapyard'}",
      "    pattern: \"open-production\"",
      "    types: [ scrap ]",
      "    agreement: gain 1 scrap",
      "    spoils: gain 2 scrap",
      "    distance: 1",
      "    text: { ability: { fr: \"Produit: 1\", en: 'Produces 1 Scrap.' } }",
      "  # between the cards",
      "  - id: b",
      "    kind: leader",
      "    name: { en: \"B\", fr: B }",
      "    ability: \"action: pay 1 fuel -> 1 vp\"",
      "    resources: \"1 fuel\"",
      "",
      "",
      "",
      "  - {id: c, kind: leader, name: {en: C, fr: C}, ability: 'after conquer -> 1 vp'}",
      "set: s # the set",
      "# the end",
      "",
    ].join("\n");
    expect(formatted("messy.yaml", messy)).toBe(
      [
        "# top comment",
        "set: s # the set",
        "cards:",
        "  - id: a",
        "    kind: location",
        "    name: { en: Scrapyard, fr: Décharge }",
        "    distance: 1",
        "    types: [scrap]",
        "    spoils: gain 2 scrap",
        "    agreement: gain 1 scrap",
        "    pattern: open-production",
        "    ability: produce 1 scrap # the grey part",
        '    text: { ability: { en: Produces 1 Scrap., fr: "Produit: 1" } }',
        "",
        "  # between the cards",
        "  - id: b",
        "    kind: leader",
        "    name: { en: B, fr: B }",
        "    resources: 1 fuel",
        '    ability: "action: pay 1 fuel -> 1 vp"',
        "",
        "  - { id: c, kind: leader, name: { en: C, fr: C }, ability: after conquer -> 1 vp }",
        "",
        "# the end",
        "",
      ].join("\n"),
    );
  });

  it("keeps strings that would read back as something else quoted", () => {
    const text = ['set: s', 'cards:', '  - id: x', '    name: { en: "1984", fr: "true" }', '    colour: "#ff0000"', '    price: "- 1"', ""].join("\n");
    expect(formatted("q.yaml", text)).toBe(text);
  });

  it("keeps (or gives) double quotes to strings a YAML 1.1 reader (PyYAML) would take for another value, and writes plain what both read alike", () => {
    const quoted = ['set: s', 'cards:', '  - id: x', '    name: { en: "On", fr: "Off" }', '    a: "yes"', '    b: "Y"', '    c: "N"', '    d: "2024-01-01"', '    e: "1_000"', '    f: "0x1F"', ""].join("\n");
    expect(formatted("q.yaml", quoted)).toBe(quoted);
    expect(formatted("q.yaml", quoted.replace(/"/g, "'"))).toBe(quoted);
    expect(formatted("q.yaml", "set: s\ncards:\n  - id: x\n    name: { en: 'Pub', fr: \"Non\" }\n")).toBe("set: s\ncards:\n  - id: x\n    name: { en: Pub, fr: Non }\n");
    for (const value of ["On", "Off", "yes", "Y", "N", "2024-01-01", "1_000", "true", "~", "a: b"]) {
      expect(yamlScalar(value), value).toBe(JSON.stringify(value));
      expect(plainReadsBack(value), value).toBe(false);
    }
    for (const value of ["Pub", "Non", "Oui", "Scrap Yard", "d'Essence"]) expect(yamlScalar(value), value).toBe(value);
  });

  it("keeps a line break or a tab written as an escape in double quotes, and a comment after `key:` on its line", () => {
    const text = [
      "set: s",
      "cards: # the leaders",
      "  - id: x",
      "    kind: leader",
      '    name: { en: "two\\nlines", fr: "a\\tb" }',
      "    text: # signed off",
      "      # by the team",
      "      ability:",
      '        en: "one\\ntwo"',
      "",
    ].join("\n");
    expect(formatted("e.yaml", text)).toBe(text);
  });

  it("keeps a file's CRLF line breaks (a Windows checkout): a canonical file stays as it is, another gets CRLF throughout", () => {
    for (const name of ["leaders", "locations"]) {
      const text = readFileSync(join(repoRoot, "cards", `${name}.yaml`), "utf8").replace(/\n/g, "\r\n");
      expect(formatted(name, text), name).toBe(text);
    }
    const messyCrlf = "cards:\r\n  - kind: leader # k\r\n    id: x\r\nset: s\r\n";
    expect(formatted("m.yaml", messyCrlf)).toBe("set: s\r\ncards:\r\n  - id: x\r\n    kind: leader # k\r\n");
  });

  it("pads flow mappings and not flow lists when they are nested in each other too", () => {
    expect(formatted("n.yaml", "set: s\ncards: [ {id: x, kind: location, types: [ scrap,fuel ], name: {fr: b, en: a}} ]\n")).toBe(
      "set: s\ncards: [{ id: x, kind: location, name: { en: a, fr: b }, types: [scrap, fuel] }]\n",
    );
  });

  it("keeps values, comments and its own output on generated card files", () => {
    // Strings a designer may write: YAML's indicators, look-alikes of other types, accents, spaces and breaks at the ends.
    const piece = fc.constantFrom("a", "Pub", "true", "null", "1.5", "0x1F", "a: b", "x # y", "- lead", "[x]", "{y}", "'q'", '"d"', "é", "Café", ",", ":", "#", "\n", "\t", " ", "~", "&a", "*b", "!t", "%", "@", "`", "|", ">", "?");
    const str = fc.array(piece, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(""));
    const comment = fc.option(fc.constantFrom("# note", "#: odd", "# TODO: fill", "# é ü"), { nil: undefined });
    const quoted = (v: string, style: number): string => (style === 0 ? JSON.stringify(v) : style === 1 ? `'${v.replace(/'/g, "''")}'` : v);
    const card = fc.record({
      id: str, en: str, fr: str, ability: str, style: fc.nat(2), flow: fc.boolean(), keyComment: comment, lineComment: comment, swap: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(card, { minLength: 1, maxLength: 3 }), comment, (cards, head) => {
        const lines = [...(head === undefined ? [] : [head]), "set: s", `cards:${cards[0]!.keyComment === undefined ? "" : ` ${cards[0]!.keyComment}`}`];
        for (const c of cards) {
          const name = c.flow
            ? [`    name: { fr: ${quoted(c.fr, c.style)}, en: ${quoted(c.en, c.style)} }${c.lineComment === undefined ? "" : ` ${c.lineComment}`}`]
            : [`    name:${c.keyComment === undefined ? "" : ` ${c.keyComment}`}`, `      en: ${quoted(c.en, c.style)}`, `      fr: ${quoted(c.fr, c.style)}`];
          const fields = [`    kind: leader`, ...name, `    ability: ${quoted(c.ability, c.style)}`];
          lines.push(`  - id: ${quoted(c.id, c.style)}`, ...(c.swap ? fields.reverse() : fields));
        }
        const text = lines.join("\n") + "\n";
        const data = parseYaml("p.yaml", text);
        if (!data.ok) return;
        const r = formatCardFile("p.yaml", text);
        expect(r.ok, text).toBe(true);
        const once = r.ok ? r.text : "";
        expect(formatted("p.yaml", once), text).toBe(once);
        const again = parseYaml("p.yaml", once);
        expect(again.ok && again.data, text).toEqual(data.data);
        expect(commentsOf(once).sort(), text).toEqual(commentsOf(text).sort());
      }),
      { numRuns: 300, seed: 51 },
    );
  });

  it("refuses a file that is not valid YAML with validate's diagnostics", () => {
    const r = formatCardFile("bad.yaml", "set: s\ncards:\n  - id: x\n\tkind: location\n");
    expect(r.ok).toBe(false);
    expect(!r.ok && "diagnostics" in r && r.diagnostics.map((d) => d.code)).toEqual(["S51-E004"]);
  });
});

describe("state51 fmt", () => {
  const messy = "set: s\ncards:\n  - kind: leader\n    id: x\n    name: { en: X, fr: X }\n    ability: 'after conquer -> 1 vp'\n";

  it("--check exits 1 listing a file that would change and writes nothing; 0 once it is formatted", () => {
    const { dir, file } = tempFile(messy);
    const check = runCli(["fmt", "--check", "cards.yaml"], dir);
    expect(check.status).toBe(1);
    expect(check.stdout).toContain("cards.yaml: not in the canonical layout");
    expect(readFileSync(file, "utf8")).toBe(messy);
    const fmt = runCli(["fmt", "cards.yaml"], dir);
    expect(fmt.status, fmt.stderr).toBe(0);
    expect(fmt.stdout).toContain("formatted cards.yaml");
    expect(readFileSync(file, "utf8")).toContain("  - id: x\n    kind: leader\n");
    expect(runCli(["fmt", "--check", "cards.yaml"], dir).status).toBe(0);
  });

  it("outside the checkout, refuses to default to state51's own base set: name the files (exit 2, nothing written)", () => {
    const { dir } = tempFile(messy);
    const leaders = readFileSync(join(repoRoot, "cards", "leaders.yaml"), "utf8");
    for (const args of [["fmt"], ["fmt", "--check"]]) {
      const r = runCli(args, dir);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stderr).toBe("state51: error: outside the state51 checkout, name the files to format: state51 fmt my-cards.yaml\n");
      expect(r.stdout).toBe("");
    }
    expect(readFileSync(join(repoRoot, "cards", "leaders.yaml"), "utf8")).toBe(leaders);
    expect(readFileSync(join(dir, "cards.yaml"), "utf8")).toBe(messy);
  });

  it("--check on the base set exits 0", () => {
    const r = runCli(["fmt", "--check"]);
    expect(r.status, r.stdout + r.stderr).toBe(0);
  });

  it("leaves a file that is not valid YAML untouched, printing the diagnostics as validate does (exit 1)", () => {
    const bad = "set: s\ncards:\n  - id: x\n\tkind: location\n";
    const { dir, file } = tempFile(bad);
    const r = runCli(["fmt", "cards.yaml"], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("cards.yaml:4:1: error S51-E004");
    expect(r.stderr).toContain("cards.yaml is left as it is");
    expect(readFileSync(file, "utf8")).toBe(bad);
  });

  it("rewrites a linked card file through its link, keeping the link and the file's permissions", () => {
    const { dir, file } = tempFile(messy, "shared.yaml");
    chmodSync(file, 0o664);
    mkdirSync(join(dir, "cards"));
    symlinkSync(file, join(dir, "cards", "linked.yaml"));
    expect(runCli(["fmt", "cards/linked.yaml"], dir).status).toBe(0);
    expect(lstatSync(join(dir, "cards", "linked.yaml")).isSymbolicLink()).toBe(true);
    expect(readFileSync(file, "utf8")).toBe(formatted("shared.yaml", messy));
    expect(statSync(file).mode & 0o777).toBe(0o664);
  });

  it("leaves a file whose alias the canonical order would put before its anchor, in one line (exit 1), not an internal error", () => {
    const aliased = locationYaml({ agreement: "&s gain 1 scrap", spoils: "*s" }).replace(/ {4}spoils: \*s\n/, "").replace(/( {4}agreement: &s gain 1 scrap\n)/, "$1    spoils: *s\n");
    const { dir, file } = tempFile(aliased);
    const r = runCli(["fmt", "cards.yaml"], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      "state51 fmt: error: cards.yaml is left as it is: the canonical key order would put an alias (*name) before its anchor (&name): write the value out instead of the alias\n",
    );
    expect(readFileSync(file, "utf8")).toBe(aliased);
  });

  it("reports a missing file as validate does (S51-E001 with its path), exit 1, and counts it as not checked", () => {
    const { dir } = tempFile(messy);
    for (const args of [["fmt", "nope.yaml"], ["fmt", "--check", "nope.yaml"]]) {
      const r = runCli(args, dir);
      expect(r.status, args.join(" ")).toBe(1);
      expect(r.stderr).toBe("nope.yaml:1:1: error S51-E001: cannot read the file (no such file or folder)\n\n");
      expect(runCli(["validate", "nope.yaml"], dir).stdout).toContain(r.stderr);
    }
    expect(runCli(["fmt", "--check", "nope.yaml"], dir).stdout).toBe("0 of 0 files would be reformatted, 1 not checked\n");
  });

  // A path the system cannot read (a symlink loop here, since a test run as root can read any folder) is an error too, not a pass.
  it("fails on a path it cannot read (S51-E001 with the system's code), exit 1, and counts it as not checked", () => {
    const { dir } = tempFile(messy);
    symlinkSync("loop", join(dir, "loop"));
    for (const args of [["fmt", "loop"], ["fmt", "--check", "loop"]]) {
      const r = runCli(args, dir);
      expect(r.stderr).toBe("loop:1:1: error S51-E001: cannot read the file (too many symbolic links in the path)\n\n");
      expect(r.status, args.join(" ")).toBe(1);
    }
    expect(runCli(["fmt", "--check", "loop"], dir).stdout).toBe("0 of 0 files would be reformatted, 1 not checked\n");
    expect(runCli(["fmt", "loop"], dir).stdout).toBe("0 formatted, 0 already canonical, 1 not formatted\n");
  });

  it("counts one file as one file", () => {
    const { dir } = tempFile(messy);
    expect(runCli(["fmt", "--check", "cards.yaml"], dir).stdout).toBe("cards.yaml: not in the canonical layout (state51 fmt rewrites it)\n1 of 1 file would be reformatted\n");
  });

  it("leaves a YAML file that is not a card file as it is, an error as in validate (exit 1)", () => {
    const { dir, file } = tempFile("foo: 1\n", "other.yaml");
    expect(runCli(["validate", "other.yaml"], dir).status).toBe(1);
    for (const args of [["fmt", "other.yaml"], ["fmt", "--check", "other.yaml"]]) {
      const r = runCli(args, dir);
      expect(r.status, args.join(" ")).toBe(1);
      expect(r.stderr).toBe("state51 fmt: error: other.yaml is left as it is: not a card file: it has no set:, cards: or vocabulary:\n");
    }
    expect(runCli(["fmt", "other.yaml"], dir).stdout).toBe("0 formatted, 0 already canonical, 1 not formatted\n");
    expect(runCli(["fmt", "--check", "other.yaml"], dir).stdout).toBe("0 of 1 file would be reformatted, 1 not checked\n");
    expect(readFileSync(file, "utf8")).toBe("foo: 1\n");
  });

  it("fails on a folder holding no card file, as validate does, so --check never passes having checked nothing", () => {
    const { dir } = tempFile(messy);
    mkdirSync(join(dir, "empty"));
    for (const args of [["fmt", "--check", "empty"], ["fmt", "empty"]]) {
      const r = runCli(args, dir);
      expect(r.status, args.join(" ")).toBe(1);
      expect(runCli(["validate", "empty"], dir).stdout).toContain(r.stderr);
      expect(r.stderr).toContain("empty:1:1: error S51-E012: no card files (*.yaml, *.yml) in this folder");
    }
  });
});
