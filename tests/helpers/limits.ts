/**
 * The suite's time limits, in one place (docs/maintainers/test-data.md, "How long the suite takes").
 *
 * The rule: every limit is set for a machine running two CPU-bound processes per core beside the suite (a contributor's
 * laptop with a browser and an editor open, a shared CI runner), which is roughly three times what the slowest case
 * takes on a quiet 2-core machine. A limit only ends a test that hangs; it is never a measurement, and no test asserts
 * how long something took (speed targets are `npm run bench`'s, docs/maintainers/benchmarks.md). A test waits for an
 * event (a line printed, a request received, a page element), never for a fixed time.
 *
 * Nothing here is a default a test should shorten: a test that needs a command to give up (a receiver that hangs, a
 * lock held) sets that command's own timeout small, and waits for the command's answer.
 */
export const LIMITS = {
  /**
   * A test or a hook (vitest.config.ts sets it for all): one that starts a few commands, builds a fixture site or
   * drives a browser page. Before, most had 30 s and the slower ones 60 or 120 s; on a 2-core machine at a load of 9
   * to 16, above the rule's, the slowest test checked there took 98 s (two builds with a WebSub hub, in
   * tests/build/build-cli.test.ts), so this leaves room past that.
   */
  test: 180_000,
  /**
   * A test that runs a whole pipeline: a workflow with every step, a browser over every page, a history of hundreds
   * of commits built more than once, the dependency rules over the tree: the ones that needed up to 300 s before
   * (the browser over every page, 600 s), each given the most that any of them needed.
   */
  longTest: 600_000,
  /**
   * The suite run again inside a test (tests/facts/revision-leaves-suite-green.test.ts), which vitest.config.ts runs
   * after every other file, alone: three times a quiet run of the whole suite (which takes longer than its 5-minute
   * target on the 2-core machines here; docs/maintainers/test-data.md, "How long the suite takes").
   */
  nestedSuite: 3_600_000,
  /**
   * An event a test waits for: a server printing its address, a page element filled in, a request reaching a
   * receiver, a file appearing (`expect.poll`, Playwright's `timeout` options, `waitForFunction`). Under `test`, so
   * that the wait's own message says what did not happen.
   */
  wait: 60_000,
  /**
   * The timeout given to a command a test runs (an HTTP fetch, a lock wait, a source check, a webhook delivery), when
   * the test needs the command to succeed: a process on 127.0.0.1 answers well within it on the loaded machine.
   */
  answer: 30_000,
} as const;
