import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type FactSeed, factJson } from "../helpers/git-repo.ts";
import { runAction } from "../helpers/run-action.ts";
import { runScript } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const workspaceWith = async (...seeds: (FactSeed & { domain: string })[]) => {
  const workspace = await tempDir();
  for (const seed of seeds) {
    const file = path.join(workspace, "facts", seed.domain, `${seed.id}.json`);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `${JSON.stringify(factJson(seed), null, 2)}\n`);
  }
  return workspace;
};

// Expires 2026-12-30 (volatile), 2026-10-28 (stable) and 2027-05-14 (stable).
const FACTS = [
  { id: "bc.rent_cap.2026", domain: "rental", cadence: "volatile" as const, retrieved_iso: "2026-10-01" },
  { id: "cmhc.insurance_cap", domain: "mortgage", cadence: "stable" as const, retrieved_iso: "2026-05-01" },
  { id: "bc.ptt.brackets", domain: "tax", cadence: "stable" as const, retrieved_iso: "2026-11-15" },
];

describe("freshness gate", () => {
  it("fails naming each fact past expires_iso, annotated on its expires_iso line, and warns about those expiring soon", async () => {
    const workspace = await workspaceWith(...FACTS);
    const run = await runAction("freshness-gate", {
      workspace,
      scratch: await tempDir(),
      inputs: { "warn-days": "30" },
      env: { FACTS_TODAY: "2026-12-31" },
    });
    expect(run.code).toBe(1);
    expect(run.annotations).toEqual([
      {
        level: "error",
        properties: {
          title: "Fact past expires_iso",
          file: "facts/mortgage/cmhc.insurance_cap.json",
          line: "9",
          col: "3",
        },
        message:
          "cmhc.insurance_cap expired 64 days ago (expires_iso 2026-10-28): re-verify its citations and move retrieved_iso and expires_iso forward before deploying",
      },
      {
        level: "error",
        properties: { title: "Fact past expires_iso", file: "facts/rental/bc.rent_cap.2026.json", line: "9", col: "3" },
        message:
          "bc.rent_cap.2026 expired 1 day ago (expires_iso 2026-12-30): re-verify its citations and move retrieved_iso and expires_iso forward before deploying",
      },
      {
        level: "error",
        properties: {},
        message: "2 of 3 facts are past expires_iso on 2026-12-31: cmhc.insurance_cap, bc.rent_cap.2026",
      },
    ]);
    expect(run.outputs).toEqual({
      expired: "2",
      "expired-facts": "cmhc.insurance_cap,bc.rent_cap.2026",
      expiring: "0",
    });
    expect(run.summary).toContain("<h2>Freshness gate</h2>");
    expect(run.summary).toContain("<h3>Past expires_iso</h3>");
    expect(run.summary).toContain("<tr><td>facts/rental/bc.rent_cap.2026.json</td><td>9</td><td>/expires_iso</td>");
  });

  it("passes on the last day of a verification and warns about what lapses within warn-days", async () => {
    const workspace = await workspaceWith(FACTS[0]!, FACTS[2]!);
    const run = await runAction("freshness-gate", {
      workspace,
      scratch: await tempDir(),
      inputs: { "warn-days": "30", today: "2026-12-30" },
    });
    expect(run.code).toBe(0);
    expect(run.annotations).toEqual([
      {
        level: "warning",
        properties: { title: "Fact expires soon", file: "facts/rental/bc.rent_cap.2026.json", line: "9", col: "3" },
        message: "bc.rent_cap.2026 expires today (expires_iso 2026-12-30): re-verify it soon",
      },
    ]);
    expect(run.outputs).toEqual({ expired: "0", "expired-facts": "", expiring: "1" });
    expect(run.summary).toContain(
      "ok: none of 2 facts is past expires_iso on 2026-12-30 and every enacted change in effect is promoted; 1 expire(s) soon",
    );
  });

  it("is also `npm run freshness`, which prints each lapsed fact as path:line:col and exits 1", async () => {
    const workspace = await workspaceWith(...FACTS);
    const failed = await runScript("src/cli/freshness.ts", ["--root", workspace], {
      env: { FACTS_TODAY: "2026-12-31" },
    });
    expect(failed.code).toBe(1);
    expect(failed.stdout.split("\n")).toEqual([
      "facts/mortgage/cmhc.insurance_cap.json:9:3: cmhc.insurance_cap expired 64 days ago (expires_iso 2026-10-28): re-verify its citations and move retrieved_iso and expires_iso forward before deploying (at /expires_iso)",
      "facts/rental/bc.rent_cap.2026.json:9:3: bc.rent_cap.2026 expired 1 day ago (expires_iso 2026-12-30): re-verify its citations and move retrieved_iso and expires_iso forward before deploying (at /expires_iso)",
      "2 of 3 facts are past expires_iso on 2026-12-31",
      "",
    ]);
    const passed = await runScript("src/cli/freshness.ts", ["--root", workspace, "--warn-days", "0"], {
      env: { FACTS_TODAY: "2026-10-28" },
    });
    expect(passed.code).toBe(0);
    expect(passed.stdout).toBe(
      "warning: facts/mortgage/cmhc.insurance_cap.json:9:3: cmhc.insurance_cap expires today (expires_iso 2026-10-28): re-verify it soon (at /expires_iso)\nok: none of 3 facts is past expires_iso on 2026-10-28 and every enacted change in effect is promoted; 1 expire(s) soon\n",
    );
  });
});
