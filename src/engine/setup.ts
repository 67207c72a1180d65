/**
 * Game set-up (rulebook, "Game setup"): each player takes a faction's Base
 * and its three permanent Contacts; every other Location, Leader and one-time
 * Contact is shuffled into the deck; four cards are dealt to each player.
 */
import type { BaseDef, CardDef, CardRegistry } from "./definitions.js";
import { seedRng, shuffle } from "./rng.js";
import { packedMap } from "./packed.js";
import type { CardId, GameState, PlayerState } from "./state.js";
import { drawInto } from "./tokens.js";

export interface GameSetup {
  readonly seed: number;
  /** 2 to 4; the number of factions when they are given. */
  readonly players?: number;
  /** Factions by seat; chosen at random when absent. */
  readonly factions?: readonly string[];
}

export const startingHand = 4;

function newPlayer(seat: number, faction: string, base: BaseDef, contacts: readonly CardId[]): PlayerState {
  const p: PlayerState = {
    seat,
    faction,
    base: base.id,
    baseVp: [],
    baseDeals: [],
    hand: [],
    leader: undefined,
    locations: [],
    contacts: packedMap(contacts, (card) => ({ card, usedThisTurn: false })),
    pool: { resources: {}, workers: 0, contactTokens: [], redevelopment: 0 },
    passed: false,
    workersSent: 0,
    workersReceived: 0,
    redevelopments: 0,
    drewInstead: false,
    actionsTaken: 0,
    freeMoves: 0,
    score: 0,
  };
  // Only a Base with a faction power has its state: a base-set player's state is as it always was.
  if (base.power) p.power = { uses: 0, depot: {}, vpTokens: [] };
  return p;
}

/** What every game of a card set starts from, read once per set: its Bases, each faction's permanent Contacts, the cards dealt into the deck. */
interface SetupFacts {
  readonly bases: readonly BaseDef[];
  readonly contactsOf: ReadonlyMap<string, readonly CardId[]>;
  /** Every card but the Bases and permanent Contacts, in the set's order (shuffled into each game's deck). */
  readonly deck: readonly CardId[];
  /** The Bases and permanent Contacts, in the set's order (those of the factions not played go in the box). */
  readonly factionCards: readonly CardId[];
}

const setupCache = new WeakMap<CardRegistry, SetupFacts>();

function setupFacts(cards: CardRegistry): SetupFacts {
  let f = setupCache.get(cards);
  if (f) return f;
  const bases = cards.cards.filter((c): c is BaseDef => c.kind === "base");
  const contactsOf = new Map<string, CardId[]>();
  for (const b of bases) contactsOf.set(b.faction, cards.cards.filter((c) => c.kind === "contact" && c.use === "permanent" && c.faction === b.faction).map((c) => c.id));
  const isFactionCard = (c: CardDef): boolean => c.kind === "base" || (c.kind === "contact" && c.use === "permanent");
  f = { bases, contactsOf, deck: cards.cards.filter((c) => !isFactionCard(c)).map((c) => c.id), factionCards: cards.cards.filter(isFactionCard).map((c) => c.id) };
  setupCache.set(cards, f);
  return f;
}

/** The state before the first Lookout (the machine's `newGame` starts the rules on it). */
export function initialState(cards: CardRegistry, setup: GameSetup): GameState {
  const count = setup.factions?.length ?? setup.players ?? 4;
  if (!Number.isInteger(count) || count < 2 || count > 4) throw new RangeError(`51st State is for 2 to 4 players, not ${count}`);
  const rng = seedRng(setup.seed);
  const { bases, contactsOf, deck, factionCards } = setupFacts(cards);
  // Drawn even when factions are given, so a replay's PRNG runs exactly as the original's did.
  const drawn = shuffle(packedMap(bases, (b) => b.faction), rng).slice(0, count);
  // Callers check first (tooFewFactions); this keeps a short draw from seating fewer players than asked.
  if (setup.factions === undefined && drawn.length < count) throw new RangeError(`${bases.length} faction${bases.length === 1 ? "" : "s"} (Bases) for ${count} players`);
  const factions = setup.factions ?? drawn;
  // "Each player randomly chooses a Faction and takes its corresponding Base card": one each.
  if (new Set(factions).size !== factions.length) throw new RangeError(`each player has a faction of their own, not ${factions.join(", ")}`);
  const players = packedMap(factions, (faction, seat) => {
    const base = bases.find((b) => b.faction === faction);
    if (!base) throw new RangeError(`no Base for faction "${faction}"`);
    return newPlayer(seat, faction, base, contactsOf.get(faction)!);
  });
  const inPlay = new Set<CardId>();
  for (const p of players) {
    inPlay.add(p.base);
    for (const c of p.contacts) inPlay.add(c.card);
  }
  const state: GameState = {
    players,
    box: factionCards.filter((id) => !inPlay.has(id)),
    deck: shuffle(deck.slice(), rng),
    discard: [],
    revealed: [],
    supply: {},
    round: 1,
    firstPlayer: 0,
    phase: "lookout",
    lastRound: false,
    winners: [],
    tieBreak: [],
    rng,
    agenda: [],
    pending: undefined,
  };
  // Dealt before the first Lookout: the hand limit does not apply.
  for (const p of players) drawInto(state, p.seat, startingHand);
  return state;
}
