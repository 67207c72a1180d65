/**
 * The choices the engine offers, against brute force on seeded random
 * states: every payment offered covers the whole cost, none is beaten by
 * another offered one, and every way to pay is offered or beaten by one
 * that is; the quick "can this colour reach that distance" check agrees with
 * the full list of range plans.
 */
import { describe, expect, it } from "vitest";
import type { Payment, Store } from "../src/engine/choices.js";
import { colourOf } from "../src/engine/actions.js";
import { answer, newGame, pending } from "../src/engine/machine.js";
import { covers, paymentOptions } from "../src/engine/payment.js";
import { planPrice, rangePlanner, rangePlans } from "../src/engine/range.js";
import type { Game } from "../src/engine/game.js";
import type { RangePlan } from "../src/engine/choices.js";
import { createRng, type Rng } from "../src/engine/rng.js";
import type { PlayerState, Resources } from "../src/engine/state.js";
import { canPay, storeOf, storesOf } from "../src/engine/tokens.js";
import { registry } from "./engine-harness.js";

const basic = registry.basicResources;
const kinds = [...basic, "universal"];

/** A player with tokens scattered over the pool, the Leader, keep cards and depots. */
function scatter(rng: Rng): PlayerState {
  const game = newGame(registry, { seed: 1, players: 2 });
  const p = game.state.players[0]!;
  const fill = (r: Resources): void => {
    for (let i = rng.int(4); i > 0; i--) {
      const k = kinds[rng.int(kinds.length)]!;
      r[k] = (r[k] ?? 0) + 1;
    }
  };
  fill(p.pool.resources);
  p.leader = { card: "borgo-the-almighty", resources: {}, vpTokens: [], uses: 0 };
  fill(p.leader.resources);
  for (const card of ["old-factory", "fuel-tank"]) {
    const l = { card, resources: {}, vpTokens: [], deals: [], depot: {}, combo: {}, uses: 0, markers: [] };
    if (rng.int(2) === 0) fill(l.resources);
    else fill(l.depot);
    p.locations.push(l);
  }
  return p;
}

/** Every way to pay, by brute force: each needed token from any store that has it (universal for any basic). */
function allWays(p: PlayerState, need: Resources): Map<string, number>[] {
  const stores = storesOf(p);
  const units = Object.entries(need).flatMap(([r, n]) => Array.from({ length: n }, () => r));
  const out = new Map<string, Map<string, number>>();
  const left = stores.map((st) => ({ ...storeOf(p, st) }));
  const taken = new Map<string, number>();
  const go = (i: number): void => {
    if (i === units.length) {
      const key = [...taken.entries()].filter(([, n]) => n > 0).sort().join("|");
      out.set(key, new Map([...taken.entries()].filter(([, n]) => n > 0)));
      return;
    }
    const r = units[i]!;
    stores.forEach((_, si) => {
      for (const t of r === "universal" ? ["universal"] : [r, "universal"]) {
        if ((left[si]![t] ?? 0) === 0) continue;
        left[si]![t]!--;
        const k = `${si}/${t}`;
        taken.set(k, (taken.get(k) ?? 0) + 1);
        go(i + 1);
        taken.set(k, taken.get(k)! - 1);
        left[si]![t]!++;
      }
    });
  };
  go(0);
  return [...out.values()];
}

function asMap(p: PlayerState, payment: Payment): Map<string, number> {
  const stores = storesOf(p);
  const index = (s: Store): number => stores.findIndex((x) => JSON.stringify(x) === JSON.stringify(s));
  return new Map(payment.map((t) => [`${index(t.from)}/${t.token}`, t.amount]));
}

/** What is left in each store after a payment, universal tokens apart. */
function beatsOrEquals(a: Map<string, number>, b: Map<string, number>, storeCount: number): boolean {
  for (let s = 0; s < storeCount; s++) {
    const get = (m: Map<string, number>, t: string): number => m.get(`${s}/${t}`) ?? 0;
    const total = (m: Map<string, number>): number => kinds.reduce((n, t) => n + get(m, t), 0);
    if (total(a) !== total(b)) return false;
    if (get(a, "universal") > get(b, "universal")) return false;
    for (const t of basic) if (get(a, t) < get(b, t)) return false;
  }
  return true;
}

describe("payments against brute force", () => {
  it("offers only payments that cover the whole cost, none beaten by another, and every other way is beaten by one offered", () => {
    const rng = createRng(2024);
    let checked = 0;
    for (let i = 0; i < 400; i++) {
      const p = scatter(rng);
      const need: Resources = {};
      for (let k = 1 + rng.int(3); k > 0; k--) {
        const r = basic[rng.int(basic.length)]!;
        need[r] = (need[r] ?? 0) + 1;
      }
      const offered = paymentOptions(p, need, basic);
      const ways = allWays(p, need);
      const stores = storesOf(p).length;
      if (ways.length === 0) {
        expect(offered).toEqual([]);
        continue;
      }
      checked++;
      const maps = offered.map((o) => asMap(p, o));
      for (const o of offered) expect(covers(o, need), JSON.stringify({ need, o })).toBe(true);
      for (const [j, a] of maps.entries()) for (const [k, b] of maps.entries()) if (j !== k) expect(beatsOrEquals(a, b, stores) && !beatsOrEquals(b, a, stores)).toBe(false);
      for (const w of ways) expect(maps.some((m) => beatsOrEquals(m, w, stores)), JSON.stringify([...w])).toBe(true);
    }
    expect(checked).toBeGreaterThan(200);
  });

  it("the rulebook's case: cost scrap, fuel, building material; pool universal and fuel; Old Factory holds scrap — the only payment covers all three", () => {
    const game = newGame(registry, { seed: 1, players: 2 });
    const p = game.state.players[0]!;
    p.pool.resources = { universal: 1, fuel: 1 };
    p.locations.push({ card: "old-factory", resources: { scrap: 1 }, vpTokens: [], deals: [], depot: {}, combo: {}, uses: 0, markers: [] });
    const need = { scrap: 1, fuel: 1, "building-material": 1 };
    const offered = paymentOptions(p, need, basic);
    expect(offered).toHaveLength(1);
    expect(covers(offered[0]!, need)).toBe(true);
    expect(offered[0]).toEqual([
      { from: { kind: "pool" }, token: "fuel", amount: 1 },
      { from: { kind: "pool" }, token: "universal", amount: 1 },
      { from: { kind: "location", index: 0 }, token: "scrap", amount: 1 },
    ]);
  });
});

/** Every plan with nothing to spare whose contacts' prices the player can pay, by brute force over every subset of sources. */
function bruteForcePlans(game: Game, seat: number, colour: "conquest" | "cooperation" | "incorporation", distance: number, target: string): string[] {
  const p = game.state.players[seat]!;
  const fits = (c: string): boolean => c === colour || c === "universal";
  const sources: { key: string; range: number; contact?: string; permanent?: string }[] = [];
  p.pool.contactTokens.forEach((t) => fits(t.colour) && sources.push({ key: `token:${t.colour}:${t.range}`, range: t.range }));
  for (const pc of p.contacts) {
    const def = registry.byId.get(pc.card)!;
    if (!pc.usedThisTurn && def.kind === "contact" && fits(def.colour)) sources.push({ key: `permanent:${pc.card}`, range: def.range, permanent: pc.card });
  }
  for (const id of p.hand) {
    const def = registry.byId.get(id)!;
    if (def.kind === "contact" && def.use === "one-time" && fits(def.colour)) sources.push({ key: `contact:${id}`, range: def.range, contact: id });
  }
  const out = new Set<string>();
  for (let mask = 1; mask < 1 << sources.length; mask++) {
    const chosen = sources.filter((_, i) => mask & (1 << i));
    const sum = chosen.reduce((n, x) => n + x.range, 0);
    if (sum < distance || chosen.some((x) => sum - x.range >= distance)) continue;
    const plan = { tokens: [], permanents: chosen.flatMap((x) => (x.permanent ? [x.permanent] : [])), contacts: chosen.flatMap((x) => (x.contact ? [x.contact] : [])) };
    if (!canPay(p, planPrice(game, plan), registry.basicResources, [target, ...plan.contacts])) continue;
    out.add(chosen.map((x) => x.key).sort().join(","));
  }
  return [...out].sort();
}

describe("range plans", () => {
  it("offers exactly the plans with nothing to spare that can be paid for (brute force), one per set of interchangeable tokens", () => {
    let compared = 0;
    for (let seed = 100; seed < 130; seed++) {
      const game = newGame(registry, { seed, players: 2 });
      const rng = createRng(seed);
      for (let d = pending(game); d; d = pending(game)) {
        if (d.kind === "action") {
          const p = game.state.players[d.seat]!;
          const tokens = p.pool.contactTokens;
          // Some contact tokens too, so plans mix every kind of source.
          p.pool.contactTokens = [...tokens];
          if (rng.int(3) === 0) p.pool.contactTokens.push({ colour: ["conquest", "universal", "cooperation"][rng.int(3)]!, range: 1 + rng.int(3) });
          for (const id of p.hand) {
            const def = registry.byId.get(id);
            if (def?.kind !== "location") continue;
            for (const colour of ["conquest", "cooperation", "incorporation"] as const) {
              const key = (plan: RangePlan): string =>
                [...plan.tokens.map((i) => `token:${p.pool.contactTokens[i]!.colour}:${p.pool.contactTokens[i]!.range}`), ...plan.permanents.map((c) => `permanent:${c}`), ...plan.contacts.map((c) => `contact:${c}`)].sort().join(",");
              expect(rangePlans(game, d.seat, colour, def.distance, id).map(key).sort()).toEqual(bruteForcePlans(game, d.seat, colour, def.distance, id));
              compared++;
            }
          }
          p.pool.contactTokens = tokens;
        }
        answer(game, rng.int(d.choices.length));
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it("the quick reach check used to list actions agrees with the full list of plans, at every action decision of seeded games", () => {
    let compared = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const game = newGame(registry, { seed, players: 3 });
      const rng = createRng(seed);
      for (let d = pending(game); d; d = pending(game)) {
        if (d.kind === "action") {
          const reaches = rangePlanner(game, d.seat);
          for (const id of game.state.players[d.seat]!.hand) {
            const def = registry.byId.get(id);
            if (def?.kind !== "location") continue;
            for (const how of ["conquer", "cooperate", "incorporate"] as const) {
              expect(reaches(colourOf[how], def.distance)).toBe(rangePlans(game, d.seat, colourOf[how], def.distance, id).length > 0);
              compared++;
            }
          }
        }
        answer(game, rng.int(d.choices.length));
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });
});
