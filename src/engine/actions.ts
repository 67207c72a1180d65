/**
 * Phase 3, Actions: the legal actions and free moves of a player (rulebook,
 * "Players have the following actions at their disposal"), and the tasks
 * that carry them out. A cost the player has choices in (which tokens, which
 * cards, which deals) is a `pay` task that runs before what the action does;
 * fixed costs (a worker sent, two workers traded, a Redevelopment token, a
 * cashed combo's own tokens) are taken at once. Every choice on the way is
 * the player's decision.
 */
import { conditionPieces } from "../constructs/conditions/index.js";
import { effectPieces } from "../constructs/effects/index.js";
import type { StatementFacts } from "../constructs/statements/index.js";
import { freeMoveKinds, type Action, type Holder, type Decision, type DeployKind, type Placement, type RedevelopChoice, type Store } from "./choices.js";
import { cardFacts, demandOf, noDemand, plusWorkers, sharesType, stepsOf, type AbilityFacts, type ContactFacts, type HandCardFacts, type LocationFacts, type WorkFacts } from "./facts.js";
import { base, cardName, leader, leaderFacts, limitAmong, location, locationFacts, powerFacts, resourceCount, RuleError, say, seatName, type Game } from "./game.js";
import type { RangeChange } from "../constructs/traits/range.js";
import { noRangeChanges, planPrice, rangeChangesOf, rangeNeeded, rangePlanner, rangePlans, type RangeColour } from "./range.js";
import { maxFreeMoves } from "./limits.js";
import { addResource, countResources, type CardId, type LocationInPlay, type PlayerState, type Resources } from "./state.js";
import { schedule, type Demand, type GainStep, type GiveTarget, type Task } from "./tasks.js";
import { fireTriggers, passed, playedLocation } from "./triggers.js";
import {
  canPay,
  canPayResources,
  dealsAt,
  give,
  giveAll,
  isGain,
  moveStore,
  removeFromHand,
  resourceTotals,
  spendWorkers,
  takeWorkers,
  storeOf,
  storesOf,
  toSupply,
  tokenKind,
  universal,
  vpToken,
} from "./tokens.js";

/** A Location's action is used at most twice a turn. */
export const maxUses = 2;

export const colourOf = { conquer: "conquest", cooperate: "cooperation", incorporate: "incorporation" } as const satisfies Record<DeployKind, RangeColour>;

// ---- where deals go ---------------------------------------------------------

/** The Base as a deal's holder: the same data everywhere (a holder is never changed in place). */
const baseHolder: Holder = Object.freeze({ kind: "base" });

/** How many deals of this kind a holder takes: the Base's slots, a slots trait's, or 0 if it takes none. */
function capacity(game: Game, p: PlayerState, holder: Placement["holder"], kind: "spoils" | "agreement"): number {
  if (holder.kind === "base") return base(game, p.base).slots;
  return locationFacts(game, p.locations[holder.index]!.card).slots?.[kind] ?? 0;
}

/** Where a new deal can go: a holder with room, or, when all are full, in place of a deal already there (discarding a deal is free at any time). */
export function placements(game: Game, p: PlayerState, kind: "spoils" | "agreement"): Placement[] {
  const free: Placement[] = [];
  const full: Placement["holder"][] = [];
  const consider = (holder: Placement["holder"]): void => {
    const size = capacity(game, p, holder, kind);
    if (size === 0) return;
    if (dealsAt(p, holder).length < size) free.push({ holder, replace: undefined });
    else full.push(holder);
  };
  consider(baseHolder);
  // A holder is made only for a Location that takes deals (slots).
  for (let index = 0; index < p.locations.length; index++) if (locationFacts(game, p.locations[index]!.card).slots) consider({ kind: "location", index });
  if (free.length > 0) return free;
  return full.flatMap((holder) => dealsAt(p, holder).map((_, replace) => ({ holder, replace })));
}

/** Whether a new deal of either kind has somewhere to go: any holder that takes it has room or a deal to replace (the Base, which takes both, looked up once). */
function hasPlacements(game: Game, p: PlayerState, inPlay: readonly LocationFacts[]): { readonly spoils: boolean; readonly agreement: boolean } {
  if (base(game, p.base).slots > 0) return anyDeal;
  let spoils = false;
  let agreement = false;
  for (const f of inPlay) {
    if ((f.slots?.spoils ?? 0) > 0) spoils = true;
    if ((f.slots?.agreement ?? 0) > 0) agreement = true;
  }
  return { spoils, agreement };
}

const anyDeal = Object.freeze({ spoils: true, agreement: true });

// ---- worker actions and combos ------------------------------------------------

/** How many of a combo's needed tokens of one kind are still open. */
function openSlots(needed: readonly string[], placed: Readonly<Resources>, token: string): number {
  let n = 0;
  for (const r of needed) if (r === token) n++;
  return Math.max(0, n - (placed[token] ?? 0));
}

/** Whether a combo is complete: universal tokens on it fill the slots its basic tokens leave open. */
export function comboComplete(needed: readonly string[], placed: Readonly<Resources>): boolean {
  let open = 0;
  for (let i = 0; i < needed.length; i++) {
    const r = needed[i]!;
    // Each kind once, at its first place in the list.
    if (needed.indexOf(r) === i) open += openSlots(needed, placed, r);
  }
  return open <= (placed[universal] ?? 0);
}

/** What a worker action costs now (its workers grow by one for the second use), or undefined if the card has none or its combo is not complete. */
function workDemand(f: AbilityFacts, at: WorkedCard): Demand | undefined {
  const work = f.work;
  if (work === undefined || at.uses >= maxUses) return undefined;
  if (work.kind === "combo" && !comboComplete(work.needed, at.combo ?? {})) return undefined;
  return work.demands[at.uses];
}

/** Whether a card's worker action can be used now: it has a use left, the player can pay, its condition holds, and a redevelopment it makes has something to build (not over `except`). */
function workable(game: Game, p: PlayerState, f: AbilityFacts, at: WorkedCard, except: number, totals: () => Readonly<Resources>): boolean {
  const d = workDemand(f, at);
  if (d === undefined || !canPay(p, d, game.cards.basicResources, [], 0, totals)) return false;
  if (!workOffered(game, p.seat, f.work!)) return false;
  return !f.redevelopsOnly || redevelopTargets(game, p.seat, f.redevelopsOnly.anyType, except).length > 0;
}

/** Whether a worker action's condition, if it has one (none in the base set), holds for the player now. */
function workOffered(game: Game, seat: number, work: WorkFacts): boolean {
  return work.kind !== "action" || work.condition === undefined || conditionPieces.holds(game, seat, work.condition);
}

/** What a `redevelop` effect could build: a Location in the hand over another in play (not the card resolving the effect). */
export function redevelopTargets(game: Game, seat: number, anyType: boolean, except: number): RedevelopChoice[] {
  const p = game.state.players[seat]!;
  const facts = cardFacts(game.cards).locations;
  const out: RedevelopChoice[] = [];
  for (const id of p.hand) {
    const f = facts.get(id);
    if (f === undefined) continue;
    p.locations.forEach((l, replaces) => {
      if (replaces !== except && (anyType || sharesType(f, facts.get(l.card)!))) out.push({ card: id, replaces });
    });
  }
  return out;
}

// ---- legal actions ------------------------------------------------------------

/** How the turn's Redevelopment can be paid (building material for the first, a token for any): one list for each case, made once. */
type RedevelopPay = readonly ("building-material" | "token")[];
const redevelopPays: readonly RedevelopPay[] = [[], ["building-material"], ["token"], ["building-material", "token"]].map((x) => Object.freeze(x) as RedevelopPay);

function deploymentActions(f: LocationFacts, inPlay: readonly LocationFacts[], changes: readonly RangeChange[], reaches: (c: RangeColour, d: number) => boolean, roomSpoils: boolean, roomAgreement: boolean, redevelopPay: RedevelopPay, out: Action[]): void {
  const id = f.def.id;
  const distance = rangeNeeded(f, changes);
  if (roomSpoils && reaches("conquest", distance)) out.push(f.deploy.conquer);
  if (roomAgreement && reaches("cooperation", distance)) out.push(f.deploy.cooperate);
  if (reaches("incorporation", distance)) out.push(f.deploy.incorporate);
  if (redevelopPay.length === 0) return;
  for (let replaces = 0; replaces < inPlay.length; replaces++) {
    if (!sharesType(f, inPlay[replaces]!)) continue;
    for (let i = 0; i < redevelopPay.length; i++) out.push({ kind: "redevelop", card: id, replaces, pay: redevelopPay[i]! });
  }
}

const oneBuildingMaterial = Object.freeze({ "building-material": 1 });
const oneWeapons = Object.freeze({ weapons: 1 });
const noContacts: readonly ContactFacts[] = Object.freeze([]);

// Actions that name nothing are the same data at every decision: made once (actions are never changed in place).
const passAction: Action = Object.freeze({ kind: "pass" });
const discardDrawAction: Action = Object.freeze({ kind: "discard-draw" });
const leaderAction: Action = Object.freeze({ kind: "leader-action" });
const baseAction: Action = Object.freeze({ kind: "base-action" });
// Actions that name only places are made once for each place, as they are first offered.
const workActions: Action[] = [];
const sendActions: Action[][] = [];
const workAction = (location: number): Action => (workActions[location] ??= Object.freeze({ kind: "work", location }));
const sendAction = (owner: number, location: number): Action => ((sendActions[owner] ??= [])[location] ??= Object.freeze({ kind: "send-worker", owner, location }));

/**
 * Every action and free move the player may take now. Asked at every action
 * decision (more than half of a game's decisions), so it looks each card up
 * once and works out what several cards share (the range, the tokens the
 * player holds, where deals can go) only when a card needs it.
 */
export function legalActions(game: Game, seat: number): Action[] {
  const s = game.state;
  const p = s.players[seat]!;
  const basic = game.cards.basicResources;
  const set = cardFacts(game.cards);
  const facts = set.locations;
  const out: Action[] = [passAction];
  // The Base's faction power: undefined for every base-set Base, so the checks below cost a base-set game one lookup.
  const power = set.powers.get(p.base);
  // Every token the player could spend, counted once for all the costs below (on first need).
  let counted: Readonly<Resources> | undefined;
  const totals = (): Readonly<Resources> => (counted ??= resourceTotals(p));
  // Each Location in play, looked up once for everything below.
  const inPlay: LocationFacts[] = [];
  for (const l of p.locations) inPlay.push(facts.get(l.card)!);
  // What every Location in the hand shares, worked out at the first.
  let reaches: ((c: RangeColour, d: number) => boolean) | undefined;
  let roomSpoils = false;
  let roomAgreement = false;
  let redevelopPay: RedevelopPay = redevelopPays[0]!;
  let changes = noRangeChanges;
  // The hand looked up once, first: its one-time Contacts are sources of range for every Location in it.
  const hand = p.hand;
  const inHand: (HandCardFacts | undefined)[] = [];
  let handContacts: ContactFacts[] | undefined;
  for (let i = 0; i < hand.length; i++) {
    const h = set.inHand.get(hand[i]!);
    inHand.push(h);
    if (h?.kind === "contact") (handContacts ??= []).push(h.contact);
  }
  for (let i = 0; i < hand.length; i++) {
    const h = inHand[i];
    if (h?.kind === "location") {
      const f = h.location;
      if (reaches === undefined) {
        reaches = rangePlanner(game, seat, totals, handContacts ?? noContacts);
        ({ spoils: roomSpoils, agreement: roomAgreement } = hasPlacements(game, p, inPlay));
        const material = p.redevelopments === 0 && canPayResources(p, oneBuildingMaterial, basic, totals);
        redevelopPay = redevelopPays[(material ? 1 : 0) + (p.pool.redevelopment > 0 ? 2 : 0)]!;
        changes = rangeChangesOf(game, p);
      }
      deploymentActions(f, inPlay, changes, reaches, roomSpoils, roomAgreement, redevelopPay, out);
    } else if (h?.kind === "leader" && (!p.leader || canPayResources(p, oneWeapons, basic, totals))) out.push({ kind: "play-leader", card: hand[i]! });
  }
  if (p.hand.length >= 2) out.push(discardDrawAction);
  for (let index = 0; index < inPlay.length; index++) {
    if (workable(game, p, inPlay[index]!, p.locations[index]!, index, totals)) out.push(workAction(index));
  }
  // The Base's action, as a Location's of the player's own; opponents send no Workers there (ruling 37).
  if (power?.work && p.power && workable(game, p, power, p.power, noLocation, totals)) out.push(baseAction);
  if (p.pool.workers >= 1 && p.workersSent < limitAmong(set, inPlay, power, "sent-workers")) {
    for (const o of s.players) {
      if (o.seat === seat || o.passed) continue;
      const ls = o.locations;
      for (let index = 0; index < ls.length; index++) {
        const l = ls[index]!;
        if (facts.get(l.card)!.openProduction && !l.markers.includes(seat)) out.push(sendAction(o.seat, index));
      }
    }
  }
  if (p.pool.workers >= 2) for (const trade of set.trades) out.push(trade);
  if (p.leader) {
    const a = set.leaders.get(p.leader.card)!.action;
    const offered = a && (a.repeatable || p.leader.uses === 0) && (a.condition === undefined || conditionPieces.holds(game, seat, a.condition));
    if (offered && canPay(p, a.demand, basic, [], 0, totals)) out.push(leaderAction);
  }
  if (p.freeMoves < maxFreeMoves) freeMovesOf(game, seat, inPlay, power, out, totals);
  return out;
}

/** A store's token kinds in order (as `Object.keys(r).sort()`: distinct strings, by code unit). */
function sortedKeys(r: Readonly<Resources>): string[] {
  const keys = Object.keys(r);
  // An insertion sort in place: a handful of keys, and no work array as a library sort makes.
  for (let i = 1; i < keys.length; i++) {
    const k = keys[i]!;
    let j = i;
    for (; j > 0 && keys[j - 1]! > k; j--) keys[j] = keys[j - 1]!;
    keys[j] = k;
  }
  return keys;
}

/** The moves the rulebook allows at any time of the player's action turn. */
function freeMovesOf(game: Game, seat: number, inPlay: readonly LocationFacts[], power: AbilityFacts | undefined, out: Action[], totals: () => Readonly<Resources>): void {
  const p = game.state.players[seat]!;
  const basic = game.cards.basicResources;
  let stores: Store[] | undefined;
  if (power && p.power) traitMoves(p, power, p.power.depot, undefined, basic, out, totals);
  for (let index = 0; index < inPlay.length; index++) {
    const f = inPlay[index]!;
    const l = p.locations[index]!;
    traitMoves(p, f, l.depot, index, basic, out, totals);
    if (f.work?.kind !== "combo" || comboComplete(f.work.needed, l.combo)) continue;
    const needed = f.work.needed;
    stores ??= storesOf(p);
    for (const from of stores) {
      const r = storeOf(p, from);
      for (const token of sortedKeys(r)) {
        if (token === universal || (basic.includes(token) && openSlots(needed, l.combo, token) > 0)) out.push({ kind: "combo-place", location: index, from, token });
      }
    }
  }
  // Any deal may be discarded; its holder is the same data for all its deals.
  for (let index = 0; index < p.baseDeals.length; index++) out.push({ kind: "discard-deal", holder: baseHolder, index });
  for (let li = 0; li < p.locations.length; li++) {
    const deals = p.locations[li]!.deals;
    if (deals.length === 0) continue;
    const holder: Holder = { kind: "location", index: li };
    for (let index = 0; index < deals.length; index++) out.push({ kind: "discard-deal", holder, index });
  }
}

/** The converts and depot moves of one card's traits: a Location's (by index), or the Base's power's (`location` undefined). */
function traitMoves(p: PlayerState, f: AbilityFacts, depot: Readonly<Resources>, location: number | undefined, basic: readonly string[], out: Action[], totals: () => Readonly<Resources>): void {
  for (const c of f.converts) {
    if (canPay(p, c.demand, basic, [], 0, totals)) out.push(location === undefined ? { kind: "base-convert", trait: c.trait } : { kind: "convert", location, trait: c.trait });
  }
  for (const d of f.depots) {
    if (countResources(depot) < d.amount) {
      for (const resource of sortedKeys(p.pool.resources)) out.push(location === undefined ? { kind: "base-depot-put", resource } : { kind: "depot-put", location, resource });
    }
    for (const resource of sortedKeys(depot)) out.push(location === undefined ? { kind: "base-depot-take", resource } : { kind: "depot-take", location, resource });
  }
}

// ---- the cards whose grey part a player uses ------------------------------------

/** No Location: what a Base's power passes where an effect names the Location it comes from (a redevelopment may build over any). */
const noLocation = -1;

/** What a worker action, convert or depot changes on its card: a Location in play, or the Base's power. */
type WorkedCard = Pick<LocationInPlay, "uses" | "depot"> & { combo?: Resources };

/** A card whose grey part the player uses, and where what it gives goes. */
interface Site {
  readonly card: CardId;
  readonly facts: AbilityFacts;
  readonly at: WorkedCard;
  readonly target: GiveTarget;
  /** The Location an effect may not redevelop over (the card itself), or `noLocation`. */
  readonly except: number;
}

function locationSite(game: Game, p: PlayerState, index: number): Site {
  const l = p.locations[index]!;
  return { card: l.card, facts: locationFacts(game, l.card), at: l, target: { to: "location", index }, except: index };
}

/** The Base's power: its VP tokens on the Base under the three-slot rule, its resources to the pool (ruling 37). */
function powerSite(game: Game, p: PlayerState): Site {
  const facts = powerFacts(game, p.seat);
  if (!facts || !p.power) throw new RuleError(`${p.base} has no faction power`);
  return { card: p.base, facts, at: p.power, target: { to: "power" }, except: noLocation };
}

/** "Send a Worker to work at a Location" (or "two Workers … a second time"): the site's action is used once more, paid, then carried out. */
function work(game: Game, seat: number, site: Site): undefined {
  const s = game.state;
  const f = site.facts;
  const at = site.at;
  const d = workDemand(f, at);
  if (!f.work || !d) throw new Error(`${site.card} has no worker action to use`);
  at.uses++;
  say(game, () => `  ${seatName(seat)} works at ${cardName(game, site.card)}${at.uses === 2 ? " a second time" : ""}`);
  if (f.work.kind === "combo" && at.combo) {
    // "converting a complete Resource combo into 2 VPs": the combo's tokens go back to the supply.
    for (const t in at.combo) toSupply(s, tokenKind.resource(t), at.combo[t]!);
    at.combo = {};
  }
  schedule(s.agenda, pay(seat, d), { kind: "effects", seat, target: site.target, steps: f.work.steps, except: site.except });
  return undefined;
}

function convertAt(game: Game, seat: number, site: Site, index: number): undefined {
  const trait = site.facts.converts.find((c) => c.trait === index);
  if (trait === undefined) throw new Error("no such convert trait");
  say(game, () => `  ${seatName(seat)} converts at ${cardName(game, site.card)}`);
  schedule(game.state.agenda, pay(seat, trait.demand), { kind: "effects", seat, target: site.target, steps: trait.steps, except: site.except });
  return undefined;
}

/** One resource token from the pool onto a depot (`n` 1) or back (`n` -1): a free move. */
function depotMove(p: PlayerState, site: Site, resource: string, n: 1 | -1): undefined {
  addResource(p.pool.resources, resource, -n);
  addResource(site.at.depot, resource, n);
  return undefined;
}

// ---- carrying actions out ------------------------------------------------------

const pay = (seat: number, demand: Demand, keep: readonly CardId[] = []): Task => ({ kind: "pay", seat, demand, keep });

function newLocation(card: CardId): LocationInPlay {
  return { card, resources: {}, vpTokens: [], deals: [], depot: {}, combo: {}, uses: 0, markers: [] };
}

/** The first decision or the tasks of an action the player has chosen. */
export function applyAction(game: Game, seat: number, a: Action): Decision | undefined {
  const s = game.state;
  const p = s.players[seat]!;
  switch (a.kind) {
    case "pass":
      p.passed = true;
      say(game, () => `  ${seatName(seat)} passes`);
      fireTriggers(game, seat, passed);
      return undefined;
    case "conquer":
    case "cooperate":
    case "incorporate": {
      const distance = rangeNeeded(locationFacts(game, a.card), rangeChangesOf(game, p));
      const choices = rangePlans(game, seat, colourOf[a.kind], distance, a.card);
      return { kind: "range-plan", seat, choices, deploy: a.kind, card: a.card };
    }
    case "redevelop":
      p.redevelopments++;
      if (a.pay === "token") {
        p.pool.redevelopment--;
        toSupply(s, tokenKind.redevelopment, 1);
        schedule(s.agenda, { kind: "build", seat, card: a.card, replaces: a.replaces });
      } else schedule(s.agenda, pay(seat, { ...noDemand, resources: { "building-material": 1 } }, [a.card]), { kind: "build", seat, card: a.card, replaces: a.replaces });
      return undefined;
    case "play-leader":
      if (p.leader) schedule(s.agenda, pay(seat, { ...noDemand, resources: { weapons: 1 } }, [a.card]), { kind: "leader-in", seat, card: a.card });
      else schedule(s.agenda, { kind: "leader-in", seat, card: a.card });
      return undefined;
    case "discard-draw":
      say(game, () => `  ${seatName(seat)} discards 2 cards and draws 1`);
      schedule(s.agenda, { kind: "discard-cards", seat, count: 2, keep: [], then: "draw" });
      return undefined;
    case "work":
      return work(game, seat, locationSite(game, p, a.location));
    case "base-action":
      return work(game, seat, powerSite(game, p));
    case "send-worker": {
      const owner = s.players[a.owner]!;
      const l = owner.locations[a.location]!;
      const def = location(game, l.card).ability;
      if (def.pattern !== "open-production") throw new Error(`${l.card} is not open production`);
      // The worker changes hands: a worker this player was sent goes first (see spendWorkers).
      takeWorkers(p, 1);
      owner.pool.workers++;
      owner.workersReceived++;
      p.workersSent++;
      l.markers.push(seat);
      giveAll(game, seat, { to: "base" }, stepsOf(def.produce));
      // "… perform these cards' Production abilities": a production with a cost too, if the sender pays (ruling 40).
      if (def.paid) schedule(s.agenda, { kind: "paid-production", seat, owner: a.owner, location: a.location });
      say(game, () => `  ${seatName(seat)} sends a worker to ${seatName(a.owner)}'s ${cardName(game, l.card)}`);
      return undefined;
    }
    case "workers-for-resource":
      spendWorkers(s, p, 2);
      give(game, seat, { to: "base" }, { op: "resource", resource: a.resource, amount: 1 });
      say(game, () => `  ${seatName(seat)} trades 2 workers for ${resourceCount(game, a.resource, 1)}`);
      return undefined;
    case "leader-action": {
      const def = leader(game, p.leader!.card).ability;
      if (def.kind !== "action") throw new Error("this Leader has no action");
      p.leader!.uses++;
      say(game, () => `  ${seatName(seat)} uses ${cardName(game, p.leader!.card)}'s action`);
      schedule(s.agenda, pay(seat, plusWorkers(demandOf(def.cost), def.workers)), { kind: "effects", seat, target: { to: "leader" }, steps: stepsOf(def.effects), except: -1 });
      return undefined;
    }
    case "convert":
      return convertAt(game, seat, locationSite(game, p, a.location), a.trait);
    case "base-convert":
      return convertAt(game, seat, powerSite(game, p), a.trait);
    case "discard-deal": {
      const [removed] = dealsAt(p, a.holder).splice(a.index, 1);
      s.discard.push(removed!.card);
      say(game, () => `  ${seatName(seat)} discards the ${removed!.kind === "spoils" ? "Spoils" : "Agreement"} ${cardName(game, removed!.card)}`);
      return undefined;
    }
    case "depot-put":
      return depotMove(p, locationSite(game, p, a.location), a.resource, 1);
    case "depot-take":
      return depotMove(p, locationSite(game, p, a.location), a.resource, -1);
    case "base-depot-put":
      return depotMove(p, powerSite(game, p), a.resource, 1);
    case "base-depot-take":
      return depotMove(p, powerSite(game, p), a.resource, -1);
    case "combo-place": {
      addResource(storeOf(p, a.from), a.token, -1);
      addResource(p.locations[a.location]!.combo, a.token, 1);
      return undefined;
    }
  }
}

export const isFreeMove = (a: Action): boolean => freeMoveKinds.has(a.kind);

/** A range plan chosen: the contacts and tokens are spent, their price is paid, then the card is placed. */
export function deploy(game: Game, t: Extract<Task, { kind: "deploy" }>): undefined {
  const s = game.state;
  const p = s.players[t.seat]!;
  for (const id of t.plan.permanents) p.contacts.find((c) => c.card === id)!.usedThisTurn = true;
  for (const id of t.plan.contacts) {
    removeFromHand(p, id);
    s.discard.push(id);
  }
  if (t.plan.tokens.length > 0) {
    const spent = new Set(t.plan.tokens);
    p.pool.contactTokens = p.pool.contactTokens.filter((tok, i) => {
      if (!spent.has(i)) return true;
      toSupply(s, tokenKind.contact(tok.colour, tok.range), 1);
      return false;
    });
  }
  const place: Task = { kind: "deploy-place", seat: t.seat, deploy: t.deploy, card: t.card };
  const price = planPrice(game, t.plan);
  // A plan of tokens and free contacts has nothing to pay.
  if (price === noDemand) s.agenda.push(place);
  else schedule(s.agenda, pay(t.seat, price, [t.card]), place);
  return undefined;
}

export function deployPlace(game: Game, t: Extract<Task, { kind: "deploy-place" }>): Decision | undefined {
  const p = game.state.players[t.seat]!;
  if (t.deploy !== "incorporate") return { kind: "placement", seat: t.seat, choices: placements(game, p, t.deploy === "conquer" ? "spoils" : "agreement"), deploy: t.deploy, card: t.card };
  removeFromHand(p, t.card);
  p.locations.push(newLocation(t.card));
  enterPlay(game, t.seat, p.locations.length - 1);
  say(game, () => `  ${seatName(t.seat)} incorporates ${cardName(game, t.card)}`);
  playedLocation(game, t.seat, t.card, "incorporate", p.locations.length - 1);
  return undefined;
}

export function placeDeal(game: Game, t: Extract<Task, { kind: "place-deal" }>): undefined {
  const s = game.state;
  const p = s.players[t.seat]!;
  removeFromHand(p, t.card);
  const at = dealsAt(p, t.holder);
  if (t.replace !== undefined) s.discard.push(at.splice(t.replace, 1)[0]!.card);
  at.push({ card: t.card, kind: t.deploy === "conquer" ? "spoils" : "agreement" });
  say(game, () => `  ${seatName(t.seat)} ${t.deploy === "conquer" ? "conquers" : "cooperates with"} ${cardName(game, t.card)}`);
  playedLocation(game, t.seat, t.card, t.deploy);
  return undefined;
}

/**
 * A Location comes into play: its one-time gains to the pool, and a production
 * card's resource tokens ("it is brought into play with its corresponding
 * Resource token(s)"); its other production waits for the Production phase.
 */
function enterPlay(game: Game, seat: number, index: number): void {
  const f = locationFacts(game, game.state.players[seat]!.locations[index]!.card);
  if (f.once) oneTimeOnly(game, seat, { to: "base" }, f.once, index);
  if (f.produces) arrivalTokens(game, seat, index, f.produces);
}

/** A production card's resource tokens as it comes into play; those under a condition if it holds then (ruling 39). */
function arrivalTokens(game: Game, seat: number, index: number, steps: readonly GainStep[]): void {
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    if (step.op === "resource") give(game, seat, { to: "location", index }, step);
    else if (step.op === "if" && conditionPieces.holds(game, seat, step.condition)) arrivalTokens(game, seat, index, step.steps);
  }
}

/**
 * The one-time-only icon as the card comes into play: gains at once (all the
 * base set's are), any other effect (a steal, a choice) on the agenda, as an
 * action's would be; `except` is the card's own place, which a redevelopment
 * cannot build over.
 */
function oneTimeOnly(game: Game, seat: number, target: GiveTarget, once: StatementFacts["once"], except: number): void {
  if (once.gainsOnly) giveAll(game, seat, target, once.steps as readonly GainStep[]);
  else schedule(game.state.agenda, { kind: "effects", seat, target, steps: once.steps, except });
}

/**
 * A card leaves play for another (Redevelopment, a new Leader): "If the
 * discarded card had any Resource tokens on it, they should be placed on the
 * player's Base card"; its VP tokens too, plus a 2-VP token; the card, with
 * anything tucked under it, is discarded.
 */
function retire(game: Game, p: PlayerState, card: CardId, vp: readonly { value: 1 | 2 }[], stores: readonly Resources[], tucked: readonly CardId[]): void {
  const s = game.state;
  for (const store of stores) moveStore(store, p.pool.resources);
  p.baseVp.push(...vp, vpToken(s, 2));
  s.discard.push(card, ...tucked);
}

export function build(game: Game, t: Extract<Task, { kind: "build" }>): undefined {
  const p = game.state.players[t.seat]!;
  const old = p.locations[t.replaces]!;
  removeFromHand(p, t.card);
  retire(game, p, old.card, old.vpTokens, [old.resources, old.depot, old.combo], old.deals.map((d) => d.card));
  p.locations[t.replaces] = newLocation(t.card);
  enterPlay(game, t.seat, t.replaces);
  say(game, () => `  ${seatName(t.seat)} redevelops ${cardName(game, old.card)} into ${cardName(game, t.card)}`);
  playedLocation(game, t.seat, t.card, "redevelop", t.replaces);
  return undefined;
}

export function leaderIn(game: Game, t: Extract<Task, { kind: "leader-in" }>): undefined {
  const p = game.state.players[t.seat]!;
  removeFromHand(p, t.card);
  if (p.leader) retire(game, p, p.leader.card, p.leader.vpTokens, [p.leader.resources], []);
  p.leader = { card: t.card, resources: {}, vpTokens: [], uses: 0 };
  const f = leaderFacts(game, t.card);
  giveAll(game, t.seat, { to: "leader" }, stepsOf(f.def.resources));
  if (f.once) oneTimeOnly(game, t.seat, { to: "leader" }, f.once, -1);
  say(game, () => `  ${seatName(t.seat)} plays the Leader ${cardName(game, t.card)}`);
  return undefined;
}

/** Gains at once; an effect construct's step (a steal, a choice…) is its module's to carry out, the rest after it. */
export function effects(game: Game, t: Extract<Task, { kind: "effects" }>): Decision | undefined {
  for (let i = 0; i < t.steps.length; i++) {
    const step = t.steps[i]!;
    if (isGain(step)) {
      give(game, t.seat, t.target, step);
      continue;
    }
    // The rest waits under whatever the step schedules or asks.
    if (i + 1 < t.steps.length) schedule(game.state.agenda, { ...t, steps: t.steps.slice(i + 1) });
    return effectPieces.run(game, step, { seat: t.seat, target: t.target, except: t.except });
  }
  return undefined;
}

export function effectStep(game: Game, t: Extract<Task, { kind: "effect-step" }>): Decision | undefined {
  return effectPieces.run(game, t.step, t.at);
}
