/**
 * A Base's faction power (a worker action or traits in its ability, after
 * its production) at every stage, on the example expansion's Bases
 * (cards/examples/wastelanders.yaml): the code it compiles to, and what it
 * changes in the engine, as the same statement on a Location in play
 * (ruling 37). Parsing, text and misuse are pinned by the AST golden
 * (base-power-*.json), the example's text goldens and the invalid fixtures
 * (base-power-*.yaml); every trait of the table goes on a Base in
 * test/constructs.test.ts.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { greedyBot } from "../src/bots/greedy.js";
import { randomBot } from "../src/bots/random.js";
import type { GeneratedFile } from "../src/compiler/compile.js";
import type { Action } from "../src/engine/choices.js";
import type { CardRegistry } from "../src/engine/definitions.js";
import { stealChoices } from "../src/constructs/effects/steal.js";
import { locationFacts, type Game } from "../src/engine/game.js";
import { rangeChangesOf, rangeNeeded } from "../src/engine/range.js";
import { lookoutPick } from "../src/engine/lookout.js";
import { answer, newGame, pending } from "../src/engine/machine.js";
import { scoreOf } from "../src/engine/scoring.js";
import type { PowerInPlay } from "../src/engine/state.js";
import { paymentOptions } from "../src/engine/payment.js";
import { view } from "../src/engine/view.js";
import { examplesDir, validatePaths } from "../src/pipeline/validate.js";
import { botSeed } from "../src/sim/game-log.js";
import { actionTurn, actionsOf, answering, findAction, perform, placeLocation, player, registry, runPhase, testGame, withCards } from "./engine-harness.js";
import type { Diagnostic } from "../src/diagnostics/diagnostic.js";
import { repoRoot, validateText } from "./helpers.js";
import { broken } from "./invariants.js";

let files: GeneratedFile[];
let cards: CardRegistry;

beforeAll(async () => {
  const result = validatePaths([join(examplesDir(), "wastelanders.yaml")]);
  expect(result.diagnostics).toEqual([]);
  ({ files, cards } = await withCards(result));
});

/** A game in its Actions phase, seat 0 playing `faction` against New York. */
function gameAs(faction: string, set: CardRegistry = cards): Game {
  return testGame({ cards: set, factions: [faction, "new-york"] });
}

function power(game: Game, seat = 0): PowerInPlay {
  const p = player(game, seat).power;
  if (!p) throw new Error(`seat ${seat}'s Base has no power`);
  return p;
}

describe("a Base's power: the code it compiles to", () => {
  const bases = (): string => files.find((f) => f.path.endsWith("bases.ts"))!.text;

  it("is the worker action or the traits, as data, in a Location's shape", () => {
    expect(bases()).toContain('  slots: 3,\n  power: {\n    pattern: "action",\n    work: {\n      kind: "action",\n      workers: 2,\n      repeatable: false,');
    expect(bases()).toContain('  power: {\n    pattern: "trait",\n    traits: [\n      { kind: "depot", amount: 2 },\n      {\n        kind: "convert",');
  });

  it("is absent from a Base that has none: the base set's Bases compile as they always have", () => {
    const baseSet = registry.cards.filter((c) => c.kind === "base");
    expect(baseSet).toHaveLength(4);
    for (const b of baseSet) expect(b).not.toHaveProperty("power");
    // Nor does a player of a base-set faction have a power's state.
    expect(player(gameAs("mutants-union", registry), 0)).not.toHaveProperty("power");
  });
});

describe("a Base's action (Iron Nomads: action(2 workers): pay 1 fuel -> 1 vp)", () => {
  function nomads(workers: number, fuel: number): Game {
    const game = gameAs("iron-nomads");
    const p = player(game, 0);
    p.pool.workers = workers;
    p.pool.resources = { fuel };
    return game;
  }

  it("is the owner's worker action: 2 workers and 1 fuel for 1 VP on the Base, 3 workers the second time, never a third", () => {
    const game = nomads(6, 3);
    const p = player(game, 0);
    perform(game, 0, { kind: "base-action" });
    expect({ workers: p.pool.workers, fuel: p.pool.resources["fuel"], vp: power(game).vpTokens, uses: power(game).uses }).toEqual({ workers: 4, fuel: 2, vp: [{ value: 1 }], uses: 1 });
    expect(scoreOf(p)).toBe(1);
    perform(game, 0, { kind: "base-action" });
    expect({ workers: p.pool.workers, fuel: p.pool.resources["fuel"], vp: power(game).vpTokens.length, uses: power(game).uses }).toEqual({ workers: 1, fuel: 1, vp: 2, uses: 2 });
    p.pool.workers = 9;
    expect(findAction(game, 0, "base-action")).toBeUndefined();
  });

  it("is offered only when it can be paid: 2 workers and a fuel the first time, 3 the second", () => {
    expect(findAction(nomads(1, 1), 0, "base-action")).toBeUndefined();
    expect(findAction(nomads(2, 0), 0, "base-action")).toBeUndefined();
    expect(findAction(nomads(2, 1), 0, "base-action")).toBeDefined();
    const game = nomads(4, 2);
    perform(game, 0, { kind: "base-action" });
    expect(findAction(game, 0, "base-action"), "2 workers left, 3 needed").toBeUndefined();
  });

  it("ends the action turn, as any worker action", () => {
    const game = nomads(2, 1);
    actionTurn(game, 0);
    const d = pending(game)!;
    answer(game, d.choices.findIndex((a) => (a as Action).kind === "base-action"));
    expect(pending(game)!.seat).toBe(1);
  });

  it("comes back each turn: Clean-up resets its uses and keeps the VP tokens it gave", () => {
    const game = nomads(6, 2);
    perform(game, 0, { kind: "base-action" });
    perform(game, 0, { kind: "base-action" });
    runPhase(game, "clean-up");
    expect(power(game)).toMatchObject({ uses: 0, vpTokens: [{ value: 1 }, { value: 1 }] });
    expect(scoreOf(player(game, 0))).toBe(2);
  });

  it("gives no VP token past the third (the three-slot rule), whatever the Base holds from elsewhere", () => {
    const game = nomads(2, 1);
    player(game, 0).baseVp = [{ value: 2 }, { value: 2 }, { value: 2 }, { value: 2 }];
    power(game).vpTokens = [{ value: 1 }, { value: 1 }, { value: 1 }];
    perform(game, 0, { kind: "base-action" });
    expect(power(game).vpTokens).toHaveLength(3);
    expect(player(game, 0).pool).toMatchObject({ workers: 0, resources: {} });
  });

  it("is the owner's alone: an opponent with Workers to send is offered nothing on it", () => {
    const game = nomads(2, 1);
    const them = player(game, 1);
    them.pool.workers = 3;
    expect(actionsOf(game, 1).filter((a) => a.kind === "send-worker" || a.kind === "base-action")).toEqual([]);
    // An open production Location of the same player is open to them, as always.
    placeLocation(game, 0, "scrapyard");
    expect(actionsOf(game, 1).filter((a) => a.kind === "send-worker")).toEqual([{ kind: "send-worker", owner: 0, location: 0 }]);
  });
});

describe("a Base's traits (Smugglers' Ring: depot 2; convert 1 weapons -> 2 scrap)", () => {
  function smugglers(resources: Record<string, number>): Game {
    const game = gameAs("smugglers-ring");
    player(game, 0).pool.resources = { ...resources };
    return game;
  }

  it("depot: tokens go on and off as free moves, up to 2", () => {
    const game = smugglers({ weapons: 3 });
    const p = player(game, 0);
    perform(game, 0, { kind: "base-depot-put", resource: "weapons" });
    perform(game, 0, { kind: "base-depot-put", resource: "weapons" });
    expect({ pool: p.pool.resources, depot: power(game).depot }).toEqual({ pool: { weapons: 1 }, depot: { weapons: 2 } });
    expect(findAction(game, 0, "base-depot-put"), "the depot is full").toBeUndefined();
    perform(game, 0, { kind: "base-depot-take", resource: "weapons" });
    expect({ pool: p.pool.resources, depot: power(game).depot }).toEqual({ pool: { weapons: 2 }, depot: { weapons: 1 } });
  });

  it("depot: its tokens stay through Clean-up, cannot be stolen, and pay for things", () => {
    const game = smugglers({ weapons: 1, fuel: 2 });
    perform(game, 0, { kind: "base-depot-put", resource: "weapons" });
    expect(stealChoices(game, 1, "any").map((c) => c.store.kind)).toEqual(["pool"]);
    runPhase(game, "clean-up");
    expect({ pool: player(game, 0).pool.resources, depot: power(game).depot }).toEqual({ pool: {}, depot: { weapons: 1 } });
    expect(paymentOptions(player(game, 0), { weapons: 1 }, registry.basicResources)).toEqual([[{ from: { kind: "base-depot" }, token: "weapons", amount: 1 }]]);
    // The convert is paid from the depot.
    perform(game, 0, { kind: "base-convert", trait: 1 });
    expect({ pool: player(game, 0).pool.resources, depot: power(game).depot }).toEqual({ pool: { scrap: 2 }, depot: {} });
  });

  it("convert: 1 weapons for 2 scrap, as often as it can be paid, without ending the action turn", () => {
    const game = smugglers({ weapons: 2 });
    actionTurn(game, 0);
    for (let i = 0; i < 2; i++) {
      const d = pending(game)!;
      expect(d.seat).toBe(0);
      answer(game, d.choices.findIndex((a) => (a as Action).kind === "base-convert"));
    }
    expect(player(game, 0).pool.resources).toEqual({ scrap: 4 });
    expect(pending(game)!.seat, "still seat 0's action turn").toBe(0);
    expect(findAction(game, 0, "base-convert"), "nothing left to pay with").toBeUndefined();
  });
});

describe("the other traits on a Base mean what they mean on a Location in play", () => {
  let set: CardRegistry;
  beforeAll(async () => {
    const result = validateText(
      [
        "set: test",
        "vocabulary:",
        "  factions:",
        "    - id: test-faction",
        "      en: { one: Test, other: Test }",
        "      fr: { one: Test, other: Test, gender: masculine, elision: false }",
        "cards:",
        "  - id: test-base",
        "    kind: base",
        "    name: { en: Test, fr: Test }",
        "    faction: test-faction",
        "    ability: produce 3 workers, 1 scrap; limit hand 12; lookout draw-instead; each fuel card -> 1 fuel",
        "",
      ].join("\n"),
    );
    expect(result.diagnostics).toEqual([]);
    ({ cards: set } = await withCards(result));
  });

  it("limit: Clean-up leaves 12 cards in the hand", () => {
    const game = gameAs("test-faction", set);
    const p = player(game, 0);
    p.hand = game.state.deck.splice(0, 13);
    runPhase(game, "clean-up", answering({ "discard-card": () => true }));
    expect(p.hand).toHaveLength(12);
  });

  it("lookout: the owner may draw from the deck instead of picking", () => {
    const game = gameAs("test-faction", set);
    game.state.phase = "lookout";
    game.state.revealed = game.state.deck.splice(0, 5);
    const choices = (seat: number): unknown[] => lookoutPick(game, { kind: "lookout-pick", seat, first: true })?.choices.slice() ?? [];
    expect(choices(0)).toContainEqual({ kind: "draw-instead" });
    expect(choices(1)).not.toContainEqual({ kind: "draw-instead" });
  });

  it("each: in Production, 1 fuel for each fuel Location in the owner's area (the Base has no type of its own)", () => {
    const game = gameAs("test-faction", set);
    for (const card of ["messenger-post", "gas-station", "scrapyard"]) placeLocation(game, 0, card);
    runPhase(game, "production");
    expect(player(game, 0).pool.resources).toEqual({ fuel: 2, scrap: 2 });
  });
});

describe("misuse: each is a diagnostic at its place, with a code and a hint (test/fixtures/invalid/base-power-*.yaml)", () => {
  const dir = join(repoRoot, "test/fixtures/invalid");
  const fixture = (name: string): Diagnostic => {
    const r = validatePaths([join(dir, `base-power-${name}.yaml`)], { cwd: dir });
    expect(r.diagnostics).toHaveLength(1);
    return r.diagnostics[0]!;
  };

  it.each(readdirSync(dir).filter((n) => n.startsWith("base-power-")))("%s says what to write instead", (name) => {
    expect(fixture(name.slice("base-power-".length, -".yaml".length)).hint).toMatch(/\w/);
  });

  it("an action with traits: S51-E324 at the first statement of the other kind", () => {
    expect(fixture("action-and-traits")).toMatchObject({ code: "S51-E324", message: 'a Base\'s power is a worker action or traits, not both ("action" and "depot")' });
  });

  it("what a Base cannot hold says what it can: a combo is an action, a keep icon a depot", () => {
    expect(fixture("combo").hint).toContain('"action: pay 1 scrap, 1 fuel -> 2 vp"');
    expect(fixture("keep").hint).toContain('"depot 2"');
  });

  it("a malformed cost: the amount left out, a cost that cannot be paid", () => {
    expect(fixture("cost-without-amount")).toMatchObject({ code: "S51-E202", hint: 'an amount comes before its word: "1 scrap"' });
    expect(fixture("cost-not-payable")).toMatchObject({ code: "S51-E313", message: '"vp" cannot be paid' });
  });
});

describe("the example expansion's Bases in play", () => {
  it("play in 40 seeded 4-player random-bot games with the base set, every invariant kept after every step", () => {
    const used = new Map<string, number>();
    let powers = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const game = newGame(cards, { seed, players: 4 });
      powers += game.state.players.filter((p) => p.power).length;
      const agents = [0, 1, 2, 3].map((seat) => randomBot(botSeed(seed, seat)));
      for (let d = pending(game); d; d = pending(game)) {
        const i = agents[d.seat]!.choose(view(game, d.seat), d);
        if (d.kind === "action") {
          const kind = d.choices[i]!.kind;
          if (kind.startsWith("base-")) used.set(kind, (used.get(kind) ?? 0) + 1);
        }
        answer(game, i);
        const problems = broken(game);
        if (problems.length) throw new Error(`seed ${seed}: ${problems.join("; ")}`);
      }
      expect(game.state.winners.length, `seed ${seed} ends with a winner`).toBeGreaterThan(0);
    }
    // Six factions, four drawn a game: the new ones were drawn, and their powers used.
    expect(powers).toBeGreaterThan(0);
    expect([...used.keys()].sort()).toEqual(["base-action", "base-convert", "base-depot-put", "base-depot-take"]);
  });

  it("play 2-player greedy games between the two new factions to the end, scoring with their powers", () => {
    let vpFromPowers = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const game = newGame(cards, { seed, factions: ["iron-nomads", "smugglers-ring"] });
      const agents = [0, 1].map((seat) => greedyBot(cards, botSeed(seed, seat)));
      for (let d = pending(game); d; d = pending(game)) {
        answer(game, agents[d.seat]!.choose(view(game, d.seat), d));
        const problems = broken(game);
        if (problems.length) throw new Error(`seed ${seed}: ${problems.join("; ")}`);
      }
      expect(game.state.phase).toBe("over");
      vpFromPowers += game.state.players.reduce((n, p) => n + (p.power?.vpTokens.length ?? 0), 0);
    }
    expect(vpFromPowers).toBeGreaterThan(0);
  });
});

describe("a Base's trigger and range change (after, range: read with the Locations' in play)", () => {
  const drifters = [
    "set: test",
    "cards:",
    "  - id: drifters-base",
    "    kind: base",
    "    name: { en: Drifters, fr: Vagabonds }",
    "    faction: drifters",
    '    ability: "produce 3 workers, 1 fuel; after pass -> 1 scrap; range -1 distance 3"',
    "vocabulary:",
    "  factions:",
    "    - id: drifters",
    "      en: { one: Drifters, other: Drifters }",
    "      fr: { one: Vagabonds, other: Vagabonds, gender: masculine, elision: false }",
    "",
  ].join("\n");
  let set: CardRegistry;

  beforeAll(async () => {
    const result = validateText(drifters);
    expect(result.diagnostics).toEqual([]);
    ({ cards: set } = await withCards(result));
  });

  it("after pass: passing gives the owner 1 scrap, to the pool as the Base's production goes", () => {
    const game = gameAs("drifters", set);
    player(game, 0).pool.workers = 2;
    actionTurn(game, 0);
    expect(player(game, 0).pool.resources).toEqual({});
    perform(game, 0, { kind: "pass" });
    expect(player(game, 0).pool.resources).toEqual({ scrap: 1 });
    expect(power(game).vpTokens).toEqual([]);
  });

  it("range -1 distance 3: a distance-3 Location needs 2 range of its owner, not of an opponent", () => {
    const game = gameAs("drifters", set);
    const assembly = locationFacts(game, "assembly-plant");
    expect(rangeNeeded(assembly, rangeChangesOf(game, player(game, 0)))).toBe(2);
    expect(rangeNeeded(assembly, rangeChangesOf(game, player(game, 1)))).toBe(3);
  });
});
