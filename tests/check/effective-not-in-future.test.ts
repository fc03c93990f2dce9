import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { addDays } from "../../src/lib/dates.ts";
import { factValue } from "../helpers/fact-values.ts";
import { createGitRepo, type GitRepo } from "../helpers/git-repo.ts";
import { runCheck, runScript } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const TODAY = "2026-11-26";
/** Two months after TODAY: a rule that is not in force yet. */
const TWO_MONTHS_AHEAD = "2027-01-26";
const env = { FACTS_TODAY: TODAY, FACTS_BASE_URL: "https://facts.example.org/" };
const ID = "bc.rent_cap.2026";
const FILE = `facts/rental/${ID}.json`;
const v1 = {
  id: ID,
  domain: "rental",
  cadence: "volatile" as const,
  value: factValue(ID, { max_increase_rate: 0.03 }),
  effective_iso: "2025-01-01",
  retrieved_iso: "2026-11-20",
};

/** A repository whose first commit holds version 1, and whose second commits a revision effective on `effective`. */
const repoWithRevision = async (effective: string): Promise<GitRepo> => {
  const repo = await createGitRepo();
  await repo.writeFact(v1);
  await repo.commit(`${ID} v1`);
  await repo.writeFact({
    ...v1,
    version: 2,
    value: factValue(ID, { max_increase_rate: 0.025 }),
    effective_iso: effective,
  });
  await repo.commit(
    `${ID} v2: allowable rent increase 2.5% (effective ${effective})\n\nSource: Residential Tenancy Branch, https://www2.gov.bc.ca/gov/content/example\nImpact: Landlords may raise rent by at most 2.5%.`,
  );
  return repo;
};

const check = (repo: GitRepo, today = TODAY) => runCheck(repo.root, today, { base: "HEAD~1", env: { ...env } });
const build = (repo: GitRepo, out: string, today = TODAY) =>
  runScript("src/cli/build.ts", ["--root", repo.root, "--out", out], { env: { ...env, FACTS_TODAY: today } });

/** Every file of a tree as relative path → content, to compare a tree before and after. */
const snapshot = async (root: string): Promise<Map<string, string>> => {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  return new Map(
    await Promise.all(files.map(async (file) => [path.relative(root, file), await readFile(file, "utf8")] as const)),
  );
};

describe("a current effective_iso after today", () => {
  it("is refused by npm run check, naming the file, line and JSON path, and saying to put the change under scheduled", async () => {
    expect(addDays(TODAY, 61)).toBe(TWO_MONTHS_AHEAD);
    const repo = await repoWithRevision(TWO_MONTHS_AHEAD);
    const result = await check(repo);
    expect(result.code).toBe(1);
    const problem = result.stdout.split("\n").find((line) => line.includes("[effective-not-in-future]"));
    const at = problem?.split(": ")[0] ?? "";
    expect(problem).toBe(
      `${at}: effective_iso ${TWO_MONTHS_AHEAD} is after today (${TODAY}), so this would publish a rule not yet in force as current; keep the rule in force today here and put the change under "scheduled" with its effective_iso, status, value and citations (CONTRIBUTING.md, "Scheduled changes: announced and enacted"), which promotes it on its day (at /effective_iso) [effective-not-in-future]`,
    );
    // The line and column point at the key itself.
    const [file, line, column] = at.split(":");
    expect([file, column]).toEqual([FILE, "3"]);
    const lines = (await readFile(path.join(repo.root, FILE), "utf8")).split("\n");
    expect(lines[Number(line) - 1]).toBe(`  "effective_iso": "${TWO_MONTHS_AHEAD}",`);
  });

  it("is refused by npm run build, which leaves the tree built before as it was, with nothing half-written beside it", async () => {
    const repo = await createGitRepo();
    await repo.writeFact(v1);
    await repo.commit(`${ID} v1`);
    const parent = await tempDir();
    const out = path.join(parent, "_site");
    const first = await build(repo, out);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    const before = await snapshot(out);

    await repo.writeFact({
      ...v1,
      version: 2,
      value: factValue(ID, { max_increase_rate: 0.025 }),
      effective_iso: TWO_MONTHS_AHEAD,
    });
    await repo.commit(`${ID} v2: allowable rent increase 2.5% (effective ${TWO_MONTHS_AHEAD})`);
    const refused = await build(repo, out);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^build failed: the data does not pass npm run check:\n/);
    expect(refused.stderr).toMatch(
      new RegExp(
        `${FILE.replaceAll(".", "\\.")}:\\d+:3: effective_iso ${TWO_MONTHS_AHEAD} is after today \\(${TODAY}\\)`,
      ),
    );
    expect(refused.stderr).toContain("(at /effective_iso) [effective-not-in-future]\n");
    expect(await snapshot(out)).toEqual(before);
    expect(JSON.parse(before.get(`api/v1/facts/by-id/${ID}.json`)!).fact).toMatchObject({
      version: 1,
      effective_iso: "2025-01-01",
    });
    expect(await readdir(parent)).toEqual(["_site"]);
  });

  it("is accepted when the rule takes effect today, by the check and the build", async () => {
    const repo = await repoWithRevision(TODAY);
    const checked = await check(repo);
    expect(checked.stdout.trimEnd().split("\n").at(-1)).toBe(
      "ok: 1 fact files and 0 index-data files checked, no problems",
    );
    expect(checked.code).toBe(0);

    const out = path.join(await tempDir(), "_site");
    const built = await build(repo, out);
    expect(built.stderr).toBe("");
    expect(built.code).toBe(0);
    const catalog = JSON.parse(await readFile(path.join(out, "api/v1/facts/index.json"), "utf8"));
    expect(catalog.facts[0]).toMatchObject({
      id: ID,
      version: 2,
      effective_iso: TODAY,
      value: { max_increase_rate: 0.025 },
    });
    expect(catalog.facts[0].history).toMatchObject([
      { version: 1, effective_iso: "2025-01-01", superseded_iso: TODAY },
    ]);
    // The day before, the same commit would publish a rule not yet in force: refused.
    expect((await check(repo, addDays(TODAY, -1))).code).toBe(1);
  });

  it("never blocks a promotion on its day: the promoted change passes the check and the build that day", async () => {
    const repo = await createGitRepo();
    const file = await repo.writeFact(v1);
    await repo.commit(`${ID} v1`);
    const { superseded_by: supersededBy, ...fact } = await repo.readJson(file);
    const citation = {
      url: "https://www2.gov.bc.ca/gov/content/example-2027",
      org: "bc-residential-tenancy-branch",
      kind: "official",
      retrieved_iso: "2026-11-20",
    };
    const scheduled = [
      {
        effective_iso: TWO_MONTHS_AHEAD,
        status: "enacted",
        value: factValue(ID, { max_increase_rate: 0.025 }),
        citations: [citation],
        note: "The cap falls to 2.5%",
      },
    ];
    await repo.writeJson(file, { ...fact, scheduled, superseded_by: supersededBy });
    await repo.commit(`${ID}: a change scheduled for ${TWO_MONTHS_AHEAD}`);
    expect((await check(repo)).code).toBe(0);

    const promoted = await runScript("src/cli/promote.ts", ["--root", repo.root], {
      env: { FACTS_TODAY: TWO_MONTHS_AHEAD },
    });
    expect(promoted.stderr).toBe("");
    expect(promoted.code).toBe(0);
    expect(promoted.stdout).toContain(`${TWO_MONTHS_AHEAD}: 1 change(s) promoted`);
    expect(await repo.readJson(file)).toMatchObject({ version: 2, effective_iso: TWO_MONTHS_AHEAD });

    expect((await check(repo, TWO_MONTHS_AHEAD)).code).toBe(0);
    const out = path.join(await tempDir(), "_site");
    const built = await build(repo, out, TWO_MONTHS_AHEAD);
    expect(built.stderr).toBe("");
    expect(built.code).toBe(0);
  });
});
