/**
 * Watching the card files for the preview: the folders and files it was
 * given (a folder's *.yaml files, new ones included) and the base vocabulary,
 * which every set is checked with. A burst of events (an editor's
 * write-then-rename save, a `git checkout` touching every file) becomes one
 * call, `quiet` ms after the last of them.
 */
import { watch } from "chokidar";
import { resolve } from "node:path";
import { isCardFile } from "../load/find-files.js";

export interface Watching {
  readonly close: () => Promise<void>;
}

/** The default wait after the last event before `changed` is called, in ms: an editor's save is over well within it. */
export const quietMs = 120;

/**
 * Watches `paths` (absolute) and calls `changed` once each burst of changes is
 * over; `failed` hears the watcher's own errors (a folder that became
 * unreadable), which stop nothing. Resolves once the watcher is ready.
 */
export function watchCardFiles(paths: readonly string[], changed: () => void, failed: (error: Error) => void, quiet = quietMs): Promise<Watching> {
  const named = new Set(paths.map((p) => resolve(p)));
  const watcher = watch([...named], {
    ignoreInitial: true,
    // A file named outright is watched whatever its name, as validate reads it whatever its name.
    ignored: (path, stats) => stats?.isFile() === true && !isCardFile(path) && !named.has(resolve(path)),
  });
  let timer: NodeJS.Timeout | undefined;
  watcher.on("all", (event, path) => {
    // Only card files count (the ignore rule above may not know a path's kind when it is asked).
    if (!isCardFile(path) && !named.has(resolve(path))) return;
    clearTimeout(timer);
    timer = setTimeout(changed, quiet);
  });
  watcher.on("error", (error) => failed(error instanceof Error ? error : new Error(String(error))));
  return new Promise((done) => {
    watcher.once("ready", () =>
      done({
        close: async () => {
          clearTimeout(timer);
          await watcher.close();
        },
      }),
    );
  });
}
