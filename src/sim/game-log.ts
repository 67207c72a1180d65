/**
 * A game as JSON lines: a header (seed, factions, bots), one line per choice,
 * and a closing line with the final scores and a digest of the final state.
 * A game is its seed plus its choices, so `replay` re-runs it exactly.
 */
import { createHash } from "node:crypto";
import type { Agent, Decision } from "../engine/choices.js";
import type { CardRegistry } from "../engine/definitions.js";
import type { ChoiceRecord, Game } from "../engine/game.js";
import { playGame } from "../engine/play.js";
import { newGame } from "../engine/setup.js";
import type { GameState } from "../engine/state.js";
import { makeBot, type BotName } from "./bots.js";

export interface LogHeader {
  readonly type: "game";
  readonly version: 1;
  readonly seed: number;
  readonly factions: readonly string[];
  readonly bots: readonly string[];
}

export interface LogEnd {
  readonly type: "end";
  readonly rounds: number;
  readonly scores: readonly number[];
  readonly winners: readonly number[];
  readonly digest: string;
}

export type LogLine = LogHeader | ({ readonly type: "choice" } & ChoiceRecord) | LogEnd;

/** A stable digest of a state: same state, same digest. */
export function stateDigest(state: GameState): string {
  return createHash("sha256").update(JSON.stringify(state)).digest("hex");
}

export function gameLog(game: Game, header: LogHeader): string {
  const s = game.state;
  const end: LogEnd = {
    type: "end",
    rounds: s.round,
    scores: s.players.map((p) => p.score),
    winners: s.winners,
    digest: stateDigest(s),
  };
  const lines: LogLine[] = [header, ...game.choices.map((c) => ({ type: "choice" as const, ...c })), end];
  return lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
}

export interface PlayOptions {
  readonly seed: number;
  readonly bots: readonly BotName[];
  readonly narrate?: (line: string) => void;
}

/** Seeds each bot apart from the game and from each other. */
export function botSeed(seed: number, seat: number): number {
  return (Math.imul(seed, 0x9e3779b1) + seat * 7919 + 1) >>> 0;
}

export function playWithBots(cards: CardRegistry, options: PlayOptions): { game: Game; log: string } {
  const agents = options.bots.map((b, seat) => makeBot(b, cards, botSeed(options.seed, seat)));
  const game = newGame(cards, { seed: options.seed, agents, ...(options.narrate ? { narrate: options.narrate } : {}) });
  playGame(game);
  const header: LogHeader = { type: "game", version: 1, seed: options.seed, factions: game.state.players.map((p) => p.faction), bots: options.bots };
  return { game, log: gameLog(game, header) };
}

export class ReplayError extends Error {}

export function parseLog(text: string): { header: LogHeader; choices: ChoiceRecord[]; end: LogEnd | undefined } {
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  const parsed = lines.map((l, i) => {
    try {
      return JSON.parse(l) as LogLine;
    } catch {
      throw new ReplayError(`line ${i + 1} is not JSON`);
    }
  });
  const header = parsed[0];
  if (header?.type !== "game" || header.version !== 1) throw new ReplayError("line 1 is not a state51 game header");
  const choices = parsed.filter((l): l is { type: "choice" } & ChoiceRecord => l.type === "choice");
  const end = parsed.find((l): l is LogEnd => l.type === "end");
  return { header, choices, end };
}

/** Re-runs a logged game from its seed and choices; throws if the log does not fit the game. */
export function replay(cards: CardRegistry, text: string, narrate?: (line: string) => void): { game: Game; end: LogEnd | undefined } {
  const { header, choices, end } = parseLog(text);
  let next = 0;
  const agentFor = (seat: number): Agent => ({
    name: `replay ${seat}`,
    choose(_state, decision: Decision) {
      const c = choices[next++];
      if (!c) throw new ReplayError(`the log has no choice for ${decision.kind} (seat ${seat})`);
      if (c.seat !== seat || c.decision !== decision.kind) throw new ReplayError(`choice ${next} of the log is for ${c.decision} (seat ${c.seat}), the game asks ${decision.kind} (seat ${seat})`);
      return c.index;
    },
  });
  const agents = header.factions.map((_, seat) => agentFor(seat));
  const game = newGame(cards, { seed: header.seed, agents, factions: header.factions, ...(narrate ? { narrate } : {}) });
  playGame(game);
  if (next !== choices.length) throw new ReplayError(`the game ended with ${choices.length - next} logged choices unused`);
  return { game, end };
}
