import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findingLines, runChecks, summarize } from "../../src/check/run-checks.ts";
import { factValue } from "../helpers/fact-values.ts";
import { createGitRepo, factJson, type GitRepo } from "../helpers/git-repo.ts";
import { runCheck } from "../helpers/run-script.ts";

const TODAY = "2026-11-21";
const ID = "bc.rent_cap.2026";
const FILE = `facts/rental/${ID}.json`;
const base = {
  id: ID,
  domain: "rental",
  cadence: "volatile" as const,
  value: factValue(ID, { max_increase_rate: 0.03 }),
  effective_iso: "2025-01-01",
  version: 2,
};

/** A repository whose main branch holds v2 of one fact and one other fact; the working tree is the pull request. */
const repoAtBase = async (): Promise<GitRepo> => {
  const repo = await createGitRepo();
  await repo.writeFact(base);
  await repo.writeFact({ id: "bc.hbrp", domain: "legal", value: factValue("bc.hbrp") });
  await repo.commit("base");
  return repo;
};

/**
 * The verdict `npm run check -- --base main` prints for the working tree (its problems and warnings, then its summary
 * line), from the checks it runs, called in this process: these tests are about the rules against a base, and the
 * command's own lines (the base it names, the commits it read) are tested with the command below.
 */
const checkAgainstMain = async (repo: GitRepo) => {
  const report = await runChecks(repo.root, { today: TODAY, base: "main" });
  return { code: report.problems.length === 0 ? 0 : 1, lines: [...findingLines(report), summarize(report)] };
};

describe("npm run check --base", () => {
  it("accepts a revision that raises version by exactly 1", async () => {
    const repo = await repoAtBase();
    await repo.writeFact({
      ...base,
      version: 3,
      value: factValue(ID, { max_increase_rate: 0.023 }),
      effective_iso: "2026-01-01",
      retrieved_iso: "2026-11-20",
    });
    const result = await checkAgainstMain(repo);
    expect(result.lines).toEqual(["ok: 2 fact files and 0 index-data files checked, no problems"]);
    expect(result.code).toBe(0);
  });

  it("accepts a re-verification that keeps the version and moves retrieved_iso and expires_iso forward", async () => {
    const repo = await repoAtBase();
    await repo.writeFact({ ...base, retrieved_iso: "2026-11-20" });
    expect((await checkAgainstMain(repo)).code).toBe(0);
  });

  it("still compares against a base file that breaks a rule added since (a note over 280 characters)", async () => {
    const repo = await createGitRepo();
    const fact = factJson(base);
    const citation = (fact.citations as Record<string, unknown>[])[0]!;
    await repo.writeJson(FILE, { ...fact, citations: [{ ...citation, notes: "Official page. ".repeat(25).trim() }] });
    await repo.commit("base with a long note");
    await repo.writeJson(FILE, { ...fact, citations: [{ ...citation, notes: "Official page." }] });
    expect((await checkAgainstMain(repo)).lines).toEqual([
      "ok: 1 fact files and 0 index-data files checked, no problems",
    ]);
    // The same file with a changed value and the same version is still a missed revision, not a "new fact".
    await repo.writeJson(FILE, {
      ...fact,
      value: factValue(ID, { max_increase_rate: 0.02 }),
      citations: [{ ...citation, notes: "Official page." }],
    });
    expect((await checkAgainstMain(repo)).lines[0]).toMatch(
      /: value changed, so this is a revision: version must be 3 \(base has 2\), not 2 \(at \/version\) \[version-rules\]$/,
    );
  });

  it("refuses a changed value without a version bump, naming the line of version", async () => {
    const repo = await repoAtBase();
    await repo.writeFact({ ...base, value: factValue(ID, { max_increase_rate: 0.023 }) });
    const result = await checkAgainstMain(repo);
    expect(result.code).toBe(1);
    expect(result.lines[0]).toBe(
      `${FILE}:27:3: value changed, so this is a revision: version must be 3 (base has 2), not 2 (at /version) [version-rules]`,
    );
  });

  it("refuses a version raised by 2, one that goes down, and one bumped without a revision", async () => {
    const repo = await repoAtBase();
    await repo.writeFact({ ...base, version: 4, effective_iso: "2026-01-01" });
    expect((await checkAgainstMain(repo)).lines[0]).toBe(
      `${FILE}:27:3: effective_iso changed, so this is a revision: version must be 3 (base has 2), not 4 (at /version) [version-rules]`,
    );
    await repo.writeFact({ ...base, version: 1 });
    expect((await checkAgainstMain(repo)).lines[0]).toBe(
      `${FILE}:27:3: version went down from 2 to 1; versions never decrease (at /version) [version-rules]`,
    );
    await repo.writeFact({ ...base, version: 3, retrieved_iso: "2026-11-20" });
    expect((await checkAgainstMain(repo)).lines[0]).toBe(
      `${FILE}:27:3: version changed from 2 to 3 but value, unit and effective_iso did not, nor the earlier periods or corrected_versions; a re-verification or editorial edit keeps version 2 (at /version) [version-rules]`,
    );
  });

  it("refuses a deleted fact and a fact given another id", async () => {
    const repo = await repoAtBase();
    await repo.remove("facts/legal/bc.hbrp.json");
    const json = await repo.readJson(FILE);
    await repo.writeJson(FILE, { ...json, id: "bc.rent_cap.next" });
    const result = await checkAgainstMain(repo);
    expect(result.code).toBe(1);
    expect(result.lines).toContain(
      'facts/legal/bc.hbrp.json:1:1: fact "bc.hbrp" (v1 on main) was deleted; facts are never deleted: keep the file as a tombstone with withdrawn_iso and withdrawn_reason (and superseded_by where a fact replaces it) (at the document root) [version-rules]',
    );
    expect(result.lines).toContain(
      `${FILE}:2:3: fact "${ID}" was renamed to "bc.rent_cap.next"; ids never change: keep "${ID}" and set superseded_by on it if the rule was replaced (at /id) [version-rules]`,
    );
  });

  it("refuses retrieved_iso moving back and expires_iso moving without a re-verification", async () => {
    const repo = await repoAtBase();
    await repo.writeFact({ ...base, retrieved_iso: "2026-10-01" });
    expect((await checkAgainstMain(repo)).lines[0]).toBe(
      `${FILE}:33:3: the latest retrieved_iso moved back from 2026-11-01 to 2026-10-01; a re-verification only moves it forward (at /citations) [version-rules]`,
    );
    const json = await repo.readJson(FILE);
    await repo.writeJson(FILE, {
      ...json,
      expires_iso: "2027-03-01",
      citations: [{ ...(json.citations as object[])[0], retrieved_iso: "2026-11-01" }],
    });
    const lines = (await checkAgainstMain(repo)).lines;
    expect(lines).toContain(
      `${FILE}:29:3: expires_iso changed from 2027-01-30 to 2027-03-01 without a re-verification; set retrieved_iso of the citations you checked to the day you checked them (at /expires_iso) [version-rules]`,
    );
  });

  it("requires a new fact to start at version 1", async () => {
    const repo = await repoAtBase();
    await repo.writeFact({ id: "bc.pds", domain: "legal", version: 2, value: factValue("bc.pds") });
    expect((await checkAgainstMain(repo)).lines[0]).toMatch(
      /^facts\/legal\/bc\.pds\.json:\d+:3: a new fact starts at version 1, not 2 \(at \/version\) \[version-rules\]$/,
    );
  });

  it("says clearly when the base revision does not exist", async () => {
    const repo = await repoAtBase();
    const result = await runCheck(repo.root, TODAY, { base: "no-such-branch" });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('check failed: the base "no-such-branch" is no commit of this repository\n');
  });

  it("treats adding, editing or removing scheduled changes alone as editorial: the version stays", async () => {
    const repo = await repoAtBase();
    const scheduled = [
      {
        effective_iso: "2027-01-01",
        status: "announced",
        value: factValue(ID, { max_increase_rate: 0.02 }),
        citations: [
          {
            url: "https://news.gov.bc.ca/releases/example",
            org: "bc-government",
            kind: "official",
            retrieved_iso: "2026-11-20",
          },
        ],
        note: "The 2027 cap was announced at 2%.",
      },
    ];
    const { superseded_by: _none, ...withScheduled } = await repo.readJson(FILE);
    await repo.writeJson(FILE, { ...withScheduled, scheduled, superseded_by: null });
    expect((await checkAgainstMain(repo)).lines).toEqual([
      "ok: 2 fact files and 0 index-data files checked, no problems",
    ]);

    await repo.writeJson(FILE, { ...withScheduled, version: 3, scheduled, superseded_by: null });
    const bumped = await checkAgainstMain(repo);
    expect(bumped.code).toBe(1);
    expect(bumped.lines[0]).toBe(
      `${FILE}:27:3: version changed from 2 to 3 but value, unit and effective_iso did not, nor the earlier periods or corrected_versions; a re-verification or editorial edit keeps version 2 (at /version) [version-rules]`,
    );
  });

  it("refuses scheduled changes that are not after the current effective date or not in date order, naming each", async () => {
    const repo = await repoAtBase();
    const change = (effective_iso: string) => ({
      effective_iso,
      status: "enacted",
      value: factValue(ID, { max_increase_rate: 0.02 }),
      citations: [
        {
          url: "https://www.bclaws.gov.bc.ca/example",
          org: "bc-kings-printer",
          kind: "official",
          retrieved_iso: "2026-11-20",
        },
      ],
      note: "A change.",
    });
    const { superseded_by: _none, ...fact } = await repo.readJson(FILE);
    await repo.writeJson(FILE, {
      ...fact,
      scheduled: [change("2024-06-01"), change("2027-03-01"), change("2027-02-01"), change("2027-02-01")],
      superseded_by: null,
    });
    const result = await checkAgainstMain(repo);
    expect(result.code).toBe(1);
    expect(result.lines.filter((line) => line.includes("/scheduled/"))).toEqual([
      expect.stringMatching(
        /: a scheduled change takes effect after the fact's effective_iso 2025-01-01, not on 2024-06-01 \(at \/scheduled\/0\/effective_iso\) \[scheduled-changes\]$/,
      ),
      expect.stringMatching(
        /: scheduled changes are listed soonest first: 2027-02-01 comes after 2027-03-01 \(at \/scheduled\/2\/effective_iso\) \[scheduled-changes\]$/,
      ),
      expect.stringMatching(
        /: two scheduled changes take effect on 2027-02-01; merge them into one \(at \/scheduled\/3\/effective_iso\) \[scheduled-changes\]$/,
      ),
    ]);
  });
});

describe("npm run check without --base", () => {
  const check = (root: string) => runCheck(root, TODAY);
  const VERSION_PROBLEM = `${FILE}:12:3: value changed, so this is a revision: version must be 3 (base has 2), not 2 (at /version) [version-rules]`;

  it("compares with the merge-base of HEAD and main, names that commit, and catches a committed revision without a version bump", async () => {
    const repo = await repoAtBase();
    const main = (await repo.git("rev-parse", "HEAD")).trim();
    await repo.git("checkout", "-q", "-b", "rent-cap-2026");
    await repo.writeFact({ ...base, value: { max_increase: 0.023 } });
    await repo.commit("update rent cap");
    const result = await check(repo.root);
    expect(result.code).toBe(1);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe(`base: ${main.slice(0, 12)}, the merge-base of HEAD and main (where this branch left main)`);
    expect(lines).toContain(VERSION_PROBLEM);
  });

  it("prefers origin/HEAD in a clone, so commits on the local main are compared too", async () => {
    const origin = await repoAtBase();
    const upstream = (await origin.git("rev-parse", "HEAD")).trim();
    const clone = await createGitRepo();
    await clone.git("clone", "-q", origin.root, "checkout");
    const root = `${clone.root}/checkout`;
    await clone.writeFact({ ...base, value: { max_increase: 0.023 } }, `checkout/${FILE}`);
    await clone.git(
      "-C",
      root,
      "-c",
      "user.name=Test Contributor",
      "-c",
      "user.email=contributor@example.org",
      "commit",
      "-q",
      "-am",
      "update rent cap",
    );
    const result = await check(root);
    expect(result.stdout.split("\n")[0]).toBe(
      `base: ${upstream.slice(0, 12)}, the merge-base of HEAD and origin/HEAD (where this branch left origin/HEAD)`,
    );
    expect(result.stdout).toContain(VERSION_PROBLEM);
    expect(result.code).toBe(1);
  });

  it("falls back to HEAD~1 in a clone without a default branch, and to no base with one commit", async () => {
    const repo = await repoAtBase();
    await repo.git("branch", "-m", "main", "work");
    const single = await check(repo.root);
    expect(single.stdout.split("\n")[0]).toBe(
      "no base: HEAD is the repository's only commit, so the version rules were not applied",
    );
    expect(single.code).toBe(0);

    const first = (await repo.git("rev-parse", "HEAD")).trim();
    await repo.writeFact({ ...base, value: { max_increase: 0.023 } });
    await repo.commit("update rent cap");
    const result = await check(repo.root);
    expect(result.stdout.split("\n")[0]).toBe(
      `base: ${first.slice(0, 12)}, HEAD~1 (no origin/HEAD, origin/main, main in this clone, so the last commit and uncommitted edits are compared)`,
    );
    expect(result.stdout).toContain(VERSION_PROBLEM);
    expect(result.code).toBe(1);
  });

  it("on main itself, compares the uncommitted edits with HEAD", async () => {
    const repo = await repoAtBase();
    const head = (await repo.git("rev-parse", "HEAD")).trim();
    await repo.writeFact({ ...base, value: { max_increase: 0.023 } });
    const result = await check(repo.root);
    expect(result.stdout.split("\n")[0]).toBe(
      `base: ${head.slice(0, 12)}, the merge-base of HEAD and main (HEAD itself, so uncommitted edits are compared)`,
    );
    expect(result.stdout).toContain(VERSION_PROBLEM);
  });

  it("on main with a committed revision and no uncommitted edits under facts/, compares with HEAD~1", async () => {
    const repo = await repoAtBase();
    const before = (await repo.git("rev-parse", "HEAD")).trim();
    await repo.writeFact({ ...base, value: { max_increase: 0.023 } });
    await repo.commit("update rent cap on main");
    const result = await check(repo.root);
    expect(result.stdout.split("\n")[0]).toBe(
      `base: ${before.slice(0, 12)}, HEAD~1 (the merge-base of HEAD and main is HEAD itself and facts/ has no uncommitted edits, so the last commit is compared)`,
    );
    expect(result.stdout).toContain(VERSION_PROBLEM);
    expect(result.code).toBe(1);
  });
});

describe("npm run check --base, on a fact awaiting an announcement (next_expected)", () => {
  const AWAITED = {
    by_iso: "2025-09-30",
    what: "The 2026 rent cap",
    where: {
      url: "https://www2.gov.bc.ca/gov/content/housing-tenancy/residential-tenancies/rent-rtb/rent-increases",
      org: "bc-residential-tenancy-branch",
    },
  };
  const FOLLOWING = { ...AWAITED, by_iso: "2026-09-30", what: "The 2027 rent cap" };
  const change = (effective_iso: string, rate: number) => ({
    effective_iso,
    status: "announced",
    value: factValue(ID, { max_increase_rate: rate }),
    citations: [{ url: AWAITED.where.url, org: AWAITED.where.org, kind: "official", retrieved_iso: "2026-11-20" }],
    note: "The announced cap.",
  });
  /** The fact file of `seed` with `scheduled` and `next_expected` where the schema's key order puts them. */
  const write = async (
    repo: GitRepo,
    seed: typeof base & { retrieved_iso?: string },
    extra: { scheduled?: unknown[]; next_expected?: unknown },
  ) => {
    const { superseded_by, ...fact } = factJson(seed);
    await repo.writeJson(FILE, { ...fact, ...extra, superseded_by });
  };
  const awaitingBase = async (scheduled?: unknown[], nextExpected: unknown = AWAITED): Promise<GitRepo> => {
    const repo = await createGitRepo();
    await write(repo, base, { ...(scheduled ? { scheduled } : {}), next_expected: nextExpected });
    await repo.writeFact({ id: "bc.hbrp", domain: "legal", value: factValue("bc.hbrp") });
    await repo.commit("base");
    return repo;
  };
  const byIsoLine = async (repo: GitRepo): Promise<number> => {
    const lines = (await readFile(path.join(repo.root, FILE), "utf8")).split("\n");
    return (
      lines.findIndex(
        (line, at) =>
          at > lines.findIndex((each) => each.startsWith('  "next_expected"')) && line.startsWith('    "by_iso"'),
      ) + 1
    );
  };
  const revised = {
    ...base,
    version: 3,
    value: factValue(ID, { max_increase_rate: 0.023 }),
    effective_iso: "2026-01-01",
    retrieved_iso: "2026-11-20",
  };

  it("refuses a new value for a later date recorded while next_expected stays as the base has it, naming file, line and /next_expected/by_iso", async () => {
    const repo = await awaitingBase();
    await write(repo, revised, { next_expected: AWAITED });
    const result = await checkAgainstMain(repo);
    expect(result.lines).toContain(
      `${FILE}:${await byIsoLine(repo)}:5: a new value effective 2026-01-01 is recorded (the base's took effect 2025-01-01) but next_expected is unchanged from the base (by 2025-09-30); recording the awaited value moves next_expected to the following cycle (by_iso and what) or removes it, in the same change (at /next_expected/by_iso) [next-expected-moved]`,
    );
    expect(result.code).toBe(1);
  });

  it("refuses a new scheduled change recorded while next_expected stays as the base has it", async () => {
    const repo = await awaitingBase();
    await write(
      repo,
      { ...base, retrieved_iso: "2026-11-20" },
      { scheduled: [change("2027-01-01", 0.02)], next_expected: AWAITED },
    );
    const result = await checkAgainstMain(repo);
    expect(result.lines).toContain(
      `${FILE}:${await byIsoLine(repo)}:5: a new scheduled change taking effect 2027-01-01 is recorded but next_expected is unchanged from the base (by 2025-09-30); recording the awaited value moves next_expected to the following cycle (by_iso and what) or removes it, in the same change (at /next_expected/by_iso) [next-expected-moved]`,
    );
    expect(result.code).toBe(1);
  });

  it("accepts the new value when next_expected moves to the following cycle or is removed", async () => {
    const moved = await awaitingBase();
    await write(moved, revised, { next_expected: FOLLOWING });
    expect((await checkAgainstMain(moved)).lines).toEqual([
      "ok: 2 fact files and 0 index-data files checked, no problems",
    ]);
    const removed = await awaitingBase();
    await write(removed, revised, {});
    expect((await checkAgainstMain(removed)).lines).toEqual([
      "ok: 2 fact files and 0 index-data files checked, no problems",
    ]);
  });

  it("accepts a base scheduled change taking effect with next_expected kept: it was moved when the change was recorded", async () => {
    const repo = await awaitingBase([change("2026-01-01", 0.023)], FOLLOWING);
    await write(repo, revised, { next_expected: FOLLOWING });
    const result = await checkAgainstMain(repo);
    expect(result.lines.filter((line) => line.includes("next-expected"))).toEqual([]);
    expect(result.code).toBe(0);
  });

  it("only warns of a revision for the same date, most often a correction, and does not fail the check", async () => {
    const repo = await awaitingBase();
    await write(
      repo,
      { ...base, version: 3, value: factValue(ID, { max_increase_rate: 0.031 }), retrieved_iso: "2026-11-20" },
      { next_expected: AWAITED },
    );
    const result = await checkAgainstMain(repo);
    expect(result.lines).toContain(
      `${FILE}:${await byIsoLine(repo)}:5: warning: the value effective 2025-01-01 was revised and next_expected is unchanged from the base (by 2025-09-30); if this records the awaited announcement, move next_expected to the following cycle or remove it (a correction keeps it) (at /next_expected/by_iso) [next-expected-reminder]`,
    );
    expect(result.code).toBe(0);
  });
});
