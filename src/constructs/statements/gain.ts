/**
 * `gain 3 scrap`, `gain 1 vp if you have a leader`: what a Location gives
 * as Spoils (once, when it is conquered) and as an Agreement (each
 * Production phase), the red and blue parts of the card. A field's gain
 * statements are given in order, as one list: the text says what is given
 * outright in one sentence, then each condition's gains in one more.
 */
import type { Asset, ConditionClause, Span } from "../../../grammar/ast.js";
import type { Gift } from "../../check/model.js";
import { type Resolver, resolveAssets } from "../../check/resolve.js";
import { giftsFunction } from "../../compiler/emit-abilities.js";
import type { Gains } from "../../engine/definitions.js";
import { stepsOf } from "../../engine/facts.js";
import type { GainStep } from "../../engine/tasks.js";
import { Gain } from "../../../grammar/tokens.js";
import { giftSentences } from "../../text/split.js";
import { capitalize } from "../../text/words.js";
import { conditionPieces } from "../conditions/index.js";
import type { StatementConstruct } from "../statement.js";

export interface GainNode {
  readonly kind: "gain";
  readonly assets: readonly Asset[];
  readonly condition?: ConditionClause;
  readonly span: Span;
}

/** What a field gives: its gains, some perhaps under a condition. */
export type GainModel = readonly Gift[];

export type GainDef = Gains;

/** What the field gives, as steps. */
export type GainFacts = readonly GainStep[];

/** What a statement with a condition gives (`gain`, `produce`): its assets, under its condition if it has one. */
export function giftsOf(r: Resolver, s: { readonly assets: readonly Asset[]; readonly condition?: ConditionClause }): Gift[] | undefined {
  const gains = resolveAssets(r, s.assets);
  const c = s.condition && (conditionPieces.check(s.condition, r) ?? false);
  if (!gains || c === false) return undefined;
  return c ? [{ kind: "if", condition: c, gains }] : gains;
}

const misplaced = 'a card\'s grey part produces ("produce …") or gives once ("once: …"); "gain" is for spoils and agreements';

export const gain: StatementConstruct<"gain", GainNode, GainModel, GainDef, GainFacts> = {
  kind: "gain",
  example: "gain 2 scrap",
  keyword: Gain,
  grammar: (g) => {
    g.subrule("assetList");
    g.option(() => g.subrule("condition"));
  },
  build: (node, span, kit) => ({ kind: "gain", assets: kit.assetList(node), ...kit.condition(node), span }),
  place: {
    deals: { part: "gifts" },
    location: { refused: true, hint: misplaced },
    leader: { refused: true, hint: misplaced },
    base: { refused: true, hint: misplaced },
  },
  check: (s, r) => giftsOf(r, s),
  emit: (gifts) => giftsFunction(gifts),
  text: {
    en: (gifts, say) => giftSentences(gifts, say, (a) => capitalize(say.gain(a))),
    fr: (gifts, say) => giftSentences(gifts, say, (a) => capitalize(say.gain(a))),
  },
  engine: (def) => stepsOf(def),
};
