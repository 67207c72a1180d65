import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    // The property tests and CLI runs are CPU-bound; two cores, two workers.
    maxWorkers: 2,
    testTimeout: 60_000,
  },
});
