/**
 * What things are worth to the greedy bot (and to the search bot's rollouts
 * and evaluation): one table, so that a change that gives back what it costs
 * is never worth making, and two opposite converts cannot both look good.
 */
import type { CountAt } from "../constructs/amount.js";
import { amountPieces } from "../constructs/amounts/index.js";
import type { CardRegistry } from "../engine/definitions.js";
import { demandOf, stepsOf } from "../engine/facts.js";
import type { Demand, EffectStep } from "../engine/tasks.js";
import { isGain, scaledStep } from "../engine/tokens.js";

export const worth = {
  vp: 3,
  resource: 1,
  worker: 0.5,
  card: 1,
  contactRange: 0.4,
  redevelopment: 1,
  deal: 2.5,
} as const;

/**
 * What gains are worth. `vpRoom` is how many more VP tokens the card that
 * gets them can hold (the three-slot rule, a Leader's five): VP past it are
 * worth nothing. `canSteal` says whether any opponent has a token to take.
 * A gain that scales (`1 vp per agreement`) is counted at `at`, the bot's
 * view, as the engine would count it now; with no view (a card in hand,
 * valued before it is in play) it is valued as if counted once.
 */
export function stepsWorth(steps: readonly EffectStep[], vpRoom = Infinity, canSteal = true, at?: CountAt): number {
  let v = 0;
  let room = vpRoom;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    const s: EffectStep = isGain(step) && step.op !== "if" && step.scale !== undefined ? scaledStep(step, at ? amountPieces.times(step.scale, at) : 1) : step;
    switch (s.op) {
      case "resource":
        v += worth.resource * s.amount;
        break;
      case "workers":
        v += worth.worker * s.amount;
        break;
      case "cards":
        v += worth.card * s.amount;
        break;
      case "vp": {
        const tokens = Math.min(s.tokens, room);
        room -= tokens;
        v += worth.vp * tokens * s.value;
        break;
      }
      case "contactToken":
        v += worth.contactRange * s.range * s.tokens;
        break;
      case "redevelopmentTokens":
        v += worth.redevelopment * s.amount;
        break;
      case "if":
        // Given only while its condition holds: worth half, as it may not.
        v += stepsWorth(s.steps, room, canSteal, at) / 2;
        break;
      case "steal":
        // Taken from an opponent: worth it twice over, when there is something to take.
        if (canSteal) v += 2 * ("token" in s ? (s.token === "worker" ? worth.worker : worth.card) : worth.resource) * s.amount;
        break;
      case "opponents": {
        const each = ("token" in s ? (s.token === "worker" ? worth.worker : worth.card) : worth.resource) * s.amount;
        v += s.verb === "give" ? 2 * each : each;
        break;
      }
      case "choice": {
        let most = -Infinity;
        for (const o of s.options) most = Math.max(most, stepsWorth(o, room, canSteal, at));
        v += most;
        break;
      }
      case "redevelop":
        v += 2 * worth.vp;
        break;
    }
  }
  return v;
}

export function demandWorth(d: Demand): number {
  let v = d.workers * worth.worker + d.cards * worth.card + (d.deals.spoils + d.deals.agreement + d.deals.deal) * worth.deal;
  for (const r in d.resources) v += d.resources[r]! * worth.resource;
  return v;
}

/** How much a card in the hand is worth: what it can become. */
export function cardWorth(cards: CardRegistry, id: string): number {
  const c = cards.byId.get(id);
  if (!c) return 0;
  switch (c.kind) {
    case "location":
      return 2 + c.distance + Math.max(stepsWorth(stepsOf(c.spoils)), stepsWorth(stepsOf(c.agreement))) / 3;
    case "leader":
      return 4;
    case "contact":
      return 1 + c.range - demandWorth(demandOf(c.price)) / 2;
    case "base":
      return 0;
  }
}
