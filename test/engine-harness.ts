/**
 * Building games by hand for engine tests: a game with chosen factions and a
 * known deck, players' hands and tokens set directly, and helpers that drive
 * the state machine through one action or one phase, answering each decision
 * with a function of it (a test fails on a decision it did not expect).
 */
import { isDeepStrictEqual } from "node:util";
import { registry } from "../generated/index.js";
import type { Action, Decision } from "../src/engine/choices.js";
import { compileCards, type GeneratedFile } from "../src/compiler/compile.js";
import type { CardDef, CardRegistry } from "../src/engine/definitions.js";
import type { ValidationResult } from "../src/pipeline/validate.js";
import { evaluateModule } from "./helpers.js";
import { legalActions } from "../src/engine/actions.js";
import type { Game } from "../src/engine/game.js";
import { answer, newGame, pending, resume, runTasks } from "../src/engine/machine.js";
import { phases } from "../src/engine/phases.js";
import type { CardId, PlayerState } from "../src/engine/state.js";

export { registry };

/**
 * Card files compiled in memory and evaluated (generated modules import only
 * types), added to a card set (the base set unless `to` is given): an
 * expansion's cards as the engine plays them. `files` is what the compiler
 * wrote, for tests of the code itself.
 */
export async function withCards(result: Pick<ValidationResult, "cards" | "vocabulary">, to: CardRegistry = registry): Promise<{ files: GeneratedFile[]; cards: CardRegistry }> {
  const files = compileCards({ cards: result.cards, vocabulary: result.vocabulary });
  const modules = await Promise.all(files.filter((f) => f.path !== "index.ts").map((f) => evaluateModule(f.text)));
  const defs = modules.flatMap((m) => Object.values(m).filter((v): v is CardDef[] => Array.isArray(v)).flat());
  const all = [...to.cards, ...defs];
  return { files, cards: { ...to, cards: all, byId: new Map(all.map((c) => [c.id, c])) } };
}

/** Answers a decision with the index of a choice. */
export type Answer = (decision: Decision) => number;

/** Answers nothing: any decision with more than one choice fails the test. */
export const unexpected: Answer = (d) => {
  throw new Error(`unexpected decision ${d.kind} for seat ${d.seat} (${d.choices.length} choices: ${JSON.stringify(d.choices).slice(0, 300)})`);
};

/** Answers by finding the first choice `pick` accepts (per decision kind); other kinds fail. */
export function answering(picks: Partial<Record<Decision["kind"], (choice: never, decision: Decision) => boolean>>): Answer {
  return (d) => {
    const pick = picks[d.kind] as ((c: unknown, d: Decision) => boolean) | undefined;
    if (!pick) return unexpected(d);
    const i = (d.choices as readonly unknown[]).findIndex((c) => pick(c, d));
    if (i < 0) throw new Error(`no choice of ${d.kind} fits: ${JSON.stringify(d.choices).slice(0, 300)}`);
    return i;
  };
}

export interface TestGameOptions {
  readonly factions?: readonly string[];
  readonly seed?: number;
  /** The card set (the base set by default; an expansion's cards added for its tests). */
  readonly cards?: CardRegistry;
}

/**
 * A game in its Actions phase with empty hands, an empty pool, nothing
 * pending, and the deck in a known order (every card not in a player's area
 * or the box, sorted by id; the last one is drawn first).
 */
export function testGame(options: TestGameOptions = {}): Game {
  const factions = options.factions ?? ["new-york", "mutants-union"];
  const game = newGame(options.cards ?? registry, { seed: options.seed ?? 1, factions });
  const s = game.state;
  // Back to before the first Lookout: the revealed cards and hands go back to the deck.
  s.deck.push(...s.revealed.splice(0));
  for (const p of s.players) {
    s.deck.push(...p.hand);
    p.hand = [];
  }
  s.deck.sort();
  s.phase = "actions";
  s.agenda = [];
  s.pending = undefined;
  return game;
}

/** Takes a card out of the deck (or discard) into a player's hand. */
export function giveCard(game: Game, seat: number, id: CardId): void {
  const s = game.state;
  for (const pile of [s.deck, s.discard, s.revealed]) {
    const i = pile.indexOf(id);
    if (i >= 0) {
      pile.splice(i, 1);
      s.players[seat]!.hand.push(id);
      return;
    }
  }
  throw new Error(`${id} is not in the deck, discard or revealed cards`);
}

/** Puts a card from the deck straight into a player's area as a Location (no cost, no effects). */
export function placeLocation(game: Game, seat: number, id: CardId): void {
  giveCard(game, seat, id);
  const p = game.state.players[seat]!;
  p.hand.splice(p.hand.indexOf(id), 1);
  p.locations.push({ card: id, resources: {}, vpTokens: [], deals: [], depot: {}, combo: {}, uses: 0, markers: [] });
}

export function player(game: Game, seat: number): PlayerState {
  return game.state.players[seat]!;
}

/** The legal actions and free moves of a player now. */
export function actionsOf(game: Game, seat: number): Action[] {
  return legalActions(game, seat);
}

/** A legal action of one kind (conquer and cooperate share a member of the union, hence the intersection). */
export type Of<K extends Action["kind"]> = Action & { readonly kind: K };

export function findAction<K extends Action["kind"]>(game: Game, seat: number, kind: K, pred: (a: Of<K>) => boolean = () => true): Of<K> | undefined {
  return legalActions(game, seat).find((a): a is Of<K> => a.kind === kind && pred(a as Of<K>));
}

/** Performs a legal action (it must be offered) and everything it leads to, answering its decisions with `answer`. */
export function perform(game: Game, seat: number, action: Action, answer: Answer = unexpected): void {
  const offered = legalActions(game, seat);
  if (!offered.some((a) => isDeepStrictEqual(a, action))) throw new Error(`${JSON.stringify(action)} is not a legal action for seat ${seat}`);
  runTasks(game, [{ kind: "apply", seat, action }], answer);
}

/** Runs one phase's tasks (as the phase table begins it) without moving on to the next phase. */
export function runPhase(game: Game, phase: "lookout" | "production" | "vp-count" | "clean-up", answer: Answer = unexpected): void {
  game.state.phase = phase;
  runTasks(game, phases[phase].begin(game), answer);
}

/** Every card id in the game, wherever it is: for "all 110 cards accounted for". */
export function allCardsIn(game: Game): CardId[] {
  const s = game.state;
  const ids: CardId[] = [...s.box, ...s.deck, ...s.discard, ...s.revealed];
  for (const p of s.players) {
    ids.push(p.base, ...p.hand, ...p.contacts.map((c) => c.card), ...p.baseDeals.map((d) => d.card));
    if (p.leader) ids.push(p.leader.card);
    for (const l of p.locations) ids.push(l.card, ...l.deals.map((d) => d.card));
  }
  return ids;
}

/**
 * Starts the Actions phase at `seat`'s action turn on the state machine. The
 * other players get 2 workers so that they have something to decide (a
 * player whose only legal action is to pass passes without being asked).
 */
export function actionTurn(game: Game, seat = 0): void {
  game.state.players.forEach((p) => {
    if (p.seat !== seat) p.pool.workers = 2;
  });
  game.state.phase = "actions";
  game.state.agenda = [{ kind: "action-turn", seat }];
  resume(game);
}

/** Answers the pending decision with the first choice `pick` accepts. */
export function choose<T>(game: Game, pick: (c: T) => boolean): void {
  const d = pending(game)!;
  const i = (d.choices as readonly T[]).findIndex(pick);
  if (i < 0) throw new Error(`no ${d.kind} choice fits: ${JSON.stringify(d.choices).slice(0, 400)}`);
  answer(game, i);
}

