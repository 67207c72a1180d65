/**
 * `you hold 2 scrap`, `you hold 3 resources`: the player has at least that
 * many tokens of a resource (or of any resource) where they could spend them
 * from: the pool, the Leader, keep cards and depots; not a combo's, which
 * "can neither be used for any other Actions". A universal token is not a
 * token of the resource it may stand for (ruling 39).
 */
import type { Num, Span, Word } from "../../../grammar/ast.js";
import { cst } from "../../../grammar/cst.js";
import { Integer, keyword } from "../../../grammar/tokens.js";
import { lookup, unknownWord, writtenWords, type Resolver } from "../../check/resolve.js";
import { int, object, str } from "../../compiler/code.js";
import { countResources } from "../../engine/state.js";
import { available, resourceTotals } from "../../engine/tokens.js";
import type { ConditionConstruct } from "../condition.js";
import { atLeastOne } from "./words.js";

export const Hold = keyword("Hold", "hold");

export interface HoldNode {
  readonly kind: "hold";
  readonly count: Num;
  readonly word: Word;
  readonly span: Span;
}

/** `resource` is a resource id, or "any" for tokens of any resource. */
export interface HoldModel {
  readonly kind: "hold";
  readonly resource: string;
  readonly count: number;
}

export type HoldDef = HoldModel;

/** Other tokens are not held as resources are: where each is counted instead. */
const elsewhere: Readonly<Record<string, string>> = {
  card: 'cards in play are counted with "you have 3 fuel cards"',
  vp: 'VP are compared with "you have fewer vp than an opponent"',
};

function resource(r: Resolver, w: Word): string | undefined {
  const t = lookup(r, w, ["resources", "tokens"]);
  if (t?.namespace === "resources") return t.id;
  if (t?.id === "resource") return "any";
  if (t === undefined) return unknownWord(r, w, "resource", [...writtenWords(r, ["resources"]), "resource"]);
  r.report("S51-E336", w.span, { written: `you hold … ${w.text}` }, `"you hold" counts resource tokens: ${elsewhere[t.id] ?? 'write a resource, or "resources" for any'}`);
  return undefined;
}

export const hold: ConditionConstruct<"hold", HoldNode, HoldModel, HoldDef> = {
  kind: "hold",
  example: "you hold 2 scrap",
  words: [Hold],
  grammar: (g) => {
    g.consume(Hold);
    g.consume(Integer);
    g.subrule("counted");
  },
  build: (node, span) => ({ kind: "hold", count: cst.num(node, "Integer"), word: cst.counted(node), span }),
  check: (c, r) => {
    const count = atLeastOne(r, c.count);
    const id = resource(r, c.word);
    return count && id ? { kind: "hold", resource: id, count: c.count.value } : undefined;
  },
  emit: (m) => object([["kind", str("hold")], ["resource", str(m.resource)], ["count", int(m.count)]]),
  text: {
    en: (m, say) => `you hold at least ${m.resource === "any" ? say.anyResource(m.count) : say.asset({ kind: "resource", resource: m.resource, amount: m.count })}`,
    fr: (m, say) => `vous possédez au moins ${m.resource === "any" ? say.anyResource(m.count) : say.asset({ kind: "resource", resource: m.resource, amount: m.count })}`,
  },
  engine: {
    holds: (game, seat, def) => {
      const p = game.state.players[seat]!;
      return (def.resource === "any" ? countResources(resourceTotals(p)) : available(p, def.resource)) >= def.count;
    },
  },
};
