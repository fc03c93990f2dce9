import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createGitRepo, factJson, type GitRepo } from "../helpers/git-repo.ts";
import { runAction } from "../helpers/run-action.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { eventEnvironment } from "../workflows/helpers/event-file.ts";
import { type FakeGitHubApi, startFakeGitHubApi } from "../workflows/helpers/fake-github-api.ts";
import { readAsGitHub } from "../workflows/helpers/rendered-markdown.ts";

const today = { FACTS_TODAY: "2026-12-01" };
const MARKER = "<!-- facts-pr-comment -->";

/** The base branch: three facts as main has them. */
const baseRepository = async (): Promise<{ repo: GitRepo; base: string }> => {
  const repo = await createGitRepo();
  await repo.writeFact({
    id: "bc.rent_cap.2026",
    domain: "rental",
    cadence: "volatile",
    version: 2,
    value: { rate: 0.03, year: 2025 },
    effective_iso: "2025-01-01",
    retrieved_iso: "2026-10-01",
  });
  await repo.writeFact({
    id: "cmhc.insurance_cap",
    domain: "mortgage",
    cadence: "volatile",
    value: 1500000,
    retrieved_iso: "2026-10-01",
  });
  await repo.writeFact({ id: "bc.ptt.brackets", retrieved_iso: "2026-10-01" });
  const base = await repo.commit("base");
  await repo.git("checkout", "-q", "-b", "rent-cap-2026");
  return { repo, base };
};

/** Runs pr-changes in the pull request's checkout, as the untrusted `pull_request` job does. */
const runPrChanges = async (repo: GitRepo, base: string, head: string) => {
  const scratch = await tempDir();
  const report = path.join(scratch, "pr-changes", "report.json");
  const event = await eventEnvironment("pull_request", "pull_request.synchronize.json", {
    after: head,
    pull_request: { head: { sha: head }, base: { sha: base } },
  });
  const run = await runAction("pr-changes", {
    workspace: repo.root,
    scratch,
    inputs: { base, report },
    env: { ...today, ...event },
  });
  return { run, report };
};

/** Runs pr-comment as the trusted `workflow_run` job does, against the GitHub API stand-in. */
const runPrComment = async (api: FakeGitHubApi, report: string, testedSha: string) => {
  const event = await eventEnvironment("workflow_run", "workflow_run.completed.json", {
    workflow_run: { head_sha: testedSha },
  });
  return runAction("pr-comment", {
    workspace: await tempDir(),
    scratch: await tempDir(),
    inputs: { report },
    env: { ...api.env, ...event },
  });
};

/** The comment on a pull request that edits bc.ptt.brackets with `edit` (text a contributor controls). */
const commentOnBracketsEdit = async (edit: Record<string, unknown>) => {
  const { repo, base } = await baseRepository();
  await repo.writeJson("facts/tax/bc.ptt.brackets.json", {
    ...factJson({ id: "bc.ptt.brackets", retrieved_iso: "2026-10-01" }),
    ...edit,
  });
  const head = await repo.commit("edit bc.ptt.brackets");
  const { report } = await runPrChanges(repo, base, head);
  const api = await startFakeGitHubApi();
  api.pulls.push({ number: 7, state: "open", head: { sha: head } });
  const run = await runPrComment(api, report, head);
  return { run, body: api.comments[0]!.body };
};

describe("pull request comment (pr-changes, then pr-comment from a workflow_run)", () => {
  it("says per fact what changed and whether it is a revision or a re-verification; posts once, then edits in place", async () => {
    const { repo, base } = await baseRepository();
    await repo.writeFact({
      id: "bc.rent_cap.2026",
      domain: "rental",
      cadence: "volatile",
      version: 3,
      value: { rate: 0.023, year: 2026 },
      effective_iso: "2026-01-01",
      retrieved_iso: "2026-11-20",
    });
    await repo.writeFact({
      id: "cmhc.insurance_cap",
      domain: "mortgage",
      cadence: "volatile",
      value: 1500000,
      retrieved_iso: "2026-11-25",
    });
    await repo.writeFact({
      id: "bc.ptt.brackets",
      retrieved_iso: "2026-10-01",
      label: "Property transfer tax brackets",
    });
    const head = await repo.commit("bc.rent_cap.2026 v3");

    const changes = await runPrChanges(repo, base, head);
    expect(changes.run.stderr).toBe("");
    expect(changes.run.code).toBe(0);
    expect(changes.run.outputs).toEqual({
      report: changes.report,
      changed: "3",
      revisions: "1",
      "re-verifications": "1",
    });
    const report = JSON.parse(await readFile(changes.report, "utf8"));
    expect(report.pull_request).toEqual({ number: 7, head_sha: head });
    expect(report.changes.map((change: { id: string; kind: string }) => [change.id, change.kind])).toEqual([
      ["bc.rent_cap.2026", "revision"],
      ["cmhc.insurance_cap", "re-verification"],
      ["bc.ptt.brackets", "editorial"],
    ]);
    expect(report.changes[0]).toMatchObject({
      version: { from: 2, to: 3 },
      value: { from: { rate: 0.03, year: 2025 }, to: { rate: 0.023, year: 2026 } },
      effective_iso: { from: "2025-01-01", to: "2026-01-01" },
      expires_iso: { from: "2026-12-30", to: "2027-02-18" },
      value_diff: {
        added_keys: [],
        removed_keys: [],
        changed_keys: [
          { pointer: "/rate", from: 0.03, to: 0.023 },
          { pointer: "/year", from: 2025, to: 2026 },
        ],
      },
    });
    expect(changes.run.summary).toContain("3 facts changed: 1 revision, 1 re-verification, 1 editorial change.");

    const api = await startFakeGitHubApi();
    api.pulls.push({ number: 7, state: "open", head: { sha: head } });
    api.addComment(7, "Thanks! Looking at it.", { login: "maintainer", type: "User" });

    const first = await runPrComment(api, changes.report, head);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.outputs.action).toBe("created");
    expect(api.writes()).toEqual(["POST /issues/7/comments"]);
    expect(api.requests.every((request) => request.authorization === "token test-token")).toBe(true);
    const comment = api.comments.find((each) => each.body.includes(MARKER))!;
    expect(first.outputs["comment-id"]).toBe(String(comment.id));
    expect(comment.body).toContain("### `bc.rent_cap.2026`: revision, v2 → v3");
    expect(comment.body).toContain("| effective_iso | 2025-01-01 | **2026-01-01** |");
    expect(comment.body).toContain("- changed `/rate`: `0.03` → `0.023`");
    expect(comment.body).toContain('"rate": 0.023');
    expect(comment.body).toContain("### `cmhc.insurance_cap`: re-verification, version stays v1");
    expect(comment.body).toContain(
      "the citations were checked again on 2026-11-25 and the verification now lapses on 2027-02-23 (was 2026-12-30)",
    );
    expect(comment.body).toContain("### `bc.ptt.brackets`: editorial change, version stays v1");
    expect(first.summary).toContain(`Comment created on pull request #7: <a href="${first.outputs["comment-url"]}">`);

    // The contributor pushes again: the same comment is edited, no second one is posted.
    await repo.writeFact({
      id: "bc.rent_cap.2026",
      domain: "rental",
      cadence: "volatile",
      version: 3,
      value: { rate: 0.023, year: 2026, months_notice: 3 },
      effective_iso: "2026-01-01",
      retrieved_iso: "2026-11-20",
    });
    const second = await repo.commit("bc.rent_cap.2026 v3: add the notice period");
    api.pulls[0]!.head.sha = second;
    api.clearRequests();
    const changesAgain = await runPrChanges(repo, base, second);
    const update = await runPrComment(api, changesAgain.report, second);
    expect(update.code).toBe(0);
    expect(update.outputs.action).toBe("updated");
    expect(api.writes()).toEqual([`PATCH /issues/comments/${comment.id}`]);
    expect(api.comments.filter((each) => each.body.includes(MARKER))).toHaveLength(1);
    expect(comment.body).toContain("- added `/months_notice`: `3`");
    expect(comment.body).toContain(`at \`${second.slice(0, 12)}\``);

    // Re-running the same workflow run changes nothing.
    api.clearRequests();
    const again = await runPrComment(api, changesAgain.report, second);
    expect(again.outputs.action).toBe("unchanged");
    expect(api.writes()).toEqual([]);
  });

  it("skips a run for a commit the pull request has moved past, and never edits a comment someone else wrote", async () => {
    const { repo, base } = await baseRepository();
    await repo.writeFact({
      id: "cmhc.insurance_cap",
      domain: "mortgage",
      cadence: "volatile",
      value: 1500000,
      retrieved_iso: "2026-11-25",
    });
    const head = await repo.commit("re-verify cmhc.insurance_cap");
    const { report } = await runPrChanges(repo, base, head);

    const api = await startFakeGitHubApi();
    api.pulls.push({ number: 7, state: "open", head: { sha: "b".repeat(40) } });
    api.addComment(7, `${MARKER} pasted by hand`, { login: "someone", type: "User" });
    const stale = await runPrComment(api, report, head);
    expect(stale.code).toBe(0);
    expect(stale.outputs.action).toBe("skipped");
    expect(stale.annotations).toContainEqual({
      level: "notice",
      properties: {},
      message: `no comment posted: pull request #7 is now at bbbbbbbbbbbb, not at the tested ${head.slice(0, 12)}`,
    });
    expect(api.writes()).toEqual([]);

    api.pulls[0]!.head.sha = head;
    const posted = await runPrComment(api, report, head);
    expect(posted.outputs.action).toBe("created");
    expect(api.writes()).toEqual(["POST /issues/7/comments"]);
    expect(api.comments.find((each) => each.user.login === "someone")!.body).toBe(`${MARKER} pasted by hand`);
  });

  it("comments from a pull_request job too (a same-repository pull request, with the workflow's token)", async () => {
    const { repo, base } = await baseRepository();
    await repo.writeFact({
      id: "cmhc.insurance_cap",
      domain: "mortgage",
      cadence: "volatile",
      value: 1500000,
      retrieved_iso: "2026-11-25",
    });
    const head = await repo.commit("re-verify cmhc.insurance_cap");
    const { report } = await runPrChanges(repo, base, head);
    const api = await startFakeGitHubApi();
    const event = await eventEnvironment("pull_request", "pull_request.synchronize.json", {
      pull_request: { number: 12, head: { sha: head }, base: { sha: base } },
    });
    const run = await runAction("pr-comment", {
      workspace: repo.root,
      scratch: await tempDir(),
      inputs: { report },
      env: { ...api.env, ...event },
    });
    expect(run.code).toBe(0);
    expect(api.writes()).toEqual(["POST /issues/12/comments"]);
    expect(api.comments[0]!.body).toContain("1 fact changed: 1 re-verification.");
  });

  it("refuses a report that is not for the tested commit or is not a report at all", async () => {
    const api = await startFakeGitHubApi();
    const scratch = await tempDir();
    const forged = path.join(scratch, "report.json");
    const tested = "c".repeat(40);
    await writeFile(
      forged,
      JSON.stringify({
        schema: 1,
        pull_request: { number: 3, head_sha: "d".repeat(40) },
        base: "main",
        changes: [],
        unreadable: [],
      }),
    );
    const mismatch = await runPrComment(api, forged, tested);
    expect(mismatch.code).toBe(1);
    expect(mismatch.annotations.at(-1)?.message).toBe(
      `the pull request comment could not be posted: the report is for dddddddddddd, but the run tested cccccccccccc`,
    );

    await writeFile(forged, JSON.stringify({ schema: 1, changes: "<script>" }));
    const malformed = await runPrComment(api, forged, tested);
    expect(malformed.code).toBe(1);
    expect(malformed.annotations.at(-1)?.message).toMatch(
      /^the pull request comment could not be posted: .*report\.json is not a fact-changes report/,
    );
    expect(api.writes()).toEqual([]);
  });

  it("renders text from the pull request literally: no markup, mentions or HTML", async () => {
    const label =
      "@maintainers <img src=x onerror=alert(1)> [click](https://evil.example) ![x](http://evil.example/x.png) #1";
    const { body } = await commentOnBracketsEdit({ label });
    const reader = readAsGitHub(body);
    expect(reader.visible).toContain(label);
    expect(reader.linked).toEqual([]);
    expect(reader.html).not.toMatch(/<(a|img)[\s>]/);
    expect(body).not.toContain("<img");
  });

  it("posts a hostile artifact as plain text, with a placeholder for each month that is not a month", async () => {
    const api = await startFakeGitHubApi();
    const head = "e".repeat(40);
    api.pulls.push({ number: 9, state: "open", head: { sha: head } });
    const forged = path.join(await tempDir(), "report.json");
    const series = (months: string[]) => ({
      file: "index-data/mortgage-rates.json",
      measure: "rate",
      added: months.map((month) => ({ month, value: 0.05 })),
      revised: [],
      removed: [],
      resourced: months,
    });
    await writeFile(
      forged,
      JSON.stringify({
        schema: 1,
        pull_request: { number: 9, head_sha: head },
        base: "f".repeat(40),
        changes: [],
        unreadable: ["facts/tax/@team [x](https://evil.example).json"],
        index_data: [series(["2025-13", "<b>x</b>", "@maintainers", "![x](http://evil.example/x.png)", "2025-01"])],
        index_data_problems: [
          {
            file: "index-data/<img src=x>.json",
            side: "head",
            line: 1,
            column: 1,
            pointer: "/@team",
            message: "[x](https://evil.example) @maintainers <b>x</b>",
          },
        ],
      }),
    );
    const run = await runPrComment(api, forged, head);
    expect(run.code).toBe(0);
    const reader = readAsGitHub(api.comments[0]!.body);
    expect(reader.linked).toEqual([]);
    expect(reader.html).not.toMatch(/<(a|img|b)[\s>]/);
    expect(reader.visible).toContain(
      "new: (not a month) 5%, (not a month) 5%, (not a month) 5%, (not a month) 5%, 2025-01 5%",
    );
    expect(reader.visible).toContain(
      "same value, new source: (not a month), (not a month), (not a month), (not a month), 2025-01",
    );
    expect(reader.visible).toContain(
      "(not an index-data series file) in this pull request: line 1, column 1 at /@team: [x](https://evil.example) @maintainers <b>x</b>",
    );
  });

  it("keeps the dates table whole when a cell's text holds a pipe", async () => {
    const { run, body } = await commentOnBracketsEdit({ unit: "CAD | injected | cells" });
    expect(run.annotations).toEqual([]);
    const row = body.split("\n").find((line) => line.startsWith("| unit |"));
    expect(row).toBe("| unit | – | `CAD \\| injected \\| cells` |");
    // Three cells: the row splits only at its four unescaped pipes.
    expect(row!.split(/(?<!\\)\|/)).toHaveLength(5);
  });

  it("lists the affordability index inputs a pull request adds, revises and re-sources, month by month", async () => {
    const { repo, base: factsBase } = await baseRepository();
    const cite = (org: string) => ({
      url: "https://www.bankofcanada.ca/valet/",
      org,
      kind: "official",
      retrieved_iso: "2026-10-01",
    });
    const rates = (months: [string, number, string][]) => ({
      series: "V80691335",
      description: "5-year conventional mortgage rate.",
      months: months.map(([month, rate, org]) => ({ month, rate, citation: cite(org) })),
    });
    await repo.writeJson(
      "index-data/mortgage-rates.json",
      rates([
        ["2023-01", 0.0649, "Bank of Canada"],
        ["2023-02", 0.0649, "A newspaper"],
      ]),
    );
    const base = await repo.commit("rates on main");
    await repo.writeJson(
      "index-data/mortgage-rates.json",
      rates([
        ["2023-01", 0.0659, "Bank of Canada"],
        ["2023-02", 0.0649, "Bank of Canada"],
        ["2023-03", 0.0649, "Bank of Canada"],
      ]),
    );
    const head = await repo.commit("Affordability index inputs for 2023-03");
    expect(factsBase).not.toBe(base);
    const { report } = await runPrChanges(repo, base, head);
    const written = JSON.parse(await readFile(report, "utf8"));
    expect(written.index_data).toEqual([
      {
        file: "index-data/mortgage-rates.json",
        measure: "rate",
        added: [{ month: "2023-03", value: 0.0649 }],
        revised: [{ month: "2023-01", from: 0.0649, to: 0.0659 }],
        removed: [],
        resourced: ["2023-02"],
      },
    ]);
    const api = await startFakeGitHubApi();
    api.pulls.push({ number: 7, state: "open", head: { sha: head } });
    const posted = await runPrComment(api, report, head);
    expect(posted.outputs.action).toBe("created");
    const body = api.comments[0]!.body;
    expect(body).toContain(
      "## Affordability index inputs\n\n`index-data/mortgage-rates.json`:\n- new: 2023-03 6.49%\n- revised 2023-01: 6.49% → 6.59%\n- same value, new source: 2023-02\n",
    );
  });

  it("names a hostile index-data file on either side, with its place, instead of stopping the job", async () => {
    const { repo } = await baseRepository();
    const cite = {
      url: "https://www.bankofcanada.ca/valet/",
      org: "Bank of Canada",
      kind: "official",
      retrieved_iso: "2026-10-01",
    };
    const rates = {
      series: "V80691335",
      description: "5-year conventional mortgage rate.",
      months: [{ month: "2023-01", rate: 0.0649, citation: cite }],
    };
    const depth = 100_000;
    // A citation nested a hundred thousand levels deep, and a description far past the data-file limit.
    const deep = JSON.stringify(rates).replace(
      '"citation":{',
      `"citation":{"x":${"[".repeat(depth)}${"]".repeat(depth)},`,
    );
    const large = (board: string) =>
      JSON.stringify({
        board,
        description: "x".repeat(300 * 1024),
        months: [{ month: "2023-01", hpi_benchmark_price: 1_100_000, citation: cite }],
      });
    await repo.writeJson("index-data/benchmarks/fraser-valley.json", JSON.parse(large("fraser-valley")));
    await writeFile(path.join(repo.root, "index-data/mortgage-rates.json"), deep);
    const base = await repo.commit("hostile index inputs on the base branch");
    await writeFile(
      path.join(repo.root, "index-data/benchmarks/fraser-valley.json"),
      deep.replace('"series":"V80691335"', '"board":"fraser-valley"'),
    );
    await writeFile(path.join(repo.root, "index-data/benchmarks/greater-vancouver.json"), large("greater-vancouver"));
    await repo.writeJson("index-data/mortgage-rates.json", rates);
    const head = await repo.commit("hostile index inputs in the pull request");
    const { run, report } = await runPrChanges(repo, base, head);
    expect(run.code).toBe(0);
    const written = JSON.parse(await readFile(report, "utf8"));
    expect(written.index_data).toEqual([]);
    const tooLarge = expect.stringContaining("a data file may be at most 262144 bytes (256 KB)");
    const tooDeep = {
      line: 1,
      pointer: `/months/0/citation/x${"/0".repeat(12)}`,
      message: "nested 17 levels deep; a document may nest at most 16",
    };
    expect(written.index_data_problems).toEqual([
      {
        file: "index-data/benchmarks/fraser-valley.json",
        side: "base",
        line: 1,
        column: 1,
        pointer: "",
        message: tooLarge,
      },
      expect.objectContaining({ file: "index-data/benchmarks/fraser-valley.json", side: "head", ...tooDeep }),
      {
        file: "index-data/benchmarks/greater-vancouver.json",
        side: "head",
        line: 1,
        column: 1,
        pointer: "",
        message: tooLarge,
      },
      expect.objectContaining({ file: "index-data/mortgage-rates.json", side: "base", ...tooDeep }),
    ]);
    const api = await startFakeGitHubApi();
    api.pulls.push({ number: 7, state: "open", head: { sha: head } });
    expect((await runPrComment(api, report, head)).code).toBe(0);
    const visible = readAsGitHub(api.comments[0]!.body).visible;
    expect(visible).toContain("Index inputs not compared, since they could not be read");
    expect(visible).toContain(
      "index-data/benchmarks/greater-vancouver.json in this pull request: line 1, column 1: the file is",
    );
    // The seventeenth bracket: the root, months, the month, the citation and thirteen of the brackets of "x".
    const column = deep.indexOf("[".repeat(13)) + 13;
    expect(visible).toContain(
      `index-data/mortgage-rates.json on the base branch: line 1, column ${column} at ${tooDeep.pointer}: ${tooDeep.message}`,
    );
  });
});
