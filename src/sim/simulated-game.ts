/**
 * One simulated game, tallied as it is played: who sits where with which
 * faction and bot (decided by the game's index alone), and what each player
 * saw and played. The game's own record is not kept: only the tally grows.
 */
import type { Agent } from "../bots/agent.js";
import { drive } from "../bots/driver.js";
import { botName, makeBot, type BotSpec } from "../bots/index.js";
import type { Action } from "../engine/choices.js";
import type { CardRegistry } from "../engine/definitions.js";
import { newGame } from "../engine/machine.js";
import type { GameState, VpToken } from "../engine/state.js";
import { packedMap } from "../engine/packed.js";
import { botSeed } from "./game-log.js";
import type { PlayWay, Tally, TallyShape } from "./tally.js";

/** What a simulation plays: the seeds [firstSeed, firstSeed + games), the bots by seat before rotation. */
export interface SimulationPlan {
  readonly firstSeed: number;
  readonly games: number;
  readonly players: number;
  readonly bots: readonly BotSpec[];
}

/** The factions of the card set, in registry order. */
export function factionsOf(cards: CardRegistry): string[] {
  const out: string[] = [];
  for (const c of cards.cards) if (c.kind === "base" && !out.includes(c.faction)) out.push(c.faction);
  return out;
}

/**
 * Why `cards` cannot seat `players` ("the cards have 1 faction (Bases), too few
 * for 2 players"), or undefined when they can: each player needs a faction of
 * their own, and an expansion named alone may bring none.
 */
export function tooFewFactions(cards: CardRegistry, players: number, which = "cards"): string | undefined {
  const factions = factionsOf(cards).length;
  return factions >= players ? undefined : `the ${which} have ${factions} faction${factions === 1 ? "" : "s"} (Bases), too few for ${players} players`;
}

/** What to do about too few factions, as `command` (play, simulate) is run: most often an expansion named without the base set. */
export const tooFewFactionsHint = (command: string): string =>
  `  hint: name the base set with your cards (state51 ${command} cards/ my-expansion.yaml), or cards with Bases of their own\n`;

/** The cards a player can hold and play, tallied per card: every Location, Leader and one-time Contact, in registry order. */
export function trackedCards(cards: CardRegistry): string[] {
  return cards.cards.filter((c) => c.kind === "location" || c.kind === "leader" || (c.kind === "contact" && c.use === "one-time")).map((c) => c.id);
}

export function tallyShape(cards: CardRegistry, plan: Pick<SimulationPlan, "players" | "bots">): TallyShape {
  const bots: string[] = [];
  for (const b of plan.bots) if (!bots.includes(botName(b))) bots.push(botName(b));
  return { players: plan.players, factions: factionsOf(cards), bots, cards: trackedCards(cards) };
}

/** Every ordered choice of `k` of `n` items (as indices), in lexicographic order. */
function arrangements(n: number, k: number): number[][] {
  if (k === 0) return [[]];
  return arrangements(n, k - 1).flatMap((a) => Array.from({ length: n }, (_, i) => i).filter((i) => !a.includes(i)).map((i) => [...a, i]));
}

/**
 * Game `index`'s seating: the factions by seat go through every ordered choice of
 * factions in turn, and after each full round of those the bots move one seat on;
 * so every bot meets every faction in every seat equally often over a whole cycle.
 */
export function seating(index: number, factions: readonly string[], plan: Pick<SimulationPlan, "players" | "bots">): { factions: string[]; bots: BotSpec[] } {
  const orders = arrangementsCache(factions.length, plan.players);
  const order = orders[index % orders.length]!;
  const shift = Math.floor(index / orders.length) % plan.players;
  return { factions: order.map((i) => factions[i]!), bots: Array.from({ length: plan.players }, (_, seat) => plan.bots[(seat + shift) % plan.players]!) };
}

const cache = new Map<string, number[][]>();
function arrangementsCache(n: number, k: number): number[][] {
  const key = `${n}/${k}`;
  let a = cache.get(key);
  if (a === undefined) cache.set(key, (a = arrangements(n, k)));
  return a;
}

const SEEN = 1;
const PLAYED = 2;
const sum = (tokens: readonly VpToken[]): number => tokens.reduce((n, t) => n + t.value, 0);

/** How each action plays a card, or null for one that plays none: every kind is listed, so an action kind added to the engine must be placed here (the compiler asks). */
const wayOf: Readonly<Record<Action["kind"], PlayWay | null>> = {
  conquer: "spoils",
  cooperate: "agreement",
  incorporate: "location",
  redevelop: "redevelopment",
  "play-leader": "leader",
  pass: null,
  "discard-draw": null,
  work: null,
  "send-worker": null,
  "workers-for-resource": null,
  "leader-action": null,
  "base-action": null,
  convert: null,
  "base-convert": null,
  "discard-deal": null,
  "depot-put": null,
  "depot-take": null,
  "base-depot-put": null,
  "base-depot-take": null,
  "combo-place": null,
};

/** Plays game `index` of the plan and adds it to `tally` (of `shape`); `cardIndex` maps tracked card ids to their place in `shape.cards`. */
export function playInto(tally: Tally, cards: CardRegistry, plan: SimulationPlan, shape: TallyShape, cardIndex: ReadonlyMap<string, number>, index: number): void {
  const seed = (plan.firstSeed + index) >>> 0;
  const seat = seating(index, shape.factions, plan);
  const players = plan.players;
  const agents: Agent[] = packedMap(seat.bots, (b, s) => makeBot(b, cards, botSeed(seed, s)));
  const game = newGame(cards, { seed, players, factions: seat.factions });
  const s: GameState = game.state;
  const n = shape.cards.length;
  const flags = new Uint8Array(players * n);
  const ids = shape.cards;
  const card = (id: string) => cardIndex.get(id);
  const play = (p: number, id: string, way: PlayWay): void => {
    const i = card(id);
    if (i === undefined) return;
    flags[p * n + i]! |= PLAYED;
    const t = tally.cards[ids[i]!]!;
    t.plays[way]++;
    if (way === "redevelopment") t.plays.location++;
  };
  // One-time Contacts in hand when a deployment was chosen: those gone when it is over (and not discarded otherwise) were played.
  let deploying: { seat: number; contacts: string[]; discarded: Set<string> } | undefined;
  const settle = (): void => {
    if (deploying === undefined) return;
    const hand = s.players[deploying.seat]!.hand;
    for (const c of deploying.contacts) if (!hand.includes(c) && !deploying.discarded.has(c)) play(deploying.seat, c, "contact");
    deploying = undefined;
  };
  drive(game, agents, undefined, (d, chosen) => {
    for (let p = 0; p < players; p++) {
      for (const id of s.players[p]!.hand) {
        const i = card(id);
        if (i !== undefined) flags[p * n + i]! |= SEEN;
      }
    }
    // A deployment is over at the next action turn; always within the Actions phase.
    if (deploying !== undefined && (d.kind === "action" || s.phase !== "actions")) settle();
    if (d.kind === "action") {
      const a = d.choices[chosen]!;
      const way = wayOf[a.kind];
      if (way !== null && "card" in a) play(d.seat, a.card, way);
      if (a.kind === "conquer" || a.kind === "cooperate" || a.kind === "incorporate") {
        deploying = { seat: d.seat, contacts: s.players[d.seat]!.hand.filter((id) => cards.byId.get(id)?.kind === "contact"), discarded: new Set() };
      }
    } else if (d.kind === "discard-card" && deploying?.seat === d.seat) deploying.discarded.add(d.choices[chosen]!);
  });
  settle();

  tally.games++;
  tally.rounds[s.round] = (tally.rounds[s.round] ?? 0) + 1;
  for (let r = 0; r < tally.rounds.length; r++) tally.rounds[r] ??= 0;
  const drawn = s.winners.length > 1;
  // Added every game, not under an `if`: a branch first taken after thousands of games deoptimises the whole game loop.
  tally.draws += drawn ? 1 : 0;
  let top = 0;
  for (let p = 0; p < players; p++) {
    const ps = s.players[p]!;
    // Looked up every game, not only on a draw (a rare branch), for the reason `tally.draws` is added every game.
    const among = s.winners.includes(p);
    const won = !drawn && among ? 1 : 0;
    const draw = drawn && among ? 1 : 0;
    tally.vp += ps.score;
    top = Math.max(top, ps.score);
    for (const o of [tally.seats[p]!, tally.factions[ps.faction]!, tally.bots[botName(seat.bots[p]!)]!]) {
      o.games++;
      o.wins += won;
      o.draws += draw;
    }
    for (let i = 0; i < n; i++) {
      const f = flags[p * n + i]!;
      if (f === 0) continue;
      const t = tally.cards[ids[i]!]!;
      t.seen++;
      t.seenWins += won;
      if (f & PLAYED) {
        t.played++;
        t.playedWins += won;
      }
    }
    for (const l of ps.locations) {
      const t = tally.cards[l.card];
      if (t) t.vp += 1 + sum(l.vpTokens);
    }
    if (ps.leader) {
      const t = tally.cards[ps.leader.card];
      if (t) t.vp += 1 + sum(ps.leader.vpTokens);
    }
  }
  tally.topVp += top;
}

/** Plays games [from, to) of the plan into a fresh tally. */
export function playRange(cards: CardRegistry, plan: SimulationPlan, shape: TallyShape, from: number, to: number, into: Tally): Tally {
  const cardIndex = new Map(shape.cards.map((id, i) => [id, i]));
  for (let i = from; i < to; i++) playInto(into, cards, plan, shape, cardIndex, i);
  return into;
}
