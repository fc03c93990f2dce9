import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createGitRepo, type GitRepo } from "../helpers/git-repo.ts";
import { runCheck } from "../helpers/run-script.ts";
import { FILE, ID, SOURCE_URL, TRAILERS, V1, V2 } from "./form-b-fee.ts";

/** A repository whose main holds v1 of the Form B fee, checked out on a new branch `fee-40`. */
const onBranch = async (): Promise<GitRepo> => {
  const repo = await createGitRepo();
  await repo.writeFact(V1);
  await repo.commit(`${ID} v1\n\n${TRAILERS}`);
  await repo.git("checkout", "-q", "-b", "fee-40");
  return repo;
};

const check = async (repo: GitRepo) => {
  const result = await runCheck(repo.root, "2026-11-21");
  return { ...result, lines: result.stdout.trimEnd().split("\n") };
};

/** `line:column` of the `version` key in the fact's file as it stands. */
const versionAt = async (repo: GitRepo): Promise<string> => {
  const text = await readFile(path.join(repo.root, FILE), "utf8");
  return `${text.split("\n").findIndex((line) => line.startsWith('  "version"')) + 1}:3`;
};

describe("npm run check: the Source: and Impact: lines of the commits since the base", () => {
  it("refuses a revision committed without them, naming the commit by its short id and subject, located on the fact's version", async () => {
    const repo = await onBranch();
    await repo.writeFact(V2);
    const sha = await repo.commit("update fee");
    await repo.writeFact({ ...V2, label: "Form B fee" });
    await repo.commit("reword the label");
    const result = await check(repo);
    expect(result.code).toBe(1);
    expect(result.lines[1]).toBe(
      "commits: the 2 commit(s) between the base and HEAD were checked for Source: and Impact: lines",
    );
    expect(result.lines.filter((line) => line.endsWith("[revision-commit]"))).toEqual([
      `${FILE}:${await versionAt(repo)}: commit ${sha.slice(0, 12)} ("update fee") revises ${ID} to v2 without a Source: line and an Impact: line; ` +
        `a revision's commit message carries "Source: <org>, <title>, <a URL the fact cites>" and "Impact: <who is affected and how>" lines, ` +
        "and the Impact: line is the version's public note (reword the commit, e.g. git rebase -i) (at /version) [revision-commit]",
    ]);
  });

  it("refuses a Source: line whose URL the fact does not cite, and passes once the commit carries both lines", async () => {
    const refused = await onBranch();
    await refused.writeFact(V2);
    await refused.commit(`${ID} v2\n\nSource: A blog, https://blog.example/fees\nImpact: Buyers pay up to $40.`);
    const result = await check(refused);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      `without a Source: line with a URL ${ID} cites (it gives https://blog.example/fees);`,
    );

    const good = await onBranch();
    await good.writeFact(V2);
    await good.commit(`${ID} v2: fee of $40\n\nThe Province raised the cap.\n${TRAILERS}`);
    const passed = await check(good);
    expect(passed.stdout).not.toContain("[revision-commit]");
    expect(passed.code).toBe(0);
  });

  it("holds the Impact: line to the rule the pull-request check applies: one word at least, 500 characters at most", async () => {
    const source = `Source: BC Ministry of Finance, Form B, ${SOURCE_URL}`;
    for (const [impact, reason] of [
      [".", "has no word (a run of letters or digits)"],
      ["x".repeat(501), "has 501 characters, more than the 500 a public note may have"],
    ] as const) {
      const repo = await onBranch();
      await repo.writeFact(V2);
      await repo.commit(`${ID} v2\n\n${source}\nImpact: ${impact}`);
      const result = await check(repo);
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(`revises ${ID} to v2 with an Impact: line that ${reason}`);
    }
  });

  it("says so and checks no commit when there is none since the base, or no base", async () => {
    const uncommitted = await onBranch();
    await uncommitted.writeFact(V2);
    expect((await check(uncommitted)).lines[1]).toBe(
      "commits: none between the base and HEAD, so no commit was checked for Source: and Impact: lines",
    );

    const fresh = await createGitRepo();
    await fresh.writeFact(V1);
    const result = await check(fresh);
    expect(result.lines.slice(0, 2)).toEqual([
      "no base: the repository has no commit yet, so the version rules were not applied",
      "commits: no base, so no commit was checked for Source: and Impact: lines",
    ]);
    expect(result.code).toBe(0);
  });
});
