/**
 * Phase 5, Clean-up: "players discard all their unused Resource, Worker,
 * Contact, and Redevelopment tokens" except what keep cards (up to their
 * limit; the player chooses what stays), Leaders, depots and combos hold,
 * and the resources on the Base a `limit keep N` card lets its owner keep
 * (ruling 33; again the player chooses); permanent Contacts and faction
 * markers come back; hands come down to 10.
 */
import type { Decision } from "./choices.js";
import { locationFacts, ruleLimit, type Game } from "./game.js";
import { addResource, countResources } from "./state.js";
import { isLastRound } from "./limits.js";
import type { Task } from "./tasks.js";
import { emptyStore, toSupply, tokenKind } from "./tokens.js";

export function cleanUpTasks(game: Game): Task[] {
  const s = game.state;
  const tasks: Task[] = [];
  // The last Clean-up asks nothing: the game is decided (the tie-break counts were taken at the VP count).
  const ask = !isLastRound(s);
  for (const p of s.players) {
    // The keep limit is 0 in the base game: the pool's resources go back to the supply like its other tokens.
    const keepLimit = ruleLimit(game, p.seat, "keep");
    const stay = keepLimit > 0;
    // The pool's record is replaced below: its tokens go back to the supply, and nothing need be deleted from it.
    if (!stay) for (const k in p.pool.resources) toSupply(s, tokenKind.resource(k), p.pool.resources[k]!);
    else if (ask && countResources(p.pool.resources) > keepLimit) tasks.push({ kind: "pool-trim", seat: p.seat });
    toSupply(s, tokenKind.worker, p.pool.workers);
    for (const t of p.pool.contactTokens) toSupply(s, tokenKind.contact(t.colour, t.range), 1);
    toSupply(s, tokenKind.redevelopment, p.pool.redevelopment);
    p.pool = { resources: stay ? p.pool.resources : {}, workers: 0, contactTokens: [], redevelopment: 0 };
    p.locations.forEach((l, index) => {
      const keeps = locationFacts(game, l.card).keeps;
      if (keeps === undefined) emptyStore(s, l.resources);
      else if (ask && countResources(l.resources) > keeps) tasks.push({ kind: "keep-trim", seat: p.seat, location: index });
      l.uses = 0;
      if (l.markers.length > 0) l.markers = [];
    });
    for (const c of p.contacts) c.usedThisTurn = false;
    if (p.leader) p.leader.uses = 0;
    // A Base's power, as a Location: its action's uses come back, its depot stays.
    if (p.power) p.power.uses = 0;
    p.passed = false;
    p.workersSent = 0;
    p.redevelopments = 0;
    p.actionsTaken = 0;
    p.freeMoves = 0;
    // "A player cannot have more than 10 cards in his hand at any time during the Lookout Phase":
    // a hand grown past 10 in other phases comes down to 10 before the next Lookout (ruling 20; the player chooses).
    const limit = ruleLimit(game, p.seat, "hand");
    if (ask && p.hand.length > limit) tasks.push({ kind: "discard-cards", seat: p.seat, count: p.hand.length - limit, keep: [], then: "none" });
  }
  return tasks;
}

/** A keep card over its limit: the player chooses which token goes, one at a time. */
export function keepTrim(game: Game, t: Extract<Task, { kind: "keep-trim" }>): Decision | undefined {
  const l = game.state.players[t.seat]!.locations[t.location]!;
  const limit = locationFacts(game, l.card).keeps ?? Infinity;
  if (countResources(l.resources) <= limit) return undefined;
  return { kind: "keep-trim", seat: t.seat, choices: Object.keys(l.resources).sort(), location: t.location };
}

export function resolveKeepTrim(game: Game, d: Extract<Decision, { kind: "keep-trim" }>, resource: string): void {
  const s = game.state;
  addResource(s.players[d.seat]!.locations[d.location]!.resources, resource, -1);
  toSupply(s, tokenKind.resource(resource), 1);
  s.agenda.push({ kind: "keep-trim", seat: d.seat, location: d.location });
}

/** More resources on the Base than the owner's keep limit: the player chooses which token goes, one at a time. */
export function poolTrim(game: Game, t: Extract<Task, { kind: "pool-trim" }>): Decision | undefined {
  const pool = game.state.players[t.seat]!.pool.resources;
  if (countResources(pool) <= ruleLimit(game, t.seat, "keep")) return undefined;
  return { kind: "pool-trim", seat: t.seat, choices: Object.keys(pool).sort() };
}

export function resolvePoolTrim(game: Game, d: Extract<Decision, { kind: "pool-trim" }>, resource: string): void {
  const s = game.state;
  addResource(s.players[d.seat]!.pool.resources, resource, -1);
  toSupply(s, tokenKind.resource(resource), 1);
  s.agenda.push({ kind: "pool-trim", seat: d.seat });
}
