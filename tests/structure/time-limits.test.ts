import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../helpers/run-script.ts";

/**
 * Every time limit of the suite comes from tests/helpers/limits.ts, which sets them for a machine running two
 * CPU-bound processes per core beside the suite. A number written in a test instead (a test's own timeout, a wait's,
 * the timeout a test gives a command it needs to succeed) was set on a quiet machine and fails on a busy one. Only a
 * timeout of a second or less is left in place: one a test gives a command that must give up (a receiver that hangs),
 * where the test waits for the command's refusal.
 */
const WRITTEN_LIMIT = /(?:timeout(?:Ms)?\s*[:=]\s*|\},\s*)(\d[\d_]*)(?=\s*[,)}])/g;

const LEFT_OUT = new Set([path.join("helpers", "limits.ts"), path.join("structure", "time-limits.test.ts")]);

const testSources = (): string[] =>
  readdirSync(path.join(PROJECT_ROOT, "tests"), { recursive: true, encoding: "utf8" })
    // limits.ts holds the limits; this file writes some as the examples its check must find.
    .filter((file) => file.endsWith(".ts") && !LEFT_OUT.has(file))
    .map((file) => path.join("tests", file));

/** Each limit over a second written as a number in `source`, as `file:line: text`. */
const writtenLimits = (file: string, source: string): string[] =>
  source
    .split("\n")
    .flatMap((line, index) =>
      [...line.matchAll(WRITTEN_LIMIT)]
        .filter((match) => Number(match[1]!.replaceAll("_", "")) > 1_000)
        .map(() => `${file}:${index + 1}: ${line.trim()}`),
    );

describe("the suite's time limits", () => {
  it("come from tests/helpers/limits.ts: no test writes a limit over a second as a number", () => {
    const found = testSources().flatMap((file) =>
      writtenLimits(file, readFileSync(path.join(PROJECT_ROOT, file), "utf8")),
    );
    expect(found).toEqual([]);
  });

  it("are found wherever a test would write one", () => {
    expect(writtenLimits("a.test.ts", "  }, 120_000);")).toHaveLength(1);
    expect(writtenLimits("a.test.ts", 'it("x", { timeout: 240_000 }, async () => {')).toHaveLength(1);
    expect(writtenLimits("a.test.ts", "await expect.poll(() => n, { timeout: 20_000, interval: 2 })")).toHaveLength(1);
    expect(writtenLimits("a.test.ts", "httpRequest(url, { timeoutMs: 5_000, maxBytes: 100 })")).toHaveLength(1);
    expect(writtenLimits("a.test.ts", "const runWithin = (timeout = 60_000) => {}")).toHaveLength(1);
    // A command that must give up, and limits read from LIMITS, are left alone.
    expect(writtenLimits("a.test.ts", "httpRequest(url, { timeoutMs: 300, maxBytes: 100 })")).toEqual([]);
    expect(writtenLimits("a.test.ts", "  }, LIMITS.test);")).toEqual([]);
    expect(writtenLimits("a.test.ts", "[{ assessedValue: 2_075_000 }, 570],")).toEqual([]);
  });
});
