import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { frozenData } from "../helpers/frozen-copy.ts";
import { runScript } from "../helpers/run-script.ts";
import { type Connection, connectToServer, textOf } from "./connect.ts";

/**
 * The MCP server on the project's facts built on the frozen copy's day (after 2026-09-30), when the 2027 rent cap (due by
 * 2026-09-30) is not recorded.
 */
describe("npm run mcp on an expected announcement past its date and not recorded", () => {
  let parent: string;
  let server: Connection;

  beforeAll(async () => {
    parent = await mkdtemp(path.join(os.tmpdir(), "facts-mcp-expected-"));
    const out = path.join(parent, "_site");
    const build = await runScript("src/cli/build.ts", ["--root", frozenData().root, "--out", out], {
      env: { FACTS_TODAY: frozenData().today, FACTS_BASE_URL: "https://facts.example.org" },
    });
    if (build.code !== 0) throw new Error(`build failed:\n${build.stderr}`);
    server = await connectToServer(out);
  });

  afterAll(async () => {
    await server?.client.close();
    await rm(parent, { recursive: true, force: true });
  });

  it("tells the assistant what next_expected means, to say when the service has not recorded an announcement, and where to check", () => {
    const instructions = server.client.getInstructions() ?? "";
    expect(instructions).toContain("next_expected");
    expect(instructions).toContain("not recorded here yet");
    expect(instructions).toContain("(it may have been announced since), point to that page");
  });

  it("get_fact on the rent cap says the 2027 cap, expected by 2026-09-30, is not recorded here yet, and where to check", async () => {
    const result = await server.call("get_fact", { id: "bc.rent_cap.2026" });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      next_expected: { by_iso: "2026-09-30" },
      next_expected_status: "past-due",
    });
    const line = textOf(result)
      .split("\n")
      .find((each) => each.startsWith("next expected: "));
    expect(line).toMatch(
      /^next expected: The 2027 rent cap: .*: not recorded here yet \(expected by 2026-09-30\); check BC Residential Tenancy Branch at https:\/\/www2\.gov\.bc\.ca\/gov\/content\/housing-tenancy\/residential-tenancies\/rent-rtb\/rent-increases \(as of \d{4}-\d{2}-\d{2}\)$/,
    );
    expect(textOf(result)).not.toMatch(/past due|not yet announced/i);
    // A fact whose announcement is still ahead says so, and where it will be published.
    const threshold = await server.call("get_fact", { id: "bc.home_owner_grant.threshold" });
    expect(threshold.structuredContent).toMatchObject({ next_expected_status: "expected" });
    expect(textOf(threshold)).toContain(
      `: expected by 2027-01-31 (as of ${frozenData().today}); it will be published by `,
    );
  });

  it("upcoming_changes lists the rent cap's announcement as not recorded here yet even in a window of one day", async () => {
    const result = await server.call("upcoming_changes", { days: 1 });
    const items = (
      result.structuredContent as { items: { kind: string; fact_id: string; past_due?: boolean; date: string }[] }
    ).items;
    expect(items.filter((item) => item.kind === "expected-announcement")).toMatchObject([
      { fact_id: "bc.rent_cap.2026", past_due: true, date: "2026-09-30" },
    ]);
    const line = textOf(result)
      .split("\n")
      .find((each) => each.startsWith("- 2026-09-30 expected announcement"));
    expect(line).toMatch(
      /^- 2026-09-30 expected announcement NOT RECORDED HERE YET: The 2027 rent cap: B\.C\.'s maximum allowable rent increase for 2027.* \[bc\.rent_cap\.2026\] was expected by 2026-09-30; this service records no newer value, so the current value \(version \d+\) may be out of date for the next period; check BC Residential Tenancy Branch \(https:\/\/www2\.gov\.bc\.ca\/\S+\)/,
    );
    expect(textOf(result)).not.toMatch(/past due|not yet announced/i);
  });
});
