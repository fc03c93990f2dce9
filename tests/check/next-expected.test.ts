import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT, runCheck } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const VALID = path.join(PROJECT_ROOT, "tests/fixtures/check/valid");
const RENT_CAP = "facts/rental/bc.rent_cap.2026.json";

const NEXT_EXPECTED = {
  by_iso: "2026-09-30",
  what: "The 2027 rent cap",
  where: {
    url: "https://www2.gov.bc.ca/gov/content/housing-tenancy/residential-tenancies/rent-rtb/rent-increases",
    org: "bc-residential-tenancy-branch",
  },
};

/**
 * The valid fixtures with `next_expected` (as given) written into the rent cap, after its citations, as `npm run fix`
 * orders it.
 */
const withNextExpected = async (nextExpected: unknown): Promise<string> => {
  const root = await tempDir(VALID);
  const file = path.join(root, RENT_CAP);
  const fact = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
  await writeFile(file, `${JSON.stringify({ ...fact, next_expected: nextExpected }, null, 2)}\n`);
  return root;
};

/**
 * The 1-based line of the rent cap written in `root` that starts with `start`, from next_expected's own line on (a
 * citation's "url" is written above it): the rent cap's value has its real shape, whose length sets where
 * next_expected lands, so the expected locations are read from the written file.
 */
const lineOf = async (root: string, start: string): Promise<number> => {
  const lines = (await readFile(path.join(root, RENT_CAP), "utf8")).split("\n");
  const from = lines.findIndex((line) => line.startsWith('  "next_expected": '));
  const index = lines.findIndex((line, at) => at >= from && line.startsWith(start));
  expect(from, "a next_expected line").toBeGreaterThanOrEqual(0);
  expect(index, `a line starting ${start}`).toBeGreaterThanOrEqual(0);
  return index + 1;
};

/** `npm run check` on `root`, without the first line, which names the base the version rules compared with. */
const check = async (root: string) => {
  const result = await runCheck(root, "2026-11-26");
  return { ...result, stdout: result.stdout.replace(/^(no )?base: .*\ncommits: .*\n/, "") };
};

/** The problem lines of a refused check, without the evidence and count lines that close every run. */
const problems = async (root: string): Promise<string[]> => {
  const result = await check(root);
  expect(result.code).toBe(1);
  return result.stdout.trimEnd().split("\n").slice(0, -2);
};

describe("npm run check on next_expected", () => {
  it("accepts an expected announcement with a real date, one line of what and an https page", async () => {
    const result = await check(await withNextExpected(NEXT_EXPECTED));
    expect(result.stdout).toContain("no problems");
    expect(result.code).toBe(0);
  });

  it("refuses an impossible by_iso, a non-https where.url, a what of two lines and an unknown key, each with file, line and JSON path", async () => {
    const badDate = await withNextExpected({ ...NEXT_EXPECTED, by_iso: "2026-09-31" });
    expect(await problems(badDate)).toEqual([
      `${RENT_CAP}:${await lineOf(badDate, '    "by_iso": ')}:5: must be a real calendar date written YYYY-MM-DD (at /next_expected/by_iso) [schema]`,
    ]);
    const http = await withNextExpected({
      ...NEXT_EXPECTED,
      where: { ...NEXT_EXPECTED.where, url: "http://www2.gov.bc.ca/rent" },
    });
    expect(await problems(http)).toEqual([
      `${RENT_CAP}:${await lineOf(http, '      "url": ')}:7: must be an absolute https URL (at /next_expected/where/url) [schema]`,
    ]);
    const twoLines = await withNextExpected({ ...NEXT_EXPECTED, what: "The 2027 rent cap\nannounced in August" });
    const what = await lineOf(twoLines, '    "what": ');
    expect(await problems(twoLines)).toEqual([
      `${RENT_CAP}:${what}:5: must be one line (at /next_expected/what) [schema]`,
      `${RENT_CAP}:${what}:31: a line break in a one-line field: only description, notes, quote may span lines (at /next_expected/what) [text]`,
    ]);
    const unknown = await withNextExpected({ ...NEXT_EXPECTED, value: 0.03 });
    expect(await problems(unknown)).toEqual([
      `${RENT_CAP}:${await lineOf(unknown, '    "value": ')}:5: unknown field "value" (at /next_expected/value) [schema]`,
    ]);
  });

  it("refuses next_expected written out of the fact's key order", async () => {
    const root = await tempDir(VALID);
    const file = path.join(root, RENT_CAP);
    const { citations, ...fact } = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
    await writeFile(file, `${JSON.stringify({ ...fact, next_expected: NEXT_EXPECTED, citations }, null, 2)}\n`);
    const [line] = await problems(root);
    expect(line).toBe(
      `${RENT_CAP}:${await lineOf(root, '  "next_expected": ')}:3: keys must be in the order id, label, description, domain, series, value, unit, summary_keys, version, effective_iso, expires_iso, tags, citations, earlier, corrected_versions, note_corrections, scheduled, next_expected, superseded_by, withdrawn_iso, withdrawn_reason; "next_expected" is out of place (at /next_expected) [key-order]`,
    );
  });
});
