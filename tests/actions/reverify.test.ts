import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type FactSeed, factJson } from "../helpers/git-repo.ts";
import { LIMITS } from "../helpers/limits.ts";
import { runAction } from "../helpers/run-action.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { type CitationRoute, startCitationServer } from "../workflows/helpers/citation-server.ts";
import { eventEnvironment } from "../workflows/helpers/event-file.ts";
import { type FakeGitHubApi, startFakeGitHubApi } from "../workflows/helpers/fake-github-api.ts";

const writeFact = async (root: string, seed: FactSeed & { domain: string }, urls: string[]) => {
  const fact = factJson(seed);
  const retrieved = seed.retrieved_iso ?? "2026-11-01";
  fact.citations = urls.map((url, index) => ({
    url,
    org: "bc-ministry-of-finance",
    title: `Page ${index + 1}`,
    retrieved_iso: retrieved,
  }));
  const file = path.join(root, "facts", seed.domain, `${seed.id}.json`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(fact, null, 2)}\n`);
};

const RENT_CAP = {
  id: "bc.rent_cap.2026",
  domain: "rental",
  cadence: "volatile" as const,
  label: "Allowable rent increase",
  value: { rate: 0.023 },
};
const INSURANCE = {
  id: "cmhc.insurance_cap",
  domain: "mortgage",
  cadence: "stable" as const,
  label: "Insured mortgage price cap",
  value: 1500000,
};
const BRACKETS = { id: "bc.ptt.brackets", domain: "tax", cadence: "stable" as const };

/** A checkout with three facts: one expiring in 20 days, one expired, one verified for months. */
const workspaceWithFacts = async () => {
  const workspace = await tempDir();
  await writeFact(workspace, { ...RENT_CAP, retrieved_iso: "2026-10-01" }, [
    "https://www2.gov.bc.ca/rtb/rent-increase",
    "https://www2.gov.bc.ca/rtb/gone",
  ]);
  await writeFact(workspace, { ...INSURANCE, retrieved_iso: "2026-05-01" }, [
    "https://www.cmhc-schl.gc.ca/moved",
    "https://www.canada.ca/slow",
  ]);
  await writeFact(workspace, { ...BRACKETS, retrieved_iso: "2026-11-15" }, ["https://www2.gov.bc.ca/ptt"]);
  return workspace;
};

/**
 * The link checks' timeout: a command's answer limit, so that a page on 127.0.0.1 answers within it on a loaded
 * machine; the one route that hangs (/slow) is reported as timed out once it passes.
 */
const LINK_TIMEOUT_SECONDS = String(LIMITS.answer / 1000);

const startSources = () =>
  startCitationServer({
    "/rtb/rent-increase": { status: 200 },
    "/rtb/gone": { status: 404 },
    "/moved": { status: 301, location: "https://www.cmhc-schl.gc.ca/new-home" },
    "/new-home": { status: 200 },
    "/slow": "hang",
    "/ptt": { status: 200 },
  });

const runReverify = async (workspace: string, api: FakeGitHubApi, sources: { address: string }, today: string) =>
  runAction("reverify", {
    workspace,
    scratch: await tempDir(),
    inputs: { "within-days": "30", label: "reverify", "link-timeout-seconds": LINK_TIMEOUT_SECONDS, today },
    env: {
      ...api.env,
      ...(await eventEnvironment("schedule", "schedule.json")),
      FACTS_LINK_CHECK_CONNECT_TO: sources.address,
    },
  });

const issueOf = (api: FakeGitHubApi, factId: string) =>
  api.issues.filter((issue) => issue.body.includes(`<!-- facts-reverify:${factId} -->`));

describe("re-verification action", () => {
  it("opens one issue per due fact saying what to check and where, with the link checks; a second run creates nothing", async () => {
    const workspace = await workspaceWithFacts();
    const sources = await startSources();
    // One page per request, so the issue search pages through Link headers as it must on a real repository.
    const api = await startFakeGitHubApi({ pageSize: 1 });
    api.issues.push({ number: 1, title: "Unrelated bug", body: "no marker", state: "open", labels: ["bug"] });
    api.issues.push({
      number: 2,
      title: "A pull request",
      body: "<!-- facts-reverify:bc.rent_cap.2026 -->",
      state: "open",
      labels: ["reverify"],
      pull_request: { url: "x" },
    });

    const run = await runReverify(workspace, api, sources, "2026-12-10");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    // The label is created first, so GitHub cannot drop it from the new issues.
    expect(api.writes()).toEqual(["POST /labels", "POST /issues", "POST /issues"]);
    expect(
      api.requests.find((request) => request.method === "POST" && request.path.endsWith("/labels"))?.body,
    ).toMatchObject({ name: "reverify" });
    expect(run.outputs).toEqual({
      due: "2",
      opened: "2",
      updated: "0",
      closed: "0",
      "dead-links": "1",
      "quotes-gone": "0",
    });

    const [insurance] = issueOf(api, "cmhc.insurance_cap").filter((issue) => !issue.pull_request);
    const [rentCap] = issueOf(api, "bc.rent_cap.2026").filter((issue) => !issue.pull_request);
    expect(issueOf(api, "bc.ptt.brackets")).toEqual([]);
    expect(insurance).toMatchObject({
      title: "Re-verify cmhc.insurance_cap (expired 2026-10-28)",
      state: "open",
      labels: ["reverify"],
    });
    expect(insurance!.body).toContain(
      "**Insured mortgage price cap** (`cmhc.insurance_cap`, version 1, cadence:stable, re-verified every 180 days) **expired 43 days ago (expires_iso 2026-10-28)**.",
    );
    expect(insurance!.body).toContain("1. Page 1: https://www.cmhc-schl.gc.ca/moved");
    expect(insurance!.body).toContain(
      "- https://www.cmhc-schl.gc.ca/moved → 301 https://www.cmhc-schl.gc.ca/new-home: cite the final address.",
    );
    expect(insurance!.body).toContain(`- https://www.canada.ca/slow: no answer within ${LINK_TIMEOUT_SECONDS} s`);
    expect(insurance!.body).toContain("None: no cited address is gone.");
    expect(rentCap).toMatchObject({ title: "Re-verify bc.rent_cap.2026 (expires 2026-12-30)" });
    expect(rentCap!.body).toContain("expires in 20 days (expires_iso 2026-12-30)");
    expect(rentCap!.body).toContain('```json\n{\n  "rate": 0.023\n}\n```');
    expect(rentCap!.body).toContain("source check: **page gone**: 404");
    expect(rentCap!.body).toContain(
      "- https://www2.gov.bc.ca/rtb/gone: 404. Find where the source moved and update the citation.",
    );
    expect(rentCap!.body).toContain("expires_iso` to that day plus 90 days");
    // Every cited address, of due facts and others, was read through the local stand-in with its real host; the
    // redirect was followed hop by hop and reported, not trusted.
    expect(sources.requests.sort()).toEqual([
      "GET www.canada.ca/slow",
      "GET www.cmhc-schl.gc.ca/moved",
      "GET www.cmhc-schl.gc.ca/new-home",
      "GET www2.gov.bc.ca/ptt",
      "GET www2.gov.bc.ca/rtb/gone",
      "GET www2.gov.bc.ca/rtb/rent-increase",
    ]);
    expect(run.annotations).toContainEqual({
      level: "warning",
      properties: { title: "Dead citation link" },
      message: "dead citation link https://www2.gov.bc.ca/rtb/gone: 404",
    });
    expect(run.summary).toContain("<h2>Re-verification</h2>");
    expect(run.summary).toContain(
      "2 fact(s) expired, expiring within 30 days, with a source gone or with an expected announcement due and not recorded on 2026-12-10: 2 issue(s) opened, 0 updated, 0 unchanged, 0 closed; 1 dead link(s), 0 quote(s) gone.",
    );
    expect(run.summary).toContain(
      `<tr><td>cmhc.insurance_cap</td><td>#${insurance!.number}</td><td>open</td><td>0</td><td>0</td></tr>`,
    );
    expect(run.summary).toContain(
      `<tr><td>bc.rent_cap.2026</td><td>#${rentCap!.number}</td><td>open</td><td>1</td><td>0</td></tr>`,
    );

    api.clearRequests();
    const again = await runReverify(workspace, api, sources, "2026-12-10");
    expect(again.code).toBe(0);
    expect(api.writes()).toEqual([]);
    expect(again.outputs).toMatchObject({ opened: "0", updated: "0", closed: "0" });
    expect(api.issues.filter((issue) => issue.labels.includes("reverify") && !issue.pull_request)).toHaveLength(2);
  });

  it("updates the issues in place the next day, closes one with a comment once re-verified, and reopens it the next cycle", async () => {
    const workspace = await workspaceWithFacts();
    const sources = await startSources();
    const api = await startFakeGitHubApi();
    await runReverify(workspace, api, sources, "2026-12-10");
    const [rentCap] = issueOf(api, "bc.rent_cap.2026");
    const [insurance] = issueOf(api, "cmhc.insurance_cap");

    api.clearRequests();
    const nextDay = await runReverify(workspace, api, sources, "2026-12-11");
    expect(api.writes().sort()).toEqual(
      [`PATCH /issues/${insurance!.number}`, `PATCH /issues/${rentCap!.number}`].sort(),
    );
    expect(nextDay.outputs).toMatchObject({ opened: "0", updated: "2", closed: "0" });
    expect(rentCap!.body).toContain("expires in 19 days");

    // The contributor re-verifies the rent cap: new retrieved_iso, expires_iso 90 days later.
    await writeFact(workspace, { ...RENT_CAP, retrieved_iso: "2026-12-11" }, [
      "https://www2.gov.bc.ca/rtb/rent-increase",
    ]);
    api.clearRequests();
    const verified = await runReverify(workspace, api, sources, "2026-12-11");
    expect(verified.code).toBe(0);
    expect(verified.outputs).toMatchObject({ due: "1", opened: "0", updated: "0", closed: "1" });
    expect(api.writes()).toEqual([`POST /issues/${rentCap!.number}/comments`, `PATCH /issues/${rentCap!.number}`]);
    expect(rentCap).toMatchObject({ state: "closed", state_reason: "completed" });
    expect(api.comments.find((comment) => comment.issue === rentCap!.number)!.body).toBe(
      "Re-verified: `bc.rent_cap.2026` was last checked on 2026-12-11 and its verification now lapses on 2027-03-11, more than 30 days ahead. Closing; a new cycle reopens this issue.",
    );
    expect(verified.summary).toContain(`<li>bc.rent_cap.2026: #${rentCap!.number}</li>`);

    api.clearRequests();
    const nextCycle = await runReverify(workspace, api, sources, "2027-02-20");
    expect(nextCycle.outputs).toMatchObject({ opened: "0", updated: "2", closed: "0" });
    expect(api.writes().filter((write) => write === "POST /issues")).toEqual([]);
    expect(rentCap).toMatchObject({ state: "open", title: "Re-verify bc.rent_cap.2026 (expires 2027-03-11)" });
    expect(api.issues.filter((issue) => issue.labels.includes("reverify"))).toHaveLength(2);
  });

  it("fails loudly, rather than duplicating issues later, when GitHub drops the label from a new issue", async () => {
    const workspace = await workspaceWithFacts();
    const sources = await startSources();
    const api = await startFakeGitHubApi({ dropsIssueLabels: true });
    const run = await runReverify(workspace, api, sources, "2026-12-10");
    expect(run.code).toBe(1);
    expect(run.annotations.at(-1)?.message).toMatch(
      /^re-verification could not run: issue #\d+ was created without the label "reverify"/,
    );
    expect(api.writes().filter((write) => write === "POST /issues")).toHaveLength(1);
  });

  it("fails without touching anything when the API refuses the token", async () => {
    const workspace = await workspaceWithFacts();
    const sources = await startSources();
    const api = await startFakeGitHubApi({ token: "the-right-token" });
    const run = await runReverify(
      workspace,
      { ...api, env: { ...api.env, INPUT_TOKEN: "a-wrong-token" } },
      sources,
      "2026-12-10",
    );
    expect(run.code).toBe(1);
    expect(run.annotations.at(-1)?.message).toMatch(/^re-verification could not run: Bad credentials/);
    expect(api.issues).toEqual([]);
  });

  it("opens an issue for a fact not yet due when its quote is gone from the page, keeps fingerprints between runs, and closes it once the page says it again", async () => {
    const workspace = await tempDir();
    const quote = "The rate for foreign owners rises to 3% of their home's value from 2%.";
    await writeFact(workspace, { ...BRACKETS, retrieved_iso: "2026-11-15" }, ["https://www2.gov.bc.ca/ptt"]);
    const file = path.join(workspace, "facts/tax/bc.ptt.brackets.json");
    const fact = JSON.parse(await readFile(file, "utf8"));
    fact.citations[0] = { ...fact.citations[0], kind: "official", quote };
    await writeFile(file, `${JSON.stringify(fact, null, 2)}\n`);
    const fingerprints = path.join(await tempDir(), "state", "fingerprints.json");
    const routes: Record<string, CitationRoute> = {
      "/ptt": { status: 200, body: "<main><p>Foreign owners now pay 3% of their home's value, up from 2%.</p></main>" },
    };
    const api = await startFakeGitHubApi();
    const run = async (today: string) =>
      runAction("reverify", {
        workspace,
        scratch: await tempDir(),
        inputs: {
          "within-days": "30",
          label: "reverify",
          "link-timeout-seconds": LINK_TIMEOUT_SECONDS,
          fingerprints,
          today,
        },
        env: {
          ...api.env,
          ...(await eventEnvironment("schedule", "schedule.json")),
          FACTS_LINK_CHECK_CONNECT_TO: (await startCitationServer(routes)).address,
        },
      });

    const drifted = await run("2026-12-10");
    expect(drifted.code).toBe(0);
    expect(drifted.outputs).toMatchObject({ due: "1", opened: "1", "quotes-gone": "1", "dead-links": "0" });
    const [issue] = issueOf(api, "bc.ptt.brackets");
    expect(issue).toMatchObject({ title: "Re-verify bc.ptt.brackets (a cited source changed)", state: "open" });
    expect(issue!.body).toContain(
      "expires in 155 days (expires_iso 2027-05-14), but a cited source no longer says what it is cited for",
    );
    expect(issue!.body).toContain(
      "source check: **quote gone**: the page no longer contains the quote; page read for the first time",
    );
    expect(issue!.body).toContain("Closest passage now (similarity");
    expect(issue!.body).toContain("Foreign owners now pay 3% of their home");
    expect(drifted.annotations).toContainEqual({
      level: "warning",
      properties: { title: "Quote gone" },
      message: "bc.ptt.brackets: the quote of https://www2.gov.bc.ca/ptt (/citations/0) is no longer on the page",
    });
    expect(JSON.parse(await readFile(fingerprints, "utf8")).pages["https://www2.gov.bc.ca/ptt"]).toMatchObject({
      checked_iso: "2026-12-10",
      changed_iso: "2026-12-10",
    });

    routes["/ptt"] = { status: 200, body: `<main><p>${quote}</p></main>` };
    const restored = await run("2026-12-11");
    expect(restored.outputs).toMatchObject({ due: "0", closed: "1", "quotes-gone": "0" });
    expect(issue).toMatchObject({ state: "closed" });
    expect(JSON.parse(await readFile(fingerprints, "utf8")).pages["https://www2.gov.bc.ca/ptt"]).toMatchObject({
      checked_iso: "2026-12-11",
      changed_iso: "2026-12-11",
    });
  });
});
