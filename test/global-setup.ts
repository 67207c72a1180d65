import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * CLI tests run the bundled `state51`; build it from the current source first.
 *
 * Every temporary folder of the run (the tests' own, made with `tmpdir()`, and those of the
 * CLI runs, Chromium and git they start) goes in one folder of this run's own: TMPDIR is set
 * before the test workers start, so they and every process they start inherit it, and the
 * folder is removed when the run ends. Without it a run left some four hundred folders in
 * /tmp, a run after a run. The compiled card sets `play`, `replay` and `simulate` keep
 * (src/pipeline/card-set-cache.ts) go in it too: the suite starts with none kept, and leaves
 * nothing in the home folder.
 */
export default function setup(): () => void {
  execFileSync(process.execPath, ["src/cli/bundle.mjs"], { stdio: "inherit" });
  const run = mkdtempSync(join(tmpdir(), "state51-tests-"));
  const cache = join(run, "card-set-cache");
  mkdirSync(cache);
  process.env.TMPDIR = run;
  process.env.STATE51_CACHE = cache;
  return () => rmSync(run, { recursive: true, force: true });
}
