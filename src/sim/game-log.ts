/**
 * A game as JSON lines: a header (seed, factions, bots), one line per choice,
 * and a closing line with the final scores and a digest of the final state.
 * A game is its seed plus its choices, so `replay` re-runs it exactly.
 */
import { createHash } from "node:crypto";
import type { Agent, Decision } from "../engine/choices.js";
import type { CardRegistry } from "../engine/definitions.js";
import { RuleError, type ChoiceRecord, type Game } from "../engine/game.js";
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

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
const isCount = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 0;

function checkHeader(line: unknown, cards: CardRegistry): LogHeader {
  if (!isObject(line) || line["type"] !== "game" || line["version"] !== 1) throw new ReplayError("line 1 is not a state51 game header");
  const factions = line["factions"];
  const known = new Set(cards.cards.flatMap((c) => (c.kind === "base" ? [c.faction] : [])));
  if (!isCount(line["seed"])) throw new ReplayError("the header's seed is not a whole number");
  if (!Array.isArray(factions) || factions.length < 2 || factions.length > 4) throw new ReplayError("the header names 2 to 4 factions");
  if (new Set(factions).size !== factions.length || !factions.every((f) => typeof f === "string" && known.has(f))) {
    throw new ReplayError(`the header's factions must be distinct, from: ${[...known].join(", ")}`);
  }
  return line as unknown as LogHeader;
}

function checkChoice(line: Record<string, unknown>, n: number): ChoiceRecord {
  if (!isCount(line["round"]) || !isCount(line["seat"]) || !isCount(line["index"]) || typeof line["decision"] !== "string") {
    throw new ReplayError(`line ${n} is not a valid choice`);
  }
  return line as unknown as ChoiceRecord;
}

export function parseLog(text: string, cards: CardRegistry): { header: LogHeader; choices: ChoiceRecord[]; end: LogEnd } {
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  const parsed = lines.map((l, i) => {
    try {
      return JSON.parse(l) as unknown;
    } catch {
      throw new ReplayError(`line ${i + 1} is not JSON`);
    }
  });
  const header = checkHeader(parsed[0], cards);
  const choices: ChoiceRecord[] = [];
  let end: LogEnd | undefined;
  parsed.slice(1).forEach((line, i) => {
    if (!isObject(line)) throw new ReplayError(`line ${i + 2} is not a log entry`);
    if (line["type"] === "choice") choices.push(checkChoice(line, i + 2));
    else if (line["type"] === "end" && typeof line["digest"] === "string") end = line as unknown as LogEnd;
    else throw new ReplayError(`line ${i + 2} is not a log entry`);
  });
  if (!end) throw new ReplayError("the log has no end line, so there is no final state to compare the replay with");
  return { header, choices, end };
}

/** Re-runs a logged game from its seed and choices; throws if the log does not fit the game. */
export function replay(cards: CardRegistry, text: string, narrate?: (line: string) => void): { game: Game; end: LogEnd } {
  const { header, choices, end } = parseLog(text, cards);
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
  try {
    playGame(game);
  } catch (error) {
    // A choice the game cannot take (an index out of range…) means the log is not this game's.
    if (error instanceof RuleError) throw new ReplayError(`the log does not fit the game: ${error.message}`);
    throw error;
  }
  if (next !== choices.length) throw new ReplayError(`the game ended with ${choices.length - next} logged choices unused`);
  return { game, end };
}
