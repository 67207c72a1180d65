/**
 * The parser's grammar analysis, computed once when the CLI is bundled instead
 * of at every start.
 *
 * chevrotain's `performSelfAnalysis` runs every rule once to record the
 * grammar, then works out, for every OR, OPTION, MANY and AT_LEAST_ONE, which
 * next tokens lead into which branch (its lookahead paths). For this grammar
 * that is about 7 ms of every `state51` run: a tenth of `state51 validate`.
 * Parsing needs only the outcome, the lookahead functions; the recorded
 * grammar is read again only to word a syntax error (`expected … but found
 * …`), to complete a half-typed ability in the language server, and to draw
 * the railroad diagram.
 *
 * So src/cli/bundle.mjs runs the full analysis (`analyseParser`, with
 * chevrotain's grammar checks), writes the lookahead paths into the bundle
 * (grammar/bundled-analysis.ts), and the bundled parser is made from them
 * (`restoreAnalysis`). A parser so made reads the recorded grammar, the first
 * time anything asks for it, from a fully analysed twin.
 *
 * The paths are chevrotain's (its public `getLookaheadPaths`, through the
 * analysis itself); the functions made from them choose as chevrotain's LL(k)
 * functions do (the first alternative with a path that matches the next
 * tokens), for a grammar without token categories, gates or dynamic tokens,
 * which `analyseParser` checks. Storing them relies on fields of chevrotain's
 * parser that are not public API: the lookahead cache, the rule index, the
 * recorded grammar (`gastProductionsCache`, which becomes the twin's) and the
 * flag saying the analysis is done. chevrotain is pinned, the analysis names
 * its version, and a parser whose rules, version or fields do not match falls
 * back to the full analysis; bundle.mjs checks that the bundled parser takes
 * the analysis and that the bundled grammar analyses to the very same one.
 * test/parser-analysis.test.ts checks both parsers agree (trees, errors,
 * messages, completions) on every string of the project's YAML and on
 * thousands of token sequences.
 */
import { EOF, LLkLookaheadStrategy, VERSION, getLookaheadPaths, type ILookaheadStrategy, type OptionalProductionType, type Rule, type TokenType } from "chevrotain";
import { allTokens } from "./lexer.js";

/** A lookahead path: the names of the next tokens, in order. */
type Path = readonly string[];

/** One OR's lookahead (each alternative's paths) or one optional production's (the paths into it). */
type Lookahead = { readonly kind: "alternation"; readonly alternatives: readonly (readonly Path[])[] } | { readonly kind: "optional"; readonly paths: readonly Path[] };

/** A lookahead under chevrotain's key for its production. */
export type LookaheadEntry = Lookahead & { readonly key: number };

export interface ParserAnalysis {
  /** The chevrotain version that made it: another version may key or choose differently. */
  readonly chevrotain: string;
  /** The rules in the order they were defined (chevrotain's rule index, which every key holds). */
  readonly rules: readonly string[];
  readonly lookahead: readonly LookaheadEntry[];
}

/** The fields of a chevrotain 11 parser the analysis is stored in. */
interface ParserInternals {
  lookAheadFuncsCache: Map<number, LookaheadFunction>;
  fullRuleNameToShort: Record<string, number>;
  gastProductionsCache: Record<string, Rule>;
  selfAnalysisDone: boolean;
}

/** A lookahead function, called with the parser as `this`. */
type LookaheadFunction = (this: { LA(n: number): { tokenTypeIdx?: number } }) => number | boolean | undefined;

const isObject = (x: unknown): x is object => typeof x === "object" && x !== null;

function internals(parser: object): ParserInternals | undefined {
  const p = parser as Partial<ParserInternals>;
  return p.lookAheadFuncsCache instanceof Map && isObject(p.fullRuleNameToShort) && isObject(p.gastProductionsCache) && typeof p.selfAnalysisDone === "boolean" ? (p as ParserInternals) : undefined;
}

/** The rules of a parser, by chevrotain's rule index. */
function rulesOf(p: ParserInternals): string[] {
  return Object.entries(p.fullRuleNameToShort)
    .sort((a, b) => a[1] - b[1])
    .map(([name]) => name);
}

const names = (paths: readonly (readonly TokenType[])[]): Path[] => paths.map((path) => path.map((t) => t.name));

/**
 * chevrotain's LL(k) strategy, noting the paths behind every function it makes, so the
 * functions found in the parser's lookahead cache can be written down with their keys.
 */
class NotingLookahead implements ILookaheadStrategy {
  readonly noted = new Map<unknown, Lookahead>();
  private readonly llk: ILookaheadStrategy;

  constructor(maxLookahead: number) {
    this.llk = new LLkLookaheadStrategy({ maxLookahead });
  }

  validate(options: Parameters<ILookaheadStrategy["validate"]>[0]): ReturnType<ILookaheadStrategy["validate"]> {
    return this.llk.validate(options);
  }

  buildLookaheadForAlternation(options: Parameters<ILookaheadStrategy["buildLookaheadForAlternation"]>[0]): ReturnType<ILookaheadStrategy["buildLookaheadForAlternation"]> {
    if (options.hasPredicates || options.dynamicTokensEnabled) throw new Error(`grammar analysis: rule ${options.rule.name} has a gate or dynamic tokens, which a stored analysis cannot choose by`);
    const f = this.llk.buildLookaheadForAlternation(options);
    const paths = getLookaheadPaths({ occurrence: options.prodOccurrence, rule: options.rule, prodType: "Alternation", maxLookahead: options.maxLookahead });
    this.noted.set(f, { kind: "alternation", alternatives: paths.map(names) });
    return f;
  }

  buildLookaheadForOptional(options: Parameters<ILookaheadStrategy["buildLookaheadForOptional"]>[0]): ReturnType<ILookaheadStrategy["buildLookaheadForOptional"]> {
    if (options.dynamicTokensEnabled) throw new Error(`grammar analysis: rule ${options.rule.name} uses dynamic tokens, which a stored analysis cannot choose by`);
    const f = this.llk.buildLookaheadForOptional(options);
    const paths = getLookaheadPaths({ occurrence: options.prodOccurrence, rule: options.rule, prodType: options.prodType as OptionalProductionType, maxLookahead: options.maxLookahead });
    this.noted.set(f, { kind: "optional", paths: names(paths[0] ?? []) });
    return f;
  }
}

/**
 * Runs chevrotain's full analysis on a parser made by `make` (given the strategy to use)
 * and writes down what parsing needs from it.
 */
export function analyse(make: (strategy: ILookaheadStrategy) => object, maxLookahead: number): ParserAnalysis {
  const categorised = allTokens.filter((t) => (t.categoryMatches?.length ?? 0) > 0 || (t.CATEGORIES?.length ?? 0) > 0);
  if (categorised.length > 0) throw new Error(`grammar analysis: token ${categorised[0]!.name} uses categories, which a stored analysis does not match by`);
  const strategy = new NotingLookahead(maxLookahead);
  const p = internals(make(strategy));
  if (p === undefined) throw new Error(`grammar analysis: chevrotain ${VERSION}'s parser no longer has the fields the analysis is stored in`);
  const lookahead: LookaheadEntry[] = [];
  for (const [key, f] of p.lookAheadFuncsCache) {
    const noted = strategy.noted.get(f);
    if (noted === undefined) throw new Error(`grammar analysis: lookahead ${key} was not made by the analysis`);
    lookahead.push({ key, ...noted });
  }
  return { chevrotain: VERSION, rules: rulesOf(p), lookahead };
}

/** Paths as token indices; undefined if one names a token the parser does not have. */
function tokenIndices(byName: ReadonlyMap<string, TokenType>, paths: readonly Path[]): number[][] | undefined {
  const out: number[][] = [];
  for (const path of paths) {
    const indices: number[] = [];
    for (const name of path) {
      const i = byName.get(name)?.tokenTypeIdx;
      if (i === undefined) return undefined;
      indices.push(i);
    }
    out.push(indices);
  }
  return out;
}

/** Whether the next tokens are `path` (token indices). */
function matches(parser: ThisParameterType<LookaheadFunction>, path: readonly number[]): boolean {
  for (let i = 0; i < path.length; i++) if (parser.LA(i + 1).tokenTypeIdx !== path[i]) return false;
  return true;
}

/** The index of the first alternative one of whose paths the next tokens follow (as chevrotain's LL(k) choice). */
function alternationFunction(alternatives: readonly (readonly number[][])[]): LookaheadFunction {
  if (alternatives.every((alt) => alt.every((path) => path.length === 1))) {
    const choice: number[] = [];
    alternatives.forEach((alt, i) => alt.forEach(([t]) => (choice[t!] ??= i)));
    return function () {
      return choice[this.LA(1).tokenTypeIdx!];
    };
  }
  return function () {
    for (let i = 0; i < alternatives.length; i++) for (const path of alternatives[i]!) if (matches(this, path)) return i;
    return undefined;
  };
}

/** Whether the next tokens follow one of the paths into an optional production. */
function optionalFunction(paths: readonly number[][]): LookaheadFunction {
  if (paths.every((path) => path.length === 1)) {
    const enters: boolean[] = [];
    for (const [t] of paths) enters[t!] = true;
    return function () {
      return enters[this.LA(1).tokenTypeIdx!] === true;
    };
  }
  return function () {
    return paths.some((path) => matches(this, path));
  };
}

/**
 * What chevrotain's `toFastProperties` does at the start of its analysis: an object used as a
 * prototype gets V8's fast lookups, and without it the parser parsed about 3 times slower warm
 * (the language server, the watchers). Copied: it lives in a package state51 does not depend on.
 */
function toFastProperties(o: object): void {
  function Fake(): void {}
  Fake.prototype = o;
  const fake = new (Fake as unknown as new () => { bar?: unknown })();
  const access = (): string => typeof fake.bar;
  access();
  access();
}

/**
 * Gives `parser` (its rules defined, not yet analysed) the stored analysis, as
 * `performSelfAnalysis` would have, and `recorded` for its recorded grammar;
 * false, and the parser untouched, when the analysis is not this parser's
 * (other rules, another chevrotain, a chevrotain without these fields).
 */
export function restoreAnalysis(parser: object, analysis: ParserAnalysis, recorded: () => Record<string, Rule>): boolean {
  const p = internals(parser);
  if (p === undefined || p.selfAnalysisDone || Object.keys(p.gastProductionsCache).length > 0 || analysis.chevrotain !== VERSION) return false;
  const rules = rulesOf(p);
  if (rules.length !== analysis.rules.length || rules.some((r, i) => r !== analysis.rules[i])) return false;
  const byName = new Map([...allTokens, EOF].map((t) => [t.name, t]));
  const indices = (paths: readonly Path[]): number[][] | undefined => tokenIndices(byName, paths);
  const functions: [number, LookaheadFunction][] = [];
  for (const e of analysis.lookahead) {
    if (e.kind === "alternation") {
      const alternatives = e.alternatives.map(indices);
      if (alternatives.some((a) => a === undefined)) return false;
      functions.push([e.key, alternationFunction(alternatives as number[][][])]);
    } else {
      const paths = indices(e.paths);
      if (paths === undefined) return false;
      functions.push([e.key, optionalFunction(paths)]);
    }
  }
  for (const [key, f] of functions) p.lookAheadFuncsCache.set(key, f);
  // chevrotain reads the recorded grammar from this field (an error's expected tokens, completion, the diagram, CST visitors).
  Object.defineProperty(parser, "gastProductionsCache", { get: recorded, configurable: true, enumerable: true });
  toFastProperties(parser);
  p.selfAnalysisDone = true;
  return true;
}
