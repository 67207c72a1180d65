/**
 * Cards on disk, compiled and loaded in this process, for the commands that
 * play them (`play`, `replay`): what `state51 build` would write, run without
 * writing it. The compiler's modules are transpiled to JavaScript and loaded
 * as `data:` modules, the registry module importing the card modules by their
 * `data:` URLs, so the card order (and so every shuffled deck) is exactly the
 * one the built `generated/index.ts` gives.
 */
import { ts } from "ts-morph";
import { compileCards, type GeneratedFile } from "../compiler/compile.js";
import type { CardRegistry } from "../engine/definitions.js";
import { importCardSet } from "./import-card-set.js";
import type { ValidationResult } from "./validate.js";

/** A generated module's TypeScript as a `data:` URL of its JavaScript (type imports vanish in the transpiling). */
export function moduleUrl(text: string): string {
  const js = ts.transpileModule(text, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
  return `data:text/javascript;base64,${Buffer.from(js).toString("base64")}`;
}

/** The registry module's imports of `./<set>/<kind>.js`, pointed at the card modules' URLs. */
function linkIndex(index: GeneratedFile, urls: ReadonlyMap<string, string>): string {
  return index.text.replace(/from "\.\/([^"]+)\.js";/g, (whole, path: string) => {
    const url = urls.get(`${path}.ts`);
    if (url === undefined) throw new Error(`the registry imports ./${path}.js, which the compiler did not write`);
    return `from "${url}";`;
  });
}

/**
 * The compiled registry module of validated cards (`result` without errors) as one
 * `data:` URL (its card modules' URLs inside it): what a worker thread imports to
 * rebuild the same registry without compiling the cards again (`importCardSet`), and
 * what src/pipeline/card-set-cache.ts keeps between runs.
 */
export function cardSetUrl(result: Pick<ValidationResult, "cards" | "vocabulary">): string {
  const files = compileCards({ cards: result.cards, vocabulary: result.vocabulary }, { formatted: false });
  const urls = new Map<string, string>();
  for (const f of files) if (f.path !== "index.ts") urls.set(f.path, moduleUrl(f.text));
  const index = files.find((f) => f.path === "index.ts");
  if (index === undefined) throw new Error("the compiler wrote no registry (index.ts)");
  return moduleUrl(linkIndex(index, urls));
}

/** The compiled registry of validated cards (`result` without errors), as `generated/index.ts` would export it. */
export async function loadCardSet(result: Pick<ValidationResult, "cards" | "vocabulary">): Promise<CardRegistry> {
  return importCardSet(cardSetUrl(result));
}
