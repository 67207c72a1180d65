/**
 * `state51 validate --watch` and `state51 build --watch`: run once, then again
 * each time a card file is saved, as `tsc --watch` does. Validation is run
 * whole (the base set takes some tens of milliseconds); the build keeps its
 * compiler warm and emits and writes again only what the edit changed
 * (src/compiler/incremental.ts). After each run one line gives the time and
 * the result; the terminal is never cleared. A file deleted or half-written
 * while saving is reported by that run like any other problem, and the next
 * save runs again; Ctrl-C stops, exit 0.
 *
 * Loaded lazily (it brings chokidar), so `state51 validate` starts as fast as before.
 */
import { watch, type FSWatcher } from "chokidar";
import { mkdirSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { displayPath } from "../load/find-files.js";
import { validatePaths } from "../pipeline/validate.js";
import { watchTargets } from "../pipeline/watch-targets.js";
import { cardsSummary, defaultOutDir, nothingBuilt, outputRefusal, shownDir, shownOutput, type BuildOptions } from "./build-command.js";
import { errorLine, systemErrorLine } from "./error-line.js";
import { problemCount } from "./format-diagnostics.js";
import { printValidation } from "./validate-command.js";

/** How long after the last event a run starts: an editor's save is often several events (write, rename, chmod). */
export const settleMs = 30;

/** How long chokidar ignores further changes of a file after reporting one (its `_throttle('change', path, 50)`). */
const chokidarThrottleMs = 50;

/** What one run found: its exit status (0 or 1) and the words for its separator line. */
export interface RunOutcome {
  readonly status: number;
  readonly result: string;
}

export interface WatchIo {
  readonly write: (s: string) => void;
  readonly writeError: (s: string) => void;
  readonly cwd: string;
}


function clock(date: Date): string {
  return [date.getHours(), date.getMinutes(), date.getSeconds()].map((n) => String(n).padStart(2, "0")).join(":");
}

/** The line after each run: when, what set it off, what it found, how long it took. */
export function separatorLine(at: Date, changed: readonly string[], result: string, ms: number): string {
  const cause = changed.length === 0 ? "" : ` · ${changed.slice(0, 3).join(", ")}${changed.length > 3 ? ` and ${changed.length - 3} more` : ""} changed`;
  return `── ${clock(at)}${cause} · ${result} in ${Math.round(ms)} ms · watching for changes (Ctrl-C to stop)\n`;
}

/** A run's unexpected failure as one line, and the watcher goes on. */
function failed(error: unknown, command: string, io: WatchIo): RunOutcome {
  const system = error instanceof Error && typeof (error as NodeJS.ErrnoException).code === "string" && typeof (error as NodeJS.ErrnoException).syscall === "string";
  io.writeError(errorLine(command, system ? systemErrorLine(error as NodeJS.ErrnoException) : (error as Error).message));
  return { status: 1, result: `${command}: failed` };
}

/**
 * Runs `run` now and after every change to the watched card files, until
 * SIGINT or SIGTERM (or `stop` resolves); returns 0.
 */
export async function watchAndRun(paths: readonly string[], command: string, run: () => RunOutcome | Promise<RunOutcome>, io: WatchIo, stop?: Promise<void>): Promise<number> {
  const targets = watchTargets(paths, io.cwd);
  const watcher: FSWatcher = watch(targets.roots, { ignoreInitial: true, ignored: targets.ignored, atomic: true });
  let changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  // chokidar drops a file's second change within 50 ms of the first (its throttle), so a
  // second save that quick (a formatter rewriting the file just saved) went unseen and the
  // watch showed the first version. Each changed file is looked at once the throttle has
  // passed, and counts as changed again if it differs from what the last run read of it
  // (from the event, while no run has read it yet). Compared with the event instead, a save
  // still being written at its event ran the watch twice.
  const looked = new Map<string, string>();
  const stamp = (full: string): string => {
    try {
      const st = statSync(full);
      return `${st.mtimeMs} ${st.size}`;
    } catch {
      return "gone";
    }
  };

  const once = async (): Promise<void> => {
    const cause = [...changed].map((p) => displayPath(p, io.cwd)).sort();
    // What this run reads: a file looked at again later is changed only if it differs from this.
    for (const p of changed) looked.set(p, stamp(p));
    changed = new Set();
    const start = performance.now();
    let outcome: RunOutcome;
    try {
      outcome = await run();
    } catch (error) {
      outcome = failed(error, command, io);
    }
    io.write(separatorLine(new Date(), cause, outcome.result, performance.now() - start));
  };
  const schedule = (): void => {
    if (running !== undefined) {
      again = true;
      return;
    }
    running = once().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        schedule();
      }
    });
  };
  let stopping = false;
  const changedNow = (full: string): void => {
    if (stopping) return;
    changed.add(full);
    clearTimeout(timer);
    timer = setTimeout(schedule, settleMs);
  };
  const lookAgain = (full: string): void => {
    looked.set(full, stamp(full));
    setTimeout(() => {
      const now = stamp(full);
      if (now !== looked.get(full)) {
        looked.set(full, now);
        changedNow(full);
      }
    }, chokidarThrottleMs + settleMs).unref();
  };
  watcher.on("all", (event, path) => {
    const full = resolve(path);
    const folder = event === "unlinkDir" || event === "addDir";
    if (!targets.relevant(full) && !folder) return;
    // A folder added or removed runs again (its files may come or go with it) but is not listed: the files it brings are, each by its own event.
    if (folder) {
      clearTimeout(timer);
      timer = setTimeout(schedule, settleMs);
      return;
    }
    if (event === "change") lookAgain(full);
    changedNow(full);
  });
  // A folder that cannot be read (removed, permissions) is one line; the watch goes on.
  watcher.on("error", (error) => io.writeError(errorLine(command, `watching: ${(error as Error).message}`)));
  await new Promise<void>((ready) => watcher.once("ready", ready));
  schedule();

  let stopped: () => void = () => undefined;
  const signalled = new Promise<void>((done) => (stopped = done));
  const onSignal = (): void => stopped();
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  await Promise.race([signalled, ...(stop ? [stop] : [])]);
  process.off("SIGINT", onSignal);
  process.off("SIGTERM", onSignal);
  stopping = true;
  clearTimeout(timer);
  await watcher.close();
  await running;
  return 0;
}

/** `state51 validate --watch`. */
export function watchValidate(paths: readonly string[], options: { readonly strict: boolean }, io: WatchIo, stop?: Promise<void>): Promise<number> {
  return watchAndRun(
    paths,
    "validate",
    () => {
      const result = validatePaths(paths, { cwd: io.cwd, strict: options.strict });
      const status = printValidation(result, "text", io.write);
      return { status, result: `validate: ${problemCount(result.diagnostics)}` };
    },
    io,
    stop,
  );
}

/**
 * What a build run did to the output folder: the first run says what was
 * built (the folder may already have been up to date, from an earlier build),
 * the next ones which files an edit changed.
 */
export function builtLine(first: boolean, done: { readonly files: readonly unknown[]; readonly written: readonly string[] }, shown: string): string {
  if (first) {
    const n = done.written.length;
    const up = n === 0 ? ", already up to date" : n < done.files.length ? `, ${n} written: ${done.written.join(", ")}` : "";
    return `built ${done.files.length} file${done.files.length === 1 ? "" : "s"} in ${shown}${up}`;
  }
  return done.written.length === 0 ? `nothing changed in ${shown}` : `wrote ${done.written.join(", ")} in ${shown}`;
}

/**
 * `state51 build --watch`: the output folder is checked first as `build`
 * checks it (a usage error, exit 2); then each run validates, and when the
 * cards are valid brings the folder up to date.
 */
export async function watchBuild(paths: readonly string[], options: BuildOptions, io: WatchIo, stop?: Promise<void>): Promise<number> {
  const outDir = options.out === undefined ? defaultOutDir(io.cwd) : resolve(io.cwd, options.out);
  const shown = shownDir(outDir, io.cwd);
  const refusal = outputRefusal(outDir, options.mkdir === true, options.out);
  if (refusal !== undefined) {
    io.writeError(errorLine("", `cannot write ${shownOutput(options.out, outDir, io.cwd)}: ${refusal}`));
    return 2;
  }
  if (options.mkdir === true) mkdirSync(dirname(outDir), { recursive: true });
  const { IncrementalCompiler, rebuildGenerated } = await import("../compiler/build.js");
  const compiler = new IncrementalCompiler();
  let built = false;
  return watchAndRun(
    paths,
    "build",
    () => {
      const result = validatePaths(paths, { cwd: io.cwd });
      if (printValidation(result, "text", io.write) !== 0) {
        io.write(nothingBuilt(outDir, shown));
        return { status: 1, result: `build: ${problemCount(result.diagnostics)}, nothing written` };
      }
      try {
        const done = rebuildGenerated(compiler, result, outDir, io.cwd);
        const first = !built;
        io.write(`${builtLine(first, done, shown)} (${cardsSummary(result.cards)})\n`);
        built = true;
        return { status: 0, result: first ? `build: ${done.files.length} files` : `build: ${done.written.length} file${done.written.length === 1 ? "" : "s"} written` };
      } catch (error) {
        io.write(nothingBuilt(outDir, shown));
        return failed(error, "build", io);
      }
    },
    io,
    stop,
  );
}
