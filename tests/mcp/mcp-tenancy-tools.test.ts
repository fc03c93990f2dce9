import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CapitalExpenditureIncreaseOptions,
  DepositInterestOptions,
  DepositReturnDeadlineOptions,
  NoticeReceivedOptions,
  RentersTaxCreditOptions,
  TenancyNoticeOptions,
} from "../../packages/client/src/index.ts";
import { serverInstructions } from "../../src/mcp/mcp-server.ts";
import type { SiteTree } from "../../src/mcp/site-tree.ts";
import { TENANCY_FIXTURES } from "../client/tenancy-fixtures.ts";
import { connectWithFixtures, textOf } from "./connect.ts";

const BASE = "https://facts.example.org";

const TOOLS = [
  ["deposit_return_deadline", DepositReturnDeadlineOptions],
  ["notice_received", NoticeReceivedOptions],
  ["tenancy_notice", TenancyNoticeOptions],
  ["renters_tax_credit", RentersTaxCreditOptions],
  ["deposit_interest", DepositInterestOptions],
  ["capital_expenditure_increase", CapitalExpenditureIncreaseOptions],
] as const;

/**
 * The tenancy tools on the project's built tree, the facts they read replaced by the fixtures the client's tests state
 * (tests/client/tenancy-fixtures.ts), spoken to by the SDK's own client over its in-memory transport.
 */
describe("MCP tenancy tools", () => {
  let client: Client;
  let tree: SiteTree;
  const call = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;

  beforeAll(async () => {
    ({ client, tree } = await connectWithFixtures(TENANCY_FIXTURES.facts, BASE));
  });

  afterAll(async () => {
    await client?.close();
  });

  it("offers each tool with the calculator's options as its strict input schema, and names them to the assistant", async () => {
    const byName = new Map((await client.listTools()).tools.map((tool) => [tool.name, tool]));
    const instructions = serverInstructions(tree);
    for (const [name, options] of TOOLS) {
      const tool = byName.get(name);
      expect(tool, name).toBeDefined();
      expect(tool!.inputSchema.additionalProperties, name).toBe(false);
      expect(Object.keys(tool!.inputSchema.properties ?? {}).sort(), name).toEqual(Object.keys(options.shape).sort());
      expect(tool!.outputSchema, name).toBeDefined();
      expect(tool!.description, name).toContain("British Columbia");
      expect(instructions, name).toContain(name);
    }
  });

  it("answers a landlord's-use notice served by mail in 2024, from its day received to its compensation", async () => {
    const received = await call("notice_received", { servedDate: "2024-09-10", method: "mail" });
    expect(received.isError).toBeFalsy();
    expect(received.structuredContent).toMatchObject({ received_iso: "2024-09-15", days_after_service: 5 });
    expect(textOf(received)).toContain(`${BASE}/api/v1/facts/by-id/bc.rta.notice_service.json`);

    const notice = await call("tenancy_notice", {
      notice: "landlord-use",
      receivedDate: "2024-09-15",
      rentDueDay: 1,
      monthlyRent: 2_150,
    });
    expect(notice.structuredContent).toMatchObject({
      earliest_effective_iso: "2025-01-31",
      dispute_by_iso: "2024-10-15",
      compensation: { on_effective_date: 2_150, if_not_used_as_stated: 25_800 },
    });
    expect(textOf(notice)).toContain("dispute by 2024-10-15");
    expect(textOf(notice)).toContain("bc.rta.landlord_use_compensation");

    const deposit = await call("deposit_return_deadline", {
      tenancyEndDate: "2025-01-31",
      forwardingAddressDate: "2025-01-31",
      deposit: 1_075,
    });
    expect(deposit.structuredContent).toMatchObject({ deadline_iso: "2025-02-15", amount_if_missed: 2_150 });

    const credit = await call("renters_tax_credit", { adjustedIncome: 70_000, taxYear: 2024 });
    expect(credit.structuredContent).toMatchObject({ credit: 260 });

    const interest = await call("deposit_interest", {
      deposit: 1_000,
      receivedDate: "2023-01-01",
      returnedDate: "2024-01-01",
    });
    expect(interest.structuredContent).toMatchObject({ interest: 19.5, total: 1_019.5 });

    const roof = await call("capital_expenditure_increase", {
      expenditure: 240_000,
      units: 40,
      currentRent: 1_600,
      asOf: "2024-01-01",
    });
    expect(roof.structuredContent).toMatchObject({ per_unit_monthly: 50 });
    expect((roof.structuredContent as { phases: { amount: number }[] }).phases[0]).toMatchObject({ amount: 49.68 });
  });

  it("refuses what the calculators refuse, in their words, and keeps answering", async () => {
    const refusals: Array<[string, Record<string, unknown>, string]> = [
      ["notice_received", { servedDate: "2021-02-28", method: "email" }, "email was not a way of serving"],
      ["tenancy_notice", { notice: "renoviction", receivedDate: "2025-01-01", rentDueDay: 1 }, "notice"],
      ["renters_tax_credit", { adjustedIncome: 1, taxYear: 2025 }, "recorded: 2023, 2024"],
      ["deposit_interest", { deposit: 1, receivedDate: "2026-01-01", returnedDate: "2027-02-01" }, "2027"],
      [
        "capital_expenditure_increase",
        { expenditure: 1, units: 1, currentRent: 1, asOf: "2021-06-30" },
        "began on 2021-07-01",
      ],
      [
        "deposit_return_deadline",
        { tenancyEndDate: "2025-01-31", forwardingAddressDate: "2025-01-31", deposit: -1 },
        "deposit",
      ],
    ];
    for (const [name, args, said] of refusals) {
      const refused = await call(name, args);
      expect(refused.isError, name).toBe(true);
      expect(textOf(refused), name).toContain(said);
    }
    const after = await call("notice_received", { servedDate: "2025-03-01", method: "door" });
    expect(after.structuredContent).toMatchObject({ received_iso: "2025-03-04" });
  });
});
