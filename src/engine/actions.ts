/**
 * Phase 3, Actions: the legal actions of a player (rulebook, "Players have
 * the following actions at their disposal") and their effects.
 */
import type { Action, Holder, RangePlan, RedevelopChoice, StealChoice } from "./choices.js";
import type { Act, Effects, Give, LocationDef, TriggerDef } from "./definitions.js";
import { ask, base, cardName, leader, location, RuleError, seatName, type Game } from "./game.js";
import { giveFromLocation, locationVpCap, produceLocation } from "./production.js";
import { planPrice, rangePlanner, type RangeColour } from "./range.js";
import { addResource, type CardId, type LocationInPlay, type PlayerState, type Resources, type VpToken } from "./state.js";
import { canPay, canPayResources, dealsAt, demandOf, demandOfCost, discardFromHand, drawInto, giveTo, giveToBase, pay, payResources, resourceStores } from "./tokens.js";

/** Each Leader holds at most 5 VP tokens. */
export const leaderVpCap = 5;
/** A player sends at most 3 workers to opponents' Locations a turn. */
export const maxWorkersSent = 3;
/** A Location's action is used at most twice a turn. */
export const maxUses = 2;

const colourOf = { conquer: "conquest", cooperate: "cooperation", incorporate: "incorporation" } as const satisfies Record<string, RangeColour>;

// ---- where deals go ---------------------------------------------------------

/** How many deals of this kind a holder takes: the Base's slots, a slots trait's, or undefined if it takes none. */
function capacity(game: Game, p: PlayerState, holder: Holder, kind: "spoils" | "agreement"): number | undefined {
  if (holder.kind === "base") return base(game, p.base).slots;
  const a = location(game, p.locations[holder.index]!.card).ability;
  if (a.pattern !== "trait") return undefined;
  for (const t of a.traits) if (t.kind === "slots" && (t.holds === "deal" || t.holds === kind)) return t.amount;
  return undefined;
}

function holders(p: PlayerState): Holder[] {
  return [{ kind: "base" }, ...p.locations.map((_, index) => ({ kind: "location" as const, index }))];
}

/** Where a new deal can go: a holder with room, or, when all are full, in place of a deal already there. */
function placements(game: Game, p: PlayerState, kind: "spoils" | "agreement"): { holder: Holder; replace: number | undefined }[] {
  const accepting = holders(p).flatMap((holder) => {
    const size = capacity(game, p, holder, kind);
    return size === undefined ? [] : [{ holder, room: size - dealsAt(p, holder).length }];
  });
  const free = accepting.filter((h) => h.room > 0).map(({ holder }) => ({ holder, replace: undefined }));
  if (free.length > 0) return free;
  return accepting.flatMap(({ holder }) => dealsAt(p, holder).map((_, replace) => ({ holder, replace })));
}

// ---- legal actions ------------------------------------------------------------

function workersFor(def: LocationDef, uses: number): number {
  const a = def.ability;
  const first = a.pattern === "action" && a.work.kind === "action" ? a.work.workers : 1;
  return first + uses;
}

function workDemand(game: Game, l: LocationInPlay) {
  const def = location(game, l.card);
  if (def.ability.pattern !== "action") return undefined;
  const work = def.ability.work;
  const d = work.kind === "action" ? demandOf(work.cost) : demandOf((pay) => work.resources.forEach((r) => pay.resource(r, 1)));
  d.workers += workersFor(def, l.uses);
  return d;
}

/**
 * An action whose only effect is a redevelopment is not offered when there is
 * nothing to build: the player would pay for nothing (Bulldozer with no
 * Location in hand).
 */
function redevelopsNothing(game: Game, seat: number, index: number): boolean {
  const a = location(game, game.state.players[seat]!.locations[index]!.card).ability;
  if (a.pattern !== "action" || a.work.kind !== "action") return false;
  const kinds = effectKinds(a.work.effects);
  if (kinds.size !== 1 || !kinds.has("redevelop")) return false;
  return redevelopTargets(game, seat, kinds.anyType, index).length === 0;
}

/** Which effects a compiled effect function makes (found by running it against a recording Act; effects are pure calls). */
const effectKindsOf = new WeakMap<Effects, Set<string> & { anyType: boolean }>();
function effectKinds(effects: Effects): Set<string> & { anyType: boolean } {
  let kinds = effectKindsOf.get(effects);
  if (kinds) return kinds;
  const found = Object.assign(new Set<string>(), { anyType: false });
  const note = (k: string) => () => void found.add(k);
  effects({
    resource: note("gain"),
    workers: note("gain"),
    cards: note("gain"),
    vp: note("gain"),
    contactToken: note("gain"),
    redevelopmentTokens: note("gain"),
    steal: note("steal"),
    redevelop: (anyType) => {
      found.add("redevelop");
      found.anyType ||= anyType;
    },
  });
  effectKindsOf.set(effects, (kinds = found));
  return kinds;
}

function sharesType(a: LocationDef, b: LocationDef): boolean {
  return a.types.some((t) => b.types.includes(t));
}

/** What every Location in the hand shares when its deployments are listed: worked out once per decision. */
interface DeployContext {
  readonly planFor: ReturnType<typeof rangePlanner>;
  readonly placements: Record<"spoils" | "agreement", { holder: Holder; replace: number | undefined }[]>;
  /** How a Redevelopment can be paid now: building material (the turn's first only) and/or a token. */
  readonly redevelopPay: readonly ("building-material" | "token")[];
}

function deployContext(game: Game, seat: number): DeployContext {
  const p = game.state.players[seat]!;
  const byMaterial = p.redevelopments === 0 && canPayResources(p, { "building-material": 1 });
  return {
    planFor: rangePlanner(game, seat),
    placements: { spoils: placements(game, p, "spoils"), agreement: placements(game, p, "agreement") },
    redevelopPay: [...(byMaterial ? ["building-material" as const] : []), ...(p.pool.redevelopment > 0 ? ["token" as const] : [])],
  };
}

function deploymentActions(game: Game, seat: number, id: CardId, ctx: DeployContext): Action[] {
  const p = game.state.players[seat]!;
  const def = location(game, id);
  const out: Action[] = [];
  for (const kind of ["conquer", "cooperate"] as const) {
    const plan = ctx.planFor(colourOf[kind], def.distance);
    if (!plan) continue;
    for (const { holder, replace } of ctx.placements[kind === "conquer" ? "spoils" : "agreement"]) out.push({ kind, card: id, plan, holder, replace });
  }
  const plan = ctx.planFor(colourOf.incorporate, def.distance);
  if (plan) out.push({ kind: "incorporate", card: id, plan });
  p.locations.forEach((l, replaces) => {
    if (!sharesType(def, location(game, l.card))) return;
    for (const pay of ctx.redevelopPay) out.push({ kind: "redevelop", card: id, replaces, pay });
  });
  return out;
}

export function legalActions(game: Game, seat: number): Action[] {
  const s = game.state;
  const p = s.players[seat]!;
  const out: Action[] = [{ kind: "pass" }];
  let ctx: DeployContext | undefined;
  for (const id of new Set(p.hand)) {
    const def = game.cards.byId.get(id)!;
    if (def.kind === "location") out.push(...deploymentActions(game, seat, id, (ctx ??= deployContext(game, seat))));
    if (def.kind === "leader" && (!p.leader || canPayResources(p, { weapons: 1 }))) out.push({ kind: "play-leader", card: id });
  }
  if (p.hand.length >= 2) out.push({ kind: "discard-draw" });
  p.locations.forEach((l, index) => {
    const d = l.uses < maxUses ? workDemand(game, l) : undefined;
    if (d && canPay(p, d) && !redevelopsNothing(game, seat, index)) out.push({ kind: "work", location: index });
    const a = location(game, l.card).ability;
    if (a.pattern === "trait") {
      a.traits.forEach((t, trait) => {
        if (t.kind === "convert" && canPay(p, demandOfCost(t.cost))) out.push({ kind: "convert", location: index, trait });
      });
    }
  });
  if (p.pool.workers >= 1 && p.workersSent < maxWorkersSent) {
    for (const o of s.players) {
      if (o.seat === seat || o.passed) continue;
      o.locations.forEach((l, index) => {
        if (location(game, l.card).ability.pattern === "open-production" && !l.markers.includes(seat)) out.push({ kind: "send-worker", owner: o.seat, location: index });
      });
    }
  }
  if (p.pool.workers >= 2) for (const resource of game.cards.basicResources) out.push({ kind: "workers-for-resource", resource });
  if (p.leader) {
    const a = leader(game, p.leader.card).ability;
    const usable = a.kind === "action" && (a.repeatable || p.leader.uses === 0);
    if (usable && p.pool.workers >= a.workers && canPay(p, demandOfCost(a.cost))) out.push({ kind: "leader-action" });
  }
  return out;
}

// ---- effects ------------------------------------------------------------------

function giveToLeader(game: Game, seat: number): Give | undefined {
  const p = game.state.players[seat]!;
  if (!p.leader) return undefined;
  return giveTo(game, { seat, vp: { tokens: p.leader.vpTokens, cap: leaderVpCap }, resources: p.leader.resources });
}

/** "A Victory Point is awarded for meeting the requirements only after the Leader has been played." */
function trigger(game: Game, seat: number, event: TriggerDef): void {
  const p = game.state.players[seat]!;
  if (!p.leader) return;
  const a = leader(game, p.leader.card).ability;
  if (a.kind !== "after" || a.trigger.kind !== event.kind) return;
  if (a.trigger.kind === "play" && (event.kind !== "play" || a.trigger.cardType !== event.cardType)) return;
  a.gains(giveToLeader(game, seat)!);
  game.narrate(`  ${cardName(game, p.leader.card)} scores for ${seatName(seat)}`);
}

/** Playing a Location (any of the four ways) triggers "after play <type> card" for each of its types. */
function playedLocation(game: Game, seat: number, id: CardId, how: "conquer" | "cooperate" | "incorporate" | "redevelop"): void {
  trigger(game, seat, { kind: how });
  for (const cardType of location(game, id).types) trigger(game, seat, { kind: "play", cardType });
}

function removeFromHand(p: PlayerState, id: CardId): void {
  const i = p.hand.indexOf(id);
  if (i < 0) throw new RuleError(`${id} is not in the hand`);
  p.hand.splice(i, 1);
}

function spendRange(game: Game, seat: number, a: { card: CardId; plan: RangePlan }): void {
  const p = game.state.players[seat]!;
  const price = planPrice(game, a.plan);
  pay(game, seat, price, [a.card, ...a.plan.contacts]);
  for (const id of a.plan.permanents) p.contacts.find((c) => c.card === id)!.usedThisTurn = true;
  for (const id of a.plan.contacts) {
    removeFromHand(p, id);
    game.state.discard.push(id);
  }
  const tokens = new Set(a.plan.tokens);
  p.pool.contactTokens = p.pool.contactTokens.filter((_, i) => !tokens.has(i));
}

function newLocation(card: CardId): LocationInPlay {
  return { card, resources: {}, vpTokens: [], deals: [], depot: {}, uses: 0, markers: [] };
}

/**
 * A Location comes into play: its one-time gains, and a production card's
 * resource tokens on top of it ("it is brought into play with its
 * corresponding Resource token(s)"): its other production (workers, cards,
 * contact tokens, VP) waits for the Production phase (ruling 9).
 */
function enterPlay(game: Game, seat: number, l: LocationInPlay): void {
  const def = location(game, l.card);
  def.once?.(giveToBase(game, seat));
  const full = giveFromLocation(game, seat, l);
  const nothing = (): void => undefined;
  produceLocation(game, seat, l, { resource: full.resource, workers: nothing, cards: nothing, vp: nothing, contactToken: nothing, redevelopmentTokens: nothing });
}

/**
 * A card leaves play for another (Redevelopment, a new Leader): its resources
 * go to the Base, its VP tokens too, plus a 2-VP token (ruling 2), and the
 * card, with anything tucked under it, is discarded.
 */
function retire(game: Game, p: PlayerState, old: { card: CardId; vpTokens: VpToken[] }, stores: readonly Resources[], tucked: readonly CardId[]): void {
  for (const store of stores) for (const r in store) addResource(p.pool.resources, r, store[r]!);
  p.baseVp.push(...old.vpTokens, { value: 2 });
  game.state.discard.push(old.card, ...tucked);
}

function redevelop(game: Game, seat: number, card: CardId, replaces: number): void {
  const p = game.state.players[seat]!;
  const old = p.locations[replaces]!;
  removeFromHand(p, card);
  retire(game, p, old, [old.resources, old.depot], old.deals.map((d) => d.card));
  const l = newLocation(card);
  p.locations[replaces] = l;
  enterPlay(game, seat, l);
  game.narrate(`  ${seatName(seat)} redevelops ${cardName(game, old.card)} into ${cardName(game, card)}`);
  playedLocation(game, seat, card, "redevelop");
}

/** A `redevelop` effect of a card: paid by that card's own cost (ruling), the player picks what to build over what. */
/** What a `redevelop` effect could build: a Location in the hand over another in play. */
function redevelopTargets(game: Game, seat: number, anyType: boolean, except: number): RedevelopChoice[] {
  const p = game.state.players[seat]!;
  const out: RedevelopChoice[] = [];
  for (const id of new Set(p.hand)) {
    const def = game.cards.byId.get(id)!;
    if (def.kind !== "location") continue;
    p.locations.forEach((l, replaces) => {
      if (replaces !== except && (anyType || sharesType(def, location(game, l.card)))) out.push({ card: id, replaces });
    });
  }
  return out;
}

function redevelopEffect(game: Game, seat: number, anyType: boolean, except: number): void {
  const choices: RedevelopChoice[] = [{ card: undefined }, ...redevelopTargets(game, seat, anyType, except)];
  const c = choices[ask(game, { kind: "redevelop-with", seat, choices })]!;
  if (c.card !== undefined) redevelop(game, seat, c.card, c.replaces);
}

function steal(game: Game, seat: number, resource: string, amount: number): void {
  for (let i = 0; i < amount; i++) {
    const choices: StealChoice[] = [];
    for (const o of game.state.players) {
      if (o.seat === seat) continue;
      const have = new Set(resourceStores(o).filter((st, k) => k === 0 || !isDepot(o, st)).flatMap((st) => Object.keys(st)));
      for (const r of [...have].sort()) if (resource === "any" || r === resource) choices.push({ from: o.seat, resource: r });
    }
    if (choices.length === 0) return;
    const c = choices[ask(game, { kind: "steal", seat, choices })]!;
    const victim = game.state.players[c.from]!;
    // Depots protect their tokens ("Resources placed at a Resource Depot cannot be stolen").
    const store = resourceStores(victim).find((st) => !isDepot(victim, st) && (st[c.resource] ?? 0) > 0)!;
    addResource(store, c.resource, -1);
    addResource(game.state.players[seat]!.pool.resources, c.resource, 1);
    game.narrate(`  ${seatName(seat)} steals 1 ${c.resource} from ${seatName(c.from)}`);
  }
}

function isDepot(p: PlayerState, store: object): boolean {
  return p.locations.some((l) => l.depot === store);
}

/** The Act API for a Location's action or convert: VP on that card, resources where it keeps them. */
function actFrom(game: Game, seat: number, index: number): Act {
  const l = game.state.players[seat]!.locations[index]!;
  const give = giveFromLocation(game, seat, l);
  return {
    ...give,
    steal: (resource, amount) => steal(game, seat, resource, amount),
    redevelop: (anyType) => redevelopEffect(game, seat, anyType, index),
  };
}

function work(game: Game, seat: number, index: number): void {
  const p = game.state.players[seat]!;
  const l = p.locations[index]!;
  const a = location(game, l.card).ability;
  const d = workDemand(game, l);
  if (a.pattern !== "action" || !d) throw new RuleError(`${l.card} has no worker action`);
  pay(game, seat, d);
  l.uses++;
  game.narrate(`  ${seatName(seat)} works at ${cardName(game, l.card)}${l.uses === 2 ? " a second time" : ""}`);
  if (a.work.kind === "combo") a.work.gains(giveTo(game, { seat, vp: { tokens: l.vpTokens, cap: locationVpCap }, resources: p.pool.resources }));
  else a.work.effects(actFrom(game, seat, index));
}

export function applyAction(game: Game, seat: number, a: Action): void {
  const s = game.state;
  const p = s.players[seat]!;
  switch (a.kind) {
    case "pass":
      p.passed = true;
      game.narrate(`  ${seatName(seat)} passes`);
      return;
    case "conquer":
    case "cooperate": {
      spendRange(game, seat, a);
      removeFromHand(p, a.card);
      const at = dealsAt(p, a.holder);
      if (a.replace !== undefined) s.discard.push(at.splice(a.replace, 1)[0]!.card);
      at.push({ card: a.card, kind: a.kind === "conquer" ? "spoils" : "agreement" });
      game.narrate(`  ${seatName(seat)} ${a.kind === "conquer" ? "conquers" : "cooperates with"} ${cardName(game, a.card)}`);
      playedLocation(game, seat, a.card, a.kind);
      return;
    }
    case "incorporate": {
      spendRange(game, seat, a);
      removeFromHand(p, a.card);
      const l = newLocation(a.card);
      p.locations.push(l);
      enterPlay(game, seat, l);
      game.narrate(`  ${seatName(seat)} incorporates ${cardName(game, a.card)}`);
      playedLocation(game, seat, a.card, "incorporate");
      return;
    }
    case "redevelop":
      if (a.pay === "building-material") payResources(p, { "building-material": 1 });
      else p.pool.redevelopment--;
      p.redevelopments++;
      redevelop(game, seat, a.card, a.replaces);
      return;
    case "play-leader": {
      removeFromHand(p, a.card);
      if (p.leader) {
        payResources(p, { weapons: 1 });
        retire(game, p, p.leader, [p.leader.resources], []);
      }
      p.leader = { card: a.card, resources: {}, vpTokens: [], uses: 0 };
      const def = leader(game, a.card);
      def.resources(giveToLeader(game, seat)!);
      def.once?.(giveToLeader(game, seat)!);
      game.narrate(`  ${seatName(seat)} plays the Leader ${cardName(game, a.card)}`);
      return;
    }
    case "discard-draw":
      discardFromHand(game, seat, 2);
      drawInto(game, seat, 1);
      game.narrate(`  ${seatName(seat)} discards 2 cards and draws 1`);
      return;
    case "work":
      work(game, seat, a.location);
      return;
    case "send-worker": {
      const owner = s.players[a.owner]!;
      const l = owner.locations[a.location]!;
      p.pool.workers--;
      owner.pool.workers++;
      p.workersSent++;
      l.markers.push(seat);
      produceLocation(game, seat, l, giveToBase(game, seat));
      game.narrate(`  ${seatName(seat)} sends a worker to ${seatName(a.owner)}'s ${cardName(game, l.card)}`);
      return;
    }
    case "workers-for-resource":
      p.pool.workers -= 2;
      addResource(p.pool.resources, a.resource, 1);
      game.narrate(`  ${seatName(seat)} trades 2 workers for 1 ${a.resource}`);
      return;
    case "leader-action": {
      const def = leader(game, p.leader!.card).ability;
      if (def.kind !== "action") throw new RuleError("this Leader has no action");
      p.pool.workers -= def.workers;
      p.leader!.uses++;
      pay(game, seat, demandOf(def.cost));
      def.effects({ ...giveToLeader(game, seat)!, steal: (r, n) => steal(game, seat, r, n), redevelop: (any) => redevelopEffect(game, seat, any, -1) });
      game.narrate(`  ${seatName(seat)} uses ${cardName(game, p.leader!.card)}'s action`);
      return;
    }
    case "convert": {
      const t = location(game, p.locations[a.location]!.card).ability;
      const trait = t.pattern === "trait" ? t.traits[a.trait] : undefined;
      if (trait?.kind !== "convert") throw new RuleError("no such convert trait");
      pay(game, seat, demandOf(trait.cost));
      trait.gains(actFrom(game, seat, a.location));
      game.narrate(`  ${seatName(seat)} converts at ${cardName(game, p.locations[a.location]!.card)}`);
      return;
    }
  }
}

