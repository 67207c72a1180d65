/**
 * What a compiled card function says, as data: a cost as a Demand, gains and
 * effects as a list of steps. Compiled card functions are pure calls of the
 * Give/Pay/Act APIs, so each is recorded once (cached by function) and the
 * engine works on the data: it never runs a card's code to learn what it
 * costs, and a step that needs a player's decision becomes a task.
 */
import type { Cost, Effects, Gains, LocationDef, LookoutAbility } from "./definitions.js";
import { addResource, type Resources } from "./state.js";
import type { Demand, EffectStep } from "./tasks.js";

const demands = new WeakMap<Cost, Demand>();
const steps = new WeakMap<Gains | Effects, readonly EffectStep[]>();

export const noDemand: Demand = Object.freeze({ resources: Object.freeze({}), workers: 0, cards: 0, deals: Object.freeze({ spoils: 0, agreement: 0, deal: 0 }) });

/** The demand of a compiled cost (frozen; shared). */
export function demandOf(cost: Cost): Demand {
  let d = demands.get(cost);
  if (d) return d;
  const resources: Resources = {};
  let workers = 0;
  let cards = 0;
  const deals = { spoils: 0, agreement: 0, deal: 0 };
  cost({
    resource: (r, n) => addResource(resources, r, n),
    workers: (n) => void (workers += n),
    cards: (n) => void (cards += n),
    deals: (k, n) => void (deals[k] += n),
  });
  const empty = workers === 0 && cards === 0 && deals.spoils + deals.agreement + deals.deal === 0 && Object.keys(resources).length === 0;
  // Every free cost is the one `noDemand`, so "is it free?" is a comparison.
  d = empty ? noDemand : Object.freeze({ resources: Object.freeze(resources), workers, cards, deals: Object.freeze(deals) });
  demands.set(cost, d);
  return d;
}

/** Several demands paid together (a range plan's contact prices, a worker action's workers and cost). */
export function mergeDemands(list: readonly Demand[], extraWorkers = 0): Demand {
  const resources: Resources = {};
  let workers = extraWorkers;
  let cards = 0;
  const deals = { spoils: 0, agreement: 0, deal: 0 };
  for (const d of list) {
    for (const r in d.resources) addResource(resources, r, d.resources[r]!);
    workers += d.workers;
    cards += d.cards;
    deals.spoils += d.deals.spoils;
    deals.agreement += d.deals.agreement;
    deals.deal += d.deals.deal;
  }
  return { resources, workers, cards, deals };
}

/** The steps of compiled gains or effects (frozen; shared). */
export function stepsOf(fn: Gains | Effects): readonly EffectStep[] {
  let out = steps.get(fn);
  if (out) return out;
  const list: EffectStep[] = [];
  (fn as Effects)({
    resource: (resource, amount) => void list.push({ op: "resource", resource, amount }),
    workers: (amount) => void list.push({ op: "workers", amount }),
    cards: (amount) => void list.push({ op: "cards", amount }),
    vp: (tokens, value) => void list.push({ op: "vp", tokens, value }),
    contactToken: (colour, range, tokens) => void list.push({ op: "contactToken", colour, range, tokens }),
    redevelopmentTokens: (amount) => void list.push({ op: "redevelopmentTokens", amount }),
    steal: (resource, amount) => void list.push({ op: "steal", resource, amount }),
    redevelop: (anyType) => void list.push({ op: "redevelop", anyType }),
  });
  out = Object.freeze(list);
  steps.set(fn, out);
  return out;
}

const withExtraWorkers = new WeakMap<Demand, Demand[]>();

/** A demand plus `workers` more (a worker action's workers, which grow with the second use): cached, as costs are. */
export function plusWorkers(d: Demand, workers: number): Demand {
  let list = withExtraWorkers.get(d);
  if (!list) withExtraWorkers.set(d, (list = []));
  return (list[workers] ??= Object.freeze({ ...d, workers: d.workers + workers }));
}

/** What the rules ask of a Location again and again, read once from its definition. */
export interface LocationFacts {
  /** How many Spoils and Agreements it holds (its slots trait), if any. */
  readonly slots: { readonly spoils: number; readonly agreement: number } | undefined;
  /** Its traits' Lookout abilities. */
  readonly lookout: ReadonlySet<LookoutAbility>;
}

const locationFactsCache = new WeakMap<LocationDef, LocationFacts>();

export function locationFacts(def: LocationDef): LocationFacts {
  let f = locationFactsCache.get(def);
  if (f) return f;
  let slots: { spoils: number; agreement: number } | undefined;
  const lookout = new Set<LookoutAbility>();
  if (def.ability.pattern === "trait") {
    for (const t of def.ability.traits) {
      if (t.kind === "slots") slots = { spoils: t.holds === "agreement" ? 0 : t.amount, agreement: t.holds === "spoils" ? 0 : t.amount };
      else if (t.kind === "lookout") lookout.add(t.ability);
    }
  }
  f = Object.freeze({ slots, lookout });
  locationFactsCache.set(def, f);
  return f;
}
