/**
 * `2 scrap or 1 vp`, `steal 1 resource or 1 card`: the player chooses one of
 * the options when the effect resolves (not when the card is played or the
 * action chosen). `or` binds tighter than `,`: `2 scrap or 1 vp, 1 card` is
 * a choice, then a card. Each option is one effect; options are different.
 */
import type { Effect, Span } from "../../../grammar/ast.js";
import { nodes } from "../../../grammar/cst.js";
import { keyword } from "../../../grammar/tokens.js";
import { isAsset, type Effect as EffectModel } from "../../check/model.js";
import { array, object } from "../../compiler/code.js";
import type { EffectsCode } from "../../engine/definitions.js";
import { schedule, type EffectStep } from "../../engine/tasks.js";
import { joinAlternatives } from "../../text/words.js";
import type { Sayings } from "../../text/phrasebook.js";
import type { EffectAsk, EffectAt, EffectConstruct } from "../effect.js";

export const Or = keyword("Or", "or");

export interface ChoiceNode {
  readonly kind: "choice";
  readonly options: readonly Effect[];
  readonly span: Span;
}

export interface ChoiceModel {
  readonly kind: "choice";
  readonly options: readonly EffectModel[];
}

export interface ChoiceArgs {
  readonly options: readonly EffectsCode[];
}
// Interfaces, not type aliases: a choice's steps hold steps, and the step union is derived from the table that holds the choice.
export interface ChoiceStep {
  readonly op: "choice";
  readonly options: readonly (readonly EffectStep[])[];
}
/** The options as steps; `at` is where the chosen one happens. */
export interface ChoiceAsk extends EffectAsk<"choose-effect", readonly EffectStep[]> {
  readonly at: EffectAt;
}

/** The options: "2 Scrap or 1 VP" when every option is a gain (the verb said once, before), else each with its own verb. */
function options(m: ChoiceModel, say: Sayings): { readonly gains: boolean; readonly said: string } {
  const assets = m.options.filter(isAsset);
  if (assets.length === m.options.length) return { gains: true, said: joinAlternatives(assets.map(say.asset), say.lang) };
  return { gains: false, said: joinAlternatives(m.options.map((o) => say.effects([o])), say.lang) };
}

export const choice: EffectConstruct<"choice", ChoiceNode, ChoiceModel, ChoiceArgs, ChoiceStep, ChoiceAsk> = {
  kind: "choice",
  example: "2 scrap or 1 vp",
  syntax: { infix: Or },
  words: [Or],
  build: (node, span, inner) => ({ kind: "choice", options: nodes(node.children, "effect").map(inner), span }),
  check: (e, r, inner) => {
    const options = e.options.map(inner);
    if (!options.every((o) => o !== undefined)) return undefined;
    const seen = new Map<string, number>();
    for (const [i, o] of options.entries()) {
      const key = JSON.stringify(o);
      const first = seen.get(key);
      if (first !== undefined) {
        r.report("S51-E332", e.options[i]!.span, {}, `drop one of them, or write something else after "or"`);
        return undefined;
      }
      seen.set(key, i);
    }
    return { kind: "choice", options: options as EffectModel[] };
  },
  emit: (m, inner) => object([["options", array(m.options.map((o) => inner([o])))]]),
  record: (a, inner) => ({ op: "choice", options: a.options.map(inner) }),
  text: {
    // The player chooses, when the effect resolves.
    en: (m, say) => {
      const o = options(m, say);
      return `${o.gains ? `gain ${o.said}` : o.said} (your choice)`;
    },
    fr: (m, say) => {
      const o = options(m, say);
      return o.gains ? `gagnez au choix ${o.said}` : `au choix, ${o.said}`;
    },
  },
  engine: {
    run: (_game, step, at) => ({ kind: "choose-effect", seat: at.seat, choices: step.options, at }),
    answers: {
      "choose-effect": (game, ask, steps) => {
        schedule(game.state.agenda, { kind: "effects", seat: ask.at.seat, target: ask.at.target, steps, except: ask.at.except });
      },
    },
  },
};
