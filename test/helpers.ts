import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { moduleUrl } from "../src/pipeline/load-card-set.js";
import { validatePaths, type ValidationResult } from "../src/pipeline/validate.js";

export const repoRoot = join(import.meta.dirname, "..");

/** Writes `text` as a card file in a fresh temp folder and validates it alone (with the base vocabulary). */
export function validateText(text: string | Buffer, name = "cards.yaml"): ValidationResult {
  const dir = mkdtempSync(join(tmpdir(), "state51-"));
  const file = join(dir, name);
  writeFileSync(file, text);
  return validatePaths([file], { cwd: dir });
}

/** A minimal valid location's lines in a `cards:` list, for tests that change one field. */
export function locationLines(fields: Record<string, string> = {}): string {
  const card: Record<string, string> = {
    id: "test-card",
    kind: "location",
    name: "{ en: Test Card, fr: Carte de test }",
    distance: "1",
    types: "[scrap]",
    spoils: "gain 2 scrap",
    agreement: "gain 1 scrap",
    pattern: "closed-production",
    ability: "produce 1 scrap",
    ...fields,
  };
  return Object.entries(card)
    .map(([k, v], i) => `${i === 0 ? "  - " : "    "}${k}: ${v}`)
    .join("\n");
}

/** A card file of one minimal valid location, for tests that change one field. */
export function locationYaml(fields: Record<string, string> = {}): string {
  return ["set: test", "cards:", locationLines(fields), ""].join("\n");
}

export interface CliRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the bundled CLI (built by test/global-setup.ts) as a designer would. */
export function runCli(args: readonly string[], cwd: string = repoRoot): CliRun {
  const r = spawnSync(process.execPath, [join(repoRoot, "dist/state51.cjs"), ...args], { cwd, encoding: "utf8", timeout: 30_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Evaluates one generated module (generated modules import only types) and returns its exports. */
export async function evaluateModule(text: string): Promise<Record<string, unknown>> {
  return (await import(/* @vite-ignore */ moduleUrl(text))) as Record<string, unknown>;
}

