/**
 * Engine rulings (docs/engine-rulings.md): what the engine decides where both
 * rulebooks leave a point open. Each describe names its ruling's number.
 */
import { describe, expect, it } from "vitest";
import type { Action, Decision } from "../src/engine/choices.js";
import type { LeaderDef } from "../src/engine/definitions.js";
import type { Game } from "../src/engine/game.js";
import { maxActionsPerPhase, maxFreeMoves, maxRounds } from "../src/engine/limits.js";
import { newGame, pending, resume } from "../src/engine/machine.js";
import { rangePlans } from "../src/engine/range.js";
import { unusedTokens } from "../src/engine/scoring.js";
import { supplyStart, tokenKind } from "../src/engine/tokens.js";
import { actionTurn, answering, choose, findAction, giveCard, perform, placeLocation, player, registry, runPhase, testGame } from "./engine-harness.js";



const kind = (k: Action["kind"]) => (a: Action): boolean => a.kind === k;

describe("ruling 6: the token supply never runs out", () => {
  it("each kind starts at 1,000 in the supply; a player may hold more Redevelopment tokens than the 2 in the box", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "excavator"); // action: 1 redevelopment
    giveCard(game, 0, "mr-president"); // once: 1 redevelopment
    perform(game, 0, { kind: "play-leader", card: "mr-president" });
    p.pool.workers = 3;
    perform(game, 0, { kind: "work", location: 0 });
    perform(game, 0, { kind: "work", location: 0 });
    expect(p.pool.redevelopment).toBe(3);
    expect(game.state.supply[tokenKind.redevelopment]).toBe(supplyStart - 3);
    expect(supplyStart).toBe(1000);
  });
});

describe("ruling 7: where VP tokens go", () => {
  it("a Location's own VP on it (at most 3), Spoils' and Agreements' on the Base (no limit), a Leader's on the Leader", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "fighting-pit"); // action: pay 1 weapons -> 2 vp
    p.pool.resources = { weapons: 1 };
    p.pool.workers = 1;
    perform(game, 0, { kind: "work", location: 0 });
    expect(p.locations[0]!.vpTokens).toEqual([{ value: 2 }]);
    for (const id of ["manufacture", "trophy-wall"]) game.state.deck.splice(game.state.deck.indexOf(id), 1);
    p.baseDeals.push({ card: "manufacture", kind: "agreement" }, { card: "trophy-wall", kind: "spoils" });
    runPhase(game, "production", answering({ "cash-spoils": (c: { kind: string }) => c.kind === "cash" }));
    // Manufacture's agreement (1 VP) and Trophy Wall's spoils (1 VP).
    expect(p.baseVp).toEqual([{ value: 1 }, { value: 1 }]);
  });

  it("a convert trait's VP go on the trait card", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "treaty-hall"); // convert 1 agreement -> 2 vp
    game.state.deck.splice(game.state.deck.indexOf("pub"), 1);
    p.baseDeals.push({ card: "pub", kind: "agreement" });
    perform(game, 0, { kind: "convert", location: 0, trait: 0 });
    expect(p.locations[0]!.vpTokens).toEqual([{ value: 2 }]);
    expect(p.baseDeals).toEqual([]);
  });
});

describe("ruling 8: keep cards", () => {
  it("what a keep card produces stays on it and survives Clean-up; the pool's tokens do not", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "basement"); // produce 1 fuel; keep 3
    runPhase(game, "production");
    expect(p.locations[0]!.resources).toEqual({ fuel: 1 });
    expect(p.pool.resources).toEqual({ scrap: 1 });
    runPhase(game, "clean-up");
    expect(p.locations[0]!.resources).toEqual({ fuel: 1 });
    expect(p.pool.resources).toEqual({});
  });

  it("over its limit at Clean-up, the player chooses which tokens go", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "basement");
    p.locations[0]!.resources = { fuel: 3, scrap: 2 };
    const asked: string[][] = [];
    runPhase(game, "clean-up", answering({ "keep-trim": (c: string, d: Decision) => (asked.push([...(d.choices as string[])]), c === "fuel") }));
    expect(asked).toEqual([["fuel", "scrap"], ["fuel", "scrap"]]);
    expect(p.locations[0]!.resources).toEqual({ fuel: 1, scrap: 2 });
  });

  it("Old Factory (keep, no number) keeps everything on it", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "old-factory");
    for (let i = 0; i < 5; i++) {
      runPhase(game, "production");
      runPhase(game, "clean-up");
    }
    expect(p.locations[0]!.resources).toEqual({ scrap: 5 });
  });
});

describe("ruling 9: a production Location comes into play with its resource tokens only", () => {
  it("Manufacture (produces VP) enters with no VP token; Heavy Gear with its building material but no worker; Refinery with its one-time fuel too", () => {
    const game = testGame();
    const p = player(game, 0);
    for (const id of ["manufacture", "heavy-gear", "refinery"]) {
      giveCard(game, 0, id);
      p.pool.contactTokens.push({ colour: "incorporation", range: 3 });
      perform(game, 0, { kind: "incorporate", card: id });
    }
    expect(p.locations.map((l) => l.vpTokens)).toEqual([[], [], []]);
    expect(p.pool.workers).toBe(0);
    // Heavy Gear's building material; Refinery's produced fuel and its "once: 2 fuel".
    expect(p.pool.resources).toEqual({ "building-material": 1, fuel: 3 });
  });
});

describe("ruling 10: each card of a type", () => {
  it("gives in the Production phase once per Location of that type in play, the trait card itself included; deals do not count", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "recycling-plant"); // scrap type; each scrap card -> 1 scrap
    placeLocation(game, 0, "gas-station"); // fuel, scrap
    placeLocation(game, 0, "oil-well"); // fuel
    game.state.deck.splice(game.state.deck.indexOf("scrapyard"), 1);
    p.baseDeals.push({ card: "scrapyard", kind: "agreement" }); // scrap type, as an Agreement
    runPhase(game, "production");
    // Base 1 scrap, Scrapyard's agreement (1 scrap), Oil Well 1 fuel, Recycling Plant 2 scrap.
    expect(p.pool.resources).toEqual({ scrap: 1 + 1 + 2, fuel: 1 });
  });
});

describe("ruling 11: depots", () => {
  it("a depot's tokens pay straight from it; a redeveloped depot's tokens go to the Base", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "fuel-tank");
    placeLocation(game, 0, "airfield"); // action: pay 1 fuel -> 2 vp
    p.locations[0]!.depot = { fuel: 2 };
    p.pool.workers = 1;
    perform(game, 0, { kind: "work", location: 1 });
    expect(p.locations[0]!.depot).toEqual({ fuel: 1 });
    giveCard(game, 0, "oil-well"); // fuel: over Fuel Tank
    p.pool.resources = { "building-material": 1 };
    perform(game, 0, { kind: "redevelop", card: "oil-well", replaces: 0, pay: "building-material" });
    expect(p.pool.resources).toEqual({ fuel: 2 }); // the depot's fuel and Oil Well's
  });

  it("only the pool's tokens are put in a depot", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "fuel-tank");
    placeLocation(game, 0, "basement");
    p.locations[1]!.resources = { fuel: 1 };
    expect(findAction(game, 0, "depot-put")).toBeUndefined();
    p.pool.resources = { universal: 1 };
    expect(findAction(game, 0, "depot-put", (a) => a.resource === "universal")).toBeDefined();
  });
});

describe("ruling 12: combos", () => {
  it("a universal token fills any slot; tokens come from any of the player's stores", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "garage"); // combo scrap fuel building-material -> 2 vp
    placeLocation(game, 0, "basement");
    giveCard(game, 0, "junky-joe"); // 1 scrap on the Leader
    perform(game, 0, { kind: "play-leader", card: "junky-joe" });
    p.locations[1]!.resources = { fuel: 1 };
    p.pool.resources = { universal: 1 };
    perform(game, 0, { kind: "combo-place", location: 0, from: { kind: "leader" }, token: "scrap" });
    perform(game, 0, { kind: "combo-place", location: 0, from: { kind: "location", index: 1 }, token: "fuel" });
    perform(game, 0, { kind: "combo-place", location: 0, from: { kind: "pool" }, token: "universal" });
    expect(p.locations[0]!.combo).toEqual({ scrap: 1, fuel: 1, universal: 1 });
    p.pool.workers = 1;
    expect(findAction(game, 0, "work", (a) => a.location === 0)).toBeDefined();
  });

  it("cashing a second time in a turn costs 2 workers; not a third time", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "war-factory"); // combo weapons weapons building-material -> 2 vp, 1 card
    p.pool.workers = 3;
    p.pool.resources = { weapons: 6, "building-material": 3 };
    const fill = () => {
      for (const token of ["weapons", "weapons", "building-material"]) perform(game, 0, { kind: "combo-place", location: 0, from: { kind: "pool" }, token });
    };
    fill();
    perform(game, 0, { kind: "work", location: 0 });
    expect(p.pool.workers).toBe(2);
    fill();
    perform(game, 0, { kind: "work", location: 0 });
    expect(p.pool.workers).toBe(0);
    fill();
    p.pool.workers = 5;
    expect(findAction(game, 0, "work")).toBeUndefined();
    expect(p.locations[0]!.vpTokens).toEqual([{ value: 2 }, { value: 2 }]);
  });

  it("a redeveloped combo card's tokens go to the Base", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "war-factory");
    p.locations[0]!.combo = { weapons: 1 };
    giveCard(game, 0, "arena"); // weapons
    p.pool.resources = { "building-material": 1 };
    perform(game, 0, { kind: "redevelop", card: "arena", replaces: 0, pay: "building-material" });
    expect(p.pool.resources).toEqual({ weapons: 1 });
  });
});

describe("ruling 13: free moves happen in the player's own action turns", () => {
  it("a player who has passed is not asked again this phase, free moves included", () => {
    const game = testGame();
    const a = player(game, 0);
    placeLocation(game, 0, "fuel-tank");
    a.pool.resources = { fuel: 1 };
    actionTurn(game);
    expect((pending(game)!.choices as readonly Action[]).some(kind("depot-put"))).toBe(true);
    choose(game, kind("pass"));
    expect(pending(game)).toMatchObject({ kind: "action", seat: 1 });
    choose(game, kind("workers-for-resource"));
    // Seat 0 is skipped; seat 1, now with nothing left but passing, passes and the phase ends.
    expect(game.state.phase).not.toBe("actions");
  });
});

describe("ruling 14: after playing a card of a type", () => {
  it("Junky Joe scores for a scrap card put into play any of the four ways", () => {
    const game = testGame();
    const p = player(game, 0);
    giveCard(game, 0, "junky-joe");
    perform(game, 0, { kind: "play-leader", card: "junky-joe" });
    for (const [how, card] of [["conquer", "scrapyard"], ["cooperate", "noticeboard"], ["incorporate", "junk-dealer"]] as const) {
      giveCard(game, 0, card);
      p.pool.contactTokens.push({ colour: "universal", range: 1 });
      // The token pays (Railway would take Junky Joe's scrap).
      perform(game, 0, { kind: how, card }, answering({ "range-plan": (plan: { tokens: readonly number[] }) => plan.tokens.length === 1 }));
    }
    expect(p.leader!.vpTokens).toHaveLength(3);
    giveCard(game, 0, "gas-station"); // fuel, scrap
    p.pool.resources = { "building-material": 1 };
    perform(game, 0, { kind: "redevelop", card: "gas-station", replaces: 0, pay: "building-material" });
    expect(p.leader!.vpTokens).toHaveLength(4);
    // A fuel-only card does not count.
    giveCard(game, 0, "oil-well");
    p.pool.contactTokens.push({ colour: "universal", range: 1 });
    perform(game, 0, { kind: "conquer", card: "oil-well" }, answering({ placement: () => true }));
    expect(p.leader!.vpTokens).toHaveLength(4);
  });
});

describe("ruling 15: a card's Redevelopment is paid by its action", () => {
  it("needs no building material or token, even after the turn's Redevelopment, and gives the 2-VP token and Mr President's VP", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "demolition-crew"); // action: pay 1 scrap -> redevelop
    placeLocation(game, 0, "scrapyard");
    placeLocation(game, 0, "oil-well");
    giveCard(game, 0, "mr-president");
    perform(game, 0, { kind: "play-leader", card: "mr-president" });
    p.pool.redevelopment = 0; // Mr President's token aside
    giveCard(game, 0, "refinery");
    giveCard(game, 0, "junk-dealer");
    p.pool.resources = { "building-material": 1, scrap: 1 };
    p.pool.workers = 1;
    perform(game, 0, { kind: "redevelop", card: "refinery", replaces: 2, pay: "building-material" });
    expect(p.redevelopments).toBe(1);
    perform(game, 0, { kind: "work", location: 0 }, answering({ "redevelop-with": (c: { card?: string }) => c.card === "junk-dealer" }));
    expect(p.locations.map((l) => l.card)).toEqual(["demolition-crew", "junk-dealer", "refinery"]);
    expect(p.pool.redevelopment).toBe(0);
    expect(p.baseVp).toEqual([{ value: 2 }, { value: 2 }]);
    expect(p.leader!.vpTokens).toEqual([{ value: 1 }, { value: 1 }]);
  });
});

describe("ruling 16: what a card's Redevelopment builds over", () => {
  it("another of the player's Locations, not the card itself; the player may forgo it; not offered with nothing to build", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "construction-site"); // action: pay 1 building-material -> redevelop (building-material type)
    p.pool.workers = 2;
    p.pool.resources = { "building-material": 1 }; // the action's price
    giveCard(game, 0, "brickworks"); // building material: could only go over Construction Site itself
    expect(findAction(game, 0, "work")).toBeUndefined();
    placeLocation(game, 0, "sawmill"); // building material, scrap
    let offered: unknown[] = [];
    perform(game, 0, { kind: "work", location: 0 }, answering({ "redevelop-with": (c: { card?: string }, d: Decision) => ((offered = [...d.choices]), c.card === undefined) }));
    expect(offered).toEqual([{ card: undefined }, { card: "brickworks", replaces: 1 }]);
    expect(p.locations.map((l) => l.card)).toEqual(["construction-site", "sawmill"]);
    expect(p.redevelopments).toBe(0);
  });
});

describe("ruling 16: a Leader's action without the repeatable mark", () => {
  function withLeader(def: LeaderDef): Game {
    const cards = [...registry.cards, def];
    const game = newGame({ ...registry, cards, byId: new Map(cards.map((c) => [c.id, c])) }, { seed: 1, factions: ["new-york", "mutants-union"] });
    const s = game.state;
    s.deck.push(...s.revealed.splice(0));
    for (const p of s.players) s.deck.push(...p.hand.splice(0));
    s.phase = "actions";
    s.agenda = [];
    s.pending = undefined;
    return game;
  }

  it("is used once a turn, and again the next turn", () => {
    const game = withLeader({
      id: "test-quartermaster",
      kind: "leader",
      name: { en: "Quartermaster", fr: "Intendant" },
      set: "test",
      resources: { calls: [], run: () => undefined },
      once: undefined,
      ability: {
        kind: "action",
        workers: 0,
        repeatable: false,
        cost: { calls: [], run: () => undefined },
        effects: { calls: [{ call: "resource", resource: "scrap", amount: 1 }], run: (act) => act.resource({ resource: "scrap", amount: 1 }) },
      },
    });
    const p = player(game, 0);
    giveCard(game, 0, "test-quartermaster");
    perform(game, 0, { kind: "play-leader", card: "test-quartermaster" });
    perform(game, 0, { kind: "leader-action" });
    expect(p.leader!.resources).toEqual({ scrap: 1 });
    expect(findAction(game, 0, "leader-action")).toBeUndefined();
    runPhase(game, "clean-up");
    game.state.phase = "actions";
    expect(findAction(game, 0, "leader-action")).toBeDefined();
  });
});

describe("ruling 17: deals under a redeveloped Location", () => {
  it("are discarded with it", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "office-block"); // slots 3 deals; universal, building material
    game.state.deck.splice(game.state.deck.indexOf("pub"), 1);
    p.locations[0]!.deals.push({ card: "pub", kind: "agreement" });
    giveCard(game, 0, "brickworks");
    p.pool.resources = { "building-material": 1 };
    perform(game, 0, { kind: "redevelop", card: "brickworks", replaces: 0, pay: "building-material" });
    expect(game.state.discard).toEqual(expect.arrayContaining(["office-block", "pub"]));
    expect(p.baseDeals).toEqual([]);
  });
});

describe("ruling 18: stealing", () => {
  it("takes from the opponent's pool, Leader or keep cards, never a depot or a combo; the thief chooses", () => {
    const game = testGame();
    const victim = player(game, 1);
    placeLocation(game, 1, "basement");
    placeLocation(game, 1, "fuel-tank");
    placeLocation(game, 1, "flea-market");
    giveCard(game, 1, "tommy-the-gun"); // 1 weapons on the Leader
    perform(game, 1, { kind: "play-leader", card: "tommy-the-gun" });
    victim.pool.resources = { scrap: 1 };
    victim.locations[0]!.resources = { fuel: 1 };
    victim.locations[1]!.depot = { fuel: 3 };
    victim.locations[2]!.combo = { fuel: 1 };
    placeLocation(game, 0, "thieves-caravan");
    player(game, 0).pool.workers = 2;
    let offered: unknown[] = [];
    perform(game, 0, { kind: "work", location: 0 }, answering({ steal: (c: { store: { kind: string } }, d: Decision) => ((offered = [...d.choices]), c.store.kind === "leader") }));
    expect(offered).toEqual([
      { from: 1, store: { kind: "pool" }, resource: "scrap" },
      { from: 1, store: { kind: "leader" }, resource: "weapons" },
      { from: 1, store: { kind: "location", index: 0 }, resource: "fuel" },
    ]);
    expect(victim.leader!.resources).toEqual({});
    expect(player(game, 0).pool.resources).toEqual({ weapons: 1 });
  });
});

describe("ruling 19: sending a worker to an opponent's Location", () => {
  it("the sender gets all the card produces (Pub: a card); markers and the 3-worker count come back at Clean-up", () => {
    const game = testGame();
    const a = player(game, 0);
    placeLocation(game, 1, "pub"); // produce 1 card
    a.pool.workers = 1;
    perform(game, 0, { kind: "send-worker", owner: 1, location: 0 });
    expect(a.hand).toHaveLength(1);
    expect(a.workersSent).toBe(1);
    runPhase(game, "clean-up");
    expect(player(game, 1).locations[0]!.markers).toEqual([]);
    expect(a.workersSent).toBe(0);
    game.state.phase = "actions";
    a.pool.workers = 1;
    expect(findAction(game, 0, "send-worker")).toBeDefined();
  });

  it('a worker sent to an opponent "can be used by that opponent until the end of the current phase": what is left of it goes at the end of the Actions phase, so the tie-break does not count it', () => {
    const game = testGame();
    const [a, b] = [player(game, 0), player(game, 1)];
    placeLocation(game, 1, "pub");
    a.pool.workers = 1;
    b.pool.workers = 2;
    perform(game, 0, { kind: "send-worker", owner: 1, location: 0 });
    expect(b.pool.workers).toBe(3);
    game.state.lastRound = true;
    runPhase(game, "vp-count");
    expect(b.pool.workers).toBe(2);
    expect(game.state.tieBreak[1]).toEqual({ hand: 0, unused: 2 });
    // The owner spends the received worker first (it would be lost): then their own stay.
    const again = testGame();
    placeLocation(again, 1, "pub");
    player(again, 0).pool.workers = 1;
    player(again, 1).pool.workers = 2;
    perform(again, 0, { kind: "send-worker", owner: 1, location: 0 });
    perform(again, 1, { kind: "workers-for-resource", resource: "fuel" });
    runPhase(again, "vp-count");
    expect(player(again, 1).pool.workers).toBe(1);
  });
});

describe("ruling 20: the hand limit", () => {
  it("a hand over 10 comes down to 10 at Clean-up; the player chooses what goes", () => {
    const game = testGame();
    const p = player(game, 0);
    const cards = game.state.deck.slice(-12);
    for (const id of cards) giveCard(game, 0, id);
    const keepOut = cards.slice(0, 2);
    runPhase(game, "clean-up", answering({ "discard-card": (c: string) => keepOut.includes(c) }));
    expect(p.hand).toHaveLength(10);
    expect(game.state.discard.sort()).toEqual([...keepOut].sort());
  });
});

describe("ruling 21: Lookout abilities", () => {
  it("Noticeboard with Scouts' Camp: two cards are left, the owner chooses one; it is taken before the end-of-Lookout draw", () => {
    const game = testGame({ factions: ["new-york", "mutants-union"] });
    placeLocation(game, 0, "noticeboard");
    placeLocation(game, 0, "scouts-camp");
    let leftover: readonly string[] = [];
    runPhase(game, "lookout", (d) => {
      if (d.kind === "lookout-pick") {
        const i = d.choices.findIndex((c) => c.kind === "draw-instead");
        return i >= 0 ? i : 0;
      }
      if (d.kind === "lookout-keep") {
        leftover = [...d.choices];
        return 1;
      }
      throw new Error(d.kind);
    });
    const p = player(game, 0);
    expect(leftover).toHaveLength(2);
    // Drawn instead, picked, the leftover chosen, then the end-of-Lookout draw.
    expect(p.hand).toHaveLength(4);
    expect(p.hand[2]).toBe(leftover[1]);
    expect(game.state.discard).toEqual([leftover[0]]);
  });

  it("Watchtower: the two cards lie on the table (seen by all) while the owner chooses", () => {
    const game = testGame({ factions: ["new-york", "mutants-union"] });
    placeLocation(game, 0, "watchtower");
    let table: string[] = [];
    runPhase(game, "lookout", (d) => {
      if (d.kind === "lookout-keep") table = [...game.state.revealed];
      return 0;
    });
    expect(table).toHaveLength(2);
    expect(game.state.revealed).toEqual([]);
  });

  it("Sniper's Nest: the discard follows the first selection even when it was a draw instead", () => {
    const game = testGame({ factions: ["new-york", "mutants-union"] });
    placeLocation(game, 0, "sniper-nest");
    placeLocation(game, 0, "scouts-camp");
    const seen: string[] = [];
    runPhase(game, "lookout", (d) => {
      seen.push(`${d.kind}:${d.seat}:${d.choices.length}`);
      if (d.kind === "lookout-pick") {
        const i = d.choices.findIndex((c) => c.kind === "draw-instead");
        return i >= 0 ? i : 0;
      }
      return 0;
    });
    expect(seen.slice(0, 2)).toEqual(["lookout-pick:0:6", "lookout-discard:0:5"]);
  });
});

describe("ruling 22: a Leader's own tokens", () => {
  it("its resources and one-time resources go on it; Mr President's Redevelopment token goes to the pool", () => {
    const game = testGame();
    const p = player(game, 0);
    giveCard(game, 0, "uncle-hammer");
    perform(game, 0, { kind: "play-leader", card: "uncle-hammer" });
    expect(p.leader!.resources).toEqual({ "building-material": 1 });
    runPhase(game, "clean-up");
    expect(p.leader!.resources).toEqual({ "building-material": 1 });
    game.state.phase = "actions";
    giveCard(game, 0, "mr-president");
    p.pool.resources = { weapons: 1 };
    perform(game, 0, { kind: "play-leader", card: "mr-president" });
    expect(p.pool.redevelopment).toBe(1);
    expect(p.pool.resources).toEqual({ "building-material": 1 });
  });
});

describe("ruling 23: tie-break counts", () => {
  it("count unused resources wherever they are (pool, Leader, keep cards, depots) and workers, not a combo's tokens", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "basement");
    placeLocation(game, 0, "fuel-tank");
    placeLocation(game, 0, "flea-market");
    giveCard(game, 0, "greedy-pete");
    perform(game, 0, { kind: "play-leader", card: "greedy-pete" });
    p.pool.resources = { scrap: 1 };
    p.pool.workers = 2;
    p.locations[0]!.resources = { fuel: 1 };
    p.locations[1]!.depot = { fuel: 2 };
    p.locations[2]!.combo = { scrap: 1 };
    expect(unusedTokens(p)).toBe(1 + 2 + 1 + 2 + 1);
  });

  it("the last Clean-up asks nothing (no hand or keep-card trimming): the game is decided already", () => {
    const game = testGame();
    const p = player(game, 0);
    for (const id of game.state.deck.slice(-12)) giveCard(game, 0, id);
    game.state.lastRound = true;
    runPhase(game, "vp-count");
    runPhase(game, "clean-up"); // fails on any decision
    expect(p.hand).toHaveLength(12);
    expect(game.state.tieBreak[0]).toEqual({ hand: 12, unused: 0 });
  });

  it("are taken at the last VP count, before Clean-up discards the pool", () => {
    const game = testGame();
    const p = player(game, 0);
    p.pool.workers = 3;
    game.state.lastRound = true;
    runPhase(game, "vp-count");
    runPhase(game, "clean-up");
    expect(p.pool.workers).toBe(0);
    expect(game.state.tieBreak[0]).toEqual({ hand: 0, unused: 3 });
  });
});

describe("ruling 24: safety limits", () => {
  it(`at most ${maxFreeMoves} free moves in one action turn`, () => {
    expect(maxFreeMoves).toBe(30);
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "fuel-tank");
    p.pool.resources = { fuel: 1 };
    p.pool.workers = 2;
    actionTurn(game);
    for (let i = 0; i < maxFreeMoves; i++) choose(game, kind(i % 2 === 0 ? "depot-put" : "depot-take"));
    const d = pending(game)!;
    expect(d.seat).toBe(0);
    expect((d.choices as readonly Action[]).some((a) => a.kind.startsWith("depot"))).toBe(false);
    choose(game, kind("workers-for-resource"));
    choose(game, kind("workers-for-resource")); // seat 1
    expect((pending(game)!.choices as readonly Action[]).some(kind("depot-put"))).toBe(true);
  });

  it(`a player who has taken ${maxActionsPerPhase} actions in one Actions phase passes`, () => {
    expect(maxActionsPerPhase).toBe(60);
    const game = testGame();
    const p = player(game, 0);
    p.pool.workers = 2;
    p.actionsTaken = maxActionsPerPhase - 1;
    actionTurn(game);
    player(game, 1).pool.workers = 4;
    choose(game, kind("workers-for-resource"));
    expect(p.actionsTaken).toBe(maxActionsPerPhase);
    choose(game, kind("workers-for-resource")); // seat 1
    // Seat 0's turn comes: it passes without being asked, and seat 1 is asked again.
    expect(p.passed).toBe(true);
    expect(pending(game)).toMatchObject({ kind: "action", seat: 1 });
  });

  it(`the game stops after round ${maxRounds}`, () => {
    expect(maxRounds).toBe(60);
    const game = testGame();
    game.state.round = maxRounds;
    player(game, 1).baseVp.push({ value: 1 });
    // The Actions phase is over (nothing left on the agenda): the VP count, Clean-up, then the end.
    resume(game);
    expect(game.state.phase).toBe("over");
    expect(game.state.winners).toEqual([1]);
    // A round earlier, the game goes on.
    const before = testGame();
    before.state.round = maxRounds - 1;
    resume(before);
    expect(before.state).toMatchObject({ phase: "lookout", round: maxRounds });
  });
});

describe("ruling 25: discarding a deal", () => {
  it("when every holder of the kind is full, a new deal can take the place of any deal in a holder that takes its kind", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "hideout"); // slots 3 spoils
    const deals = ["scrapyard", "oil-well", "pub", "gun-shop", "brickworks", "sawmill"];
    for (const id of deals) game.state.deck.splice(game.state.deck.indexOf(id), 1);
    p.baseDeals.push(...deals.slice(0, 3).map((card) => ({ card, kind: "spoils" as const })));
    p.locations[0]!.deals.push(...deals.slice(3).map((card) => ({ card, kind: "spoils" as const })));
    giveCard(game, 0, "refugee-camp");
    p.pool.contactTokens.push({ colour: "universal", range: 1 });
    const offered = (deploy: "conquer" | "cooperate"): string[] => {
      let seen: string[] = [];
      const g = { ...game, state: structuredClone(game.state) };
      perform(g, 0, { kind: deploy, card: "refugee-camp" }, answering({
        placement: (_c: unknown, d: Decision) => ((seen = (d.choices as readonly { holder: { kind: string }; replace: number }[]).map((c) => `${c.holder.kind}:${c.replace}`)), true),
      }));
      return seen;
    };
    // Spoils: the Base's three and the Hideout's three; an Agreement: only the Base's (the Hideout holds Spoils only).
    expect(offered("conquer")).toEqual(["base:0", "base:1", "base:2", "location:0", "location:1", "location:2"]);
    expect(offered("cooperate")).toEqual(["base:0", "base:1", "base:2"]);
  });
});

describe("ruling 26: range plans with nothing to spare", () => {
  it("interchangeable tokens make one plan; a plan that could drop a source is not offered", () => {
    const game = testGame({ factions: ["new-york", "mutants-union"] });
    const p = player(game, 0);
    p.pool.contactTokens.push({ colour: "conquest", range: 1 }, { colour: "conquest", range: 1 }, { colour: "conquest", range: 2 });
    giveCard(game, 0, "scrapyard");
    const plans = rangePlans(game, 0, "conquest", 1, "scrapyard");
    expect(plans.map((plan) => plan.tokens.map((i) => p.pool.contactTokens[i]!.range))).toEqual([[1], [2]]);
  });
});

describe("ruling 27: paying a demand", () => {
  it("resources are chosen first, then workers are taken, then the cards to discard are chosen", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "junk-dealer"); // action: pay 1 card -> 2 scrap
    p.pool.workers = 1;
    giveCard(game, 0, "pub");
    giveCard(game, 0, "oil-well");
    const asked: string[] = [];
    perform(game, 0, { kind: "work", location: 0 }, answering({ "discard-card": (c: string) => (asked.push(`${p.pool.workers}:${c}`), c === "oil-well") }));
    expect(asked).toEqual(["0:pub", "0:oil-well"]);
    expect(p.hand).toEqual(["pub"]);
    expect(p.pool.resources).toEqual({ scrap: 2 });
  });
});

describe("ruling 28: a decision with one choice is taken without asking", () => {
  it("a player whose only legal action is to pass passes", () => {
    const game = testGame();
    actionTurn(game);
    // Seat 0 has nothing: passed at once; seat 1 (2 workers) is asked.
    expect(player(game, 0).passed).toBe(true);
    expect(pending(game)).toMatchObject({ kind: "action", seat: 1 });
  });
});

describe("ruling 29: the Production phase in order", () => {
  it("each player in turn order: the Base and Agreements, then Spoils cashed one at a time (the player chooses), then Locations", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "oil-well");
    for (const id of ["scrapyard", "gun-shop"]) game.state.deck.splice(game.state.deck.indexOf(id), 1);
    p.baseDeals.push({ card: "scrapyard", kind: "spoils" }, { card: "gun-shop", kind: "agreement" });
    const poolWhenAsked: unknown[] = [];
    runPhase(game, "production", (d) => {
      if (d.kind !== "cash-spoils") throw new Error(d.kind);
      poolWhenAsked.push({ ...p.pool.resources });
      return d.choices.findIndex((c) => c.kind === "done");
    });
    // Base 1 scrap and Gun Shop's agreement first; Oil Well's fuel after the Spoils; the Spoils kept.
    expect(poolWhenAsked).toEqual([{ scrap: 1, weapons: 1 }]);
    expect(p.pool.resources).toEqual({ scrap: 1, weapons: 1, fuel: 1 });
    expect(p.baseDeals).toHaveLength(2);
  });
});

describe("ruling 30: an empty deck and an empty discard pile", () => {
  it("nothing is drawn", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "library"); // produce 2 cards
    game.state.deck = ["scrapyard"];
    game.state.discard = [];
    runPhase(game, "production");
    expect(p.hand).toEqual(["scrapyard"]);
    expect(game.state.deck).toEqual([]);
  });
});
