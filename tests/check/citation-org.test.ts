import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ORGANISATIONS_FILE } from "../../src/model/reference.ts";
import { runCheck } from "../helpers/run-script.ts";
import { fixtures, PTT, RENT_CAP, readJson, writeJson } from "./valid-fixtures.ts";

/** Rewrites the `org` of the fact's first citation. */
const citingOrg = async (root: string, file: string, org: string): Promise<void> => {
  const fact = await readJson(root, file);
  const [first, ...rest] = fact.citations as Record<string, unknown>[];
  await writeJson(root, file, { ...fact, citations: [{ ...first, org }, ...rest] });
};

/** `line:column` of the `index`-th line of `file` in `root` that starts (after indentation) with `start`. */
const position = async (root: string, file: string, start: string, index = 0): Promise<string> => {
  const lines = (await readFile(path.join(root, file), "utf8")).split("\n");
  const found = lines.map((line, at) => ({ line, at })).filter(({ line }) => line.trimStart().startsWith(start))[index];
  expect(found, `a line starting ${start} in ${file}`).toBeDefined();
  return `${found!.at + 1}:${found!.line.length - found!.line.trimStart().length + 1}`;
};

/** The problem lines of `npm run check` on `root`, which must fail: without the base line and the two closing lines. */
const problems = async (root: string): Promise<string[]> => {
  const result = await runCheck(root, "2026-11-26");
  expect(result.code, result.stdout + result.stderr).toBe(1);
  return result.stdout
    .replace(/^(no )?base: .*\ncommits: .*\n/, "")
    .trimEnd()
    .split("\n")
    .slice(0, -2);
};

describe("npm run check holds every citation to the organisation registry", () => {
  it("passes the fixtures, whose citations name registered organisations", async () => {
    const result = await runCheck(await fixtures(), "2026-11-26");
    expect(result.stdout).toContain("no problems");
    expect(result.code).toBe(0);
  });

  it("refuses an organisation that is not in the registry, with file, line, column, JSON path and the nearest id", async () => {
    const root = await fixtures();
    await citingOrg(root, PTT, "bc-ministery-of-finance");
    expect(await problems(root)).toEqual([
      `${PTT}:${await position(root, PTT, '"org"')}: no organisation "bc-ministery-of-finance" in ${ORGANISATIONS_FILE}: write the id of a registered organisation (nearest id: "bc-ministry-of-finance"), or add the organisation to the registry (at /citations/0/org) [citation-org]`,
    ]);
  });

  it("suggests the id sharing the unknown one's words before the one fewest edits away", async () => {
    const root = await fixtures();
    await citingOrg(root, PTT, "bc-govt");
    expect(await problems(root)).toEqual([
      `${PTT}:${await position(root, PTT, '"org"')}: no organisation "bc-govt" in ${ORGANISATIONS_FILE}: write the id of a registered organisation (nearest id: "bc-government"), or add the organisation to the registry (at /citations/0/org) [citation-org]`,
    ]);
  });

  it("names the id of an organisation written by its name or an old alias, and checks next_expected's where.org too", async () => {
    const root = await fixtures();
    await citingOrg(root, PTT, "Department of Justice Canada (Justice Laws)");
    const rentCap = await readJson(root, RENT_CAP);
    await writeJson(root, RENT_CAP, {
      ...rentCap,
      next_expected: {
        by_iso: "2026-09-30",
        what: "The 2027 rent cap",
        where: {
          url: "https://www2.gov.bc.ca/gov/content/housing-tenancy/residential-tenancies/rent-rtb/rent-increases",
          org: "Residential Tenancy Branch",
        },
      },
    });
    const rentOrgLines = (await readFile(path.join(root, RENT_CAP), "utf8"))
      .split("\n")
      .filter((line) => line.trimStart().startsWith('"org"')).length;
    expect(await problems(root)).toEqual([
      `${RENT_CAP}:${await position(root, RENT_CAP, '"org"', rentOrgLines - 1)}: no organisation "Residential Tenancy Branch" in ${ORGANISATIONS_FILE}: write the id of a registered organisation (nearest id: "bc-residential-tenancy-branch"), or add the organisation to the registry (at /next_expected/where/org) [citation-org]`,
      `${PTT}:${await position(root, PTT, '"org"')}: "Department of Justice Canada (Justice Laws)" is a name of the organisation "ca-justice" in ${ORGANISATIONS_FILE}: write its id, "ca-justice" (at /citations/0/org) [citation-org]`,
    ]);
  });

  it("holds the index inputs' citations to the registry too: an unknown org located in its index-data file, an old name answered with its id, ids accepted", async () => {
    const root = await fixtures();
    const RATES = "index-data/mortgage-rates.json";
    const citation = (org: string) => ({
      url: "https://www.bankofcanada.ca/valet/",
      org,
      kind: "official",
      retrieved_iso: "2026-11-01",
    });
    await writeJson(root, RATES, {
      series: "V80691335",
      description: "5-year conventional mortgage rate.",
      months: [
        { month: "2026-08", rate: 0.0609, citation: citation("bank-of-canada") },
        { month: "2026-09", rate: 0.0609, citation: citation("bank-of-canda") },
        {
          month: "2026-10",
          rate: 0.0609,
          citation: citation(
            "Bank of Canada (Valet API series V80691335, copied by a scheduled job of the adarcie/HousingMarketAnalyzer repository)",
          ),
        },
      ],
    });
    expect(await problems(root)).toEqual([
      `${RATES}:${await position(root, RATES, '"org"', 1)}: no organisation "bank-of-canda" in ${ORGANISATIONS_FILE}: write the id of a registered organisation (nearest id: "bank-of-canada"), or add the organisation to the registry (at /months/1/citation/org) [citation-org]`,
      `${RATES}:${await position(root, RATES, '"org"', 2)}: "Bank of Canada (Valet API series V80691335, copied by a scheduled job of the adarcie/HousingMarketAnalyzer repository)" is a name of the organisation "bank-of-canada" in ${ORGANISATIONS_FILE}: write its id, "bank-of-canada" (at /months/2/citation/org) [citation-org]`,
    ]);
    const fixed = await readJson(root, RATES);
    for (const month of fixed.months as { citation: { org: string } }[]) month.citation.org = "bank-of-canada";
    await writeJson(root, RATES, fixed);
    const result = await runCheck(root, "2026-11-26");
    expect(result.stdout).toContain("no problems");
    expect(result.code).toBe(0);
  });

  it("refuses a registry entry with an unknown kind or a home page that is not https, located in the registry, and checks no citation against it", async () => {
    const root = await fixtures();
    const registry = await readJson(root, ORGANISATIONS_FILE);
    const [first, second, ...rest] = registry.organisations as Record<string, unknown>[];
    await writeJson(root, ORGANISATIONS_FILE, {
      organisations: [{ ...first, kind: "ministry" }, { ...second, home_page: "http://www2.gov.bc.ca/" }, ...rest],
    });
    // A citation of an unknown organisation is not reported while the registry itself is wrong.
    await citingOrg(root, PTT, "no-such-organisation");
    const kinds =
      '"government", "intergovernmental", "regulator", "court", "crown-agency", "statutory-authority", "industry-body", "news", "firm", "non-profit", "other"';
    expect(await problems(root)).toEqual([
      `${ORGANISATIONS_FILE}:${await position(root, ORGANISATIONS_FILE, '"kind"')}: must be one of ${kinds}, found "ministry" (at /organisations/0/kind) [organisations]`,
      `${ORGANISATIONS_FILE}:${await position(root, ORGANISATIONS_FILE, '"home_page"', 1)}: must be an absolute https URL (at /organisations/1/home_page) [organisations]`,
    ]);
  });

  it("refuses an id given twice and a name or alias that two organisations answer to", async () => {
    const root = await fixtures();
    const registry = await readJson(root, ORGANISATIONS_FILE);
    const [first, second, ...rest] = registry.organisations as Record<string, unknown>[];
    await writeJson(root, ORGANISATIONS_FILE, {
      organisations: [
        first,
        { ...second, aliases: ["Government of British Columbia"] },
        ...rest,
        { ...first, name: "Another name", aliases: undefined },
      ],
    });
    const lastId = (registry.organisations as unknown[]).length;
    expect(await problems(root)).toEqual([
      `${ORGANISATIONS_FILE}:${await position(root, ORGANISATIONS_FILE, '"Government of British Columbia"')}: "Government of British Columbia" already names the organisation "bc-government": a name or alias belongs to one organisation (at /organisations/1/aliases/0) [organisations]`,
      `${ORGANISATIONS_FILE}:${await position(root, ORGANISATIONS_FILE, '"id"', lastId)}: duplicate id "bc-government": already used by organisations[0] (at /organisations/${lastId}/id) [organisations]`,
    ]);
  });

  it("reads the registry with the data-file reader: a refused character and a file over 256 KB are reported as in a fact file", async () => {
    const root = await fixtures();
    const registry = await readJson(root, ORGANISATIONS_FILE);
    const [first, ...rest] = registry.organisations as Record<string, unknown>[];
    await writeJson(root, ORGANISATIONS_FILE, {
      organisations: [{ ...first, name: "Government\u202eof British Columbia" }, ...rest],
    });
    const [line] = await problems(root);
    const nameLine = (await position(root, ORGANISATIONS_FILE, '"name"')).split(":")[0];
    expect(line).toMatch(
      new RegExp(`^${ORGANISATIONS_FILE}:${nameLine}:\\d+: U\\+202E .* \\(at /organisations/0/name\\) \\[text\\]$`),
    );
    await writeFile(path.join(root, ORGANISATIONS_FILE), `${JSON.stringify(registry)}${" ".repeat(256 * 1024)}`);
    expect(await problems(root)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${ORGANISATIONS_FILE}:1:1: the file is \\d+ bytes; a data file may be at most 262144 bytes \\(256 KB\\) \\(at the document root\\) \\[json\\]$`,
        ),
      ),
    ]);
  });

  it("refuses a checkout without the registry, naming the file", async () => {
    const root = await fixtures();
    await rm(path.join(root, ORGANISATIONS_FILE));
    expect(await problems(root)).toEqual([
      `${ORGANISATIONS_FILE}:1:1: ${ORGANISATIONS_FILE} is missing: every citation names its organisation by an id of this registry (see CONTRIBUTING.md) (at the document root) [organisations]`,
    ]);
  });
});
