import os from "node:os";
import { defineConfig } from "vitest/config";
import { LIMITS } from "./tests/helpers/limits.ts";

/** The test that runs the whole suite again in a revised clone (tests/facts/revision-leaves-suite-green.test.ts). */
const NESTED_SUITE = "tests/facts/revision-leaves-suite-green.test.ts";

export default defineConfig({
  test: {
    // One more test file at a time than there are cores (Vitest's own default is one fewer: a single file at a time on
    // a 2-core machine). Much of the suite waits on the commands it starts, on Chromium and on servers answering on
    // loopback, and another file's work fills those waits (docs/maintainers/test-data.md, "How long the suite takes").
    maxWorkers: os.availableParallelism() + 1,
    // Set for a machine running two CPU-bound processes per core beside the suite, roughly three times a quiet run's
    // slowest test (tests/helpers/limits.ts holds every limit of the suite and says why).
    testTimeout: LIMITS.test,
    hookTimeout: LIMITS.test,
    projects: [
      {
        extends: true,
        test: {
          name: "suite",
          include: ["tests/**/*.test.ts"],
          exclude: [NESTED_SUITE],
          // The frozen copy of the data the tests read instead of the live facts/ (tests/helpers/frozen-data.ts),
          // and one compile cache for the run's Node processes.
          globalSetup: ["tests/global-setup.ts"],
        },
      },
      {
        // After the rest, alone: the suite it runs again would otherwise share the machine with the suite that
        // started it, and each would take twice as long. It reads no frozen data but the copy's day, so it needs
        // no global setup.
        extends: true,
        test: { name: "nested-suite", include: [NESTED_SUITE], sequence: { groupOrder: 1 } },
      },
    ],
  },
});
