/**
 * The greedy bot plays a card for what it does: a designer's new Location or Leader is
 * incorporated, rebuilt over, taken at the Lookout and played as a Leader by its ability, so
 * `simulate`'s play rates and "rarely played" flags say something about the ability. Before, a
 * Location was worth its distance and every Leader the same, whatever they did.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { greedyChoice } from "../src/bots/greedy.js";
import { cardWorth, leaderWorth, locationWorth, worth } from "../src/bots/values.js";
import type { Action, Decision } from "../src/engine/choices.js";
import type { CardRegistry } from "../src/engine/definitions.js";
import { createRng } from "../src/engine/rng.js";
import { view } from "../src/engine/view.js";
import { placeLocation, player, registry, testGame, withCards } from "./engine-harness.js";
import { locationLines, runCli, validateText } from "./helpers.js";

/** Two Locations alike but for their grey part, and two Leaders alike but for their trigger's gain. */
const pairYaml = [
  "set: pair",
  "cards:",
  locationLines({ id: "golden-mine", name: "{ en: Golden Mine, fr: Mine d'or }", distance: "2", ability: "produce 2 vp" }),
  locationLines({ id: "dust-heap", name: "{ en: Dust Heap, fr: Tas de poussière }", distance: "2", ability: "produce 1 scrap" }),
  locationLines({ id: "loss-mill", name: "{ en: Loss Mill, fr: Moulin à pertes }", pattern: "action", ability: '"action: pay 2 scrap -> 1 scrap"' }),
  locationLines({ id: "fair-pit", name: "{ en: Fair Pit, fr: Fosse honnête }", pattern: "action", ability: '"action: pay 1 weapons -> 2 vp"' }),
  "  - id: war-chief",
  "    kind: leader",
  "    name: { en: War Chief, fr: Chef de guerre }",
  "    ability: after conquer -> 2 vp",
  "  - id: scrap-chief",
  "    kind: leader",
  "    name: { en: Scrap Chief, fr: Chef ferrailleur }",
  "    ability: after conquer -> 1 scrap",
  "",
].join("\n");

let cards: CardRegistry;
beforeAll(async () => {
  const result = validateText(pairYaml);
  expect(result.diagnostics).toEqual([]);
  cards = (await withCards(result, registry)).cards;
});

/**
 * What the greedy bot picks among `choices` at an action decision of seat 0 in `game`, the same
 * whichever order they come in (a tie would be broken at random, and could pick right by luck).
 */
function picks(game: ReturnType<typeof testGame>, choices: readonly Action[]): Action {
  const pick = (list: readonly Action[]): Action => {
    const d: Decision = { kind: "action", seat: 0, choices: list };
    return list[greedyChoice(cards, createRng(1), view(game, 0), d)]!;
  };
  const chosen = pick(choices);
  expect(pick([...choices].reverse())).toEqual(chosen);
  return chosen;
}

describe("what a card's ability is worth to the bots", () => {
  it("a Location that produces 2 VP is worth more than one that produces 1 scrap, in play and in the hand", () => {
    expect(locationWorth(cards, "golden-mine")).toBeGreaterThan(locationWorth(cards, "dust-heap"));
    expect(cardWorth(cards, "golden-mine")).toBeGreaterThan(cardWorth(cards, "dust-heap"));
  });

  it("a Leader that scores 2 VP a conquest is worth more than one that gives a scrap", () => {
    expect(leaderWorth(cards, "war-chief")).toBeGreaterThan(leaderWorth(cards, "scrap-chief"));
    expect(cardWorth(cards, "war-chief")).toBeGreaterThan(cardWorth(cards, "scrap-chief"));

  });

  it("counts a worker action's gain less its cost (the worker too), and nothing for one that loses", () => {
    // 1 VP token of 2 for 1 Weapons and a Worker.
    expect(locationWorth(cards, "fair-pit")).toBe(2 * worth.vp - worth.resource - worth.worker);
    expect(locationWorth(cards, "loss-mill")).toBe(0);
    expect(locationWorth(cards, "not-a-card")).toBe(0);
  });
});

describe("the greedy bot plays by ability", () => {
  it("incorporates the stronger of two Locations of one distance", () => {
    const game = testGame({ cards });
    const strong = picks(game, [{ kind: "incorporate", card: "dust-heap" }, { kind: "incorporate", card: "golden-mine" }]);
    expect(strong).toEqual({ kind: "incorporate", card: "golden-mine" });
  });

  it("rebuilds a weak Location into a strong one, not a strong one into a weak one", () => {
    const game = testGame({ cards });
    placeLocation(game, 0, "golden-mine");
    placeLocation(game, 0, "dust-heap");
    const [mine, heap] = [0, 1];
    expect(player(game, 0).locations.map((l) => l.card)).toEqual(["golden-mine", "dust-heap"]);
    const choice = picks(game, [
      { kind: "redevelop", card: "scrapyard", replaces: mine, pay: "building-material" },
      { kind: "redevelop", card: "scrapyard", replaces: heap, pay: "building-material" },
    ]);
    expect(choice).toMatchObject({ replaces: heap });
  });

  it("plays the stronger of two Leaders, and changes its Leader for the stronger one", () => {
    const game = testGame({ cards });
    const leaders: Action[] = [{ kind: "play-leader", card: "scrap-chief" }, { kind: "play-leader", card: "war-chief" }];
    expect(picks(game, leaders)).toEqual({ kind: "play-leader", card: "war-chief" });
    player(game, 0).leader = { card: "borgo-the-almighty", resources: {}, vpTokens: [], uses: 0 };
    expect(picks(game, leaders)).toEqual({ kind: "play-leader", card: "war-chief" });
  });

  it("changes a weak Leader for a strong one before a small action, and a strong one for a weak one only after it", () => {
    const game = testGame({ cards });
    const trade = { kind: "workers-for-resource", resource: "scrap" } as const;
    player(game, 0).leader = { card: "scrap-chief", resources: {}, vpTokens: [], uses: 0 };
    expect(picks(game, [trade, { kind: "play-leader", card: "war-chief" }])).toEqual({ kind: "play-leader", card: "war-chief" });
    player(game, 0).leader = { card: "war-chief", resources: {}, vpTokens: [], uses: 0 };
    expect(picks(game, [trade, { kind: "play-leader", card: "scrap-chief" }])).toEqual(trade);
  });
});

describe("simulate tells a strong card from a weak one by how often it is built", () => {
  it("the same card with 2 VP a turn is incorporated far more often than with 1 scrap a turn", () => {
    const dir = mkdtempSync(join(process.env["TMPDIR"] ?? "/tmp", "greedy-values-"));
    const built = (ability: string): number => {
      const file = join(dir, `${ability.replace(/\W+/g, "-")}.yaml`);
      writeFileSync(file, ["set: one", "cards:", locationLines({ id: "test-site", name: "{ en: Test Site, fr: Site de test }", distance: "2", ability }), ""].join("\n"));
      const r = runCli(["simulate", "cards/", file, "--games", "200", "--players", "2", "--workers", "1", "--format", "json"]);
      expect(r.status).toBe(0);
      const card = (JSON.parse(r.stdout) as { cards: { id: string; plays: { location: number } }[] }).cards.find((c) => c.id === "test-site")!;
      return card.plays.location;
    };
    const strong = built("produce 2 vp");
    const weak = built("produce 1 scrap");
    expect(strong).toBeGreaterThan(2 * weak);
  });
});
