import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { digestCycle, impactLine } from "../../src/digest/digest.ts";
import { lockStateFolder } from "../../src/webhooks/state.ts";
import { createGitRepo, type GitRepo } from "../helpers/git-repo.ts";
import { runScript } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { startSmtpServer } from "../webhooks/helpers/smtp.ts";

const exec = promisify(execFile);

/** Commits everything with author and committer date `date` (UTC noon). */
const commitOn = async (repo: GitRepo, date: string, message: string): Promise<void> => {
  const stamp = `${date}T12:00:00Z`;
  await exec("git", ["add", "-A"], { cwd: repo.root });
  await exec("git", ["commit", "-q", "-m", message], {
    cwd: repo.root,
    env: {
      ...process.env,
      GIT_AUTHOR_DATE: stamp,
      GIT_COMMITTER_DATE: stamp,
      GIT_CONFIG_NOSYSTEM: "1",
      HOME: repo.root,
    },
  });
};

/** Cycle boundaries from 2026-01-01 every 90 days: 2026-04-01, 2026-06-30, ... */
const historyAcrossCycles = async (): Promise<GitRepo> => {
  const repo = await createGitRepo();
  await repo.writeFact({
    id: "bc.rent_cap.2026",
    domain: "rental",
    label: "Residential rent increase cap",
    value: { max_increase: 0.03 },
    effective_iso: "2025-01-01",
    retrieved_iso: "2026-02-01",
    cadence: "volatile",
  });
  await repo.writeFact({
    id: "bc.pds",
    domain: "legal",
    label: "Property disclosure statement",
    value: "voluntary",
    retrieved_iso: "2026-02-01",
  });
  await repo.writeFact({ id: "bc.hbrp", domain: "mortgage", label: "Old label", value: 1 });
  await commitOn(repo, "2026-02-10", "Add the first facts");

  await repo.writeFact({
    id: "bc.rent_cap.2026",
    domain: "rental",
    label: "Residential rent increase cap",
    version: 2,
    value: { max_increase: 0.023 },
    effective_iso: "2026-01-01",
    retrieved_iso: "2026-05-01",
    cadence: "volatile",
  });
  await commitOn(
    repo,
    "2026-05-01",
    "bc.rent_cap.2026 v2: 2.3% for 2026\n\nSource: the 2026 announcement.\n\nImpact: Landlords may raise rent by at most 2.3% <in 2026>.",
  );
  await repo.writeFact({
    id: "bc.pds",
    domain: "legal",
    label: "Property disclosure statement",
    value: "voluntary",
    retrieved_iso: "2026-05-20",
  });
  await repo.writeFact({ id: "bc.hbrp", domain: "mortgage", label: "New label", value: 1 });
  await commitOn(repo, "2026-05-20", "Re-verify bc.pds against the LTSA page; relabel bc.hbrp");

  await repo.writeFact({
    id: "bc.rent_cap.2026",
    domain: "rental",
    label: "Residential rent increase cap",
    version: 3,
    value: { max_increase: 0.02 },
    effective_iso: "2026-01-01",
    retrieved_iso: "2026-07-05",
    cadence: "volatile",
  });
  await commitOn(
    repo,
    "2026-07-05",
    "bc.rent_cap.2026 v3: next cycle's change\n\nImpact: must not appear in the cycle ending 2026-06-30.",
  );
  return repo;
};

describe("the digest's parts", () => {
  it("finds the latest closed 90-day cycle", () => {
    expect(digestCycle("2025-12-31", "2026-01-01")).toBeUndefined();
    expect(digestCycle("2026-01-01", "2026-01-01")).toEqual({ start: "2025-10-03", end: "2026-01-01" });
    expect(digestCycle("2026-07-10", "2026-01-01")).toEqual({ start: "2026-04-01", end: "2026-06-30" });
    expect(digestCycle("2026-06-29", "2026-01-01")).toEqual({ start: "2026-01-01", end: "2026-04-01" });
  });

  it("reads the Impact: trailer, else a neutral note, never the subject", () => {
    expect(
      impactLine("v2: new cap\n\nBody text.\n\nImpact: Smaller increases.\nSigned-off-by: A <a@b>", undefined),
    ).toBe("Smaller increases.");
    expect(impactLine("v2: new cap\n\nImpact: Smaller increases\n  for every tenancy.", "2026-05-20")).toBe(
      "Smaller increases for every tenancy.",
    );
    expect(impactLine("Re-verify bc.pds\n\nNothing else.", "2026-05-20")).toBe(
      "Re-verified on 2026-05-20: sources checked, value unchanged.",
    );
    expect(impactLine("fix typo in bc.pds", undefined)).toBe("Edited: wording or sources, value unchanged.");
  });
});

describe("npm run digest", () => {
  it("emails every subscriber once per cycle, in text and HTML, with each changed fact and its impact", async () => {
    const repo = await historyAcrossCycles();
    const smtp = await startSmtpServer();
    const state = await tempDir();
    const env = {
      FACTS_TODAY: "2026-07-10",
      FACTS_DIGEST_EPOCH: "2026-01-01",
      FACTS_DIGEST_SUBSCRIBERS: JSON.stringify([
        { email: "ana@example.org", name: "Ana" },
        { email: "ben@example.org" },
      ]),
      FACTS_DIGEST_SUBSCRIBERS_FILE: "",
      FACTS_DIGEST_STATE: "",
      FACTS_WEBHOOK_STATE: state,
      FACTS_BASE_URL: "https://facts.example.org",
      SMTP_URL: smtp.url,
    };
    const first = await runScript("src/cli/digest.ts", ["--root", repo.root], { env });
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("cycle 2026-04-01..2026-06-30: 2 fact(s) changed");
    expect(first.stdout).toContain("digest 2026-04-01..2026-06-30: 2 change(s), sent to 2 of 2 subscriber(s)");

    expect(smtp.messages.map((mail) => mail.envelopeTo[0]).sort()).toEqual(["ana@example.org", "ben@example.org"]);
    const mail = smtp.messages[0]!;
    expect(mail.subject).toBe("BC Real Estate Facts: quarterly digest, cycle ending 2026-06-30 (2 changes)");
    expect(mail.text).toContain(
      "* Property disclosure statement (bc.pds), v1 -> v1\n  Impact: Re-verified on 2026-05-20: sources checked, value unchanged.\n  re-verify by: 2026-07-31 -> 2026-11-16",
    );
    expect(mail.text).toContain(
      "* Residential rent increase cap (bc.rent_cap.2026), v1 -> v2\n  Impact: Landlords may raise rent by at most 2.3% <in 2026>.",
    );
    expect(mail.text).toContain('value: {"max_increase":0.03} -> {"max_increase":0.023}');
    expect(mail.text).toContain("effective: 2025-01-01 -> 2026-01-01");
    expect(mail.text).toContain("https://facts.example.org/api/v1/facts/by-id/bc.rent_cap.2026.json");
    expect(mail.text).not.toContain("bc.hbrp (");
    expect(mail.text).not.toContain("must not appear");
    expect(mail.text).not.toContain("Re-verify bc.pds against the LTSA page");
    expect(mail.html).toContain("Impact: Landlords may raise rent by at most 2.3% &lt;in 2026&gt;.");
    expect(mail.html).toContain(
      '<a href="https://facts.example.org/api/v1/facts/by-id/bc.pds.json"><strong>Property disclosure statement</strong></a>',
    );

    const again = await runScript("src/cli/digest.ts", ["--root", repo.root], { env });
    expect(again.stdout).toContain("has been sent to all 2 subscriber(s)");
    expect(smtp.messages).toHaveLength(2);

    const withNewcomer = {
      ...env,
      FACTS_DIGEST_SUBSCRIBERS: JSON.stringify([
        { email: "ana@example.org" },
        { email: "ben@example.org" },
        { email: "cy@example.org" },
      ]),
    };
    const third = await runScript("src/cli/digest.ts", ["--root", repo.root], { env: withNewcomer });
    expect(third.stdout).toContain("sent to 1 of 3 subscriber(s)");
    expect(smtp.messages.map((message) => message.envelopeTo[0])).toEqual([
      "ana@example.org",
      "ben@example.org",
      "cy@example.org",
    ]);
    const record = JSON.parse(await readFile(path.join(state, "digest", "2026-06-30.json"), "utf8"));
    expect(record.changes).toEqual(["bc.pds@v1", "bc.rent_cap.2026@v2"]);

    // While a webhooks command holds the state folder, the digest waits, then refuses without writing or sending.
    const release = await lockStateFolder(state, 0);
    const fourth = await runScript("src/cli/digest.ts", ["--root", repo.root], {
      env: {
        ...withNewcomer,
        FACTS_DIGEST_SUBSCRIBERS: JSON.stringify([{ email: "dee@example.org" }]),
        FACTS_WEBHOOK_LOCK_WAIT_SECONDS: "1",
      },
    });
    await release();
    expect(fourth.code).toBe(2);
    expect(fourth.stderr).toContain(`${state} is locked by another webhooks command`);
    expect(smtp.messages).toHaveLength(3);
  });

  it("prints the digest without sending it in a dry run, and names a bad subscriber entry", async () => {
    const repo = await historyAcrossCycles();
    const env = {
      FACTS_TODAY: "2026-07-10",
      FACTS_DIGEST_EPOCH: "2026-01-01",
      FACTS_DIGEST_SUBSCRIBERS: "[]",
      FACTS_WEBHOOK_STATE: "",
      FACTS_DIGEST_STATE: "",
      SMTP_URL: "",
    };
    const dry = await runScript("src/cli/digest.ts", ["--root", repo.root, "--dry-run"], { env });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain("quarterly digest for the cycle ending 2026-06-30");
    expect(dry.stdout).toContain("Impact: Landlords may raise rent by at most 2.3%");

    const bad = await runScript("src/cli/digest.ts", ["--root", repo.root], {
      env: {
        ...env,
        FACTS_DIGEST_SUBSCRIBERS: JSON.stringify([{ email: "ok@example.org" }, { email: "not-an-address" }]),
      },
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      'FACTS_DIGEST_SUBSCRIBERS has 1 problem(s):\n  subscriber 1 ("not-an-address"): email: must be an email address',
    );
  });
});
