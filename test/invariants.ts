/**
 * The invariants every state of every game keeps (checked after every step
 * by the property tests): every card in exactly one place, every token of
 * every kind conserved between the supply and play, no negative count, and
 * the caps of the rules (slots, depots, VP tokens, uses, hand, Workers
 * sent and resources kept on the Base, as a card in play may change them), a
 * Base's power's included.
 */
import type { Decision } from "../src/engine/choices.js";
import { limitTargets } from "../src/constructs/traits/limit.js";
import { randomBot } from "../src/bots/random.js";
import type { CardRegistry } from "../src/engine/definitions.js";
import { cardFacts } from "../src/engine/facts.js";
import { ruleLimit, type Game } from "../src/engine/game.js";
import { answer, newGame, pending } from "../src/engine/machine.js";
import { view } from "../src/engine/view.js";
import { botSeed } from "../src/sim/game-log.js";
import { countResources, type GameState, type Resources } from "../src/engine/state.js";
import { supplyStart, tokenKind } from "../src/engine/tokens.js";
import { allCardsIn } from "./engine-harness.js";

/** A trait amount of a card's grey part: a trait Location's, or a Base's power's. */
function traitAmount(cards: CardRegistry, cardId: string, kind: "slots" | "depot"): number {
  const def = cards.byId.get(cardId);
  const part = def?.kind === "location" ? def.ability : def?.kind === "base" ? def.power : undefined;
  if (part?.pattern !== "trait") return 0;
  return part.traits.reduce((n, t) => n + (t.kind === kind ? t.amount : 0), 0);
}

/** The most Workers a player of this card set may ever send in a turn: the rulebook's 3, or a `limit sent-workers` card's or Base power's. */
function mostSentWorkers(cards: CardRegistry): number {
  let most: number = limitTargets["sent-workers"].base;
  const facts = cardFacts(cards);
  for (const f of [...facts.locations.values(), ...facts.powers.values()]) most = Math.max(most, f.limits["sent-workers"] ?? 0);
  return most;
}

/** What `broken` needs of a card set, worked out once per set: checked after every step, it was most of the property tests' time. */
interface SetFacts {
  /** Each card's id, numbered. */
  readonly index: ReadonlyMap<string, number>;
  readonly mostSentWorkers: number;
}
const setFacts = new WeakMap<CardRegistry, SetFacts>();
function factsOf(cards: CardRegistry): SetFacts {
  let f = setFacts.get(cards);
  if (!f) setFacts.set(cards, (f = { index: new Map(cards.cards.map((c, i) => [c.id, i])), mostSentWorkers: mostSentWorkers(cards) }));
  return f;
}

/** Whether `ids` holds every card of the set exactly once: as many ids as cards, each a card of the set, none twice. */
function eachCardOnce(ids: readonly string[], index: ReadonlyMap<string, number>): boolean {
  if (ids.length !== index.size) return false;
  const seen = new Uint8Array(index.size);
  for (const id of ids) {
    const i = index.get(id);
    if (i === undefined || seen[i]) return false;
    seen[i] = 1;
  }
  return true;
}

/** Every token in play, by kind. */
function tokensInPlay(s: GameState): Map<string, number> {
  const n = new Map<string, number>();
  const add = (kind: string, k: number): void => void n.set(kind, (n.get(kind) ?? 0) + k);
  const addResources = (r: Resources): void => {
    for (const [k, v] of Object.entries(r)) add(tokenKind.resource(k), v);
  };
  for (const p of s.players) {
    addResources(p.pool.resources);
    add(tokenKind.worker, p.pool.workers);
    add(tokenKind.redevelopment, p.pool.redevelopment);
    for (const t of p.pool.contactTokens) add(tokenKind.contact(t.colour, t.range), 1);
    const vps = [...p.baseVp, ...(p.power?.vpTokens ?? []), ...(p.leader?.vpTokens ?? []), ...p.locations.flatMap((l) => l.vpTokens)];
    for (const t of vps) add(tokenKind.vp(t.value), 1);
    if (p.leader) addResources(p.leader.resources);
    if (p.power) addResources(p.power.depot);
    for (const l of p.locations) {
      addResources(l.resources);
      addResources(l.depot);
      addResources(l.combo);
    }
  }
  return n;
}

/** Every invariant, as a list of broken ones (empty when all hold). */
export function broken(game: Game): string[] {
  const s = game.state;
  const out: string[] = [];
  const nonNegative = (what: string, r: Record<string, number>): void => {
    for (const [k, v] of Object.entries(r)) if (!(v >= 0)) out.push(`${what} ${k} is ${v}`);
  };
  const set = factsOf(game.cards);
  const ids = allCardsIn(game);
  if (!eachCardOnce(ids, set.index)) out.push(`cards accounted for: ${ids.length} (expected ${set.index.size}, each once)`);
  // Conservation: supply + in play = the supply's start, for every kind; nothing in play that the supply never gave.
  nonNegative("supply", s.supply);
  const inPlay = tokensInPlay(s);
  for (const [kind, n] of inPlay) {
    if (n < 0) out.push(`${n} ${kind} tokens in play`);
    if (n > 0 && s.supply[kind] === undefined) out.push(`${n} ${kind} tokens in play that never left the supply`);
  }
  for (const [kind, left] of Object.entries(s.supply)) {
    if (left + (inPlay.get(kind) ?? 0) !== supplyStart) out.push(`${kind}: ${left} in the supply + ${inPlay.get(kind) ?? 0} in play ≠ ${supplyStart}`);
  }
  for (const p of s.players) {
    const who = `seat ${p.seat}`;
    nonNegative(`${who} pool`, p.pool.resources);
    if (p.pool.workers < 0) out.push(`${who} has ${p.pool.workers} workers`);
    if (p.pool.redevelopment < 0) out.push(`${who} has ${p.pool.redevelopment} redevelopment tokens`);
    if (p.baseDeals.length > 3) out.push(`${who}'s Base holds ${p.baseDeals.length} deals`);
    // The limit in force when each was sent is checked as it is sent (checkedGames): a card played since may have lowered it.
    if (p.workersSent > set.mostSentWorkers) out.push(`${who} sent ${p.workersSent} workers`);
    const base = game.cards.byId.get(p.base);
    if ((base?.kind === "base" && base.power !== undefined) !== (p.power !== undefined)) out.push(`${who}'s Base power state ${p.power ? "without a power" : "missing"}`);
    if (p.power) {
      nonNegative(`${who} Base depot`, p.power.depot);
      if (countResources(p.power.depot) > traitAmount(game.cards, p.base, "depot")) out.push(`${who}'s Base depot holds too much`);
      if (p.power.vpTokens.length > 3) out.push(`${who}'s Base power gave ${p.power.vpTokens.length} VP tokens`);
      if (p.power.uses > 2) out.push(`${who}'s Base action was used ${p.power.uses} times`);
      if (s.phase === "lookout" && p.power.uses > 0) out.push(`${who}'s Base action uses survived Clean-up`);
    }
    if (p.leader) {
      nonNegative(`${who} leader`, p.leader.resources);
      if (p.leader.vpTokens.length > 5) out.push(`${who}'s Leader holds ${p.leader.vpTokens.length} VP tokens`);
    }
    for (const l of p.locations) {
      nonNegative(`${who} ${l.card}`, l.resources);
      nonNegative(`${who} ${l.card} depot`, l.depot);
      nonNegative(`${who} ${l.card} combo`, l.combo);
      if (l.vpTokens.length > 3) out.push(`${who}'s ${l.card} holds ${l.vpTokens.length} VP tokens`);
      if (l.deals.length > traitAmount(game.cards, l.card, "slots")) out.push(`${who}'s ${l.card} holds ${l.deals.length} deals`);
      if (countResources(l.depot) > traitAmount(game.cards, l.card, "depot")) out.push(`${who}'s ${l.card} depot holds too much`);
      const def = game.cards.byId.get(l.card);
      const limit = def?.kind === "location" ? def.keep?.limit : undefined;
      if (s.phase === "lookout" && limit !== undefined && countResources(l.resources) > limit) out.push(`${who}'s ${l.card} keeps more than ${limit}`);
      if (def?.kind === "location" && !def.keep && countResources(l.resources) > 0) out.push(`${who}'s ${l.card} holds tokens without the keep icon`);
      if (l.uses > 2) out.push(`${who}'s ${l.card} was used ${l.uses} times`);
    }
    if (s.phase === "lookout" && p.hand.length > ruleLimit(game, p.seat, "hand")) out.push(`${who} holds ${p.hand.length} cards in the Lookout`);
    if (s.phase === "lookout" && (countResources(p.pool.resources) > ruleLimit(game, p.seat, "keep") || p.pool.workers > 0)) out.push(`${who} kept pool tokens past Clean-up`);
  }
  return out;
}

/**
 * Seeded random-bot games (4 players unless `players` says otherwise) played
 * to their end, every invariant checked after every step (throws at the first
 * broken one); `asked` sees every decision. The finished games.
 */
export function checkedGames(cards: CardRegistry, seeds: readonly number[], options: { players?: (seed: number) => number; asked?: (d: Decision) => void } = {}): Game[] {
  return seeds.map((seed) => {
    const n = options.players?.(seed) ?? 4;
    const game = newGame(cards, { seed, players: n });
    const agents = Array.from({ length: n }, (_, seat) => randomBot(botSeed(seed, seat)));
    for (let d = pending(game); d; d = pending(game)) {
      options.asked?.(d);
      const choice = agents[d.seat]!.choose(view(game, d.seat), d);
      const sent = d.kind === "action" && d.choices[choice]!.kind === "send-worker";
      if (sent && game.state.players[d.seat]!.workersSent >= ruleLimit(game, d.seat, "sent-workers")) throw new Error(`seed ${seed}: seat ${d.seat} offered a worker past its limit`);
      answer(game, choice);
      const problems = broken(game);
      if (problems.length) throw new Error(`seed ${seed}: ${problems.join("; ")}`);
    }
    return game;
  });
}
