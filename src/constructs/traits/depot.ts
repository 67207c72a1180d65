/**
 * `depot 3`: a Resource Depot. Tokens are put on it and taken off for free
 * at any time of the owner's action turn, cannot be stolen and stay through
 * Clean-up (rulebook, "Resource Depot").
 */
import type { Num, Span } from "../../../grammar/ast.js";
import { cst } from "../../../grammar/cst.js";
import { Integer, keyword } from "../../../grammar/tokens.js";
import { atMostThree } from "../../check/resolve.js";
import { int, object, str } from "../../compiler/code.js";
import { plural } from "../../text/words.js";
import type { TraitConstruct } from "../construct.js";

export interface DepotNode {
  readonly kind: "depot";
  readonly amount: Num;
  readonly span: Span;
}

export interface DepotModel {
  readonly kind: "depot";
  readonly amount: number;
}

export type DepotDef = DepotModel;

export const depot: TraitConstruct<"depot", DepotNode, DepotModel, DepotDef> = {
  kind: "depot",
  example: "depot 2",
  keyword: keyword("Depot", "depot"),
  grammar: (g) => {
    g.consume(Integer);
  },
  build: (node, span) => ({ kind: "depot", amount: cst.num(node, "Integer"), span }),
  check: (s, r) => (atMostThree(r, s.amount, "a depot's size", "a Resource Depot holds up to 3 resource tokens") ? { kind: "depot", amount: s.amount.value } : undefined),
  emit: (m) => object([["kind", str("depot")], ["amount", int(m.amount)]]),
  text: {
    // What the engine does: free moves from and to the pool in the owner's action turns; out of reach of a steal; kept through Clean-up.
    en: (m, say) => `Resource Depot: up to ${say.anyResource(m.amount)}, put here or taken back free during your Actions-phase turns. ${plural("en", m.amount) === "one" ? "It cannot be stolen and stays" : "They cannot be stolen and stay"} through Clean-up.`,
    fr: (m, say) => {
      const s = plural("fr", m.amount) === "one" ? "" : "s";
      return `Dépôt de Ressources : jusqu'à ${say.anyResource(m.amount)}, posé${s} ou repris sans frais à vos tours de la phase d'Actions. Protégé${s} du vol, gardé${s} en Fin de tour.`;
    },
  },
  engine: (def, trait, facts) => {
    facts.depots.push({ trait, amount: def.amount });
  },
};
