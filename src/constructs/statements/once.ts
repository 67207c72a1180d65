/**
 * `once: 2 scrap`, `once: steal 1 card`: the one-time-only icon. What it
 * gives or does is carried out once, as the card comes into play (rulebook,
 * "One-time-only"): a Location's gains go to the pool, a Leader's onto the
 * Leader; any effect, not only gains (issue 8), as an action's effects are.
 */
import type { Effect, Span } from "../../../grammar/ast.js";
import { Colon, Once } from "../../../grammar/tokens.js";
import type { Effect as EffectModel } from "../../check/model.js";
import { resolveAll, resolveEffect } from "../../check/resolve.js";
import { effectsFunction } from "../../compiler/emit-abilities.js";
import type { Effects } from "../../engine/definitions.js";
import { stepsOf } from "../../engine/facts.js";
import type { EffectStep } from "../../engine/tasks.js";
import { isGain } from "../../engine/tokens.js";
import type { StatementConstruct } from "../statement.js";

export interface OnceNode {
  readonly kind: "once";
  readonly effects: readonly Effect[];
  readonly span: Span;
}

/** What the card gives or does once. */
export type OnceModel = readonly EffectModel[];

export type OnceDef = Effects;

/** Its steps, and whether all are gains (given at once; else they go on the agenda, as an action's effects do). */
export interface OnceFacts {
  readonly steps: readonly EffectStep[];
  readonly gainsOnly: boolean;
}

export const once: StatementConstruct<"once", OnceNode, OnceModel, OnceDef, OnceFacts> = {
  kind: "once",
  example: "once: 1 card",
  keyword: Once,
  grammar: (g) => {
    g.consume(Colon);
    g.subrule("effectList");
  },
  build: (node, span, kit) => ({ kind: "once", effects: kit.effectList(node), span }),
  place: {
    location: { part: "once" },
    leader: { part: "once" },
    base: { refused: true, hint: "a Base is in play from the start: it has no one-time-only gain" },
    single: "once",
  },
  check: (s, r) => resolveAll(s.effects, (e) => resolveEffect(r, e)),
  emit: (effects) => effectsFunction(effects),
  text: {
    // Carried out as the card enters play (engine: the card's once steps run when it is played).
    en: (list, say) => `When this card enters play, ${say.effects(list)}.`,
    fr: (list, say) => `Quand cette carte entre en jeu, ${say.effects(list)}.`,
  },
  engine: (def) => {
    const steps = stepsOf(def);
    return { steps, gainsOnly: steps.every(isGain) };
  },
};
