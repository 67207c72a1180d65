/**
 * `slots 3 deals`: the card holds up to three Spoils and/or Agreements
 * tucked under it (rulebook, "the three-slot rule").
 */
import type { Num, Span, Word } from "../../../grammar/ast.js";
import { cst } from "../../../grammar/cst.js";
import { Integer, keyword } from "../../../grammar/tokens.js";
import { atMostThree, type Resolver } from "../../check/resolve.js";
import { didYouMean } from "../../diagnostics/suggest.js";
import { int, object, str } from "../../compiler/code.js";
import type { DealKind } from "../../engine/definitions.js";
import type { TraitConstruct } from "../construct.js";

export interface SlotsNode {
  readonly kind: "slots";
  readonly amount: Num;
  readonly holds: Word;
  readonly span: Span;
}

export interface SlotsModel {
  readonly kind: "slots";
  readonly amount: number;
  readonly holds: DealKind;
}

export type SlotsDef = SlotsModel;

/** Which deals the written word names, or undefined (reported). */
export function dealHeld(r: Resolver, holds: Word): DealKind | undefined {
  const id = r.vocabulary.words.tokens.get(holds.text)?.id;
  if (id === "spoils" || id === "agreement" || id === "deal") return id;
  const deals = [...r.vocabulary.words.tokens].filter(([, t]) => t.id === "spoils" || t.id === "agreement" || t.id === "deal").map(([w]) => w);
  r.report("S51-E301", holds.span, { what: "slot content", word: holds.text }, didYouMean(holds.text, deals) ?? "slots hold spoils, agreements or deals");
  return undefined;
}


export const slots: TraitConstruct<"slots", SlotsNode, SlotsModel, SlotsDef> = {
  kind: "slots",
  example: "slots 2 spoils",
  keyword: keyword("Slots", "slots"),
  grammar: (g) => {
    g.consume(Integer);
    g.subrule("counted");
  },
  build: (node, span) => ({ kind: "slots", amount: cst.num(node, "Integer"), holds: cst.counted(node), span }),
  check: (s, r) => {
    const holds = dealHeld(r, s.holds);
    const amount = atMostThree(r, s.amount, "the number of slots", "the three-slot rule: at most 3 cards attached to a card");
    return amount && holds ? { kind: "slots", amount: s.amount.value, holds } : undefined;
  },
  emit: (m) => object([["kind", str("slots")], ["amount", int(m.amount)], ["holds", str(m.holds)]]),
  text: {
    // The vocabulary's words for the deals, in number with the amount.
    en: (m, say) => `Holds up to ${say.token(m.holds, m.amount)}.`,
    fr: (m, say) => `Peut accueillir jusqu'à ${say.token(m.holds, m.amount)}.`,
  },
  engine: (def, _trait, facts) => {
    facts.slots = { spoils: def.holds === "agreement" ? 0 : def.amount, agreement: def.holds === "spoils" ? 0 : def.amount };
  },
};
