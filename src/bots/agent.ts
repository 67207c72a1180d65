/**
 * An agent answers decisions from a player's view only (src/engine/view.ts):
 * it is told the decision, with its legal choices, and returns the index of
 * one. Bots, scripted test agents and replayed logs are all agents.
 */
import type { Decision } from "../engine/choices.js";
import type { PlayerView } from "../engine/view.js";

export interface Agent {
  readonly name: string;
  choose(view: PlayerView, decision: Decision): number;
}
