/**
 * Phase 2, Production (rulebook: "4 ways a player can acquire resources"):
 * the Base, every Agreement, Spoils cashed in, production Locations; and the
 * `each` traits ("each card of this type in your play area gives X").
 */
import type { SpoilsChoice } from "./choices.js";
import type { Give, Gains } from "./definitions.js";
import { ask, base, cardName, location, seatName, type Game } from "./game.js";
import type { LocationInPlay } from "./state.js";
import { dealsAt, dealsOf, giveTo, giveToBase } from "./tokens.js";

/** The three-slot rule: a Location holds at most 3 VP tokens. */
export const locationVpCap = 3;

/** Gains of a Location's own ability: VP on the card; resources on it if it keeps them, else in the pool. */
export function giveFromLocation(game: Game, seat: number, l: LocationInPlay): Give {
  const p = game.state.players[seat]!;
  const keeps = location(game, l.card).keep !== undefined;
  return giveTo(game, { seat, vp: { tokens: l.vpTokens, cap: locationVpCap }, resources: keeps ? l.resources : p.pool.resources });
}

export function produceLocation(game: Game, seat: number, l: LocationInPlay, to: Give = giveFromLocation(game, seat, l)): boolean {
  const a = location(game, l.card).ability;
  if (a.pattern !== "open-production" && a.pattern !== "closed-production") return false;
  a.produce(to);
  return true;
}

function cashSpoils(game: Game, seat: number): void {
  const p = game.state.players[seat]!;
  for (;;) {
    const spoils = dealsOf(p).filter((x) => x.deal.kind === "spoils");
    if (spoils.length === 0) return;
    const choices: SpoilsChoice[] = [...spoils.map(({ holder, index }) => ({ kind: "cash" as const, holder, index })), { kind: "done" }];
    const choice = choices[ask(game, { kind: "cash-spoils", seat, choices })]!;
    if (choice.kind === "done") return;
    const [deal] = dealsAt(p, choice.holder).splice(choice.index, 1);
    game.state.discard.push(deal!.card);
    location(game, deal!.card).spoils(giveToBase(game, seat));
    game.narrate(`  ${seatName(seat)} cashes in the Spoils of ${cardName(game, deal!.card)}`);
  }
}

/** `each <type> card -> …`: once per Location of that type in the player's area. */
function eachTraits(game: Game, seat: number): void {
  const p = game.state.players[seat]!;
  for (const l of p.locations) {
    const a = location(game, l.card).ability;
    if (a.pattern !== "trait") continue;
    for (const t of a.traits) {
      if (t.kind !== "each") continue;
      const n = p.locations.filter((x) => location(game, x.card).types.includes(t.cardType)).length;
      const to = giveTo(game, { seat, vp: { tokens: l.vpTokens, cap: locationVpCap }, resources: p.pool.resources });
      repeat(n, t.gains, to);
    }
  }
}

function repeat(n: number, gains: Gains, to: Give): void {
  for (let i = 0; i < n; i++) gains(to);
}

export function runProduction(game: Game): void {
  const s = game.state;
  s.phase = "production";
  const n = s.players.length;
  for (let i = 0; i < n; i++) {
    const seat = (s.firstPlayer + i) % n;
    const p = s.players[seat]!;
    base(game, p.base).produce(giveToBase(game, seat));
    for (const { deal } of dealsOf(p)) if (deal.kind === "agreement") location(game, deal.card).agreement(giveToBase(game, seat));
    cashSpoils(game, seat);
    for (const l of p.locations) produceLocation(game, seat, l);
    eachTraits(game, seat);
  }
}
