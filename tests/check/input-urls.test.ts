import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ORGANISATIONS_FILE } from "../../src/model/reference.ts";
import { runCheck } from "../helpers/run-script.ts";
import { fixtures, PTT, RENT_CAP, readJson, writeJson } from "./valid-fixtures.ts";

const REFUSAL =
  'must not carry a user name or password before the host ("user@" or "user:password@"): it would be published, and the host is what follows the @';
/** Reads as the government's site, and leads to evil.example. */
const DISGUISED = "https://www2.gov.bc.ca@evil.example/gov/content/taxes";
const WITH_PASSWORD = "https://user:pass@www2.gov.bc.ca/";

/** `line:column` of the `index`-th line of `file` that starts (after indentation) with `start`. */
const position = async (root: string, file: string, start: string, index = 0): Promise<string> => {
  const lines = (await readFile(path.join(root, file), "utf8")).split("\n");
  const found = lines.map((line, at) => ({ line, at })).filter(({ line }) => line.trimStart().startsWith(start))[index];
  expect(found, `a line starting ${start} in ${file}`).toBeDefined();
  return `${found!.at + 1}:${found!.line.length - found!.line.trimStart().length + 1}`;
};

/** The problem lines of `npm run check` on `root`, which must fail. */
const problems = async (root: string): Promise<string[]> => {
  const result = await runCheck(root, "2026-11-26");
  expect(result.code, result.stdout + result.stderr).toBe(1);
  return result.stdout
    .replace(/^(no )?base: .*\n(commits: .*\n)?/, "")
    .trimEnd()
    .split("\n")
    .slice(0, -2);
};

describe("npm run check: a URL with a user name or password is refused wherever a fact file gives one", () => {
  it("refuses it in a citation and in next_expected.where.url, naming the file, line and JSON path", async () => {
    const root = await fixtures();
    const ptt = await readJson(root, PTT);
    const [first, ...rest] = ptt.citations as Record<string, unknown>[];
    await writeJson(root, PTT, { ...ptt, citations: [{ ...first, url: DISGUISED }, ...rest] });
    const rent = await readJson(root, RENT_CAP);
    await writeJson(root, RENT_CAP, {
      ...rent,
      next_expected: {
        by_iso: "2026-12-30",
        what: "The 2027 rent cap",
        where: { url: WITH_PASSWORD, org: "bc-residential-tenancy-branch" },
      },
    });
    expect(await problems(root)).toEqual([
      `${RENT_CAP}:${await position(root, RENT_CAP, `"url": "${WITH_PASSWORD}"`)}: ${REFUSAL} (at /next_expected/where/url) [schema]`,
      `${PTT}:${await position(root, PTT, '"url"')}: ${REFUSAL} (at /citations/0/url) [schema]`,
    ]);
  });
});

describe("npm run check: the organisation registry's names and home pages", () => {
  it("refuses a home page with a user name, a name over 200 characters and a home page over 2,000", async () => {
    const root = await fixtures();
    const registry = await readJson(root, ORGANISATIONS_FILE);
    const [first, second, third, ...rest] = registry.organisations as Record<string, unknown>[];
    await writeJson(root, ORGANISATIONS_FILE, {
      organisations: [
        { ...first, home_page: DISGUISED },
        { ...second, name: "N".repeat(201) },
        { ...third, home_page: `https://www2.gov.bc.ca/${"a".repeat(2000)}` },
        ...rest,
      ],
    });
    expect(await problems(root)).toEqual([
      `${ORGANISATIONS_FILE}:${await position(root, ORGANISATIONS_FILE, '"home_page"')}: ${REFUSAL} (at /organisations/0/home_page) [organisations]`,
      `${ORGANISATIONS_FILE}:${await position(root, ORGANISATIONS_FILE, '"name"', 1)}: must be at most 200 characters (at /organisations/1/name) [organisations]`,
      `${ORGANISATIONS_FILE}:${await position(root, ORGANISATIONS_FILE, '"home_page"', 2)}: must be at most 2,000 characters (at /organisations/2/home_page) [organisations]`,
    ]);
  });

  it("accepts a name of exactly 200 characters and the project's own registry", async () => {
    const root = await fixtures();
    const registry = await readJson(root, ORGANISATIONS_FILE);
    const [first, ...rest] = registry.organisations as Record<string, unknown>[];
    await writeJson(root, ORGANISATIONS_FILE, { organisations: [{ ...first, name: "N".repeat(200) }, ...rest] });
    const result = await runCheck(root, "2026-11-26");
    expect(result.stdout).toContain("no problems");
    expect(result.code).toBe(0);
  });
});
