/**
 * `each fuel card -> 1 vp`: in the Production phase, the gains once for each
 * Location of the card type in the owner's area, the trait card itself
 * included.
 */
import type { Asset, Span, Word } from "../../../grammar/ast.js";
import { cst } from "../../../grammar/cst.js";
import { Arrow, Card, Each, Word as WordToken } from "../../../grammar/tokens.js";
import type { Asset as AssetModel } from "../../check/model.js";
import { resolveTerm, resolveAssets } from "../../check/resolve.js";
import { object, str } from "../../compiler/code.js";
import { gainsFunction } from "../../compiler/emit-abilities.js";
import type { Gains } from "../../engine/definitions.js";
import { stepsOf } from "../../engine/facts.js";
import { typeEn, typeFr } from "../card-type-text.js";
import type { TraitConstruct } from "../construct.js";

export interface EachNode {
  readonly kind: "each";
  readonly cardType: Word;
  readonly gains: readonly Asset[];
  readonly span: Span;
}

export interface EachModel {
  readonly kind: "each";
  readonly cardType: string;
  readonly gains: readonly AssetModel[];
}

export interface EachDef {
  readonly kind: "each";
  readonly cardType: string;
  readonly gains: Gains;
}

export const each: TraitConstruct<"each", EachNode, EachModel, EachDef> = {
  kind: "each",
  example: "each scrap card -> 1 scrap",
  keyword: Each,
  grammar: (g) => {
    g.consume(WordToken);
    g.consume(Card);
    g.consume(Arrow);
    g.subrule("assetList");
  },
  build: (node, span, kit) => ({ kind: "each", cardType: cst.word(node, "Word"), gains: kit.assetList(node), span }),
  check: (s, r) => {
    const cardType = resolveTerm(r, s.cardType, "cardTypes");
    const gains = resolveAssets(r, s.gains);
    return cardType && gains ? { kind: "each", cardType, gains } : undefined;
  },
  emit: (m) => object([["kind", str("each")], ["cardType", str(m.cardType)], ["gains", gainsFunction(m.gains)]]),
  text: {
    // When it gives (the Production phase) and what it counts (Locations in play, not Spoils or Agreements: ruling 10).
    en: (m, say) => `Each Production phase, ${say.effects(m.gains)} per ${typeEn(say, m.cardType)} Location in your play area.`,
    fr: (m, say) => `À chaque phase de Production, ${say.effects(m.gains)} par Territoire de type ${typeFr(say, m.cardType)} dans votre zone de jeu.`,
  },
  engine: (def, _trait, facts) => {
    facts.perCardType.push({ cardType: def.cardType, steps: stepsOf(def.gains) });
  },
};
