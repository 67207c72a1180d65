/**
 * A compiled card set's registry module (`cardSetUrl`, or one kept by
 * src/pipeline/card-set-cache.ts) imported: apart from the compiler, so that
 * a run whose cards were compiled before never loads ts-morph.
 */
import type { CardRegistry } from "../engine/definitions.js";

/**
 * The launcher's own `import()`, which the bundled CLI is given as a parameter
 * (src/cli/launcher.cjs): the bundle runs as a vm.Script read from V8's code
 * cache, and Node 20 cannot `import()` from such a script. Elsewhere (tests,
 * worker threads) it does not exist and this module imports for itself.
 */
declare const __state51_import: ((url: string) => Promise<unknown>) | undefined;

const importUrl = (url: string): Promise<unknown> =>
  typeof __state51_import === "function" ? __state51_import(url) : import(/* @vite-ignore */ url);

/** The registry a `cardSetUrl` holds. */
export async function importCardSet(url: string): Promise<CardRegistry> {
  return ((await importUrl(url)) as { registry: CardRegistry }).registry;
}
