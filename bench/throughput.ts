/**
 * Validate throughput on the base set, stage by stage (bundled by
 * src/cli/bundle.mjs into dist/bench.mjs; run through `npm run bench`).
 */
import { performance } from "node:perf_hooks";
import { checkCards, reportDuplicateIds } from "../src/check/check-set.js";
import { buildVocabulary } from "../src/check/vocabulary.js";
import type { Diagnostic } from "../src/diagnostics/diagnostic.js";
import { findCardFiles } from "../src/load/find-files.js";
import { parseYaml } from "../src/load/parse-yaml.js";
import { readCardFile } from "../src/load/read-file.js";
import { parseCard, type ParsedCard } from "../src/parse/parse-cards.js";
import { validateSchema } from "../src/schema/validate-schema.js";
import { acceptedCards, defaultCardsDir } from "../src/pipeline/validate.js";

export interface StageRate {
  readonly stage: string;
  readonly cardsPerSecond: number;
  readonly msPerSet: number;
}

/** Runs `fn` repeatedly for about `ms` milliseconds; returns the mean time of one run. */
function timeIt(fn: () => void, ms = 400): number {
  fn();
  let runs = 0;
  const start = performance.now();
  while (performance.now() - start < ms) {
    fn();
    runs++;
  }
  return (performance.now() - start) / runs;
}

export function measureStages(): { cards: number; stages: StageRate[] } {
  const files = findCardFiles([defaultCardsDir()]).files;
  const texts = files.map((f) => {
    const r = readCardFile(f, f);
    if (!r.ok) throw new Error(r.diagnostic.message);
    return { path: f, text: r.text };
  });
  const sink: Diagnostic[] = [];
  const yamls = texts.map(({ path, text }) => {
    const y = parseYaml(path, text);
    if (!y.ok) throw new Error(`${path} is not valid`);
    return y;
  });
  const schemas = yamls.map((y) => ({ file: y.file, data: validateSchema(y.file, y.data).data! }));
  const vocabulary = buildVocabulary(schemas.flatMap((s) => (s.data.vocabulary ? [{ data: s.data.vocabulary, isBase: true, problem: () => undefined, place: () => "" }] : [])));
  const accepted = acceptedCards(schemas);
  const parseAll = (): ParsedCard[] => accepted.flatMap((a) => parseCard(a.card, a.set, a.file, a.path, sink) ?? []);
  const parsed = parseAll();
  const cards = parsed.length;
  const rate = (stage: string, ms: number): StageRate => ({ stage, cardsPerSecond: Math.round((cards / ms) * 1000), msPerSet: Number(ms.toFixed(3)) });
  return {
    cards,
    stages: [
      rate("load (YAML)", timeIt(() => texts.forEach(({ path, text }) => parseYaml(path, text)))),
      rate("schema (ajv)", timeIt(() => yamls.forEach((y) => validateSchema(y.file, y.data)))),
      rate("parse (chevrotain)", timeIt(parseAll)),
      rate("check", timeIt(() => {
        reportDuplicateIds(accepted, sink);
        checkCards(parsed, vocabulary, sink);
      })),
    ],
  };
}
