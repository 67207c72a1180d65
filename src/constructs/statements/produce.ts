/**
 * `produce 2 fuel`, `produce 1 vp if you have a leader`, `produce: pay 1
 * fuel -> 2 vp`: what a production Location gives its owner each Production
 * phase, and what a Base produces. A production card may produce some
 * things free and others for a price (src/constructs/production-cost.ts):
 * each is one statement (a field holds one of each), and the card's part
 * is both. A Base "produces one particular Resource and 3 workers" every
 * turn: no condition, no cost.
 */
import type { Asset, ConditionClause, Span } from "../../../grammar/ast.js";
import { Produce } from "../../../grammar/tokens.js";
import type { Gift } from "../../check/model.js";
import { type Resolver, resolveAssets } from "../../check/resolve.js";
import { object, type Expr } from "../../compiler/code.js";
import { giftsFunction } from "../../compiler/emit-abilities.js";
import type { Gains } from "../../engine/definitions.js";
import { stepsOf } from "../../engine/facts.js";
import type { GainStep } from "../../engine/tasks.js";
import type { Sayings } from "../../text/phrasebook.js";
import { giftSentences } from "../../text/split.js";
import { hasCost, productionCost, type PaidProduction, type PaidProductionDef, type PaidProductionFacts } from "../production-cost.js";
import type { Standing, StatementConstruct } from "../statement.js";
import { giftsOf } from "./gain.js";

export interface ProduceNode {
  readonly kind: "produce";
  /** What is produced (after `->` when it has a cost). */
  readonly assets: readonly Asset[];
  /** What is paid for it, the player's choice each Production phase (`produce: pay 1 fuel -> 2 vp`). */
  readonly cost?: readonly Asset[];
  readonly condition?: ConditionClause;
  readonly span: Span;
}

/** A card's production: what it gives each Production phase, and what it may give for a price. */
export interface ProduceModel {
  readonly produce: readonly Gift[];
  readonly paid?: PaidProduction;
}

export interface ProduceDef {
  readonly produce: Gains;
  /** Absent: no production with a cost. */
  readonly paid?: PaidProductionDef;
}

export interface ProduceFacts {
  readonly produces: readonly GainStep[];
  readonly paid: PaidProductionFacts | undefined;
}

/** A card's production statements as one production (a statement gives one side of it). */
export function production(list: readonly ProduceModel[]): ProduceModel {
  const paid = list.find((m) => m.paid)?.paid;
  return { produce: list.flatMap((m) => m.produce), ...(paid ? { paid } : {}) };
}

/** A Base's production: its gains as written, every turn. */
function onBase(s: ProduceNode, r: Resolver): ProduceModel | undefined {
  if (hasCost(s)) {
    productionCost.check(s, r, "base");
    return undefined;
  }
  const produce = resolveAssets(r, s.assets);
  if (s.condition) {
    r.report("S51-E335", s.condition.span, { what: "a Base's production" }, 'a Base produces every turn; a production Location may: "produce 2 fuel if you have a leader"');
    return undefined;
  }
  return produce && { produce };
}

function check(s: ProduceNode, r: Resolver, at: Standing): ProduceModel | undefined {
  if (at === "base") return onBase(s, r);
  if (hasCost(s)) {
    const paid = productionCost.check(s, r, "location");
    return paid && { produce: [], paid };
  }
  const produce = giftsOf(r, s);
  return produce && { produce };
}

/** "Each Production phase, produce 2 Fuel.", a sentence for each condition's gains, then the production with a cost. */
function sentences(m: ProduceModel, say: Sayings, when: string): string {
  const lines = m.produce.length > 0 ? [giftSentences(m.produce, say, (a) => `${when} ${say.produce(a)}`)] : [];
  if (m.paid) lines.push(productionCost.text[say.lang](m.paid, say, lines.length > 0));
  return lines.join(" ");
}

function emit(m: ProduceModel): Expr {
  return object([["produce", giftsFunction(m.produce)], ...(m.paid ? [["paid", productionCost.emit(m.paid)] as const] : [])]);
}

const productionPatterns = ["open-production", "closed-production"] as const;

export const produce: StatementConstruct<"produce", ProduceNode, ProduceModel, ProduceDef, ProduceFacts> = {
  kind: "produce",
  example: "produce 2 fuel",
  keyword: Produce,
  grammar: (g) => {
    g.or([() => g.subrule("productionCost"), () => g.subrule("assetList")]);
    g.option(() => g.subrule("condition"));
  },
  build: (node, span, kit) => {
    const paid = node.children[productionCost.rule];
    const parts = paid ? productionCost.build(paid[0] as typeof node, kit.assets) : { assets: kit.assetList(node) };
    return { kind: "produce", ...parts, ...kit.condition(node), span };
  },
  place: {
    // Checked even on a card that does not produce: its own mistakes are reported with the misfit.
    location: { part: "produce", only: { patterns: productionPatterns, what: "production", checked: true } },
    leader: { refused: true, hint: "produce belongs to production Locations and Bases" },
    base: { part: "produce" },
    // A production with a cost is a statement of its own: a card may produce some things free and others for a price.
    single: (s) => (s.cost ? "produce:" : "produce"),
  },
  check,
  emit,
  text: {
    en: (m, say) => sentences(m, say, "Each Production phase,"),
    fr: (m, say) => sentences(m, say, "À chaque phase de Production,"),
  },
  engine: (def) => ({ produces: stepsOf(def.produce), paid: def.paid && productionCost.engine.facts(def.paid) }),
};
