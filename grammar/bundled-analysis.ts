/**
 * The parser's grammar analysis stored in the CLI bundle: src/cli/bundle.mjs
 * replaces this module with the analysis it has just run (grammar/analysis.ts
 * says why). Run from source, as the tests do, there is none, and the parser
 * analyses its grammar itself.
 */
import type { ParserAnalysis } from "./analysis.js";

export const bundledAnalysis: ParserAnalysis | undefined = undefined;
