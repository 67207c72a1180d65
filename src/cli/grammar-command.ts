import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join, resolve } from "node:path";
import { diagramAssets, diagramAssetsDir, grammarDiagramHtml } from "../../grammar/diagrams.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { checkOutput } from "./usage-error.js";

/** chevrotain's diagrams/ folder, where its railroad scripts ship. */
function chevrotainDiagramsDir(): string {
  const require = createRequire(import.meta.url);
  // chevrotain's exports hide package.json: go up from its entry, lib/src/api.js.
  return join(dirname(require.resolve("chevrotain")), "..", "..", "diagrams");
}

/** A UsageError, before any work, when the page or its scripts' folder beside it cannot be written. */
export function checkGrammarOutput(out: string, mkdir: boolean): void {
  checkOutput(out, "the grammar page", { mkdir });
  checkOutput(join(dirname(out), diagramAssetsDir), "the grammar page's scripts", { mkdir: true, folder: true });
}

/** Writes the railroad diagram page and the local scripts it loads (checked by checkGrammarOutput). Returns the files written. */
export function writeGrammarDiagram(out: string, mkdir: boolean): string[] {
  const page = resolve(out);
  const assets = join(dirname(page), diagramAssetsDir);
  // The scripts' folder is part of the output; the folders above it only with --mkdir.
  if (mkdir) mkdirSync(dirname(page), { recursive: true });

  const source = chevrotainDiagramsDir();
  const written: string[] = [];
  for (const asset of diagramAssets) {
    const target = join(assets, asset);
    mkdirSync(dirname(target), { recursive: true });
    writeFileAtomic(target, readFileSync(join(source, asset)));
    written.push(target);
  }
  writeFileAtomic(page, grammarDiagramHtml());
  written.push(page);
  return written.map((f) => (f.startsWith(dirname(page)) ? join(basename(dirname(page)), f.slice(dirname(page).length + 1)) : f));
}
