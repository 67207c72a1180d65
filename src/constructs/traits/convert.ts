/**
 * `convert 1 fuel -> contact cooperation 3`: pay the left side to get the
 * right, at any time of the owner's action turn, as often as they can pay,
 * without spending the turn's action ("Location Traits are always active
 * regardless of timing").
 */
import type { Asset, Effect, Span } from "../../../grammar/ast.js";
import { Arrow, keyword } from "../../../grammar/tokens.js";
import { isAsset, type Asset as AssetModel, type Cost, type Effect as EffectModel } from "../../check/model.js";
import { resolveAll, resolveCost, resolveEffect } from "../../check/resolve.js";
import { object, str } from "../../compiler/code.js";
import { costFunction, effectsFunction } from "../../compiler/emit-abilities.js";
import type { Cost as CostDef, Effects } from "../../engine/definitions.js";
import { demandOf, stepsOf } from "../../engine/facts.js";
import { capitalize } from "../../text/words.js";
import type { TraitConstruct } from "../construct.js";

export interface ConvertNode {
  readonly kind: "convert";
  readonly cost: readonly Asset[];
  readonly gains: readonly Effect[];
  readonly span: Span;
}

export interface ConvertModel {
  readonly kind: "convert";
  readonly cost: readonly Cost[];
  readonly gains: readonly EffectModel[];
}

export interface ConvertDef {
  readonly kind: "convert";
  readonly cost: CostDef;
  readonly gains: Effects;
}

function onlyAssets(list: readonly EffectModel[]): list is readonly AssetModel[] {
  return list.every(isAsset);
}

export const convert: TraitConstruct<"convert", ConvertNode, ConvertModel, ConvertDef> = {
  kind: "convert",
  example: "convert 1 fuel -> 1 vp",
  keyword: keyword("Convert", "convert"),
  grammar: (g) => {
    g.subrule("assetList");
    g.consume(Arrow);
    g.subrule("effectList");
  },
  build: (node, span, kit) => ({ kind: "convert", cost: kit.assetList(node), gains: kit.effectList(node), span }),
  check: (s, r) => {
    const cost = resolveAll(s.cost, (a) => resolveCost(r, a));
    const gains = resolveAll(s.gains, (e) => resolveEffect(r, e));
    return cost && gains ? { kind: "convert", cost, gains } : undefined;
  },
  emit: (m) => object([["kind", str("convert")], ["cost", costFunction(m.cost)], ["gains", effectsFunction(m.gains)]]),
  text: {
    // Gains read as what the payment buys; other effects as what the player then does, as after an action's arrow.
    en: (m, say) => (onlyAssets(m.gains) ? `${capitalize(say.costs(m.cost))} to gain ${say.assets(m.gains)}.` : `${capitalize(say.costs(m.cost))} → ${say.effects(m.gains)}.`),
    fr: (m, say) => (onlyAssets(m.gains) ? `${capitalize(say.costs(m.cost))} pour obtenir ${say.assets(m.gains)}.` : `${capitalize(say.costs(m.cost))} → ${say.effects(m.gains)}.`),
  },
  engine: (def, trait, facts) => {
    facts.converts.push({ trait, demand: demandOf(def.cost), steps: stepsOf(def.gains) });
  },
};
