/**
 * A game as JSON lines: a header (format version, engine version, the card
 * set's digest, seed, factions, bots, the card paths it was played with), one
 * line per answer (with what was chosen), and a closing line with the rounds,
 * the final scores, the winners and a digest of the final state. A game is its
 * seed plus its answers, so `replay` re-runs it exactly — on the same engine
 * and the same cards only, which the header lets it say plainly — and checks
 * it ends as the closing line says.
 */
import { createHash } from "node:crypto";
import type { Agent } from "../bots/agent.js";
import { botName, BotSpecError, makeBot, parseBotSpec, type BotSpec } from "../bots/index.js";
import { drive, type ChoiceRecord } from "../bots/driver.js";
import { canonical, cardSetDigest } from "../engine/card-digest.js";
import type { Decision } from "../engine/choices.js";
import type { CardRegistry } from "../engine/definitions.js";
import { RuleError, type Game } from "../engine/game.js";
import { answer, newGame, pending } from "../engine/machine.js";
import type { GameState } from "../engine/state.js";
import { engineVersion } from "../engine/version.js";
import { counted } from "./report.js";
import { deepestJson, nestedDeeperThan } from "./json-depth.js";

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
  /**
   * The card files and folders it was played with, relative to the log's own folder (none: the
   * default cards/), so that a replay refused for another card set can say what to name.
   * Absent from logs written before it was recorded: they replay all the same.
   */
  readonly paths?: readonly string[];
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

/** The closing line of a game that is over: what a replay of its log must reach. */
export function endOf(state: GameState): LogEnd {
  return { type: "end", rounds: state.round, scores: state.players.map((p) => p.score), winners: state.winners, digest: stateDigest(state) };
}

export function gameLog(game: Game, header: LogHeader, choices: readonly ChoiceRecord[]): string {
  const lines: LogLine[] = [header, ...choices.map((c) => ({ type: "choice" as const, ...c })), endOf(game.state)];
  return lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
}

export interface PlayOptions {
  readonly seed: number;
  readonly bots: readonly BotSpec[];
  /** Factions by seat; at random from the seed when absent. */
  readonly factions?: readonly string[];
  readonly narrate?: (line: string) => void;
  /** The card paths, relative to the log's folder (`pathsFromLog`), recorded in the header (`LogHeader.paths`). */
  readonly paths?: readonly string[];
}

/** Seeds each bot apart from the game and from each other. */
export function botSeed(seed: number, seat: number): number {
  return (Math.imul(seed, 0x9e3779b1) + seat * 7919 + 1) >>> 0;
}

export function headerOf(cards: CardRegistry, game: Game, seed: number, bots: readonly string[], paths?: readonly string[]): LogHeader {
  return { type: "game", version: logFormat, engine: engineVersion, cardSet: cardSetDigest(cards), seed, factions: game.state.players.map((p) => p.faction), bots, ...(paths ? { paths } : {}) };
}

export function playWithBots(cards: CardRegistry, options: PlayOptions): { game: Game; log: string } {
  const agents: Agent[] = options.bots.map((b, seat) => makeBot(b, cards, botSeed(options.seed, seat)));
  const game = newGame(cards, { seed: options.seed, players: options.bots.length, ...(options.factions ? { factions: options.factions } : {}), ...(options.narrate ? { narrate: options.narrate } : {}) });
  const record: ChoiceRecord[] = [];
  drive(game, agents, record);
  return { game, log: gameLog(game, headerOf(cards, game, options.seed, options.bots.map(botName), options.paths), record) };
}

export class ReplayError extends Error {}

/** The log was played with other cards; `paths` are those its header names (undefined in a log from before they were recorded). */
export class CardSetMismatch extends ReplayError {
  constructor(readonly paths: readonly string[] | undefined) {
    super("recorded with a different card set (its cards' digest differs from these cards')");
  }
}

/**
 * Whether a line is a state51 game log's header: `play --log` replaces an earlier log, never
 * another kind of file named by mistake. Any format version counts (an old log is still a log).
 */
export function isLogHeader(line: string): boolean {
  try {
    const value = JSON.parse(line) as unknown;
    return isObject(value) && value["type"] === "game";
  } catch {
    return false;
  }
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
const isCount = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 0;

function checkHeader(line: unknown, n: number, cards: CardRegistry): LogHeader {
  if (!isObject(line) || line["type"] !== "game") throw new ReplayError(`line ${n} is not a state51 game header`);
  if (line["version"] !== logFormat) throw new ReplayError(`the log is in format ${JSON.stringify(line["version"])}; this state51 reads format ${logFormat} (play the game again to get a new log)`);
  if (line["engine"] !== engineVersion) throw new ReplayError(`recorded with engine ${JSON.stringify(line["engine"])}; this is engine ${engineVersion}, whose rules may differ`);
  const paths = line["paths"];
  if (paths !== undefined && !(Array.isArray(paths) && paths.every((p) => typeof p === "string"))) throw new ReplayError("the header's paths must be a list of the card files and folders the game was played with");
  if (line["cardSet"] !== cardSetDigest(cards)) throw new CardSetMismatch(paths as readonly string[] | undefined);
  const factions = line["factions"];
  const known = new Set(cards.cards.flatMap((c) => (c.kind === "base" ? [c.faction] : [])));
  if (!isCount(line["seed"]) || (line["seed"] as number) >= 2 ** 32) throw new ReplayError("the header's seed is not a whole number from 0 to 4294967295");
  if (!Array.isArray(factions) || factions.length < 2 || factions.length > 4) throw new ReplayError("the header names 2 to 4 factions");
  if (new Set(factions).size !== factions.length || !factions.every((f) => typeof f === "string" && known.has(f))) {
    throw new ReplayError(`the header's factions must be distinct, from: ${[...known].join(", ")}`);
  }
  // The bots are not replayed (the answers are), but the header's word for who played is checked all the same.
  const bots = line["bots"];
  if (!Array.isArray(bots) || !bots.every(isBotName)) throw new ReplayError("the header's bots must be a list of bot names, as play writes them: random, greedy or mcts:<playouts>");
  // Either list may be the edited one: name both counts, not blame one.
  if (bots.length !== factions.length) throw new ReplayError(`the header names ${counted(factions.length, "faction")} and ${counted(bots.length, "bot")}, but a game has one of each a seat`);
  return line as unknown as LogHeader;
}

/** A bot as `play` names it in a log (`botName`): "random", "greedy", "mcts:200". */
function isBotName(x: unknown): boolean {
  if (typeof x !== "string") return false;
  try {
    return botName(parseBotSpec(x)) === x;
  } catch (error) {
    if (error instanceof BotSpecError) return false;
    throw error;
  }
}

function checkChoice(line: Record<string, unknown>, n: number): ChoiceRecord {
  if (!isCount(line["round"]) || !isCount(line["seat"]) || !isCount(line["index"]) || typeof line["decision"] !== "string" || !("choice" in line)) {
    throw new ReplayError(`line ${n} is not a valid choice`);
  }
  return line as unknown as ChoiceRecord;
}

/** A recorded answer and the line of the log it is on. */
export interface LoggedChoice {
  readonly record: ChoiceRecord;
  readonly line: number;
}

/** The log's lines: its header, its answers and its end line as recorded (compared field by field with the replay's end). */
export function parseLog(text: string, cards: CardRegistry): { header: LogHeader; choices: LoggedChoice[]; end: Readonly<Record<string, unknown>> } {
  // Blank lines are passed over, but each line keeps its number in the file, so a message points at it.
  const entries = text
    .split("\n")
    .map((l, i) => ({ text: l, line: i + 1 }))
    .filter((e) => e.text.trim() !== "")
    .map(({ text: l, line }) => {
      let value: unknown;
      try {
        value = JSON.parse(l);
      } catch {
        throw new ReplayError(`line ${line} is not JSON`);
      }
      if (nestedDeeperThan(value, deepestJson)) throw new ReplayError(`line ${line} nests more than ${deepestJson} deep: it is not a log entry`);
      return { value, line };
    });
  const [first, ...rest] = entries;
  if (first === undefined) throw new ReplayError("the log is empty");
  const header = checkHeader(first.value, first.line, cards);
  const choices: LoggedChoice[] = [];
  let end: Record<string, unknown> | undefined;
  for (const { value, line } of rest) {
    if (end !== undefined) throw new ReplayError(`line ${line} comes after the end line`);
    if (!isObject(value)) throw new ReplayError(`line ${line} is not a log entry`);
    if (value["type"] === "choice") choices.push({ record: checkChoice(value, line), line });
    else if (value["type"] === "end") end = value;
    else throw new ReplayError(`line ${line} is not a log entry`);
  }
  if (!end) throw new ReplayError("the log has no end line, so there is no final state to compare the replay with");
  return { header, choices, end };
}

/** A value in a stable form, keys in a fixed order: a log passed through a JSON tool (`jq -cS`) may reorder them. */
const stableJson = (value: unknown): string | undefined => JSON.stringify(canonical(value));

/** A recorded or offered value in a message: its JSON, cut short (a hand-edited log may hold anything). */
function shown(value: unknown): string {
  const json = JSON.stringify(value) ?? "nothing";
  return json.length > 120 ? `${json.slice(0, 119)}…` : json;
}

/**
 * Why a recorded answer does not fit the decision the game asks, or undefined when it does:
 * its index must offer the very choice recorded. When the choice is offered at another index,
 * the index and the choice disagree, and the message says so rather than that it is not offered.
 */
export function choiceMismatch(d: Decision, c: ChoiceRecord): string | undefined {
  const recorded = stableJson(c.choice);
  const inRange = c.index < d.choices.length;
  if (inRange && stableJson(d.choices[c.index]) === recorded) return undefined;
  const offeredAt = d.choices.findIndex((x) => stableJson(x) === recorded);
  const atIndex = inRange ? `index ${c.index} is ${shown(d.choices[c.index])}` : `it offers ${d.choices.length} choices, index 0 to ${d.choices.length - 1}`;
  if (offeredAt >= 0) return `has an index and a choice that disagree: the game offers ${shown(c.choice)} there at index ${offeredAt}, not ${c.index} (${atIndex})`;
  return `chose ${shown(c.choice)} (index ${c.index}); the game does not offer that there (${atIndex})`;
}

/** What each field of a log's end line says, in a message. */
const endFields: Readonly<Record<Exclude<keyof LogEnd, "type">, string>> = { rounds: "rounds", scores: "scores by seat", winners: "winners (seats)", digest: "final state digest" };

/**
 * Each way the log's end line differs from the replay's end, one line each: every field is
 * compared, not only the digest (a score edited by hand leaves the digest as it was), and a
 * field a game's end never records is one too.
 */
export function endDifferences(logged: Readonly<Record<string, unknown>>, replayed: LogEnd): string[] {
  const fields = Object.entries(endFields) as [keyof typeof endFields, string][];
  const differ = fields.filter(([key]) => stableJson(logged[key]) !== stableJson(replayed[key])).map(([key, label]) => `${label}: the log says ${shown(logged[key])}, the replay ends with ${shown(replayed[key])}`);
  const unknown = Object.keys(logged).filter((key) => key !== "type" && !Object.hasOwn(endFields, key)).map((key) => `the end line records ${shown(key)}, which a game's end does not`);
  return [...differ, ...unknown];
}

/**
 * Re-runs a logged game from its seed and answers; throws a ReplayError if the log does not fit
 * the game. `differences` are what the log's end line states that the replay does not reach (none: it matches).
 */
export function replay(cards: CardRegistry, text: string, narrate?: (line: string) => void): { game: Game; differences: string[] } {
  const { header, choices, end } = parseLog(text, cards);
  const game = newGame(cards, { seed: header.seed, factions: header.factions, ...(narrate ? { narrate } : {}) });
  let next = 0;
  for (let d = pending(game); d; d = pending(game)) {
    const logged = choices[next++];
    if (!logged) throw new ReplayError(`the log has no answer for ${d.kind} (seat ${d.seat})`);
    const { record: c, line } = logged;
    const at = `choice ${next} (line ${line})`;
    if (c.seat !== d.seat || c.decision !== d.kind) throw new ReplayError(`${at} answers ${JSON.stringify(c.decision)} (seat ${c.seat}); the game asks ${d.kind} (seat ${d.seat})`);
    if (c.round !== game.state.round) throw new ReplayError(`${at} is recorded in round ${c.round}; the game asks it in round ${game.state.round}`);
    const mismatch = choiceMismatch(d, c);
    if (mismatch !== undefined) throw new ReplayError(`${at} ${mismatch}`);
    try {
      answer(game, c.index);
    } catch (error) {
      if (error instanceof RuleError) throw new ReplayError(`${at} does not fit the game: ${error.message}`);
      throw error;
    }
  }
  if (next !== choices.length) throw new ReplayError(`the game ended with ${counted(choices.length - next, "logged choice")} unused`);
  return { game, differences: endDifferences(end, endOf(game.state)) };
}
