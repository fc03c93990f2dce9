import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { factJson } from "../helpers/git-repo.ts";
import { runAction } from "../helpers/run-action.ts";
import { SVT_2026_SEED } from "../helpers/scheduled-facts.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { eventEnvironment } from "../workflows/helpers/event-file.ts";
import { type FakeGitHubApi, startFakeGitHubApi } from "../workflows/helpers/fake-github-api.ts";

const SVT = "facts/tax/bc.svt.rates_2026.json";

const announced = (effective_iso: string) => ({
  effective_iso,
  status: "announced",
  value: { rate_foreign_owners: 0.04 },
  unit: "object",
  citations: [
    {
      url: "https://www.bcbudget.gov.bc.ca/2026/accessibility/2026_Backgrounder_3.htm",
      org: "bc-government",
      kind: "official",
      title: "Budget 2026 backgrounder",
      retrieved_iso: "2026-11-20",
    },
  ],
  note: "Budget 2026 raises the rate for foreign owners to 4% for 2027",
});

/** A checkout with one fact carrying the given scheduled changes. */
const workspaceWith = async (scheduled: unknown[]) => {
  const workspace = await tempDir();
  const { superseded_by: _none, ...fact } = factJson({ ...SVT_2026_SEED, retrieved_iso: "2026-11-20" });
  await mkdir(path.join(workspace, "facts/tax"), { recursive: true });
  await writeFile(
    path.join(workspace, SVT),
    `${JSON.stringify({ ...fact, ...(scheduled.length > 0 ? { scheduled } : {}), superseded_by: null }, null, 2)}\n`,
  );
  return workspace;
};

const run = async (workspace: string, api: FakeGitHubApi, today: string) =>
  runAction("confirm-changes", {
    workspace,
    scratch: await tempDir(),
    inputs: { "within-days": "14", label: "confirm-change", today },
    env: { ...api.env, ...(await eventEnvironment("schedule", "schedule.json")) },
  });

describe("confirm-changes action", () => {
  it("opens one issue for an announced change 14 days before its date, keeps it current, never twice, and closes it once settled", async () => {
    const workspace = await workspaceWith([announced("2027-01-01")]);
    const api = await startFakeGitHubApi();

    const early = await run(workspace, api, "2026-12-17");
    expect(early.code).toBe(0);
    expect(api.writes()).toEqual([]);
    expect(early.outputs).toEqual({ pending: "0", opened: "0", updated: "0", closed: "0" });

    const first = await run(workspace, api, "2026-12-18");
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(api.writes()).toEqual(["POST /labels", "POST /issues"]);
    expect(first.outputs).toEqual({ pending: "1", opened: "1", updated: "0", closed: "0" });
    const [issue] = api.issues.filter((each) => each.labels.includes("confirm-change"));
    expect(issue).toMatchObject({
      title: "Confirm the announced change to bc.svt.rates_2026 effective 2027-01-01",
      state: "open",
    });
    expect(issue!.body).toContain("<!-- facts-confirm-change:bc.svt.rates_2026@2027-01-01 -->");
    expect(issue!.body).toContain("an announced change falls due in 14 days (effective 2027-01-01)");
    expect(issue!.body).toContain('"rate_foreign_owners": 0.04');
    expect(issue!.body).toContain("https://www.bcbudget.gov.bc.ca/2026/accessibility/2026_Backgrounder_3.htm");
    expect(issue!.body).toContain("set its `status` to `enacted`");
    expect(first.summary).toContain("1 announced change(s) due within 14 days of 2026-12-18: 1 issue(s) opened");

    api.clearRequests();
    await run(workspace, api, "2026-12-18");
    expect(api.writes()).toEqual([]);

    const onTheDay = await run(workspace, api, "2027-01-01");
    expect(onTheDay.outputs).toMatchObject({ opened: "0", updated: "1" });
    expect(issue!.body).toContain("falls due today");

    // A person closed the issue, but the change is still pending: it is reopened rather than duplicated.
    issue!.state = "closed";
    api.clearRequests();
    const reopened = await run(workspace, api, "2027-01-02");
    expect(api.writes()).toEqual([`PATCH /issues/${issue!.number}`]);
    expect(reopened.outputs).toMatchObject({ opened: "0", updated: "1" });
    expect(issue).toMatchObject({ state: "open" });
    expect(issue!.body).toContain("fell due 1 day ago");

    // Confirmed and recorded as a revision: the entry is gone, so the issue closes with a comment.
    const settled = await workspaceWith([]);
    api.clearRequests();
    const closed = await run(settled, api, "2027-01-03");
    expect(closed.outputs).toEqual({ pending: "0", opened: "0", updated: "0", closed: "1" });
    expect(api.writes()).toEqual([`POST /issues/${issue!.number}/comments`, `PATCH /issues/${issue!.number}`]);
    expect(issue).toMatchObject({ state: "closed", state_reason: "completed" });
    expect(api.issues.filter((each) => each.labels.includes("confirm-change"))).toHaveLength(1);
  });

  it("leaves enacted changes to the promotion and fails loudly when GitHub drops the label", async () => {
    const enacted = { ...announced("2027-01-01"), status: "enacted" };
    const quiet = await run(await workspaceWith([enacted]), await startFakeGitHubApi(), "2027-01-01");
    expect(quiet.outputs).toMatchObject({ pending: "0", opened: "0" });

    const api = await startFakeGitHubApi({ dropsIssueLabels: true });
    const failed = await run(await workspaceWith([announced("2027-01-01")]), api, "2026-12-20");
    expect(failed.code).toBe(1);
    expect(failed.annotations.at(-1)?.message).toMatch(
      /^the confirmation issues could not be updated: issue #\d+ was created without the label "confirm-change"/,
    );
  });
});
