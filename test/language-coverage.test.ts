/**
 * The base set, with the example expansion for the constructs of
 * expansions, uses every construct of the card language at least once, so
 * every construct is exercised by real cards (and, later, compiled, rendered
 * in both languages and run by the engine).
 */
import { expect, it } from "vitest";
import { isAsset, type Asset, type Card, type Cost, type Effect, type Gift, type WorkerAction } from "../src/check/model.js";
import { conditionKinds } from "../src/constructs/conditions/index.js";
import { amountKinds } from "../src/constructs/amounts/index.js";
import { countableKinds } from "../src/constructs/amounts/per.js";
import { effectKinds } from "../src/constructs/effects/index.js";
import type { AfterModel } from "../src/constructs/traits/after.js";
import { traitKinds } from "../src/constructs/traits/index.js";
import { defaultCardsDir, examplesDir, validatePaths } from "../src/pipeline/validate.js";

function features(cards: readonly Card[]): Set<string> {
  const seen = new Set<string>();
  const asset = (a: Asset): void => {
    if (a.scale) {
      seen.add(`scale ${a.scale.kind}`);
      seen.add(`scale per ${a.scale.of}`);
      if (a.scale.every > 1) seen.add("scale per every N");
    }
    switch (a.kind) {
      case "resource":
        seen.add(`asset resource ${a.resource}`);
        break;
      case "vp":
        seen.add(`asset vp value ${a.value}`);
        if (a.tokens > 1) seen.add("asset vp several tokens");
        break;
      case "contactToken":
        seen.add(`asset contact ${a.colour}`);
        if (a.colour === "universal") seen.add(`asset contact universal ${a.range}`);
        break;
      default:
        seen.add(`asset ${a.kind}`);
    }
  };
  /** Gains, some perhaps under a condition (on a `gain` or a `produce`). */
  const gift = (on: "gain" | "produce") => (g: Gift): void => {
    if (g.kind !== "if") return asset(g);
    seen.add(`condition ${g.condition.kind}`).add(`condition on ${on}`);
    g.gains.forEach(asset);
  };
  const actionCondition = (a: WorkerAction): void => {
    if (a.condition) seen.add(`condition ${a.condition.kind}`).add("condition on action");
  };
  const effect = (e: Effect): void => {
    if (isAsset(e)) return asset(e);
    seen.add(`effect ${e.kind}`);
    if (e.kind === "redevelop" && e.anyType) seen.add("effect redevelop any type");
    if (e.kind === "choice") e.options.forEach(effect);
  };
  const cost = (c: Cost): void => void seen.add(c.kind === "deal" ? `cost ${c.deal}` : `cost ${c.kind}`);
  const after = (a: AfterModel): void => {
    seen.add(`after ${a.trigger.kind}`);
    for (const q of ["cardType", "distance", "as"] as const) if (a.trigger[q] !== undefined) seen.add(`after ${a.trigger.kind} ${q}`);
    a.gains.forEach(asset);
  };
  for (const card of cards) {
    switch (card.kind) {
      case "base":
        card.produce.forEach((g) => (g.kind === "if" ? undefined : asset(g)));
        if (card.power) seen.add(`base power ${card.power.pattern}`);
        break;
      case "contact":
        card.price.forEach(cost);
        seen.add(`contact ${card.use} ${card.colour}`);
        break;
      case "leader":
        card.resources.forEach(asset);
        card.once.forEach(effect);
        if (card.once.length) seen.add("statement once");
        if (card.ability.kind === "after") {
          after(card.ability);
        } else {
          seen.add("action repeatable");
          actionCondition(card.ability);
          card.ability.cost.forEach(cost);
          card.ability.effects.forEach(effect);
        }
        break;
      case "location": {
        card.spoils.forEach(gift("gain"));
        card.agreement.forEach(gift("gain"));
        card.once.forEach(effect);
        if (card.once.length) seen.add("statement once");
        if (card.keep) seen.add(card.keep.limit === undefined ? "statement keep" : "statement keep N");
        seen.add(`pattern ${card.ability.pattern}`);
        const ability = card.ability;
        if (ability.pattern === "action") {
          const work = ability.work;
          if (work.kind === "combo") {
            seen.add("statement combo");
            work.gains.forEach(asset);
          } else {
            seen.add(`action ${work.workers} worker${work.workers === 1 ? "" : "s"}`);
            seen.add(work.cost.length ? "action with pay" : "action without pay");
            actionCondition(work);
            work.cost.forEach(cost);
            work.effects.forEach(effect);
          }
        } else if (ability.pattern === "trait") {
          for (const t of ability.traits) {
            seen.add(`trait ${t.kind}`);
            if (t.kind === "slots") seen.add(`slots ${t.holds}`);
            else if (t.kind === "lookout") seen.add(`lookout ${t.ability}`);
            else if (t.kind === "limit") seen.add(`limit ${t.target}`);
            else if (t.kind === "range") seen.add(`range ${"distance" in t ? "distance" : "card type"} ${t.amount < 0 ? "less" : "more"}`);
            if (t.kind === "convert") {
              t.cost.forEach(cost);
              t.gains.forEach(effect);
            }
            if (t.kind === "after") after(t);
            if (t.kind === "each") {
              t.gains.forEach(asset);
              seen.add(t.gains.some((g) => g.kind === "vp") ? "each gives vp" : "each gives resources");
            }
          }
        } else {
          ability.produce.forEach(gift("produce"));
          if (ability.paid) {
            seen.add(`production with a cost ${ability.pattern}`);
            ability.paid.cost.forEach(cost);
            ability.paid.gains.forEach(asset);
            if (ability.paid.condition) seen.add(`condition ${ability.paid.condition.kind}`).add("condition on production with a cost");
            if (ability.produce.length > 0) seen.add("production with a cost beside a free one");
          }
        }
      }
    }
  }
  return seen;
}

const required = [
  ...["scrap", "fuel", "weapons", "building-material", "universal"].map((r) => `asset resource ${r}`),
  "asset worker", "asset card", "asset redevelopmentToken", "asset vp value 1", "asset vp value 2", "asset vp several tokens",
  ...["conquest", "cooperation", "incorporation", "universal"].map((c) => `asset contact ${c}`),
  "asset contact universal 1", "asset contact universal 3",
  // Every effect construct of the table (src/constructs/effects).
  ...effectKinds.map((kind) => `effect ${kind}`),
  "effect redevelop any type",
  "cost resource", "cost worker", "cost card", "cost spoils", "cost agreement", "cost deal",
  "statement once", "statement keep", "statement keep N", "statement combo",
  // Every amount construct of the table (src/constructs/amounts), and everything `per` counts.
  ...amountKinds.map((kind) => `scale ${kind}`),
  ...countableKinds.map((of) => `scale per ${of}`),
  "scale per every N",
  // Every trait construct of the table (src/constructs/traits), however many there are.
  ...traitKinds.map((kind) => `trait ${kind}`),
  "each gives vp", "each gives resources",
  "slots spoils", "slots agreement", "slots deal",
  "lookout take-leftover", "lookout draw-instead", "lookout draw-two-keep-one", "lookout discard-after-first",
  "limit hand", "limit sent-workers", "limit keep",
  "range distance less", "range card type less", "range distance more",
  "action 1 worker", "action 2 workers", "action with pay", "action without pay", "action repeatable",
  "after conquer", "after cooperate", "after incorporate", "after redevelop", "after play", "after production", "after pass",
  "after play cardType", "after play as", "after incorporate distance",
  // Every condition construct of the table (src/constructs/conditions), and each statement that takes one.
  ...conditionKinds.map((kind) => `condition ${kind}`),
  "condition on gain", "condition on produce", "condition on action", "condition on production with a cost",
  "production with a cost closed-production", "production with a cost open-production", "production with a cost beside a free one",
  "pattern action", "pattern open-production", "pattern closed-production", "pattern trait",
  "base power action", "base power trait",
  ...["conquest", "cooperation", "incorporation", "universal"].flatMap((c) => [`contact permanent ${c}`, `contact one-time ${c}`]).filter((f) => f !== "contact permanent universal"),
];

it("the base set and the example expansion (cards/examples/) together use every construct of the card language", () => {
  const result = validatePaths([defaultCardsDir(), examplesDir()]);
  expect(result.diagnostics).toEqual([]);
  const seen = features(result.cards);
  expect(required.filter((f) => !seen.has(f))).toEqual([]);
});
