/**
 * `lookout take-leftover`: one of the Lookout abilities, named in the
 * vocabulary (cards/vocabulary.yaml, with its text) and carried out by the
 * Lookout phase (src/engine/lookout.ts).
 */
import type { Span, Word } from "../../../grammar/ast.js";
import { cst } from "../../../grammar/cst.js";
import { Word as WordToken, keyword } from "../../../grammar/tokens.js";
import type { Resolver } from "../../check/resolve.js";
import { didYouMean } from "../../diagnostics/suggest.js";
import { CompileError, object, str } from "../../compiler/code.js";
import type { LookoutAbility } from "../../engine/definitions.js";
import type { TraitConstruct } from "../construct.js";

export interface LookoutNode {
  readonly kind: "lookout";
  readonly ability: Word;
  readonly span: Span;
}

export interface LookoutModel {
  readonly kind: "lookout";
  readonly ability: string;
}

export interface LookoutDef {
  readonly kind: "lookout";
  readonly ability: LookoutAbility;
}

/** The Lookout abilities the engine carries out: exactly `LookoutAbility`, checked both ways by the compiler. */
const engineAbilities = ["take-leftover", "draw-instead", "draw-two-keep-one", "discard-after-first"] as const satisfies readonly LookoutAbility[];
// Fails to compile if definitions.ts gains a Lookout ability this list lacks.
const everyAbilityListed: Exclude<LookoutAbility, (typeof engineAbilities)[number]> extends never ? true : false = true;
void everyAbilityListed;

function engineAbility(ability: string): LookoutAbility {
  const known = engineAbilities.find((a) => a === ability);
  if (known === undefined) throw new CompileError(`the engine has no Lookout ability ${str(ability).text}`);
  return known;
}

function unknownAbility(r: Resolver, word: Word): undefined {
  const known = [...r.vocabulary.lookoutAbilities.keys()];
  r.report("S51-E301", word.span, { what: "Lookout ability", word: word.text }, didYouMean(word.text, known) ?? `one of: ${known.join(", ")}`);
  return undefined;
}

export const lookout: TraitConstruct<"lookout", LookoutNode, LookoutModel, LookoutDef> = {
  kind: "lookout",
  example: "lookout take-leftover",
  keyword: keyword("Lookout", "lookout"),
  grammar: (g) => {
    g.consume(WordToken);
  },
  build: (node, span) => ({ kind: "lookout", ability: cst.word(node, "Word"), span }),
  check: (s, r) => (r.vocabulary.lookoutAbilities.has(s.ability.text) ? { kind: "lookout", ability: s.ability.text } : unknownAbility(r, s.ability)),
  emit: (m) => object([["kind", str("lookout")], ["ability", str(engineAbility(m.ability))]]),
  text: {
    en: (m, say) => say.vocabulary.lookoutAbilities.get(m.ability)!.text.en,
    fr: (m, say) => say.vocabulary.lookoutAbilities.get(m.ability)!.text.fr,
  },
  engine: (def, _trait, facts) => {
    facts.lookout.add(def.ability);
  },
};
