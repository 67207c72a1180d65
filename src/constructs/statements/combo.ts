/**
 * `combo scrap fuel weapons -> 2 vp`: a Resource combo, an action card's
 * worker action of its own kind. Its owner places tokens of the named basic
 * resources on the card, one at a time, as free moves; once it is complete a
 * Worker sent there cashes them in for its gains (rulebook, "Resource
 * Combo"). It holds 2 or 3 resources, each a basic one.
 */
import type { Asset, Span, Word } from "../../../grammar/ast.js";
import { tokens, word } from "../../../grammar/cst.js";
import { Arrow, Combo, Word as WordToken } from "../../../grammar/tokens.js";
import type { Asset as AssetModel } from "../../check/model.js";
import { resolveAll, resolveTerm, type Resolver, resolveAssets } from "../../check/resolve.js";
import { isBasicResource } from "../../check/vocabulary.js";
import { array, object, str } from "../../compiler/code.js";
import { gainsFunction } from "../../compiler/emit-abilities.js";
import type { Gains } from "../../engine/definitions.js";
import { noDemand, plusWorkers, stepsOf } from "../../engine/facts.js";
import type { Demand, EffectStep } from "../../engine/tasks.js";
import type { Sayings } from "../../text/phrasebook.js";
import type { StatementConstruct } from "../statement.js";

export interface ComboNode {
  readonly kind: "combo";
  readonly resources: readonly Word[];
  readonly gains: readonly Asset[];
  readonly span: Span;
}

export interface ComboModel {
  readonly kind: "combo";
  readonly resources: readonly string[];
  readonly gains: readonly AssetModel[];
}

export interface ComboDef {
  readonly kind: "combo";
  readonly resources: readonly string[];
  readonly gains: Gains;
}

/** A combo as the rules read it: the tokens it needs, what its first and second use cost (one Worker, then two), what it gives. */
export interface ComboFacts {
  readonly kind: "combo";
  readonly needed: readonly string[];
  readonly demands: readonly [Demand, Demand];
  readonly steps: readonly EffectStep[];
}

/** A resource the combo holds: a word of the vocabulary, and a basic one. */
function basicResource(r: Resolver, w: Word): string | undefined {
  const id = resolveTerm(r, w, "resources");
  if (id && !isBasicResource(r.vocabulary, id)) {
    r.report("S51-E343", w.span, { word: id });
    return undefined;
  }
  return id;
}

function check(s: ComboNode, r: Resolver): ComboModel | undefined {
  let ok = true;
  if (s.resources.length < 2 || s.resources.length > 3) {
    r.report("S51-E306", s.span, { what: "a combo's resources", range: "2 or 3", value: s.resources.length });
    ok = false;
  }
  const resources = resolveAll(s.resources, (w) => basicResource(r, w));
  const gains = resolveAssets(r, s.gains);
  return ok && resources && gains ? { kind: "combo", resources, gains } : undefined;
}

/** "1 Scrap, 1 Fuel and 1 Weapon", one token of each resource, in the language's words. */
function named(c: ComboModel, say: Sayings): string {
  const counts = new Map<string, number>();
  for (const r of c.resources) counts.set(r, (counts.get(r) ?? 0) + 1);
  return say.assets([...counts].map(([resource, amount]) => ({ kind: "resource", resource, amount })));
}

export const combo: StatementConstruct<"combo", ComboNode, ComboModel, ComboDef, ComboFacts> = {
  kind: "combo",
  example: "combo scrap fuel -> 1 vp",
  keyword: Combo,
  grammar: (g) => {
    g.atLeastOne(() => g.consume(WordToken));
    g.consume(Arrow);
    g.subrule("assetList");
  },
  build: (node, span, kit) => ({ kind: "combo", resources: tokens(node.children, "Word").map(word), gains: kit.assetList(node), span }),
  place: {
    location: { part: "work", only: { patterns: ["action"], what: "worker action" } },
    leader: { refused: true },
    base: { refused: true, hint: 'a combo\'s tokens wait on an action Location; a Base cashes resources in with an action: "action: pay 1 scrap, 1 fuel -> 2 vp"' },
    // An action card has one worker action, whether written `action` or `combo`.
    single: "action",
  },
  check,
  emit: (c) => object([["kind", str("combo")], ["resources", array(c.resources.map(str))], ["gains", gainsFunction(c.gains)]]),
  text: {
    // In the rulebook's words ("Resource Combo", « Combinaison de Ressources »), and as the engine does it: tokens are
    // placed as free moves of the owner's action turn (a Universal one in any open slot, as everywhere), sit there in no store
    // (no action spends them, no steal takes them, Clean-up leaves them), and the Worker's use returns them to the supply.
    en: (c, say) =>
      `Resource Combo: on your turn, place ${named(c, say)} here for free, safe from theft. Action (1 Worker), once the combo is complete: spend them → ${say.gain(c.gains)}.`,
    fr: (c, say) =>
      `Combinaison de Ressources : à votre tour, placez ici sans frais ${named(c, say)}, à l'abri du vol. Action (1 Travailleur), une fois complète : dépensez-les → ${say.gain(c.gains)}.`,
  },
  engine: (def) => ({ kind: "combo", needed: def.resources, demands: [plusWorkers(noDemand, 1), plusWorkers(noDemand, 2)], steps: stepsOf(def.gains) }),
};
