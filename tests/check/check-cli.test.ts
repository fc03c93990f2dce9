import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT, runScript } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const FIXTURES = path.join(PROJECT_ROOT, "tests/fixtures/check");
const VALID = path.join(FIXTURES, "valid");
const TODAY = { FACTS_TODAY: "2026-11-21" };

const check = (root: string) => runScript("src/cli/check.ts", ["--root", root], { env: TODAY });

/** Each broken case is overlaid on the valid fixtures and must produce exactly these lines. */
const CASES: Record<string, string[]> = {
  "bad-json": ["facts/tax/bc.ptt.brackets.json:13:3: invalid JSON: comma expected (at the document root)"],
  "empty-file": ["facts/tax/bc.ptt.empty.json:1:1: invalid JSON: value expected (at the document root)"],
  "invalid-utf8": ["facts/tax/bc.ptt.bytes.json:1:1: the file is not valid UTF-8 (at the document root)"],
  "not-an-object": ["facts/tax/bc.ptt.list.json:1:1: expected object, found array (at the document root)"],
  "duplicate-key": ['facts/tax/bc.ptt.brackets.json:12:3: duplicate key "unit" (at /unit)'],
  "missing-field": ['facts/tax/bc.ptt.brackets.json:1:1: missing required field "label" (at /label)'],
  "wrong-type": ["facts/tax/bc.ptt.brackets.json:12:3: expected number, found string (at /version)"],
  "impossible-date": ["facts/tax/bc.ptt.brackets.json:13:3: must be a real calendar date written YYYY-MM-DD (at /effective_iso)"],
  "expiry-before-effective": ["facts/tax/bc.ptt.brackets.json:14:3: expires_iso 2027-05-20 is before effective_iso 2027-06-01 (at /expires_iso)"],
  "wrong-cadence": [
    "facts/tax/bc.ptt.brackets.json:14:3: expires_iso 2027-02-19 should be 2027-05-20: the latest retrieved_iso 2026-11-21 plus 180 days (cadence:stable) (at /expires_iso)",
  ],
  "missing-cadence-tag": [
    'facts/tax/bc.ptt.brackets.json:15:3: tags must state the re-verification cadence: add exactly one of "cadence:volatile", "cadence:stable" (at /tags)',
  ],
  "future-retrieval": [
    "facts/tax/bc.ptt.brackets.json:14:3: expires_iso 2027-05-20 should be 2099-06-30: the latest retrieved_iso 2099-01-01 plus 180 days (cadence:stable) (at /expires_iso)",
    "facts/tax/bc.ptt.brackets.json:21:7: retrieved_iso 2099-01-01 is in the future (today is 2026-11-21) (at /citations/0/retrieved_iso)",
  ],
  "non-https-citation": ["facts/tax/bc.ptt.brackets.json:18:7: must be an absolute https URL (at /citations/0/url)"],
  "empty-citations": ["facts/tax/bc.ptt.brackets.json:16:3: a fact needs at least one citation (at /citations)"],
  "id-file-mismatch": [
    'facts/tax/bc.ptt.rates.json:2:3: id "bc.ptt.other" does not match the file name "bc.ptt.rates.json" (expected bc.ptt.other.json) (at /id)',
  ],
  "wrong-folder": ['facts/legal/bc.ptt.other.json:5:3: domain "tax" does not match the folder "legal" (expected facts/tax/) (at /domain)'],
  "duplicate-id": ['facts/tax/bc.ptt.brackets.json:2:3: duplicate id "bc.ptt.brackets": already used by facts/legal/bc.ptt.brackets.json (at /id)'],
  "unknown-domain": [
    'facts/tax/bc.ptt.brackets.json:5:3: must be one of "tax", "mortgage", "legal", "foreign-buyer", "strata", "rental", found "housing" (at /domain)',
  ],
  "bad-id-form": [
    "facts/tax/BC-PTT.json:2:3: must be a dot-namespaced id of lowercase letters, digits and underscores, e.g. bc.ptt.brackets (at /id)",
  ],
  "history-written-by-hand": ['facts/tax/bc.ptt.brackets.json:25:3: unknown field "history" (at /history)'],
  "unbounded-bracket-missing": [
    "facts/tax/bc.ptt.brackets.json:9:7: CAD-bracket-array: the last bracket must have upper null (unbounded) (at /value/2/upper)",
  ],
  "rate-as-percent": ["facts/tax/bc.ptt.brackets.json:9:22: CAD-bracket-array: rates are fractions: 0.01 means 1% (at /value/2/rate)"],
  "keys-out-of-order": [
    'facts/tax/bc.ptt.brackets.json:3:3: keys must be in the order id, label, description, domain, value, unit, version, effective_iso, expires_iso, tags, citations, scheduled, superseded_by; "description" is out of place (at /description)',
  ],
  "stray-file": ["facts/notes.txt:1:1: only facts/<domain>/<id>.json files belong under facts/ (at the document root)"],
  "impossible-month": ["index-data/benchmarks/greater-vancouver.json:6:7: must be a real month written YYYY-MM (at /months/0/month)"],
  "benchmark-without-source": ['index-data/benchmarks/greater-vancouver.json:5:5: missing required field "citation" (at /months/0/citation)'],
};

describe("npm run check", () => {
  it("accepts the valid fixtures and prints one summary line, after a warning naming the facts that quote no official source", async () => {
    const result = await check(VALID);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      'warning: 1 of 2 facts quote no official source (a citation of kind "official" with a quote): bc.rent_cap.2026\n' +
        "ok: 2 fact files and 1 index-data files checked, no problems\n",
    );
  });

  it.each(Object.entries(CASES))("rejects %s with file, line, column and JSON pointer", async (name, expected) => {
    const root = await tempDir(VALID, path.join(FIXTURES, "broken", name));
    const result = await check(root);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("");
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines.slice(0, -2)).toEqual(expected);
    expect(lines.at(-2)).toMatch(/^(warning: \d+ of \d+ facts quote no official source|evidence: all \d+ facts quote an official source)/);
    expect(lines.at(-1)).toMatch(/^\d+ problems? in \d+ file\(s\)$/);
  });

  it("reports every problem of every file in one run", async () => {
    const root = await tempDir(
      VALID,
      path.join(FIXTURES, "broken/wrong-type"),
      path.join(FIXTURES, "broken/impossible-month"),
      path.join(FIXTURES, "broken/empty-file"),
    );
    const result = await check(root);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("(at /version)");
    expect(result.stdout).toContain("(at /months/0/month)");
    expect(result.stdout).toContain("bc.ptt.empty.json:1:1: invalid JSON");
    expect(result.stdout.trimEnd().split("\n").at(-1)).toBe("3 problems in 3 file(s)");
  });

  it("says what is wrong with a bad FACTS_TODAY instead of crashing", async () => {
    const result = await runScript("src/cli/check.ts", ["--root", VALID], { env: { FACTS_TODAY: "2026-13-01" } });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('check failed: FACTS_TODAY must be a date written YYYY-MM-DD, got "2026-13-01"\n');
  });

  it("checks the repository's own facts and index data", async () => {
    const result = await runScript("src/cli/check.ts", []);
    expect(result.stdout.trimEnd().split("\n").at(-1)).toMatch(/^ok: \d+ fact files and \d+ index-data files checked, no problems$/);
    expect(result.code).toBe(0);
  });
});
