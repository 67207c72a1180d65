import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * CLI tests run the bundled `state51`; build it from the current source first.
 * The compiled card sets `play`, `replay` and `simulate` keep (src/pipeline/card-set-cache.ts)
 * go to a folder of this run's own, which every test and every CLI run it starts inherits:
 * the suite starts with none kept, and leaves nothing in the home folder.
 */
export default function setup(): () => void {
  execFileSync(process.execPath, ["src/cli/bundle.mjs"], { stdio: "inherit" });
  const cache = mkdtempSync(join(tmpdir(), "state51-test-cache-"));
  process.env.STATE51_CACHE = cache;
  return () => rmSync(cache, { recursive: true, force: true });
}
