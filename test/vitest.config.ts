import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    // The property tests and CLI runs are CPU-bound; two cores, two workers.
    maxWorkers: 2,
    // Test files share their two worker processes and the modules loaded in them, instead of
    // each file loading the parser, the compiler and the engine afresh (about 1.5 s a file,
    // a quarter of the suite, on the 2-core machine). Every test makes its own state; the one
    // file that stands in for a module (find-files) loads what it tests afresh and drops it after.
    // The V8 settings a simulation gives (src/sim/runner.ts) stay set for the later files of its
    // process, as they do in `state51 simulate`: they change the speed only, never a result.
    isolate: false,
    testTimeout: 60_000,
  },
});
