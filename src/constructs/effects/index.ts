/**
 * The effect constructs of the language (all but plain gains), one module
 * each, in one typed table: the AST's, the model's and the engine's effect
 * unions, the Act API the generated code calls, the decisions effects ask
 * and the parser's alternatives all come from it. Adding an effect is
 * writing its module and one line here (README, "Adding a construct").
 */
import type { CstNode } from "chevrotain";
import type * as A from "../../../grammar/ast.js";
import type { Span } from "../../../grammar/ast.js";
import type * as M from "../../check/model.js";
import type { ActCalls } from "../../engine/definitions.js";
import type { EffectStep } from "../../engine/tasks.js";
import type { Resolver } from "../../check/resolve.js";
import type { Expr } from "../../compiler/code.js";
import type { Game } from "../../engine/game.js";
import type { Sayings } from "../../text/phrasebook.js";
import type { AnyEffectConstruct, EffectArgsOf, EffectAt } from "../effect.js";
import { choice, type ChoiceAsk, type ChoiceModel, type ChoiceNode, type ChoiceStep } from "./choice.js";
import { opponents, type OpponentsAsk, type OpponentsModel, type OpponentsNode, type OpponentsStep } from "./opponents.js";
import { redevelop, type RedevelopAsk, type RedevelopModel, type RedevelopNode, type RedevelopStep } from "./redevelop.js";
import { steal, type StealAsk, type StealModel, type StealNode, type StealStep } from "./steal.js";

export const effectConstructs = { steal, redevelop, opponents, choice } as const;

type Table = typeof effectConstructs;
export type EffectKind = keyof Table;
/** Each key names its own construct. */
const keysMatchKinds: { readonly [K in EffectKind]: { readonly kind: K } } = effectConstructs;
void keysMatchKinds;

/*
 * The unions of the effects' types. They are written out, not derived from
 * the table as the traits' are, because effects nest (a choice holds
 * effects): deriving a union that contains itself is a loop the compiler
 * refuses. `Agree` below makes a kind missing from any of them fail to compile.
 */
export type EffectNode = StealNode | RedevelopNode | OpponentsNode | ChoiceNode;
export type EffectModel = StealModel | RedevelopModel | OpponentsModel | ChoiceModel;
export type EffectConstructStep = StealStep | RedevelopStep | OpponentsStep | ChoiceStep;
export type EffectAskUnion = StealAsk | RedevelopAsk | OpponentsAsk | ChoiceAsk;

type Missing = Exclude<EffectKind, EffectNode["kind"] | EffectModel["kind"] | EffectConstructStep["op"]>;
type Agree = [Missing] extends [never] ? true : { missing: Missing };
const agree: Agree = true;
void agree;

/** The Act API's calls beyond giving: `act.steal({ … })` and so on, one per effect construct. */
export type EffectCalls = { readonly [K in EffectKind]: (args: EffectArgsOf<Table[K]>) => void };

export const effectKinds: readonly EffectKind[] = Object.keys(effectConstructs) as EffectKind[];

export function isEffectKind(kind: string): kind is EffectKind {
  return Object.hasOwn(effectConstructs, kind);
}

const of = (kind: EffectKind): AnyEffectConstruct => effectConstructs[kind];

/** Which construct answers each decision kind an effect asks. */
const answerers = new Map<string, AnyEffectConstruct>();
for (const c of Object.values(effectConstructs) as AnyEffectConstruct[]) for (const ask of Object.keys(c.engine.answers)) answerers.set(ask, c);

export const effectAskKinds: ReadonlySet<string> = new Set(answerers.keys());

/*
 * Each stage's call of an effect's piece, by the kind of what it holds. The
 * table is indexed by that kind, so the construct found is the one whose
 * types these are; the cast says so once, here, instead of a switch per stage.
 */
export const effectPieces = {
  build: (kind: EffectKind, cst: CstNode, span: Span, inner: (cst: CstNode) => A.Effect): EffectNode => of(kind).build(cst, span, inner),
  check: (node: EffectNode, r: Resolver, inner: (e: A.Effect) => M.Effect | undefined): EffectModel | undefined => of(node.kind).check(node, r, inner),
  emit: (model: EffectModel, inner: (effects: readonly M.Effect[]) => Expr): Expr => of(model.kind).emit(model, inner),
  record: (kind: EffectKind, args: object, inner: (calls: ActCalls) => readonly EffectStep[]): EffectConstructStep => of(kind).record(args, inner),
  text: (model: EffectModel, say: Sayings): string => of(model.kind).text[say.lang](model, say),
  run: (game: Game, step: EffectConstructStep, at: EffectAt): EffectAskUnion | undefined => of(step.op).engine.run(game, step, at),
  answer: (game: Game, ask: EffectAskUnion, choice: unknown): void => answerers.get(ask.kind)!.engine.answers[ask.kind]!(game, ask, choice),
};
