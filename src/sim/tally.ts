/**
 * The streamed aggregation of simulated games: integer counts and sums only,
 * so tallies of any share of the games merge, in any order, into the same
 * numbers (and the same report bytes). A tally's size depends on the card set,
 * the factions and the bots, never on the number of games.
 */

/** Player-games: how many, how many won alone, how many drawn (shared first place). */
export interface Outcome {
  games: number;
  wins: number;
  draws: number;
}

/** How a card was played: Spoils (Conquest), Agreement (Cooperation), Location (Incorporation or Redevelopment), Leader, or as a one-time Contact. */
export const playWays = ["spoils", "agreement", "location", "redevelopment", "leader", "contact"] as const;
export type PlayWay = (typeof playWays)[number];

export interface CardTally {
  /** Player-games where the card was in the player's hand. */
  seen: number;
  seenWins: number;
  /** Player-games where the player played it (at least once). */
  played: number;
  playedWins: number;
  /** Plays, by way (`location` counts Redevelopments too; `redevelopment` counts them apart). */
  plays: Record<PlayWay, number>;
  /** VP the card held at the end of the game: 1 for a Location or Leader in play plus its VP tokens. */
  vp: number;
}

export interface Tally {
  games: number;
  /** Games that ended in a draw. */
  draws: number;
  /** Games by their number of rounds (index: rounds). */
  rounds: number[];
  /** Final VP summed over every player, and over the winners (the top score of each game). */
  vp: number;
  topVp: number;
  seats: Outcome[];
  factions: Record<string, Outcome>;
  bots: Record<string, Outcome>;
  cards: Record<string, CardTally>;
}

export const emptyOutcome = (): Outcome => ({ games: 0, wins: 0, draws: 0 });

export function emptyCardTally(): CardTally {
  return { seen: 0, seenWins: 0, played: 0, playedWins: 0, plays: { spoils: 0, agreement: 0, location: 0, redevelopment: 0, leader: 0, contact: 0 }, vp: 0 };
}

/** What a tally is kept for: the seats, the factions and bot names (in report order) and the cards tracked. */
export interface TallyShape {
  readonly players: number;
  readonly factions: readonly string[];
  readonly bots: readonly string[];
  readonly cards: readonly string[];
}

export function emptyTally(shape: TallyShape): Tally {
  const by = <T>(keys: readonly string[], make: () => T): Record<string, T> => Object.fromEntries(keys.map((k) => [k, make()]));
  return {
    games: 0,
    draws: 0,
    rounds: [],
    vp: 0,
    topVp: 0,
    seats: Array.from({ length: shape.players }, emptyOutcome),
    factions: by(shape.factions, emptyOutcome),
    bots: by(shape.bots, emptyOutcome),
    cards: by(shape.cards, emptyCardTally),
  };
}

function addOutcome(into: Outcome, o: Outcome): void {
  into.games += o.games;
  into.wins += o.wins;
  into.draws += o.draws;
}

function addCard(into: CardTally, c: CardTally): void {
  into.seen += c.seen;
  into.seenWins += c.seenWins;
  into.played += c.played;
  into.playedWins += c.playedWins;
  for (const w of playWays) into.plays[w] += c.plays[w];
  into.vp += c.vp;
}

/** The same keys, in any order: a part's JSON may list them in another order (`jq`), and the sums are by key. */
function sameKeys(a: Record<string, unknown>, b: Record<string, unknown>, what: string): void {
  const ka = Object.keys(a).sort().join(",");
  const kb = Object.keys(b).sort().join(",");
  if (ka !== kb) throw new Error(`cannot merge tallies of different ${what}`);
}

/** Adds `t` into `into` (same shape): the sum is the same whatever the order tallies are added in. */
export function mergeTally(into: Tally, t: Tally): Tally {
  if (into.seats.length !== t.seats.length) throw new Error("cannot merge tallies of different player counts");
  sameKeys(into.factions, t.factions, "factions");
  sameKeys(into.bots, t.bots, "bots");
  sameKeys(into.cards, t.cards, "cards");
  into.games += t.games;
  into.draws += t.draws;
  for (let r = 0; r < t.rounds.length; r++) into.rounds[r] = (into.rounds[r] ?? 0) + t.rounds[r]!;
  for (let r = 0; r < into.rounds.length; r++) into.rounds[r] ??= 0;
  into.vp += t.vp;
  into.topVp += t.topVp;
  t.seats.forEach((o, i) => addOutcome(into.seats[i]!, o));
  for (const k in t.factions) addOutcome(into.factions[k]!, t.factions[k]!);
  for (const k in t.bots) addOutcome(into.bots[k]!, t.bots[k]!);
  for (const k in t.cards) addCard(into.cards[k]!, t.cards[k]!);
  return into;
}
