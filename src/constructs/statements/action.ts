/**
 * `action: pay 1 weapons -> 2 vp`, `action(2 workers): 1 card`,
 * `action(repeatable): pay 1 scrap -> 1 fuel`, `action: 1 scrap if you have
 * a leader`: a worker action. An action Location's (its owner, or an
 * opponent for the owner's benefit, sends 1 or 2 Workers; at most twice a
 * turn, the second use one Worker dearer), a Base's faction power (the
 * same), or a Leader's ability (no Worker, any number of times when
 * `repeatable`). Its condition says when it is offered.
 */
import type { CstNode } from "chevrotain";
import type { Asset, ConditionClause, Effect, Num, Span, Word } from "../../../grammar/ast.js";
import { nodes, num, spanOf, tokens, word } from "../../../grammar/cst.js";
import { Action, Arrow, Colon, Comma, Integer, LParen, Pay, Repeatable, RParen, Word as WordToken } from "../../../grammar/tokens.js";
import type { Cost as CostModel, Effect as EffectModel } from "../../check/model.js";
import { resolveAll, resolveCost, resolveEffect, type Resolver } from "../../check/resolve.js";
import { bool, int, object, str } from "../../compiler/code.js";
import { costFunction, effectsFunction } from "../../compiler/emit-abilities.js";
import type { Cost, Effects } from "../../engine/definitions.js";
import { demandOf, plusWorkers, stepsOf } from "../../engine/facts.js";
import type { Demand, EffectStep } from "../../engine/tasks.js";
import type { Sayings } from "../../text/phrasebook.js";
import type { GrammarKit } from "../construct.js";
import { conditionPieces, type ConditionDef, type ConditionModel } from "../conditions/index.js";
import type { Standing, StatementConstruct } from "../statement.js";

export type ActionOption =
  | { readonly kind: "workers"; readonly amount: Num; readonly word: Word; readonly span: Span }
  | { readonly kind: "repeatable"; readonly span: Span };

export interface ActionNode {
  readonly kind: "action";
  readonly options: readonly ActionOption[];
  readonly cost: readonly Asset[];
  readonly effects: readonly Effect[];
  readonly condition?: ConditionClause;
  readonly span: Span;
}

export interface ActionModel {
  readonly kind: "action";
  /** Workers for the first use; a second use in a turn costs one more. */
  readonly workers: number;
  /** Baby Swift: any number of times a turn. */
  readonly repeatable: boolean;
  readonly cost: readonly CostModel[];
  readonly effects: readonly EffectModel[];
  /** Offered only while this holds (`action: … if you hold 2 scrap`). */
  readonly condition?: ConditionModel;
}

export interface ActionDef {
  readonly kind: "action";
  readonly workers: number;
  readonly repeatable: boolean;
  readonly cost: Cost;
  readonly effects: Effects;
  /** Offered only while this holds (absent: always). */
  readonly condition?: ConditionDef;
}

/** An action as data: what its first and second use cost (its workers grow by one), what it does, and when it is offered (its condition; none for most). */
export interface ActionFacts {
  readonly kind: "action";
  readonly demands: readonly [Demand, Demand];
  readonly steps: readonly EffectStep[];
  readonly condition: ConditionDef | undefined;
}

/** `2 workers` or `repeatable` inside an action's parentheses: a subrule of `action` (the parser names it). */
export const actionOption = {
  rule: "actionOption",
  grammar: (g: GrammarKit): void =>
    g.or([
      () => {
        g.consume(Integer);
        g.consume(WordToken);
      },
      () => g.consume(Repeatable),
    ]),
  build: (cst: CstNode, span: Span): ActionOption => {
    const c = cst.children;
    if (c["Repeatable"]) return { kind: "repeatable", span };
    return { kind: "workers", amount: num(tokens(c, "Integer")[0]!), word: word(tokens(c, "Word")[0]!), span };
  },
};

/** Whose actions these are: how many Workers they may take, whether they may be repeatable, and who, for the hints. */
interface ActionRule {
  readonly workers: readonly number[];
  readonly repeatable: boolean;
  readonly who: string;
}

const rules: { readonly [S in Exclude<Standing, "deals">]: ActionRule } = {
  location: { workers: [1, 2], repeatable: false, who: "a Location's" },
  // A Base's worker action, as a Location's: 1 or 2 workers, at most twice a turn.
  base: { workers: [1, 2], repeatable: false, who: "a Base's" },
  leader: { workers: [0], repeatable: true, who: "a Leader's" },
};

function check(s: ActionNode, r: Resolver, at: Standing): ActionModel | undefined {
  if (at === "deals") throw new Error("the spoils and agreement fields refuse an action before it is checked");
  const allowed = rules[at];
  let workers = 1;
  let repeatable = false;
  let ok = true;
  const kinds = s.options.map((o) => o.kind);
  s.options.forEach((o, i) => {
    if (kinds.indexOf(o.kind) !== i) {
      r.report("S51-E311", o.span, { what: `the action option "${o.kind}"` });
      ok = false;
    }
  });
  for (const o of s.options) {
    if (o.kind === "repeatable") {
      repeatable = true;
      if (!allowed.repeatable) {
        r.report("S51-E309", o.span, { what: "be repeatable (only a Leader's action may)" }, `${allowed.who} action may be used at most twice a turn`);
        ok = false;
      }
      continue;
    }
    if (r.vocabulary.words.tokens.get(o.word.text)?.id !== "worker") {
      r.report("S51-E301", o.word.span, { what: "action option", word: o.word.text }, 'write "(2 workers)"');
      ok = false;
    }
    workers = o.amount.value;
  }
  if (!allowed.workers.includes(workers)) {
    const span = s.options.find((o) => o.kind === "workers")?.span ?? s.span;
    r.report("S51-E309", span, { what: `take ${workers} worker${workers === 1 ? "" : "s"}` }, `allowed: ${allowed.workers.join(" or ")}`);
    ok = false;
  }
  const cost = resolveAll(s.cost, (a) => resolveCost(r, a));
  const effects = resolveAll(s.effects, (e) => resolveEffect(r, e));
  const condition = s.condition && (conditionPieces.check(s.condition, r) ?? false);
  if (!ok || !cost || !effects || condition === false) return undefined;
  return { kind: "action", workers, repeatable, cost, effects, ...(condition ? { condition } : {}) };
}

/** "Action (1 Worker): spend 1 Weapon → gain 1 VP token worth 2.", in the phrasebook's language; lower case after the colon, as French typography and the other templates' colons have it. */
function sentence(a: ActionModel, say: Sayings, words: { readonly noWorker: string; readonly repeatable: string; readonly colon: string }): string {
  const workers = a.workers === 0 ? words.noWorker : say.token("worker", a.workers);
  const head = `Action (${workers}${a.repeatable ? words.repeatable : ""})`;
  const what = a.cost.length ? say.exchange(a.cost, a.effects) : say.effects(a.effects);
  return `${head}${a.condition ? `, ${conditionPieces.text(a.condition, say)}` : ""}${words.colon}${what}.`;
}

export const action: StatementConstruct<"action", ActionNode, ActionModel, ActionDef, ActionFacts> = {
  kind: "action",
  example: "action: pay 1 scrap -> 1 vp",
  keyword: Action,
  grammar: (g) => {
    g.option(() => {
      g.consume(LParen);
      g.atLeastOneSep(Comma, () => g.subrule("actionOption"));
      g.consume(RParen);
    });
    g.consume(Colon);
    g.option(() => {
      g.consume(Pay);
      g.subrule("assetList");
      g.consume(Arrow);
    }, 2);
    g.subrule("effectList");
    g.option(() => g.subrule("condition"), 3);
  },
  build: (node, span, kit) => ({
    kind: "action",
    options: nodes(node.children, "actionOption").map((o) => actionOption.build(o, spanOf(o))),
    cost: node.children["assetList"] ? kit.assetList(node) : [],
    effects: kit.effectList(node),
    ...kit.condition(node),
    span,
  }),
  place: {
    location: { part: "work", only: { patterns: ["action"], what: "worker action" } },
    leader: { part: "ability" },
    base: { part: "work" },
    // An action card has one worker action, whether written `action` or `combo`.
    single: "action",
  },
  check,
  emit: (a) =>
    object([
      ["kind", str("action")],
      ["workers", int(a.workers)],
      ["repeatable", bool(a.repeatable)],
      ["cost", costFunction(a.cost)],
      ["effects", effectsFunction(a.effects)],
      // Written only when there is one: the base set's actions compile as before.
      ...(a.condition ? [["condition", conditionPieces.emit(a.condition)] as const] : []),
    ]),
  text: {
    en: (a, say) => sentence(a, say, { noWorker: "no Worker", repeatable: ", any number of times", colon: ": " }),
    fr: (a, say) => sentence(a, say, { noWorker: "sans Travailleur", repeatable: ", autant de fois que voulu", colon: " : " }),
  },
  engine: (def) => {
    const cost = demandOf(def.cost);
    return { kind: "action", demands: [plusWorkers(cost, def.workers), plusWorkers(cost, def.workers + 1)], steps: stepsOf(def.effects), condition: def.condition };
  },
};
