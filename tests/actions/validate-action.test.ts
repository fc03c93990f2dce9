import { cp, mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { factValue } from "../helpers/fact-values.ts";
import { createGitRepo, factJson, type GitRepo } from "../helpers/git-repo.ts";
import { runAction } from "../helpers/run-action.ts";
import { PROJECT_ROOT } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { eventEnvironment } from "../workflows/helpers/event-file.ts";
import { startFakeGitHubApi } from "../workflows/helpers/fake-github-api.ts";

const FIXTURES = path.join(PROJECT_ROOT, "tests/fixtures/check");
const env = { FACTS_TODAY: "2026-11-21" };

const workspaceWith = async (...cases: string[]) => {
  const workspace = await tempDir(
    path.join(FIXTURES, "valid"),
    ...cases.map((name) => path.join(FIXTURES, "broken", name)),
  );
  const scratch = await tempDir();
  return { workspace, scratch };
};

describe("validate action", () => {
  it("annotates each problem on its file and line, writes a summary table and fails once", async () => {
    const dirs = await workspaceWith("wrong-type", "impossible-month");
    const run = await runAction("validate", { ...dirs, inputs: { root: "." }, env });

    expect(run.code).toBe(1);
    const errors = run.annotations.filter((annotation) => annotation.level === "error");
    expect(errors).toEqual([
      {
        level: "error",
        properties: { title: "Invalid fact data", file: "facts/tax/bc.ptt.brackets.json", line: "12", col: "3" },
        message: "expected number, found string (at /version)",
      },
      {
        level: "error",
        properties: {
          title: "Invalid fact data",
          file: "index-data/benchmarks/greater-vancouver.json",
          line: "6",
          col: "7",
        },
        message: "must be a real month written YYYY-MM (at /months/0/month)",
      },
      {
        level: "error",
        properties: {},
        message: "2 problems in 2 file(s); each is annotated on its line and listed in the job summary",
      },
    ]);
    expect(run.summary).toContain("<h2>Fact validation</h2>");
    expect(run.summary).toContain(
      "<tr><td>facts/tax/bc.ptt.brackets.json</td><td>12</td><td>/version</td><td>expected number, found string</td><td>schema</td></tr>",
    );
    expect(run.summary).toContain(
      "<td>index-data/benchmarks/greater-vancouver.json</td><td>6</td><td>/months/0/month</td>",
    );
    expect(run.outputs).toEqual({ problems: "2", "fact-files": "2" });
  });

  it("names files relative to the workspace when the checkout is in a subfolder, and escapes HTML in the summary", async () => {
    const workspace = await tempDir();
    const scratch = await tempDir();
    const checkout = path.join(workspace, "repo");
    await mkdir(checkout);
    await cp(path.join(FIXTURES, "valid"), checkout, { recursive: true });
    await cp(path.join(FIXTURES, "broken/stray-file"), checkout, { recursive: true });
    const run = await runAction("validate", { workspace, scratch, inputs: { root: "repo" }, env });

    expect(run.code).toBe(1);
    expect(run.annotations[0]?.properties.file).toBe("repo/facts/notes.txt");
    expect(run.summary).toContain("only facts/&lt;domain&gt;/&lt;id&gt;.json files belong under facts/");
  });

  it("passes valid data with a summary and no annotations", async () => {
    const dirs = await workspaceWith();
    const run = await runAction("validate", { ...dirs, env });
    expect(run.code).toBe(0);
    expect(run.annotations).toEqual([]);
    expect(run.summary).toContain("ok: 2 fact files and 1 index-data files checked, no problems");
    expect(run.summary).not.toContain("<table>");
    expect(run.outputs.problems).toBe("0");
  });

  it("applies the version rules against the base input and annotates the version line", async () => {
    const repo = await createGitRepo();
    // Version 1 as it was committed to this repository (the cap of 2012), then the value of today without a version
    // bump.
    const cap2012 = {
      insured_price_cap_exclusive: 1000000,
      insurance_available_at_or_above_cap: false,
      min_down_payment_rate_uninsured: 0.2,
      high_ratio_threshold_ltv: 0.8,
      in_force_iso: "2012-07-09",
    };
    await repo.writeFact({ id: "cmhc.insurance_cap", domain: "mortgage", cadence: "volatile", value: cap2012 });
    await repo.commit("cmhc.insurance_cap v1");
    const file = await repo.writeFact({
      id: "cmhc.insurance_cap",
      domain: "mortgage",
      cadence: "volatile",
      value: factValue("cmhc.insurance_cap"),
    });
    const versionLine =
      (await readFile(path.join(repo.root, file), "utf8"))
        .split("\n")
        .findIndex((line) => line.startsWith('  "version"')) + 1;
    const run = await runAction("validate", {
      workspace: repo.root,
      scratch: await tempDir(),
      inputs: { base: "main" },
      env,
    });
    expect(run.code).toBe(1);
    expect(run.annotations[0]).toEqual({
      level: "error",
      properties: {
        title: "Invalid fact data",
        file: "facts/mortgage/cmhc.insurance_cap.json",
        line: String(versionLine),
        col: "3",
      },
      message: "value changed, so this is a revision: version must be 2 (base has 1), not 1 (at /version)",
    });
  });

  it("annotates a stale number of a revision as a warning, which does not fail the step", async () => {
    const repo = await createGitRepo();
    // The value has the Form B fee's real shape (its value schema refuses anything else): the fee is its max_fee.
    const seed = { id: "bc.strata.form_b_fee", domain: "strata", unit: "object" };
    const file = await repo.writeFact({ ...seed, value: factValue(seed.id, { max_fee: 35 }) });
    const v1 = await repo.readJson(file);
    await repo.writeJson(file, { ...v1, description: "At most $35 for a Form B." });
    await repo.commit("bc.strata.form_b_fee v1");
    // A new fee from a later date: a new rule, with the date it took effect.
    await repo.writeJson(file, {
      ...v1,
      description: "At most $35 for a Form B.",
      value: factValue(seed.id, { max_fee: 40 }),
      version: 2,
      effective_iso: "2021-01-01",
    });
    const run = await runAction("validate", {
      workspace: repo.root,
      scratch: await tempDir(),
      inputs: { base: "main" },
      env,
    });
    expect(run.code).toBe(0);
    expect(run.annotations).toEqual([
      {
        level: "warning",
        properties: { title: "Check this text", file, line: "4", col: "3" },
        message:
          'bc.strata.form_b_fee: description says "$35", which stated 35 in the value of v1 and matches nothing in the value of v2; update the text if it still gives the old figure (at /description)',
      },
    ]);
    expect(run.summary).toContain("<h3>Warnings (they do not fail the check)</h3>");
    expect(run.outputs.problems).toBe("0");
  });
});

describe("validate action on a pull request: each commit against its parent", () => {
  const ID = "bc.strata.form_b_fee";
  const FILE = `facts/strata/${ID}.json`;
  const fee = (maxFee: number) => ({
    id: ID,
    domain: "strata",
    unit: "object",
    value: factValue(ID, { max_fee: maxFee }),
  });
  const TRAILERS =
    "Source: BC Ministry of Finance, Form B, https://www2.gov.bc.ca/gov/content/example\nImpact: Buyers pay up to $40 for a Form B.";

  /** What the API lists of a commit: its id, message and parents. */
  const listed = async (repo: GitRepo, sha: string) => {
    const [parents = "", ...message] = (await repo.git("log", "-1", "--format=%P%n%B", sha)).trimEnd().split("\n");
    return { sha, message: message.join("\n"), parents: parents.split(" ") };
  };

  /**
   * Runs the action as on `pull_request`: the API lists the pull request's commits, and the checkout is the merge
   * commit GitHub makes of the base and the pull request's head.
   */
  const validatePull = async (repo: GitRepo, base: string, commits: string[]) => {
    const api = await startFakeGitHubApi();
    const head = commits.at(-1)!;
    api.pulls.push({
      number: 7,
      state: "open",
      head: { sha: head },
      commits: await Promise.all(commits.map((sha) => listed(repo, sha))),
    });
    const event = await eventEnvironment("pull_request", "pull_request.synchronize.json", {
      number: 7,
      pull_request: { number: 7, head: { sha: head }, base: { sha: base } },
    });
    await repo.git("checkout", "-q", "--detach", base);
    await repo.git("merge", "-q", "--no-ff", "--no-edit", head);
    return runAction("validate", {
      workspace: repo.root,
      scratch: await tempDir(),
      inputs: { base, token: api.token },
      env: { ...api.env, ...event, ...env },
    });
  };

  it("fails a revision followed by its revert, annotating the revert's commit on the version line", async () => {
    const repo = await createGitRepo();
    await repo.writeFact(fee(35));
    const base = await repo.commit(`${ID} v1\n\n${TRAILERS}`);
    await repo.git("checkout", "-q", "-b", "fee-40");
    await repo.writeFact({ ...fee(40), version: 2, effective_iso: "2026-01-01" });
    const revision = await repo.commit(`${ID} v2: fee of $40\n\n${TRAILERS}`);
    await repo.writeFact(fee(35));
    const revert = await repo.commit("Revert the fee to $35");
    const run = await validatePull(repo, base, [revision, revert]);

    expect(run.code).toBe(1);
    const versionLine = `${JSON.stringify(factJson(fee(35)), null, 2)}`
      .split("\n")
      .findIndex((line) => line.startsWith('  "version"'));
    expect(run.annotations.filter((annotation) => annotation.level === "error")).toEqual([
      {
        level: "error",
        properties: { title: "Invalid fact data", file: FILE, line: String(versionLine + 1), col: "3" },
        message:
          `commit ${revert.slice(0, 12)} ("Revert the fee to $35"): version went down from 2 to 1; versions never decrease. ` +
          "Each commit becomes a step of the fact's published history, so each keeps the version rules on its own (on a branch, fix that commit with git rebase -i) (at /version)",
      },
      {
        level: "error",
        properties: {},
        message: "1 problem in 1 file(s); each is annotated on its line and listed in the job summary",
      },
    ]);
    expect(run.summary).toContain("<td>version-rules</td>");
    expect(run.stdout).toContain(
      "checked the 2 commit(s) of pull request #7 for Source: and Impact: lines, and each against its parent for the version rules",
    );
  });

  it("passes a merge of the base branch into the pull request, whose revisions were each checked on the base branch", async () => {
    const repo = await createGitRepo();
    const other = { id: "bc.hbrp", domain: "legal", value: factValue("bc.hbrp") };
    await repo.writeFact(fee(35));
    await repo.writeFact(other);
    const start = await repo.commit(`${ID} and ${other.id} v1\n\n${TRAILERS}`);
    // The base branch revises the rescission period twice meanwhile, to version 3.
    await repo.writeFact({ ...other, version: 2, effective_iso: "2021-01-01" });
    await repo.commit(`${other.id} v2\n\n${TRAILERS}`);
    await repo.writeFact({ ...other, version: 3, effective_iso: "2022-01-01" });
    const base = await repo.commit(`${other.id} v3\n\n${TRAILERS}`);
    await repo.git("checkout", "-q", "-b", "fee-40", start);
    await repo.writeFact({ ...fee(40), version: 2, effective_iso: "2026-01-01" });
    const revision = await repo.commit(`${ID} v2: fee of $40\n\n${TRAILERS}`);
    // Against its first parent the merge raises the period from 1 to 3: a file it took whole from the base.
    await repo.git("merge", "-q", "--no-edit", base);
    const merge = (await repo.git("rev-parse", "HEAD")).trim();
    const run = await validatePull(repo, base, [revision, merge]);

    expect(run.annotations.filter((annotation) => annotation.level === "error")).toEqual([]);
    expect(run.code).toBe(0);
  });
});
