/**
 * One construct, one module (src/constructs): every trait and statement in
 * the tables goes through every stage by its own pieces, and a module that lacks a piece, or
 * a table entry under another construct's name, does not compile. The list
 * of traits tested is the table's, never typed here.
 */
import { join } from "node:path";
import { Project, ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import { parseStatements } from "../grammar/index.js";
import type { BaseCard, LeaderCard, LocationCard } from "../src/check/model.js";
import { compileCards } from "../src/compiler/compile.js";
import { amountConstructs, amountKinds, amountPieces } from "../src/constructs/amounts/index.js";
import { effectConstructs } from "../src/constructs/effects/index.js";
import { traitConstructs, traitKinds } from "../src/constructs/traits/index.js";
import { statementConstructs, statementKinds, statementPieces, type StatementConstructKind } from "../src/constructs/statements/index.js";
import type { LocationParts } from "../src/constructs/statement.js";
import type { BaseDef, CardDef, CardRegistry, LocationDef } from "../src/engine/definitions.js";
import { cardFacts, stepsOf, type AbilityFacts, type LocationFacts } from "../src/engine/facts.js";
import { conditionConstructs, conditionKinds, conditionPieces } from "../src/constructs/conditions/index.js";
import { newGame } from "../src/engine/machine.js";
import type { GainStep } from "../src/engine/tasks.js";
import { textRenderer } from "../src/text/render.js";
import { english } from "../src/text/en.js";
import { french } from "../src/text/fr.js";
import { frenchTypography } from "../src/text/typography.js";
import { langs } from "../src/text/words.js";
import { registry, testGame } from "./engine-harness.js";
import { evaluateModule, locationYaml, repoRoot, validateText } from "./helpers.js";

/** The compiled card of a one-card set, evaluated (generated modules import only types). */
async function compiled(card: LocationCard, vocabulary: Parameters<typeof compileCards>[0]["vocabulary"]): Promise<LocationDef> {
  const files = compileCards({ cards: [card], vocabulary });
  const module = files.find((f) => f.path.endsWith("locations.ts"))!;
  const exports = (await evaluateModule(module.text)) as { locations: readonly LocationDef[] };
  return exports.locations[0]!;
}

function registryOf(def: CardDef): CardRegistry {
  return { cards: [def], byId: new Map([[def.id, def]]), basicResources: ["scrap", "fuel", "weapons", "building-material"], contactColours: {}, resourceNames: {} };
}

/** A statement's example parses into one node of its kind, spanning the whole text. */
function parsesAlone(example: string, kind: string): void {
  const parsed = parseStatements(example);
  expect(parsed.ok).toBe(true);
  if (!parsed.ok) return;
  expect(parsed.value.map((s) => s.kind)).toEqual([kind]);
  expect(parsed.value[0]!.span).toEqual({ start: 0, end: example.length });
}

describe.each(traitKinds)("the %s trait", (kind) => {
  const construct = traitConstructs[kind];

  it("parses its example into its own node, spanning the statement", () => parsesAlone(construct.example, kind));

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

/** What a Location card holds in the part a statement fills, checked and compiled. */
/** Where a statement stands on a Location (its field), and what the card holds there, checked and compiled. */
const isProduction = (pattern: string): boolean => pattern === "open-production" || pattern === "closed-production";
const partOf = {
  model: (card: LocationCard, part: keyof LocationParts | "gifts"): unknown =>
    part === "gifts"
      ? card.spoils
      : part === "work"
        ? card.ability.pattern === "action" ? card.ability.work : undefined
        : part === "produce"
          ? isProduction(card.ability.pattern) ? card.ability : undefined
          : part === "once" ? (card.once.length > 0 ? card.once : undefined) : card.keep,
  def: (def: LocationDef, part: keyof LocationParts | "gifts"): unknown =>
    part === "gifts" ? def.spoils : part === "work" ? (def.ability.pattern === "action" ? def.ability.work : undefined) : part === "produce" ? (isProduction(def.ability.pattern) ? def.ability : undefined) : def[part],
};

/** A statement's field on a Location and what it sits beside there: in the ability (beside a production when any pattern has its part), or the Spoils. */
function standing(place: (typeof statementConstructs)[StatementConstructKind]["place"], example: string): { field: "ability" | "spoils"; part: keyof LocationParts | "gifts"; fields: Record<string, string> } {
  if (place.deals) return { field: "spoils", part: place.deals.part, fields: { spoils: JSON.stringify(example) } };
  const at = place.location;
  if ("refused" in at) throw new Error("a statement that stands nowhere on a Location");
  const fields = at.only ? { pattern: at.only.patterns[0]!, ability: JSON.stringify(example) } : { ability: JSON.stringify(`produce 1 scrap; ${example}`) };
  return { field: "ability", part: at.part, fields };
}

describe.each(statementKinds)("the %s statement", (kind) => {
  const construct = statementConstructs[kind];
  const { field, part: place, fields } = standing(construct.place, construct.example);

  it("parses its example into its own node, spanning the statement", () => parsesAlone(construct.example, kind));

  it("checks into the part of the card its module names, compiles, reads aloud in both languages and means something to the engine", async () => {
    const result = validateText(locationYaml(fields));
    expect(result.diagnostics).toEqual([]);
    const card = result.cards[0] as LocationCard;
    const model = partOf.model(card, place);
    expect(model).toBeDefined();

    for (const lang of langs) {
      const text = textRenderer(result.vocabulary, lang).card(card).parts[field] ?? "";
      expect(text, `${lang} text`).not.toMatch(/undefined|NaN|\[object/);
      const sentence = statementPieces.text(kind, model as never, (lang === "en" ? english : french)(result.vocabulary));
      expect(sentence.length, `${lang} sentence`).toBeGreaterThan(0);
      expect(text, `${lang} text holds its sentence`).toContain(lang === "en" ? sentence : frenchTypography(sentence));
    }

    const def = await compiled(card, result.vocabulary);
    const part = partOf.def(def, place);
    expect(part).toBeDefined();
    // Its engine piece reads the facts the rules need from what the card definition holds.
    expect(statementPieces.engine(kind, part as never)).toBeDefined();
  });

  it("stands only where its module says", () => {
    const atBase = construct.place.base;
    if ("refused" in atBase) {
      const onBase = validateText(baseYaml(construct.example));
      expect(onBase.diagnostics.map((d) => d.code)).toEqual(["S51-E302"]);
      expect(onBase.diagnostics[0]!.hint).toBe(atBase.hint);
    } else {
      // Taken into the part its module names: a Base's production is the statement itself, its power beside it.
      const ability = atBase.part === "produce" ? construct.example : `produce 3 workers, 1 scrap; ${construct.example}`;
      const onBase = validateText(baseYaml(undefined, ability));
      expect(onBase.diagnostics).toEqual([]);
      const base = onBase.cards[0] as BaseCard;
      expect(atBase.part === "produce" ? base.produce : base.power?.pattern === "action" && base.power.work).toBeTruthy();
    }
    const inAbility = construct.place.location;
    if ("refused" in inAbility) {
      const refused = validateText(locationYaml({ ability: JSON.stringify(`produce 1 scrap; ${construct.example}`) }));
      expect(refused.diagnostics.map((d) => [d.code, d.hint])).toEqual([["S51-E302", inAbility.hint]]);
    }
    const written = JSON.parse(fields[field]!) as string;
    const twice = validateText(locationYaml({ ...fields, [field]: JSON.stringify(`${written}; ${construct.example}`) }));
    const single: unknown = construct.place.single;
    if (single) expect(twice.diagnostics.map((d) => d.code)).toContain("S51-E311");
    else expect(twice.diagnostics).toEqual([]);
    // A Leader beside its one ability (a trigger), or as that ability: taken into the part its module names, or refused.
    const atLeader = construct.place.leader;
    const isAbility = "part" in atLeader && atLeader.part === "ability";
    const ability = isAbility ? construct.example : `after pass -> 1 scrap; ${construct.example}`;
    const leader = ["set: test", "cards:", "  - id: test-leader", "    kind: leader", "    name: { en: Test Leader, fr: Chef de test }", `    ability: ${JSON.stringify(ability)}`, ""].join("\n");
    const onLeader = validateText(leader);
    const takes = "part" in atLeader;
    if (isAbility) {
      // Taken as its one ability (neither refused nor a second ability); what it says then answers to a Leader's rules (an action of no Worker).
      expect(onLeader.diagnostics.map((d) => d.code)).not.toContain("S51-E302");
      expect(onLeader.diagnostics.map((d) => d.code)).not.toContain("S51-E303");
      return;
    }
    expect(onLeader.diagnostics.map((d) => d.code)).toEqual(takes ? [] : ["S51-E302"]);
    if (takes) expect((onLeader.cards[0] as LeaderCard).once).not.toHaveLength(0);
  });
});

/** A Base of the base vocabulary's New York whose ability adds `power` after its production (or is `written`). */
function baseYaml(power: string | undefined, written = `produce 3 workers, 1 scrap; ${power}`): string {
  const ability = JSON.stringify(written);
  return ["set: test", "cards:", "  - id: test-base", "    kind: base", "    name: { en: Test Base, fr: Base de test }", "    faction: new-york", `    ability: ${ability}`, ""].join("\n");
}

/** What a grey part's facts say, without what only a Location card has (its definition, types, pattern, deals, production, one-time-only and keep icons, deploy actions). */
function abilityOnly(f: LocationFacts): AbilityFacts {
  const { def: _def, typeMask: _typeMask, openProduction: _open, paid: _paid, agreement: _agreement, spoils: _spoils, produces: _produces, once: _once, keeps: _keeps, deploy: _deploy, ...rest } = f;
  return rest;
}

/** Facts as plain data: a trigger's test (`fires`), a closure made per card, compares by its source; a set by its members. */
function plainFacts(facts: unknown): unknown {
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
    expect(plainFacts(cardFacts(registryOf(def)).powers.get(def.id))).toEqual(plainFacts(abilityOnly(cardFacts(registryOf(location)).locations.get(location.id)!)));
  });
});

describe.each(amountKinds)("the %s amount", (kind) => {
  const construct = amountConstructs[kind];
  const gain = `gain ${construct.example}`;
  const parsed = parseStatements(gain);
  const asset = parsed.ok && parsed.value[0]?.kind === "gain" ? parsed.value[0].assets[0] : undefined;

  it("parses its example into the scale of the asset it follows, the asset spanning both", () => {
    expect(asset?.scale?.kind).toBe(kind);
    expect(asset!.span).toEqual({ start: "gain ".length, end: gain.length });
    expect(asset!.scale!.span.end).toBe(gain.length);
  });

  it("checks, compiles, reads aloud in both languages and counts in the engine", async () => {
    const result = validateText(locationYaml({ spoils: JSON.stringify(gain) }));
    expect(result.diagnostics).toEqual([]);
    const card = result.cards[0] as LocationCard;
    expect(card.spoils.map((a) => (a.kind === "if" ? undefined : a.scale?.kind))).toEqual([kind]);

    const plain = validateText(locationYaml({ spoils: JSON.stringify(gain.slice(0, asset!.scale!.span.start).trimEnd()) }));
    for (const lang of langs) {
      const text = textRenderer(result.vocabulary, lang).card(card).parts.spoils ?? "";
      expect(text, `${lang} text`).not.toMatch(/undefined|NaN|\[object/);
      expect(text, `${lang} text says the amount`).not.toBe(textRenderer(plain.vocabulary, lang).card(plain.cards[0]!).parts.spoils);
    }

    const def = await compiled(card, result.vocabulary);
    const [step] = stepsOf(def.spoils);
    if (step?.op === "if") throw new Error("a scaled gain recorded under a condition");
    expect(step?.scale?.kind).toBe(kind);
    // Its engine piece counts on a game's players: a whole number, none below 0.
    const game = testGame({ cards: { ...registry, cards: [...registry.cards, def], byId: new Map([...registry.byId, [def.id, def]]) } });
    const times = amountPieces.times(step!.scale!, { players: game.state.players, seat: 0, cards: game.cards });
    expect(Number.isInteger(times) && times >= 0).toBe(true);
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
  /**
   * Type errors of a module written beside a folder's constructs (in memory:
   * nothing is written) that declares `construct` once without each of its
   * pieces, then whole, then any `more` lines.
   */
  function withoutEachPiece(folder: string, header: readonly string[], type: string, construct: string, pieces: readonly string[], more: readonly string[] = []): string[] {
    const text = [
      ...header,
      ...pieces.map((piece) => `const { ${piece}: _${piece}, ...without_${piece} } = ${construct};\nexport const lacks_${piece}: ${type} = without_${piece};`),
      `export const whole: ${type} = ${construct};`,
      ...more,
    ].join("\n");
    const project = new Project({ tsConfigFilePath: join(repoRoot, "tsconfig.json"), skipAddingFilesFromTsConfig: true });
    const file = project.createSourceFile(join(repoRoot, `src/constructs/${folder}/probe.ts`), text, { overwrite: true });
    project.resolveSourceFileDependencies();
    const errors = file.getPreEmitDiagnostics().map((d) => ts.flattenDiagnosticMessageText(d.compilerObject.messageText, "\n"));
    // Every table's constructs have these (a trait's rule is `grammar`, an effect's `syntax`).
    expect(pieces).toEqual(expect.arrayContaining(["build", "check", "emit", "text", "engine"]));
    for (const piece of pieces) expect(errors.some((e) => e.includes(`Property '${piece}' is missing`)), piece).toBe(true);
    return errors;
  }

  it("refuses a construct that lacks any one of its pieces, and a table entry under another construct's name", () => {
    const pieces = Object.keys(traitConstructs.depot);
    const header = [
      'import type { TraitConstruct } from "../construct.js";',
      'import { depot, type DepotDef, type DepotModel, type DepotNode } from "./depot.js";',
      'import { slots } from "./slots.js";',
      "type Depot = TraitConstruct<\"depot\", DepotNode, DepotModel, DepotDef>;",
    ];
    const errors = withoutEachPiece("traits", header, "Depot", "depot", pieces, ['export const named: { readonly depot: { readonly kind: "depot" } } = { depot: slots };']);
    expect(errors.some((e) => e.includes(`'"slots"' is not assignable to type '"depot"'`))).toBe(true);
    expect(errors).toHaveLength(pieces.length + 1);
  });

  it("refuses a condition construct that lacks any one of its pieces, and a table entry under another condition's name", () => {
    const pieces = Object.keys(conditionConstructs.leader);
    const header = [
      'import type { ConditionConstruct } from "../condition.js";',
      'import { leader, type LeaderDef, type LeaderModel, type LeaderNode } from "./leader.js";',
      'import { hold } from "./hold.js";',
      'type Leader = ConditionConstruct<"leader", LeaderNode, LeaderModel, LeaderDef>;',
    ];
    const errors = withoutEachPiece("conditions", header, "Leader", "leader", pieces, ['export const named: { readonly leader: { readonly kind: "leader" } } = { leader: hold };']);
    expect(errors.some((e) => e.includes(`'"hold"' is not assignable to type '"leader"'`))).toBe(true);
    expect(errors).toHaveLength(pieces.length + 1);
  });

  it("refuses an effect construct that lacks any one of its pieces, and a table entry under another effect's name", () => {
    const pieces = Object.keys(effectConstructs.redevelop);
    const header = [
      'import type { EffectConstruct } from "../effect.js";',
      'import { redevelop, type RedevelopArgs, type RedevelopAsk, type RedevelopModel, type RedevelopNode, type RedevelopStep } from "./redevelop.js";',
      'import { steal } from "./steal.js";',
      'type Redevelop = EffectConstruct<"redevelop", RedevelopNode, RedevelopModel, RedevelopArgs, RedevelopStep, RedevelopAsk>;',
    ];
    const errors = withoutEachPiece("effects", header, "Redevelop", "redevelop", pieces, ['export const named: { readonly redevelop: { readonly kind: "redevelop" } } = { redevelop: steal };']);
    expect(errors.some((e) => e.includes(`'"steal"' is not assignable to type '"redevelop"'`))).toBe(true);
    expect(errors).toHaveLength(pieces.length + 1);
  });

  it("refuses a statement construct that lacks any one of its pieces, a table entry under another name, and a part its model does not fit", () => {
    const pieces = Object.keys(statementConstructs.keep);
    const header = [
      'import type { StatementConstruct } from "../statement.js";',
      'import { keep, type KeepDef, type KeepFacts, type KeepModel, type KeepNode } from "./keep.js";',
      'import { limit } from "../traits/limit.js";',
      'type Keep = StatementConstruct<"keep", KeepNode, KeepModel, KeepDef, KeepFacts>;',
    ];
    const more = [
      'export const named: { readonly keep: { readonly kind: "keep" } } = { keep: limit };',
      'export const elsewhere: Keep = { ...keep, place: { ...keep.place, location: { part: "work" } } };',
    ];
    const errors = withoutEachPiece("statements", header, "Keep", "keep", pieces, more);
    expect(errors.some((e) => e.includes(`'"limit"' is not assignable to type '"keep"'`))).toBe(true);
    expect(errors.some((e) => e.includes(`'"work"' is not assignable to type '"keep"'`))).toBe(true);
    expect(errors).toHaveLength(pieces.length + 2);
  });

  it.each([
    ["produce", "a part its model does not fit (a Location's keep icon)", "Produce", '{ ...produce, place: { ...produce.place, location: { part: "keep" } } }', `'"keep"' is not assignable to type '"produce"'`],
    ["action", "a part its model does not fit (a Base's production)", "Action", '{ ...action, place: { ...action.place, base: { part: "produce" } } }', `'"produce"' is not assignable to type '"work"'`],
  ] as const)("refuses a %s statement that lacks any one of its pieces, a table entry under another name, and %s", (kind, _what, name, misplaced, message) => {
    const pieces = Object.keys(statementConstructs[kind]);
    const header = [
      'import type { StatementConstruct } from "../statement.js";',
      `import { ${kind}, type ${name}Def, type ${name}Facts, type ${name}Model, type ${name}Node } from "./${kind}.js";`,
      'import { keep } from "./keep.js";',
      `type ${name} = StatementConstruct<"${kind}", ${name}Node, ${name}Model, ${name}Def, ${name}Facts>;`,
    ];
    const more = [`export const named: { readonly ${kind}: { readonly kind: "${kind}" } } = { ${kind}: keep };`, `export const elsewhere: ${name} = ${misplaced};`];
    const errors = withoutEachPiece("statements", header, name, kind, pieces, more);
    expect(errors.some((e) => e.includes(`'"keep"' is not assignable to type '"${kind}"'`))).toBe(true);
    expect(errors.some((e) => e.includes(message)), errors.join("\n")).toBe(true);
    expect(errors).toHaveLength(pieces.length + 2);
  });

  it("refuses an amount construct that lacks any one of its pieces", () => {
    const pieces = Object.keys(amountConstructs.per);
    const header = [
      'import type { AmountConstruct } from "../amount.js";',
      'import { per, type PerData, type PerModel, type PerNode } from "./per.js";',
      'type Per = AmountConstruct<"per", PerNode, PerModel, PerData>;',
    ];
    expect(withoutEachPiece("amounts", header, "Per", "per", pieces)).toHaveLength(pieces.length);
  });
});
