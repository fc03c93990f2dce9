import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { copyOrganisations, type FactSeed, factJson } from "../helpers/git-repo.ts";
import { runAction } from "../helpers/run-action.ts";
import { runScript } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { eventEnvironment } from "../workflows/helpers/event-file.ts";
import { type FakeGitHubApi, startFakeGitHubApi } from "../workflows/helpers/fake-github-api.ts";

const RENT_PAGE = "https://www2.gov.bc.ca/gov/content/housing-tenancy/residential-tenancies/rent-rtb/rent-increases";

const rentCapExpected = (byIso: string) => ({
  by_iso: byIso,
  what: "The 2027 rent cap",
  where: { url: RENT_PAGE, org: "bc-residential-tenancy-branch" },
});

/** A fact file as a contributor writes it, with `extra` members put before `superseded_by` (the schema's key order). */
const writeFact = async (root: string, seed: FactSeed & { domain: string }, extra: Record<string, unknown>) => {
  const { superseded_by, ...fact } = factJson(seed);
  const file = path.join(root, "facts", seed.domain, `${seed.id}.json`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify({ ...fact, ...extra, superseded_by }, null, 2)}\n`);
};

// Verified until 2027-01-30 (volatile) and 2027-05-20 (stable): neither is due by date on 2026-11-26.
const RENT_CAP = {
  id: "bc.rent_cap.2026",
  domain: "rental",
  cadence: "volatile" as const,
  retrieved_iso: "2026-11-01",
  effective_iso: "2026-01-01",
};
const SVT = {
  id: "bc.svt.rates_2026",
  domain: "tax",
  cadence: "stable" as const,
  retrieved_iso: "2026-11-21",
  effective_iso: "2026-01-01",
};

/**
 * The rent cap expects the 2027 cap by 2026-09-30 and records nothing newer; the SVT rates expected theirs by the
 * same date but record it as a scheduled change, so only the rent cap is due and not recorded from 2026-09-30.
 */
const workspaceWith = async (rentCapBy = "2026-09-30") => {
  const workspace = await tempDir();
  // The issue names organisations by the registry's names, read from the workspace.
  await copyOrganisations(workspace);
  await writeFact(workspace, RENT_CAP, { next_expected: rentCapExpected(rentCapBy) });
  await writeFact(workspace, SVT, {
    scheduled: [
      {
        effective_iso: "2027-01-01",
        status: "announced",
        value: 2,
        citations: [
          { url: "https://www.bcbudget.gov.bc.ca/2026/", org: "bc-ministry-of-finance", retrieved_iso: "2026-11-21" },
        ],
        note: "Budget 2026 raises the rate",
      },
    ],
    next_expected: {
      by_iso: "2026-09-30",
      what: "Budget rates",
      where: { url: "https://www.bcbudget.gov.bc.ca/2026/", org: "bc-ministry-of-finance" },
    },
  });
  return workspace;
};

const runReverify = async (workspace: string, api: FakeGitHubApi, today: string) =>
  runAction("reverify", {
    workspace,
    scratch: await tempDir(),
    inputs: { "within-days": "30", label: "reverify", "check-links": "false", today },
    env: { ...api.env, ...(await eventEnvironment("schedule", "schedule.json")) },
  });

const warning = (due: string) =>
  `facts/rental/bc.rent_cap.2026.json:22:5: bc.rent_cap.2026: the expected announcement (The 2027 rent cap) ${due} and is not recorded yet: ` +
  `look for it at ${RENT_PAGE}, record the new value (a revision or a scheduled change) and move next_expected to the next cycle, or move by_iso if it is late (at /next_expected/by_iso)`;
const WARNING = warning("was due by 2026-09-30");

describe("an expected announcement due and not recorded", () => {
  it("is reported by npm run freshness from its by_iso day, not before, without blocking", async () => {
    const workspace = await workspaceWith();
    const freshness = (today: string) =>
      runScript("src/cli/freshness.ts", ["--root", workspace], { env: { FACTS_TODAY: today } });
    const late = await freshness("2026-11-26");
    expect(late.code).toBe(0);
    expect(late.stdout.split("\n")).toEqual([
      `warning: ${WARNING}`,
      "ok: none of 2 facts is past expires_iso on 2026-11-26 and every enacted change in effect is promoted; 1 expected announcement(s) due and not recorded",
      "",
    ]);
    const onTheDay = await freshness("2026-09-30");
    expect(onTheDay.code).toBe(0);
    expect(onTheDay.stdout.split("\n")).toEqual([
      `warning: ${warning("is due today (2026-09-30)")}`,
      "ok: none of 2 facts is past expires_iso on 2026-09-30 and every enacted change in effect is promoted; 1 expected announcement(s) due and not recorded",
      "",
    ]);
    const before = await freshness("2026-09-29");
    expect(before.stdout).toBe(
      "ok: none of 2 facts is past expires_iso on 2026-09-29 and every enacted change in effect is promoted\n",
    );
  });

  it("is annotated by the freshness gate on its by_iso line", async () => {
    const run = await runAction("freshness-gate", {
      workspace: await workspaceWith(),
      scratch: await tempDir(),
      inputs: { "warn-days": "30", today: "2026-11-26" },
    });
    expect(run.code).toBe(0);
    const [, message] = WARNING.split(": bc.rent_cap.2026: ");
    expect(run.annotations).toEqual([
      {
        level: "warning",
        properties: {
          title: "Expected announcement not recorded",
          file: "facts/rental/bc.rent_cap.2026.json",
          line: "22",
          col: "5",
        },
        message: `bc.rent_cap.2026: ${message!.replace(/ \(at \/next_expected\/by_iso\)$/, "")}`,
      },
    ]);
    expect(run.summary).toContain("<h3>Expected announcements due and not recorded</h3>");
  });

  it("opens a re-verification issue for the fact, saying what is expected and where; moving next_expected closes it", async () => {
    const workspace = await workspaceWith();
    const api = await startFakeGitHubApi();
    const run = await runReverify(workspace, api, "2026-11-26");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.outputs).toMatchObject({ due: "1", opened: "1", updated: "0", closed: "0" });
    expect(api.writes()).toEqual(["POST /labels", "POST /issues"]);
    const [issue] = api.issues;
    expect(issue).toMatchObject({
      title: "Re-verify bc.rent_cap.2026 (expected announcement due 2026-09-30, not recorded)",
      state: "open",
      labels: ["reverify"],
    });
    expect(issue!.body).toContain("<!-- facts-reverify:bc.rent_cap.2026 -->");
    expect(issue!.body).toContain(
      "expires in 65 days (expires_iso 2027-01-30), but its next value, normally announced by 2026-09-30, is not recorded yet.",
    );
    expect(issue!.body).toContain(
      `### Expected announcement not recorded yet\n\nThe 2027 rent cap: it was due by 2026-09-30 and is not recorded yet. Look for it on BC Residential Tenancy Branch's page: ${RENT_PAGE}`,
    );

    // The contributor finds the cap is late and says by when it is now expected: the issue closes.
    await writeFact(workspace, RENT_CAP, { next_expected: rentCapExpected("2026-12-15") });
    api.clearRequests();
    const moved = await runReverify(workspace, api, "2026-11-27");
    expect(moved.code).toBe(0);
    expect(moved.outputs).toMatchObject({ due: "0", opened: "0", closed: "1" });
    expect(issue).toMatchObject({ state: "closed" });
  });

  it("opens its issue on its by_iso day itself, and nothing the day before", async () => {
    const workspace = await workspaceWith();
    const api = await startFakeGitHubApi();
    const before = await runReverify(workspace, api, "2026-09-29");
    expect(before.code).toBe(0);
    expect(before.outputs).toMatchObject({ due: "0", opened: "0" });
    expect(api.issues).toEqual([]);

    const onTheDay = await runReverify(workspace, api, "2026-09-30");
    expect(onTheDay.stderr).toBe("");
    expect(onTheDay.code).toBe(0);
    expect(onTheDay.outputs).toMatchObject({ due: "1", opened: "1" });
    const [issue] = api.issues;
    expect(issue).toMatchObject({
      title: "Re-verify bc.rent_cap.2026 (expected announcement due 2026-09-30, not recorded)",
      state: "open",
      labels: ["reverify"],
    });
    expect(issue!.body).toContain(
      `The 2027 rent cap: it is due today (2026-09-30) and is not recorded yet. Look for it on BC Residential Tenancy Branch's page: ${RENT_PAGE}`,
    );
  });
});
