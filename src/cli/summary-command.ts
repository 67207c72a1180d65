/**
 * `state51 summary [paths…] [--format text|json]`: the set at a glance
 * (src/review/summary.ts). Cards with errors get their diagnostics, as
 * `validate` prints them, and no summary.
 */
import { summarise, summaryJson, summaryText } from "../review/summary.js";
import { validOrReport } from "./validate-command.js";

export type SummaryFormat = "text" | "json";

/** Runs `state51 summary`; returns the exit code (0 summarised, 1 the cards have errors). */
export function runSummary(paths: readonly string[], format: SummaryFormat, write: (s: string) => void, writeError: (s: string) => void): number {
  const result = validOrReport(paths, writeError, "no summary");
  if (!result) return 1;
  const summary = summarise(result.cards, result.vocabulary);
  write(format === "json" ? summaryJson(summary) + "\n" : summaryText(summary));
  return 0;
}
