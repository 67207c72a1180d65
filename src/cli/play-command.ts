import { dirname, relative, resolve, sep } from "node:path";
import type { CardRegistry } from "../engine/definitions.js";
import { seatName, type Game } from "../engine/game.js";
import { maxRounds } from "../engine/limits.js";
import { winningScore } from "../engine/scoring.js";
import type { GameState } from "../engine/state.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { readInputText } from "../load/read-file.js";
import { filesRead } from "../pipeline/validate.js";
import { checkOutput, UsageError, type Replaceable } from "./usage-error.js";
import { namesAFolder } from "../fs/output-problem.js";
import { BotSpecError, parseBotSpec, type BotSpec } from "../bots/index.js";
import { CardSetMismatch, isLogHeader, playWithBots, replay, ReplayError } from "../sim/game-log.js";
import { factionNames, stoppedAtLimit } from "../sim/report.js";
import { CompileError } from "../compiler/code.js";
import { cachedCardSetUrl } from "../pipeline/card-set-cache.js";
import { importCardSet } from "../pipeline/import-card-set.js";
import { validOrReport } from "./validate-command.js";
import { errorLine } from "./error-line.js";
import { terminalLine } from "../text/escape.js";
import { formatDiagnostic } from "./format-diagnostics.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { tooFewFactions, tooFewFactionsHint } from "../sim/simulated-game.js";

export { UsageError };

export interface PlayOptions {
  readonly players?: string;
  readonly seed?: string;
  readonly bots?: string;
  readonly log?: string;
  readonly quiet?: boolean;
  /** Make the log's missing folders. */
  readonly mkdir?: boolean;
}

/**
 * The cards a game is played with: those on disk now (default cards/), checked and
 * compiled in this process (or kept from an earlier run: src/pipeline/card-set-cache.ts);
 * undefined after reporting why when they cannot be played.
 */
export async function playableCards(paths: readonly string[], command: string, writeError: (s: string) => void): Promise<CardRegistry | undefined> {
  return (await compiledCards(paths, command, writeError))?.registry;
}

/**
 * As `playableCards`, with the registry module's `data:` URL too (for worker threads to import the
 * same cards: `cardSetUrl`); `said`: the warnings already said of another set the command checks.
 */
export async function compiledCards(paths: readonly string[], command: string, writeError: (s: string) => void, said?: Set<string>): Promise<{ registry: CardRegistry; url: string } | undefined> {
  const result = validOrReport(paths, writeError, "no game played", said);
  if (result === undefined) return undefined;
  try {
    // The compiler (and ts-morph) is loaded only when these files were not compiled before.
    const url = await cachedCardSetUrl(result, async () => (await import("../pipeline/load-card-set.js")).cardSetUrl(result));
    return { registry: await importCardSet(url), url };
  } catch (error) {
    if (!(error instanceof CompileError)) throw error;
    writeError(errorLine(command, error.message) + "no game played\n");
    return undefined;
  }
}

/** A word as a POSIX shell reads it back: quoted when it holds anything but plain path characters. */
function shellWord(word: string): string {
  return /^[\w./:@%+=,-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}

/** The command that replays the log `file` with the card paths `paths`, as a shell reads it back. */
function replayCommand(file: string, paths: readonly string[]): string {
  return ["state51", "replay", file, ...paths].map(shellWord).join(" ");
}

/**
 * A whole number from `min` to `max` written in plain decimal digits (`--seed`, `--players`,
 * and `simulate`'s numbers): `Number` alone also takes "" (as 0), "0x10" and "1e3", which no
 * one types meaning a seed, and a seed taken wrongly plays another game without a word.
 */
export function integer(text: string, what: string, min: number, max: number): number {
  const digits = /^\d+$/.test(text.trim());
  const n = digits ? Number(text) : NaN;
  if (!(n >= min && n <= max)) throw new UsageError(`${what} must be a whole number from ${min} to ${max}, not "${text}"${digits ? "" : "\n  hint: write it in plain decimal digits (no sign, point, exponent or 0x)"}`);
  return n;
}

/** `--bots mcts:200,greedy`: one per player; a shorter list repeats. */
function parseBots(text: string | undefined, players: number): BotSpec[] {
  const names = (text ?? "greedy").split(",").map((b) => b.trim());
  if (names.length > players) throw new UsageError(`${names.length} bots for ${players} players: give at most one bot per player`);
  const specs = names.map((n) => {
    try {
      return parseBotSpec(n);
    } catch (error) {
      if (error instanceof BotSpecError) throw new UsageError(`${error.message}\n  hint: ${error.hint}`);
      throw error;
    }
  });
  return Array.from({ length: players }, (_, i) => specs[i % specs.length]!);
}

/**
 * Said under the final scores of a game the engine stopped at its round limit (ruling 24): no
 * one reached 30 VP, so the scores are not those of a finished game. A game where someone
 * reached 30 in that last round ended as the rules say, and is not noted.
 */
export function roundLimitNote(s: GameState): string | undefined {
  return s.round >= maxRounds && !s.lastRound ? `The game ${stoppedAtLimit}: no one reached ${winningScore} VP.` : undefined;
}

/** The final scores, each faction named as its Base is ("New York", not its id `new-york`), as `simulate`'s report names it. */
function finalScores(game: Game): string {
  const s = game.state;
  const names = factionNames(game.cards);
  // A Base's name is the designer's: one line of the scores, whatever it holds.
  const rows = s.players.map((p) => terminalLine(`  ${seatName(p.seat)} (${names.get(p.faction) ?? p.faction}): ${p.score} VP${s.winners.includes(p.seat) ? (s.winners.length > 1 ? "  — draw" : "  — winner") : ""}`));
  const note = roundLimitNote(s);
  return [`Final scores after ${s.round} rounds:`, ...rows, ...(note === undefined ? [] : [note])].join("\n");
}

/**
 * The game's account, a line at a time. Each line is one line of output whatever
 * the card names in it hold (a line feed in a name would otherwise print lines
 * of its own, a fake "Final scores" among them).
 */
function narrator(write: (s: string) => void): (line: string) => void {
  return (line) => write(terminalLine(line) + "\n");
}

/** A command whose options are checked, waiting for its cards (compiling them takes a moment: a usage error should not wait). */
export type Ready = (cards: CardRegistry) => number;

/** `--players` (2 to 4; default the number of bots given when more than one, else 4) and `--bots` by seat. */
export function playersAndBots(opts: { readonly players?: string; readonly bots?: string }): { players: number; bots: BotSpec[] } {
  const botsGiven = opts.bots?.split(",").length ?? 0;
  // Several bots name the seats; one bot (or none) is every seat's, at the rulebook's largest table.
  const players = opts.players !== undefined ? integer(opts.players, "--players", 2, 4) : botsGiven >= 2 ? Math.min(4, botsGiven) : 4;
  return { players, bots: parseBots(opts.bots, players) };
}

/**
 * Checks `play`'s options (a UsageError if one makes no sense) and returns the game to
 * play; `paths` are the card files it is played with, repeated in the replay command it suggests.
 */
export function preparePlay(opts: PlayOptions, write: (s: string) => void, paths: readonly string[], writeError: (s: string) => void = write): Ready {
  const { bots } = playersAndBots(opts);
  const seed = opts.seed !== undefined ? integer(opts.seed, "--seed", 0, 2 ** 32 - 1) : 1;
  const mkdir = opts.mkdir === true;
  if (opts.log !== undefined) checkLog(opts.log, mkdir, paths);
  return (cards) => runPlay(cards, { seed, bots, quiet: opts.quiet === true, log: opts.log, mkdir }, write, paths, writeError);
}

/** An earlier game log: its first line is a log's header (a first line longer than what is read is none `play` writes). */
const gameLog: Replaceable = {
  kind: "a game log",
  is: (head, cut) => {
    const text = head.toString("utf8");
    const newline = text.search(/\r?\n/);
    if (newline < 0 && cut) return false;
    return isLogHeader(newline < 0 ? text : text.slice(0, newline));
  },
};

/**
 * A UsageError, before the game, when `--log` names nothing a log can be written to: no name,
 * standard output (`-`: the account goes there; a log mixed into it could not be replayed), a
 * folder, a place `checkOutput` refuses, or a file that is not an earlier game log.
 */
function checkLog(path: string, mkdir: boolean, paths: readonly string[]): void {
  if (path === "-") throw new UsageError('--log - would mix the log into the game\'s account on standard output: name a file\n  hint: state51 play --log game.jsonl (--log ./- for a file named "-")');
  if (namesAFolder(path)) throw new UsageError(`--log names a file, not a folder: "${path}"\n  hint: name the log file in it, e.g. --log ${shellWord(path.endsWith("/") ? `${path}game.jsonl` : `${path}/game.jsonl`)}`);
  checkOutput(path, "the game log", { mkdir, reads: () => filesRead(paths), replaces: gameLog });
}

function runPlay(cards: CardRegistry, opts: { seed: number; bots: BotSpec[]; quiet: boolean; log: string | undefined; mkdir: boolean }, write: (s: string) => void, paths: readonly string[], writeError: (s: string) => void): number {
  const { seed, bots } = opts;
  const tooFew = tooFewFactions(cards, bots.length);
  if (tooFew !== undefined) {
    writeError(errorLine("play", tooFew) + tooFewFactionsHint("play") + "no game played\n");
    return 1;
  }
  const narrate = opts.quiet ? undefined : narrator(write);
  const recorded = opts.log === undefined ? [] : pathsFromLog(opts.log, paths);
  const { game, log } = playWithBots(cards, { seed, bots, paths: recorded, ...(narrate ? { narrate } : {}) });
  write(finalScores(game) + "\n");
  if (opts.log !== undefined) {
    writeFileAtomic(opts.log, log, { mkdir: opts.mkdir });
    // One line, whatever the path holds: a line feed in it shows as \u000a rather than ending the line.
    write(terminalLine(`game log written to ${opts.log} (replay with: ${replayCommand(opts.log, paths)})`) + "\n");
  }
  return 0;
}

/**
 * Reads the log to replay and returns its replay with the cards at `paths`, or, when the log
 * cannot be read, the exit status after saying so (S51-E001, as `validate` says it of a card
 * file): before the cards are compiled. The replay's account and final scores go to `write`;
 * why it cannot be replayed, or how it differs from the log, to `writeError`.
 */
export function prepareReplay(file: string, paths: readonly string[], quiet: boolean, write: (s: string) => void, writeError: (s: string) => void): Ready | number {
  const read = readInputText(resolve(file), file, "name a log written by state51 play --log, e.g. state51 play --log game.jsonl && state51 replay game.jsonl");
  if (!read.ok) {
    writeError(formatDiagnostic(read.diagnostic) + "\n\n");
    return 1;
  }
  return (cards) => runReplay(cards, { file, paths, text: read.text, quiet }, write, writeError);
}

/**
 * The card paths as the log records them: relative to the log's own folder (with `/`), so a
 * replay from another folder finds them, the same game played from anywhere records the same
 * paths, and a shared log names no one's home folder.
 */
export function pathsFromLog(log: string, paths: readonly string[], cwd: string = process.cwd()): string[] {
  return paths.map((p) => relative(logFolder(log, cwd), resolve(cwd, p)).split(sep).join("/") || ".");
}

/** A path the log records (relative to its folder) as the user names it from `cwd`. */
function fromHere(log: string, recorded: string, cwd: string): string {
  return relative(cwd, resolve(logFolder(log, cwd), recorded)) || ".";
}

/** The folder the log `log` (as named from `cwd`) is in: what the paths it records are relative to. */
const logFolder = (log: string, cwd: string): string => dirname(resolve(cwd, log));

/**
 * What to do about a log played with other cards. Its header names the card paths it was played
 * with (logs from before it did: the hint can only say to name them); the same paths named
 * again mean those files have changed since.
 */
export function cardSetHint(file: string, recorded: readonly string[] | undefined, named: readonly string[], cwd: string = process.cwd()): string {
  // The recorded paths come from the log, a file anyone may have edited: one line, escaped.
  return terminalLine(cardSetAdvice(file, recorded?.map((p) => fromHere(file, p, cwd)), named, cwd));
}

function cardSetAdvice(file: string, recorded: readonly string[] | undefined, named: readonly string[], cwd: string): string {
  if (recorded === undefined) return `name the card files and folders it was played with, as they were then: state51 replay ${shellWord(file)} cards/ my-expansion.yaml`;
  const same = recorded.length === named.length && recorded.every((p, i) => resolve(cwd, p) === resolve(cwd, named[i]!));
  if (same) return "these are the card files it was played with, but the cards have changed since: it replays only with the cards as they were then (git stash, or check out the commit it was played at)";
  return `it was played with ${recorded.length === 0 ? "the default cards/" : recorded.map(shellWord).join(" ")}: ${replayCommand(file, recorded)}`;
}

function runReplay(cards: CardRegistry, log: { file: string; paths: readonly string[]; text: string; quiet: boolean }, write: (s: string) => void, writeError: (s: string) => void): number {
  // Each diagnostic with the log's line it points at, as validate shows a card file's.
  const report = (found: readonly Diagnostic[]): void => writeError(found.map((d) => formatDiagnostic(d, log.text) + "\n\n").join(""));
  try {
    const narrate = log.quiet ? undefined : narrator(write);
    const { game, differences } = replay(cards, log.text, narrate);
    write(finalScores(game) + "\n");
    if (differences.length > 0) {
      report(differences.map((d) => ({ ...d, file: log.file })));
      return 1;
    }
    write("replay matches the log's final state\n");
    return 0;
  } catch (error) {
    if (!(error instanceof ReplayError)) throw error;
    const found = error.in(log.file);
    report([error instanceof CardSetMismatch ? { ...found, hint: cardSetHint(log.file, error.paths, log.paths) } : found]);
    return 1;
  }
}
