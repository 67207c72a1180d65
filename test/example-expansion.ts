/**
 * The example expansion (cards/examples/wastelanders.yaml) compiled as
 * `state51 build` would, for the tests of the constructs its cards use.
 */
import { join } from "node:path";
import { compileCards, type GeneratedFile } from "../src/compiler/compile.js";
import type { CardDef, CardRegistry } from "../src/engine/definitions.js";
import { examplesDir, validatePaths } from "../src/pipeline/validate.js";
import { registry } from "./engine-harness.js";
import { evaluateModule } from "./helpers.js";

/** Its generated files, and a card set of the base set with its cards shuffled in. */
export async function exampleExpansion(): Promise<{ files: GeneratedFile[]; cards: CardRegistry }> {
  const result = validatePaths([join(examplesDir(), "wastelanders.yaml")]);
  if (result.diagnostics.length) throw new Error(`the example expansion does not validate: ${JSON.stringify(result.diagnostics)}`);
  const files = compileCards({ cards: result.cards, vocabulary: result.vocabulary });
  const modules = await Promise.all(files.filter((f) => f.path !== "index.ts").map((f) => evaluateModule(f.text)));
  const defs = modules.flatMap((m) => Object.values(m).filter((v): v is CardDef[] => Array.isArray(v)).flat());
  const all = [...registry.cards, ...defs];
  return { files, cards: { ...registry, cards: all, byId: new Map(all.map((c) => [c.id, c])) } };
}
