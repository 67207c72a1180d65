/** Engine rulings (docs/engine-rulings.md) that no rulebook example covers. */
import { describe, expect, it } from "vitest";
import { applyAction, legalActions } from "../src/engine/actions.js";
import type { LeaderDef } from "../src/engine/definitions.js";
import type { Game } from "../src/engine/game.js";
import { runCleanUp } from "../src/engine/cleanup.js";
import { newGame } from "../src/engine/setup.js";
import { payResources } from "../src/engine/tokens.js";
import { giveCard, placeLocation, player, registry, silent, testGame } from "./engine-harness.js";

describe("paying resources (ruling 8)", () => {
  it("spends the pool first, its universal tokens included, before tokens kept on cards", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "old-factory");
    p.locations[0]!.resources = { scrap: 2 };
    p.pool.resources = { universal: 1 };
    payResources(p, { scrap: 1 });
    expect(p.pool.resources).toEqual({});
    expect(p.locations[0]!.resources).toEqual({ scrap: 2 });
  });

  it("takes the resource itself before a universal token, then cards' tokens, then their universal ones", () => {
    const game = testGame();
    const p = player(game, 0);
    placeLocation(game, 0, "old-factory");
    p.pool.resources = { fuel: 1, universal: 1 };
    p.locations[0]!.resources = { fuel: 1, universal: 1 };
    payResources(p, { fuel: 3 });
    expect(p.pool.resources).toEqual({});
    expect(p.locations[0]!.resources).toEqual({ universal: 1 });
    payResources(p, { weapons: 1 });
    expect(p.locations[0]!.resources).toEqual({});
  });
});

describe("a production Location comes into play with its resource tokens only (ruling 9)", () => {
  it("Manufacture (produces VP) enters with no VP token; it scores at the next Production", () => {
    const game = testGame();
    const p = player(game, 0);
    giveCard(game, 0, "manufacture");
    p.pool.contactTokens.push({ colour: "incorporation", range: 3 });
    applyAction(game, 0, legalActions(game, 0).find((a) => a.kind === "incorporate")!);
    expect(p.locations[0]!.vpTokens).toEqual([]);
  });
});

function withLeader(def: LeaderDef): Game {
  const cards = [...registry.cards, def];
  const game = newGame({ ...registry, cards, byId: new Map(cards.map((c) => [c.id, c])) }, { seed: 1, agents: [silent, silent], factions: ["new-york", "mutants-union"] });
  game.state.phase = "actions";
  return game;
}

describe("a Leader's action without the repeatable mark (ruling 16)", () => {
  it("is used once a turn, and again the next turn", () => {
    const game = withLeader({
      id: "test-quartermaster",
      kind: "leader",
      name: { en: "Quartermaster", fr: "Intendant" },
      set: "test",
      resources: () => undefined,
      once: undefined,
      ability: { kind: "action", workers: 0, repeatable: false, cost: () => undefined, effects: (act) => act.resource("scrap", 1) },
    });
    const p = player(game, 0);
    giveCard(game, 0, "test-quartermaster");
    applyAction(game, 0, legalActions(game, 0).find((a) => a.kind === "play-leader")!);
    const useIt = () => legalActions(game, 0).find((a) => a.kind === "leader-action");
    applyAction(game, 0, useIt()!);
    expect(p.leader!.resources).toEqual({ scrap: 1 });
    expect(useIt()).toBeUndefined();
    runCleanUp(game);
    game.state.phase = "actions";
    expect(useIt()).toBeDefined();
  });
});
