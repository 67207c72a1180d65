/**
 * The rulebook's worked examples and its numbered rules, played on the engine
 * with the compiled base set.
 */
import { describe, expect, it } from "vitest";
import type { Decision } from "../src/engine/choices.js";
import { answer, newGame, pending, resume, runTasks } from "../src/engine/machine.js";
import { phases } from "../src/engine/phases.js";
import { rangePlans } from "../src/engine/range.js";
import { decideWinners, recordTieBreak, scoreOf } from "../src/engine/scoring.js";
import type { GameState, Phase } from "../src/engine/state.js";
import { answering, findAction, giveCard, perform, placeLocation, player, registry, runPhase, testGame } from "./engine-harness.js";

describe("Game setup", () => {
  // "Each player randomly chooses a Faction and takes its corresponding Base card and three Contact cards. Set aside all the
  // unused Base cards and their corresponding Contact cards … Shuffle all the remaining cards together (Locations, Leaders, and
  // Contacts), deal four cards to each player and place the remaining cards in a facedown stack."
  it("each player has a Base and its faction's 3 permanent Contacts; the others are in the box; 4 cards dealt from the rest", () => {
    const game = newGame(registry, { seed: 3, players: 3 });
    const s = game.state;
    const factions = s.players.map((p) => p.faction);
    expect(new Set(factions).size).toBe(3);
    for (const p of s.players) {
      expect(registry.byId.get(p.base)).toMatchObject({ kind: "base", faction: p.faction });
      const own = registry.cards.filter((c) => c.kind === "contact" && c.use === "permanent" && c.faction === p.faction).map((c) => c.id);
      expect(p.contacts.map((c) => c.card).sort()).toEqual(own.sort());
      expect(p.score).toBe(0);
    }
    const unused = registry.cards.filter((c) => (c.kind === "base" || (c.kind === "contact" && c.use === "permanent")) && !factions.includes((c as { faction: string }).faction));
    expect([...s.box].sort()).toEqual(unused.map((c) => c.id).sort());
    // The first decision is the first Lookout pick: the 4 dealt cards are in the hands already.
    const revealed = s.revealed.length;
    expect(s.players.map((p) => p.hand.length)).toEqual([4, 4, 4]);
    const shuffled = registry.cards.filter((c) => c.kind === "location" || c.kind === "leader" || (c.kind === "contact" && c.use === "one-time")).length;
    expect(s.deck.length + revealed + 12).toBe(shuffled);
  });

  it("factions are random: different seeds give different factions", () => {
    const seen = new Set<string>();
    for (let seed = 1; seed <= 20; seed++) seen.add(newGame(registry, { seed, players: 2 }).state.players[0]!.faction);
    expect(seen.size).toBeGreaterThan(1);
  });

  // "The youngest player goes first (beginning with phase 1: Lookout)."
  it("the game begins with the first player's Lookout", () => {
    const game = newGame(registry, { seed: 3, players: 2 });
    expect(game.state).toMatchObject({ round: 1, firstPlayer: 0, phase: "lookout" });
    expect(pending(game)).toMatchObject({ kind: "lookout-pick", seat: 0 });
  });
});

describe("The turn sequence", () => {
  it("Lookout, Production, Actions, VP count, Clean-up, then the next turn's Lookout (or the end after the last turn)", () => {
    const s = testGame().state;
    let phase: Phase = "lookout";
    const order: Phase[] = [phase];
    for (let k = 0; k < 5; k++) order.push((phase = phases[phase as Exclude<Phase, "over">].next(s)));
    expect(order).toEqual(["lookout", "production", "actions", "vp-count", "clean-up", "lookout"]);
    s.lastRound = true;
    expect(phases["clean-up"].next(s)).toBe("over");
  });
});

describe("Production", () => {
  // "Each Base produces one particular Resource and 3 workers (according to the Resource icon on the Base card)."
  it("each Base produces its resource and 3 workers", () => {
    const game = testGame({ factions: ["new-york", "mutants-union", "merchants-guild", "appalachian-federation"] });
    runPhase(game, "production");
    expect(game.state.players.map((p) => [p.pool.workers, p.pool.resources])).toEqual([
      [3, { scrap: 1 }],
      [3, { weapons: 1 }],
      [3, { fuel: 1 }],
      [3, { "building-material": 1 }],
    ]);
  });

  // "Beginning with the first player and proceeding clockwise, each player takes the produced Resources, Workers, Contact
  // tokens, and Victory Points he is entitled to."
  it("beginning with the first player and proceeding clockwise", () => {
    const game = testGame({ factions: ["new-york", "mutants-union", "merchants-guild"] });
    const ids = ["scrapyard", "oil-well", "pub"];
    game.state.players.forEach((p, i) => {
      game.state.deck.splice(game.state.deck.indexOf(ids[i]!), 1);
      p.baseDeals.push({ card: ids[i]!, kind: "spoils" });
    });
    game.state.firstPlayer = 1;
    const asked: number[] = [];
    runPhase(game, "production", (d) => {
      if (d.kind !== "cash-spoils") throw new Error(d.kind);
      asked.push(d.seat);
      return d.choices.findIndex((c) => c.kind === "done");
    });
    expect(asked).toEqual([1, 2, 0]);
  });
});

describe("Actions phase", () => {
  // "Beginning with the first player and proceeding clockwise, each player performs one of his available actions … Having
  // passed once during a turn, a given player can no longer perform any further actions (his action turn is simply skipped).
  // … This cycle continues until all players have passed."
  it("action turns go clockwise from the first player; a player who passed is skipped; the phase ends when all have passed", () => {
    const game = testGame({ factions: ["new-york", "mutants-union", "merchants-guild"] });
    const s = game.state;
    for (const p of s.players) p.pool.workers = 4;
    player(game, 2).pool.workers = 6;
    s.firstPlayer = 2;
    s.agenda = [{ kind: "action-turn", seat: 2 }];
    resume(game);
    const turns: number[] = [];
    const act = (pass: boolean): void => {
      const d = pending(game)!;
      expect(d.kind).toBe("action");
      turns.push(d.seat);
      answer(game, (d.choices as readonly { kind: string }[]).findIndex((a) => a.kind === (pass ? "pass" : "workers-for-resource")));
    };
    act(false); // C
    act(true); // A passes
    act(false); // B
    act(false); // C
    act(false); // B (A skipped)
    act(true); // C passes (with workers left)
    // B has nothing left to do but pass (ruling 28): the phase is over.
    expect(turns).toEqual([2, 0, 1, 2, 1, 2]);
    expect(s.phase).not.toBe("actions");
  });
});

describe("Clean-up", () => {
  // "At the end of each turn, players discard all their unused Resource, Worker, Contact, and Redevelopment tokens. Faction
  // tokens are returned to their owners. Exception: Cards bearing the 'keep' icon (e.g. 'Old Factory', 'Basement', and Leader
  // cards) allow a player to keep a number of Resource tokens between turns."
  it("discards the unused Resource, Worker, Contact and Redevelopment tokens; keep cards and the Leader keep theirs", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "old-factory");
    giveCard(game, 0, "junky-joe");
    perform(game, 0, { kind: "play-leader", card: "junky-joe" });
    p.locations[0]!.resources = { scrap: 2 };
    p.pool = { resources: { fuel: 2, universal: 1 }, workers: 3, contactTokens: [{ colour: "conquest", range: 2 }], redevelopment: 1 };
    const supply = { ...game.state.supply };
    runPhase(game, "clean-up");
    expect(p.pool).toEqual({ resources: {}, workers: 0, contactTokens: [], redevelopment: 0 });
    expect(p.locations[0]!.resources).toEqual({ scrap: 2 });
    expect(p.leader!.resources).toEqual({ scrap: 1 });
    const back = (kind: string) => (game.state.supply[kind] ?? 1000) - (supply[kind] ?? 1000);
    expect([back("resource:fuel"), back("resource:universal"), back("worker"), back("contact:conquest:2"), back("redevelopment")]).toEqual([2, 1, 3, 1, 1]);
  });

  // "Furthermore, all tokens that have been placed on cards to pay for Actions are discarded as well."
  it("the tokens that paid go back to the token pool; permanent Contacts are free again", () => {
    const game = testGame({ factions: ["new-york", "mutants-union"] });
    const p = player(game, 0);
    giveCard(game, 0, "noticeboard"); // distance 1, a trait: it brings no tokens
    p.pool.resources = { scrap: 1 };
    const before = game.state.supply["resource:scrap"] ?? 1000;
    perform(game, 0, { kind: "incorporate", card: "noticeboard" });
    // Railway's scrap went back to the token pool at once.
    expect(p.pool.resources).toEqual({});
    expect((game.state.supply["resource:scrap"] ?? 1000) - before).toBe(1);
    expect(p.contacts.find((c) => c.card === "railway")!.usedThisTurn).toBe(true);
    runPhase(game, "clean-up");
    expect(p.contacts.every((c) => !c.usedThisTurn)).toBe(true);
  });
});

describe("Game end", () => {
  // "If any player reaches 30 or more VPs during Phase 4, then the current turn becomes the last. The game is over at the end
  // of the turn and the player with the highest sum of VPs is declared the winner."
  it("30 VP at the VP count makes the turn the last; the game ends after its Clean-up", () => {
    const game = testGame();
    const a = player(game, 0);
    a.baseVp.push(...Array.from({ length: 14 }, () => ({ value: 2 as const })), { value: 1 });
    resume(game); // the Actions phase is over: VP count, Clean-up
    expect(a.score).toBe(29);
    expect(game.state).toMatchObject({ phase: "lookout", lastRound: false });
    const over = testGame();
    player(over, 1).baseVp.push(...Array.from({ length: 15 }, () => ({ value: 2 as const })));
    resume(over);
    expect(player(over, 1).score).toBe(30);
    expect(over.state).toMatchObject({ phase: "over", lastRound: true, winners: [1] });
    expect(pending(over)).toBeUndefined();
  });
});

describe("Victory Point scoring example", () => {
  it("one Location with one 1-VP token scores 2; then two Locations with 2 + 1 tokens score 5", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "scrapyard");
    p.locations[0]!.vpTokens.push({ value: 1 });
    expect(scoreOf(p)).toBe(2);
    placeLocation(game, 0, "oil-well");
    p.locations[0]!.vpTokens.push({ value: 1 });
    p.locations[1]!.vpTokens.push({ value: 1 });
    expect(scoreOf(p)).toBe(5);
  });

  it("the VP count adds the Leader (1 VP) and every VP token on the Base, Locations and Leader", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "scrapyard");
    p.locations[0]!.vpTokens.push({ value: 2 });
    p.baseVp.push({ value: 1 }, { value: 2 });
    giveCard(game, 0, "greedy-pete");
    perform(game, 0, { kind: "play-leader", card: "greedy-pete" });
    p.leader!.vpTokens.push({ value: 1 });
    runPhase(game, "vp-count");
    // 1 Location + 1 Leader + tokens 2 (Location) + 1 + 2 (Base) + 1 (Leader).
    expect(p.score).toBe(1 + 1 + 2 + 3 + 1);
  });
});

describe("Conquest example", () => {
  it("Mutants plus one conquest token of value 1 put Assembly Plant (distance 3) into play as Spoils", () => {
    const game = testGame({ factions: ["mutants-union", "new-york"] });
    const p = player(game, 0);
    giveCard(game, 0, "assembly-plant");
    p.pool.resources["weapons"] = 1; // Mutants' price
    expect(findAction(game, 0, "conquer", (a) => a.card === "assembly-plant")).toBeUndefined();
    p.pool.contactTokens.push({ colour: "conquest", range: 1 });
    const conquer = findAction(game, 0, "conquer", (a) => a.card === "assembly-plant")!;
    expect(conquer).toBeDefined();
    // "The Range values of the played Contact card and the Contact token are added to give a total of 3."
    expect(rangePlans(game, 0, "conquest", 3, "assembly-plant")).toEqual([{ permanents: ["mutants"], tokens: [0], contacts: [] }]);
    perform(game, 0, conquer);
    expect(p.baseDeals).toEqual([{ card: "assembly-plant", kind: "spoils" }]);
    expect(p.contacts.find((c) => c.card === "mutants")!.usedThisTurn).toBe(true);
    expect(p.pool.contactTokens).toEqual([]);
    expect(p.pool.resources["weapons"] ?? 0).toBe(0);
    expect(p.hand).toEqual([]);
  });
});

describe("Cooperation example", () => {
  it("Junk Train (range 2) puts Storehouse (distance 2) into play as an Agreement, and is discarded", () => {
    const game = testGame({ factions: ["new-york", "mutants-union"] });
    const p = player(game, 0);
    giveCard(game, 0, "junk-train");
    giveCard(game, 0, "storehouse");
    expect(rangePlans(game, 0, "cooperation", 2, "storehouse")).toEqual([{ permanents: [], tokens: [], contacts: ["junk-train"] }]);
    perform(game, 0, { kind: "cooperate", card: "storehouse" });
    expect(p.baseDeals).toEqual([{ card: "storehouse", kind: "agreement" }]);
    expect(p.hand).toEqual([]);
    expect(game.state.discard).toContain("junk-train");
  });
});

describe("Incorporation", () => {
  it("Railway (incorporation 1, 1 scrap) puts a distance-1 card into play as a Location worth 1 VP, with its production's tokens", () => {
    const game = testGame({ factions: ["new-york", "mutants-union"] });
    const p = player(game, 0);
    giveCard(game, 0, "oil-well");
    p.pool.resources["scrap"] = 1;
    perform(game, 0, { kind: "incorporate", card: "oil-well" });
    expect(p.locations.map((l) => l.card)).toEqual(["oil-well"]);
    expect(p.contacts.find((c) => c.card === "railway")!.usedThisTurn).toBe(true);
    // "it is brought into play with its corresponding Resource token(s) on top of it" (a card without the keep icon: spent like the pool's).
    expect(p.pool.resources).toEqual({ fuel: 1 });
    expect(scoreOf(p)).toBe(1);
  });

  it("a permanent Contact is used once per turn", () => {
    const game = testGame({ factions: ["new-york", "mutants-union"] });
    const p = player(game, 0);
    giveCard(game, 0, "oil-well");
    giveCard(game, 0, "scrapyard");
    p.pool.resources["scrap"] = 2;
    perform(game, 0, { kind: "incorporate", card: "oil-well" });
    expect(findAction(game, 0, "incorporate")).toBeUndefined();
    runPhase(game, "clean-up");
    game.state.phase = "actions";
    p.pool.resources["scrap"] = 1;
    expect(findAction(game, 0, "incorporate", (a) => a.card === "scrapyard")).toBeDefined();
  });
});

describe("Redevelopment example", () => {
  it("Scrapyard is built over Heavy Gear (a shared card type) for 1 building material, ignoring distance", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "heavy-gear");
    p.locations[0]!.vpTokens.push({ value: 1 });
    p.locations[0]!.resources["fuel"] = 1;
    giveCard(game, 0, "scrapyard");
    p.pool.resources["building-material"] = 1;
    const redevelop = findAction(game, 0, "redevelop", (a) => a.card === "scrapyard")!;
    expect(redevelop).toMatchObject({ replaces: 0, pay: "building-material" });
    perform(game, 0, redevelop);
    expect(p.locations.map((l) => l.card)).toEqual(["scrapyard"]);
    expect(game.state.discard).toContain("heavy-gear");
    // The old card's VP and resources go to the Base, plus a 2-VP token (1 for the card, 1 for the action).
    expect(p.baseVp).toEqual([{ value: 1 }, { value: 2 }]);
    expect(p.pool.resources["fuel"]).toBe(1);
    expect(p.pool.resources["building-material"] ?? 0).toBe(0);
    // Scrapyard is a production card: it comes into play with its production.
    expect(p.pool.resources["scrap"]).toBe(1);
    expect(scoreOf(p)).toBe(1 + 1 + 2);
  });

  it("a second redevelopment in the same turn costs a Redevelopment token, not building material", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "heavy-gear");
    giveCard(game, 0, "scrapyard");
    p.pool.resources["building-material"] = 2;
    p.redevelopments = 1;
    expect(findAction(game, 0, "redevelop")).toBeUndefined();
    p.pool.redevelopment = 1;
    const redevelop = findAction(game, 0, "redevelop")!;
    expect(redevelop.pay).toBe("token");
    perform(game, 0, redevelop);
    expect(p.pool.redevelopment).toBe(0);
    expect(p.pool.resources["building-material"]).toBe(2);
  });

  it("with Redevelopment tokens, any number of Redevelopments a turn, at no Resource cost", () => {
    const game = testGame();
    const p = player(game, 0);
    for (const id of ["scrapyard", "oil-well", "gun-shop"]) placeLocation(game, 0, id);
    for (const id of ["junk-dealer", "refinery", "arena"]) giveCard(game, 0, id);
    p.pool.redevelopment = 3;
    for (const [card, replaces] of [["junk-dealer", 0], ["refinery", 1], ["arena", 2]] as const) perform(game, 0, { kind: "redevelop", card, replaces, pay: "token" });
    expect(p.locations.map((l) => l.card)).toEqual(["junk-dealer", "refinery", "arena"]);
    expect(p.pool.redevelopment).toBe(0);
    expect(p.baseVp).toEqual([{ value: 2 }, { value: 2 }, { value: 2 }]);
  });

  it("needs a shared card type", () => {
    const game = testGame();
    placeLocation(game, 0, "oil-well"); // fuel
    giveCard(game, 0, "scrapyard"); // scrap
    player(game, 0).pool.resources["building-material"] = 1;
    expect(findAction(game, 0, "redevelop")).toBeUndefined();
  });
});

describe("Leaders", () => {
  it("playing a Leader is free; changing one costs 1 weapons, gives a 2-VP token and keeps the old Leader's VP and resources", () => {
    const game = testGame();
    const p = player(game, 0);
    giveCard(game, 0, "greedy-pete");
    giveCard(game, 0, "nitro-belle");
    perform(game, 0, { kind: "play-leader", card: "greedy-pete" });
    // "The resources specified on a Leader card are placed on it as soon as the Leader comes into play."
    expect(p.leader).toMatchObject({ card: "greedy-pete", resources: { fuel: 1 } });
    p.leader!.vpTokens.push({ value: 1 });
    expect(findAction(game, 0, "play-leader")).toBeUndefined();
    p.pool.resources["weapons"] = 1;
    perform(game, 0, { kind: "play-leader", card: "nitro-belle" });
    expect(p.leader).toMatchObject({ card: "nitro-belle", resources: { fuel: 1 } });
    expect(p.pool.resources).toEqual({ fuel: 1 });
    expect(p.baseVp).toEqual([{ value: 1 }, { value: 2 }]);
    expect(game.state.discard).toContain("greedy-pete");
  });

  it("a Leader scores only for what happens after it is played", () => {
    const game = testGame({ factions: ["mutants-union", "new-york"] });
    const p = player(game, 0);
    giveCard(game, 0, "borgo-the-almighty");
    giveCard(game, 0, "scrapyard");
    giveCard(game, 0, "oil-well");
    p.pool.contactTokens.push({ colour: "conquest", range: 1 }, { colour: "conquest", range: 1 });
    perform(game, 0, { kind: "conquer", card: "scrapyard" });
    perform(game, 0, { kind: "play-leader", card: "borgo-the-almighty" });
    expect(p.leader!.vpTokens).toEqual([]);
    // The token pays (Mutants would take Borgo's weapons).
    perform(game, 0, { kind: "conquer", card: "oil-well" }, answering({ "range-plan": (plan: { tokens: readonly number[] }) => plan.tokens.length === 1 }));
    expect(p.leader!.vpTokens).toEqual([{ value: 1 }]);
  });

  it("Baby Swift: discard two cards for 1 VP, no worker, several times a turn", () => {
    const game = testGame();
    const p = player(game, 0);
    giveCard(game, 0, "baby-swift");
    perform(game, 0, { kind: "play-leader", card: "baby-swift" });
    for (const id of ["scrapyard", "oil-well", "pub", "gun-shop"]) giveCard(game, 0, id);
    const discardAny = answering({ "discard-card": () => true });
    perform(game, 0, { kind: "leader-action" }, discardAny);
    perform(game, 0, { kind: "leader-action" }, discardAny);
    expect(p.hand).toEqual([]);
    expect(p.pool.workers).toBe(0);
    expect(p.leader!.vpTokens).toEqual([{ value: 1 }, { value: 1 }]);
    expect(findAction(game, 0, "leader-action")).toBeUndefined();
  });
});

describe("The four factions", () => {
  // "This faction's Base card produces 1 'Building material' Resource token each turn. … A player can discard one card from his
  // hand and pay 1 'Building material' resource token in order to incorporate a location bearing a distance value of 1 or 2."
  it("Appalachian Federation: Rebuilding discards a card and takes 1 building material to incorporate distance 2", () => {
    const game = testGame({ factions: ["appalachian-federation", "new-york"] });
    const p = player(game, 0);
    runPhase(game, "production");
    giveCard(game, 0, "old-factory"); // distance 2
    giveCard(game, 0, "pub");
    perform(game, 0, { kind: "incorporate", card: "old-factory" });
    expect(p.locations.map((l) => l.card)).toEqual(["old-factory"]);
    expect(p.hand).toEqual([]);
    expect(game.state.discard).toContain("pub");
    expect(p.pool.resources).toEqual({});
    expect(rangePlans(game, 0, "incorporation", 3, "old-factory")).toEqual([]);
  });

  // "This faction's Base card produces 1 'Fuel' Resource token each round, which - in combination with the 'Caravan' Permanent
  // Contact card - allows a player to Establish Cooperation with a Location bearing a Distance value of 1, 2, or 3."
  it("Merchants' Guild: the Base's fuel and Caravan cooperate with distance 3", () => {
    const game = testGame({ factions: ["merchants-guild", "new-york"] });
    const p = player(game, 0);
    runPhase(game, "production");
    giveCard(game, 0, "assembly-plant");
    perform(game, 0, { kind: "cooperate", card: "assembly-plant" });
    expect(p.baseDeals).toEqual([{ card: "assembly-plant", kind: "agreement" }]);
    expect(p.pool.resources).toEqual({});
  });

  // "This faction's Base card produces 1 'Scrap' Resource token each turn, which - in combination with the 'railway' Permanent
  // Contact card - allows a player to incorporate one Location bearing a Distance value of 1 every turn."
  it("New York: the Base's scrap and Railway incorporate distance 1, once a turn", () => {
    const game = testGame({ factions: ["new-york", "mutants-union"] });
    runPhase(game, "production");
    giveCard(game, 0, "scrapyard");
    giveCard(game, 0, "old-factory");
    expect(findAction(game, 0, "incorporate", (a) => a.card === "old-factory")).toBeUndefined();
    perform(game, 0, { kind: "incorporate", card: "scrapyard" });
    expect(player(game, 0).locations.map((l) => l.card)).toEqual(["scrapyard"]);
  });

  // "This faction's Base card produces 1 'Weapons' Resource token each round, which - in combination with the 'Mutants'
  // Permanent Contact card - allows a player to Conquer a Location bearing a Distance value of 1, 2, or 3" (ruling 5: 3 with a token).
  it("Mutants' Union: the Base's weapons and Mutants conquer distance 2 alone", () => {
    const game = testGame({ factions: ["mutants-union", "new-york"] });
    runPhase(game, "production");
    giveCard(game, 0, "old-factory");
    perform(game, 0, { kind: "conquer", card: "old-factory" });
    expect(player(game, 0).baseDeals).toEqual([{ card: "old-factory", kind: "spoils" }]);
  });
});

describe("Location traits", () => {
  // "Each card of this type in your play area gives X. Note: This is true both for the cards that were played beforehand and
  // afterwards. Note: In terms of Victory Points there is a maximum limit of 3 Victory Point tokens."
  it("each card of a type counts cards played before and after it; its VP stop at 3 tokens", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "oil-well"); // fuel, before
    placeLocation(game, 0, "oil-barons-mansion"); // fuel; each fuel card -> 1 vp
    runPhase(game, "production");
    expect(p.locations[1]!.vpTokens).toHaveLength(2);
    placeLocation(game, 0, "refinery"); // fuel, after
    runPhase(game, "production");
    expect(p.locations[1]!.vpTokens).toHaveLength(3);
  });

  // "Note: Cards bearing the 'Universal Resource' Type icon do not refer to all the four basic Resources, but specifically to
  // the cards bearing the Universal Resource Card Type Icon."
  it("the universal card type means cards with that icon, not any basic type", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "museum"); // universal, scrap; each universal card -> 1 vp
    placeLocation(game, 0, "pub"); // universal
    placeLocation(game, 0, "scrapyard"); // scrap
    placeLocation(game, 0, "oil-well"); // fuel
    runPhase(game, "production");
    expect(p.locations[0]!.vpTokens).toHaveLength(2);
    // Redevelopment needs the universal icon on both cards.
    giveCard(game, 0, "library"); // universal
    p.pool.resources = { "building-material": 1 };
    const over = [0, 1, 2, 3].filter((i) => findAction(game, 0, "redevelop", (a) => a.card === "library" && a.replaces === i));
    expect(over).toEqual([0, 1]);
  });

  // "Universal Redevelopment. Execute one Redevelopment action disregarding the Card Type icons of the cards taking part in it."
  it("Bulldozer builds a card over one with no type in common", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "bulldozer"); // action: pay 1 fuel, 1 building-material -> redevelop any type
    placeLocation(game, 0, "gun-shop"); // weapons
    giveCard(game, 0, "pub"); // universal
    p.pool.resources = { fuel: 1, "building-material": 1 };
    p.pool.workers = 1;
    perform(game, 0, { kind: "work", location: 0 }, answering({ "redevelop-with": (c: { card?: string }) => c.card === "pub" }));
    expect(p.locations.map((l) => l.card)).toEqual(["bulldozer", "pub"]);
  });

  // "A space for three additional Agreements or Spoils … any combination of Spoils and Agreements."
  it("Office Block holds Spoils and Agreements; Hideout holds Spoils only", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "office-block");
    placeLocation(game, 0, "hideout");
    giveCard(game, 0, "scrapyard");
    p.pool.contactTokens.push({ colour: "universal", range: 1 });
    const holders = (deploy: "conquer" | "cooperate"): string[] => {
      let seen: string[] = [];
      const g = { ...game, state: structuredClone(game.state) };
      perform(g, 0, { kind: deploy, card: "scrapyard" }, answering({
        placement: (_c: unknown, d: Decision) => ((seen = (d.choices as readonly { holder: { kind: string; index?: number } }[]).map((c) => `${c.holder.kind}${c.holder.index ?? ""}`)), true),
      }));
      return seen;
    };
    expect(holders("conquer")).toEqual(["base", "location0", "location1"]);
    expect(holders("cooperate")).toEqual(["base", "location0"]);
  });
});

describe("worker costs", () => {
  it("Barracks needs 2 workers, 3 the second time, and cannot be used a third time", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "barracks");
    p.pool.workers = 1;
    expect(findAction(game, 0, "work")).toBeUndefined();
    p.pool.workers = 5;
    perform(game, 0, findAction(game, 0, "work")!);
    expect(p.pool.workers).toBe(3);
    perform(game, 0, findAction(game, 0, "work")!);
    expect(p.pool.workers).toBe(0);
    expect(p.pool.contactTokens).toEqual([{ colour: "conquest", range: 2 }, { colour: "conquest", range: 2 }]);
    p.pool.workers = 10;
    expect(findAction(game, 0, "work")).toBeUndefined();
  });

  it("a one-worker action costs 1 worker, then 2 the second time", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "shooting-range");
    p.pool.workers = 3;
    p.pool.resources["weapons"] = 2;
    perform(game, 0, findAction(game, 0, "work")!);
    expect(p.pool.workers).toBe(2);
    perform(game, 0, findAction(game, 0, "work")!);
    expect(p.pool.workers).toBe(0);
    expect(p.locations[0]!.vpTokens).toEqual([{ value: 1 }, { value: 1 }]);
  });

  it("two workers buy one basic resource", () => {
    const game = testGame();
    const p = player(game, 0);
    p.pool.workers = 2;
    const offered: string[] = [];
    for (const r of ["building-material", "fuel", "scrap", "weapons", "universal"]) if (findAction(game, 0, "workers-for-resource", (a) => a.resource === r)) offered.push(r);
    expect(offered).toEqual(["building-material", "fuel", "scrap", "weapons"]);
    perform(game, 0, { kind: "workers-for-resource", resource: "fuel" });
    expect(p.pool).toMatchObject({ workers: 0, resources: { fuel: 1 } });
    expect(findAction(game, 0, "workers-for-resource")).toBeUndefined();
  });

  it("discard 2 cards and draw one from the draw deck", () => {
    const game = testGame();
    const p = player(game, 0);
    giveCard(game, 0, "scrapyard");
    giveCard(game, 0, "oil-well");
    const top = game.state.deck[game.state.deck.length - 1]!;
    perform(game, 0, { kind: "discard-draw" }, answering({ "discard-card": () => true }));
    expect(p.hand).toEqual([top]);
    expect(game.state.discard).toEqual(expect.arrayContaining(["scrapyard", "oil-well"]));
  });
});

describe("sending a worker to an opponent's Location", () => {
  it("open production only; the sender gets what it produces, the owner gets the worker; once per Location, 3 a turn", () => {
    const game = testGame({ factions: ["new-york", "mutants-union"] });
    const a = player(game, 0);
    const b = player(game, 1);
    for (const id of ["oil-well", "scrapyard", "sawmill", "pub", "gun-shop"]) placeLocation(game, 1, id);
    a.pool.workers = 5;
    const targets = () => [0, 1, 2, 3, 4].filter((i) => findAction(game, 0, "send-worker", (x) => x.owner === 1 && x.location === i));
    // Gun Shop is closed production.
    expect(targets()).toEqual([0, 1, 2, 3]);
    perform(game, 0, { kind: "send-worker", owner: 1, location: 0 });
    expect(a.pool.resources).toEqual({ fuel: 1 });
    expect(b.pool.workers).toBe(1);
    expect(b.locations[0]!.markers).toEqual([0]);
    expect(targets()).toEqual([1, 2, 3]);
    perform(game, 0, { kind: "send-worker", owner: 1, location: 1 });
    perform(game, 0, { kind: "send-worker", owner: 1, location: 2 });
    expect(a.pool.workers).toBe(2);
    expect(targets()).toEqual([]);
  });

  it("a single Location may be used by several opponents", () => {
    const game = testGame({ factions: ["new-york", "mutants-union", "merchants-guild"] });
    placeLocation(game, 1, "oil-well");
    player(game, 0).pool.workers = 1;
    player(game, 2).pool.workers = 1;
    perform(game, 0, { kind: "send-worker", owner: 1, location: 0 });
    perform(game, 2, { kind: "send-worker", owner: 1, location: 0 });
    expect(player(game, 1).locations[0]!.markers).toEqual([0, 2]);
    expect([player(game, 0).pool.resources, player(game, 2).pool.resources]).toEqual([{ fuel: 1 }, { fuel: 1 }]);
    expect(player(game, 1).pool.workers).toBe(2);
  });

  it("not to a player who has passed", () => {
    const game = testGame();
    placeLocation(game, 1, "oil-well");
    player(game, 0).pool.workers = 1;
    expect(findAction(game, 0, "send-worker")).toBeDefined();
    player(game, 1).passed = true;
    expect(findAction(game, 0, "send-worker")).toBeUndefined();
  });
});

describe("Lookout sequences", () => {
  function picks(players: number): { seat: number; from: number }[] {
    const seen: { seat: number; from: number }[] = [];
    const answer = (d: Decision): number => {
      if (d.kind === "lookout-pick") seen.push({ seat: d.seat, from: d.choices.length });
      return 0;
    };
    const factions = ["new-york", "mutants-union", "merchants-guild", "appalachian-federation"].slice(0, players);
    const game = testGame({ factions });
    const hands = () => game.state.players.map((p) => p.hand.length);
    const deckBefore = game.state.deck.length;
    runPhase(game, "lookout", answer);
    // Every player ends with 2 picked cards plus 1 drawn; the last revealed card is discarded.
    expect(hands()).toEqual(factions.map(() => 3));
    expect(game.state.discard).toHaveLength(1);
    expect(game.state.revealed).toEqual([]);
    expect(deckBefore - game.state.deck.length).toBe(3 * players + 1);
    return seen;
  }
  const A = 0, B = 1, C = 2, D = 3;
  it("2 players: A 1 of 5, B 1 of 4, A 1 of 3, B 1 of 2", () => {
    expect(picks(2)).toEqual([{ seat: A, from: 5 }, { seat: B, from: 4 }, { seat: A, from: 3 }, { seat: B, from: 2 }]);
  });
  it("3 players (English sequence, ruling 1): A 5, B 4 (+1), C 4, A 3 (+1), B 3, C 2", () => {
    expect(picks(3)).toEqual([
      { seat: A, from: 5 }, { seat: B, from: 4 }, { seat: C, from: 4 },
      { seat: A, from: 3 }, { seat: B, from: 3 }, { seat: C, from: 2 },
    ]);
  });
  it("4 players: A 5, B 4 (+1), C 4 (+1), D 4, A 3 (+1), B 3 (+1), C 3, D 2", () => {
    expect(picks(4)).toEqual([
      { seat: A, from: 5 }, { seat: B, from: 4 }, { seat: C, from: 4 }, { seat: D, from: 4 },
      { seat: A, from: 3 }, { seat: B, from: 3 }, { seat: C, from: 3 }, { seat: D, from: 2 },
    ]);
  });
  it("the first player token passes to the left at the end of each turn; the next Lookout begins with that player", () => {
    const game = testGame({ factions: ["new-york", "mutants-union", "merchants-guild"] });
    game.state.phase = "clean-up";
    resume(game);
    expect(game.state).toMatchObject({ round: 2, firstPlayer: 1, phase: "lookout" });
    expect(pending(game)).toMatchObject({ kind: "lookout-pick", seat: 1 });
  });

  // "If the draw deck runs out before the end of the game, then the discard pile should be shuffled and formed into a new draw deck."
  it("an empty draw deck is made again from the shuffled discard pile", () => {
    const game = testGame();
    const s = game.state;
    s.discard = s.deck.splice(0, s.deck.length - 2);
    const discarded = s.discard.length;
    runPhase(game, "lookout", () => 0);
    // 5 revealed and 2 drawn from a deck of 2: the discard pile became the deck; only the leftover card is on the discard pile.
    expect(s.players.map((p) => p.hand.length)).toEqual([3, 3]);
    expect(s.discard).toHaveLength(1);
    expect(s.deck).toHaveLength(discarded + 2 - 7);
  });

  // "If players run out of the revealed cards for any reason, they should draw further cards from the draw deck instead."
  it("a pick with no revealed card left is a draw from the deck", () => {
    const game = testGame();
    const s = game.state;
    s.phase = "lookout";
    const top = s.deck[s.deck.length - 1]!;
    runTasks(game, [{ kind: "lookout-pick", seat: 0, first: true }], () => {
      throw new Error("nothing to choose");
    });
    expect(player(game, 0).hand).toEqual([top]);
  });
});

describe("10 cards in hand", () => {
  it("during the Lookout, a player at 10 cards discards what they pick and draw", () => {
    const game = testGame();
    const p = player(game, 0);
    for (const id of game.state.deck.slice(0, 10)) giveCard(game, 0, id);
    runPhase(game, "lookout", () => 0);
    expect(p.hand).toHaveLength(10);
    expect(player(game, 1).hand).toHaveLength(3);
    // A's 2 picks and 1 draw, plus the last revealed card.
    expect(game.state.discard).toHaveLength(4);
  });

  it("the limit does not apply in the other phases", () => {
    const game = testGame();
    const p = player(game, 0);
    for (const id of game.state.deck.slice(0, 10)) giveCard(game, 0, id);
    placeLocation(game, 0, "library"); // produce 2 cards
    runPhase(game, "production");
    expect(p.hand).toHaveLength(12);
  });
});

describe("three-slot rule and the Leader's five tokens", () => {
  it("a Location stops producing VP once it holds 3 VP tokens", () => {
    const game = testGame();
    placeLocation(game, 0, "manufacture");
    for (let i = 0; i < 5; i++) runPhase(game, "production");
    expect(player(game, 0).locations[0]!.vpTokens).toEqual([{ value: 1 }, { value: 1 }, { value: 1 }]);
  });

  it("a Base holds 3 deals: a fourth replaces one", () => {
    const game = testGame();
    const p = player(game, 0);
    p.baseDeals.push({ card: "scrapyard", kind: "spoils" }, { card: "oil-well", kind: "spoils" }, { card: "pub", kind: "agreement" });
    for (const id of ["scrapyard", "oil-well", "pub"]) game.state.deck.splice(game.state.deck.indexOf(id), 1);
    giveCard(game, 0, "gun-shop");
    p.pool.contactTokens.push({ colour: "conquest", range: 1 });
    const offered: (number | undefined)[] = [];
    perform(game, 0, { kind: "conquer", card: "gun-shop" }, answering({
      placement: (c: { holder: { kind: string }; replace: number | undefined }, d: Decision) => {
        if (offered.length === 0) offered.push(...(d.choices as readonly { replace: number | undefined }[]).map((x) => x.replace));
        return c.holder.kind === "base" && c.replace === 1;
      },
    }));
    expect(offered).toEqual([0, 1, 2]);
    expect(p.baseDeals.map((d) => d.card)).toEqual(["scrapyard", "pub", "gun-shop"]);
    expect(game.state.discard).toContain("oil-well");
  });

  it("a Leader holds at most 5 VP tokens", () => {
    const game = testGame();
    const p = player(game, 0);
    giveCard(game, 0, "borgo-the-almighty");
    perform(game, 0, { kind: "play-leader", card: "borgo-the-almighty" });
    for (let i = 0; i < 7; i++) {
      const card = game.state.deck.find((id) => game.cards.byId.get(id)?.kind === "location" && (game.cards.byId.get(id) as { distance: number }).distance === 1)!;
      giveCard(game, 0, card);
      p.pool.contactTokens.push({ colour: "conquest", range: 1 });
      p.baseDeals = [];
      // The token pays (National Guard, the other plan, would take Borgo's weapons).
      perform(game, 0, { kind: "conquer", card }, answering({ "range-plan": (plan: { tokens: readonly number[] }) => plan.tokens.length === 1 }));
    }
    expect(p.leader!.vpTokens).toHaveLength(5);
  });
});

describe("tie-breaks", () => {
  function tie(hands: number[], unused: number[]): number[] {
    const game = testGame();
    const s: GameState = game.state;
    s.players.forEach((p, i) => {
      p.score = 30;
      p.hand = game.state.deck.splice(0, hands[i]!);
      p.pool.workers = unused[i]!;
    });
    recordTieBreak(s);
    return decideWinners(s);
  }
  it("the most VP wins", () => {
    const game = testGame();
    game.state.players[0]!.score = 31;
    game.state.players[1]!.score = 30;
    recordTieBreak(game.state);
    expect(decideWinners(game.state)).toEqual([0]);
  });
  it("a tie goes to more cards in hand", () => expect(tie([2, 3], [5, 0])).toEqual([1]));
  it("then to more unused resources and workers", () => expect(tie([3, 3], [1, 4])).toEqual([1]));
  it("else it is a draw", () => expect(tie([3, 3], [2, 2])).toEqual([0, 1]));
});
