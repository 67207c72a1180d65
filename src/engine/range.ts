/**
 * Range for Conquest, Cooperation and Incorporation: contact cards and tokens
 * of the action's colour (or universal) are added together and must match or
 * exceed the Location's distance. The engine offers, for each target, the
 * cheapest plan it finds (fewest sources, tokens before cards, since tokens
 * are lost at Clean-up anyway): a ruling recorded in docs/engine-rulings.md.
 */
import type { RangePlan } from "./choices.js";
import { contact, type Game } from "./game.js";
import type { CardId } from "./state.js";
import { canPay, demandOfCost, mergeDemands, type Demand } from "./tokens.js";

export type RangeColour = "conquest" | "cooperation" | "incorporation";

interface Source {
  readonly kind: "token" | "permanent" | "contact";
  readonly range: number;
  readonly ref: number | CardId;
  readonly price: Demand | undefined;
}

function sources(game: Game, seat: number, colour: RangeColour): Source[] {
  const p = game.state.players[seat]!;
  const fits = (c: string): boolean => c === colour || c === "universal";
  const out: Source[] = [];
  p.pool.contactTokens.forEach((t, i) => {
    if (fits(t.colour)) out.push({ kind: "token", range: t.range, ref: i, price: undefined });
  });
  for (const pc of p.contacts) {
    const def = contact(game, pc.card);
    if (!pc.usedThisTurn && fits(def.colour)) out.push({ kind: "permanent", range: def.range, ref: pc.card, price: demandOfCost(def.price) });
  }
  for (const id of new Set(p.hand)) {
    const def = game.cards.byId.get(id);
    if (def?.kind === "contact" && fits(def.colour)) out.push({ kind: "contact", range: def.range, ref: id, price: demandOfCost(def.price) });
  }
  return out;
}

function toPlan(chosen: readonly Source[]): RangePlan {
  return {
    tokens: chosen.filter((s) => s.kind === "token").map((s) => s.ref as number),
    permanents: chosen.filter((s) => s.kind === "permanent").map((s) => s.ref as CardId),
    contacts: chosen.filter((s) => s.kind === "contact").map((s) => s.ref as CardId),
  };
}

/** The price of a plan's contact cards, all together. */
export function planPrice(game: Game, plan: RangePlan): Demand {
  return mergeDemands([...plan.permanents, ...plan.contacts].map((id) => demandOfCost(contact(game, id).price)));
}

const tier = { token: 0, permanent: 1, contact: 2 } as const;

/**
 * The cheapest affordable set of sources reaching `distance`: the fewest
 * sources, then the lowest tier, then the least range wasted.
 */
function cheapestPlan(game: Game, seat: number, all: readonly Source[], distance: number): RangePlan | undefined {
  if (all.reduce((n, s) => n + s.range, 0) < distance) return undefined;
  const p = game.state.players[seat]!;
  let best: { chosen: Source[]; key: number[] } | undefined;
  const consider = (chosen: Source[]): void => {
    const range = chosen.reduce((n, s) => n + s.range, 0);
    if (range < distance) return;
    const key = [chosen.length, chosen.reduce((n, s) => n + tier[s.kind], 0), range - distance];
    if (best && compareKeys(key, best.key) >= 0) return;
    const cards = chosen.filter((s) => s.kind === "contact").map((s) => s.ref as CardId);
    const price = mergeDemands(chosen.map((s) => s.price));
    // The card being played stays in the hand until the price is paid: it cannot be discarded to pay.
    price.cards += price.cards > 0 ? 1 : 0;
    if (!canPay(p, price, cards)) return;
    best = { chosen, key };
  };
  // Range 3 at most is needed, so plans of up to three sources are enough to search.
  for (let i = 0; i < all.length; i++) {
    consider([all[i]!]);
    for (let j = i + 1; j < all.length; j++) {
      consider([all[i]!, all[j]!]);
      for (let k = j + 1; k < all.length; k++) consider([all[i]!, all[j]!, all[k]!]);
    }
  }
  return best ? toPlan(best.chosen) : undefined;
}

/**
 * A planner for one player at one moment: the plan depends only on the
 * colour and the distance (a target Location is never a contact source), so
 * each is worked out once however many cards the hand holds.
 */
export function rangePlanner(game: Game, seat: number): (colour: RangeColour, distance: number) => RangePlan | undefined {
  const memo = new Map<RangeColour, { sources: Source[]; plans: (RangePlan | null)[] }>();
  return (colour, distance) => {
    let m = memo.get(colour);
    if (!m) memo.set(colour, (m = { sources: sources(game, seat, colour), plans: [] }));
    let plan = m.plans[distance];
    if (plan === undefined) m.plans[distance] = plan = cheapestPlan(game, seat, m.sources, distance) ?? null;
    return plan ?? undefined;
  };
}

function compareKeys(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** The most range a player could put together for a colour this action (for bots and tests). */
export function reachable(game: Game, seat: number, colour: RangeColour): number {
  return sources(game, seat, colour).reduce((n, s) => n + s.range, 0);
}
