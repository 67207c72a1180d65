/**
 * Phase 2, Production (rulebook: "4 ways a player can acquire resources"):
 * the Base, every Agreement, Spoils cashed in (the player chooses which),
 * production Locations; the `each` traits ("each card of this type in
 * your play area gives X"); and, last, `after production` triggers.
 */
import type { Decision, SpoilsChoice } from "./choices.js";
import { stepsOf, type AbilityFacts, type LocationFacts } from "./facts.js";
import { base, cardName, locationFacts, powerFacts, say, seatName, type Game } from "./game.js";
import type { Deal } from "./state.js";
import { schedule, type GiveTarget, type Task } from "./tasks.js";
import { fireTriggers, productionDone } from "./triggers.js";
import { dealsAt, dealsOf, giveAll } from "./tokens.js";
import { packedMap } from "./packed.js";

export function productionTasks(game: Game): Task[] {
  const s = game.state;
  const n = s.players.length;
  const tasks: Task[] = [];
  // "Beginning with the first player and proceeding clockwise, each player takes the produced Resources…"
  for (let i = 0; i < n; i++) {
    const seat = (s.firstPlayer + i) % n;
    tasks.push({ kind: "produce", seat }, { kind: "cash-spoils", seat }, { kind: "produce-locations", seat });
  }
  return tasks;
}

const toBase: GiveTarget = Object.freeze({ to: "base" });

/** What an Agreement produces (a Spoils, nothing until it is cashed). */
function agreement(game: Game, seat: number, deal: Deal): void {
  if (deal.kind === "agreement") giveAll(game, seat, toBase, locationFacts(game, deal.card).agreement);
}

/** The Base and every Agreement. */
export function produce(game: Game, t: Extract<Task, { kind: "produce" }>): undefined {
  const p = game.state.players[t.seat]!;
  giveAll(game, t.seat, toBase, stepsOf(base(game, p.base).produce));
  // Under the Base, then under each Location, in order.
  for (const deal of p.baseDeals) agreement(game, t.seat, deal);
  for (const l of p.locations) for (const deal of l.deals) agreement(game, t.seat, deal);
  return undefined;
}

/** "A player can discard any number of Spoils cards during the Production Phase": one at a time, until done. */
export function cashSpoils(game: Game, t: Extract<Task, { kind: "cash-spoils" }>): Decision | undefined {
  const p = game.state.players[t.seat]!;
  const choices: SpoilsChoice[] = [];
  for (const { holder, index, deal } of dealsOf(p)) if (deal.kind === "spoils") choices.push({ kind: "cash", holder, index });
  if (choices.length === 0) return undefined;
  choices.push({ kind: "done" });
  return { kind: "cash-spoils", seat: t.seat, choices };
}

export function resolveCashSpoils(game: Game, d: Extract<Decision, { kind: "cash-spoils" }>, c: SpoilsChoice): void {
  if (c.kind === "done") return;
  const s = game.state;
  const p = s.players[d.seat]!;
  const [deal] = dealsAt(p, c.holder).splice(c.index, 1);
  s.discard.push(deal!.card);
  giveAll(game, d.seat, toBase, locationFacts(game, deal!.card).spoils);
  say(game, () => `  ${seatName(d.seat)} cashes in the Spoils of ${cardName(game, deal!.card)}`);
  s.agenda.push({ kind: "cash-spoils", seat: d.seat });
}

/**
 * Production Locations, then `each` traits: once per Location of that type in
 * the player's area, the trait card itself included (a Base's `each`, its
 * power, counts the Locations only, a Base having no card type); then the
 * productions with a cost, left to right, each the player's choice (ruling
 * 40); then, the player's Production done, their `after production` triggers
 * (ruling 36).
 */
export function produceLocations(game: Game, t: Extract<Task, { kind: "produce-locations" }>): undefined {
  const p = game.state.players[t.seat]!;
  const inPlay = packedMap(p.locations, (l) => locationFacts(game, l.card));
  const paid: Task[] = [];
  for (let index = 0; index < inPlay.length; index++) {
    const f = inPlay[index]!;
    if (f.produces) giveAll(game, t.seat, { to: "location", index }, f.produces);
    if (f.paid) paid.push({ kind: "paid-production", seat: t.seat, owner: t.seat, location: index });
  }
  for (let index = 0; index < inPlay.length; index++) eachOfType(game, t.seat, inPlay, inPlay[index]!, { to: "location", index });
  const power = powerFacts(game, t.seat);
  if (power) eachOfType(game, t.seat, inPlay, power, { to: "power" });
  schedule(game.state.agenda, ...paid, { kind: "production-done", seat: t.seat });
  return undefined;
}

export function endProduction(game: Game, t: Extract<Task, { kind: "production-done" }>): undefined {
  fireTriggers(game, t.seat, productionDone);
  return undefined;
}

function eachOfType(game: Game, seat: number, inPlay: readonly LocationFacts[], f: AbilityFacts, target: GiveTarget): void {
  for (const each of f.perCardType) {
    const n = inPlay.filter((x) => x.def.types.includes(each.cardType)).length;
    for (let i = 0; i < n; i++) giveAll(game, seat, target, each.steps);
  }
}
