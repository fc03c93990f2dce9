import os from "node:os";
import { defineConfig } from "vitest/config";
import { LIMITS } from "./tests/helpers/limits.ts";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    // The frozen copy of the data the tests read instead of the live facts/ (tests/helpers/frozen-data.ts), and one
    // compile cache for the run's Node processes.
    globalSetup: ["tests/global-setup.ts"],
    // One more test file at a time than there are cores (Vitest's own default is one fewer: a single file at a time on
    // a 2-core machine). Much of the suite waits on the commands it starts, on Chromium and on servers answering on
    // loopback, and another file's work fills those waits (docs/maintainers/test-data.md, "How long the suite takes").
    maxWorkers: os.availableParallelism() + 1,
    // Set for a machine running two CPU-bound processes per core beside the suite, roughly three times a quiet run's
    // slowest test (tests/helpers/limits.ts holds every limit of the suite and says why).
    testTimeout: LIMITS.test,
    hookTimeout: LIMITS.test,
  },
});
