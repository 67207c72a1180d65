/**
 * The grammar of the card language, as a chevrotain CST parser.
 *
 * This file holds syntax only: no action builds a value here. The CST it
 * produces is turned into the typed AST by ast-builder.ts, and words are given
 * meaning by the checker (src/check). The grammar is drawn as a railroad
 * diagram in docs/grammar.html.
 *
 *   statements  := statement (";" statement)* ";"?
 *   statement   := statement construct (one rule per construct of src/constructs/statements:
 *                                       produce, action, gain, once, keep, combo)
 *                | trait        (one rule per construct of src/constructs/traits)
 *   productionCost := ":" "pay" assetList "->" assetList   (src/constructs/production-cost.ts, in `produce`)
 *   actionOption   := Integer Word | "repeatable"            (src/constructs/statements/action.ts)
 *   condition   := "if" Word(you) (one rule per construct of src/constructs/conditions)
 *   assetList   := asset ("," asset)*
 *   asset       := (Integer "x")? (Integer counted | "contact" Word Integer) scale?
 *   scale       := amount construct (one rule per construct of src/constructs/amounts: `per …`)
 *   effectList  := choice ("," choice)*
 *   choice      := effect ("or" effect)*
 *   effect      := asset
 *                | effect construct (one rule per keyword-led construct of src/constructs/effects)
 */
import { CstParser, EOF, type CstNode, type ILookaheadStrategy, type IParserErrorMessageProvider, type IToken, type TokenType } from "chevrotain";
import type { GrammarKit, SharedRule } from "../src/constructs/construct.js";
import { Or } from "../src/constructs/effects/choice.js";
import { amountConstructs, amountKinds } from "../src/constructs/amounts/index.js";
import { effectConstructs, effectKinds, type EffectKind } from "../src/constructs/effects/index.js";
import { If, conditionConstructs, conditionKinds, conditionRuleName } from "../src/constructs/conditions/index.js";
import { productionCost } from "../src/constructs/production-cost.js";
import { actionOption } from "../src/constructs/statements/action.js";
import { statementConstructs, statementKinds } from "../src/constructs/statements/index.js";
import { traitConstructs, traitKinds } from "../src/constructs/traits/index.js";
import { analyse, restoreAnalysis, type ParserAnalysis } from "./analysis.js";
import { bundledAnalysis } from "./bundled-analysis.js";
import * as t from "./lexer.js";

function describe(token: IToken): string {
  return token.tokenType === EOF ? "the end of the text" : `"${token.image}"`;
}

function label(type: TokenType): string {
  return String(type.LABEL ?? type.name);
}

function alternatives(paths: TokenType[][]): string {
  const firsts = [...new Set(paths.map((p) => (p[0] ? label(p[0]) : "the end")))];
  return firsts.length > 1 ? `${firsts.slice(0, -1).join(", ")} or ${firsts[firsts.length - 1]}` : firsts[0] ?? "something else";
}

/** Messages in the designer's terms: what was expected, what was found. */
const errorMessages: IParserErrorMessageProvider = {
  buildMismatchTokenMessage: ({ expected, actual }) => `expected ${label(expected)} but found ${describe(actual)}`,
  buildNotAllInputParsedMessage: ({ firstRedundant }) =>
    `unexpected ${describe(firstRedundant)}; separate statements with ";" and items with ","`,
  buildNoViableAltMessage: ({ expectedPathsPerAlt, actual, ruleName }) =>
    `expected ${ruleName === "statement" ? "a statement" : alternatives(expectedPathsPerAlt.flat())} but found ${describe(actual[0]!)}`,
  buildEarlyExitMessage: ({ expectedIterationPaths, actual }) =>
    `expected ${alternatives(expectedIterationPaths)} but found ${describe(actual[0]!)}`,
};

const maxLookahead = 3;

/**
 * How a parser gets its grammar analysis: chevrotain's own (`full`, optionally
 * with another lookahead strategy), or one stored beforehand (grammar/analysis.ts).
 */
export type Analysis = { readonly full: true; readonly lookaheadStrategy?: ILookaheadStrategy } | { readonly stored: ParserAnalysis };

export class AbilityParser extends CstParser {
  /** Whether the analysis was stored (restored, not run: the recorded grammar is then the twin's) or run here. */
  readonly analysis: "stored" | "full";

  constructor(analysis: Analysis = { full: true }) {
    super(t.allTokens, {
      maxLookahead,
      errorMessageProvider: errorMessages,
      recoveryEnabled: false,
      // The bundled CLI skips chevrotain's grammar self-checks (tens of ms at
      // every start); the tests, running this source unbundled, keep them.
      skipValidations: process.env.STATE51_BUNDLED === "1",
      ...("lookaheadStrategy" in analysis && analysis.lookaheadStrategy ? { lookaheadStrategy: analysis.lookaheadStrategy } : {}),
    });
    // A parser made from a stored analysis has recorded no grammar of its own: it reads its twin's.
    this.analysis = "stored" in analysis && restoreAnalysis(this, analysis.stored, () => fullyAnalysed().getGAstProductions()) ? "stored" : "full";
    if (this.analysis === "full") this.performSelfAnalysis();
  }

  /** Entry rule for ability, spoils, agreement and production fields. */
  public statements = this.RULE("statements", () => {
    this.SUBRULE(this.statement);
    this.MANY(() => {
      this.CONSUME(t.Semicolon);
      this.OPTION(() => this.SUBRULE2(this.statement));
    });
  });

  /** Entry rule for plain lists of assets: a contact's price, a leader's resources. */
  public assetListOnly = this.RULE("assetListOnly", () => {
    this.SUBRULE(this.assetList);
  });

  /** The parser's recording methods as a construct's grammar sees them (construct.ts, `GrammarKit`). */
  private readonly kit: GrammarKit = {
    consume: (token, occurrence = 1) => (occurrence === 1 ? this.CONSUME(token) : occurrence === 2 ? this.CONSUME2(token) : this.CONSUME3(token)),
    subrule: (rule: SharedRule, occurrence = 1) => (occurrence === 1 ? this.SUBRULE(this[rule]) : this.SUBRULE2(this[rule])),
    option: (body, occurrence = 1) => (occurrence === 1 ? this.OPTION(body) : occurrence === 2 ? this.OPTION2(body) : this.OPTION3(body)),
    oneOf: (tokens, label, occurrence = 1) => {
      const alts = tokens.map((token) => ({ ALT: () => (occurrence === 1 ? this.CONSUME(token, { LABEL: label }) : this.CONSUME2(token, { LABEL: label })) }));
      return occurrence === 1 ? this.OR(alts) : this.OR2(alts);
    },
    or: (alternatives, occurrence = 1) => {
      const alts = alternatives.map((ALT) => ({ ALT }));
      if (occurrence === 1) this.OR(alts);
      else this.OR2(alts);
    },
    many: (body) => this.MANY(body),
    atLeastOne: (body) => this.AT_LEAST_ONE(body),
    atLeastOneSep: (separator, body) => this.AT_LEAST_ONE_SEP({ SEP: separator, DEF: body }),
  };

  /** One rule per construct of a table, named by its kind: its keyword, then its grammar. */
  private keywordRules<K extends string>(table: { readonly [k in K]: { readonly keyword: TokenType; readonly grammar: (g: GrammarKit) => void } }): Record<K, () => CstNode> {
    const kinds = Object.keys(table) as K[];
    return Object.fromEntries(
      kinds.map((kind) => [
        kind,
        this.RULE(kind, () => {
          this.CONSUME(table[kind].keyword);
          table[kind].grammar(this.kit);
        }),
      ]),
    ) as Record<K, () => CstNode>;
  }

  private readonly statementRules = this.keywordRules(statementConstructs);

  private readonly traitRules = this.keywordRules(traitConstructs);

  /** One rule per keyword-led effect construct, named by its kind; its grammar consumes its keyword. */
  private readonly effectRules = Object.fromEntries(
    effectKinds.flatMap((kind) => {
      const syntax = effectConstructs[kind].syntax;
      return "keyword" in syntax ? [[kind, this.RULE(kind, () => syntax.grammar(this.kit))]] : [];
    }),
  ) as Partial<Record<EffectKind, () => CstNode>>;

  private readonly amountRules = this.keywordRules(amountConstructs);

  /** One rule per condition construct, named `<kind>Condition`: its grammar, after `if you`. */
  private readonly conditionRules = conditionKinds.map((kind) => this.RULE(conditionRuleName(kind), () => conditionConstructs[kind].grammar(this.kit)));

  /** `if you have a leader`: ends a gain, produce or action statement. */
  public condition = this.RULE("condition", () => {
    this.CONSUME(If);
    this.CONSUME(t.Word, { LABEL: "subject" });
    this.OR(this.conditionRules.map((rule) => ({ ALT: () => this.SUBRULE(rule) })));
  });

  public statement = this.RULE("statement", () => {
    this.OR([
      ...statementKinds.map((kind) => ({ ALT: () => this.SUBRULE(this.statementRules[kind]) })),
      ...traitKinds.map((kind) => ({ ALT: () => this.SUBRULE(this.traitRules[kind]) })),
    ]);
  });

  /** `: pay 1 fuel -> 2 vp` after `produce`: a production with a cost (src/constructs/production-cost.ts). */
  public productionCost = this.RULE(productionCost.rule, () => productionCost.grammar(this.kit));

  /** `2 workers` or `repeatable` inside an action's parentheses (src/constructs/statements/action.ts). */
  public actionOption = this.RULE(actionOption.rule, () => actionOption.grammar(this.kit));

  public assetList = this.RULE("assetList", () => {
    this.AT_LEAST_ONE_SEP({ SEP: t.Comma, DEF: () => this.SUBRULE(this.asset) });
  });

  public effectList = this.RULE("effectList", () => {
    this.AT_LEAST_ONE_SEP({ SEP: t.Comma, DEF: () => this.SUBRULE(this.choice) });
  });

  /** `2 scrap or 1 vp`: one effect, or a choice between several (src/constructs/effects/choice.ts). */
  public choice = this.RULE("choice", () => {
    this.SUBRULE(this.effect);
    this.MANY(() => {
      this.CONSUME(Or);
      this.SUBRULE2(this.effect);
    });
  });

  public effect = this.RULE("effect", () => {
    this.OR([{ ALT: () => this.SUBRULE(this.asset) }, ...Object.values(this.effectRules).map((rule) => ({ ALT: () => this.SUBRULE(rule) }))]);
  });

  /** `3 scrap`, `2 x 1 vp`, `contact conquest 2`, `2 x contact universal 1`; `1 vp per agreement` (scaled). */
  public asset = this.RULE("asset", () => {
    this.OPTION(() => {
      this.CONSUME(t.Integer, { LABEL: "tokens" });
      this.CONSUME(t.Times);
    });
    this.OR([
      {
        ALT: () => {
          this.CONSUME2(t.Integer, { LABEL: "amount" });
          this.SUBRULE(this.counted);
        },
      },
      {
        ALT: () => {
          this.CONSUME(t.Contact);
          this.CONSUME(t.Word, { LABEL: "colour" });
          this.CONSUME3(t.Integer, { LABEL: "range" });
        },
      },
    ]);
    this.OPTION2(() => this.SUBRULE(this.scale));
  });

  /** `per agreement`: an amount that scales (src/constructs/amounts); the checker says where one may stand. */
  public scale = this.RULE("scale", () => {
    this.OR(amountKinds.map((kind) => ({ ALT: () => this.SUBRULE(this.amountRules[kind]) })));
  });

  /** The thing counted: a vocabulary word, or `card`/`cards`. */
  public counted = this.RULE("counted", () => {
    this.OR([{ ALT: () => this.CONSUME(t.Word) }, { ALT: () => this.CONSUME(t.Card) }]);
  });
}

let twin: AbilityParser | undefined;
const fullyAnalysed = (): AbilityParser => (twin ??= new AbilityParser());

/** The grammar analysis as src/cli/bundle.mjs stores it in the bundle: chevrotain's full analysis, written down. */
export function analyseParser(): ParserAnalysis {
  return analyse((lookaheadStrategy) => new AbilityParser({ full: true, lookaheadStrategy }), maxLookahead);
}

/** One parser instance serves every field: chevrotain parsers are reusable via `input =`. */
export const abilityParser = new AbilityParser(bundledAnalysis ? { stored: bundledAnalysis } : { full: true });
