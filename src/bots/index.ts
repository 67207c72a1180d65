/**
 * The bots by name, as `--bots` accepts them: `random`, `greedy`,
 * `mcts` or `mcts:<playouts>`.
 */
import type { CardRegistry } from "../engine/definitions.js";
import type { Agent } from "./agent.js";
import { greedyBot } from "./greedy.js";
import { mctsBot, mctsDefaults } from "./mcts.js";
import { randomBot } from "./random.js";

export type BotSpec = { readonly kind: "random" } | { readonly kind: "greedy" } | { readonly kind: "mcts"; readonly playouts: number };

/** The most playouts a search bot may spend on one decision (beyond it a game takes hours). */
export const maxPlayouts = 100_000;

export class BotSpecError extends Error {
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
  }
}

export function parseBotSpec(text: string): BotSpec {
  const [name, option, ...extra] = text.trim().split(":");
  const hint = `bots: random, greedy, mcts or mcts:<playouts> (1 to ${maxPlayouts.toLocaleString("en")}; default ${mctsDefaults.playouts}), e.g. --bots mcts:200,greedy`;
  if (name === "random" || name === "greedy") {
    if (option !== undefined) throw new BotSpecError(`the ${name} bot takes no option, not "${text}"`, hint);
    return { kind: name };
  }
  if (name === "mcts") {
    if (option === undefined) return { kind: "mcts", playouts: mctsDefaults.playouts };
    const n = Number(option);
    if (extra.length > 0 || !/^\d+$/.test(option) || n < 1 || n > maxPlayouts) throw new BotSpecError(`"${text}": the mcts bot's playouts must be a whole number from 1 to ${maxPlayouts.toLocaleString("en")}`, hint);
    return { kind: "mcts", playouts: n };
  }
  throw new BotSpecError(`unknown bot "${text}"`, hint);
}

/** The bot's name as logs record it (`mcts:200`). */
export function botName(spec: BotSpec): string {
  return spec.kind === "mcts" ? `mcts:${spec.playouts}` : spec.kind;
}

export function makeBot(spec: BotSpec, cards: CardRegistry, seed: number): Agent {
  switch (spec.kind) {
    case "random":
      return randomBot(seed);
    case "greedy":
      return greedyBot(cards, seed);
    case "mcts":
      return mctsBot(cards, seed, { ...mctsDefaults, playouts: spec.playouts });
  }
}
