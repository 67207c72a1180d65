/**
 * Paying resources: the player chooses which tokens pay (the pool, a Leader's
 * or keep card's tokens, depots, universal tokens for basic resources). The
 * engine lists every payment that covers the whole cost and drops only those
 * another listed payment beats: one that spends a universal token where, from
 * the same store, a basic token would do leaves the player never better off.
 */
import type { DealChoice, Decision, Payment, Store, Take } from "./choices.js";
import type { Game } from "./game.js";
import { addResource, type CardId, type GameState, type PlayerState, type Resources } from "./state.js";
import { schedule, type Task } from "./tasks.js";
import { dealsAt, dealsOf, drawInto, hasAny, removeFromHand, spendWorkers, storeOf, storesOf, toSupply, tokenKind, universal } from "./tokens.js";

/** Every way to pay `need` in full, less the beaten ones; empty when it cannot be paid. */
export function paymentOptions(p: PlayerState, need: Readonly<Resources>, basic: readonly string[]): Payment[] {
  const stores = storesOf(p);
  const only = singleWay(p, stores, need);
  if (only) return [only];
  // Counts by store and token kind in flat arrays: the token kinds any store holds or the cost names, each an index.
  const kinds: string[] = [universal];
  const kindOf = (t: string): number => {
    let i = kinds.indexOf(t);
    if (i < 0) i = kinds.push(t) - 1;
    return i;
  };
  for (const st of stores) for (const t in storeOf(p, st)) kindOf(t);
  const wants = Object.keys(need).sort();
  const wanted = wants.map(kindOf);
  const width = kinds.length;
  const left: number[] = new Array<number>(stores.length * width).fill(0);
  stores.forEach((st, i) => {
    const r = storeOf(p, st);
    for (const t in r) left[i * width + kindOf(t)] = r[t]!;
  });
  /** A source is a store and a token kind, as one index into `left`. */
  const sourcesFor = (w: number): number[] => {
    const out: number[] = [];
    const r = wanted[w]!;
    for (let store = 0; store < stores.length; store++) if (left[store * width + r]! > 0) out.push(store * width + r);
    // Universal (kind 0) pays for a basic resource.
    if (r !== 0 && basic.includes(kinds[r]!)) {
      for (let store = 0; store < stores.length; store++) if (left[store * width]! > 0) out.push(store * width);
    }
    return out;
  };
  const found: number[][] = [];
  const taken: number[] = new Array<number>(left.length).fill(0);
  // Distributes each wanted resource over its sources, in a fixed order, so each payment is found once.
  const fill = (w: number, sources: number[], si: number, remaining: number): void => {
    if (remaining === 0) {
      if (w + 1 === wants.length) found.push(taken.slice());
      else fill(w + 1, sourcesFor(w + 1), 0, need[wants[w + 1]!]!);
      return;
    }
    if (si >= sources.length) return;
    const k = sources[si]!;
    const held = left[k]!;
    let have = held;
    // A universal token used for a resource its own store still holds is never searched: the same
    // payment with that store's own token instead takes as many from each store, one universal
    // fewer and one basic more, so it beats this one (`beats` below) and is itself still searched,
    // because basic sources come before universal ones in `sourcesFor`.
    const store = Math.floor(k / width);
    if (k % width === 0 && wanted[w] !== 0 && left[store * width + wanted[w]!]! > 0) have = 0;
    for (let n = Math.min(have, remaining); n >= 0; n--) {
      left[k] = held - n;
      taken[k] = taken[k]! + n;
      fill(w, sources, si + 1, remaining - n);
      left[k] = held;
      taken[k] = taken[k]! - n;
    }
  };
  if (wants.length === 0) return [[]];
  fill(0, sourcesFor(0), 0, need[wants[0]!]!);
  // The same payment may be found by two distributions (a universal token for either of two resources).
  const unique = new Map<string, number[]>();
  for (const f of found) unique.set(f.join(), f);
  const all = [...unique.values()];
  const kept = all.filter((b) => !all.some((a) => a !== b && beats(a, b, stores.length, width, kinds, basic)));
  return kept.map((m) => {
    const takes: Take[] = [];
    for (let k = 0; k < m.length; k++) if (m[k]! > 0) takes.push({ from: stores[Math.floor(k / width)]!, token: kinds[k % width]!, amount: m[k]! });
    return takes.sort(byStoreThenToken);
  });
}

/**
 * The common case, without enumerating: each wanted resource is held in one
 * store only, in full, and no universal token is anywhere, so there is one
 * way to pay.
 */
function singleWay(p: PlayerState, stores: readonly Store[], need: Readonly<Resources>): Payment | undefined {
  const takes: Take[] = [];
  for (const st of stores) if ((storeOf(p, st)[universal] ?? 0) > 0) return undefined;
  for (const r in need) {
    let from: Store | undefined;
    for (const st of stores) {
      if ((storeOf(p, st)[r] ?? 0) === 0) continue;
      if (from) return undefined;
      from = st;
    }
    if (!from || (storeOf(p, from)[r] ?? 0) < need[r]!) return undefined;
    takes.push({ from, token: r, amount: need[r]! });
  }
  return takes.sort(byStoreThenToken);
}

/** The order stores are listed in (storesOf's): the pool, the Leader, the Base's depot, then each Location's own tokens and depot. */
function storeRank(s: Store): number {
  switch (s.kind) {
    case "pool":
      return -3;
    case "leader":
      return -2;
    case "base-depot":
      return -1;
    case "location":
    case "depot":
      return 2 * s.index + (s.kind === "depot" ? 1 : 0);
  }
}

function byStoreThenToken(a: Take, b: Take): number {
  return storeRank(a.from) - storeRank(b.from) || (a.token < b.token ? -1 : a.token > b.token ? 1 : 0);
}

/**
 * `a` beats `b` when, store by store, it takes as many tokens, no more
 * universal ones, and no fewer of each basic one (the same of any other
 * kind), and they differ: what `a` leaves is what `b` leaves with some basic
 * tokens turned into universal ones. (Counts by store and kind, as
 * `paymentOptions` keeps them; kind 0 is universal.)
 */
function beats(a: readonly number[], b: readonly number[], storeCount: number, width: number, kinds: readonly string[], basic: readonly string[]): boolean {
  for (let s = 0; s < storeCount; s++) {
    let totalA = 0;
    let totalB = 0;
    for (let t = 0; t < width; t++) {
      const ta = a[s * width + t]!;
      const tb = b[s * width + t]!;
      totalA += ta;
      totalB += tb;
      if (t === 0 ? ta > tb : basic.includes(kinds[t]!) ? ta < tb : ta !== tb) return false;
    }
    if (totalA !== totalB) return false;
  }
  return true;
}

/** Takes a payment's tokens back to the supply. */
export function applyPayment(s: GameState, p: PlayerState, payment: Payment): void {
  for (const t of payment) {
    const store = storeOf(p, t.from);
    if ((store[t.token] ?? 0) < t.amount) throw new Error(`payment takes ${t.amount} ${t.token} from a store holding ${store[t.token] ?? 0}`);
    addResource(store, t.token, -t.amount);
    toSupply(s, tokenKind.resource(t.token), t.amount);
  }
}

/** Whether a payment pays exactly the wanted resources, universal tokens standing in for basic ones (a check for tests and tools). */
export function covers(payment: Payment, need: Readonly<Resources>): boolean {
  const got: Resources = {};
  for (const t of payment) addResource(got, t.token, t.amount);
  let spareUniversal = got[universal] ?? 0;
  spareUniversal -= need[universal] ?? 0;
  if (spareUniversal < 0) return false;
  let total = 0;
  for (const r in need) {
    if (r === universal) continue;
    const short = need[r]! - (got[r] ?? 0);
    if (short < 0) return false;
    spareUniversal -= short;
    total += need[r]!;
  }
  return spareUniversal === 0 && total + (need[universal] ?? 0) === payment.reduce((n, t) => n + t.amount, 0);
}

// ---- the paying tasks -------------------------------------------------------------

/** What is left of a demand once its resources are paid (shared: a demand is never changed in place). */
const noResources: Readonly<Resources> = Object.freeze({});

/** Pays a demand part by part: resources (the player chooses the tokens), workers, cards from the hand, deals. */
export function payTask(game: Game, t: Extract<Task, { kind: "pay" }>): Decision | undefined {
  const s = game.state;
  const p = s.players[t.seat]!;
  const d = t.demand;
  if (hasAny(d.resources)) {
    const choices = paymentOptions(p, d.resources, game.cards.basicResources);
    return { kind: "payment", seat: t.seat, choices, resources: d.resources, rest: { ...t, demand: { ...d, resources: noResources } } };
  }
  if (d.workers > 0) spendWorkers(s, p, d.workers);
  const then: Task[] = [];
  if (d.cards > 0) then.push({ kind: "discard-cards", seat: t.seat, count: d.cards, keep: t.keep, then: "none" });
  // Specific kinds first, so "any deal" does not take one a specific demand needs.
  for (const deal of ["spoils", "agreement", "deal"] as const) if (d.deals[deal] > 0) then.push({ kind: "discard-deals", seat: t.seat, deal, count: d.deals[deal] });
  schedule(s.agenda, ...then);
  return undefined;
}

export function resolvePayment(game: Game, d: Extract<Decision, { kind: "payment" }>, payment: Payment): void {
  const s = game.state;
  applyPayment(s, s.players[d.seat]!, payment);
  // What is left to pay (workers, cards, deals), if anything: most costs are resources only.
  const rest = d.rest.demand;
  if (rest.workers > 0 || rest.cards > 0 || rest.deals.spoils + rest.deals.agreement + rest.deals.deal > 0) schedule(s.agenda, d.rest);
}

export function discardCards(game: Game, t: Extract<Task, { kind: "discard-cards" }>): Decision | undefined {
  const p = game.state.players[t.seat]!;
  const choices = p.hand.filter((c) => !t.keep.includes(c));
  if (choices.length === 0) {
    if (t.then === "draw") drawInto(game.state, t.seat, 1);
    return undefined;
  }
  return { kind: "discard-card", seat: t.seat, choices, left: t.count, keep: t.keep, then: t.then };
}

export function resolveDiscardCard(game: Game, d: Extract<Decision, { kind: "discard-card" }>, c: CardId): void {
  const s = game.state;
  removeFromHand(s.players[d.seat]!, c);
  s.discard.push(c);
  if (d.left > 1) schedule(s.agenda, { kind: "discard-cards", seat: d.seat, count: d.left - 1, keep: d.keep, then: d.then });
  else if (d.then === "draw") drawInto(s, d.seat, 1);
}

export function discardDeals(game: Game, t: Extract<Task, { kind: "discard-deals" }>): Decision {
  const p = game.state.players[t.seat]!;
  const choices: DealChoice[] = dealsOf(p)
    .filter((x) => t.deal === "deal" || x.deal.kind === t.deal)
    .map(({ holder, index }) => ({ holder, index }));
  return { kind: "discard-deal", seat: t.seat, choices, left: t.count, deal: t.deal };
}

export function resolveDiscardDeal(game: Game, d: Extract<Decision, { kind: "discard-deal" }>, c: DealChoice): void {
  const s = game.state;
  const [removed] = dealsAt(s.players[d.seat]!, c.holder).splice(c.index, 1);
  s.discard.push(removed!.card);
  if (d.left > 1) schedule(s.agenda, { kind: "discard-deals", seat: d.seat, deal: d.deal, count: d.left - 1 });
}
