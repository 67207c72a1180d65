/**
 * The lean YAML reader (src/load/lean-yaml.ts) against the yaml library:
 * wherever the lean one reads a text, both give the same nodes, ranges, types,
 * values, line starts and data; comments aside, which the lean one does not
 * keep. Checked on every card file of the project and the fixtures, and on
 * mutated card files; and the lean reader must read the base set itself, or
 * `validate` would quietly lose its speed.
 */
import fc from "fast-check";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { isMap, isPair, isScalar, isSeq, LineCounter, parseAllDocuments } from "yaml";
import { readLeanYaml } from "../src/load/lean-yaml.js";
import { parseYaml } from "../src/load/parse-yaml.js";
import { fileMutation, keys, mutateFile, validFiles, values } from "./card-file-mutations.js";

const root = join(import.meta.dirname, "..");

/** What the lean reader does not keep. */
const commentFields = new Set(["comment", "commentBefore", "spaceBefore"]);

/** A node as plain data: its kind, every own field but the comments, its items. */
function shape(node: unknown): unknown {
  if (node === null || typeof node !== "object") return node;
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) if (!commentFields.has(k) && k !== "items" && k !== "key" && k !== "value") fields[k] = v;
  if (isPair(node)) return { pair: [shape(node.key), shape(node.value)], fields };
  if (isMap(node) || isSeq(node)) return { kind: isMap(node) ? "map" : "seq", fields, items: node.items.map(shape) };
  if (isScalar(node)) return { kind: "scalar", value: node.value, fields };
  return { kind: "other", fields };
}

/** The library's reading of a text, in the same terms; undefined when it has errors or not one document. */
function libraryReading(text: string): unknown {
  const lines = new LineCounter();
  const docs = parseAllDocuments(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (!Array.isArray(docs) || docs.length !== 1 || docs[0]!.errors.length > 0) return undefined;
  const doc = docs[0]!;
  return { range: doc.range, lineStarts: lines.lineStarts, contents: shape(doc.contents), data: doc.toJS() };
}

function leanReading(text: string): unknown {
  const lean = readLeanYaml(text);
  if (lean === undefined) return undefined;
  // The data it builds is the data of the document it builds.
  expect(lean.data).toEqual(lean.doc.toJS());
  return { range: lean.doc.range, lineStarts: lean.lines.lineStarts, contents: shape(lean.doc.contents), data: lean.data };
}

/** Whether the two readers agree: the lean one may decline, never differ. */
function expectAgreement(text: string): boolean {
  const lean = leanReading(text);
  if (lean === undefined) return false;
  expect(lean, JSON.stringify(text)).toEqual(libraryReading(text));
  return true;
}

function yamlFilesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (name === "node_modules" || name.startsWith(".")) continue;
    if (statSync(path).isDirectory()) out.push(...yamlFilesUnder(path));
    else if (name.endsWith(".yaml") || name.endsWith(".yml")) out.push(path);
  }
  return out;
}

/**
 * A random document in (mostly) the lean reader's subset: mappings and
 * sequences nested a few deep, one-line values of every kind, and blank and
 * comment lines at random indentations between any two lines.
 */
function randomDocument(seed: number): string {
  let state = seed;
  const next = (n: number): number => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % n;
  };
  const pick = <T,>(xs: readonly T[]): T => xs[next(xs.length)]!;
  const words = ["id", "kind", "name", "en", "fr", "types", "ability", "x", "y_z", "a-b"];
  const scalars = ["gain 2 scrap", "Pub", "12", "0", "true", "False", "'it''s'", '"Z"', "x:y", "a#b", "é à"];
  const flows = ["{ en: X Y, fr: 'Z' }", "[scrap, fuel]", "[ a , b ]", '{ en: "A" , fr: B }', "[1, 2]"];
  // Values the lean reader leaves to the library, now and then.
  const others = ["1.5", "null", "-1", "~", "", "{ a: b, a: c }", "[]", "[a,]", "|", "&x y"];
  const out: string[] = [];
  const between = (): void => {
    for (let k = next(4); k > 0; k--) out.push(next(2) === 0 ? "" : `${" ".repeat(next(3) === 0 ? next(7) : 0)}# note ${next(9)}`);
  };
  const value = (): string => (next(12) === 0 ? pick(others) : next(4) === 0 ? pick(flows) : pick(scalars));
  const mapping = (indent: number, depth: number, first?: string): void => {
    const keys = new Set<string>();
    for (let i = 0, n = 1 + next(3); i < n; i++) {
      const key = pick(words);
      keys.add(key);
      const lead = i === 0 && first !== undefined ? first : " ".repeat(indent);
      if (depth < 3 && next(3) === 0) {
        out.push(`${lead}${key}:${next(4) === 0 ? " # on key" : ""}`);
        between();
        if (next(2) === 0) mapping(indent + 2, depth + 1);
        else sequence(indent + 2, depth + 1);
      } else out.push(`${lead}${key}: ${value()}${next(5) === 0 ? "  # trailing" : ""}`);
      between();
    }
  };
  const sequence = (indent: number, depth: number): void => {
    for (let i = 0, n = 1 + next(3); i < n; i++) {
      if (depth < 3 && next(2) === 0) mapping(indent + 2, depth + 1, `${" ".repeat(indent)}- `);
      else out.push(`${" ".repeat(indent)}- ${value()}`);
      between();
    }
  };
  between();
  mapping(0, 0);
  return out.join("\n") + (next(3) === 0 ? "" : "\n");
}

describe("the lean YAML reader", () => {
  it("reads every file of the base set (so validate takes the fast path)", () => {
    for (const name of readdirSync(join(root, "cards")).filter((n) => n.endsWith(".yaml"))) {
      const text = readFileSync(join(root, "cards", name), "utf8");
      expect(expectAgreement(text), name).toBe(true);
    }
  });

  it("agrees with the library on every YAML file of the project, or leaves it to the library", () => {
    let read = 0;
    const files = [...yamlFilesUnder(join(root, "cards")), ...yamlFilesUnder(join(root, "test"))];
    for (const path of files) {
      const text = readFileSync(path, "utf8");
      try {
        if (expectAgreement(text)) read++;
      } catch (error) {
        throw new Error(`${relative(root, path)}: ${(error as Error).message}`);
      }
    }
    // Most fixtures are broken on purpose and left to the library; the valid ones are read.
    expect(read).toBeGreaterThan(20);
  });

  it("agrees on the small valid files and on mutated card files", () => {
    for (const text of validFiles) expectAgreement(text);
    let read = 0;
    fc.assert(
      fc.property(fc.constantFrom(...validFiles), fc.array(fileMutation, { minLength: 1, maxLength: 5 }), (text, mutations) => {
        if (expectAgreement(mutateFile(text, mutations).toString("utf8"))) read++;
      }),
      // Most mutations break the YAML (left to the library): enough runs for a hundred or so read.
      { seed: 51, numRuns: 2000 },
    );
    // Enough of the mutated files are read for the agreement to mean something.
    expect(read).toBeGreaterThan(100);
  });

  it("agrees on values of every kind written in place of a card's fields", () => {
    const base = "set: x\ncards:\n  - id: a\n    name: { en: A, fr: B }\n    types: [scrap, fuel]\n    kind: K\n";
    const variants = fc.tuple(fc.constantFrom("name", "kind", "types", "id"), fc.oneof(fc.constantFrom(...values, ...keys), fc.string({ maxLength: 12 })));
    let read = 0;
    fc.assert(
      fc.property(variants, ([field, value]) => {
        if (expectAgreement(base.replace(new RegExp(`(${field}: ).*`), `$1${value}`))) read++;
      }),
      { seed: 51, numRuns: 600 },
    );
    expect(read).toBeGreaterThan(100);
  });

  it("agrees on random nested documents with comments and blank lines anywhere", () => {
    let read = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        if (expectAgreement(randomDocument(seed))) read++;
      }),
      { seed: 51, numRuns: 1500 },
    );
    expect(read).toBeGreaterThan(300);
  });

  it("agrees on the layouts card files use, spacing and comments included", () => {
    const layouts = [
      "a: b\n",
      "a: b",
      "a: b  \n\n# end\n",
      "# head\n\na: 1\nb: 22\n",
      "a:\n  - x\n  - y # c\n\n  # between\n  - z\n",
      "a:\n  - id: p\n    n: { en: X Y , fr: 'it''s' }\n\n  -   id: q\n      t: [a , b ]\n",
      'a: { en: "X", fr: Y }  # c\nb: [ "x" ]\n',
      "a: x:y\nb: x#y\nc: it's\nd: 007\ne: { f: false, g: True }\n",
      "a:\n    deep: 1\nb: 2\n",
      "x: é à ç — “quoted”\n",
      "a: # c\n  b: 1\n",
      "a:\n# c0\n  - k: v\n  # c2\n  - k: w\n# c0\n",
      // Plain scalars YAML reads as text though they hold indicators, and NBSP, which YAML does not count as a space.
      "a: x]\nb: 50%\nc: x!y &z *w\nd: ...\ne: x:\u00a0y\nf: \u00a0\ng: [x\u00a0, it's]\n",
    ];
    for (const text of layouts) expect(expectAgreement(text), JSON.stringify(text)).toBe(true);
  });

  it("leaves to the library what it does not read", () => {
    const declined = [
      "a: b\r\n",
      "a:\tb\n",
      "a: |\n  x\n",
      "a: &x 1\nb: *x\n",
      "a: !!str 1\n",
      "<<: { a: 1 }\n",
      "a: b\na: c\n",
      "a: 1.5\n",
      "a: -1\n",
      "a: null\n",
      "a:\n",
      "a: b\n  c\n",
      'a: "x\\ny"\n',
      "a: {}\n",
      "a: [x, [y]]\n",
      "--- \na: b\n",
      "a: b # TODO: write it\n",
      "a: b\u200b\n",
      "__proto__: x\n",
      "a:\n  - k: v\n    # c4\n",
      "a:\n  - k: v\n    # c4\n  - k: w\n",
      "a: 1\n  # c2\nb: 2\n",
      // YAML caps an implicit block key at 1024 characters: the library reports a longer one.
      `${"k".repeat(1025)}: v\n`,
      `a:\n  - ${"k".repeat(1025)}: v\n`,
    ];
    for (const text of declined) expect(readLeanYaml(text), JSON.stringify(text)).toBeUndefined();
    // At the limit, and in a flow mapping (where the library sets none), a long key is read.
    expect(expectAgreement(`${"k".repeat(1024)}: v\n`)).toBe(true);
    expect(expectAgreement(`a: { ${"k".repeat(1025)}: v }\n`)).toBe(true);
  });

  it("reads a mapping nested 200 deep, and never throws on a deeper one", () => {
    const nested = (depth: number): string => Array.from({ length: depth }, (_, i) => `${"  ".repeat(i)}k:`).join("\n") + " v\n";
    expect(expectAgreement(nested(200))).toBe(true);
    // About as deep as a file under the 1 MB limit can nest (its indentation grows with the depth).
    expect(() => readLeanYaml(nested(1000))).not.toThrow();
  });

  it("gives validate the same data and diagnostics as the library", () => {
    const text = readFileSync(join(root, "cards", "locations.yaml"), "utf8");
    const lean = parseYaml("cards/locations.yaml", text, { lean: true });
    const library = parseYaml("cards/locations.yaml", text);
    expect(lean.ok && library.ok).toBe(true);
    if (lean.ok && library.ok) expect(lean.data).toEqual(library.data);
  });
});
