/**
 * Every card in every way it can be played. For each of the 110 cards the
 * EXPECTED change comes from the checked card model (`validatePaths([])`, see
 * test/card-expectations.ts), never from the compiled code; the ACTUAL change
 * is what the engine's state machine does to a test game: legal actions and
 * free moves performed as a player does (test/engine-harness.ts `perform`),
 * the Production, Lookout and Clean-up phases run as the phase table begins
 * them, every decision on the way answered by the test (a decision the test
 * did not expect fails it).
 *
 * - Locations: as Spoils (conquered, cashed in), as an Agreement (cooperation,
 *   then Production), as a Location (incorporated: what it brings into play,
 *   then its production, worker action, combo or traits).
 * - Leaders: played, their "after" trigger (and a trigger that does not
 *   match), Baby Swift's action, and being replaced by another Leader.
 * - Contacts: the range they give, of their colour only, their price, once a
 *   turn (permanent) or discarded (one-time).
 * - Bases: their production and their three deal slots.
 */
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import type { Action, ActionKind, Decision, Holder, Payment, Placement, RangePlan } from "../src/engine/choices.js";
import type { Game } from "../src/engine/game.js";
import { colourOf, isFreeMove, legalActions, placements } from "../src/engine/actions.js";
import { answer, clone, pending, resume } from "../src/engine/machine.js";
import { rangePlans, reachable, type RangeColour } from "../src/engine/range.js";
import { scoreOf } from "../src/engine/scoring.js";
import { addResource, countResources, type LocationInPlay, type PlayerState, type Resources } from "../src/engine/state.js";
import { isAsset, type Asset, type ContactCard, type Cost, type Effect, type LocationCard, type Trait } from "../src/check/model.js";
import type { Trigger } from "../src/constructs/traits/after.js";
import { allCardsIn, giveCard, perform, placeLocation, player, registry, runPhase, testGame, unexpected, type Answer, type Of } from "./engine-harness.js";
import {
  addAssets,
  assetsDelta,
  bySeat,
  capped,
  dealsIn,
  emptyDelta,
  isProduction,
  leaderVpLimit,
  locationVpLimit,
  minus,
  modelBase,
  modelBases,
  modelCards,
  modelContacts,
  modelLeaders,
  modelLocation,
  modelLocations,
  observe,
  onCard,
  plus,
  enteredWith,
  producedBy,
  scripted,
  subtractCosts,
  vpValues,
  type Delta,
  type Handlers,
  type OnCard,
} from "./card-expectations.js";

// ---- small helpers ---------------------------------------------------------------

type Deploy = "conquer" | "cooperate" | "incorporate";
const dealKindOf = { conquer: "spoils", cooperate: "agreement" } as const;
const baseHolder: Holder = { kind: "base" };

/** What seat 0 answers unless a test says otherwise: cash every Spoils, the first card, deal, victim and token offered, pay from the pool. */
const seat0Defaults: Handlers = {
  "cash-spoils": (d) => d.choices.findIndex((c) => c.kind === "cash"),
  "discard-card": () => 0,
  "discard-deal": () => 0,
  steal: () => 0,
  "lookout-pick": () => 0,
  "keep-trim": () => 0,
  // Which tokens pay is the player's choice: these tests pay from the pool (other stores are tested apart).
  payment: (d) => d.choices.findIndex((pay) => pay.every((t) => t.from.kind === "pool")),
};

interface TableOptions {
  readonly factions?: readonly string[];
  /** Seat 0's answers (default `seat0Defaults`); seat 1 is never asked unless given answers. */
  readonly seat0?: Handlers;
  readonly seat1?: Handlers;
  /** Every decision asked, both seats. */
  readonly log?: Decision[];
}

/** The answers of each test game's players. */
const answersOf = new WeakMap<Game, Answer>();

/** A test game (harness `testGame`: Actions phase, empty hands, sorted deck) and how its players answer. */
function table(options: TableOptions = {}): Game {
  const game = testGame(options.factions ? { factions: options.factions } : {});
  const log = options.log ?? [];
  answersOf.set(game, bySeat(scripted(options.seat0 ?? seat0Defaults, log), options.seat1 ? scripted(options.seat1, log) : unexpected));
  return game;
}

/** A copy of a test game that goes on independently, answered the same way. */
function cloneTable(game: Game): Game {
  const copy = clone(game);
  answersOf.set(copy, answersOf.get(game) ?? unexpected);
  return copy;
}

/** The table's answers, with `extra` handlers (for this one action) tried first. */
function answers(game: Game, extra?: Handlers): Answer {
  const base = answersOf.get(game) ?? unexpected;
  if (!extra) return base;
  return (d) => {
    const h = extra[d.kind] as ((d: Decision) => number) | undefined;
    if (!h) return base(d);
    const i = h(d);
    if (i < 0) throw new Error(`no acceptable choice for ${d.kind}: ${JSON.stringify(d.choices).slice(0, 300)}`);
    return i;
  };
}

/** The legal actions of one kind (optionally filtered) for a seat. */
function legal<K extends ActionKind>(game: Game, seat: number, kind: K, pred: (a: Of<K>) => boolean = () => true): Of<K>[] {
  return legalActions(game, seat).filter((a): a is Of<K> => a.kind === kind && pred(a as Of<K>));
}

/** Performs the first legal action of the kind that matches (failing the test if there is none), answering as the table does. */
function play<K extends ActionKind>(game: Game, seat: number, kind: K, pred: (a: Of<K>) => boolean = () => true, extra?: Handlers): Of<K> {
  const found = legal(game, seat, kind, pred);
  if (found.length === 0) {
    throw new Error(`no legal "${kind}" action as wanted; legal: ${JSON.stringify(legalActions(game, seat).map((a) => a.kind))}`);
  }
  perform(game, seat, found[0]!, answers(game, extra));
  return found[0]!;
}

/** Runs one phase as the phase table begins it, answering as the table does, then goes back to the Actions phase. */
function phase(game: Game, name: "production" | "lookout" | "clean-up", extra?: Handlers): void {
  runPhase(game, name, answers(game, extra));
  game.state.phase = "actions";
}

const sameHolder = (a: Holder, b: Holder): boolean => a.kind === b.kind && (a.kind === "base" || (b.kind === "location" && a.index === b.index));

/** Where a new deal of this deploy kind can go now (the placement decision's choices). */
function placementsOf(game: Game, seat: number, kind: "conquer" | "cooperate"): Placement[] {
  return placements(game, player(game, seat), dealKindOf[kind]);
}

/** Whether the card can be put into play this way now, and, for a deal, under `holder`. */
function deployable(game: Game, seat: number, kind: Deploy, card: string, holder?: Holder): boolean {
  if (legal(game, seat, kind, (a) => a.card === card).length === 0) return false;
  if (kind === "incorporate" || holder === undefined) return true;
  return placementsOf(game, seat, kind).some((c) => sameHolder(c.holder, holder));
}

/** A range plan paying with one contact token of exactly this range, and nothing else. */
const tokenPlan = (p: PlayerState, range: number) => (plan: RangePlan): boolean =>
  plan.permanents.length === 0 && plan.contacts.length === 0 && plan.tokens.length === 1 && p.pool.contactTokens[plan.tokens[0]!]!.range === range;

/**
 * Puts a Location into play the way a player does: into the hand, a contact
 * token of the right colour and range, the action; the range is paid with
 * that token, a deal goes under `holder` (the first placement there, which
 * replaces a deal when the holder is full).
 */
function deploy(game: Game, seat: number, kind: Deploy, card: string, holder: Holder = baseHolder): void {
  const p = player(game, seat);
  if (!p.hand.includes(card)) giveCard(game, seat, card);
  const range = modelLocation(card).distance;
  p.pool.contactTokens.push({ colour: colourOf[kind], range });
  play(game, seat, kind, (a) => a.card === card, {
    "range-plan": (d) => d.choices.findIndex(tokenPlan(p, range)),
    placement: (d) => d.choices.findIndex((c) => sameHolder(c.holder, holder)),
  });
  if (kind !== "incorporate") {
    const at = holder.kind === "base" ? p.baseDeals : p.locations[holder.index]!.deals;
    expect(at.at(-1), `${card} is tucked where wanted`).toEqual({ card, kind: dealKindOf[kind] });
  }
}

/** Incorporates a Location (a token of its distance pays the range) and returns it in play. */
function incorporate(game: Game, seat: number, card: string): { index: number; here: LocationInPlay } {
  deploy(game, seat, "incorporate", card);
  const p = player(game, seat);
  const index = p.locations.findIndex((l) => l.card === card);
  expect(index, `${card} is in play`).toBeGreaterThanOrEqual(0);
  return { index, here: p.locations[index]! };
}

/**
 * A free move leaves the action turn with the player: in a running Actions
 * phase (on a copy of the game), the player makes it and is asked for an
 * action again.
 */
function expectFreeMove(game: Game, seat: number, move: Action): void {
  expect(isFreeMove(move), `${move.kind} is a free move`).toBe(true);
  const g = clone(game);
  const s = g.state;
  s.phase = "actions";
  s.agenda = [{ kind: "action-turn", seat }];
  s.pending = undefined;
  // Two more workers (on the copy), so the player has an action left after the move: with "pass" alone, a player is not asked.
  s.players[seat]!.pool.workers += 2;
  resume(g);
  const asked = pending(g);
  expect(asked?.kind === "action" && asked.seat === seat, "the player is asked for an action").toBe(true);
  const i = asked!.choices.findIndex((c) => isDeepStrictEqual(c, move));
  expect(i, `${JSON.stringify(move)} is offered`).toBeGreaterThanOrEqual(0);
  answer(g, i);
  const next = pending(g);
  expect({ kind: next?.kind, seat: next?.seat }, "the same player acts again").toEqual({ kind: "action", seat });
}

/** Locations to use around the card under test, from the model: never the card itself nor one already taken. */
function fodder(count: number, exclude: readonly string[], pred: (l: LocationCard) => boolean = () => true): string[] {
  const out = modelLocations.filter((l) => !exclude.includes(l.id) && pred(l)).map((l) => l.id).slice(0, count);
  if (out.length < count) throw new Error(`only ${out.length} fodder Locations, ${count} wanted`);
  return out;
}

/** The Leader who scores after a Redevelopment, if the set has one. */
const redevelopLeader = modelLeaders.find((ld) => ld.ability.kind === "after" && ld.ability.trigger.kind === "redevelop");

/** Cards with nothing to give when they come into play: no production, no once. */
const quiet = (l: LocationCard): boolean => !isProduction(l) && l.once.length === 0;
const sharesType = (a: LocationCard, b: LocationCard): boolean => a.types.some((t) => b.types.includes(t));

/** A card from the top of the deck into the hand, to pay a cost in cards. */
function filler(game: Game, seat: number): string {
  const id = game.state.deck.at(-1)!;
  giveCard(game, seat, id);
  return id;
}

/** A Location from the deck tucked straight under the Base as a deal (set-up, no effects). */
function tuckDeal(game: Game, seat: number, kind: "spoils" | "agreement", exclude: readonly string[]): string {
  const id = [...game.state.deck].reverse().find((c) => registry.byId.get(c)?.kind === "location" && !exclude.includes(c))!;
  giveCard(game, seat, id);
  const p = player(game, seat);
  p.hand.splice(p.hand.indexOf(id), 1);
  p.baseDeals.push({ card: id, kind });
  return id;
}

/** Gives a player `times` × a cost: resources and workers in the pool, cards in the hand, deals under the Base. */
function fund(game: Game, seat: number, costs: readonly Cost[], times: number, exclude: readonly string[]): void {
  const p = player(game, seat);
  for (const c of costs) {
    for (let i = 0; i < times; i++) {
      if (c.kind === "resource") addResource(p.pool.resources, c.resource, c.amount);
      else if (c.kind === "worker") p.pool.workers += c.amount;
      else if (c.kind === "card") for (let k = 0; k < c.amount; k++) filler(game, seat);
      else for (let k = 0; k < c.amount; k++) tuckDeal(game, seat, c.deal === "agreement" ? "agreement" : "spoils", exclude);
    }
  }
}

const dealCount = (p: PlayerState): number => p.baseDeals.length + p.locations.reduce((n, l) => n + l.deals.length, 0);
const baseProduction = (p: PlayerState): Delta => assetsDelta(modelBase(p.faction).produce);
const sum = (xs: readonly number[]): number => xs.reduce((n, x) => n + x, 0);

const titled = <T extends { readonly id: string; readonly name: { readonly en: string } }>(cards: readonly T[]): [string, T][] =>
  cards.map((c) => [`${c.name.en} (${c.id})`, c]);

// ---- the card set under test -------------------------------------------------------

describe("the cards under test", () => {
  it("the checked model and the compiled registry hold the same 110 cards", () => {
    expect(modelCards).toHaveLength(110);
    expect(modelLocations).toHaveLength(72);
    expect(modelLeaders).toHaveLength(8);
    expect(modelContacts).toHaveLength(26);
    expect(modelBases).toHaveLength(4);
    expect(registry.cards.map((c) => c.id).sort()).toEqual(modelCards.map((c) => c.id).sort());
    expect(allCardsIn(testGame()).sort()).toEqual(modelCards.map((c) => c.id).sort());
  });
});

// ---- Locations -------------------------------------------------------------------------

describe.each(titled(modelLocations))("Location %s", (_title, l) => {
  it("as Spoils: conquered under the Base, then cashed in at Production for exactly its spoils", () => {
    const game = table();
    const p = player(game, 0);
    deploy(game, 0, "conquer", l.id);
    expect(p.baseDeals).toEqual([{ card: l.id, kind: "spoils" }]);
    expect(p.hand).toEqual([]);
    expect(p.pool.contactTokens).toEqual([]);
    expect(p.locations).toEqual([]);

    const got = observe(p, () => phase(game, "production"));
    expect(p.baseDeals).toEqual([]);
    expect(game.state.discard).toContain(l.id);
    expect(minus(got, baseProduction(p))).toEqual(assetsDelta(l.spoils));
  });

  it("as Spoils: kept uncashed when the player chooses so, and discarded at any time of the action turn (a free move)", () => {
    const game = table({ seat0: { ...seat0Defaults, "cash-spoils": (d) => d.choices.findIndex((c) => c.kind === "done") } });
    const p = player(game, 0);
    deploy(game, 0, "conquer", l.id);
    const got = observe(p, () => phase(game, "production"));
    expect(got).toEqual(baseProduction(p));
    expect(p.baseDeals).toEqual([{ card: l.id, kind: "spoils" }]);
    const discard: Action = { kind: "discard-deal", holder: baseHolder, index: 0 };
    expectFreeMove(game, 0, discard);
    expect(observe(p, () => perform(game, 0, discard)), "discarding gives nothing").toEqual(emptyDelta());
    expect(p.baseDeals).toEqual([]);
    expect(game.state.discard).toContain(l.id);
  });

  it("as an Agreement: cooperation under the Base, then each Production gives exactly its agreement", () => {
    const game = table();
    const p = player(game, 0);
    deploy(game, 0, "cooperate", l.id);
    expect(p.baseDeals).toEqual([{ card: l.id, kind: "agreement" }]);
    expect(p.hand).toEqual([]);
    expect(p.pool.contactTokens).toEqual([]);

    for (let turn = 0; turn < 2; turn++) {
      const got = observe(p, () => phase(game, "production"));
      expect(minus(got, baseProduction(p)), `Production ${turn + 1}`).toEqual(assetsDelta(l.agreement));
      expect(p.baseDeals).toEqual([{ card: l.id, kind: "agreement" }]);
      phase(game, "clean-up");
    }
  });

  it(`as a Location: incorporated, worth 1 VP, it comes into play with ${describeEntry(l)}`, () => {
    const game = table();
    const p = player(game, 0);
    giveCard(game, 0, l.id);
    const scoreBefore = scoreOf(p);
    const card = onCard(l.keep !== undefined);
    const expected = plus(assetsDelta(l.once), assetsDelta(enteredWith(l), 1, card));
    expected.cards -= 1; // it leaves the hand (the contact token `deploy` adds pays the range)
    const got = observe(p, () => deploy(game, 0, "incorporate", l.id));
    const here = p.locations.find((x) => x.card === l.id)!;
    expect(p.locations.map((x) => x.card)).toEqual([l.id]);
    expect(p.hand).not.toContain(l.id);
    expect(got).toEqual(expected);
    expect(here.resources).toEqual(card.resources);
    expect(vpValues(here.vpTokens)).toEqual(capped(card.vp, locationVpLimit));
    const onceVp = assetsDelta(l.once).baseVp;
    expect(scoreOf(p) - scoreBefore).toBe(1 + sum(capped(card.vp, locationVpLimit)) + (onceVp["1"] ?? 0) + 2 * (onceVp["2"] ?? 0));
  });

  it(`as a Location: ${describeAbility(l)}`, () => {
    switch (l.ability.pattern) {
      case "open-production":
      case "closed-production":
        return checkProduction(l);
      case "action":
        checkWork(l);
        if (l.ability.work.kind === "combo") checkComboTokens(l, l.ability.work.resources);
        return;
      case "trait":
        for (const [i, t] of l.ability.traits.entries()) checkTrait(l, t, i);
    }
  });
});

function describeEntry(l: LocationCard): string {
  const parts: string[] = [];
  if (isProduction(l)) parts.push(`its production's resource tokens ${l.keep ? "on the card (keep)" : "in the pool"}`);
  if (l.once.length > 0) parts.push("its one-time gains");
  return parts.length > 0 ? parts.join(" and ") : "nothing more";
}

function describeAbility(l: LocationCard): string {
  const a = l.ability;
  switch (a.pattern) {
    case "open-production":
      return "open production: produces at each Production, and for an opponent who sends a worker";
    case "closed-production":
      return `closed production: produces at each Production, opponents cannot use it${l.keep ? ", keeps its resources" : ""}`;
    case "action":
      return a.work.kind === "combo"
        ? `combo ${a.work.resources.join(" ")}: tokens placed one by one (free moves, kept across turns), cashed for a worker, twice a turn at most`
        : `worker action (${a.work.workers} worker${a.work.workers > 1 ? "s" : ""}, +1 the second time, twice a turn at most)`;
    case "trait":
      return `trait ${a.traits.map((t) => (t.kind === "lookout" ? `lookout ${t.ability}` : t.kind)).join(", ")}`;
  }
}

// ---- Location abilities: production ------------------------------------------------------------

function checkProduction(l: LocationCard): void {
  const game = table();
  const p = player(game, 0);
  const opponent = player(game, 1);
  const card = onCard(l.keep !== undefined);
  const { index, here } = incorporate(game, 0, l.id);
  addAssets(emptyDelta(), enteredWith(l), 1, card); // what it came into play with

  // Opponents: an open card gives its production to a worker sent there, once a turn; a closed one cannot be used.
  opponent.pool.workers = 2;
  const sends = legal(game, 1, "send-worker", (a) => a.owner === 0 && a.location === index);
  if (l.ability.pattern === "open-production") {
    expect(sends).toHaveLength(1);
    const ownerWorkers = p.pool.workers;
    const got = observe(opponent, () => perform(game, 1, sends[0]!, answers(game)));
    const expected = assetsDelta(producedBy(l));
    expected.workers -= 1;
    expect(got).toEqual(expected);
    expect(p.pool.workers).toBe(ownerWorkers + 1);
    expect(here.markers).toEqual([1]);
    expect(opponent.workersSent).toBe(1);
    expect(legal(game, 1, "send-worker", (a) => a.owner === 0 && a.location === index), "once a turn").toEqual([]);
  } else {
    expect(sends).toEqual([]);
  }

  // Production: exactly its produce (beyond the Base's), VP on the card, resources on it when it keeps them.
  const got = observe(p, () => phase(game, "production"));
  expect(minus(got, baseProduction(p))).toEqual(assetsDelta(producedBy(l), 1, card));
  expect(here.resources).toEqual(card.resources);
  expect(vpValues(here.vpTokens)).toEqual(capped(card.vp, locationVpLimit));

  // Three more Productions: VP stop at 3 tokens; Clean-up keeps up to the keep limit, nothing without keep.
  for (let i = 0; i < 3; i++) {
    phase(game, "production");
    addAssets(emptyDelta(), producedBy(l), 1, card);
  }
  expect(vpValues(here.vpTokens)).toEqual(capped(card.vp, locationVpLimit));
  phase(game, "clean-up");
  expect(p.pool).toEqual({ resources: {}, workers: 0, contactTokens: [], redevelopment: 0 });
  if (!l.keep) {
    expect(here.resources).toEqual({});
  } else {
    const total = countResources(card.resources);
    const kept = l.keep.limit === undefined ? total : Math.min(total, l.keep.limit);
    expect(countResources(here.resources)).toBe(kept);
    for (const r in here.resources) expect(here.resources[r]!).toBeLessThanOrEqual(card.resources[r] ?? 0);
    if (Object.keys(card.resources).length === 1) expect(here.resources).toEqual({ [Object.keys(card.resources)[0]!]: kept });
  }
  expect(vpValues(here.vpTokens)).toEqual(capped(card.vp, locationVpLimit));

  // Next turn an opponent may send a worker again, but not once the owner has passed.
  if (l.ability.pattern === "open-production") {
    opponent.pool.workers = 1;
    expect(legal(game, 1, "send-worker", (a) => a.owner === 0 && a.location === index)).toHaveLength(1);
    perform(game, 0, { kind: "pass" });
    expect(legal(game, 1, "send-worker", (a) => a.owner === 0 && a.location === index), "owner has passed").toEqual([]);
  }
}

// ---- Location abilities: worker actions and combos -----------------------------------------------------

interface WorkSpec {
  readonly workers: number;
  /** What each use pays; a combo's resources are placed on the card first (free moves), then it is cashed. */
  readonly cost: readonly Cost[];
  readonly effects: readonly Effect[];
  readonly combo: readonly string[] | undefined;
}

function workSpec(l: LocationCard): WorkSpec {
  if (l.ability.pattern !== "action") throw new Error(`${l.id} has no worker action`);
  const w = l.ability.work;
  if (w.kind === "action") return { workers: w.workers, cost: w.cost, effects: w.effects, combo: undefined };
  return { workers: 1, cost: w.resources.map((resource) => ({ kind: "resource", resource, amount: 1 }) as const), effects: w.gains, combo: w.resources };
}

/** A combo's resources not yet on the card, in the card's order (a universal token on it stands for the last missing one). */
function comboMissing(needed: readonly string[], placed: Readonly<Resources>): string[] {
  const left = { ...placed };
  const missing: string[] = [];
  for (const r of needed) {
    if ((left[r] ?? 0) > 0) left[r]!--;
    else missing.push(r);
  }
  return missing.slice(0, Math.max(0, missing.length - (left.universal ?? 0)));
}

function checkWork(l: LocationCard): void {
  const spec = workSpec(l);
  const steals = spec.effects.filter((e): e is Extract<Effect, { kind: "steal" }> => e.kind === "steal");
  const redevelops = spec.effects.filter((e): e is Extract<Effect, { kind: "redevelop" }> => e.kind === "redevelop");
  const givesVp = spec.effects.some((e) => e.kind === "vp");
  const log: Decision[] = [];
  let redevelopTo: { card: string; replaces: number } | undefined;
  const game = table({
    seat0: {
      ...seat0Defaults,
      // Builds what the test set up; declines (choice 0) once nothing is set up.
      "redevelop-with": (d) => Math.max(0, d.choices.findIndex((c) => c.card !== undefined && c.card === redevelopTo?.card && c.replaces === redevelopTo.replaces)),
    },
    log,
  });
  const p = player(game, 0);
  const opponent = player(game, 1);
  const { index, here } = incorporate(game, 0, l.id);
  const taken = [l.id];

  // A steal needs something to steal: the opponent holds only the resource it will lose.
  const stolen = (s: (typeof steals)[number]): string => ("token" in s ? s.token : s.resource === "any" ? "fuel" : s.resource);
  const arm = (): void => {
    for (const s of steals) addResource(opponent.pool.resources, stolen(s), s.amount * 3);
  };

  // A redevelopment needs a Location to build over, and one in the hand to build (chosen from the model).
  let redevelop: { newCard: LocationCard; target: number; targetId: string; decoy: number } | undefined;
  if (redevelops.length > 0) {
    const anyType = redevelops[0]!.anyType;
    const newCard = modelLocation(fodder(1, taken, (x) => quiet(x) && x.ability.pattern === "action")[0]!);
    taken.push(newCard.id);
    const decoyId = fodder(1, taken, (x) => !sharesType(x, newCard))[0]!;
    taken.push(decoyId);
    placeLocation(game, 0, decoyId);
    let targetId = decoyId;
    if (!anyType) {
      targetId = fodder(1, taken, (x) => sharesType(x, newCard))[0]!;
      taken.push(targetId);
      placeLocation(game, 0, targetId);
    }
    const target = p.locations.findIndex((x) => x.card === targetId);
    p.locations[target]!.vpTokens.push({ value: 1 });
    p.locations[target]!.resources = { weapons: 1 };
    giveCard(game, 0, newCard.id);
    redevelop = { newCard, target, targetId, decoy: p.locations.findIndex((x) => x.card === decoyId) };
    redevelopTo = { card: newCard.id, replaces: target };
    // A card's redevelopment still triggers the Leader who scores for one (card-set ruling 10).
    if (redevelopLeader) playLeader(game, 0, redevelopLeader.id);
    // The action pays for the redevelopment (card-set ruling 10): these must stay untouched.
    addResource(p.pool.resources, "building-material", 1);
    p.pool.redevelopment += 1;
  }
  const redevelopmentTokens = p.pool.redevelopment;

  // Enough for three uses (w, w+1 and w+2 workers): the third is refused for the twice-a-turn rule alone.
  p.pool.workers = 3 * spec.workers + 3;
  fund(game, 0, spec.cost, 3, taken);
  arm();
  const card = onCard(false);
  const work = (): Of<"work">[] => legal(game, 0, "work", (a) => a.location === index);

  /** Puts the combo's missing tokens on the card from the pool, one free move each; the combo cannot be cashed before it is complete. */
  const fillCombo = (): string[] => {
    const missing = comboMissing(spec.combo!, here.combo);
    for (const r of missing) {
      expect(work(), "an incomplete combo cannot be cashed").toEqual([]);
      play(game, 0, "combo-place", (a) => a.location === index && a.from.kind === "pool" && a.token === r);
    }
    expect(comboMissing(spec.combo!, here.combo)).toEqual([]);
    expect(legal(game, 0, "combo-place", (a) => a.location === index), "a complete combo takes no more tokens").toEqual([]);
    return missing;
  };

  const useOnce = (use: number): void => {
    const dealsBefore = dealCount(p);
    const opponentBefore = { ...opponent.pool.resources };
    let placed: string[] = [];
    const got = observe(p, () => {
      if (spec.combo) placed = fillCombo();
      play(game, 0, "work", (a) => a.location === index);
    });
    // A combo's cost is the tokens placed now (some may have been placed in an earlier turn).
    const paid: readonly Cost[] = spec.combo ? placed.map((resource) => ({ kind: "resource", resource, amount: 1 }) as const) : spec.cost;
    const expected = subtractCosts(assetsDelta(spec.effects, 1, card), paid);
    expected.workers -= spec.workers + (use % 2);
    for (const s of steals) addResource(expected.resources, stolen(s), s.amount);
    if (redevelop && use === 0) {
      expected.cards -= 1; // the new Location leaves the hand
      addResource(expected.baseVp, "2", 1); // ruling 2: a 2-value token for the redevelopment
      addResource(expected.baseVp, "1", 1); // and the old card's token moves to the Base,
      addResource(expected.resources, "weapons", 1); // its resources too
    }
    expect(got, `use ${use + 1}`).toEqual(expected);
    expect(here.uses).toBe((use % 2) + 1);
    if (spec.combo) expect(here.combo, "the cashed combo's tokens are spent").toEqual({});
    expect(vpValues(here.vpTokens), `VP on the card after use ${use + 1}`).toEqual(capped(card.vp, locationVpLimit));
    const d = dealsIn(spec.cost);
    expect(dealCount(p)).toBe(dealsBefore - d.spoils - d.agreement - d.deal);
    for (const s of steals) expect(opponent.pool.resources[stolen(s)] ?? 0).toBe((opponentBefore[stolen(s)] ?? 0) - s.amount);
  };

  const buildingMaterialBefore = p.pool.resources["building-material"] ?? 0;
  useOnce(0);
  if (redevelop) {
    const asked = log.filter((d): d is Extract<Decision, { kind: "redevelop-with" }> => d.kind === "redevelop-with");
    expect(asked).toHaveLength(1);
    const offered = asked[0]!.choices;
    expect(offered).toContainEqual({ card: redevelop.newCard.id, replaces: redevelop.target });
    expect(offered.some((c) => c.card !== undefined && c.replaces === index), "the acting card itself is not built over").toBe(false);
    if (!redevelops[0]!.anyType) {
      expect(offered.some((c) => c.card !== undefined && c.replaces === redevelop!.decoy), "a card sharing no type is not offered").toBe(false);
    }
    expect(p.locations[redevelop.target]!.card).toBe(redevelop.newCard.id);
    expect(p.locations[redevelop.target]!.vpTokens).toEqual([]);
    expect(game.state.discard).toContain(redevelop.targetId);
    // Only the action's own price is paid (Construction Site's is 1 building material): not the Redevelopment's.
    const pricedInBuildingMaterial = spec.cost.reduce((n, c) => n + (c.kind === "resource" && c.resource === "building-material" ? c.amount : 0), 0);
    expect(p.pool.resources["building-material"]).toBe(buildingMaterialBefore - pricedInBuildingMaterial);
    expect(p.pool.redevelopment).toBe(redevelopmentTokens);
    if (redevelopLeader) expect(vpValues(p.leader!.vpTokens), `${redevelopLeader.id} scores`).toEqual([1]);
    // With no Location left in the hand the action would be paid for nothing: it is not offered.
    expect(work(), "nothing left to redevelop").toEqual([]);
    // Something to build again (sharing a type with the new card); this time the player declines.
    const another = fodder(1, taken, (x) => quiet(x) && sharesType(x, redevelop.newCard))[0]!;
    taken.push(another);
    giveCard(game, 0, another);
    // The card's redevelopment was the turn's Redevelopment: another one takes a token, not building material.
    expect(p.redevelopments).toBe(1);
    expect(legal(game, 0, "redevelop", (a) => a.card === another).map((a) => a.pay), "a further Redevelopment this turn").not.toContain("building-material");
    expect(legal(game, 0, "redevelop", (a) => a.card === another).map((a) => a.pay)).toContain("token");
    redevelopTo = undefined;
  }
  useOnce(1);
  if (spec.combo) fillCombo(); // the third use is refused with a complete combo and the workers for it
  expect(work(), "a third use in one turn").toEqual([]);

  // VP from the action sit on the card: after a second turn (4 uses in all) at most 3 tokens.
  if (givesVp) {
    phase(game, "clean-up");
    expect(here.uses).toBe(0);
    // A combo's tokens stay on the card across turns: it is cashed next turn without placing anything.
    if (spec.combo) expect(comboMissing(spec.combo, here.combo), "the combo kept its tokens through Clean-up").toEqual([]);
    p.pool.workers = 2 * spec.workers + 1;
    fund(game, 0, spec.cost, 2, taken);
    arm();
    useOnce(2);
    useOnce(3);
    expect(here.vpTokens.length).toBe(Math.min(locationVpLimit, card.vp.length));
  }
}

/**
 * Which tokens a combo takes: the basic resources it lists, a universal
 * token for any of them, nothing else; from the pool or from a card keeping
 * resources; a partly filled combo keeps its tokens through Clean-up.
 */
function checkComboTokens(l: LocationCard, needed: readonly string[]): void {
  const game = table();
  const p = player(game, 0);
  const { index, here } = incorporate(game, 0, l.id);
  const basic = registry.basicResources;
  p.pool.resources = {};
  for (const r of basic) addResource(p.pool.resources, r, 2);
  addResource(p.pool.resources, "universal", 1);
  const places = (): string[] => legal(game, 0, "combo-place", (a) => a.location === index && a.from.kind === "pool").map((a) => a.token).sort();
  expect(places()).toEqual([...new Set([...needed.filter((r) => basic.includes(r)), "universal"])].sort());

  // The first slot filled by a universal token, as a free move; the combo keeps it through Clean-up.
  const universal: Action = { kind: "combo-place", location: index, from: { kind: "pool" }, token: "universal" };
  expectFreeMove(game, 0, universal);
  perform(game, 0, universal);
  expect(here.combo).toEqual({ universal: 1 });
  expect(p.pool.resources.universal ?? 0).toBe(0);
  phase(game, "clean-up");
  expect(here.combo).toEqual({ universal: 1 });
  expect(p.pool.resources).toEqual({});

  // The rest from a keep card's own tokens, the pool empty: they are the player's tokens too.
  placeLocation(game, 0, fodder(1, [l.id], (x) => x.keep !== undefined)[0]!);
  const keeper = p.locations.length - 1;
  const rest = needed.slice(1);
  for (const r of rest) addResource(p.locations[keeper]!.resources, r, 1);
  p.pool.workers = 1;
  for (const r of rest) {
    expect(legal(game, 0, "work", (a) => a.location === index), "not before it is complete").toEqual([]);
    play(game, 0, "combo-place", (a) => a.location === index && a.from.kind === "location" && a.from.index === keeper && a.token === r);
  }
  expect(p.locations[keeper]!.resources).toEqual({});
  const card = onCard(false);
  const expected = assetsDelta(workSpec(l).effects, 1, card);
  expected.workers -= 1;
  expect(observe(p, () => play(game, 0, "work", (a) => a.location === index))).toEqual(expected);
  expect(here.combo).toEqual({});
  expect(vpValues(here.vpTokens)).toEqual(capped(card.vp, locationVpLimit));
}

// ---- Location abilities: traits --------------------------------------------------------------------------

function checkTrait(l: LocationCard, t: Trait, traitIndex: number): void {
  switch (t.kind) {
    case "slots":
      return checkSlots(l, t);
    case "depot":
      return checkDepot(l, t.amount);
    case "convert":
      return checkConvert(l, t, traitIndex);
    case "each":
      return checkEach(l, t);
    case "lookout":
      return checkLookout(l, t.ability);
  }
}

function checkSlots(l: LocationCard, t: Extract<Trait, { kind: "slots" }>): void {
  const game = table();
  const p = player(game, 0);
  const { index, here } = incorporate(game, 0, l.id);
  const at: Holder = { kind: "location", index };
  const accepts = (kind: "conquer" | "cooperate"): boolean => t.holds === "deal" || t.holds === dealKindOf[kind];
  const kinds = (["conquer", "cooperate"] as const).filter(accepts);
  const deals = fodder(t.amount + 1, [l.id], (x) => x.distance === 1);

  // Deals of the right kind only, up to the amount.
  for (const [i, id] of deals.slice(0, t.amount).entries()) {
    giveCard(game, 0, id);
    p.pool.contactTokens = [{ colour: "conquest", range: 1 }, { colour: "cooperation", range: 1 }];
    for (const kind of ["conquer", "cooperate"] as const) {
      expect(deployable(game, 0, kind, id, at), `${kind} onto ${l.id}`).toBe(accepts(kind));
    }
    deploy(game, 0, kinds[i % kinds.length]!, id, at);
  }
  const tucked = deals.slice(0, t.amount).map((card, i) => ({ card, kind: dealKindOf[kinds[i % kinds.length]!] }));
  expect(here.deals).toEqual(tucked);
  expect(p.baseDeals).toEqual([]);
  giveCard(game, 0, deals[t.amount]!);
  p.pool.contactTokens = [{ colour: "conquest", range: 1 }, { colour: "cooperation", range: 1 }];
  for (const kind of kinds) {
    expect(deployable(game, 0, kind, deals[t.amount]!, at), `a deal beyond ${t.amount}`).toBe(false);
    expect(deployable(game, 0, kind, deals[t.amount]!, baseHolder)).toBe(true);
  }

  // Deals under the card work as under the Base: Agreements produce, Spoils are cashed in.
  const expected = emptyDelta();
  for (const d of tucked) addAssets(expected, modelLocation(d.card)[d.kind === "spoils" ? "spoils" : "agreement"]);
  const got = observe(p, () => phase(game, "production"));
  expect(minus(got, baseProduction(p))).toEqual(expected);
  expect(here.deals).toEqual(tucked.filter((d) => d.kind === "agreement"));
}

function checkDepot(l: LocationCard, amount: number): void {
  const game = table();
  const p = player(game, 0);
  const { index, here } = incorporate(game, 0, l.id);
  // Nothing goes into a depot by itself: Clean-up discards what is left in the pool.
  p.pool.resources = { fuel: amount + 2 };
  phase(game, "clean-up");
  expect(here.depot).toEqual({});
  expect(p.pool.resources).toEqual({});

  // Placing and removing tokens is free (free moves), one token at a time, up to the amount.
  p.pool.resources = { fuel: amount + 2, scrap: 1 };
  const puts = (): string[] => legal(game, 0, "depot-put", (a) => a.location === index).map((a) => a.resource);
  const takes = (): string[] => legal(game, 0, "depot-take", (a) => a.location === index).map((a) => a.resource);
  expect(puts()).toEqual(["fuel", "scrap"]);
  expect(takes(), "an empty depot").toEqual([]);
  const put: Action = { kind: "depot-put", location: index, resource: "fuel" };
  const take: Action = { kind: "depot-take", location: index, resource: "fuel" };
  expectFreeMove(game, 0, put);
  for (let i = 0; i < amount; i++) expect(observe(p, () => perform(game, 0, put)).resources).toEqual({ fuel: -1 });
  expect(here.depot).toEqual({ fuel: amount });
  expect(p.pool.resources).toEqual({ fuel: 2, scrap: 1 });
  expect(puts(), `the depot holds ${amount}`).toEqual([]);
  expect(takes()).toEqual(["fuel"]);
  expectFreeMove(game, 0, take);
  expect(observe(p, () => perform(game, 0, take)).resources).toEqual({ fuel: 1 });
  expect(here.depot).toEqual({ fuel: amount - 1 });
  perform(game, 0, put);

  // Kept through Clean-up, turn after turn.
  phase(game, "clean-up");
  expect(here.depot).toEqual({ fuel: amount });
  expect(p.pool.resources).toEqual({});
  phase(game, "clean-up");
  expect(here.depot).toEqual({ fuel: amount });

  // "Resources placed at a Resource Depot cannot be stolen": an opponent's steal finds nothing to take.
  const thief = fodder(1, [l.id], (x) => x.ability.pattern === "action" && x.ability.work.kind === "action" && x.ability.work.effects.some((e) => e.kind === "steal"))[0]!;
  placeLocation(game, 1, thief);
  const opponent = player(game, 1);
  opponent.pool.workers = 3;
  const stolen = observe(opponent, () => play(game, 1, "work", (a) => a.location === 0));
  expect(stolen.resources).toEqual({});
  expect(here.depot).toEqual({ fuel: amount });

  // Depot tokens pay like any others: with no fuel in the pool a cost of 1 fuel is paid from the depot;
  // with fuel in the pool too, the player chooses which token pays.
  const paysFuel = (x: LocationCard): boolean =>
    x.ability.pattern === "action" &&
    x.ability.work.kind === "action" &&
    isDeepStrictEqual(x.ability.work.cost, [{ kind: "resource", resource: "fuel", amount: 1 }]) &&
    x.ability.work.effects.every((e) => e.kind !== "steal" && e.kind !== "redevelop");
  const spender = fodder(1, [l.id, thief], paysFuel)[0]!;
  placeLocation(game, 0, spender);
  const at = p.locations.length - 1;
  p.pool.workers = 3;
  play(game, 0, "work", (a) => a.location === at);
  expect(here.depot).toEqual({ fuel: amount - 1 });
  if (amount < 2) return;
  p.pool.resources = { fuel: 1 };
  let offered: readonly Payment[] = [];
  play(game, 0, "work", (a) => a.location === at, {
    payment: (d) => {
      offered = d.choices;
      return d.choices.findIndex((pay) => pay.every((t) => t.from.kind === "depot"));
    },
  });
  expect(offered.map((pay) => pay.map((t) => [t.from.kind, t.token, t.amount])).sort()).toEqual([[["depot", "fuel", 1]], [["pool", "fuel", 1]]]);
  expect(here.depot).toEqual({ fuel: amount - 2 });
  expect(p.pool.resources).toEqual({ fuel: 1 });
}

function checkConvert(l: LocationCard, t: Extract<Trait, { kind: "convert" }>, traitIndex: number): void {
  const game = table();
  const p = player(game, 0);
  const { index, here } = incorporate(game, 0, l.id);
  p.pool = { resources: {}, workers: 0, contactTokens: [], redevelopment: 0 };
  const converts = (): Of<"convert">[] => legal(game, 0, "convert", (a) => a.location === index && a.trait === traitIndex);
  expect(converts(), "nothing to pay with").toEqual([]);
  fund(game, 0, t.cost, 1, [l.id]);
  const dealsBefore = dealCount(p);
  const card = onCard(false);
  expect(converts()).toHaveLength(1);
  expectFreeMove(game, 0, converts()[0]!);
  const got = observe(p, () => play(game, 0, "convert", (a) => a.location === index && a.trait === traitIndex));
  expect(got).toEqual(subtractCosts(assetsDelta(t.gains, 1, card), t.cost));
  const d = dealsIn(t.cost);
  expect(dealCount(p)).toBe(dealsBefore - d.spoils - d.agreement - d.deal);
  expect(vpValues(here.vpTokens)).toEqual(capped(card.vp, locationVpLimit));
  expect(converts(), "the cost is spent").toEqual([]);
}

function checkEach(l: LocationCard, t: Extract<Trait, { kind: "each" }>): void {
  const game = table();
  const p = player(game, 0);
  const { here } = incorporate(game, 0, l.id);
  // Three more of the type (cards that produce nothing themselves) and one of another type.
  const ofType = fodder(3, [l.id], (x) => x.types.includes(t.cardType) && x.ability.pattern === "action");
  const other = fodder(1, [l.id], (x) => !x.types.includes(t.cardType) && x.ability.pattern === "action");
  for (const id of [...ofType, ...other]) placeLocation(game, 0, id);
  const n = ofType.length + (l.types.includes(t.cardType) ? 1 : 0);
  const card = onCard(false);
  const got = observe(p, () => phase(game, "production"));
  expect(minus(got, baseProduction(p))).toEqual(assetsDelta(t.gains, n, card));
  expect(vpValues(here.vpTokens)).toEqual(capped(card.vp, locationVpLimit));
}

function checkLookout(l: LocationCard, ability: string): void {
  const log: Decision[] = [];
  let picks = 0;
  const game = table({
    seat0: {
      ...seat0Defaults,
      // draw-instead: the first pick draws from the deck, the second takes a revealed card.
      "lookout-pick": (d) => (picks++ === 0 && ability === "draw-instead" ? d.choices.findIndex((c) => c.kind === "draw-instead") : 0),
      "lookout-discard": () => 0,
      "lookout-keep": () => 1,
    },
    seat1: { "lookout-pick": () => 0 },
    log,
  });
  const me = player(game, 0);
  const them = player(game, 1);
  incorporate(game, 0, l.id);
  expect(me.hand).toEqual([]);
  const deck = [...game.state.deck];
  const top = (i: number): string => deck[deck.length - 1 - i]!; // top(0..4) are revealed, then the deck
  const discardBefore = game.state.discard.length;
  phase(game, "lookout");
  const discarded = game.state.discard.slice(discardBefore);
  const sorted = (xs: readonly string[]): string[] => [...xs].sort();
  const picksOf = (seat: number) => log.filter((d): d is Extract<Decision, { kind: "lookout-pick" }> => d.kind === "lookout-pick" && d.seat === seat);
  expect(picksOf(0), "both of A's picks are choices").toHaveLength(2);
  expect(picksOf(1).every((d) => d.choices.every((c) => c.kind === "take")), "the opponent has no such ability").toBe(true);
  expect(game.state.revealed, "nothing is left on the table").toEqual([]);

  switch (ability) {
    case "take-leftover":
      // A takes 0 and 2, B 1 and 3; the leftover (4) goes to A instead of the discard pile.
      expect(sorted(me.hand)).toEqual(sorted([top(0), top(2), top(4), top(5)]));
      expect(sorted(them.hand)).toEqual(sorted([top(1), top(3), top(6)]));
      expect(discarded).toEqual([]);
      break;
    case "draw-instead":
      expect(picksOf(0)[0]!.choices).toContainEqual({ kind: "draw-instead" });
      // Once a Lookout: the second pick offers the revealed cards only.
      expect(picksOf(0)[1]!.choices.every((c) => c.kind === "take"), "draw-instead once a Lookout").toBe(true);
      // A draws the deck's top card (5) instead of picking, B takes 0, A takes 1, B takes 2; 3 and 4 are discarded.
      expect(sorted(me.hand)).toEqual(sorted([top(5), top(1), top(6)]));
      expect(sorted(them.hand)).toEqual(sorted([top(0), top(2), top(7)]));
      expect(sorted(discarded)).toEqual(sorted([top(3), top(4)]));
      break;
    case "draw-two-keep-one": {
      const keep = log.filter((d) => d.kind === "lookout-keep");
      expect(keep).toEqual([{ kind: "lookout-keep", seat: 0, choices: [top(5), top(6)] }]);
      expect(sorted(me.hand)).toEqual(sorted([top(0), top(2), top(6)]));
      expect(sorted(them.hand)).toEqual(sorted([top(1), top(3), top(7)]));
      expect(sorted(discarded)).toEqual(sorted([top(4), top(5)]));
      break;
    }
    case "discard-after-first": {
      const asked = log.filter((d) => d.kind === "lookout-discard");
      expect(asked).toEqual([{ kind: "lookout-discard", seat: 0, choices: [top(1), top(2), top(3), top(4)] }]);
      // A takes 0 and discards 1; B takes 2, A takes 3, B takes 4.
      expect(sorted(me.hand)).toEqual(sorted([top(0), top(3), top(5)]));
      expect(sorted(them.hand)).toEqual(sorted([top(2), top(4), top(6)]));
      expect(discarded).toEqual([top(1)]);
      break;
    }
    default:
      throw new Error(`no test for the Lookout ability ${ability}`);
  }
}

// ---- Leaders -------------------------------------------------------------------------------------

/** Plays a Leader from the hand, as a player does (play-leader, found among the legal actions). */
function playLeader(game: Game, seat: number, id: string, extra?: Handlers): void {
  if (!player(game, seat).hand.includes(id)) giveCard(game, seat, id);
  play(game, seat, "play-leader", (a) => a.card === id, extra);
}

/** A one-time-only icon's effects, which on the base set's cards are all gains (this file plays the base set). */
function gainsOnly(list: readonly Effect[]): Asset[] {
  if (!list.every(isAsset)) throw new Error(`a base-set card's one-time-only icon does more than give: ${JSON.stringify(list)}`);
  return list as Asset[];
}

/** What a Leader's gains put on it (resources, VP) and in the pool (the rest). */
function leaderGains(assets: readonly Asset[], on: OnCard): Delta {
  return assetsDelta(assets, 1, on);
}

/**
 * Performs one action that meets (or, with `match` false, misses) a Leader's
 * trigger, with fresh cards each time.
 */
function performTrigger(game: Game, trigger: Trigger, match: boolean): void {
  const p = player(game, 0);
  const used = new Set(allCardsIn(game).filter((c) => !game.state.deck.includes(c)));
  const fresh = (pred: (l: LocationCard) => boolean): string => fodder(1, [...used], pred)[0]!;
  const { kind: on, cardType } = trigger;
  if (on === "play" && cardType !== undefined) {
    const id = fresh((l) => l.types.includes(cardType) === match);
    return deploy(game, 0, "incorporate", id);
  }
  // The base set's Leaders trigger on one of the four plays, or on playing a card of a type.
  if (on === "play" || on === "production" || on === "pass") throw new Error(`no base-set Leader triggers on "${on}" alone`);
  const kind = match ? on : on === "conquer" ? "cooperate" : on === "redevelop" ? "incorporate" : "conquer";
  if (kind !== "redevelop") return deploy(game, 0, kind, fresh(() => true));
  // Redevelop a weapons Location into another: building material pays the first of the turn, tokens the others.
  if (!p.locations.some((x) => modelLocation(x.card).types.includes("weapons"))) placeLocation(game, 0, fresh((l) => l.types.includes("weapons")));
  const newCard = fresh((l) => l.types.includes("weapons") && quiet(l));
  giveCard(game, 0, newCard);
  addResource(p.pool.resources, "building-material", 1);
  p.pool.redevelopment += 1;
  play(game, 0, "redevelop", (a) => a.card === newCard);
}

function describeTrigger(t: Trigger): string {
  return t.kind === "play" ? `playing a ${t.cardType} card` : `a ${t.kind === "conquer" ? "Conquest" : t.kind === "cooperate" ? "Cooperation" : t.kind === "incorporate" ? "Incorporation" : "Redevelopment"}`;
}

describe.each(titled(modelLeaders))("Leader %s", (_title, ld) => {
  it("as Leader: played for free, worth 1 VP, its resources on it and its one-time gains received", () => {
    const game = table();
    const p = player(game, 0);
    giveCard(game, 0, ld.id);
    const scoreBefore = scoreOf(p);
    const on = onCard(true);
    leaderGains(ld.resources, on);
    const expected = leaderGains(gainsOnly(ld.once), on);
    expected.cards -= 1; // the Leader leaves the hand
    const got = observe(p, () => playLeader(game, 0, ld.id));
    expect(got).toEqual(expected);
    expect(p.leader?.card).toBe(ld.id);
    expect(p.leader?.resources).toEqual(on.resources);
    expect(vpValues(p.leader?.vpTokens ?? [])).toEqual(on.vp);
    expect(scoreOf(p) - scoreBefore).toBe(1 + sum(on.vp));
    // Leader cards keep their resources between turns.
    phase(game, "clean-up");
    expect(p.leader?.resources).toEqual(on.resources);
  });

  if (ld.once.some((a) => a.kind === "redevelopmentToken")) {
    it("its redevelopment token pays for a Redevelopment, the first of the turn too, even with building material at hand (DESIGN ruling 3)", () => {
      const game = table();
      const p = player(game, 0);
      playLeader(game, 0, ld.id);
      const tokens = assetsDelta(ld.once).redevelopment;
      expect(p.pool.redevelopment).toBe(tokens);
      const old = fodder(1, [], (l) => l.types.includes("weapons") && quiet(l))[0]!;
      const next = fodder(1, [old], (l) => l.types.includes("weapons") && quiet(l))[0]!;
      placeLocation(game, 0, old);
      giveCard(game, 0, next);
      addResource(p.pool.resources, "building-material", 1);
      const pays = legal(game, 0, "redevelop", (a) => a.card === next).map((a) => a.pay);
      expect(pays).toContain("building-material");
      expect(pays, "ruling 3: a token may also pay the first Redevelopment").toContain("token");
      play(game, 0, "redevelop", (a) => a.card === next && a.pay === "token");
      expect(p.pool.redevelopment).toBe(tokens - 1);
      expect(p.pool.resources).toEqual({ "building-material": 1 });
      expect(p.locations.map((l) => l.card)).toEqual([next]);
    });
  }

  if (ld.ability.kind === "after") {
    const ability = ld.ability;
    it(`scores its gains on the Leader after ${describeTrigger(ability.trigger)}, at most 5 VP tokens`, () => {
      const game = table();
      const p = player(game, 0);
      playLeader(game, 0, ld.id);
      const on = onCard(true);
      leaderGains(gainsOnly(ld.once), on);
      performTrigger(game, ability.trigger, true);
      leaderGains(ability.gains, on);
      expect(vpValues(p.leader!.vpTokens)).toEqual(capped(on.vp, leaderVpLimit));
      expect(vpValues(p.leader!.vpTokens)).toEqual([1]);
      for (let i = 1; i < 6; i++) {
        performTrigger(game, ability.trigger, true);
        leaderGains(ability.gains, on);
      }
      expect(vpValues(p.leader!.vpTokens)).toEqual(capped(on.vp, leaderVpLimit));
    });

    it("scores nothing when the action does not meet its trigger, nor for one done before it was played", () => {
      const game = table();
      const p = player(game, 0);
      performTrigger(game, ability.trigger, true);
      playLeader(game, 0, ld.id);
      expect(p.leader!.vpTokens).toEqual([]);
      performTrigger(game, ability.trigger, false);
      expect(p.leader!.vpTokens).toEqual([]);
    });
  } else {
    const action = ld.ability;
    it(`leader action: ${action.workers} workers, pays its cost, gains on the Leader, ${action.repeatable ? "repeatable in one turn" : "once"}`, () => {
      const game = table();
      const p = player(game, 0);
      playLeader(game, 0, ld.id);
      const on = onCard(true);
      leaderGains(ld.resources, on);
      leaderGains(gainsOnly(ld.once), on);
      const uses = action.repeatable ? 3 : 1;
      p.pool.workers = action.workers * uses;
      fund(game, 0, action.cost, uses, []);
      for (let i = 0; i < uses; i++) {
        const got = observe(p, () => play(game, 0, "leader-action"));
        const expected = subtractCosts(assetsDelta(action.effects, 1, on), action.cost);
        expected.workers -= action.workers;
        expect(got, `use ${i + 1}`).toEqual(expected);
        expect(vpValues(p.leader!.vpTokens)).toEqual(capped(on.vp, leaderVpLimit));
      }
      expect(legal(game, 0, "leader-action"), "nothing left to pay with").toEqual([]);
    });
  }

  it("replaced by another Leader: costs 1 weapons (whichever token the player pays with), its VP and resources go to the Base with a 2-value token", () => {
    const game = table();
    const p = player(game, 0);
    playLeader(game, 0, ld.id);
    const next = modelLeaders[(modelLeaders.indexOf(ld) + 1) % modelLeaders.length]!;
    giveCard(game, 0, next.id);
    p.leader!.vpTokens.push({ value: 1 }, { value: 1 });
    const oldResources = { ...p.leader!.resources };

    // Without a weapons token anywhere (pool or Leader), the change is not possible.
    const saved = p.leader!.resources;
    p.leader!.resources = {};
    expect(legal(game, 0, "play-leader")).toEqual([]);
    p.leader!.resources = saved;

    p.pool.resources = { weapons: 1 };
    const nextOn = onCard(true);
    leaderGains(next.resources, nextOn);
    const expected = leaderGains(gainsOnly(next.once), nextOn);
    expected.cards -= 1;
    for (const r in oldResources) addResource(expected.resources, r, oldResources[r]!);
    addResource(expected.baseVp, "1", 2);
    addResource(expected.baseVp, "2", 1);

    // Every way to pay (the pool's weapons, or the old Leader's own weapons or universal resource)
    // costs the token paid with: the old Leader's other resources go to the pool.
    const ways = 1 + ((oldResources.weapons ?? 0) > 0 || (oldResources.universal ?? 0) > 0 ? 1 : 0);
    for (let way = 0; way < ways; way++) {
      const g = cloneTable(game);
      const q = player(g, 0);
      const scoreBefore = scoreOf(q);
      let offered = 1;
      let paidWith = "weapons";
      const got = observe(q, () =>
        playLeader(g, 0, next.id, {
          payment: (d) => {
            offered = d.choices.length;
            paidWith = d.choices[way]![0]!.token;
            return way;
          },
        }),
      );
      const expectedWay = structuredClone(expected);
      addResource(expectedWay.resources, paidWith, -1);
      expect(offered, "the payment choices").toBe(ways);
      expect(got, `way ${way + 1} of ${ways}`).toEqual(expectedWay);
      expect(q.leader!.card).toBe(next.id);
      expect(q.leader!.resources).toEqual(nextOn.resources);
      expect(g.state.discard).toContain(ld.id);
      // The old Leader's 1 VP becomes part of the 2-value token: +1 for the change, plus the new Leader.
      expect(scoreOf(q) - scoreBefore).toBe(2 + sum(nextOn.vp));
    }
  });
});

// ---- Contacts ---------------------------------------------------------------------------------------

const deployOf: Record<string, Deploy[]> = {
  conquest: ["conquer"],
  cooperation: ["cooperate"],
  incorporation: ["incorporate"],
  universal: ["conquer", "cooperate", "incorporate"],
};
const rangeColours: RangeColour[] = ["conquest", "cooperation", "incorporation"];

describe.each(titled(modelContacts))("Contact %s", (_title, c) => {
  it(`as ${c.use} Contact: exactly ${c.colour} range ${c.range}, its price paid, ${c.use === "permanent" ? "once a turn" : "then discarded"}`, () => {
    checkContact(c);
  });
});

function checkContact(c: ContactCard): void {
  const fillers: string[] = [];
  const game = table({
    factions: c.faction ? [c.faction, c.faction === "new-york" ? "mutants-union" : "new-york"] : ["new-york", "mutants-union"],
    seat0: { ...seat0Defaults, "discard-card": (d) => d.choices.findIndex((x) => fillers.includes(x)) },
  });
  const p = player(game, 0);
  // This contact is the player's only range source.
  p.contacts = c.use === "permanent" ? [{ card: c.id, usedThisTurn: false }] : [];
  if (c.use === "one-time") giveCard(game, 0, c.id);
  for (const colour of rangeColours) {
    expect(reachable(game, 0, colour), `${colour} range`).toBe(c.colour === "universal" || c.colour === colour ? c.range : 0);
  }

  const kinds = deployOf[c.colour]!;
  const near = fodder(1, [], (l) => l.distance === c.range && quiet(l) && l.ability.pattern === "action")[0]!;
  const far = c.range < 3 ? fodder(1, [near], (l) => l.distance === c.range + 1)[0]! : undefined;
  giveCard(game, 0, near);
  const payable = (): void => {
    for (const cost of c.price) {
      if (cost.kind === "resource") addResource(p.pool.resources, cost.resource, cost.amount);
      else if (cost.kind === "card") for (let i = 0; i < cost.amount; i++) fillers.push(filler(game, 0));
    }
  };
  if (c.price.length > 0) {
    for (const kind of kinds) expect(deployable(game, 0, kind, near), `${kind} without the price`).toBe(false);
  }
  payable();
  if (far) giveCard(game, 0, far);

  const plan: RangePlan = c.use === "permanent" ? { contacts: [], permanents: [c.id], tokens: [] } : { contacts: [c.id], permanents: [], tokens: [] };
  for (const kind of ["conquer", "cooperate", "incorporate"] as const) {
    if (kinds.includes(kind)) {
      expect(deployable(game, 0, kind, near), `${kind} distance ${c.range}`).toBe(true);
      expect(rangePlans(game, 0, colourOf[kind], c.range, near), "the range plans offered").toEqual([plan]);
    } else {
      expect(deployable(game, 0, kind, near), `${kind} is another colour`).toBe(false);
    }
    if (far) expect(deployable(game, 0, kind, far), `${kind} distance ${c.range + 1}`).toBe(false);
  }

  // Use it: exactly the price is paid, the target is played.
  const kind = kinds[0]!;
  const expected = subtractCosts(emptyDelta(), c.price);
  expected.cards -= 1 + (c.use === "one-time" ? 1 : 0); // the target leaves the hand, and a one-time card itself
  const got = observe(p, () => play(game, 0, kind, (a) => a.card === near));
  expect(got).toEqual(expected);
  if (kind === "incorporate") expect(p.locations.map((l) => l.card)).toEqual([near]);
  else expect(p.baseDeals).toEqual([{ card: near, kind: dealKindOf[kind] }]);
  for (const f of fillers) expect(game.state.discard).toContain(f);

  for (const colour of rangeColours) expect(reachable(game, 0, colour), `${colour} range after use`).toBe(0);
  if (c.use === "one-time") {
    expect(p.hand).not.toContain(c.id);
    expect(game.state.discard).toContain(c.id);
    return;
  }
  // Permanent: used for this turn (its price marks it), back after Clean-up.
  expect(p.contacts).toEqual([{ card: c.id, usedThisTurn: true }]);
  const again = fodder(1, [near, ...(far ? [far] : [])], (l) => l.distance === 1)[0]!;
  giveCard(game, 0, again);
  payable();
  for (const k of kinds) expect(deployable(game, 0, k, again), `${k} a second time this turn`).toBe(false);
  phase(game, "clean-up");
  expect(p.contacts).toEqual([{ card: c.id, usedThisTurn: false }]);
  for (const colour of rangeColours) {
    expect(reachable(game, 0, colour), `${colour} range next turn`).toBe(c.colour === "universal" || c.colour === colour ? c.range : 0);
  }
}

// ---- Bases --------------------------------------------------------------------------------------------

describe.each(titled(modelBases))("Base %s", (_title, b) => {
  const factions = [b.faction, b.faction === "new-york" ? "mutants-union" : "new-york"];

  it("produces exactly its assets at each Production", () => {
    const game = table({ factions });
    const p = player(game, 0);
    expect(p.base).toBe(b.id);
    for (let turn = 0; turn < 2; turn++) {
      expect(observe(p, () => phase(game, "production")), `Production ${turn + 1}`).toEqual(assetsDelta(b.produce));
      phase(game, "clean-up");
    }
  });

  it(`holds ${b.slots} deals: a further Conquest or Cooperation must replace one, or a deal is discarded first (a free move)`, () => {
    const game = table({ factions });
    const p = player(game, 0);
    const deals = fodder(b.slots + 1, [], (l) => l.distance === 1);
    const kinds = ["conquer", "cooperate"] as const;
    deals.slice(0, b.slots).forEach((id, i) => deploy(game, 0, kinds[i % 2]!, id));
    const tucked = deals.slice(0, b.slots).map((card, i) => ({ card, kind: dealKindOf[kinds[i % 2]!] }));
    expect(p.baseDeals).toEqual(tucked);

    const last = deals[b.slots]!;
    giveCard(game, 0, last);
    p.pool.contactTokens = [{ colour: "conquest", range: 1 }, { colour: "cooperation", range: 1 }];
    for (const kind of kinds) {
      expect(deployable(game, 0, kind, last), `${kind} with the Base full`).toBe(true);
      expect(placementsOf(game, 0, kind), `${kind} with the Base full`).toEqual([...Array(b.slots).keys()].map((replace) => ({ holder: baseHolder, replace })));
    }
    play(game, 0, "conquer", (a) => a.card === last, {
      "range-plan": (d) => d.choices.findIndex(tokenPlan(p, 1)),
      placement: (d) => d.choices.findIndex((c) => c.holder.kind === "base" && c.replace === 0),
    });
    expect(p.baseDeals).toEqual([...tucked.slice(1), { card: last, kind: "spoils" }]);
    expect(game.state.discard).toContain(deals[0]);

    // Discarding a deal is possible at any time of the action turn: it makes room.
    const discards = legal(game, 0, "discard-deal");
    expect(discards).toEqual([...Array(b.slots).keys()].map((index) => ({ kind: "discard-deal", holder: baseHolder, index })));
    expectFreeMove(game, 0, discards[0]!);
    perform(game, 0, discards[0]!);
    expect(p.baseDeals).toEqual([...tucked.slice(2), { card: last, kind: "spoils" }]);
    expect(game.state.discard).toContain(deals[1]);
    for (const kind of kinds) expect(placementsOf(game, 0, kind), `${kind} with room on the Base`).toEqual([{ holder: baseHolder, replace: undefined }]);
  });
});
