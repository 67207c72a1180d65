/**
 * One construct, one module (src/constructs): every trait in the table goes
 * through every stage by its own pieces, and a module that lacks a piece, or
 * a table entry under another construct's name, does not compile. The list
 * of traits tested is the table's, never typed here.
 */
import { join } from "node:path";
import { Project, ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import { parseStatements } from "../grammar/index.js";
import type { BaseCard, LocationCard } from "../src/check/model.js";
import { compileCards } from "../src/compiler/compile.js";
import { traitConstructs, traitKinds } from "../src/constructs/traits/index.js";
import type { BaseDef, CardDef, CardRegistry, LocationDef } from "../src/engine/definitions.js";
import { cardFacts, type LocationFacts } from "../src/engine/facts.js";
import { textRenderer } from "../src/text/render.js";
import { langs } from "../src/text/words.js";
import { evaluateModule, locationYaml, repoRoot, validateText } from "./helpers.js";

/** The compiled card of a one-card set, evaluated (generated modules import only types). */
async function compiled(card: LocationCard, vocabulary: Parameters<typeof compileCards>[0]["vocabulary"]): Promise<LocationDef> {
  const files = compileCards({ cards: [card], vocabulary });
  const module = files.find((f) => f.path.endsWith("locations.ts"))!;
  const exports = (await evaluateModule(module.text)) as { locations: readonly LocationDef[] };
  return exports.locations[0]!;
}

function registryOf(def: CardDef): CardRegistry {
  return { cards: [def], byId: new Map([[def.id, def]]), basicResources: ["scrap", "fuel", "weapons", "building-material"], contactColours: {} };
}

describe.each(traitKinds)("the %s trait", (kind) => {
  const construct = traitConstructs[kind];

  it("parses its example into its own node, spanning the statement", () => {
    const parsed = parseStatements(construct.example);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.map((s) => s.kind)).toEqual([kind]);
    expect(parsed.value[0]!.span).toEqual({ start: 0, end: construct.example.length });
  });

  it("checks, compiles, reads aloud in both languages and means something to the engine", async () => {
    const result = validateText(locationYaml({ pattern: "trait", ability: JSON.stringify(construct.example) }));
    expect(result.diagnostics).toEqual([]);
    const card = result.cards[0] as LocationCard;
    expect(card.ability.pattern === "trait" && card.ability.traits.map((t) => t.kind)).toEqual([kind]);

    for (const lang of langs) {
      const text = textRenderer(result.vocabulary, lang).card(card).parts.ability ?? "";
      expect(text.length, `${lang} text`).toBeGreaterThan(0);
      expect(text).not.toMatch(/undefined|NaN|\[object/);
    }

    const def = await compiled(card, result.vocabulary);
    expect(def.ability.pattern === "trait" && def.ability.traits.map((t) => t.kind)).toEqual([kind]);
    // Its engine hook adds something to the card's facts that a trait card without it lacks.
    const facts = cardFacts(registryOf(def)).locations.get(def.id)!;
    const added = [facts.slots !== undefined, facts.lookout.size > 0, facts.converts.length > 0, facts.depots.length > 0, facts.perCardType.length > 0, Object.keys(facts.limits).length > 0, facts.rangeChanges.length > 0, facts.triggers.length > 0];
    expect(added.filter(Boolean)).toHaveLength(1);
  });
});

/** A Base of the base vocabulary's New York whose ability adds `power` after its production. */
function baseYaml(power: string): string {
  const ability = JSON.stringify(`produce 3 workers, 1 scrap; ${power}`);
  return ["set: test", "cards:", "  - id: test-base", "    kind: base", "    name: { en: Test Base, fr: Base de test }", "    faction: new-york", `    ability: ${ability}`, ""].join("\n");
}

/** What a grey part's facts say, without what only a Location card has (its definition, types, pattern). */
function abilityOnly(f: LocationFacts): Omit<LocationFacts, "def" | "typeMask" | "openProduction"> {
  const { def: _def, typeMask: _typeMask, openProduction: _open, ...rest } = f;
  return rest;
}

/** Facts as plain data: a trigger's test (`fires`), a closure made per card, compares by its source; a set by its members. */
function plain(facts: unknown): unknown {
  return JSON.parse(JSON.stringify(facts, (_k, v: unknown) => (typeof v === "function" ? String(v) : v instanceof Set ? [...v] : v)));
}

// A Base's `slots` is not a power: it is how many deals the Base holds (`slots 3 deals`; see checkBase).
describe.each(traitKinds.filter((k) => k !== "slots"))("the %s trait on a Base (its faction power)", (kind) => {
  const construct = traitConstructs[kind];

  it("checks, compiles, reads aloud in both languages and means to the engine what it means on a Location in play", async () => {
    const result = validateText(baseYaml(construct.example));
    expect(result.diagnostics).toEqual([]);
    const card = result.cards[0] as BaseCard;
    expect(card.power?.pattern === "trait" && card.power.traits.map((t) => t.kind)).toEqual([kind]);
    const onLocation = validateText(locationYaml({ pattern: "trait", ability: JSON.stringify(construct.example) }));
    const locationCard = onLocation.cards[0] as LocationCard;
    for (const lang of langs) {
      const text = (c: BaseCard | LocationCard): string | undefined => textRenderer(result.vocabulary, lang).card(c).parts.ability;
      expect(text(card), `${lang} text`).toBe(text(locationCard));
    }
    const files = compileCards({ cards: [card], vocabulary: result.vocabulary });
    const def = ((await evaluateModule(files.find((f) => f.path.endsWith("bases.ts"))!.text)) as { bases: readonly BaseDef[] }).bases[0]!;
    const location = await compiled(locationCard, onLocation.vocabulary);
    expect(plain(cardFacts(registryOf(def)).powers.get(def.id))).toEqual(plain(abilityOnly(cardFacts(registryOf(location)).locations.get(location.id)!)));
  });
});

describe("the construct table", () => {
  /** Type errors of a module written beside the trait constructs (in memory: nothing is written). */
  function typeErrors(text: string): string[] {
    const project = new Project({ tsConfigFilePath: join(repoRoot, "tsconfig.json"), skipAddingFilesFromTsConfig: true });
    const file = project.createSourceFile(join(repoRoot, "src/constructs/traits/probe.ts"), text, { overwrite: true });
    project.resolveSourceFileDependencies();
    return file.getPreEmitDiagnostics().map((d) => ts.flattenDiagnosticMessageText(d.compilerObject.messageText, "\n"));
  }

  it("refuses a construct that lacks any one of its pieces, and a table entry under another construct's name", () => {
    const pieces = Object.keys(traitConstructs.depot);
    expect(pieces).toEqual(expect.arrayContaining(["grammar", "build", "check", "emit", "text", "engine"]));
    const probe = [
      'import type { TraitConstruct } from "../construct.js";',
      'import { depot, type DepotDef, type DepotModel, type DepotNode } from "./depot.js";',
      'import { slots } from "./slots.js";',
      "type Depot = TraitConstruct<\"depot\", DepotNode, DepotModel, DepotDef>;",
      ...pieces.map((piece) => `const { ${piece}: _${piece}, ...without_${piece} } = depot;\nexport const lacks_${piece}: Depot = without_${piece};`),
      'export const named: { readonly depot: { readonly kind: "depot" } } = { depot: slots };',
      "export const whole: Depot = depot;",
    ].join("\n");
    const errors = typeErrors(probe);
    for (const piece of pieces) expect(errors.some((e) => e.includes(`Property '${piece}' is missing`)), piece).toBe(true);
    expect(errors.some((e) => e.includes(`'"slots"' is not assignable to type '"depot"'`))).toBe(true);
    expect(errors).toHaveLength(pieces.length + 1);
  });
});
