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
    // In the rulebook's words ("Up to 3 resource tokens can be stored at a single Resource Depot", « Jusqu'à 3 jetons de
    // Ressource peuvent être stockés »), and as the engine does it: free moves from and to the pool in the owner's
    // action turns; out of reach of a steal; kept through Clean-up.
    en: (m, say) => {
      const one = plural("en", m.amount) === "one";
      return `Resource Depot: on your turn, store up to ${say.anyResource(m.amount)} here or take ${one ? "it" : "them"} back, for free; ${one ? "it cannot be stolen and stays" : "they cannot be stolen and stay"} through Clean-up.`;
    },
    fr: (m, say) => {
      const s = plural("fr", m.amount) === "one" ? "" : "s";
      return `Dépôt de Ressources : stockez ici jusqu'à ${say.anyResource(m.amount)}, posé${s} ou repris sans frais à votre tour, protégé${s} du vol et gardé${s} en Fin de tour.`;
    },
  },
  engine: (def, trait, facts) => {
    facts.depots.push({ trait, amount: def.amount });
  },
};
