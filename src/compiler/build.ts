/**
 * What `state51 build` runs once the cards are valid: compile them, and put
 * the tree in place atomically. The CLI imports this module lazily (it loads
 * ts-morph), so the bundle keeps it and all it needs in a chunk of its own.
 */
import { dirname } from "node:path";
import { compileCards, relativeSourceName, type CompileInput, type GeneratedFile } from "./compile.js";
import { writeTreeAtomic } from "./write-generated.js";

export { CompileError } from "./code.js";
export { WriteTreeError } from "./write-generated.js";

/**
 * Compiles the validated cards and replaces `outDir` with the result. Headers
 * name card files relative to the folder holding `outDir`; `cwd` is the folder
 * the cards' origin paths are relative to. Returns the files written.
 */
export function buildGenerated(input: CompileInput, outDir: string, cwd: string): GeneratedFile[] {
  const files = compileCards(input, { sourceName: relativeSourceName(cwd, dirname(outDir)) });
  writeTreeAtomic(outDir, files);
  return files;
}
