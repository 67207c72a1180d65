import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join, resolve } from "node:path";
import { diagramAssets, diagramAssetsDir, grammarDiagramHtml } from "../../grammar/diagrams.js";
import { writeFileAtomic } from "../fs/atomic-write.js";

/** chevrotain's diagrams/ folder, where its railroad scripts ship. */
function chevrotainDiagramsDir(): string {
  const require = createRequire(import.meta.url);
  // chevrotain's exports hide package.json: go up from its entry, lib/src/api.js.
  return join(dirname(require.resolve("chevrotain")), "..", "..", "diagrams");
}

/** Writes the railroad diagram page and the local scripts it loads. Returns the files written. */
export function writeGrammarDiagram(out: string): string[] {
  const page = resolve(out);
  const assets = join(dirname(page), diagramAssetsDir);
  const source = chevrotainDiagramsDir();
  const written: string[] = [];
  for (const asset of diagramAssets) {
    const target = join(assets, asset);
    writeFileAtomic(target, readFileSync(join(source, asset)));
    written.push(target);
  }
  writeFileAtomic(page, grammarDiagramHtml());
  written.push(page);
  return written.map((f) => (f.startsWith(dirname(page)) ? join(basename(dirname(page)), f.slice(dirname(page).length + 1)) : f));
}
