import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { factValue, projectValue, scheduledValueOf } from "../helpers/fact-values.ts";
import { createGitRepo, type FactSeed, type GitRepo } from "../helpers/git-repo.ts";
import { runCheck } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const TODAY = "2026-11-21";
const RENT_CAP: FactSeed = {
  id: "bc.rent_cap.2026",
  domain: "rental",
  cadence: "volatile",
  unit: "fraction-and-rules",
  effective_iso: "2026-01-01",
};
const RENT_CAP_FILE = "facts/rental/bc.rent_cap.2026.json";

/** The problems `npm run check` prints for the repository, without the evidence warning and the summary line. */
const problems = async (repo: GitRepo): Promise<{ code: number | null; lines: string[] }> => {
  const result = await runCheck(repo.root, TODAY);
  const lines = result.stdout
    .trimEnd()
    .split("\n")
    .filter((line) => !/^(warning|evidence): |^ok: |^\d+ problems? in |^(no )?base: |^commits: /.test(line));
  return { code: result.code, lines };
};

/** `line:column` of `text` in a file as written: a problem is located at the key of the member it is about. */
const at = async (repo: GitRepo, file: string, text: string): Promise<string> => {
  const lines = (await readFile(path.join(repo.root, file), "utf8")).split("\n");
  const line = lines.findIndex((each) => each.includes(text));
  if (line < 0) throw new Error(`${text} is not in ${file}`);
  return `${line + 1}:${lines[line]!.indexOf(text) + 1}`;
};

/** A repository with version `version` of one fact committed, as a revision reaches main. */
const committed = async (seed: FactSeed): Promise<{ repo: GitRepo; file: string }> => {
  const repo = await createGitRepo();
  const file = await repo.writeFact(seed);
  await repo.commit(`${seed.id} v${seed.version ?? 1}`);
  return { repo, file };
};

describe("npm run check: each fact's value against the schema of its id", () => {
  it("refuses a rent cap of 2.3 where 0.023 is meant, naming file, line, column and JSON path", async () => {
    const { repo, file } = await committed({
      ...RENT_CAP,
      version: 3,
      value: factValue(RENT_CAP.id, { max_increase_rate: 2.3 }),
    });
    const result = await problems(repo);
    expect(result.code).toBe(1);
    expect(result.lines).toEqual([
      `${file}:${await at(repo, file, '"max_increase_rate": 2.3')}: must be a fraction from 0 to 1 (0.01 = 1%) (at /value/max_increase_rate) [value-schema]`,
    ]);
  });

  it("refuses a negative Form B fee", async () => {
    const { repo, file } = await committed({
      id: "bc.strata.form_b_fee",
      domain: "strata",
      version: 2,
      value: factValue("bc.strata.form_b_fee", { max_fee: -35 }),
    });
    expect((await problems(repo)).lines).toEqual([
      `${file}:${await at(repo, file, '"max_fee": -35')}: must be an amount of money in CAD, never negative (at /value/max_fee) [value-schema]`,
    ]);
  });

  it("refuses a date that is not a real day inside the value", async () => {
    const value = factValue("bc.strata.form_b_fee", { insurance_summary_required_from_iso: "2026-02-30" });
    const { repo, file } = await committed({ id: "bc.strata.form_b_fee", domain: "strata", version: 2, value });
    expect((await problems(repo)).lines).toEqual([
      `${file}:${await at(repo, file, '"insurance_summary_required_from_iso": "2026-02-30"')}: must be a real calendar date written YYYY-MM-DD (at /value/insurance_summary_required_from_iso) [value-schema]`,
    ]);
  });

  it("refuses a premium schedule whose parts disagree: a surcharge nobody may use, B.C. listed as taxing the premium but applies_in_bc false", async () => {
    const value = factValue("cmhc.mortgage_insurance_premiums", {
      amortization_surcharge_rate: 0.002,
      amortization_surcharge_eligible_buyers: [],
      provincial_sales_tax_on_premium: { provinces: ["British Columbia", "Ontario"], applies_in_bc: false },
    });
    const { repo, file } = await committed({
      id: "cmhc.mortgage_insurance_premiums",
      domain: "mortgage",
      cadence: "volatile",
      unit: "object",
      value,
    });
    expect((await problems(repo)).lines).toEqual([
      `${file}:${await at(repo, file, '"amortization_surcharge_eligible_buyers": []')}: must list the eligible buyers when amortization_surcharge_rate is a rate, and be empty when it is null (at /value/amortization_surcharge_eligible_buyers) [value-schema]`,
      `${file}:${await at(repo, file, '"applies_in_bc": false')}: must be true exactly when provinces lists British Columbia (at /value/provincial_sales_tax_on_premium/applies_in_bc) [value-schema]`,
    ]);
  });

  it("refuses brackets out of order", async () => {
    const value = [
      { upper: 2000000, rate: 0.02 },
      { upper: 200000, rate: 0.01 },
      { upper: null, rate: 0.03 },
    ];
    const { repo, file } = await committed({ id: "bc.ptt.brackets", unit: "CAD-bracket-array", version: 2, value });
    expect((await problems(repo)).lines).toEqual([
      `${file}:${await at(repo, file, '"upper": 200000,')}: brackets must be in order: upper 200000 is not above 2000000 (at /value/1/upper) [value-schema]`,
    ]);
  });

  it("refuses a code outside its closed list, and a scheduled value that breaks the schema", async () => {
    const value = factValue("bc.svt.rates_2026", { ownership_tested_on: "december-30" });
    const { repo, file } = await committed({
      id: "bc.svt.rates_2026",
      version: 3,
      cadence: "volatile",
      unit: "object",
      effective_iso: "2026-01-01",
      value,
    });
    const json = await repo.readJson(file);
    const scheduled = [
      {
        effective_iso: "2027-01-01",
        status: "announced",
        value: scheduledValueOf("bc.svt.rates_2026", { rate_foreign_owners_and_untaxed_worldwide_earners: 4 }),
        unit: "object",
        citations: [
          {
            url: "https://www2.gov.bc.ca/gov/content/example",
            org: "bc-ministry-of-finance",
            kind: "official",
            retrieved_iso: "2026-11-01",
          },
        ],
        note: "Announced rate for 2027",
      },
    ];
    const { superseded_by: supersededBy, ...rest } = json;
    await repo.writeJson(file, { ...rest, scheduled, superseded_by: supersededBy });
    await repo.commit("bc.svt.rates_2026: the 2027 rate announced");
    const lines = (await problems(repo)).lines;
    expect(lines).toEqual([
      `${file}:${await at(repo, file, '"ownership_tested_on": "december-30"')}: must be one of "december-31", found "december-30" (at /value/ownership_tested_on) [value-schema]`,
      `${file}:${await at(repo, file, '"rate_foreign_owners_and_untaxed_worldwide_earners": 4,')}: must be a fraction from 0 to 1 (0.01 = 1%) (at /scheduled/0/value/rate_foreign_owners_and_untaxed_worldwide_earners) [value-schema]`,
    ]);
  });

  it("refuses an unknown key in a value", async () => {
    const { repo, file } = await committed({
      ...RENT_CAP,
      version: 3,
      value: factValue(RENT_CAP.id, { max_increase_percent: 2.3 }),
    });
    expect((await problems(repo)).lines).toEqual([
      `${file}:${await at(repo, file, '"max_increase_percent"')}: unknown field "max_increase_percent" (at /value/max_increase_percent) [value-schema]`,
    ]);
  });

  it("refuses a fact whose id has no value schema, saying where to add one", async () => {
    const { repo, file } = await committed({ id: "bc.rent_cap.2030", domain: "rental", value: factValue(RENT_CAP.id) });
    expect((await problems(repo)).lines).toEqual([
      `${file}:2:3: "bc.rent_cap.2030" has no value schema: add one to src/schemas/values/<domain>.ts (CONTRIBUTING.md, "A schema for the value") (at /id) [value-schema]`,
    ]);
  });

  it("refuses an earlier version in git whose value breaks the schema, located in that commit's file", async () => {
    const repo = await createGitRepo();
    await repo.writeFact({ ...RENT_CAP, version: 1, value: factValue(RENT_CAP.id, { max_increase_rate: 0.035 }) });
    await repo.commit("bc.rent_cap.2026 v1");
    await repo.writeFact({ ...RENT_CAP, version: 2, value: factValue(RENT_CAP.id, { max_increase_rate: 3 }) });
    const broken = await repo.commit("bc.rent_cap.2026 v2");
    const where = await at(repo, RENT_CAP_FILE, '"max_increase_rate": 3,');
    await repo.writeFact({ ...RENT_CAP, version: 3, value: factValue(RENT_CAP.id) });
    // The last commit is checked for Source: and Impact: lines too, as the pull request would be.
    await repo.commit(
      "bc.rent_cap.2026 v3\n\nSource: https://www2.gov.bc.ca/gov/content/example\nImpact: Landlords may raise rent by less.",
    );
    const result = await problems(repo);
    expect(result.code).toBe(1);
    // Each version here keeps the date, so the last is also reported as a correction (a warning); the error is v2's.
    expect(result.lines.filter((line) => !line.includes(": warning: "))).toEqual([
      `${RENT_CAP_FILE}:${where}: version 2 as committed in ${broken.slice(0, 12)} (line and column are in that commit's file): must be a fraction from 0 to 1 (0.01 = 1%) (at /value/max_increase_rate) [value-schema]`,
    ]);
  });

  it("says so, without failing, when a shallow clone leaves the earlier versions unread", async () => {
    const repo = await createGitRepo();
    await repo.writeFact({ ...RENT_CAP, version: 1, value: factValue(RENT_CAP.id, { max_increase_rate: 0.035 }) });
    await repo.commit("bc.rent_cap.2026 v1");
    await repo.writeFact({ ...RENT_CAP, version: 2, value: factValue(RENT_CAP.id) });
    await repo.commit("bc.rent_cap.2026 v2");
    const clone = path.join(await tempDir(), "clone");
    await repo.git("clone", "-q", "--depth", "1", `file://${repo.root}`, clone);
    const result = await runCheck(clone, TODAY);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^warning: the earlier versions of the facts were not checked against their value schemas: this repository is a shallow clone/m,
    );
  });

  it("accepts every value of the project's facts as they stand, brackets included", async () => {
    const { repo } = await committed({
      id: "bc.ptt.brackets",
      unit: "CAD-bracket-array",
      value: projectValue("bc.ptt.brackets"),
    });
    expect(await problems(repo)).toEqual({ code: 0, lines: [] });
  });
});
