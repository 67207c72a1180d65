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
import { jsonRange, syntaxError, topFields, type JsonPath } from "./json-position.js";
import type { MessageArgs } from "../diagnostics/catalog.js";
import type { Code } from "../diagnostics/codes.js";
import { diagnostic, fileStart, type Diagnostic, type Range } from "../diagnostics/diagnostic.js";

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

/**
 * Why a log cannot be replayed here: a diagnostic on the log's line and field, with no file
 * (the log is text here; the caller names its file, `in`).
 */
export class ReplayError extends Error {
  constructor(readonly found: Diagnostic) {
    super(found.message);
  }

  /** The diagnostic, in the log file `file`. */
  in(file: string): Diagnostic {
    return { ...this.found, file };
  }
}

/** The log was played with other cards; `paths` are those its header names (undefined in a log from before they were recorded). */
export class CardSetMismatch extends ReplayError {
  constructor(
    found: Diagnostic,
    readonly paths: readonly string[] | undefined,
  ) {
    super(found);
  }
}

/** A line of the log, numbered as in the file (blank lines are passed over but counted). */
export interface Entry {
  readonly text: string;
  readonly line: number;
}

/** The field at `path` on a log line (its value, or with `part` "key" its key); the whole line when the path is empty. */
function onLine(entry: Entry, path: JsonPath = [], part: "value" | "key" = "value"): Range {
  if (path.length === 0) return { start: { line: entry.line, column: 1 }, end: { line: entry.line, column: Math.max(2, entry.text.length + 1) } };
  return inLog(entry, jsonRange(entry.text, path, part));
}

/** A range found in one line's text (its line 1) as a range of the log, on that line. */
function inLog(entry: Entry, found: Range): Range {
  const end = found.end.line === found.start.line ? found.end.column : entry.text.length + 1;
  return { start: { line: entry.line, column: found.start.column }, end: { line: entry.line, column: end } };
}

function refuse<C extends Code>(code: C, args: MessageArgs<C>, at: Range, hint?: string): ReplayError {
  return new ReplayError(diagnostic("", at, code, args, hint));
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

function checkHeader(entry: ParsedEntry, cards: CardRegistry): LogHeader {
  const header = entry.value;
  const at = (...path: JsonPath): Range => onLine(entry, path);
  if (!isObject(header) || header["type"] !== "game") throw refuse("S51-E504", {}, at(), 'a log written by state51 play --log begins with its header, {"type":"game",…}');
  if (header["version"] !== logFormat) throw refuse("S51-E505", { format: shown(header["version"]), expected: logFormat }, at("version"), "play the game again to get a new log");
  if (header["engine"] !== engineVersion) throw refuse("S51-E506", { engine: shown(header["engine"]), current: engineVersion }, at("engine"), "play the game again with this state51 to get a log it replays");
  const paths = header["paths"];
  if (paths !== undefined && !(Array.isArray(paths) && paths.every((p) => typeof p === "string"))) throw refuse("S51-E508", {}, at("paths"));
  if (header["cardSet"] !== cardSetDigest(cards)) throw new CardSetMismatch(diagnostic("", at("cardSet"), "S51-E507", {}), paths as readonly string[] | undefined);
  const factions = header["factions"];
  const known = new Set(cards.cards.flatMap((c) => (c.kind === "base" ? [c.faction] : [])));
  if (!isCount(header["seed"]) || (header["seed"] as number) >= 2 ** 32) throw refuse("S51-E509", {}, at("seed"));
  if (!Array.isArray(factions) || factions.length < 2 || factions.length > 4) throw refuse("S51-E510", {}, at("factions"));
  // The first faction that is unknown or named before, pointed at.
  const wrong = factions.findIndex((f, i) => typeof f !== "string" || !known.has(f) || factions.indexOf(f) !== i);
  if (wrong >= 0) throw refuse("S51-E511", { known: [...known].join(", ") }, at("factions", wrong));
  // The bots are not replayed (the answers are), but the header's word for who played is checked all the same.
  const bots = header["bots"];
  if (!Array.isArray(bots) || !bots.every(isBotName)) throw refuse("S51-E512", {}, at("bots"));
  // Either list may be the edited one: name both counts, not blame one.
  if (bots.length !== factions.length) throw refuse("S51-E513", { factions: counted(factions.length, "faction"), bots: counted(bots.length, "bot") }, at("bots"));
  return header as unknown as LogHeader;
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

/** An answer's fields: what each must be, and in words. */
const choiceFields = {
  round: { fits: isCount, what: "a whole number from 0" },
  seat: { fits: isCount, what: "a whole number from 0" },
  index: { fits: isCount, what: "a whole number from 0" },
  decision: { fits: (x: unknown) => typeof x === "string", what: "the decision's name, a string" },
  choice: { fits: () => true, what: "there, with the choice made" },
} as const;

function checkChoice(entry: Entry, choice: Record<string, unknown>): ChoiceRecord {
  const fields = Object.keys(choiceFields) as (keyof typeof choiceFields)[];
  // A field there but wrong is pointed at; a field missing, the whole line.
  const wrong = fields.find((key) => !Object.hasOwn(choice, key) || !choiceFields[key].fits(choice[key]));
  if (wrong === undefined) return choice as unknown as ChoiceRecord;
  throw refuse("S51-E515", { field: wrong, what: choiceFields[wrong].what }, onLine(entry, Object.hasOwn(choice, wrong) ? [wrong] : []));
}

/** A recorded answer and the line of the log it is on (for a message to point at). */
export interface LoggedChoice extends Entry {
  readonly record: ChoiceRecord;
}

/** A log's lines parsed: each line's value, with the line it is on. */
type ParsedEntry = Entry & { readonly value: unknown };

/** The log's lines: its header, its answers and its end line as recorded (compared field by field with the replay's end). */
export function parseLog(text: string, cards: CardRegistry): { header: LogHeader; choices: LoggedChoice[]; end: Readonly<Record<string, unknown>>; endLine: Entry } {
  // Blank lines are passed over, but each line keeps its number in the file, so a message points at it.
  const entries: ParsedEntry[] = text
    .split("\n")
    .map((l, i) => ({ text: l, line: i + 1 }))
    .filter((e) => e.text.trim() !== "")
    .map((entry) => {
      let value: unknown;
      try {
        value = JSON.parse(entry.text);
      } catch {
        const stopped = syntaxError(entry.text);
        throw refuse("S51-E501", { expected: stopped?.expected ?? "a JSON value" }, stopped === undefined ? onLine(entry) : inLog(entry, stopped.range));
      }
      if (nestedDeeperThan(value, deepestJson)) throw refuse("S51-E502", { depth: deepestJson }, onLine(entry));
      return { ...entry, value };
    });
  const [first, ...rest] = entries;
  if (first === undefined) throw refuse("S51-E503", {}, fileStart, "name a log written by state51 play --log, e.g. state51 play --log game.jsonl && state51 replay game.jsonl");
  const header = checkHeader(first, cards);
  const choices: LoggedChoice[] = [];
  let end: { value: Record<string, unknown>; entry: Entry } | undefined;
  for (const entry of rest) {
    const { value } = entry;
    if (end !== undefined) throw refuse("S51-E516", {}, onLine(entry), `the end line is line ${end.entry.line}: a log ends there`);
    if (!isObject(value)) throw refuse("S51-E514", {}, onLine(entry));
    if (value["type"] === "choice") choices.push({ record: checkChoice(entry, value), line: entry.line, text: entry.text });
    else if (value["type"] === "end") end = { value, entry };
    else throw refuse("S51-E514", {}, onLine(entry, value["type"] === undefined ? [] : ["type"]));
  }
  const last = entries.at(-1)!;
  if (!end) throw refuse("S51-E517", {}, onLine(last), "a log written by state51 play --log ends with its end line; was it cut short?");
  return { header, choices, end: end.value, endLine: end.entry };
}

/** A value in a stable form, keys in a fixed order: a log passed through a JSON tool (`jq -cS`) may reorder them. */
const stableJson = (value: unknown): string | undefined => JSON.stringify(canonical(value));

/** A recorded or offered value in a message: its JSON, cut short (a hand-edited log may hold anything); "none" for a field missing. */
function shown(value: unknown): string {
  const json = JSON.stringify(value) ?? "none";
  return json.length > 120 ? `${json.slice(0, 119)}…` : json;
}

/** Why a recorded answer does not fit the decision the game asks: a code and its arguments (but the choice's number). */
export type Mismatch =
  | { readonly code: "S51-E521"; readonly args: Omit<MessageArgs<"S51-E521">, "n"> }
  | { readonly code: "S51-E522"; readonly args: Omit<MessageArgs<"S51-E522">, "n"> };

/**
 * Why a recorded answer does not fit the decision the game asks, or undefined when it does:
 * its index must offer the very choice recorded. When the choice is offered at another index,
 * the index and the choice disagree, and the message says so rather than that it is not offered.
 */
export function choiceMismatch(d: Decision, c: ChoiceRecord): Mismatch | undefined {
  const recorded = stableJson(c.choice);
  const inRange = c.index < d.choices.length;
  if (inRange && stableJson(d.choices[c.index]) === recorded) return undefined;
  const offeredAt = d.choices.findIndex((x) => stableJson(x) === recorded);
  const atIndex = inRange ? `index ${c.index} is ${shown(d.choices[c.index])}` : `it offers ${d.choices.length} choices, index 0 to ${d.choices.length - 1}`;
  if (offeredAt >= 0) return { code: "S51-E521", args: { choice: shown(c.choice), offeredAt, index: c.index, atIndex } };
  return { code: "S51-E522", args: { choice: shown(c.choice), index: c.index, atIndex } };
}

/** What each field of a log's end line says, in a message. */
const endFields: Readonly<Record<Exclude<keyof LogEnd, "type">, string>> = { rounds: "rounds", scores: "scores by seat", winners: "winners (seats)", digest: "final state digest" };

/** The most differences said of one end line, as validate says at most 100 problems of one file (S51-E016). */
const mostDifferences = 100;

/**
 * Each way the log's end line differs from the replay's end, a diagnostic each, at the field:
 * every field is compared, not only the digest (a score edited by hand leaves the digest as it
 * was), and a field a game's end never records is one too. `endLine`: the end line, where they
 * point. At most 100, then how many more (each is found by reading the line: thousands of
 * fields would take a while, and no one reads that many).
 */
export function endDifferences(logged: Readonly<Record<string, unknown>>, replayed: LogEnd, endLine: Entry): Diagnostic[] {
  const fields = Object.entries(endFields) as [keyof typeof endFields, string][];
  const differ = fields.filter(([key]) => stableJson(logged[key]) !== stableJson(replayed[key]));
  const unknown = Object.keys(logged).filter((key) => key !== "type" && !Object.hasOwn(endFields, key));
  // The fields said (at most 100) found in one pass over the line: each jsonRange would read the whole line again.
  const keys = [...differ.map(([key]) => key), ...unknown].slice(0, mostDifferences);
  const located = topFields(endLine.text, new Set(keys));
  const at = (key: string, part: "value" | "key"): Range => {
    const field = located.get(key);
    return field === undefined ? onLine(endLine) : inLog(endLine, field[part]);
  };
  const said = [
    ...differ.map(([key, label]) => () => diagnostic("", at(key, "value"), "S51-E525", { field: label, logged: shown(logged[key]), replayed: shown(replayed[key]) })),
    ...unknown.map((key) => () => diagnostic("", at(key, "key"), "S51-E526", { key: shown(key) })),
  ];
  const shownNow = said.slice(0, mostDifferences).map((make) => make());
  const left = said.length - shownNow.length;
  return left === 0 ? shownNow : [...shownNow, diagnostic("", onLine(endLine), "S51-E016", { count: left, errors: left }, "the end line is what play --log wrote, and only that: play the game again for a log")];
}

/**
 * Re-runs a logged game from its seed and answers; throws a ReplayError if the log does not fit
 * the game. `differences` are what the log's end line states that the replay does not reach
 * (none: it matches), as diagnostics with no file, as a ReplayError's.
 */
export function replay(cards: CardRegistry, text: string, narrate?: (line: string) => void): { game: Game; differences: Diagnostic[] } {
  const { header, choices, end, endLine } = parseLog(text, cards);
  const game = newGame(cards, { seed: header.seed, factions: header.factions, ...(narrate ? { narrate } : {}) });
  let next = 0;
  for (let d = pending(game); d; d = pending(game)) {
    const logged = choices[next++];
    if (!logged) throw refuse("S51-E518", { decision: d.kind, seat: d.seat }, onLine(endLine), "a log written by state51 play --log has an answer for every decision; was a line removed?");
    const { record: c } = logged;
    const at = (key: string): Range => onLine(logged, [key]);
    if (c.seat !== d.seat || c.decision !== d.kind)
      throw refuse("S51-E519", { n: next, decision: shown(c.decision), seat: c.seat, asked: d.kind, askedSeat: d.seat }, at(c.decision !== d.kind ? "decision" : "seat"));
    if (c.round !== game.state.round) throw refuse("S51-E520", { n: next, round: c.round, current: game.state.round }, at("round"));
    const mismatch = choiceMismatch(d, c);
    if (mismatch !== undefined) throw mismatch.code === "S51-E521" ? refuse("S51-E521", { n: next, ...mismatch.args }, at("index")) : refuse("S51-E522", { n: next, ...mismatch.args }, at("choice"));
    try {
      answer(game, c.index);
    } catch (error) {
      if (error instanceof RuleError) throw refuse("S51-E523", { n: next, why: error.message }, onLine(logged));
      throw error;
    }
  }
  const unused = choices[next];
  if (unused !== undefined) throw refuse("S51-E524", { unused: counted(choices.length - next, "logged choice") }, onLine(unused));
  return { game, differences: endDifferences(end, endOf(game.state), endLine) };
}
