import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { factValue } from "../helpers/fact-values.ts";
import { createGitRepo, type GitRepo } from "../helpers/git-repo.ts";
import { runAction } from "../helpers/run-action.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { eventEnvironment } from "../workflows/helpers/event-file.ts";
import { startFakeGitHubApi } from "../workflows/helpers/fake-github-api.ts";

const ID = "bc.strata.form_b_fee";
const SOURCE_URL = "https://www2.gov.bc.ca/gov/content/example";
/** The Form B fee's value in its real shape (its value schema refuses anything else), with the fee as given. */
const fee = (maxFee: number) => factValue(ID, { max_fee: maxFee });
const GOOD_TRAILERS = `Source: BC Ministry of Finance, Form B, ${SOURCE_URL}\nImpact: Buyers pay up to $40 for a Form B.`;

/** A repository whose main holds v1 of the Form B fee, and a pull request branch with the given commits on it. */
const pullRequest = async (edits: ((repo: GitRepo) => Promise<string>)[]) => {
  const repo = await createGitRepo();
  await repo.writeFact({ id: ID, domain: "strata", unit: "object", value: fee(35) });
  const base = await repo.commit(`${ID} v1\n\n${GOOD_TRAILERS}`);
  await repo.git("checkout", "-q", "-b", "fee-40");
  const commits: { sha: string; message: string; parents: string[] }[] = [];
  let parent = base;
  for (const edit of edits) {
    const sha = await edit(repo);
    commits.push({ sha, message: (await repo.git("log", "-1", "--format=%B", sha)).trimEnd(), parents: [parent] });
    parent = sha;
  }
  return { repo, base, commits };
};

const validate = async (setup: Awaited<ReturnType<typeof pullRequest>>) => {
  const api = await startFakeGitHubApi();
  api.pulls.push({ number: 7, state: "open", head: { sha: setup.commits.at(-1)!.sha }, commits: setup.commits });
  const event = await eventEnvironment("pull_request", "pull_request.synchronize.json", {
    number: 7,
    pull_request: { number: 7, head: { sha: setup.commits.at(-1)!.sha }, base: { sha: setup.base } },
  });
  const run = await runAction("validate", {
    workspace: setup.repo.root,
    scratch: await tempDir(),
    inputs: { base: setup.base, token: api.token },
    env: { ...api.env, ...event, FACTS_TODAY: "2026-11-21" },
  });
  return { run, api };
};

describe("validate action on a pull request: revision commits", () => {
  it("fails a revision commit without Source: and Impact:, naming the commit and the fact, from the commits the API lists", async () => {
    const setup = await pullRequest([
      async (repo) => {
        await repo.writeFact({
          id: ID,
          domain: "strata",
          unit: "object",
          value: fee(40),
          version: 2,
          effective_iso: "2026-01-01",
        });
        return repo.commit("update fee");
      },
    ]);
    const { run, api } = await validate(setup);
    expect(run.code).toBe(1);
    const sha = setup.commits[0]!.sha.slice(0, 12);
    // The annotation points at the "version" key, whose line depends on the length of the value written above it.
    const written = await readFile(path.join(setup.repo.root, `facts/strata/${ID}.json`), "utf8");
    const versionLine = written.split("\n").findIndex((line) => line.startsWith('  "version"')) + 1;
    expect(run.annotations[0]).toEqual({
      level: "error",
      properties: { title: "Invalid fact data", file: `facts/strata/${ID}.json`, line: String(versionLine), col: "3" },
      message:
        `commit ${sha} ("update fee") revises ${ID} to v2 without a Source: line and an Impact: line; a revision's commit message carries ` +
        `"Source: <org>, <title>, <a URL the fact cites>" and "Impact: <who is affected and how>" lines, and the Impact: line is the version's public note (reword the commit, e.g. git rebase -i) (at /version)`,
    });
    expect(run.summary).toContain("<td>revision-commit</td>");
    expect(api.requests.map((request) => `${request.method} ${request.path} ${request.authorization}`)).toEqual([
      `GET /repos/${api.owner}/${api.repo}/pulls/7/commits token ${api.token}`,
    ]);
  });

  it("fails a Source: line whose URL the fact does not cite, and passes a revision commit that carries both lines among other commits", async () => {
    const cites = await pullRequest([
      async (repo) => {
        await repo.writeFact({
          id: ID,
          domain: "strata",
          unit: "object",
          value: fee(40),
          version: 2,
          effective_iso: "2026-01-01",
        });
        return repo.commit(
          `${ID} v2: fee of $40\n\nSource: A blog, https://blog.example/fees\nImpact: Buyers pay up to $40 for a Form B.`,
        );
      },
    ]);
    const refused = await validate(cites);
    expect(refused.run.code).toBe(1);
    expect(refused.run.annotations[0]!.message).toContain(
      `without a Source: line with a URL ${ID} cites (it gives https://blog.example/fees);`,
    );

    const good = await pullRequest([
      async (repo) => {
        await repo.writeFact({
          id: ID,
          domain: "strata",
          unit: "object",
          value: fee(40),
          version: 2,
          effective_iso: "2026-01-01",
        });
        return repo.commit(
          `${ID} v2: fee of $40 (effective 2026-01-01)\n\nThe Province raised the cap.\n${GOOD_TRAILERS}`,
        );
      },
      async (repo) => {
        // A later editorial commit of the same pull request keeps the version: it needs no Impact: line.
        await repo.writeFact({
          id: ID,
          domain: "strata",
          unit: "object",
          value: fee(40),
          version: 2,
          effective_iso: "2026-01-01",
          label: "Form B fee",
        });
        return repo.commit("reword the label");
      },
    ]);
    const passed = await validate(good);
    expect(passed.run.annotations.filter((annotation) => annotation.level === "error")).toEqual([]);
    expect(passed.run.code).toBe(0);
    expect(passed.run.stdout).toContain("checked the 2 commit(s) of pull request #7 for Source: and Impact: lines");
  });

  it("fails an Impact: line the text rule refuses, one over 500 characters and one with no word, on a revision or a new fact", async () => {
    const SOURCE = `Source: BC Ministry of Finance, Form B, ${SOURCE_URL}`;
    const revision = (version: number, maxFee: number, effective: string, impact: string) => async (repo: GitRepo) => {
      await repo.writeFact({
        id: ID,
        domain: "strata",
        unit: "object",
        value: fee(maxFee),
        version,
        effective_iso: effective,
      });
      return repo.commit(`${ID} v${version}\n\n${SOURCE}\nImpact: ${impact}`);
    };
    const setup = await pullRequest([
      revision(2, 40, "2026-01-01", "."),
      revision(3, 41, "2026-02-01", "Buyers pay \u001b[31mup to $41\u001b[0m."),
      revision(4, 42, "2026-03-01", `Buyers pay up to $42${" and more".repeat(60)}.`),
      async (repo) => {
        await repo.writeFact({ id: "bc.strata.other_fee", domain: "strata", unit: "object", value: fee(10) });
        return repo.commit(`bc.strata.other_fee v1\n\n${SOURCE}\nImpact: Buyers pay \u202eup to $10.`);
      },
    ]);
    const { run } = await validate(setup);
    expect(run.code).toBe(1);
    const sha = (index: number) => setup.commits[index]!.sha.slice(0, 12);
    const reword =
      "the Impact: line is the version's public note (reword the commit, e.g. git rebase -i) (at /version)";
    expect(
      run.annotations
        // The pull request's other problems (a version raised by three, a fact with no value schema) are not this rule's.
        .filter((annotation) => annotation.message.includes(" with an Impact: line that "))
        .map((annotation) => `${annotation.properties.file}: ${annotation.message}`)
        .sort(),
    ).toEqual(
      [
        `facts/strata/${ID}.json: commit ${sha(0)} ("${ID} v2") revises ${ID} to v2 with an Impact: line that has no word (a run of letters or digits): say who is affected and how in one sentence; ${reword}`,
        `facts/strata/${ID}.json: commit ${sha(1)} ("${ID} v3") revises ${ID} to v3 with an Impact: line that holds a character the text rule refuses: U+001B is a control character: text may hold a tab, and a newline where the field spans lines, but no other; ${reword}`,
        `facts/strata/${ID}.json: commit ${sha(2)} ("${ID} v4") revises ${ID} to v4 with an Impact: line that has 561 characters, more than the 500 a public note may have: say who is affected and how in one sentence; ${reword}`,
        `facts/strata/bc.strata.other_fee.json: commit ${sha(3)} ("bc.strata.other_fee v1") adds bc.strata.other_fee with an Impact: line that holds a character the text rule refuses: U+202E is a bidirectional control: it makes text display in another order than it is written; ${reword}`,
      ].sort(),
    );
    expect(run.summary).toContain("<td>revision-commit</td>");
  });
});
