/**
 * The ability constructs of the checked model, each as code over the
 * engine's Give / Pay / Act APIs (src/engine/definitions.ts): one small pure
 * function per construct. A card's functions get their calls written beside
 * them as data once, for the whole card (`withCalls`, code.ts).
 */
import type {
  Asset,
  Cost,
  Effect,
  Gift,
  LeaderCard,
  LocationAbility,
  Trait,
} from "../check/model.js";
import { isAsset } from "../check/model.js";
import { amountPieces } from "../constructs/amounts/index.js";
import { conditionPieces } from "../constructs/conditions/index.js";
import { effectPieces } from "../constructs/effects/index.js";
import { traitConstructs, traitPieces } from "../constructs/traits/index.js";
import { statementPieces } from "../constructs/statements/index.js";
import { CompileError, array, arrow, call, int, object, str, type Call, type Expr, type ObjectLiteral } from "./code.js";

/** The parameter names of the compiled functions, after the API each one receives. */
export const giveParameter = "give";
export const payParameter = "pay";
export const actParameter = "act";

/** One asset as a call on Give (or Act, which extends it); a scaled one names its scale last (`scale: { kind: "per", … }`), as data. */
export function assetCall(asset: Asset): Call {
  const scale: [string, Expr][] = asset.scale ? [["scale", amountPieces.emit(asset.scale)]] : [];
  switch (asset.kind) {
    case "resource":
      return call("resource", object([["resource", str(asset.resource)], ["amount", int(asset.amount)], ...scale]));
    case "worker":
      return call("workers", object([["amount", int(asset.amount)], ...scale]));
    case "card":
      return call("cards", object([["amount", int(asset.amount)], ...scale]));
    case "vp":
      return call("vp", object([["tokens", int(asset.tokens)], ["value", int(asset.value)], ...scale]));
    case "contactToken":
      return call("contactToken", object([["colour", str(asset.colour)], ["range", int(asset.range)], ["tokens", int(asset.tokens)], ...scale]));
    case "redevelopmentToken":
      return call("redevelopmentTokens", object([["amount", int(asset.amount)], ...scale]));
    default:
      return unreachable(asset, "asset");
  }
}

/** One cost as a call on Pay. */
export function costCall(cost: Cost): Call {
  switch (cost.kind) {
    case "resource":
      return call("resource", object([["resource", str(cost.resource)], ["amount", int(cost.amount)]]));
    case "worker":
      return call("workers", object([["amount", int(cost.amount)]]));
    case "card":
      return call("cards", object([["amount", int(cost.amount)]]));
    case "deal":
      return call("deals", object([["kind", str(cost.deal)], ["amount", int(cost.amount)]]));
    default:
      return unreachable(cost, "cost");
  }
}

/** One effect as a call on Act: a gain, or an effect construct's call named by its kind (`act.steal({ … })`). */
export function effectCall(effect: Effect): Call {
  return isAsset(effect) ? assetCall(effect) : call(effect.kind, effectPieces.emit(effect, effectsFunction));
}

/** A `Gains`: `(give) => { give.resource({ resource: "scrap", amount: 3 }); }`, or `() => {}` for nothing. */
export function gainsFunction(assets: readonly Asset[]): Expr {
  return arrow(giveParameter, assets.map(assetCall));
}

/** One gift as a call on Give: an asset, or gains under a condition (`give.onlyIf({ condition: { kind: "leader" }, gains: (give) => { … } })`). */
function giftCall(gift: Gift): Call {
  if (gift.kind !== "if") return assetCall(gift);
  return call("onlyIf", object([["condition", conditionPieces.emit(gift.condition)], ["gains", gainsFunction(gift.gains)]]));
}

/** The `Gains` of a red, blue or production part: `gainsFunction`'s code when nothing in it has a condition. */
export function giftsFunction(gifts: readonly Gift[]): Expr {
  return arrow(giveParameter, gifts.map(giftCall));
}

/** A `Cost`: `(pay) => { pay.cards({ amount: 1 }); pay.resource({ resource: "building-material", amount: 1 }); }`. */
export function costFunction(costs: readonly Cost[]): Expr {
  return arrow(payParameter, costs.map(costCall));
}

/** An `Effects`: `(act) => { act.steal({ resource: "any", amount: 1 }); act.redevelop({ anyType: true }); }`. */
export function effectsFunction(effects: readonly Effect[]): Expr {
  return arrow(actParameter, effects.map(effectCall));
}

/** The fields of an object's code, to be written among others' (a statement's code that fills part of its card's object). */
export function propertiesOf(e: Expr): ObjectLiteral["properties"] {
  if (e.kind !== "object") throw new CompileError(`expected an object's code, not ${e.kind}`);
  return e.properties;
}

/** A `TraitDef`: its construct's code (src/constructs/traits). */
export function trait(t: Trait): Expr {
  return traitPieces.emit(t);
}

/** A Leader's ability: its trigger (the `after` construct's code), or a worker action. */
export function leaderAbility(ability: LeaderCard["ability"]): Expr {
  return ability.kind === "action" ? statementPieces.emit("action", ability) : traitConstructs.after.emit(ability);
}

/** A Location's grey part, a `LocationAbilityDef`. */
export function locationAbility(ability: LocationAbility): Expr {
  switch (ability.pattern) {
    case "action":
      return object([
        ["pattern", str("action")],
        ["work", ability.work.kind === "action" ? statementPieces.emit("action", ability.work) : statementPieces.emit("combo", ability.work)],
      ]);
    case "open-production":
    case "closed-production":
      return object([["pattern", str(ability.pattern)], ...propertiesOf(statementPieces.emit("produce", ability))]);
    case "trait":
      return object([["pattern", str("trait")], ["traits", array(ability.traits.map(trait))]]);
    default:
      return unreachable(ability, "location ability");
  }
}

function unreachable(value: never, what: string): never {
  throw new CompileError(`unknown ${what}: ${JSON.stringify(value)}`);
}
