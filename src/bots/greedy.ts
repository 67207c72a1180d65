/**
 * The greedy bot: plays for VP from its view. Each action is scored by what
 * it brings now (VP first, then what builds towards VP); a worker action, a
 * convert or any change is made only when it leaves the bot better off by
 * the value table (values.ts) — VP a card has no room for and a steal with
 * nothing to take count for nothing — so it never loops. The other
 * decisions spend what is cheapest to lose: tokens Clean-up would discard
 * before kept ones, tokens before cards.
 */
import type { Action, Decision, Payment, RangePlan } from "../engine/choices.js";
import type { CountAt } from "../constructs/amount.js";
import type { CardRegistry } from "../engine/definitions.js";
import { cardFacts, demandOf, stepsOf, type AbilityFacts } from "../engine/facts.js";
import { createRng, type Rng } from "../engine/rng.js";
import { leaderVpCap, locationVpCap } from "../engine/tokens.js";
import type { PlayerView, PublicPlayer } from "../engine/view.js";
import type { Agent } from "./agent.js";
import { cardWorth, dealWorth, demandWorth, leaderWorth, locationWorth, stepsWorth, worth } from "./values.js";

/**
 * What valuing one decision's choices reads of the table, worked out once
 * for all of them: the bot's own area, where a scaled gain is counted, and
 * (on first need) whether a steal would find anything.
 */
class Valuing {
  readonly me: PublicPlayer;
  readonly at: CountAt;
  #canSteal: boolean | undefined;
  constructor(
    readonly cards: CardRegistry,
    readonly view: PlayerView,
  ) {
    this.me = view.players[view.seat]!;
    this.at = countAt(cards, view);
  }
  get canSteal(): boolean {
    return (this.#canSteal ??= canSteal(this.view));
  }
}

/** How much an action is worth to the bot now: VP first, then what builds towards VP; a change that pays for nothing is below passing. */
function actionValue(v: Valuing, a: Action): number {
  const { cards, view, me } = v;
  switch (a.kind) {
    case "incorporate":
      return 10 + locationWorth(cards, a.card);
    case "redevelop":
      return 12 + locationWorth(cards, a.card) - locationWorth(cards, me.locations[a.replaces]!.card);
    case "play-leader":
      // A change: 1 VP now (ruling 2), and the new Leader's ability for the old one's.
      return (me.leader ? 3 - leaderWorth(cards, me.leader.card) : 11) + leaderWorth(cards, a.card);
    case "work": {
      const l = me.locations[a.location]!;
      return workValue(v, cardFacts(cards).locations.get(l.card), l);
    }
    case "base-action":
      return me.power ? workValue(v, cardFacts(cards).powers.get(me.base), me.power) : 0;
    case "leader-action": {
      const def = me.leader && cards.byId.get(me.leader.card);
      if (def?.kind !== "leader" || def.ability.kind !== "action") return 0;
      const gain = stepsWorth(stepsOf(def.ability.effects), leaderVpCap - me.leader!.vpTokens.length, v.canSteal, v.at);
      const cost = demandWorth(demandOf(def.ability.cost)) + worth.worker * def.ability.workers;
      return gain > cost ? 5 + (gain - cost) : -1;
    }
    case "convert": {
      const l = me.locations[a.location]!;
      return convertValue(v, cardFacts(cards).locations.get(l.card), a.trait, l);
    }
    case "base-convert":
      return me.power ? convertValue(v, cardFacts(cards).powers.get(me.base), a.trait, me.power) : -1;
    // What the red or blue part gives: an Agreement every turn, Spoils once (so less, as 5 + distance was for the base set's curve).
    case "conquer":
      return 5 + 0.75 * dealWorth(cards, a.card, "spoils");
    case "cooperate":
      return 5 + dealWorth(cards, a.card, "agreement");
    case "send-worker":
      return 4;
    case "combo-place":
      return 3;
    case "workers-for-resource":
      return 2;
    case "depot-put":
    case "base-depot-put":
      // Kept through Clean-up and safe from thieves: better than leaving it in the pool, worth less than any real action.
      return 0.5;
    case "depot-take":
    case "base-depot-take":
    case "discard-deal":
      return -1;
    case "discard-draw":
      return view.hand.length > 6 ? 1 : -1;
    case "pass":
      return 0;
  }
}

/** A worker action (a Location's or the Base's power's): what it gives, VP past the card's room counting for nothing, less what it costs now. */
function workValue(v: Valuing, f: AbilityFacts | undefined, at: { readonly uses: number; readonly vpTokens: readonly unknown[] }): number {
  const demand = f?.work?.demands[at.uses];
  if (!f?.work || !demand) return 0;
  const gain = stepsWorth(f.work.steps, locationVpCap - at.vpTokens.length, v.canSteal, v.at);
  const cost = demandWorth(demand);
  return gain > cost ? 6 + (gain - cost) : -1;
}

/** A convert trait (by its index among the card's traits), made only when it gains more than it costs. */
function convertValue(v: Valuing, f: AbilityFacts | undefined, trait: number, at: { readonly vpTokens: readonly unknown[] }): number {
  const c = f?.converts.find((x) => x.trait === trait);
  if (!c) return -1;
  const net = stepsWorth(c.steps, locationVpCap - at.vpTokens.length, v.canSteal, v.at) - demandWorth(c.demand);
  return net > 0 ? 4 + net : -1;
}

/** Where the bot counts a scaled gain (`1 vp per agreement`): on its view, for itself. */
function countAt(cards: CardRegistry, view: PlayerView): CountAt {
  return { players: view.players, seat: view.seat, cards };
}

/** Whether some opponent has a resource token a steal could take (not in a depot or on a combo). */
function canSteal(view: PlayerView): boolean {
  const any = (r: Readonly<Record<string, number>>): boolean => {
    for (const k in r) if (r[k]! > 0) return true;
    return false;
  };
  return view.players.some((p) => p.seat !== view.seat && (any(p.pool.resources) || (p.leader !== undefined && any(p.leader.resources)) || p.locations.some((l) => any(l.resources))));
}

/** What a payment costs the bot: pool tokens are lost at Clean-up anyway; kept tokens and universal ones are worth keeping. */
function paymentLoss(p: Payment): number {
  let loss = 0;
  for (const t of p) loss += t.amount * ((t.from.kind === "pool" ? 1 : 2) + (t.token === "universal" ? 0.5 : 0));
  return loss;
}

/** What a range plan costs: tokens are lost at Clean-up, permanents come back next turn, one-time cards are gone. */
function planLoss(cards: CardRegistry, plan: RangePlan): number {
  let loss = plan.tokens.length * 0.5 + plan.permanents.length;
  for (const id of plan.contacts) loss += cardWorth(cards, id);
  return loss;
}

/**
 * The best-scoring choice, ties broken at random. Scored one by one, with no
 * array of scores: a decision's choices are many, and this runs at each one.
 */
function best<T>(rng: Rng, choices: readonly T[], score: (c: T) => number): number {
  let top = -Infinity;
  let ties = 0;
  let pick = 0;
  for (let i = 0; i < choices.length; i++) {
    const s = score(choices[i]!);
    if (s > top) {
      top = s;
      ties = 1;
      pick = i;
    } else if (s === top && rng.int(++ties) === 0) pick = i;
  }
  return pick;
}

/** The greedy policy as a function, for the search bot's rollouts. */
export function greedyChoice(cards: CardRegistry, rng: Rng, view: PlayerView, d: Decision): number {
  switch (d.kind) {
    case "action": {
      const v = new Valuing(cards, view);
      return best(rng, d.choices, (a) => actionValue(v, a));
    }
    case "lookout-pick":
      return best(rng, d.choices, (c) => (c.kind === "take" ? cardWorth(cards, c.card) : 2.5));
    case "lookout-keep":
    case "lookout-discard":
      return best(rng, d.choices, (c) => cardWorth(cards, c));
    case "cash-spoils":
      return d.choices.findIndex((c) => c.kind === "cash");
    case "paid-production":
      return best(rng, d.choices, (c) => (c === "pay" ? stepsWorth(d.steps) - demandWorth(d.demand) : 0));
    case "discard-card":
      return best(rng, d.choices, (c) => -cardWorth(cards, c));
    case "redevelop-with":
      return best(rng, d.choices, (c) => (c.card === undefined ? 0 : cardWorth(cards, c.card)));
    case "payment":
      return best(rng, d.choices, (p) => -paymentLoss(p));
    case "range-plan":
      return best(rng, d.choices, (p) => -planLoss(cards, p));
    case "placement":
      return best(rng, d.choices, (p) => (p.replace === undefined ? 1 : 0));
    case "steal":
      return best(rng, d.choices, (c) => (c.store.kind === "pool" ? 0 : 1));
    case "choose-effect": {
      const at = countAt(cards, view);
      return best(rng, d.choices, (steps) => stepsWorth(steps, Infinity, true, at));
    }
    case "give-up":
      // What it gives away: the least useful card, any token.
      return best(rng, d.choices, (c) => ("card" in c ? -cardWorth(cards, c.card) : 0));
    case "steal-from":
    case "discard-deal":
    case "keep-trim":
    case "pool-trim":
      return rng.int(d.choices.length);
  }
}

export function greedyBot(cards: CardRegistry, seed: number): Agent {
  const rng = createRng(seed);
  return { name: "greedy", choose: (view, d) => greedyChoice(cards, rng, view, d) };
}
