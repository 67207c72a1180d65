/**
 * `convert 1 fuel -> contact cooperation 3`: pay the left side to get the
 * right, at any time of the owner's action turn, as often as they can pay,
 * without spending the turn's action ("Location Traits are always active
 * regardless of timing").
 */
import type { Asset, Effect, Span } from "../../../grammar/ast.js";
import { Arrow, keyword } from "../../../grammar/tokens.js";
import type { Cost, Effect as EffectModel } from "../../check/model.js";
import { resolveAll, resolveCost, resolveEffect } from "../../check/resolve.js";
import { object, str } from "../../compiler/code.js";
import { costFunction, effectsFunction } from "../../compiler/emit-abilities.js";
import type { Cost as CostDef, Effects } from "../../engine/definitions.js";
import { demandOf, stepsOf } from "../../engine/facts.js";
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
    // When (a free move of the owner's action turns, not an action) and how often (whenever they can pay), then the exchange as an action's is said.
    en: (m, say) => `During your Actions-phase turns, as often as you can pay: ${say.costs(m.cost)} → ${say.effects(m.gains)}.`,
    fr: (m, say) => `À vos tours de la phase d'Actions, autant de fois que vous pouvez payer : ${say.costs(m.cost)} → ${say.effects(m.gains)}.`,
  },
  engine: (def, trait, facts) => {
    facts.converts.push({ trait, demand: demandOf(def.cost), steps: stepsOf(def.gains) });
  },
};
