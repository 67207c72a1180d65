/**
 * The facts the rulebooks (and DESIGN.md's "Canon") state about the base set,
 * asserted against the set as loaded and checked.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { BaseCard, Card, ContactCard, Effect, Gift, LeaderCard, LocationCard } from "../src/check/model.js";
import { validatePaths } from "../src/pipeline/validate.js";
import { giftsValue } from "../src/check/power-curve.js";

let cards: Card[];
const byId = <T extends Card>(id: string): T => {
  const card = cards.find((c) => c.id === id);
  if (!card) throw new Error(`no card "${id}" in the base set`);
  return card as T;
};
const ofKind = <K extends Card["kind"]>(kind: K): Extract<Card, { kind: K }>[] =>
  cards.filter((c): c is Extract<Card, { kind: K }> => c.kind === kind);
const location = (id: string): LocationCard => byId<LocationCard>(id);
const statementKinds = (l: LocationCard): string[] =>
  l.ability.pattern === "trait" ? l.ability.traits.map((t) => t.kind) : l.ability.pattern === "action" ? [l.ability.work.kind] : ["produce"];
const gives = (assets: readonly (Effect | Gift)[], kind: Effect["kind"]): boolean => assets.some((a) => a.kind === kind);

beforeAll(() => {
  const result = validatePaths([]);
  expect(result.diagnostics).toEqual([]);
  cards = result.cards;
});

describe("counts", () => {
  it("has 110 cards: 4 Bases, 26 Contacts (12 permanent, 3 per faction; 14 one-time), 8 Leaders, 72 Locations", () => {
    expect(cards).toHaveLength(110);
    expect(ofKind("base")).toHaveLength(4);
    expect(ofKind("leader")).toHaveLength(8);
    expect(ofKind("location")).toHaveLength(72);
    const contacts = ofKind("contact");
    expect(contacts).toHaveLength(26);
    expect(contacts.filter((c) => c.use === "one-time")).toHaveLength(14);
    const permanent = contacts.filter((c) => c.use === "permanent");
    expect(permanent).toHaveLength(12);
    for (const faction of ["new-york", "appalachian-federation", "merchants-guild", "mutants-union"]) {
      expect(permanent.filter((c) => c.faction === faction), faction).toHaveLength(3);
    }
  });

  it("gives every card an English and a French name", () => {
    for (const c of cards) {
      expect(c.name.en.trim(), c.id).not.toBe("");
      expect(c.name.fr.trim(), c.id).not.toBe("");
    }
  });
});

describe("Bases", () => {
  const expected: Record<string, string> = {
    "new-york": "scrap",
    "appalachian-federation": "building-material",
    "merchants-guild": "fuel",
    "mutants-union": "weapons",
  };
  it("produce 3 workers and their faction's resource, and hold 3 deals", () => {
    const bases = ofKind("base");
    expect(bases.map((b) => b.faction).sort()).toEqual(Object.keys(expected).sort());
    for (const b of bases as BaseCard[]) {
      expect(b.produce, b.id).toEqual(
        expect.arrayContaining([
          { kind: "worker", amount: 3 },
          { kind: "resource", resource: expected[b.faction], amount: 1 },
        ]),
      );
      expect(b.produce, b.id).toHaveLength(2);
      expect(b.slots, b.id).toBe(3);
    }
  });
});

describe("Contacts named in the rules", () => {
  const contact = (id: string): ContactCard => byId<ContactCard>(id);
  it("Railway: New York, incorporation 1 for 1 scrap", () => {
    expect(contact("railway")).toMatchObject({ name: { en: "Railway", fr: "Chemins de fer" }, use: "permanent", faction: "new-york", colour: "incorporation", range: 1, price: [{ kind: "resource", resource: "scrap", amount: 1 }] });
  });
  it("Caravan: Merchants' Guild, cooperation up to 3 for 1 fuel", () => {
    expect(contact("caravan")).toMatchObject({ name: { en: "Caravan", fr: "Caravane" }, use: "permanent", faction: "merchants-guild", colour: "cooperation", range: 3, price: [{ kind: "resource", resource: "fuel", amount: 1 }] });
  });
  it("Mutants: Mutants' Union conquest; with one conquest token of value 1 it reaches Assembly Plant's distance 3", () => {
    const mutants = contact("mutants");
    expect(mutants).toMatchObject({ use: "permanent", faction: "mutants-union", colour: "conquest", range: 2 });
    expect(mutants.range + 1).toBeGreaterThanOrEqual(location("assembly-plant").distance);
  });
  it("Rebuilding: Appalachians, discard a card and pay 1 building material to incorporate distance 1 or 2", () => {
    const r = contact("rebuilding");
    expect(r).toMatchObject({ name: { en: "Rebuilding", fr: "Reconstruction" }, use: "permanent", faction: "appalachian-federation", colour: "incorporation", range: 2 });
    expect(r.price).toEqual(expect.arrayContaining([{ kind: "card", amount: 1 }, { kind: "resource", resource: "building-material", amount: 1 }]));
    expect(r.price).toHaveLength(2);
  });
  it("Junk Train: cooperation, range 2 (it brings Storehouse, distance 2, as an Agreement)", () => {
    const j = contact("junk-train");
    expect(j).toMatchObject({ name: { en: "Junk Train", fr: "Train blindé" }, colour: "cooperation", range: 2 });
    expect(j.range).toBeGreaterThanOrEqual(location("storehouse").distance);
  });
  it("universal ranges are 1 or 3, others 1 to 3", () => {
    for (const c of ofKind("contact")) {
      expect(c.colour === "universal" ? [1, 3] : [1, 2, 3], c.id).toContain(c.range);
    }
  });
});

describe("Locations named in the rules", () => {
  it("Old Factory and Basement keep resources", () => {
    expect(location("old-factory").keep).toBeDefined();
    expect(location("basement").keep).toBeDefined();
  });
  it("Office Block and City Hall hold 3 Spoils/Agreements; Hideout and Old Slaughterhouse hold Spoils", () => {
    const slots = (id: string) => {
      const a = location(id).ability;
      return a.pattern === "trait" ? a.traits.find((t) => t.kind === "slots") : undefined;
    };
    expect(slots("office-block")).toEqual({ kind: "slots", amount: 3, holds: "deal" });
    expect(slots("city-hall")).toEqual({ kind: "slots", amount: 3, holds: "deal" });
    expect(slots("hideout")).toMatchObject({ kind: "slots", holds: expect.stringMatching(/^(spoils|deal)$/) });
    expect(slots("old-slaughterhouse")).toMatchObject({ kind: "slots", holds: expect.stringMatching(/^(spoils|deal)$/) });
  });
  it("Assembly Plant is distance 3, Storehouse distance 2", () => {
    expect(location("assembly-plant").distance).toBe(3);
    expect(location("storehouse").distance).toBe(2);
  });
  it("Scrapyard and Heavy Gear share a card type", () => {
    const shared = location("scrapyard").types.filter((t) => location("heavy-gear").types.includes(t));
    expect(shared.length).toBeGreaterThan(0);
  });
  it("Manufacture scores VP tokens", () => {
    const a = location("manufacture").ability;
    expect(a.pattern === "open-production" || a.pattern === "closed-production" ? gives(a.produce, "vp") : false).toBe(true);
  });
  it("Barracks and Thieves' Caravan need 2 workers", () => {
    for (const id of ["barracks", "thieves-caravan"]) {
      const a = location(id).ability;
      expect(a.pattern, id).toBe("action");
      expect(a.pattern === "action" && a.work.kind === "action" && a.work.workers, id).toBe(2);
    }
  });
  it("Bulldozer and Excavator give redevelopment tokens; Excavator's spoils are 2 building material; Bulldozer redevelops ignoring card types", () => {
    const givesToken = (l: LocationCard): boolean =>
      gives(l.spoils, "redevelopmentToken") || gives(l.agreement, "redevelopmentToken") || gives(l.once, "redevelopmentToken") ||
      (l.ability.pattern === "action" && l.ability.work.kind === "action" && l.ability.work.effects.some((e) => e.kind === "redevelopmentToken")) ||
      ((l.ability.pattern === "open-production" || l.ability.pattern === "closed-production") && gives(l.ability.produce, "redevelopmentToken"));
    expect(givesToken(location("bulldozer"))).toBe(true);
    expect(givesToken(location("excavator"))).toBe(true);
    expect(location("excavator").spoils).toEqual([{ kind: "resource", resource: "building-material", amount: 2 }]);
    const b = location("bulldozer").ability;
    expect(b.pattern === "action" && b.work.kind === "action" && b.work.effects).toContainEqual({ kind: "redevelop", anyType: true });
  });
  it("Pub gives cards every turn", () => {
    const p = location("pub");
    expect(gives(p.agreement, "card") || (p.ability.pattern.endsWith("production") && "produce" in p.ability && gives(p.ability.produce, "card"))).toBe(true);
  });
  it("Noticeboard improves the Lookout", () => {
    expect(statementKinds(location("noticeboard"))).toContain("lookout");
  });
});

describe("Leaders", () => {
  const leader = (id: string): LeaderCard => byId<LeaderCard>(id);
  const trigger = (id: string) => {
    const a = leader(id).ability;
    return a.kind === "after" ? { trigger: a.trigger, gains: a.gains } : undefined;
  };
  const oneVp = [{ kind: "vp", tokens: 1, value: 1 }];
  it("each scores 1 VP on the trigger the rules give", () => {
    expect(trigger("borgo-the-almighty")).toEqual({ trigger: { kind: "conquer" }, gains: oneVp });
    expect(trigger("greedy-pete")).toEqual({ trigger: { kind: "cooperate" }, gains: oneVp });
    expect(trigger("junky-joe")).toEqual({ trigger: { kind: "play", cardType: "scrap" }, gains: oneVp });
    expect(trigger("nitro-belle")).toEqual({ trigger: { kind: "play", cardType: "fuel" }, gains: oneVp });
    expect(trigger("tommy-the-gun")).toEqual({ trigger: { kind: "play", cardType: "weapons" }, gains: oneVp });
    expect(trigger("uncle-hammer")).toEqual({ trigger: { kind: "play", cardType: "building-material" }, gains: oneVp });
    expect(trigger("mr-president")).toEqual({ trigger: { kind: "redevelop" }, gains: oneVp });
  });
  it("Mr President also brings a redevelopment token", () => {
    expect(leader("mr-president").once).toContainEqual({ kind: "redevelopmentToken", amount: 1 });
  });
  it("Baby Swift: a repeatable action without a worker, discard 2 cards for 1 VP", () => {
    expect(leader("baby-swift").ability).toEqual({ kind: "action", workers: 0, repeatable: true, cost: [{ kind: "card", amount: 2 }], effects: oneVp });
  });
  it("have the names of both rulebooks", () => {
    const names = ofKind("leader").map((l) => [l.name.en, l.name.fr]);
    expect(names).toEqual(
      expect.arrayContaining([
        ["Borgo the Almighty", "Borgo le Tout Puissant"],
        ["Greedy Pete", "Pete le Rat"],
        ["Junky Joe", "Junkie Joe"],
        ["Nitro Belle", "Belle Nitro"],
        ["Tommy the Gun", "Tommy the Gun"],
        ["Uncle Hammer", "Uncle Hammer"],
        ["Mr President", "Mr President"],
        ["Baby Swift", "Baby Swift"],
      ]),
    );
  });
});

describe("the set as a whole", () => {
  it("spreads card types so redevelopment between types is possible", () => {
    const locations = ofKind("location");
    for (const type of ["scrap", "fuel", "weapons", "building-material", "universal"]) {
      expect(locations.filter((l) => l.types.includes(type)).length, type).toBeGreaterThanOrEqual(5);
    }
    expect(locations.filter((l) => l.types.length > 1).length).toBeGreaterThanOrEqual(5);
  });
  it("uses every pattern and every distance", () => {
    const locations = ofKind("location");
    for (const p of ["action", "open-production", "closed-production", "trait"]) expect(locations.some((l) => l.ability.pattern === p), p).toBe(true);
    for (const d of [1, 2, 3]) expect(locations.filter((l) => l.distance === d).length, `distance ${d}`).toBeGreaterThanOrEqual(15);
  });
  it("keeps the power curve: distance 1 Spoils are worth less than distance 3 Spoils on average", () => {
    // The scale `state51 summary` reports with (docs/card-set.md, "Power curve").
    const mean = (d: number) => {
      const ls = ofKind("location").filter((l) => l.distance === d);
      return ls.reduce((s, l) => s + giftsValue(l.spoils), 0) / ls.length;
    };
    expect(mean(1)).toBeLessThan(mean(2));
    expect(mean(2)).toBeLessThan(mean(3));
  });
});
