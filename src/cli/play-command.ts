import { resolve } from "node:path";
import type { CardRegistry } from "../engine/definitions.js";
import { seatName, type Game } from "../engine/game.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { readInputText } from "../load/read-file.js";
import { filesRead } from "../pipeline/validate.js";
import { checkOutput, UsageError } from "./usage-error.js";
import { BotSpecError, parseBotSpec, type BotSpec } from "../bots/index.js";
import { playWithBots, replay, ReplayError, stateDigest } from "../sim/game-log.js";
import { CompileError } from "../compiler/code.js";
import { cardSetUrl, importCardSet } from "../pipeline/load-card-set.js";
import { validOrReport } from "./validate-command.js";
import { errorLine } from "./error-line.js";
import { terminalLine } from "../text/escape.js";
import { tooFewFactions } from "../sim/simulated-game.js";

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
 * compiled in this process; undefined after reporting why when they cannot be played.
 */
export async function playableCards(paths: readonly string[], command: string, writeError: (s: string) => void): Promise<CardRegistry | undefined> {
  return (await compiledCards(paths, command, writeError))?.registry;
}

/** As `playableCards`, with the registry module's `data:` URL too (for worker threads to import the same cards: `cardSetUrl`). */
export async function compiledCards(paths: readonly string[], command: string, writeError: (s: string) => void): Promise<{ registry: CardRegistry; url: string } | undefined> {
  const result = validOrReport(paths, writeError, "no game played");
  if (result === undefined) return undefined;
  try {
    const url = cardSetUrl(result);
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

export function integer(text: string, what: string, min: number, max: number): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`${what} must be a whole number from ${min} to ${max}, not "${text}"`);
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

function finalScores(game: Game): string {
  const s = game.state;
  const rows = s.players.map((p) => `  ${seatName(p.seat)} (${p.faction}): ${p.score} VP${s.winners.includes(p.seat) ? (s.winners.length > 1 ? "  — draw" : "  — winner") : ""}`);
  return [`Final scores after ${s.round} rounds:`, ...rows].join("\n");
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
  checkOutput(opts.log, "the game log", { mkdir, reads: () => filesRead(paths) });
  return (cards) => runPlay(cards, { seed, bots, quiet: opts.quiet === true, log: opts.log, mkdir }, write, paths, writeError);
}

function runPlay(cards: CardRegistry, opts: { seed: number; bots: BotSpec[]; quiet: boolean; log: string | undefined; mkdir: boolean }, write: (s: string) => void, paths: readonly string[], writeError: (s: string) => void): number {
  const { seed, bots } = opts;
  const tooFew = tooFewFactions(cards, bots.length);
  if (tooFew !== undefined) {
    writeError(errorLine("play", tooFew) + "  hint: name the base set with your cards (state51 play cards/ my-expansion.yaml), or cards with Bases of their own\nno game played\n");
    return 1;
  }
  const narrate = opts.quiet ? undefined : narrator(write);
  const { game, log } = playWithBots(cards, { seed, bots, ...(narrate ? { narrate } : {}) });
  write(finalScores(game) + "\n");
  if (opts.log) {
    writeFileAtomic(resolve(opts.log), log, { mkdir: opts.mkdir });
    const again = ["state51", "replay", opts.log, ...paths].map(shellWord).join(" ");
    // One line, whatever the path holds: a line feed in it shows as \u000a rather than ending the line.
    write(terminalLine(`game log written to ${opts.log} (replay with: ${again})`) + "\n");
  }
  return 0;
}

/** Reads the log to replay (a UsageError if it cannot be read) and returns its replay. */
export function prepareReplay(file: string, quiet: boolean, write: (s: string) => void): Ready {
  const read = readInputText(resolve(file));
  if (!read.ok) throw new UsageError(`cannot read ${terminalLine(file)}: ${read.reason}`);
  return (cards) => runReplay(cards, file, read.text, quiet, write);
}

function runReplay(cards: CardRegistry, file: string, text: string, quiet: boolean, write: (s: string) => void): number {
  try {
    const narrate = quiet ? undefined : narrator(write);
    const { game, end } = replay(cards, text, narrate);
    write(finalScores(game) + "\n");
    if (end.digest !== stateDigest(game.state)) {
      write(`replay differs from the log: final state digest ${stateDigest(game.state)} is not ${end.digest}\n`);
      return 1;
    }
    write("replay matches the log's final state\n");
    return 0;
  } catch (error) {
    if (error instanceof ReplayError) {
      write(errorLine("replay", `cannot replay ${terminalLine(file)}: ${error.message}`));
      return 1;
    }
    throw error;
  }
}
