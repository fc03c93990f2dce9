import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildModel } from "../../src/build/build-model.ts";
import { checkRevisionCommits } from "../../src/check/revision-commits.ts";
import { scheduledValueOf } from "../helpers/fact-values.ts";
import { createGitRepo, type GitRepo } from "../helpers/git-repo.ts";
import { runCheck, runScript } from "../helpers/run-script.ts";
import { FOREIGN_BUYER_BAN_SEED, SVT_2026_SEED } from "../helpers/scheduled-facts.ts";

const BAN = "facts/foreign-buyer/ca.foreign_buyer_ban.json";
const SVT = "facts/tax/bc.svt.rates_2026.json";

const citation = (url: string, retrieved_iso = "2026-11-20") => ({
  url,
  org: "ca-justice",
  kind: "official",
  retrieved_iso,
});

/** Gives a fact file scheduled changes, in their place before `superseded_by`. */
const scheduleIn = async (repo: GitRepo, file: string, scheduled: Record<string, unknown>[]): Promise<void> => {
  const { superseded_by: supersededBy, ...rest } = await repo.readJson(file);
  await repo.writeJson(file, { ...rest, scheduled, superseded_by: supersededBy });
};

/**
 * A repository whose main branch holds two facts with changes scheduled for 2027-01-01: the ban's end, enacted
 * (promoted on its day), and the 2027 tax rate, announced (held for a person to confirm).
 */
const repoWithScheduledChanges = async (): Promise<GitRepo> => {
  const repo = await createGitRepo();
  await repo.writeFact(FOREIGN_BUYER_BAN_SEED);
  await repo.writeFact(SVT_2026_SEED);
  await scheduleIn(repo, BAN, [
    {
      effective_iso: "2027-01-01",
      status: "enacted",
      value: scheduledValueOf("ca.foreign_buyer_ban", { repealed_iso: "2027-01-01" }),
      unit: "object",
      label: "Federal ban on residential property purchases by non-Canadians (repealed)",
      citations: [citation("https://laws-lois.justice.gc.ca/eng/acts/B-9.8595/section-237.html")],
      note: "The Act is repealed on January 1, 2027",
      impact: "Non-Canadians may again buy residential property in Canada's cities",
    },
  ]);
  await scheduleIn(repo, SVT, [
    {
      effective_iso: "2027-01-01",
      status: "announced",
      value: scheduledValueOf("bc.svt.rates_2026", { rate_foreign_owners_and_untaxed_worldwide_earners: 0.04 }),
      unit: "object",
      citations: [citation("https://www.bcbudget.gov.bc.ca/2026/example")],
      note: "Budget 2026 raises the rate for foreign owners to 4% for 2027",
    },
  ]);
  await repo.commit("Facts with scheduled changes");
  return repo;
};

const promote = (repo: GitRepo, today: string, ...args: string[]) =>
  runScript("src/cli/promote.ts", ["--root", repo.root, ...args], { env: { FACTS_TODAY: today } });
const head = async (repo: GitRepo) => (await repo.git("rev-parse", "HEAD")).trim();

describe("npm run promote", () => {
  it("promotes nothing the day before, the enacted change on its day, and nothing more the day after; an announced change is held", async () => {
    const repo = await repoWithScheduledChanges();
    const start = await head(repo);

    const dayBefore = await promote(repo, "2026-12-31");
    expect(dayBefore.stderr).toBe("");
    expect(dayBefore.code).toBe(0);
    expect(dayBefore.stdout).toBe("2026-12-31: 0 change(s) promoted, 0 due change(s) held for confirmation\n");
    expect(await head(repo)).toBe(start);

    const onTheDay = await promote(repo, "2027-01-01");
    expect(onTheDay.stderr).toBe("");
    expect(onTheDay.code).toBe(0);
    const lines = onTheDay.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(
      /^promoted ca\.foreign_buyer_ban v2 -> v3, effective 2027-01-01: The Act is repealed on January 1, 2027 \([0-9a-f]{12}\)$/,
    );
    expect(lines[1]).toBe(
      "held bc.svt.rates_2026, due 2027-01-01: Budget 2026 raises the rate for foreign owners to 4% for 2027 (announced, not enacted: confirm it has been enacted, then promote it by hand as a revision; facts/tax/bc.svt.rates_2026.json)",
    );
    expect(lines[2]).toBe("2027-01-01: 1 change(s) promoted, 1 due change(s) held for confirmation");

    // One commit, touching the one fact, shaped like a hand-made revision.
    expect((await repo.git("rev-list", "--count", `${start}..HEAD`)).trim()).toBe("1");
    expect((await repo.git("show", "--name-only", "--format=", "HEAD")).trim()).toBe(BAN);
    const message = await repo.git("log", "-1", "--format=%B");
    expect(message).toContain(
      "ca.foreign_buyer_ban v3: The Act is repealed on January 1, 2027 (effective 2027-01-01)\n",
    );
    expect(message).toContain(
      "\nSource: Department of Justice Canada, https://laws-lois.justice.gc.ca/eng/acts/B-9.8595/section-237.html\n",
    );
    expect(message).toContain("\nImpact: Non-Canadians may again buy residential property in Canada's cities\n");
    // The pull-request check's revision-commit rule accepts the promotion commit as it is.
    const promotion = (await head(repo)).trim();
    expect(await checkRevisionCommits(repo.root, [{ sha: promotion, message, parents: [start] }], [])).toEqual([]);
    expect(
      await checkRevisionCommits(repo.root, [{ sha: promotion, message: "promote", parents: [start] }], []),
    ).toHaveLength(1);

    const promoted = await repo.readJson(BAN);
    expect(promoted).toMatchObject({
      version: 3,
      effective_iso: "2027-01-01",
      value: { repealed_iso: "2027-01-01" },
      unit: "object",
      label: "Federal ban on residential property purchases by non-Canadians (repealed)",
    });
    expect(promoted).not.toHaveProperty("scheduled");
    expect((promoted.citations as { url: string }[])[0]!.url).toBe(
      "https://laws-lois.justice.gc.ca/eng/acts/B-9.8595/section-237.html",
    );
    const svt = await repo.readJson(SVT);
    expect(svt).toMatchObject({ version: 2, value: { rate_foreign_owners_and_untaxed_worldwide_earners: 0.03 } });
    expect(svt.scheduled).toHaveLength(1);

    // The commit passes the same validation a pull request gets.
    const check = await runCheck(repo.root, "2027-01-01", { base: "HEAD~1" });
    expect(check.stdout.trimEnd().split("\n").at(-1)).toBe(
      "ok: 2 fact files and 0 index-data files checked, no problems",
    );
    expect(check.code).toBe(0);

    // History, diffs and feeds follow from git unchanged: version 2 now sits in history, superseded on the day.
    const model = await buildModel(repo.root, { baseUrl: "https://facts.example.org", today: "2027-01-01" });
    const fact = model.facts.find((candidate) => candidate.id === "ca.foreign_buyer_ban")!;
    expect(fact.history?.[0]).toMatchObject({
      version: 2,
      superseded_iso: "2027-01-01",
      value: { scheduled_repeal_iso: "2027-01-01" },
    });
    expect(
      model.diffs.some((diff) => diff.fact_id === "ca.foreign_buyer_ban" && diff.from === 2 && diff.to === 3),
    ).toBe(true);

    const promotedHead = await head(repo);
    const dayAfter = await promote(repo, "2027-01-02");
    expect(dayAfter.code).toBe(0);
    expect(dayAfter.stdout).toContain("2027-01-02: 0 change(s) promoted, 1 due change(s) held for confirmation");
    expect(await head(repo)).toBe(promotedHead);
    const again = await promote(repo, "2027-01-01");
    expect(again.stdout).toContain("0 change(s) promoted");
    expect(await head(repo)).toBe(promotedHead);
  });

  it("says what it would do with --dry-run and writes nothing", async () => {
    const repo = await repoWithScheduledChanges();
    const start = await head(repo);
    const dry = await promote(repo, "2027-01-05", "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain("would promote ca.foreign_buyer_ban v2 -> v3, effective 2027-01-01");
    expect(dry.stdout).toContain("2027-01-05: 1 change(s) to promote, 1 due change(s) held for confirmation");
    expect(await head(repo)).toBe(start);
    expect(await repo.git("status", "--porcelain")).toBe("");
  });

  it("refuses to promote over uncommitted edits of facts/, and leaves them as they were", async () => {
    const repo = await repoWithScheduledChanges();
    const start = await head(repo);
    const svt = await repo.readJson(SVT);
    await repo.writeJson(SVT, { ...svt, description: "An edit in progress." });
    const result = await promote(repo, "2027-01-01");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("promote failed: facts/ has uncommitted changes; promote commits on a clean tree:");
    expect(result.stderr).toContain("facts/tax/bc.svt.rates_2026.json");
    expect(await head(repo)).toBe(start);
    expect((await repo.readJson(SVT)).description).toBe("An edit in progress.");
    expect((await repo.readJson(BAN)).version).toBe(2);
  });

  it("blocks the deployment's freshness gate while an enacted change in effect is not promoted, and warns of a held one", async () => {
    const repo = await repoWithScheduledChanges();
    const before = await runScript("src/cli/freshness.ts", ["--root", repo.root], {
      env: { FACTS_TODAY: "2027-01-01" },
    });
    expect(before.code).toBe(1);
    // Located at the scheduled change's effective_iso, whose line follows the length of the value before it.
    const line = async (file: string) =>
      (await readFile(path.join(repo.root, file), "utf8"))
        .split("\n")
        .findIndex((each) => each.startsWith('      "effective_iso"')) + 1;
    expect(before.stdout).toContain(
      `${BAN}:${await line(BAN)}:7: ca.foreign_buyer_ban: the enacted change of 2027-01-01 is in effect but still only scheduled; run npm run promote before deploying (at /scheduled/0/effective_iso)`,
    );
    expect(before.stdout).toContain(
      `warning: ${SVT}:${await line(SVT)}:7: bc.svt.rates_2026: the announced change of 2027-01-01 has fallen due;`,
    );
    expect(before.stdout.trimEnd().split("\n").at(-1)).toBe(
      "1 enacted change(s) in effect on 2027-01-01 are not promoted",
    );
    await promote(repo, "2027-01-01");
    const after = await runScript("src/cli/freshness.ts", ["--root", repo.root], {
      env: { FACTS_TODAY: "2027-01-01" },
    });
    expect(after.code).toBe(0);
  });
});
