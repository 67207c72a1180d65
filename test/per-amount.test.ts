/**
 * The `per` amount (src/constructs/amounts/per.ts) at every stage but
 * parsing and misuse, which the AST goldens (per-*.json) and the invalid
 * fixtures (per-*.yaml) pin: the code a scaled gain compiles to and the data
 * recorded from it, its text, the state change it makes in the engine when
 * the count is taken (ruling 38), how the greedy bot values it, and seeded
 * games with the example expansion's Envoys' Hall, Scrap Smelter and
 * Warlord's Court in, every invariant kept.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { greedyChoice } from "../src/bots/greedy.js";
import { stepsWorth, worth } from "../src/bots/values.js";
import type { LocationCard } from "../src/check/model.js";
import type { GeneratedFile } from "../src/compiler/compile.js";
import type { CardRegistry, LocationDef } from "../src/engine/definitions.js";
import { cardFacts, stepsOf } from "../src/engine/facts.js";
import type { Game } from "../src/engine/game.js";
import { runTasks } from "../src/engine/machine.js";
import { createRng } from "../src/engine/rng.js";
import type { Deal } from "../src/engine/state.js";
import { giveAll } from "../src/engine/tokens.js";
import { view } from "../src/engine/view.js";
import { textRenderer } from "../src/text/render.js";
import { answering, giveCard, perform, placeLocation, player, runPhase, testGame, unexpected, withCards } from "./engine-harness.js";
import { exampleExpansion } from "./example-expansion.js";
import { locationYaml, validateText } from "./helpers.js";
import { checkedGames } from "./invariants.js";

let files: GeneratedFile[];
let cards: CardRegistry;

beforeAll(async () => {
  ({ files, cards } = await exampleExpansion());
});

const location = (id: string, set: CardRegistry = cards): LocationDef => set.byId.get(id) as LocationDef;

/** The example set with cards written for one test (compiled as `state51 build` would). */
async function plus(yaml: string): Promise<CardRegistry> {
  const result = validateText(yaml);
  expect(result.diagnostics).toEqual([]);
  return (await withCards(result, cards)).cards;
}

/** A game in its Actions phase with `players` players (New York first: its Base makes Scrap, no Fuel). */
function gameOf(players = 2, set: CardRegistry = cards): Game {
  return testGame({ cards: set, factions: ["new-york", "mutants-union", "appalachian-federation", "merchants-guild"].slice(0, players) });
}

/** Takes a card out of the deck and tucks it under the player's Base as a deal. */
function tuck(game: Game, seat: number, card: string, kind: Deal["kind"]): void {
  giveCard(game, seat, card);
  const p = player(game, seat);
  p.hand.splice(p.hand.indexOf(card), 1);
  p.baseDeals.push({ card, kind });
}

/** Base-set Locations that fit, in id order. */
function locations(n: number, fits: (l: LocationDef) => boolean = () => true): string[] {
  const found = cards.cards.filter((c): c is LocationDef => c.kind === "location" && c.set === "base" && fits(c)).map((c) => c.id);
  if (found.length < n) throw new Error(`only ${found.length} base-set Locations fit`);
  return found.slice(0, n);
}

/** A trait Location that gives nothing in the Production phase (no `each`, no trigger): what it adds is only itself. */
const quiet = (l: LocationDef): boolean => l.ability.pattern === "trait" && !l.ability.traits.some((t) => t.kind === "each" || t.kind === "after");

/** A Location whose Agreement gives no Fuel. */
const noFuel = (l: LocationDef): boolean => !stepsOf(l.agreement).some((s) => s.op === "resource" && s.resource === "fuel");

const cashAll = answering({ "cash-spoils": (c: { kind: string }) => c.kind === "cash" });

describe("per: the code it compiles to", () => {
  it("names the scale as data beside the gain's own arguments", () => {
    const text = files.map((f) => f.text).join("\n");
    expect(text).toContain('give.resource({\n        resource: "fuel",\n        amount: 1,\n        scale: { kind: "per", of: "opponents", every: 1 },\n      });');
    expect(text).toContain('give.cards({\n        amount: 1,\n        scale: { kind: "per", of: "resources", resource: "fuel", every: 2 },\n      });');
    expect(text).toContain('act.vp({\n            tokens: 1,\n            value: 1,\n            scale: { kind: "per", of: "deals", deal: "agreement", every: 1 },\n          });');
    // As data beside it, the same arguments after the call's name.
    expect(text).toContain('{\n        call: "resource",\n        resource: "fuel",\n        amount: 1,\n        scale: { kind: "per", of: "opponents", every: 1 },\n      },');
    expect(text).toContain('scale: { kind: "per", of: "cards", cardType: "scrap", every: 1 },');
    expect(text).toContain('scale: { kind: "per", of: "locations", every: 3 },');
    expect(text).toContain('scale: { kind: "per", of: "leader", every: 1 },');
    expect(text).toContain('scale: { kind: "per", of: "resources", resource: "any", every: 3 },');
    expect(text).toContain('scale: { kind: "per", of: "deals", deal: "spoils", every: 1 },');
  });

  it("is recorded once, as data that holds no count: the count is the engine's, when the gain is given", () => {
    const spoils = location("envoys-hall").spoils;
    expect(stepsOf(spoils)).toEqual([{ op: "resource", resource: "fuel", amount: 1, scale: { kind: "per", of: "opponents", every: 1 } }]);
    expect(stepsOf(spoils)).toBe(stepsOf(spoils));
    expect(Object.isFrozen(stepsOf(spoils))).toBe(true);
  });

  it("leaves a plain gain's step as it was, with no scale key", () => {
    expect(stepsOf(location("scrap-smelter").spoils)).toEqual([{ op: "resource", resource: "scrap", amount: 2 }]);
    expect(Object.keys(stepsOf(location("scrap-smelter").spoils)[0]!)).toEqual(["op", "resource", "amount"]);
  });
});

describe("per: its text", () => {
  /** A Location's spoils, as written, read in English and French. */
  function read(spoils: string): [string, string] {
    const result = validateText(locationYaml({ spoils }));
    expect(result.diagnostics).toEqual([]);
    const card = result.cards[0] as LocationCard;
    return [textRenderer(result.vocabulary, "en").card(card).parts.spoils!, textRenderer(result.vocabulary, "fr").card(card).parts.spoils!];
  }

  it("says every countable, by one and by N, in both languages", () => {
    expect(read("gain 1 vp per agreement")).toEqual(["Gain 1 VP token worth 1 per Agreement you have.", "Gagnez 1\u00a0jeton de 1\u00a0PV par Accord que vous possédez."]);
    expect(read("gain 2 scrap per 2 deals")).toEqual(["Gain 2 Scrap for every 2 Spoils and/or Agreements you have.", "Gagnez 2\u00a0jetons de Ferraille par tranche de 2\u00a0Butins et/ou Accords que vous possédez."]);
    expect(read("gain 1 fuel per weapons card")).toEqual(["Gain 1 Fuel per Weapons Location in your play area.", "Gagnez 1\u00a0jeton d’Essence par Territoire de type «\u00a0Arme\u00a0» dans votre zone de jeu."]);
    expect(read("gain 1 fuel per 2 building-material cards")).toEqual([
      "Gain 1 Fuel for every 2 Building Material Locations in your play area.",
      "Gagnez 1\u00a0jeton d’Essence par tranche de 2\u00a0Territoires de type «\u00a0Matériaux de construction\u00a0» dans votre zone de jeu.",
    ]);
    expect(read("gain 1 worker per location")).toEqual(["Gain 1 Worker per Location in your play area.", "Gagnez 1\u00a0Travailleur par Territoire dans votre zone de jeu."]);
    expect(read("gain 1 card per leader")).toEqual(["Draw 1 card if you have a Leader.", "Piochez 1\u00a0carte si vous avez un Leader."]);
    expect(read("gain 1 card per fuel")).toEqual(["Draw 1 card per Fuel you have.", "Piochez 1\u00a0carte par jeton d’Essence que vous possédez."]);
    expect(read("gain 1 redevelopment per 4 resources")).toEqual([
      "Gain 1 Redevelopment token for every 4 resources you have.",
      "Gagnez 1\u00a0jeton Reconstruction par tranche de 4\u00a0jetons de Ressource que vous possédez.",
    ]);
    expect(read("gain 2 x 1 vp per 2 opponents")).toEqual(["Gain 2 VP tokens worth 1 each for every 2 opponents.", "Gagnez 2\u00a0jetons de 1\u00a0PV par tranche de 2\u00a0adversaires."]);
  });
});

describe("per in the engine: the count is taken when the gain is given, for the player who gets it", () => {
  it("1 fuel per opponent (Envoys' Hall's Spoils): 2 with 3 players, 3 with 4", () => {
    for (const [players, fuel] of [[3, 2], [4, 3]] as const) {
      const game = gameOf(players);
      tuck(game, 0, "envoys-hall", "spoils");
      runPhase(game, "production", cashAll);
      expect(player(game, 0).pool.resources["fuel"]).toBe(fuel);
    }
  });

  it("1 card per 2 fuel (Envoys' Hall's Agreement): the fuel held when the Agreement produces, wherever it is", () => {
    const drawn = (fuel: { pool: number; leader: number }): number => {
      const game = gameOf();
      tuck(game, 0, "envoys-hall", "agreement");
      const p = player(game, 0);
      p.pool.resources = { fuel: fuel.pool };
      if (fuel.leader) p.leader = { card: "borgo-the-almighty", resources: { fuel: fuel.leader }, vpTokens: [], uses: 0 };
      runPhase(game, "production");
      return p.hand.length;
    };
    expect(drawn({ pool: 1, leader: 0 })).toBe(0);
    expect(drawn({ pool: 2, leader: 0 })).toBe(1);
    expect(drawn({ pool: 3, leader: 2 })).toBe(2);
  });

  it("1 vp per Agreement (Envoys' Hall's action): on the Hall, at most 3 by the three-slot rule; none with no Agreement, the fuel still paid", () => {
    const vp = (agreements: number, already = 0): { vp: number; fuel: number } => {
      const game = gameOf();
      placeLocation(game, 0, "envoys-hall");
      const deals = locations(agreements, (l) => l.id !== "office-block");
      if (agreements > 3) placeLocation(game, 0, "office-block");
      deals.forEach((card, i) => {
        if (i < 3) tuck(game, 0, card, "agreement");
        else {
          giveCard(game, 0, card);
          player(game, 0).hand.pop();
          player(game, 0).locations[1]!.deals.push({ card, kind: "agreement" });
        }
      });
      const p = player(game, 0);
      p.locations[0]!.vpTokens = Array.from({ length: already }, () => ({ value: 1 as const }));
      p.pool.resources = { fuel: 1 };
      p.pool.workers = 1;
      perform(game, 0, { kind: "work", location: 0 });
      return { vp: p.locations[0]!.vpTokens.length - already, fuel: p.pool.resources["fuel"] ?? 0 };
    };
    expect(vp(0)).toEqual({ vp: 0, fuel: 0 });
    expect(vp(2)).toEqual({ vp: 2, fuel: 0 });
    expect(vp(5)).toEqual({ vp: 3, fuel: 0 });
    expect(vp(2, 2)).toEqual({ vp: 1, fuel: 0 });
  });

  it("1 fuel per Scrap card (Scrap Smelter's production): the Smelter counts itself, Spoils and Agreements do not", () => {
    const game = gameOf();
    placeLocation(game, 0, "scrap-smelter");
    const [scrapCard] = locations(1, (l) => l.types.includes("scrap") && quiet(l));
    placeLocation(game, 0, scrapCard!);
    tuck(game, 0, locations(1, (l) => l.types.includes("scrap") && noFuel(l) && l.id !== scrapCard)[0]!, "agreement");
    runPhase(game, "production");
    expect(player(game, 0).pool.resources["fuel"]).toBe(2);
  });

  it("comes into play with its scaled production counted then: built over a Scrap card, the Smelter counts itself only", () => {
    const game = gameOf();
    const [old] = locations(1, (l) => l.types.includes("scrap"));
    placeLocation(game, 0, old!);
    giveCard(game, 0, "scrap-smelter");
    runTasks(game, [{ kind: "build", seat: 0, card: "scrap-smelter", replaces: 0 }], unexpected);
    expect(player(game, 0).pool.resources["fuel"]).toBe(1);
  });

  it("1 scrap per 3 Locations (Scrap Smelter's Agreement): one for every 3, rounded down", () => {
    const scrap = (n: number): number => {
      const game = gameOf();
      tuck(game, 0, "scrap-smelter", "agreement");
      for (const id of locations(n, quiet)) placeLocation(game, 0, id);
      runPhase(game, "production");
      // New York's Base makes 1 Scrap.
      return (player(game, 0).pool.resources["scrap"] ?? 0) - 1;
    };
    expect([2, 3, 5, 6].map(scrap)).toEqual([0, 1, 1, 2]);
  });

  it("1 card per 3 resources (Warlord's Court's Spoils): every token held, of any kind, in every store but a combo", () => {
    const game = gameOf();
    tuck(game, 0, "warlords-court", "spoils");
    const [depot] = locations(1, (l) => quiet(l) && l.ability.pattern === "trait" && l.ability.traits.some((t) => t.kind === "depot"));
    placeLocation(game, 0, depot!);
    const p = player(game, 0);
    p.pool.resources = { fuel: 2 };
    p.locations[0]!.depot = { weapons: 2 };
    p.locations[0]!.combo = { scrap: 3 };
    runPhase(game, "production", cashAll);
    // 2 fuel, 2 weapons in the depot and the Base's 1 scrap: 5, so 1 card; the combo's 3 do not count.
    expect(p.hand).toHaveLength(1);
  });

  it("1 vp if you have a Leader (Warlord's Court's Agreement), on the Base", () => {
    for (const leader of [false, true]) {
      const game = gameOf();
      tuck(game, 0, "warlords-court", "agreement");
      if (leader) player(game, 0).leader = { card: "borgo-the-almighty", resources: {}, vpTokens: [], uses: 0 };
      runPhase(game, "production");
      expect(player(game, 0).baseVp).toHaveLength(leader ? 1 : 0);
    }
  });

  it("1 weapons per Spoils after a Conquest (Warlord's Court): the Spoils just conquered counts, the Court's trigger fires after it is placed", () => {
    const game = gameOf();
    placeLocation(game, 0, "warlords-court");
    const [first, second] = locations(2, (l) => l.distance === 1);
    tuck(game, 0, first!, "spoils");
    giveCard(game, 0, second!);
    runTasks(game, [{ kind: "place-deal", seat: 0, deploy: "conquer", card: second!, holder: { kind: "base" }, replace: undefined }], unexpected);
    expect(player(game, 0).pool.resources["weapons"]).toBe(2);
  });
});

describe("per in the engine: what ruling 38 decides", () => {
  const yaml = (cards: string): string => ["set: test", "cards:", cards, ""].join("\n");
  const card = (id: string, fields: Record<string, string>): string =>
    locationYaml({ id, ...fields })
      .split("\n")
      .slice(2)
      .join("\n");

  it("a Spoils cashed is discarded first: it does not count itself", async () => {
    const set = await plus(yaml(card("looters-cache", { spoils: "gain 1 scrap per spoils" })));
    const game = gameOf(2, set);
    tuck(game, 0, "looters-cache", "spoils");
    runPhase(game, "production", answering({ "cash-spoils": (c: { kind: string }) => c.kind === "cash" }));
    // The Base's 1 Scrap only.
    expect(player(game, 0).pool.resources["scrap"]).toBe(1);
  });

  it("a scaled VP gain gives at most 3 tokens at a time, even on the Base", async () => {
    const set = await plus(yaml(card("census-office", { agreement: "gain 1 vp per location" })));
    const game = gameOf(2, set);
    tuck(game, 0, "census-office", "agreement");
    for (const id of locations(5, quiet)) placeLocation(game, 0, id);
    runPhase(game, "production");
    expect(player(game, 0).baseVp).toHaveLength(3);
  });

  it("a Worker sent to an open production counts for the sender, who gets the gain", async () => {
    const set = await plus(yaml(card("soup-kitchen", { pattern: "open-production", ability: "produce 1 scrap per location" })));
    const game = gameOf(2, set);
    placeLocation(game, 1, "soup-kitchen");
    for (const id of locations(2, quiet)) placeLocation(game, 0, id);
    player(game, 0).pool.workers = 1;
    perform(game, 0, { kind: "send-worker", owner: 1, location: 0 });
    expect(player(game, 0).pool.resources["scrap"]).toBe(2);
  });
});

describe("per and the greedy bot: a scaled gain is worth what it counts on the bot's view", () => {
  it("values the gain by the count now, and a card in hand as if counted once", () => {
    const game = gameOf();
    tuck(game, 0, "envoys-hall", "agreement");
    tuck(game, 0, locations(1)[0]!, "agreement");
    const steps = cardFacts(cards).locations.get("envoys-hall")!.work!.steps;
    const at = { players: view(game, 0).players, seat: 0, cards };
    expect(stepsWorth(steps, Infinity, true, at)).toBe(2 * worth.vp);
    expect(stepsWorth(steps, 1, true, at)).toBe(worth.vp);
    expect(stepsWorth(steps)).toBe(worth.vp);
  });

  it("works Envoys' Hall only when the Agreements it counts pay for the fuel and the worker", () => {
    const choice = (agreements: number): string => {
      const game = gameOf();
      placeLocation(game, 0, "envoys-hall");
      for (const id of locations(agreements)) tuck(game, 0, id, "agreement");
      const p = player(game, 0);
      p.pool.resources = { fuel: 1 };
      p.pool.workers = 1;
      const decision = { kind: "action", seat: 0, choices: [{ kind: "pass" }, { kind: "work", location: 0 }] } as const;
      return decision.choices[greedyChoice(cards, createRng(1), view(game, 0), decision)]!.kind;
    };
    expect(choice(0)).toBe("pass");
    expect(choice(2)).toBe("work");
  });
});

describe("per in play", () => {
  it("plays 40 seeded 3- and 4-player random-bot games with the example expansion, every invariant kept after every step", () => {
    const games = checkedGames(cards, Array.from({ length: 40 }, (_, i) => 200 + i), { players: (seed) => 3 + (seed % 2) });
    const mine = ["envoys-hall", "scrap-smelter", "warlords-court"];
    const played = games.flatMap((g) => g.state.players).filter((p) => p.locations.some((l) => mine.includes(l.card)) || p.baseDeals.some((d) => mine.includes(d.card)));
    expect(played.length).toBeGreaterThan(0);
  });
});

describe("per under a condition (gain 1 vp per agreement if you have a leader)", () => {
  it("is a scaled gain inside the condition's gains: nothing without a Leader, the count with one", async () => {
    const set = await plus(locationYaml({ spoils: JSON.stringify("gain 1 scrap per agreement if you have a leader") }));
    const steps = stepsOf((set.byId.get("test-card") as LocationDef).spoils);
    expect(steps).toMatchObject([{ op: "if", condition: { kind: "leader" }, steps: [{ op: "resource", resource: "scrap", amount: 1, scale: { kind: "per" } }] }]);
    const game = gameOf(2, set);
    tuck(game, 0, "scrapyard", "agreement");
    tuck(game, 0, "pub", "agreement");
    giveAll(game, 0, { to: "base" }, steps);
    expect(player(game, 0).pool.resources).toEqual({});
    const leaderId = set.cards.find((c) => c.kind === "leader")!.id;
    giveCard(game, 0, leaderId);
    const p = player(game, 0);
    p.hand.splice(p.hand.indexOf(leaderId), 1);
    p.leader = { card: leaderId, resources: {}, vpTokens: [], uses: 0 };
    giveAll(game, 0, { to: "base" }, steps);
    expect(player(game, 0).pool.resources).toEqual({ scrap: 2 });
  });
});
