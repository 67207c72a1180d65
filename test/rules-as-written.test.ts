/**
 * Rules the engine follows as the rulebooks write them, where an earlier
 * engine decided for the player: paying, range, combos, depots, converts,
 * the Redevelopment a card executes, discarding deals, the Lookout
 * abilities. Each test quotes the rule it checks (English rulebook).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Action, Decision, Payment, RangePlan, Store } from "../src/engine/choices.js";
import type { Game } from "../src/engine/game.js";
import { pending } from "../src/engine/machine.js";
import { covers, paymentOptions } from "../src/engine/payment.js";
import { rangePlans } from "../src/engine/range.js";
import type { PlayerState, Resources } from "../src/engine/state.js";
import { stealChoices } from "../src/constructs/effects/steal.js";
import { storeOf } from "../src/engine/tokens.js";
import { actionTurn, answering, choose, findAction, giveCard, perform, placeLocation, player, registry, runPhase, testGame } from "./engine-harness.js";

const basic = registry.basicResources;



const isAction = <K extends Action["kind"]>(kind: K, more: Partial<Action & { kind: K }> = {}) => (a: Action): boolean =>
  a.kind === kind && Object.entries(more).every(([k, v]) => JSON.stringify((a as Record<string, unknown>)[k]) === JSON.stringify(v));

function pendingAction(game: Game): { seat: number; choices: readonly Action[] } {
  const d = pending(game)!;
  expect(d.kind).toBe("action");
  return d as Extract<Decision, { kind: "action" }>;
}

// ---- payments -----------------------------------------------------------------------

/** The resources a payment takes, by token kind. */
function taken(payment: Payment): Resources {
  const r: Resources = {};
  for (const t of payment) r[t.token] = (r[t.token] ?? 0) + t.amount;
  return r;
}

/**
 * Whether the tokens pay exactly `need`: each basic resource by tokens of its
 * own kind or by universal tokens ("The universal resource can substitute any
 * one of the four basic resources"), nothing else, nothing to spare.
 */
function paysExactly(payment: Payment, need: Resources): boolean {
  const got = taken(payment);
  let universalLeft = got["universal"] ?? 0;
  for (const k of Object.keys(got)) if (k !== "universal" && !(k in need)) return false;
  for (const [r, n] of Object.entries(need)) {
    const own = got[r] ?? 0;
    if (own > n) return false;
    universalLeft -= n - own;
  }
  return universalLeft === 0;
}

const storeKey = (s: Store): string => ("index" in s ? `${s.kind}:${s.index}` : s.kind);

/** A payment as a canonical string: store, token, amount, sorted. */
const paymentKey = (payment: Payment): string =>
  payment
    .filter((t) => t.amount > 0)
    .map((t) => `${storeKey(t.from)}/${t.token}x${t.amount}`)
    .sort()
    .join(" ");

/**
 * `a` leaves the player at least as well off as `b` and differs: store by
 * store, it takes as many tokens, and what it leaves is what `b` leaves with
 * some basic tokens turned into universal ones (a universal token does all a
 * basic one does).
 */
function beaten(b: Payment, a: Payment): boolean {
  if (paymentKey(a) === paymentKey(b)) return false;
  const byStore = (p: Payment): Map<string, Resources> => {
    const m = new Map<string, Resources>();
    for (const t of p) {
      const r = m.get(storeKey(t.from)) ?? {};
      r[t.token] = (r[t.token] ?? 0) + t.amount;
      m.set(storeKey(t.from), r);
    }
    return m;
  };
  const sa = byStore(a);
  const sb = byStore(b);
  for (const store of new Set([...sa.keys(), ...sb.keys()])) {
    const ra = sa.get(store) ?? {};
    const rb = sb.get(store) ?? {};
    const total = (r: Resources) => Object.values(r).reduce((n, v) => n + v, 0);
    if (total(ra) !== total(rb)) return false;
    for (const k of new Set([...Object.keys(ra), ...Object.keys(rb)])) {
      const x = ra[k] ?? 0;
      const y = rb[k] ?? 0;
      if (k === "universal" ? x > y : x < y) return false;
    }
  }
  return true;
}

/** Every way to take at most `most` tokens from the player's stores (brute force). */
function allTakes(p: PlayerState, stores: readonly Store[], most: number): Payment[] {
  const slots: { from: Store; token: string; have: number }[] = [];
  for (const from of stores) for (const [token, have] of Object.entries(storeOf(p, from))) if (have > 0) slots.push({ from, token, have });
  const out: Payment[] = [];
  const walk = (i: number, acc: Payment, left: number): void => {
    if (i === slots.length) return void out.push(acc);
    for (let n = 0; n <= Math.min(slots[i]!.have, left); n++) walk(i + 1, n === 0 ? acc : [...acc, { from: slots[i]!.from, token: slots[i]!.token, amount: n }], left - n);
  };
  walk(0, [], most);
  return out;
}

describe("payments: the player chooses which tokens pay", () => {
  // "Such Resource tokens can be kept on the card between subsequent turns until their owner decides to spend them" (Leader);
  // "Resource tokens are not discarded from cards bearing this icon during Phase 5" (keep);
  // "Up to 3 resource tokens can be stored at a single Resource Depot";
  // "The universal resource can substitute any one of the four basic resources … later decide to use it as a substitute".
  it("pool, keep card, Leader and depot tokens are all offered; a universal token only where no basic token of the same place would do", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "truck-stop"); // action: pay 1 fuel -> contact cooperation 2
    placeLocation(game, 0, "basement"); // produce 1 fuel; keep 3
    placeLocation(game, 0, "fuel-tank"); // depot 3
    giveCard(game, 0, "greedy-pete"); // resources: 1 fuel
    perform(game, 0, { kind: "play-leader", card: "greedy-pete" });
    p.pool.resources = { fuel: 1, universal: 1 };
    p.locations[1]!.resources = { fuel: 1 };
    p.locations[2]!.depot = { fuel: 1 };
    p.pool.workers = 1;
    const keys = paymentOptions(p, { fuel: 1 }, basic).map(paymentKey).sort();
    expect(keys).toEqual(["depot:2/fuelx1", "leader/fuelx1", "location:1/fuelx1", "pool/fuelx1"]);
    // The player pays with the Leader's fuel.
    perform(game, 0, { kind: "work", location: 0 }, answering({ payment: (c: Payment) => paymentKey(c) === "leader/fuelx1" }));
    expect(p.leader!.resources).toEqual({});
    expect(p.pool.resources).toEqual({ fuel: 1, universal: 1 });
    expect(p.pool.contactTokens).toEqual([{ colour: "cooperation", range: 2 }]);
  });

  it("a universal token pays a basic resource when the player has it", () => {
    const game = testGame();
    const p = player(game, 0);
    p.pool.resources = { universal: 1 };
    expect(paymentOptions(p, { weapons: 1 }, basic).map(paymentKey)).toEqual(["pool/universalx1"]);
    p.pool.resources = { scrap: 1 };
    expect(paymentOptions(p, { weapons: 1 }, basic)).toEqual([]);
  });

  it("cost {scrap, fuel, building material}, pool {universal, fuel}, Old Factory holding {scrap}: every payment offered covers every resource", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "old-factory");
    p.locations[0]!.resources = { scrap: 1 };
    p.pool.resources = { universal: 1, fuel: 1 };
    const need = { scrap: 1, fuel: 1, "building-material": 1 };
    const offered = paymentOptions(p, need, basic);
    expect(offered.length).toBeGreaterThan(0);
    for (const pay of offered) {
      expect(covers(pay, need)).toBe(true);
      expect(paysExactly(pay, need)).toBe(true);
    }
    // The only way: the fuel pays fuel, the universal pays building material, the Old Factory's scrap pays scrap.
    expect(offered.map(paymentKey)).toEqual(["location:0/scrapx1 pool/fuelx1 pool/universalx1"]);
  });

  it("every payment offered covers the whole cost, none is beaten by another, and every unbeaten payment is offered (random holdings)", () => {
    const holding = (most: number) => fc.record({ scrap: fc.nat(most), fuel: fc.nat(most), universal: fc.nat(most) });
    const clean = (r: Resources): Resources => Object.fromEntries(Object.entries(r).filter(([, v]) => v > 0));
    fc.assert(
      fc.property(
        holding(2),
        holding(1),
        holding(2),
        holding(1),
        fc.record({ scrap: fc.nat(2), fuel: fc.nat(2), "building-material": fc.nat(1) }),
        (pool, leaderR, keepR, depotR, needRaw) => {
          const need = clean(needRaw);
          if (Object.keys(need).length === 0) return;
          const game = testGame();
          const p = player(game, 0);
          placeLocation(game, 0, "old-factory");
          placeLocation(game, 0, "fuel-tank");
          p.leader = { card: "greedy-pete", resources: clean(leaderR), vpTokens: [], uses: 0 };
          p.pool.resources = clean(pool);
          p.locations[0]!.resources = clean(keepR);
          p.locations[1]!.depot = clean(depotR);
          const stores: Store[] = [{ kind: "pool" }, { kind: "leader" }, { kind: "location", index: 0 }, { kind: "depot", index: 1 }];
          const offered = paymentOptions(p, need, basic);
          for (const pay of offered) {
            expect(paysExactly(pay, need)).toBe(true);
            expect(covers(pay, need)).toBe(true);
            for (const t of pay) expect(storeOf(p, t.from)[t.token] ?? 0).toBeGreaterThanOrEqual(t.amount);
            for (const other of offered) expect(beaten(pay, other)).toBe(false);
          }
          const exact = allTakes(p, stores, Object.values(need).reduce((n, v) => n + v, 0)).filter((pay) => paysExactly(pay, need));
          const unbeaten = exact.filter((b) => !exact.some((a) => beaten(b, a)));
          expect(offered.map(paymentKey).sort()).toEqual(unbeaten.map(paymentKey).sort());
        },
      ),
      { numRuns: 200, seed: 51 },
    );
  });
});

// ---- range --------------------------------------------------------------------------

/** A plan as names: "token:<colour>:<range>" for each token, the ids of the contacts. */
function planNames(p: PlayerState, plan: RangePlan): string {
  return [...plan.tokens.map((i) => `token:${p.pool.contactTokens[i]!.colour}:${p.pool.contactTokens[i]!.range}`), ...plan.permanents, ...plan.contacts].sort().join(" + ");
}

describe("range: the player chooses which Contact cards and tokens pay", () => {
  // "The values of individual Contact cards and Contact tokens of the same colour are added together … The total Range value
  // of the Contact cards and tokens played must be equal to or greater than the Distance value."
  it("offers every combination that reaches the distance with nothing to spare, and spends the one chosen", () => {
    const game = testGame({ factions: ["mutants-union", "new-york"] });
    const p = player(game, 0);
    p.pool.resources = { weapons: 1 }; // Mutants' price
    p.pool.contactTokens.push({ colour: "conquest", range: 1 }, { colour: "conquest", range: 2 }, { colour: "universal", range: 1 }, { colour: "cooperation", range: 3 });
    giveCard(game, 0, "marauders"); // one-time conquest 1, free
    giveCard(game, 0, "assembly-plant"); // distance 3
    const offered = rangePlans(game, 0, "conquest", 3, "assembly-plant").map((plan) => planNames(p, plan)).sort();
    // Sources: Mutants 2, tokens 1, 2 and universal 1, Marauders 1 (the cooperation token is another colour).
    expect(offered).toEqual(
      [
        "mutants + token:conquest:1",
        "mutants + token:universal:1",
        "marauders + mutants",
        "mutants + token:conquest:2",
        "token:conquest:1 + token:conquest:2",
        "token:conquest:2 + token:universal:1",
        "marauders + token:conquest:2",
        "marauders + token:conquest:1 + token:universal:1",
      ].sort(),
    );
    perform(game, 0, { kind: "conquer", card: "assembly-plant" }, answering({ "range-plan": (plan: RangePlan) => planNames(p, plan) === "marauders + token:conquest:2" }));
    expect(p.baseDeals).toEqual([{ card: "assembly-plant", kind: "spoils" }]);
    expect(p.pool.contactTokens).toEqual([{ colour: "conquest", range: 1 }, { colour: "universal", range: 1 }, { colour: "cooperation", range: 3 }]);
    expect(game.state.discard).toContain("marauders");
    expect(p.contacts.find((c) => c.card === "mutants")!.usedThisTurn).toBe(false);
    expect(p.pool.resources).toEqual({ weapons: 1 });
  });

  it("a Contact whose price the player cannot pay is not offered", () => {
    const game = testGame({ factions: ["mutants-union", "new-york"] });
    const p = player(game, 0);
    p.pool.contactTokens.push({ colour: "conquest", range: 1 });
    giveCard(game, 0, "assembly-plant");
    giveCard(game, 0, "scrapyard");
    // Mutants costs 1 weapons: without it, only the token reaches distance 1, and nothing reaches 3.
    expect(rangePlans(game, 0, "conquest", 1, "scrapyard").map((plan) => planNames(p, plan))).toEqual(["token:conquest:1"]);
    expect(findAction(game, 0, "conquer", (a) => a.card === "assembly-plant")).toBeUndefined();
  });

  // "Players cannot, however, divide the value of a single Contact card or Contact token among several actions."
  it("no splitting: a range-3 token spent on a distance-1 card is gone", () => {
    const game = testGame();
    const p = player(game, 0);
    p.pool.contactTokens.push({ colour: "conquest", range: 3 });
    giveCard(game, 0, "scrapyard");
    giveCard(game, 0, "oil-well");
    perform(game, 0, { kind: "conquer", card: "scrapyard" });
    expect(p.pool.contactTokens).toEqual([]);
    expect(findAction(game, 0, "conquer")).toBeUndefined();
  });

  it("the plans offered are exactly the sets of tokens with nothing to spare (random tokens and distances)", () => {
    const colours = ["conquest", "cooperation", "incorporation", "universal"] as const;
    const token = fc.record({ colour: fc.constantFrom(...colours), range: fc.integer({ min: 1, max: 3 }) });
    fc.assert(
      fc.property(fc.array(token, { maxLength: 6 }), fc.constantFrom("conquest", "cooperation", "incorporation" as const), fc.integer({ min: 1, max: 3 }), (tokens, colour, distance) => {
        // Seat 1 (Mutants) has nothing to pay its permanent Contacts with: only tokens count.
        const game = testGame({ factions: ["new-york", "mutants-union"] });
        const p = player(game, 1);
        p.pool.contactTokens = tokens.map((t) => ({ ...t }));
        const target = "scrapyard";
        giveCard(game, 1, target);
        const usable = tokens.map((t, i) => ({ ...t, i })).filter((t) => t.colour === colour || t.colour === "universal");
        const expected = new Set<string>();
        for (let mask = 1; mask < 1 << usable.length; mask++) {
          const chosen = usable.filter((_, k) => mask & (1 << k));
          const sum = chosen.reduce((n, t) => n + t.range, 0);
          if (sum < distance || chosen.some((t) => sum - t.range >= distance)) continue;
          expected.add(chosen.map((t) => `token:${t.colour}:${t.range}`).sort().join(" + "));
        }
        const offered = rangePlans(game, 1, colour, distance, target).map((plan) => planNames(p, plan));
        expect(new Set(offered).size).toBe(offered.length);
        expect(new Set(offered)).toEqual(expected);
      }),
      { numRuns: 300, seed: 51 },
    );
  });
});

// ---- combos -------------------------------------------------------------------------

// "Resource Combo. A space for three specific Resources. The Resource tokens placed on this card remain there until the combo
// is complete and during that time they can neither be used for any other Actions, nor stolen by other players. Placing a
// Resource token on the card is free. The Action itself, however (converting a complete Resource combo into 2 VPs) has a cost
// of one Worker Token."
describe("combos", () => {
  it("placing a token is free and does not end the action turn", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "flea-market"); // combo scrap fuel weapons -> 2 vp
    p.pool.resources = { scrap: 1, fuel: 1 };
    p.pool.workers = 2; // something left to do once the tokens are placed
    actionTurn(game);
    choose(game, isAction("combo-place", { location: 0, token: "scrap" }));
    expect(pendingAction(game).seat).toBe(0);
    choose(game, isAction("combo-place", { location: 0, token: "fuel" }));
    expect(pendingAction(game).seat).toBe(0);
    expect(p.locations[0]!.combo).toEqual({ scrap: 1, fuel: 1 });
    expect(p.pool.resources).toEqual({});
    expect(p.pool.workers).toBe(2);
    // A token the combo does not take is not offered.
    p.pool.resources = { "building-material": 1 };
    expect(findAction(game, 0, "combo-place")).toBeUndefined();
  });

  it("the tokens stay on the card across turns: Clean-up does not remove them", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "flea-market");
    p.pool.resources = { scrap: 1 };
    perform(game, 0, { kind: "combo-place", location: 0, from: { kind: "pool" }, token: "scrap" });
    runPhase(game, "clean-up");
    expect(p.locations[0]!.combo).toEqual({ scrap: 1 });
  });

  it("tokens on a combo cannot be stolen", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "flea-market");
    p.pool.resources = { scrap: 1, fuel: 1 };
    expect(stealChoices(game, 1, "any").map((c) => c.resource).sort()).toEqual(["fuel", "scrap"]);
    perform(game, 0, { kind: "combo-place", location: 0, from: { kind: "pool" }, token: "scrap" });
    expect(stealChoices(game, 1, "any").map((c) => c.resource)).toEqual(["fuel"]);
    // Thieves' Caravan: "Take one Resource token from an opponent of Your choice" finds only the pool's fuel.
    placeLocation(game, 1, "thieves-caravan");
    player(game, 1).pool.workers = 2;
    perform(game, 1, { kind: "work", location: 0 });
    expect(p.locations[0]!.combo).toEqual({ scrap: 1 });
    expect(player(game, 1).pool.resources).toEqual({ fuel: 1 });
  });

  it("tokens on a combo cannot be used to pay", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "flea-market");
    placeLocation(game, 0, "gas-station"); // action: pay 1 scrap -> 2 fuel
    p.pool.resources = { scrap: 1 };
    p.pool.workers = 1;
    perform(game, 0, { kind: "combo-place", location: 0, from: { kind: "pool" }, token: "scrap" });
    expect(findAction(game, 0, "work", (a) => a.location === 1)).toBeUndefined();
    expect(paymentOptions(p, { scrap: 1 }, basic)).toEqual([]);
  });

  it("cashing a complete combo costs one Worker and gives its 2 VP; the slots are empty again", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "flea-market");
    p.pool.resources = { scrap: 1, fuel: 1, weapons: 1 };
    p.pool.workers = 1;
    for (const token of ["scrap", "fuel"]) perform(game, 0, { kind: "combo-place", location: 0, from: { kind: "pool" }, token });
    // Not complete: no cashing.
    expect(findAction(game, 0, "work")).toBeUndefined();
    perform(game, 0, { kind: "combo-place", location: 0, from: { kind: "pool" }, token: "weapons" });
    // Complete: nothing more is placed on it.
    p.pool.resources = { scrap: 1 };
    expect(findAction(game, 0, "combo-place")).toBeUndefined();
    perform(game, 0, { kind: "work", location: 0 });
    expect(p.pool.workers).toBe(0);
    expect(p.pool.resources).toEqual({ scrap: 1 });
    expect(p.locations[0]!.combo).toEqual({});
    expect(p.locations[0]!.vpTokens).toEqual([{ value: 2 }]);
  });

  it("cashing is an action: it ends the action turn", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "war-factory"); // combo weapons weapons building-material -> 2 vp, 1 card
    p.locations[0]!.combo = { weapons: 2, "building-material": 1 };
    p.pool.workers = 1;
    actionTurn(game);
    choose(game, isAction("work", { location: 0 }));
    expect(pendingAction(game).seat).toBe(1);
  });
});

// ---- depots -------------------------------------------------------------------------

// "Resource Depot. Up to 3 resource tokens can be stored at a single Resource Depot. Placing and removing Resource Tokens from
// a Resource Depot does not involve any extra cost. Resources placed at a Resource Depot cannot be stolen."
describe("depots", () => {
  it("putting and taking are free and do not end the action turn; up to 3 tokens", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "fuel-tank");
    p.pool.resources = { fuel: 3, scrap: 1 };
    actionTurn(game);
    for (const resource of ["fuel", "fuel", "scrap"]) {
      choose(game, isAction("depot-put", { location: 0, resource }));
      expect(pendingAction(game).seat).toBe(0);
    }
    expect(p.locations[0]!.depot).toEqual({ fuel: 2, scrap: 1 });
    expect(pendingAction(game).choices.some(isAction("depot-put"))).toBe(false);
    choose(game, isAction("depot-take", { location: 0, resource: "scrap" }));
    expect(pendingAction(game).seat).toBe(0);
    expect(p.locations[0]!.depot).toEqual({ fuel: 2 });
    expect(p.pool.resources).toEqual({ fuel: 1, scrap: 1 });
  });

  it("depot tokens cannot be stolen", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "fuel-tank");
    p.locations[0]!.depot = { fuel: 2 };
    expect(stealChoices(game, 1, "any")).toEqual([]);
    p.pool.resources = { scrap: 1 };
    expect(stealChoices(game, 1, "any")).toEqual([{ from: 0, store: { kind: "pool" }, resource: "scrap" }]);
  });

  it("depot tokens survive Clean-up; the pool's do not", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "fuel-tank");
    p.locations[0]!.depot = { fuel: 2 };
    p.pool.resources = { scrap: 1 };
    runPhase(game, "clean-up");
    expect(p.locations[0]!.depot).toEqual({ fuel: 2 });
    expect(p.pool.resources).toEqual({});
  });
});

// ---- convert traits -----------------------------------------------------------------

// "Location Traits are always active regardless of timing and do not require any workers for Activation." "Discard X in order
// to gain Y."
describe("convert traits", () => {
  it("are free moves, used as often as the player can pay, without ending the action turn", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "war-camp"); // convert 1 weapons -> contact conquest 3
    p.pool.resources = { weapons: 3 };
    p.pool.workers = 2; // something left to do once the weapons are spent
    actionTurn(game);
    for (let i = 0; i < 3; i++) {
      choose(game, isAction("convert", { location: 0 }));
      expect(pendingAction(game).seat).toBe(0);
    }
    expect(p.pool.contactTokens).toEqual([1, 2, 3].map(() => ({ colour: "conquest", range: 3 })));
    expect(p.pool.resources).toEqual({});
    expect(pendingAction(game).choices.some(isAction("convert"))).toBe(false);
    expect(p.actionsTaken).toBe(0);
  });

  it("the gains of a convert are usable in the same action turn", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "land-registry"); // convert 1 scrap -> contact incorporation 2
    giveCard(game, 0, "old-factory"); // distance 2
    p.pool.resources = { scrap: 1 };
    actionTurn(game);
    expect(pendingAction(game).choices.some(isAction("incorporate"))).toBe(false);
    choose(game, isAction("convert", { location: 0 }));
    choose(game, isAction("incorporate", { card: "old-factory" }));
    expect(p.locations.map((l) => l.card)).toEqual(["land-registry", "old-factory"]);
  });
});

// ---- "Execute the Redevelopment Action" ----------------------------------------------

// "Redevelopment. Execute the Redevelopment Action." "A player may perform one Redevelopment action each turn by Paying 1
// Building material Resource. Having performed it once during a turn, the player has to pay one Redevelopment token for each
// subsequent Redevelopment Action he performs the same turn."
describe("a card that executes the Redevelopment Action", () => {
  it("counts as the turn's Redevelopment: the next one needs a Redevelopment token", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "demolition-crew"); // action: pay 1 scrap -> redevelop
    placeLocation(game, 0, "scrapyard");
    placeLocation(game, 0, "oil-well");
    giveCard(game, 0, "junk-dealer"); // scrap: over Scrapyard
    giveCard(game, 0, "refinery"); // fuel: over Oil Well
    p.pool.resources = { scrap: 1, "building-material": 1 };
    p.pool.workers = 1;
    expect(findAction(game, 0, "redevelop", (a) => a.pay === "building-material")).toBeDefined();
    perform(game, 0, { kind: "work", location: 0 }, answering({ "redevelop-with": (c: { card?: string }) => c.card === "junk-dealer" }));
    expect(p.locations.map((l) => l.card)).toEqual(["demolition-crew", "junk-dealer", "oil-well"]);
    // Like any Redevelopment: a 2-VP token on the Base.
    expect(p.baseVp).toEqual([{ value: 2 }]);
    expect(p.pool.resources).toEqual({ "building-material": 1 });
    expect(findAction(game, 0, "redevelop")).toBeUndefined();
    p.pool.redevelopment = 1;
    expect(findAction(game, 0, "redevelop", (a) => a.card === "refinery")).toMatchObject({ pay: "token" });
    expect(findAction(game, 0, "redevelop", (a) => a.pay === "building-material")).toBeUndefined();
  });
});

// ---- discarding a deal -----------------------------------------------------------------

// "Please note that a player is allowed to discard any of his Spoils at any time during the game (in order to make room for
// other Agreement or Spoils cards, for example)." The same is written of Agreements.
describe("discarding a Spoils or an Agreement", () => {
  it("is offered at any time of the player's action turn and does not end it", () => {
    const game = testGame();
    const p = player(game, 0);
    for (const id of ["scrapyard", "pub"]) game.state.deck.splice(game.state.deck.indexOf(id), 1);
    p.baseDeals.push({ card: "scrapyard", kind: "spoils" }, { card: "pub", kind: "agreement" });
    p.pool.workers = 2; // something left to do once the deals are gone
    actionTurn(game);
    choose(game, isAction("discard-deal", { index: 1 }));
    expect(pendingAction(game).seat).toBe(0);
    expect(p.baseDeals).toEqual([{ card: "scrapyard", kind: "spoils" }]);
    choose(game, isAction("discard-deal", { index: 0 }));
    expect(pendingAction(game).seat).toBe(0);
    expect(p.baseDeals).toEqual([]);
    expect(game.state.discard).toEqual(expect.arrayContaining(["scrapyard", "pub"]));
    expect(p.actionsTaken).toBe(0);
  });
});

// ---- Lookout abilities -------------------------------------------------------------------

describe("Lookout abilities", () => {
  const factions = ["new-york", "mutants-union"];

  // "At the end of the Lookout Phase take the last (unselected) card left on the table. If there are no more cards left, then
  // draw a card from the draw deck."
  it("Noticeboard: the owner takes the last unselected card instead of its being discarded", () => {
    const game = testGame({ factions });
    placeLocation(game, 0, "noticeboard");
    const revealed: string[] = [];
    runPhase(game, "lookout", (d) => {
      if (d.kind === "lookout-pick" && revealed.length === 0) revealed.push(...game.state.revealed);
      return 0;
    });
    const p = player(game, 0);
    // 2 picks, the leftover, the end-of-Lookout draw.
    expect(p.hand).toHaveLength(4);
    expect(game.state.discard).toEqual([]);
    expect(revealed.filter((c) => p.hand.includes(c))).toHaveLength(3);
  });

  it("Noticeboard: with no card left on the table, the owner draws one from the deck", () => {
    const game = testGame({ factions });
    placeLocation(game, 0, "noticeboard");
    placeLocation(game, 1, "sniper-nest"); // B discards one after the first pick: no card is left at the end
    runPhase(game, "lookout", () => 0);
    expect(game.state.revealed).toEqual([]);
    expect(player(game, 0).hand).toHaveLength(4);
    expect(player(game, 1).hand).toHaveLength(3);
    expect(game.state.discard).toHaveLength(1);
  });

  // "You can draw one card from the draw deck instead of selecting one of the revealed cards during the Lookout Phase."
  it("Scouts' Camp: one pick may be a draw from the deck instead, once a Lookout", () => {
    const game = testGame({ factions });
    placeLocation(game, 0, "scouts-camp");
    const offeredDrawInstead: boolean[] = [];
    const top = game.state.deck[game.state.deck.length - 1 - 5]!; // under the 5 revealed cards
    runPhase(game, "lookout", (d) => {
      if (d.kind !== "lookout-pick") throw new Error(d.kind);
      const i = d.choices.findIndex((c) => c.kind === "draw-instead");
      if (d.seat === 0) offeredDrawInstead.push(i >= 0);
      return i >= 0 ? i : 0;
    });
    expect(offeredDrawInstead).toEqual([true, false]);
    const p = player(game, 0);
    expect(p.hand[0]).toBe(top);
    expect(p.hand).toHaveLength(3);
    // B picked from 5 and from 3: two cards were left and are discarded.
    expect(game.state.discard).toHaveLength(2);
  });

  // "At the end of the Lookout Phase, draw two cards from the top of the draw deck instead of just one. Choose and add one of
  // them to your hand (discard the other one)."
  it("Watchtower: at the end of the Lookout, draw two, keep one, discard the other", () => {
    const game = testGame({ factions });
    placeLocation(game, 0, "watchtower");
    let kept: { offered: readonly string[]; chosen: string } | undefined;
    runPhase(game, "lookout", (d) => {
      if (d.kind === "lookout-keep") {
        kept = { offered: d.choices, chosen: d.choices[1]! };
        return 1;
      }
      return 0;
    });
    expect(kept!.offered).toHaveLength(2);
    const p = player(game, 0);
    expect(p.hand).toContain(kept!.chosen);
    expect(p.hand).toHaveLength(3);
    expect(game.state.discard).toContain(kept!.offered[0]);
    expect(player(game, 1).hand).toHaveLength(3);
    // The leftover and the card not kept.
    expect(game.state.discard).toHaveLength(2);
  });

  // "After selecting your first card, discard one of the remaining cards revealed on the table."
  it("Sniper's Nest: after the first pick (not the second), discard one of the remaining revealed cards", () => {
    const game = testGame({ factions });
    placeLocation(game, 0, "sniper-nest");
    const seen: string[] = [];
    runPhase(game, "lookout", (d) => {
      seen.push(`${d.kind}:${d.seat}:${d.choices.length}`);
      return 0;
    });
    // A picks 1 of 5, discards 1 of 4; B picks 1 of 3; A picks 1 of 2; B takes the last card (no choice, not asked).
    expect(seen).toEqual(["lookout-pick:0:5", "lookout-discard:0:4", "lookout-pick:1:3", "lookout-pick:0:2"]);
    expect(player(game, 0).hand).toHaveLength(3);
    expect(player(game, 1).hand).toHaveLength(3);
    expect(game.state.discard).toHaveLength(1);
  });
});
