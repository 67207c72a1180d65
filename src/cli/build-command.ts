/**
 * `state51 build [paths...] [--out DIR]`: validate, then compile the cards to
 * TypeScript and put the tree in place atomically.
 *
 * The compiler (and so ts-morph, slow to load) is imported only here, lazily:
 * `state51 validate` never loads it. The bundle keeps it in its own chunk.
 */
import { existsSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { makeFolders } from "../fs/make-folders.js";
import { outputProblem } from "../fs/output-problem.js";
import { assertReplaceable, recoverInterruptedSwap, WriteTreeError } from "../compiler/write-generated.js";
import type { Card } from "../check/model.js";
import { validatePaths } from "../pipeline/validate.js";
import { insideCheckout, packageRoot } from "../pipeline/package-root.js";
import { countByKind } from "./format-diagnostics.js";
import { printValidation } from "./validate-command.js";
import { errorLine, systemErrorLine } from "./error-line.js";
import { terminalLine } from "../text/escape.js";

export interface BuildOptions {
  /** The output folder; default: generated/ (see `defaultOutDir`). */
  readonly out?: string;
  /** Make the output folder's missing parents (`--mkdir`). */
  readonly mkdir?: boolean;
}

/**
 * Where `state51 build` writes when not told otherwise: the checkout's
 * generated/ when run inside it (the committed tree the tests compare with),
 * else generated/ in the folder the designer runs it from, never into an
 * installed package.
 */
export function defaultOutDir(cwd: string = process.cwd()): string {
  const root = packageRoot();
  return join(insideCheckout(cwd, root) ? root : cwd, "generated");
}

/** A folder as the summary names it: relative to where the command ran, with a final `/`. */
export function shownDir(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return `${rel === "" ? "." : rel.startsWith("..") || isAbsolute(rel) ? path : rel}/`.replace(/[\\/]+$/, "/");
}

/** The line after a build that wrote nothing: the folder is as it was, or, when there was none, still not there. */
export function nothingBuilt(outDir: string, shown: string): string {
  return `nothing built: ${shown} ${existsSync(outDir) ? "is unchanged" : "was not created"}\n`;
}

export function cardsSummary(cards: readonly Card[]): string {
  const by = countByKind(cards);
  return `${cards.length} cards compiled: ${by.base} base, ${by.contact} contact, ${by.leader} leader, ${by.location} location`;
}

/** The output folder as a refusal names it: an empty --out as such, not as the current folder it resolves to. */
export const shownOutput = (given: string | undefined, outDir: string, cwd: string): string => (given === "" ? "the output folder" : shownDir(outDir, cwd));

/**
 * Why the build cannot write `outDir`, before any work: a missing parent
 * (without --mkdir), a file in its place, an unwritable folder, files the
 * build did not write; an interrupted earlier build is recovered first.
 */
export function outputRefusal(outDir: string, mkdir: boolean, given?: string): string | undefined {
  // An empty --out is refused as given: resolved, it would be the current folder.
  const problem = outputProblem(given === "" ? given : outDir, { folder: true, mkdir });
  if (problem !== undefined) return problem;
  try {
    recoverInterruptedSwap(outDir);
    assertReplaceable(outDir);
  } catch (error) {
    if (error instanceof WriteTreeError) return error.message;
    // An earlier build's temp folder that cannot be removed: in the common one-line form, not Node's.
    if (typeof (error as NodeJS.ErrnoException).code === "string") return systemErrorLine(error as NodeJS.ErrnoException);
    throw error;
  }
  return undefined;
}

/**
 * Runs `state51 build`; returns the exit code: 0 built, 1 validation errors or
 * a failed compile/write (the output folder is then as it was), 2 an output
 * folder that cannot be written (found before any work).
 */
export async function runBuild(
  paths: readonly string[],
  options: BuildOptions,
  write: (s: string) => void,
  writeError: (s: string) => void,
  cwd: string = process.cwd(),
): Promise<number> {
  const outDir = options.out === undefined ? defaultOutDir(cwd) : resolve(cwd, options.out);
  const refusal = outputRefusal(outDir, options.mkdir === true, options.out);
  if (refusal !== undefined) {
    // A usage error (exit 2), found before any work: it names the program only, as the option parser's do.
    writeError(errorLine("", `cannot write ${shownOutput(options.out, outDir, cwd)}: ${refusal}`));
    return 2;
  }
  const result = validatePaths(paths, { cwd });
  if (printValidation(result, "text", write) !== 0) {
    write(nothingBuilt(outDir, shownDir(outDir, cwd)));
    return 1;
  }
  const { CompileError, buildGenerated } = await import("../compiler/build.js");
  // Folders --mkdir made are taken back if the build fails ("was not created" is then the whole truth).
  let unmake = (): void => {};
  try {
    if (options.mkdir === true) unmake = makeFolders(dirname(outDir));
    const files = buildGenerated(result, outDir, cwd);
    write(terminalLine(`wrote ${files.length} files to ${shownDir(outDir, cwd)} (${cardsSummary(result.cards)})`) + "\n");
    return 0;
  } catch (error) {
    const systemError = error instanceof Error && typeof (error as NodeJS.ErrnoException).code === "string";
    unmake();
    if (!(error instanceof CompileError || error instanceof WriteTreeError || systemError)) throw error;
    const shown = shownDir(outDir, cwd);
    // The folder as the designer sees it named in the line after, not its absolute path.
    if (systemError && (error as NodeJS.ErrnoException).path === outDir) (error as NodeJS.ErrnoException).path = shown.slice(0, -1);
    writeError(errorLine("build", systemError ? systemErrorLine(error as NodeJS.ErrnoException) : error.message) + nothingBuilt(outDir, shown));
    return 1;
  }
}
