/**
 * The rough value scale of docs/card-set.md ("Power curve"), over the checked
 * model: what the set summary reports per distance and what the canon test's
 * power-curve check measures, so the two always value a card alike.
 *
 * "1 resource = 1 card = 1; 1 worker = ½ (two workers buy a basic resource);
 * a VP token is worth about 1½–2 resources; a contact token is worth about its
 * range in resources, a little less." VP are counted at the top of that range
 * (2 a point) and contact tokens at their range; a redevelopment token at 1,
 * the building material a Redevelopment otherwise costs (DESIGN ruling 3).
 */
import type { Asset, Cost, Gift, LocationCard } from "./model.js";

export const valueScale = {
  resource: 1,
  card: 1,
  worker: 0.5,
  /** Per VP a token is worth: a 2-value token counts 4. */
  vpPoint: 2,
  /** Per point of range a contact token reaches. */
  contactRange: 1,
  redevelopmentToken: 1,
  /** A Spoils or Agreement given up from play (a price only): about one Agreement's yield for a few turns, as the bots count it. */
  deal: 2.5,
} as const;

/** What one gain is worth, counted once when it scales (`1 vp per agreement`): the count is the game's, not the card's. */
export function assetValue(a: Asset): number {
  switch (a.kind) {
    case "resource":
      return a.amount * valueScale.resource;
    case "card":
      return a.amount * valueScale.card;
    case "worker":
      return a.amount * valueScale.worker;
    case "vp":
      return a.tokens * a.value * valueScale.vpPoint;
    case "contactToken":
      return a.tokens * a.range * valueScale.contactRange;
    case "redevelopmentToken":
      return a.amount * valueScale.redevelopmentToken;
  }
}

/** What a card part gives; gains under a condition count half, as they may not be given (the bots count them so too). */
export function giftsValue(gifts: readonly Gift[]): number {
  return gifts.reduce((sum, g) => sum + (g.kind === "if" ? giftsValue(g.gains) / 2 : assetValue(g)), 0);
}

/** What a price takes from its payer. */
export function costValue(costs: readonly Cost[]): number {
  return costs.reduce((sum, c) => sum + c.amount * valueScale[c.kind === "deal" ? "deal" : c.kind], 0);
}

/**
 * What a production Location's grey part gives each Production phase: its free
 * production, plus what paying its price gains beyond the price (never below
 * nothing: a price not worth paying is not paid). `undefined` for the other patterns.
 */
export function productionValue(card: LocationCard): number | undefined {
  const a = card.ability;
  if (a.pattern !== "open-production" && a.pattern !== "closed-production") return undefined;
  const paid = a.paid === undefined ? 0 : Math.max(0, giftsValue(a.paid.gains) - costValue(a.paid.cost));
  return giftsValue(a.produce) + paid;
}
