/**
 * `keep`, `keep 3`: the keep icon. Resources the card gives stay on it, not
 * on the Base, and through Clean-up (rulebook, "Keep"): all of them, or up
 * to the number given (at most 3, as a slot holds), the player choosing
 * which go when there are more.
 */
import type { Num, Span } from "../../../grammar/ast.js";
import { num, tokens } from "../../../grammar/cst.js";
import { Integer, Keep } from "../../../grammar/tokens.js";
import { atMostThree } from "../../check/resolve.js";
import { int, object, optional } from "../../compiler/code.js";
import type { StatementConstruct } from "../statement.js";

export interface KeepNode {
  readonly kind: "keep";
  readonly amount?: Num;
  readonly span: Span;
}

/** The keep icon: resources on the card stay through Clean-up (up to `limit`, if given). */
export interface KeepModel {
  readonly limit?: number;
}

/** `limit` undefined keeps every resource on the card. */
export interface KeepDef {
  readonly limit: number | undefined;
}

/** How many resources the card keeps through Clean-up: `Infinity` for all of them. */
export type KeepFacts = number;

export const keep: StatementConstruct<"keep", KeepNode, KeepModel, KeepDef, KeepFacts> = {
  kind: "keep",
  example: "keep 2",
  keyword: Keep,
  grammar: (g) => g.option(() => g.consume(Integer)),
  build: (node, span) => {
    const amount = tokens(node.children, "Integer")[0];
    return amount ? { kind: "keep", amount: num(amount), span } : { kind: "keep", span };
  },
  place: {
    location: { part: "keep" },
    leader: { refused: true },
    base: { refused: true, hint: 'resources on a Base (the pool) are discarded at Clean-up; a depot keeps them: "depot 2"' },
    single: "keep",
  },
  check: (s, r) => {
    if (!s.amount) return {};
    return atMostThree(r, s.amount, "the number of resources kept") ? { limit: s.amount.value } : undefined;
  },
  emit: (m) => object([["limit", optional(m.limit, int)]]),
  text: {
    en: (k) => `Keep: resources on this card${k.limit === undefined ? "" : ` (up to ${k.limit})`} are not discarded at Clean-up.`,
    fr: (k) => `À conserver : les Ressources sur cette carte${k.limit === undefined ? "" : ` (jusqu'à ${k.limit})`} ne sont pas défaussées en Fin de tour.`,
  },
  engine: (def) => def.limit ?? Infinity,
};
