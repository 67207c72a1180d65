/**
 * Watching the card files for the preview: the paths it was given, as the
 * watching commands watch them (src/pipeline/watch-targets.ts: a folder's
 * card files, new ones included; a file named through its folder, so a save
 * that renames a new file over it is seen; the base vocabulary). A burst of
 * events (an editor's write-then-rename save, a `git checkout` touching every
 * file) becomes one call, `quiet` ms after the last of them.
 */
import { watch } from "chokidar";
import { resolve } from "node:path";
import { watchTargets } from "../pipeline/watch-targets.js";

export interface Watching {
  readonly close: () => Promise<void>;
}

/** The default wait after the last event before `changed` is called, in ms: an editor's save is over well within it. */
export const quietMs = 120;

/**
 * Watches the card files of `paths` (as given, relative to `cwd`) and calls
 * `changed` once each burst of changes is over; `failed` hears the watcher's
 * own errors (a folder that became unreadable), which stop nothing. Resolves
 * once the watcher is ready.
 */
export function watchCardFiles(paths: readonly string[], cwd: string, changed: () => void, failed: (error: Error) => void, quiet = quietMs): Promise<Watching> {
  const targets = watchTargets(paths, cwd);
  const watcher = watch(targets.roots, { ignoreInitial: true, ignored: targets.ignored });
  let timer: NodeJS.Timeout | undefined;
  watcher.on("all", (_event, path) => {
    // Only card files count (the ignore rule may not know a path's kind when it is asked).
    if (!targets.relevant(resolve(path))) return;
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
