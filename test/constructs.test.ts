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
import type { LocationCard } from "../src/check/model.js";
import { compileCards } from "../src/compiler/compile.js";
import { traitConstructs, traitKinds } from "../src/constructs/traits/index.js";
import { conditionConstructs, conditionKinds, conditionPieces } from "../src/constructs/conditions/index.js";
import { registry } from "../generated/index.js";
import { cardFacts, stepsOf } from "../src/engine/facts.js";
import { newGame } from "../src/engine/machine.js";
import type { GainStep } from "../src/engine/tasks.js";
import type { CardDef, CardRegistry, LocationDef } from "../src/engine/definitions.js";
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

describe.each(conditionKinds)("the %s condition", (kind) => {
  const construct = conditionConstructs[kind];
  const statement = `produce 1 scrap if ${construct.example}`;

  it("parses its example after `if` into its own node, spanning the condition", () => {
    const parsed = parseStatements(statement);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const s = parsed.value[0]!;
    expect(s.kind === "produce" && s.condition?.condition.kind).toBe(kind);
    expect(s.kind === "produce" && statement.slice(s.condition!.condition.span.start, s.condition!.condition.span.end)).toBe(construct.example.replace(/^you /, ""));
  });

  it("checks, compiles to data, reads aloud in both languages and is tested by the engine", async () => {
    const result = validateText(locationYaml({ ability: JSON.stringify(statement) }));
    expect(result.diagnostics).toEqual([]);
    const card = result.cards[0] as LocationCard;
    const gift = card.ability.pattern === "closed-production" ? card.ability.produce[0] : undefined;
    expect(gift?.kind === "if" && gift.condition.kind).toBe(kind);

    for (const lang of langs) {
      const text = textRenderer(result.vocabulary, lang).card(card).parts.ability ?? "";
      expect(text, `${lang} text`).toMatch(lang === "en" ? / if you / : / si vous /);
      expect(text).not.toMatch(/undefined|NaN|\[object/);
    }

    const def = await compiled(card, result.vocabulary);
    const step = def.ability.pattern === "closed-production" ? stepsOf(def.ability.produce)[0] : undefined;
    expect(step?.op === "if" && step.condition.kind).toBe(kind);
    // Its engine piece answers for a player of a game, whatever the answer.
    const game = newGame(registry, { seed: 1, players: 2 });
    expect(typeof conditionPieces.holds(game, 0, (step as Extract<GainStep, { op: "if" }>).condition)).toBe("boolean");
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

  /**
   * A probe module taking one piece at a time out of a construct `name` of the
   * interface `type` (imported from `module`, beside `other`, another of its
   * table): each must fail to type-check, as must a table entry under the
   * other's name; the whole construct must not.
   */
  function refusesMissingPieces(construct: object, c: { type: string; typeModule: string; name: string; kind: string; types: string; module: string; other: string; otherModule: string }): void {
    const pieces = Object.keys(construct);
    expect(pieces).toEqual(expect.arrayContaining(["grammar", "build", "check", "emit", "text", "engine"]));
    const probe = [
      `import type { ${c.type} } from "${c.typeModule}";`,
      `import { ${c.name}, ${c.types} } from "${c.module}";`,
      `import { ${c.other} } from "${c.otherModule}";`,
      `type Whole = ${c.type}<"${c.kind}", ${c.types.replace(/type /g, "")}>;`,
      ...pieces.map((piece) => `const { ${piece}: _${piece}, ...without_${piece} } = ${c.name};\nexport const lacks_${piece}: Whole = without_${piece};`),
      `export const named: { readonly ${c.kind}: { readonly kind: "${c.kind}" } } = { ${c.kind}: ${c.other} };`,
      `export const whole: Whole = ${c.name};`,
    ].join("\n");
    const errors = typeErrors(probe);
    for (const piece of pieces) expect(errors.some((e) => e.includes(`Property '${piece}' is missing`)), piece).toBe(true);
    expect(errors.some((e) => e.includes(`'"${c.other}"' is not assignable to type '"${c.kind}"'`))).toBe(true);
    expect(errors).toHaveLength(pieces.length + 1);
  }

  it("refuses a trait construct that lacks any one of its pieces, and a table entry under another construct's name", () => {
    refusesMissingPieces(traitConstructs.depot, {
      type: "TraitConstruct",
      typeModule: "../construct.js",
      name: "depot",
      kind: "depot",
      types: "type DepotNode, type DepotModel, type DepotDef",
      module: "./depot.js",
      other: "slots",
      otherModule: "./slots.js",
    });
  });

  it("refuses a condition construct that lacks any one of its pieces, and a table entry under another condition's name", () => {
    refusesMissingPieces(conditionConstructs.leader, {
      type: "ConditionConstruct",
      typeModule: "../condition.js",
      name: "leader",
      kind: "leader",
      types: "type LeaderNode, type LeaderModel, type LeaderDef",
      module: "../conditions/leader.js",
      other: "hold",
      otherModule: "../conditions/hold.js",
    });
  });
});
