/**
 * An expansion's vocabulary cannot silently change the base set: a word that
 * already means something elsewhere is refused (the "worker" shadowing case),
 * a contact colour says which actions it performs and the engine counts its
 * range toward those only, and the universal resource pays for basic
 * resources only.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { basicResources, contactColours } from "../src/compiler/compile.js";
import type { CardRegistry } from "../src/engine/definitions.js";
import { paymentOptions } from "../src/engine/payment.js";
import { rangePlanner, rangePlans } from "../src/engine/range.js";
import { canPayResources } from "../src/engine/tokens.js";
import { validatePaths } from "../src/pipeline/validate.js";
import { registry, testGame } from "./engine-harness.js";
import { locationYaml, validateText } from "./helpers.js";

const fixtures = join(import.meta.dirname, "fixtures", "invalid");

const shadowing = `set: test
vocabulary:
  resources:
    - id: labour
      words: [labour, worker]
      en: { one: Labour, other: Labour }
      fr: { one: Main-d'œuvre, other: Main-d'œuvre, gender: feminine, elision: false }
`;

describe("an expansion's words cannot shadow another file's", () => {
  it("refuses a resource written `worker`, and `gain 1 worker` still gives Workers", () => {
    const card = locationYaml({ id: "hiring-hall", spoils: "gain 1 worker", agreement: "gain 1 labour" }).replace("set: test\n", "");
    const result = validateText(shadowing + card);
    const clash = result.diagnostics.filter((d) => d.code === "S51-E314");
    expect(clash).toHaveLength(1);
    expect(clash[0]).toMatchObject({ line: 5, column: 23 });
    expect(clash[0]!.message).toContain('"worker"');
    expect(clash[0]!.hint).toMatch(/cards[\\/]vocabulary\.yaml:\d+:\d+/);
    // The resource is not defined, so the base token keeps its meaning.
    expect(result.vocabulary.words.resources.has("worker")).toBe(false);
    expect(result.vocabulary.words.tokens.get("worker")?.id).toBe("worker");
    const hall = result.cards.find((c) => c.id === "hiring-hall");
    expect(hall).toBeUndefined(); // `labour` is unknown now: the card is reported, not compiled with a wrong meaning
    expect(result.diagnostics.some((d) => d.code === "S51-E301" && d.message.includes("labour"))).toBe(true);
  });

  it("tells both expansions when they write the same word, whichever is loaded first", () => {
    const result = validatePaths([join(fixtures, "vocabulary-clash")], { cwd: fixtures });
    const clash = result.diagnostics.filter((d) => d.code === "S51-E314");
    expect(clash.map((d) => d.file).sort()).toEqual(["vocabulary-clash/desert.yaml", "vocabulary-clash/river.yaml"]);
    const desert = clash.find((d) => d.file.endsWith("desert.yaml"))!;
    const river = clash.find((d) => d.file.endsWith("river.yaml"))!;
    expect(desert.hint).toContain("vocabulary-clash/river.yaml:5:15");
    expect(river.hint).toContain("vocabulary-clash/desert.yaml:4:11");
  });

  it("refuses a printed name another file prints, whatever its case", () => {
    const result = validatePaths([join(fixtures, "vocabulary-printed-name-taken.yaml")], { cwd: fixtures });
    const [d] = result.diagnostics;
    expect(d).toMatchObject({ code: "S51-E314", line: 6, column: 18 });
    expect(d!.message).toBe('the French name "essence" is already the French name of resource "fuel" in the base set');
  });

  it("lets one file name a resource and a card type with the same word, as the base set does", () => {
    const text = `set: test
vocabulary:
  resources:
    - id: water
      en: { one: Water, other: Water }
      fr: { one: Eau, other: Eau, gender: feminine, elision: true }
  cardTypes:
    - id: water
      en: { one: Water, other: Water }
      fr: { one: Eau, other: Eau, gender: feminine, elision: true }
`;
    expect(validateText(text).diagnostics).toEqual([]);
  });
});

const colour = (entry: string): string => `set: test
vocabulary:
  contactColours:
    - id: trade
${entry}      en: { one: Trade, other: Trade }
      fr: { one: Commerce, other: Commerce, gender: masculine, elision: false }
`;

describe("a contact colour performs the actions it names", () => {
  it("refuses a new colour that names no action", () => {
    const [d] = validateText(colour("")).diagnostics;
    expect(d).toMatchObject({ code: "S51-E315", line: 4, column: 11 });
    expect(d!.hint).toContain("actions: [cooperate]");
  });

  it("refuses an action that does not exist, with a suggestion", () => {
    const [d] = validateText(colour("      action: cooperat\n")).diagnostics;
    expect(d).toMatchObject({ code: "S51-E356", line: 5, column: 15 });
    expect(d!.hint).toBe('did you mean "cooperate"?');
  });

  it("compiles each colour's actions into the registry, `action: x` meaning `actions: [x]`", () => {
    const result = validateText(colour("      actions: [cooperate, incorporate]\n"));
    expect(result.diagnostics).toEqual([]);
    expect(Object.fromEntries(contactColours(result.vocabulary))).toEqual({
      conquest: ["conquer"],
      cooperation: ["cooperate"],
      incorporation: ["incorporate"],
      universal: ["conquer", "cooperate", "incorporate"],
      trade: ["cooperate", "incorporate"],
    });
  });

  it("counts a contact token's range toward its colour's actions only", () => {
    const cards: CardRegistry = { ...registry, contactColours: { ...registry.contactColours, trade: ["cooperate", "incorporate"] } };
    const game = { ...testGame(), cards };
    const p = game.state.players[0]!;
    p.contacts = [];
    p.pool.contactTokens = [{ colour: "trade", range: 3 }];
    const reaches = rangePlanner(game, 0);
    expect(reaches("cooperation", 3)).toBe(true);
    expect(reaches("incorporation", 3)).toBe(true);
    expect(reaches("conquest", 1)).toBe(false);
    expect(rangePlans(game, 0, "cooperation", 3, "none")).toEqual([{ tokens: [0], permanents: [], contacts: [] }]);
    expect(rangePlans(game, 0, "conquest", 1, "none")).toEqual([]);
  });
});

describe("the universal resource", () => {
  // Rulebook: "The universal resource can substitute any one of the four basic resources."
  it("pays for a basic resource and never for one marked `basic: false`", () => {
    const game = testGame();
    const p = game.state.players[0]!;
    p.pool.resources = { universal: 1 };
    const basic = registry.basicResources;
    expect(canPayResources(p, { fuel: 1 }, basic)).toBe(true);
    expect(paymentOptions(p, { fuel: 1 }, basic)).toEqual([[{ from: { kind: "pool" }, token: "universal", amount: 1 }]]);
    expect(canPayResources(p, { relic: 1 }, basic)).toBe(false);
    expect(paymentOptions(p, { relic: 1 }, basic)).toEqual([]);
  });

  it("leaves resources marked `basic: false` out of the registry's basic resources", () => {
    const text = `set: test
vocabulary:
  resources:
    - id: relic
      basic: false
      en: { one: Relic, other: Relics }
      fr: { one: Relique, other: Reliques, gender: feminine, elision: false }
`;
    const result = validateText(text);
    expect(result.diagnostics).toEqual([]);
    expect(basicResources(result.vocabulary)).toEqual(["scrap", "fuel", "weapons", "building-material"]);
  });
});

describe("vocabulary ids across sets", () => {
  it("tells two sets that add the same id why they cannot both have it", () => {
    const result = validatePaths([join(fixtures, "vocabulary-clash")], { cwd: fixtures });
    const desert = result.diagnostics.find((d) => d.file.endsWith("desert.yaml"))!;
    expect(desert.message).toBe('the id "water" is already the word of resource "fresh-water" in set "river"');
    expect(desert.hint).toContain("vocabulary is shared by every loaded set");
  });
});
