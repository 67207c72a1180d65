/**
 * Mutated card files: small valid files and the edits that break them in the
 * ways designers do (a key or value changed, a line moved, re-indented or
 * deleted, stray bytes). Shared by the validator's property test and the lean
 * YAML reader's differential test.
 */
import fc from "fast-check";
import { locationYaml } from "./helpers.js";

/** Small valid card files, one of each kind, for the mutations to start from. */
export const validFiles = [
  locationYaml(),
  locationYaml({ pattern: "action", ability: '"action(2 workers): pay 1 fuel -> 2 x 1 vp"' }),
  locationYaml({ pattern: "trait", ability: "slots 2 spoils; depot 3; lookout draw-instead", spoils: "gain contact conquest 2" }),
  locationYaml({ pattern: "open-production", ability: "|\n      produce 2 fuel;\n      keep 3", types: "[fuel, universal]" }),
  [
    "set: test",
    "cards:",
    "  - id: test-base",
    "    kind: base",
    "    name: { en: Test Base, fr: Base de test }",
    "    faction: new-york",
    "    ability: produce 3 workers, 1 scrap; slots 3 deals",
    "  - id: test-contact",
    "    kind: contact",
    "    name: { en: Test Contact, fr: Contact de test }",
    "    use: permanent",
    "    faction: mutants-union",
    "    colour: universal",
    "    range: 3",
    "    price: 1 card, 1 building-material",
    "  - id: test-leader",
    "    kind: leader",
    "    name:",
    "      en: Test Leader",
    "      fr: Chef de test",
    "    resources: 1 weapons",
    '    ability: "action(0 workers, repeatable): pay 2 cards -> 1 vp"',
    "",
  ].join("\n"),
];

/** Keys to write, right, misspelt or not YAML keys at all. */
export const keys = [
  "set", "cards", "vocabulary", "id", "kind", "name", "en", "fr", "distance", "types", "spoils", "agreement", "pattern",
  "ability", "faction", "use", "colour", "range", "price", "resources", "abilty", "Kind", "<<", "? x", "- id", "",
];

/** Values to write, from card values to every YAML construct a card file should not hold. */
export const values = [
  "", "~", "null", "0", "4", "-1", "1.5", "1e9", "true", "two", "[]", "[scrap, fuel]", "{}", "{ en: A }", "{ en: A, fr: B }",
  '"', "'", '"unclosed', "'it''s'", '"\\u0041\\n"', "|", ">-", "&a x", "*a", "*missing", "!!binary aGk=", "!tag x", "---", "...",
  "gain 3 scrap", "produce 1 fule", "action: 1 vp", "@", "`", "%YAML 1.2", "[", "{", "- - -", "x: y: z", "# comment",
  "location", "contact", "trait", "one-time", "permanent", "universal", "é", "😀", "\t",
];

export type FileMutation =
  | { op: "key"; line: number; key: string }
  | { op: "value"; line: number; value: string }
  | { op: "indent"; line: number; indent: string }
  | { op: "deleteLine"; line: number }
  | { op: "duplicateLine"; line: number; to: number }
  | { op: "bytes"; at: number; bytes: readonly number[] };

/** One edit a designer (or a bad disk) might make to a card file. */
export const fileMutation: fc.Arbitrary<FileMutation> = fc.oneof(
  fc.record({ op: fc.constant("key" as const), line: fc.nat(), key: fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 6 })) }),
  fc.record({ op: fc.constant("value" as const), line: fc.nat(), value: fc.oneof(fc.constantFrom(...values), fc.string({ maxLength: 10 })) }),
  fc.record({ op: fc.constant("indent" as const), line: fc.nat(), indent: fc.constantFrom("", " ", "  ", "   ", "      ", "\t", "  \t", "- ") }),
  fc.record({ op: fc.constant("deleteLine" as const), line: fc.nat() }),
  fc.record({ op: fc.constant("duplicateLine" as const), line: fc.nat(), to: fc.nat() }),
  fc.record({
    op: fc.constant("bytes" as const),
    at: fc.nat(),
    bytes: fc.oneof(
      fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 4 }),
      fc.constantFrom([0x00], [0xff], [0xc3], [0xc3, 0x28], [0xef, 0xbb, 0xbf], [0x0d], [0x0d, 0x0a], [0xe2, 0x86, 0x92]),
    ),
  }),
);

/** The file with the edits made, as bytes (some edits are not UTF-8). */
export function mutateFile(text: string, mutations: readonly FileMutation[]): Buffer {
  let lines = text.split("\n");
  const bytePatches: { at: number; bytes: readonly number[] }[] = [];
  for (const m of mutations) {
    const i = m.op === "bytes" ? 0 : m.line % Math.max(1, lines.length);
    const line = lines[i] ?? "";
    const indent = /^[ \t-]*/.exec(line)![0];
    const colon = line.indexOf(":");
    switch (m.op) {
      case "key":
        lines[i] = colon >= 0 ? `${indent}${m.key}${line.slice(colon)}` : `${indent}${m.key}: ${line.trim()}`;
        break;
      case "value":
        lines[i] = colon >= 0 ? `${line.slice(0, colon + 1)} ${m.value}` : `${indent}${m.value}`;
        break;
      case "indent":
        lines[i] = m.indent + line.trimStart();
        break;
      case "deleteLine":
        lines = lines.filter((_, k) => k !== i);
        break;
      case "duplicateLine":
        lines.splice(m.to % (lines.length + 1), 0, line);
        break;
      case "bytes":
        bytePatches.push(m);
        break;
    }
  }
  let bytes = Buffer.from(lines.join("\n"), "utf8");
  for (const p of bytePatches) {
    const at = p.at % (bytes.length + 1);
    bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from(p.bytes), bytes.subarray(at)]);
  }
  return bytes;
}

