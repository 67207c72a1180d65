/**
 * Validate throughput on the base set, stage by stage (bundled by
 * src/cli/bundle.mjs into dist/bench.mjs; run through `npm run bench`).
 */
import { readFileSync } from "node:fs";
import { join, sep } from "node:path";
import { performance } from "node:perf_hooks";
import { checkCards, reportDuplicateIds } from "../src/check/check-set.js";
import { buildVocabulary } from "../src/check/vocabulary.js";
import type { Diagnostic } from "../src/diagnostics/diagnostic.js";
import { findCardFiles } from "../src/load/find-files.js";
import { parseYaml } from "../src/load/parse-yaml.js";
import { readCardFile } from "../src/load/read-file.js";
import { parseCard, type ParsedCard } from "../src/parse/parse-cards.js";
import { validateSchema } from "../src/schema/validate-schema.js";
import { acceptedCards, defaultCardsDir, examplesDir } from "../src/pipeline/validate.js";
import { diagnosticsOf, LanguageService } from "../src/service/index.js";

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
  // The base set as validate reads it: cards/ without the example expansion in cards/examples/.
  const examples = examplesDir() + sep;
  const files = findCardFiles([defaultCardsDir()]).files.filter((f) => !f.startsWith(examples));
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
      // As validate reads them: the lean reader, which reads the base set (src/load/lean-yaml.ts).
      rate("load (YAML)", timeIt(() => texts.forEach(({ path, text }) => parseYaml(path, text, { lean: true })))),
      rate("schema (ajv)", timeIt(() => yamls.forEach((y) => validateSchema(y.file, y.data)))),
      rate("parse (chevrotain)", timeIt(parseAll)),
      rate("check", timeIt(() => {
        reportDuplicateIds(accepted, sink);
        checkCards(parsed, vocabulary, sink);
      })),
    ],
  };
}

/**
 * The language server's re-check after a keystroke, warm: the base set open
 * in the language service, one card of locations.yaml (its largest file)
 * edited, the set checked again and every file's diagnostics made, as the
 * server publishes them. The median of many, after a warm-up.
 */
export function measureLspRecheck(runs = 101, warmUp = 30): { medianMs: number; slowestMs: number } {
  const dir = defaultCardsDir();
  const path = join(dir, "locations.yaml");
  const text = readFileSync(path, "utf8");
  const service = new LanguageService([dir]);
  const times: number[] = [];
  for (let i = 0; i < warmUp + runs; i++) {
    // An amount typed over and over: the file differs from the last check each time.
    const edited = text.replace("produce 1 scrap", `produce ${1 + (i % 3)} scrap`);
    const start = performance.now();
    service.setDocument(path, edited);
    const analysis = service.analysisFor(path)!;
    for (const file of analysis.files) diagnosticsOf(analysis, file);
    if (i >= warmUp) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { medianMs: Number(times[Math.floor(times.length / 2)]!.toFixed(2)), slowestMs: Number(times.at(-1)!.toFixed(2)) };
}
