/** The random bot: uniform over every legal choice of every decision. */
import { createRng } from "../engine/rng.js";
import type { Agent } from "./agent.js";

export function randomBot(seed: number): Agent {
  const rng = createRng(seed);
  return { name: "random", choose: (_view, decision) => rng.int(decision.choices.length) };
}
