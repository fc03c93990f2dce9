import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FlippingTaxOptions,
  GstOnNewHomeOptions,
  HomeOwnerGrantOptions,
  PropertyTransferTaxOptions,
  RentIncreaseOptions,
} from "../../packages/client/src/index.ts";
import { serverInstructions } from "../../src/mcp/mcp-server.ts";
import type { SiteTree } from "../../src/mcp/site-tree.ts";
import { TAX_FIXTURES } from "../client/tax-fixtures.ts";
import { connectWithFixtures, textOf } from "./connect.ts";

const BASE = "https://facts.example.org";

const TOOLS = [
  ["property_transfer_tax", PropertyTransferTaxOptions],
  ["home_owner_grant", HomeOwnerGrantOptions],
  ["gst_on_new_home", GstOnNewHomeOptions],
  ["rent_increase", RentIncreaseOptions],
  ["flipping_tax", FlippingTaxOptions],
] as const;

/**
 * The tax and rent tools on the project's built tree, whose facts these tools read are replaced by the fixtures the
 * client's tests state (tests/client/tax-fixtures.ts), each with the canonical URL the tree would give it; spoken to by
 * the SDK's own client over its in-memory transport.
 */
describe("MCP tax and rent tools", () => {
  let client: Client;
  let tree: SiteTree;
  const call = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;

  beforeAll(async () => {
    ({ client, tree } = await connectWithFixtures(TAX_FIXTURES.facts, BASE));
  });

  afterAll(async () => {
    await client?.close();
  });

  it("offers each tool with the calculator's options as its strict input schema and an output schema", async () => {
    const byName = new Map((await client.listTools()).tools.map((tool) => [tool.name, tool]));
    for (const [name, options] of TOOLS) {
      const tool = byName.get(name);
      expect(tool, name).toBeDefined();
      expect(tool!.inputSchema.additionalProperties, name).toBe(false);
      expect(Object.keys(tool!.inputSchema.properties ?? {}).sort(), name).toEqual(Object.keys(options.shape).sort());
      expect(tool!.outputSchema, name).toBeDefined();
      expect(tool!.description, name).toContain("British Columbia");
      expect(tool!.annotations?.readOnlyHint, name).toBe(true);
    }
    const instructions = serverInstructions(tree);
    for (const name of ["gst_on_new_home", "rent_increase", "flipping_tax"]) expect(instructions).toContain(name);
  });

  it("answers each calculation with its structured result, its text and the facts cited by the tree's URLs", async () => {
    // The rules and the sources of these figures: tests/client/tax-fixtures.ts and the client's tests.
    const gst = await call("gst_on_new_home", { price: 1_100_000, firstTimeBuyer: true, agreementDate: "2025-06-01" });
    expect(gst.isError).toBeFalsy();
    expect(gst.structuredContent).toMatchObject({ gst: 55_000, first_time_buyer_rebate: 40_000, net_gst: 15_000 });
    expect(textOf(gst)).toContain(`${BASE}/api/v1/facts/by-id/ca.gst.fthb_new_home_rebate.json`);

    const rent = await call("rent_increase", { currentRent: 1_000, increaseDate: "2019-07-01" });
    expect(rent.structuredContent).toMatchObject({ cap_rate: 0.025, max_increase: 25, notice_by: "2019-03-31" });
    expect(textOf(rent)).toContain("the tenant must receive the notice by 2019-03-31");
    expect(textOf(rent)).toContain("a period recorded before its first version");

    const flip = await call("flipping_tax", {
      purchaseDate: "2023-12-01",
      saleDate: "2025-01-01",
      proceeds: 1_000_000,
      cost: 900_000,
      improvements: 10_000,
      primaryResidence: true,
    });
    expect(flip.structuredContent).toMatchObject({ days_held: 398, rate: 0.182, tax: 12_740 });

    const foreign = await call("property_transfer_tax", { price: 1_000_000, foreignBuyer: true, asOf: "2026-06-01" });
    expect(foreign.structuredContent).toMatchObject({
      total: 18_000,
      additional: 0,
      additional_if_in_specified_area: 200_000,
      total_if_in_specified_area: 218_000,
      federal_ban_applies: true,
    });
    expect(textOf(foreign)).toContain(
      "if the property is in a specified area: additional tax $200,000, total $218,000",
    );
    expect(textOf(foreign)).toContain("federal ban on purchases by non-Canadians in force on 2026-06-01: yes");

    const shared = await call("property_transfer_tax", { price: 835_000, firstTimeBuyer: true, eligibleShare: 0.5 });
    expect(shared.structuredContent).toMatchObject({ general: 14_700, exemption: 4_000, total: 10_700 });

    const grant = await call("home_owner_grant", { assessedValue: 2_100_000, propertyTax: 4_000, asOf: "2026-06-30" });
    expect(grant.structuredContent).toMatchObject({ grant: 445, tax_after_grant: 3_555 });
  });

  it("keeps answering after a refused call, whether the schema or the calculator refused it", async () => {
    const next = async () =>
      (await call("rent_increase", { currentRent: 2_000, increaseDate: "2026-03-01" })).structuredContent;
    const refusals: Array<[string, Record<string, unknown>, string]> = [
      ["rent_increase", { currentRent: 1_000, increaseDate: "2018-12-31" }, "no rent cap in force on 2018-12-31"],
      ["rent_increase", { currentRent: "a lot", increaseDate: "2026-03-01" }, "currentRent"],
      ["flipping_tax", { purchaseDate: "2025-06-01", saleDate: "2025-05-01", proceeds: 1, cost: 1 }, "saleDate"],
      ["gst_on_new_home", { price: 500_000, firstTimeBuyers: true }, "firstTimeBuyers"],
      ["property_transfer_tax", { price: 500_000, eligibleShare: 0.5 }, "firstTimeBuyer: true"],
      ["property_transfer_tax", { price: 10_000_000_001 }, "price"],
    ];
    for (const [name, args, said] of refusals) {
      const refused = await call(name, args);
      expect(refused.isError, name).toBe(true);
      expect(textOf(refused)).toContain(said);
      expect(await next()).toMatchObject({ cap_rate: 0.023, max_increase: 46, max_new_rent: 2_046 });
    }
  });
});
