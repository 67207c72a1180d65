/**
 * `produce: pay 1 fuel -> 2 vp`: a production with a cost. Each Production
 * phase its owner chooses whether to pay (a decision, never the engine's);
 * paying gives the gains as the card's production. On an open production an
 * opponent who sends a Worker may pay it too, for themselves ("such locations
 * also allow other players to spend their Worker tokens in order to perform
 * these cards' Production abilities"); a closed production's is its owner's
 * only. Ruling 40 in docs/engine-rulings.md.
 *
 * The `produce` statement (statements/produce.ts) may carry it; this module
 * holds every piece of the cost:
 *
 *   example          a production Location's ability written with it
 *   rule, grammar    its chevrotain rule (`: pay <costs> -> <assets>`), a
 *                    subrule of `produce`
 *   build            the rule's node to the produce statement's cost and gains
 *   check            the statement to its checked model, or diagnostics
 *                    (S51-E337 where it is not allowed, S51-E338 a cost paid
 *                    in what it produces)
 *   emit             the model to the `paid` field of the production's code
 *   text             one sentence in English and in French
 *   engine           the facts the engine reads, the decision it offers when
 *                    the production is due, and what paying does
 */
import type { CstNode } from "chevrotain";
import type * as A from "../../grammar/ast.js";
import type { ProduceNode } from "./statements/produce.js";
import { nodes } from "../../grammar/cst.js";
import { Arrow, Colon, Pay } from "../../grammar/tokens.js";
import type * as M from "../check/model.js";
import { resolveAll, resolveCost, type Resolver, resolveAssets } from "../check/resolve.js";
import { object, type Expr } from "../compiler/code.js";
import { costFunction, gainsFunction } from "../compiler/emit-abilities.js";
import type { Decision } from "../engine/choices.js";
import type { Cost, Gains } from "../engine/definitions.js";
import { demandOf, stepsOf } from "../engine/facts.js";
import { cardName, locationFacts, say, seatName, type Game } from "../engine/game.js";
import { schedule, type Demand, type GainStep, type GiveTarget, type Task } from "../engine/tasks.js";
import { canPay, locationVpCap } from "../engine/tokens.js";
import type { Sayings } from "../text/phrasebook.js";
import type { GrammarKit } from "./construct.js";
import { conditionPieces, type ConditionDef, type ConditionModel } from "./conditions/index.js";
import { capitalize, type Lang } from "../text/words.js";

/** The checked form: what is paid, what it produces, and the condition under which paying is offered. */
export interface PaidProduction {
  readonly cost: readonly M.Cost[];
  readonly gains: readonly M.Asset[];
  readonly condition?: ConditionModel;
}

/** The compiled form, the `paid` field of a production Location's ability. */
export interface PaidProductionDef {
  readonly cost: Cost;
  readonly gains: Gains;
  readonly condition?: ConditionDef;
}

/** What the engine reads of it, made once per card set. */
export interface PaidProductionFacts {
  readonly demand: Demand;
  readonly steps: readonly GainStep[];
  readonly condition: ConditionDef | undefined;
  /** Gives VP and nothing else: on a card full of VP tokens it "ceases to produce", and asks nothing. */
  readonly vpOnly: boolean;
}

export type PaidProductionTask = Extract<Task, { kind: "paid-production" }>;
export type PaidProductionDecision = Extract<Decision, { kind: "paid-production" }>;
export type PaidProductionChoice = PaidProductionDecision["choices"][number];

/** A produce statement with a cost, as the parser builds it. */
export type CostlyProduce = ProduceNode & { readonly cost: readonly A.Asset[] };

export function hasCost(s: ProduceNode): s is CostlyProduce {
  return s.cost !== undefined;
}

interface ProductionCostConstruct {
  readonly example: string;
  /** The name of its rule, the subrule of `produce` it is written in. */
  readonly rule: string;
  readonly grammar: (g: GrammarKit) => void;
  /** Its rule's node to what is paid and what is produced. */
  /** `assetList` builds an asset list's node (the parser's, which knows the amount constructs). */
  readonly build: (cst: CstNode, assetList: (list: CstNode) => A.Asset[]) => { readonly cost: A.Asset[]; readonly assets: A.Asset[] };
  /** On a production Location it has meaning; on a Base it is refused (a Base "produces one particular Resource and 3 workers"). */
  readonly check: (s: CostlyProduce, r: Resolver, on: "location" | "base") => PaidProduction | undefined;
  readonly emit: (m: PaidProduction) => Expr;
  /** `also`: the card produces something free too, said just before (the phase is said once). */
  readonly text: { readonly [L in Lang]: (m: PaidProduction, say: Sayings, also?: boolean) => string };
  readonly engine: {
    readonly facts: (def: PaidProductionDef) => PaidProductionFacts;
    /** The production is due for `seat` (its owner, or an opponent who sent a Worker): the decision, or nothing to ask. */
    readonly offer: (game: Game, t: PaidProductionTask) => Decision | undefined;
    readonly answer: (game: Game, d: PaidProductionDecision, choice: PaidProductionChoice) => void;
  };
}

/** A resource paid and produced by the same statement: the card would hand back what it takes. */
function paysWhatItProduces(r: Resolver, s: CostlyProduce, cost: readonly M.Cost[], gains: readonly M.Asset[]): boolean {
  const paid = new Set(cost.flatMap((c) => (c.kind === "resource" ? [c.resource] : [])));
  const i = gains.findIndex((g) => g.kind === "resource" && paid.has(g.resource));
  if (i < 0) return false;
  const resource = (gains[i] as Extract<M.Asset, { kind: "resource" }>).resource;
  r.report("S51-E338", s.assets[i]!.span, { resource }, `produce the difference for free ("produce 1 ${resource}"), or pay something else`);
  return true;
}

/** The sentence's parts, in the phrasebook's language. */
function parts(m: PaidProduction, say: Sayings): { when: string; costs: string; gains: string } {
  return { when: m.condition ? `${conditionPieces.text(m.condition, say)}, ` : "", costs: say.costsInfinitive(m.cost), gains: say.assets(m.gains) };
}

/** Where the gains go: on the owner's card, as its production; to an opponent's Base, as the free part goes. */
function targetOf(d: PaidProductionDecision): GiveTarget {
  return d.seat === d.owner ? { to: "location", index: d.location } : { to: "base" };
}

export const productionCost: ProductionCostConstruct = {
  example: "produce: pay 1 fuel -> 2 vp",
  rule: "productionCost",
  grammar: (g) => {
    g.consume(Colon);
    g.consume(Pay);
    g.subrule("assetList");
    g.consume(Arrow);
    g.subrule("assetList", 2);
  },
  build: (cst, assetList) => {
    const [cost, gains] = nodes(cst.children, "assetList");
    return { cost: assetList(cost!), assets: assetList(gains!) };
  },
  check: (s, r, on) => {
    if (on === "base") {
      r.report("S51-E337", s.span, {}, "a Base produces every turn; a production Location may: \"produce: pay 1 fuel -> 2 vp\"");
      return undefined;
    }
    const cost = resolveAll(s.cost, (a) => resolveCost(r, a));
    const gains = resolveAssets(r, s.assets);
    const condition = s.condition && conditionPieces.check(s.condition, r);
    if (!cost || !gains || (s.condition && !condition)) return undefined;
    if (paysWhatItProduces(r, s, cost, gains)) return undefined;
    return { cost, gains, ...(condition ? { condition } : {}) };
  },
  emit: (m) =>
    object([
      ["cost", costFunction(m.cost)],
      ["gains", gainsFunction(m.gains)],
      ...(m.condition ? [["condition", conditionPieces.emit(m.condition)] as const] : []),
    ]),
  text: {
    en: (m, say, also) => {
      const p = parts(m, say);
      // How often: the owner is asked once a Production phase (and an opponent once per Worker sent, the pattern's rule).
      return also ? `${capitalize(`${p.when}you may also, once, ${p.costs} to produce ${p.gains}`)}.` : `Once each Production phase, ${p.when}you may ${p.costs} to produce ${p.gains}.`;
    },
    fr: (m, say, also) => {
      const p = parts(m, say);
      return also ? `${capitalize(`${p.when}vous pouvez aussi, une fois, ${p.costs} pour produire ${p.gains}`)}.` : `Une fois par phase de Production, ${p.when}vous pouvez ${p.costs} pour produire ${p.gains}.`;
    },
  },
  engine: {
    facts: (def) => {
      const steps = stepsOf(def.gains);
      return Object.freeze({ demand: demandOf(def.cost), steps, condition: def.condition, vpOnly: steps.every((s) => s.op === "vp") });
    },
    offer: (game, t) => {
      const l = game.state.players[t.owner]!.locations[t.location]!;
      const paid = locationFacts(game, l.card).paid!;
      if (paid.condition !== undefined && !conditionPieces.holds(game, t.seat, paid.condition)) return undefined;
      if (!canPay(game.state.players[t.seat]!, paid.demand, game.cards.basicResources)) return undefined;
      // "VP-producing cards cease to produce Victory Points once they have produced three VP tokens."
      if (t.seat === t.owner && paid.vpOnly && l.vpTokens.length >= locationVpCap) return undefined;
      return { kind: "paid-production", seat: t.seat, choices: ["pay", "decline"], owner: t.owner, location: t.location, demand: paid.demand, steps: paid.steps };
    },
    answer: (game, d, choice) => {
      if (choice === "decline") return;
      const card = game.state.players[d.owner]!.locations[d.location]!.card;
      say(game, () => `  ${seatName(d.seat)} pays for the production of ${cardName(game, card)}`);
      schedule(game.state.agenda, { kind: "pay", seat: d.seat, demand: d.demand, keep: [] }, { kind: "effects", seat: d.seat, target: targetOf(d), steps: d.steps, except: -1 });
    },
  },
};
