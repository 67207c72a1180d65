/**
 * Phase 5, Clean-up: unused resource, worker, contact and redevelopment
 * tokens are discarded, except what keep cards, Leaders and depots hold;
 * permanent Contacts and faction markers come back; the first player token
 * passes left.
 */
import { location, type Game } from "./game.js";
import { addResource, countResources, type Resources } from "./state.js";
import { discardFromHand, handLimit } from "./tokens.js";

/** Moves up to `room` tokens from `from` into `to`, the most plentiful resource first. */
function store(from: Resources, to: Resources, room: number): void {
  let left = room - countResources(to);
  const order = Object.keys(from).sort((a, b) => from[b]! - from[a]! || (a < b ? -1 : 1));
  for (const r of order) {
    const n = Math.min(left, from[r]!);
    if (n <= 0) continue;
    addResource(from, r, -n);
    addResource(to, r, n);
    left -= n;
  }
}

/** Keeps at most `limit` tokens, dropping from the most plentiful resource. */
function trim(r: Resources, limit: number): void {
  let extra = countResources(r) - limit;
  while (extra > 0) {
    const most = Object.keys(r).sort((a, b) => r[b]! - r[a]! || (a < b ? -1 : 1))[0]!;
    addResource(r, most, -1);
    extra--;
  }
}

export function runCleanUp(game: Game): void {
  const s = game.state;
  s.phase = "clean-up";
  for (const p of s.players) {
    // Ruling: leftover pool resources fill the player's depots (free to place, kept between turns).
    for (const l of p.locations) {
      const a = location(game, l.card).ability;
      if (a.pattern === "trait") for (const t of a.traits) if (t.kind === "depot") store(p.pool.resources, l.depot, t.amount);
    }
    p.pool = { resources: {}, workers: 0, contactTokens: [], redevelopment: 0 };
    for (const l of p.locations) {
      const keep = location(game, l.card).keep;
      if (!keep) l.resources = {};
      else if (keep.limit !== undefined) trim(l.resources, keep.limit);
      l.uses = 0;
      l.markers = [];
    }
    for (const c of p.contacts) c.usedThisTurn = false;
    if (p.leader) p.leader.uses = 0;
    p.passed = false;
    p.workersSent = 0;
    p.redevelopments = 0;
  }
  // "A player cannot have more than 10 cards in his hand at any time during the Lookout Phase":
  // a hand grown past 10 in other phases comes down to 10 before the next Lookout (ruling; the player chooses).
  for (const p of s.players) if (p.hand.length > handLimit) discardFromHand(game, p.seat, p.hand.length - handLimit);
  s.firstPlayer = (s.firstPlayer + 1) % s.players.length;
}
