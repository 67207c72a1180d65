/**
 * The engine as a state machine: `newGame` sets a game up and runs the rules
 * to the first decision; `pending` says which decision the game waits for
 * and whose it is; `answer` applies one answer and runs the rules to the next
 * decision; `clone` copies a game completely and cheaply. No rule calls an
 * agent: a driver loop (src/bots/driver.ts) asks agents and answers.
 *
 * The rules are two typed tables: a handler for each kind of task on the
 * agenda, a resolver for each kind of decision. A task or a resolver either
 * does its work (perhaps scheduling more tasks) or returns a decision; a
 * decision with a single choice is taken at once, as there is nothing to ask.
 */
import { effectPieces, type EffectAskUnion } from "../constructs/effects/index.js";
import { applyAction, build, deploy, deployPlace, effectStep, effects, isFreeMove, leaderIn, legalActions, placeDeal } from "./actions.js";
import { isEffectAsk, type Decision, type DecisionKind } from "./choices.js";
import { keepTrim, poolTrim, resolveKeepTrim, resolvePoolTrim } from "./cleanup.js";
import type { CardRegistry } from "./definitions.js";
import { cardName, RuleError, say, seatName, type Game } from "./game.js";
import { maxActionsPerPhase } from "./limits.js";
import { lookoutDiscard, lookoutDraw, lookoutLeftover, lookoutPick, resolveLookoutDiscard, resolveLookoutKeep, resolveLookoutPick, reveal } from "./lookout.js";
import { discardCards, discardDeals, payTask, resolveDiscardCard, resolveDiscardDeal, resolvePayment } from "./payment.js";
import { advancePhase, phases, roundHeader } from "./phases.js";
import { cashSpoils, endProduction, produce, produceLocations, resolveCashSpoils } from "./production.js";
import { productionCost } from "../constructs/production-cost.js";
import { initialState, type GameSetup } from "./setup.js";
import { packedMap } from "./packed.js";
import { copyResources, type GameState, type LocationInPlay, type PlayerState } from "./state.js";
import { schedule, type Task, type TaskKind } from "./tasks.js";

type Handlers = { readonly [K in TaskKind]: (game: Game, task: Extract<Task, { kind: K }>) => Decision | undefined };
type ChoiceOf<K extends DecisionKind> = Extract<Decision, { kind: K }>["choices"][number];
/** The rules' own decisions; the decisions effects ask are answered by their constructs (src/constructs/effects). */
type Resolvers = { readonly [K in Exclude<DecisionKind, EffectAskUnion["kind"]>]: (game: Game, decision: Extract<Decision, { kind: K }>, choice: ChoiceOf<K>) => Decision | undefined };

/** An action turn: the next player in turn order who has not passed is asked for an action; when all have passed, the phase ends. */
function actionTurn(game: Game, t: Extract<Task, { kind: "action-turn" }>): Decision | undefined {
  const s = game.state;
  const n = s.players.length;
  for (let i = 0; i < n; i++) {
    const seat = (t.seat + i) % n;
    const p = s.players[seat]!;
    if (p.passed) continue;
    if (p.actionsTaken >= maxActionsPerPhase) {
      p.passed = true;
      continue;
    }
    return { kind: "action", seat, choices: legalActions(game, seat) };
  }
  return undefined;
}

const handlers: Handlers = {
  reveal,
  "lookout-pick": lookoutPick,
  "lookout-discard": lookoutDiscard,
  "lookout-leftover": lookoutLeftover,
  "lookout-draw": lookoutDraw,
  produce,
  "cash-spoils": cashSpoils,
  "produce-locations": produceLocations,
  "paid-production": productionCost.engine.offer,
  "production-done": endProduction,
  "action-turn": actionTurn,
  apply: (game, t) => applyAction(game, t.seat, t.action),
  deploy,
  "deploy-place": deployPlace,
  "place-deal": placeDeal,
  effects,
  "effect-step": effectStep,
  build,
  "leader-in": leaderIn,
  pay: payTask,
  "discard-cards": discardCards,
  "discard-deals": discardDeals,
  "keep-trim": keepTrim,
  "pool-trim": poolTrim,
};

const resolvers: Resolvers = {
  "lookout-pick": (g, d, c) => (resolveLookoutPick(g, d, c), undefined),
  "lookout-discard": (g, d, c) => (resolveLookoutDiscard(g, d, c), undefined),
  "lookout-keep": (g, d, c) => (resolveLookoutKeep(g, d, c), undefined),
  "cash-spoils": (g, d, c) => (resolveCashSpoils(g, d, c), undefined),
  "paid-production": (g, d, c) => (productionCost.engine.answer(g, d, c), undefined),
  action: (game, d, a) => {
    const s = game.state;
    const p = s.players[d.seat]!;
    // A free move keeps the action turn; an action ends it and play goes on clockwise.
    if (isFreeMove(a)) {
      p.freeMoves++;
      s.agenda.push({ kind: "action-turn", seat: d.seat });
    } else {
      p.actionsTaken++;
      p.freeMoves = 0;
      s.agenda.push({ kind: "action-turn", seat: (d.seat + 1) % s.players.length });
    }
    // Carried out at once, as an `apply` task on top of the agenda would be next.
    return applyAction(game, d.seat, a);
  },
  "discard-card": (g, d, c) => (resolveDiscardCard(g, d, c), undefined),
  "discard-deal": (g, d, c) => (resolveDiscardDeal(g, d, c), undefined),
  payment: (g, d, c) => (resolvePayment(g, d, c), undefined),
  // Carried out at once, as the task on top of the agenda would be next.
  "range-plan": (game, d, plan) => deploy(game, { kind: "deploy", seat: d.seat, deploy: d.deploy, card: d.card, plan }),
  placement: (game, d, c) => placeDeal(game, { kind: "place-deal", seat: d.seat, deploy: d.deploy, card: d.card, holder: c.holder, replace: c.replace }),
  "keep-trim": (g, d, c) => (resolveKeepTrim(g, d, c), undefined),
  "pool-trim": (g, d, c) => (resolvePoolTrim(g, d, c), undefined),
};

function resolve(game: Game, d: Decision, index: number): Decision | undefined {
  if (isEffectAsk(d)) return effectPieces.answer(game, d, d.choices[index]), undefined;
  return (resolvers[d.kind] as (g: Game, d: Decision, c: unknown) => Decision | undefined)(game, d, d.choices[index]);
}

/**
 * Runs the rules until a decision with a real choice is pending, or the game
 * is over. With `choose` (tools and tests that drive part of a turn), it
 * answers every decision itself and stops, without moving to the next phase,
 * when the agenda is empty.
 */
function run(game: Game, first: Decision | undefined, choose?: (d: Decision) => number): void {
  const s = game.state;
  let d = first;
  for (;;) {
    while (d) {
      if (d.choices.length === 0) throw new RuleError(`no choice to offer for ${d.kind} (seat ${d.seat})`);
      if (d.choices.length === 1) d = resolve(game, d, 0);
      else if (choose) {
        const i = choose(d);
        if (!Number.isInteger(i) || i < 0 || i >= d.choices.length) throw new RuleError(`answer ${i} is not one of the ${d.choices.length} choices for ${d.kind}`);
        d = resolve(game, d, i);
      } else {
        s.pending = d;
        return;
      }
    }
    const task = s.agenda.pop();
    if (task === undefined) {
      if (choose) return;
      advancePhase(game);
      if (s.phase === "over") return;
      continue;
    }
    d = (handlers[task.kind] as (g: Game, t: Task) => Decision | undefined)(game, task);
  }
}

/** Runs `tasks` to their end, answering each decision with `choose`, then puts back the agenda as it was (for tests and tools that drive part of a turn). */
export function runTasks(game: Game, tasks: readonly Task[], choose: (d: Decision) => number): void {
  const s = game.state;
  const saved = s.agenda;
  s.agenda = [];
  schedule(s.agenda, ...tasks);
  try {
    run(game, undefined, choose);
  } finally {
    s.agenda = saved;
  }
}

export interface NewGameOptions extends GameSetup {
  readonly narrate?: (line: string) => void;
}

/** A new game, run to its first decision. */
export function newGame(cards: CardRegistry, setup: NewGameOptions): Game {
  const game: Game = { state: initialState(cards, setup), cards, narrate: setup.narrate };
  // The account says who is who before anything happens: the rest of it names players by seat alone.
  for (const p of game.state.players) say(game, () => `${seatName(p.seat)}'s faction: ${cardName(game, p.base)}`);
  startRound(game);
  return game;
}

/** A game whose state was set by hand (tests): the rules run from its agenda to the first decision. */
export function resume(game: Game): Game {
  run(game, undefined);
  return game;
}

function startRound(game: Game): void {
  const s = game.state;
  roundHeader(game);
  schedule(s.agenda, ...phases.lookout.begin(game));
  run(game, undefined);
}

/** The decision the game waits for (whose it is, its choices), or undefined when the game is over. */
export function pending(game: Game): Decision | undefined {
  return game.state.pending;
}

/** Applies the answer (an index into the pending decision's choices) and runs the rules to the next decision. */
export function answer(game: Game, index: number): void {
  const s = game.state;
  const d = s.pending;
  if (!d) throw new RuleError("the game is over: there is no decision to answer");
  if (!Number.isInteger(index) || index < 0 || index >= d.choices.length) throw new RuleError(`answer ${index} is not one of the ${d.choices.length} choices for ${d.kind}`);
  s.pending = undefined;
  try {
    run(game, resolve(game, d, index));
  } catch (error) {
    // A rule broken mid-answer is a bug or a bad log: the game must not look finished to a driver loop.
    if (s.pending === undefined && s.phase !== "over") s.pending = d;
    throw error;
  }
}

function cloneLocation(l: LocationInPlay): LocationInPlay {
  return {
    card: l.card,
    resources: copyResources(l.resources),
    vpTokens: l.vpTokens.slice(),
    deals: l.deals.slice(),
    depot: copyResources(l.depot),
    combo: copyResources(l.combo),
    uses: l.uses,
    markers: l.markers.slice(),
  };
}

function clonePlayer(p: PlayerState): PlayerState {
  return {
    ...p,
    baseVp: p.baseVp.slice(),
    baseDeals: p.baseDeals.slice(),
    hand: p.hand.slice(),
    leader: p.leader && { card: p.leader.card, resources: copyResources(p.leader.resources), vpTokens: p.leader.vpTokens.slice(), uses: p.leader.uses },
    locations: packedMap(p.locations, cloneLocation),
    ...(p.power ? { power: { uses: p.power.uses, depot: { ...p.power.depot }, vpTokens: p.power.vpTokens.slice() } } : {}),
    contacts: packedMap(p.contacts, (c) => ({ card: c.card, usedThisTurn: c.usedThisTurn })),
    pool: { resources: copyResources(p.pool.resources), workers: p.pool.workers, contactTokens: p.pool.contactTokens.slice(), redevelopment: p.pool.redevelopment },
  };
}

/**
 * A complete, independent copy of the state. Tokens, deals, tasks and
 * decisions are never changed in place (the engine replaces them), so they
 * are shared; everything the rules change in place is copied.
 */
export function cloneState(s: GameState): GameState {
  return {
    ...s,
    players: packedMap(s.players, clonePlayer),
    deck: s.deck.slice(),
    discard: s.discard.slice(),
    revealed: s.revealed.slice(),
    supply: { ...s.supply },
    winners: s.winners.slice(),
    tieBreak: s.tieBreak.slice(),
    rng: { ...s.rng },
    agenda: s.agenda.slice(),
  };
}

/** A copy of the game that goes on independently: answered the same way, it ends in the same state. The narrator is not copied. */
export function clone(game: Game): Game {
  return { state: cloneState(game.state), cards: game.cards, narrate: undefined };
}
