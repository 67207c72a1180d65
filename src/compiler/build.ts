/**
 * What `state51 build` runs once the cards are valid: compile them, and put
 * the tree in place atomically. The CLI imports this module lazily (it loads
 * ts-morph), so the bundle keeps it and all it needs in a chunk of its own.
 */
import { dirname, join, relative, sep } from "node:path";
import { packageRoot } from "../pipeline/package-root.js";
import type { Card } from "../check/model.js";
import type { Vocabulary } from "../check/vocabulary.js";
import { setTextFiles } from "../text/set-text.js";
import { compileCards, relativeSourceName, type GeneratedFile } from "./compile.js";
import { compareText } from "./emit-modules.js";
import { IncrementalCompiler } from "./incremental.js";
import { generatedMarkdownMarker, generatedPackageJson, updateTreeInPlace, writeTreeAtomic } from "./write-generated.js";

export { CompileError } from "./code.js";
export { WriteTreeError } from "./write-generated.js";
export { IncrementalCompiler } from "./incremental.js";

export interface BuildInput {
  readonly cards: readonly Card[];
  readonly vocabulary: Vocabulary;
}

/** Everything the build writes: the compiled modules, their package.json and the set's text in each language (marked as generated). */
export function generatedFiles(input: BuildInput, sourceName: (file: string) => string, definitions?: string, compile: typeof compileCards = compileCards): GeneratedFile[] {
  const texts = setTextFiles(input.cards, input.vocabulary).map((f) => ({
    path: f.path,
    text: `${generatedMarkdownMarker} from the cards: build again (\`state51 build\`), do not edit. -->\n\n${f.text}`,
  }));
  const files = [...compile(input, definitions === undefined ? { sourceName } : { sourceName, definitions }), generatedPackageJson, ...texts];
  return files.sort((a, b) => compareText(a.path, b.path));
}

/**
 * How the registry written to `outDir` reaches the engine's interfaces: a path
 * from there to this package's src/engine/definitions.ts, so the output
 * type-checks wherever it is written.
 */
export function definitionsFrom(outDir: string): string {
  const path = relative(outDir, join(packageRoot(), "src", "engine", "definitions.js")).split(sep).join("/");
  return path.startsWith(".") ? path : `./${path}`;
}

/**
 * Compiles the validated cards, writes their text, and replaces `outDir` with
 * the result. Headers name card files relative to the folder holding
 * `outDir`; `cwd` is the folder the cards' origin paths are relative to.
 * Returns the files written.
 */
export function buildGenerated(input: BuildInput, outDir: string, cwd: string): GeneratedFile[] {
  const files = generatedFiles(input, relativeSourceName(cwd, dirname(outDir)), definitionsFrom(outDir));
  writeTreeAtomic(outDir, files);
  return files;
}

/** What a watched build's run did: every file of the tree, what was compiled again, what was written. */
export interface Rebuild {
  readonly files: readonly GeneratedFile[];
  readonly recompiled: readonly string[];
  readonly written: readonly string[];
}

/**
 * `buildGenerated` for `build --watch`: the warm `compiler` emits only the
 * cards and modules that changed since its last run, and only the files whose
 * text changed are written; `outDir` ends as `buildGenerated` would leave it.
 */
export function rebuildGenerated(compiler: IncrementalCompiler, input: BuildInput, outDir: string, cwd: string): Rebuild {
  let recompiled: readonly string[] = [];
  const compile: typeof compileCards = (cards, options) => {
    const done = compiler.compile(cards, options);
    recompiled = done.recompiled;
    return done.files;
  };
  const files = generatedFiles(input, relativeSourceName(cwd, dirname(outDir)), definitionsFrom(outDir), compile);
  return { files, recompiled, written: updateTreeInPlace(outDir, files) };
}
