/**
 * The example expansion (cards/examples/wastelanders.yaml) compiled as
 * `state51 build` would, for the tests of the constructs its cards use.
 */
import { join } from "node:path";
import type { GeneratedFile } from "../src/compiler/compile.js";
import type { CardRegistry } from "../src/engine/definitions.js";
import { examplesDir, validatePaths } from "../src/pipeline/validate.js";
import { registry, withCards } from "./engine-harness.js";

/** Its generated files, and a card set of the base set with its cards shuffled in. */
export async function exampleExpansion(): Promise<{ files: GeneratedFile[]; cards: CardRegistry }> {
  const result = validatePaths([join(examplesDir(), "wastelanders.yaml")]);
  if (result.diagnostics.length) throw new Error(`the example expansion does not validate: ${JSON.stringify(result.diagnostics)}`);
  return withCards(result);
}
export { registry };
