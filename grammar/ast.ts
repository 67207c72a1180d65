/**
 * The syntax tree of the card language.
 *
 * Every node is a member of a discriminated union keyed by `kind` and carries
 * its `span` inside the field text, so any stage can point a diagnostic at the
 * exact characters. Words are kept as written (`Word`): giving them meaning
 * (is `fule` a resource?) is the checker's job, not the parser's.
 */

/** Character offsets inside one ability string; `end` is exclusive. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

export interface Word {
  readonly text: string;
  readonly span: Span;
}

export interface Num {
  readonly value: number;
  readonly span: Span;
}

/** `3 scrap`, `1 card`, `2 x 1 vp` (tokens: 2, amount: 1, word: vp); `1 vp per agreement` (scale). */
export interface QuantityAsset {
  readonly kind: "quantity";
  readonly tokens?: Num;
  readonly amount: Num;
  readonly word: Word;
  readonly scale?: AmountNode;
  readonly span: Span;
}

/** `contact conquest 2`, `2 x contact universal 1`. A scale parses here and is refused by the checker, at its place. */
export interface ContactAsset {
  readonly kind: "contact";
  readonly tokens?: Num;
  readonly colour: Word;
  readonly range: Num;
  readonly scale?: AmountNode;
  readonly span: Span;
}

export type Asset = QuantityAsset | ContactAsset;

/** An effect: a plain gain, or one of the effect constructs (src/constructs/effects: steal, redevelop, a choice…). */
export type Effect = Asset | EffectNode;

/** `if you have a leader`: a condition at the end of a statement (src/constructs/conditions). */
export interface ConditionClause {
  /** `you`, as written. */
  readonly subject: Word;
  readonly condition: ConditionNode;
  readonly span: Span;
}

/** The statements whose construct is a module of its own (src/constructs): the traits, and the statements of src/constructs/statements. */
export type { TraitNode as TraitStatement } from "../src/constructs/traits/index.js";
import type { TraitNode } from "../src/constructs/traits/index.js";
import type { StatementNode } from "../src/constructs/statements/index.js";
import type { EffectNode } from "../src/constructs/effects/index.js";
import type { AmountNode } from "../src/constructs/amounts/index.js";
import type { ConditionNode } from "../src/constructs/conditions/index.js";

export type Statement = StatementNode | TraitNode;

export type StatementKind = Statement["kind"];
