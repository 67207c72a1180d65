/**
 * A game as JSON lines: a header (format version, engine version, the card
 * set's digest, seed, factions, bots), one line per answer (with what was
 * chosen, in a stable form), and a closing line with the final scores and a
 * digest of the final state. A game is its seed plus its answers, so
 * `replay` re-runs it exactly — on the same engine and the same cards only,
 * which the header lets it say plainly.
 */
import { createHash } from "node:crypto";
import type { Agent } from "../bots/agent.js";
import { botName, makeBot, type BotSpec } from "../bots/index.js";
import { choiceText, drive, type ChoiceRecord } from "../bots/driver.js";
import { canonical, cardSetDigest } from "../engine/card-digest.js";
import type { CardRegistry } from "../engine/definitions.js";
import { RuleError, type Game } from "../engine/game.js";
import { answer, newGame, pending } from "../engine/machine.js";
import type { GameState } from "../engine/state.js";
import { engineVersion } from "../engine/version.js";

export const logFormat = 2;

export interface LogHeader {
  readonly type: "game";
  readonly version: typeof logFormat;
  readonly engine: string;
  /** SHA-256 of the compiled card set (src/engine/card-digest.ts). */
  readonly cardSet: string;
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

/**
 * A stable digest of a state: same state, same digest. Hashed in canonical
 * form (keys in a fixed order), so the digest is the state's values alone: a
 * state saved as JSON drops a key whose value is undefined (a player's
 * `leader` before the first Leader), and the Leader played after it is
 * resumed is a key added at the end, where the original has it first.
 */
export function stateDigest(state: GameState): string {
  return createHash("sha256").update(JSON.stringify(canonical(state))).digest("hex");
}

export function gameLog(game: Game, header: LogHeader, choices: readonly ChoiceRecord[]): string {
  const s = game.state;
  const end: LogEnd = { type: "end", rounds: s.round, scores: s.players.map((p) => p.score), winners: s.winners, digest: stateDigest(s) };
  const lines: LogLine[] = [header, ...choices.map((c) => ({ type: "choice" as const, ...c })), end];
  return lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
}

export interface PlayOptions {
  readonly seed: number;
  readonly bots: readonly BotSpec[];
  /** Factions by seat; at random from the seed when absent. */
  readonly factions?: readonly string[];
  readonly narrate?: (line: string) => void;
}

/** Seeds each bot apart from the game and from each other. */
export function botSeed(seed: number, seat: number): number {
  return (Math.imul(seed, 0x9e3779b1) + seat * 7919 + 1) >>> 0;
}

export function headerOf(cards: CardRegistry, game: Game, seed: number, bots: readonly string[]): LogHeader {
  return { type: "game", version: logFormat, engine: engineVersion, cardSet: cardSetDigest(cards), seed, factions: game.state.players.map((p) => p.faction), bots };
}

export function playWithBots(cards: CardRegistry, options: PlayOptions): { game: Game; log: string } {
  const agents: Agent[] = options.bots.map((b, seat) => makeBot(b, cards, botSeed(options.seed, seat)));
  const game = newGame(cards, { seed: options.seed, players: options.bots.length, ...(options.factions ? { factions: options.factions } : {}), ...(options.narrate ? { narrate: options.narrate } : {}) });
  const record: ChoiceRecord[] = [];
  drive(game, agents, record);
  return { game, log: gameLog(game, headerOf(cards, game, options.seed, options.bots.map(botName)), record) };
}

export class ReplayError extends Error {}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
const isCount = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 0;

function checkHeader(line: unknown, cards: CardRegistry): LogHeader {
  if (!isObject(line) || line["type"] !== "game") throw new ReplayError("line 1 is not a state51 game header");
  if (line["version"] !== logFormat) throw new ReplayError(`the log is in format ${JSON.stringify(line["version"])}; this state51 reads format ${logFormat} (play the game again to get a new log)`);
  if (line["engine"] !== engineVersion) throw new ReplayError(`recorded with engine ${JSON.stringify(line["engine"])}; this is engine ${engineVersion}, whose rules may differ`);
  if (line["cardSet"] !== cardSetDigest(cards)) throw new ReplayError("recorded with a different card set (its cards' digest differs from these cards')");
  const factions = line["factions"];
  const known = new Set(cards.cards.flatMap((c) => (c.kind === "base" ? [c.faction] : [])));
  if (!isCount(line["seed"]) || (line["seed"] as number) >= 2 ** 32) throw new ReplayError("the header's seed is not a whole number from 0 to 4294967295");
  if (!Array.isArray(factions) || factions.length < 2 || factions.length > 4) throw new ReplayError("the header names 2 to 4 factions");
  if (new Set(factions).size !== factions.length || !factions.every((f) => typeof f === "string" && known.has(f))) {
    throw new ReplayError(`the header's factions must be distinct, from: ${[...known].join(", ")}`);
  }
  return line as unknown as LogHeader;
}

function checkChoice(line: Record<string, unknown>, n: number): ChoiceRecord {
  if (!isCount(line["round"]) || !isCount(line["seat"]) || !isCount(line["index"]) || typeof line["decision"] !== "string" || !("choice" in line)) {
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
  if (parsed.length === 0) throw new ReplayError("the log is empty");
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

/** Re-runs a logged game from its seed and answers; throws a ReplayError if the log does not fit the game. */
export function replay(cards: CardRegistry, text: string, narrate?: (line: string) => void): { game: Game; end: LogEnd } {
  const { header, choices, end } = parseLog(text, cards);
  const game = newGame(cards, { seed: header.seed, factions: header.factions, ...(narrate ? { narrate } : {}) });
  let next = 0;
  for (let d = pending(game); d; d = pending(game)) {
    const c = choices[next++];
    const at = `choice ${next} (line ${next + 1})`;
    if (!c) throw new ReplayError(`the log has no answer for ${d.kind} (seat ${d.seat})`);
    if (c.seat !== d.seat || c.decision !== d.kind) throw new ReplayError(`${at} answers ${c.decision} (seat ${c.seat}); the game asks ${d.kind} (seat ${d.seat})`);
    const recorded = JSON.stringify(c.choice);
    if (c.index >= d.choices.length || choiceText(d, c.index) !== recorded) throw new ReplayError(`${at} chose ${recorded}; the game does not offer that there`);
    try {
      answer(game, c.index);
    } catch (error) {
      if (error instanceof RuleError) throw new ReplayError(`${at} does not fit the game: ${error.message}`);
      throw error;
    }
  }
  if (next !== choices.length) throw new ReplayError(`the game ended with ${choices.length - next} logged choices unused`);
  return { game, end };
}
