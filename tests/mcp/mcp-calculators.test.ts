import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpServer } from "../../src/mcp/mcp-server.ts";
import type { PublishedFact, SiteTree } from "../../src/mcp/site-tree.ts";
import { loadSiteTree, withGivenFacts } from "../../src/mcp/site-tree.ts";
import type { FactCatalog } from "../../src/schemas/index.ts";
import { withPremiumFixture } from "../client/published-facts.ts";
import { frozenSite } from "../helpers/build-site.ts";
import { textOf } from "./connect.ts";

const BASE = "https://facts.example.org";
const CALCULATORS = [
  "amortization_schedule",
  "home_owner_grant",
  "max_principal",
  "minimum_down_payment",
  "mortgage_insurance_premium",
  "mortgage_payment",
  "property_transfer_tax",
  "qualifying_rate",
];
const READING_FACTS = [
  "home_owner_grant",
  "minimum_down_payment",
  "mortgage_insurance_premium",
  "property_transfer_tax",
  "qualifying_rate",
];

/**
 * The MCP server's calculator tools on the project's built tree, with the premium schedule fixture added to it (the
 * published fact comes from another change), spoken to by the SDK's own client over its in-memory transport.
 */
describe("MCP calculator tools", () => {
  let client: Client;
  let tree: SiteTree;
  const call = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;

  beforeAll(async () => {
    const { out } = frozenSite();
    const loaded = await loadSiteTree(out);
    // The fixture is made from the insurance cap's published record, and given in place of the tree's own file.
    const model = await loaded.fact("cmhc.insurance_cap");
    const fixture = withPremiumFixture({ facts: [model] } as unknown as FactCatalog).facts.at(-1)!;
    tree = withGivenFacts(loaded, [fixture as PublishedFact]);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createMcpServer(tree).connect(serverSide);
    client = new Client({ name: "facts-tests", version: "1.0.0" });
    await client.connect(clientSide);
  });

  afterAll(async () => {
    await client?.close();
  });

  it("offers one tool per calculator, each input schema strict, with asOf on each that reads facts", async () => {
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    for (const name of CALCULATORS) {
      const tool = byName.get(name);
      expect(tool, name).toBeDefined();
      expect(tool!.inputSchema.additionalProperties, name).toBe(false);
      expect(Object.keys(tool!.inputSchema.properties ?? {}).includes("asOf"), name).toBe(READING_FACTS.includes(name));
      expect(tool!.description, name).toContain("British Columbia");
      expect(tool!.annotations?.readOnlyHint, name).toBe(true);
    }
    expect(byName.get("mortgage_payment")!.inputSchema.properties!.frequency).toMatchObject({
      enum: ["monthly", "semi-monthly", "biweekly", "weekly", "accelerated-biweekly", "accelerated-weekly"],
    });
  });

  it("refuses a misspelt argument by name, as the schema is strict", async () => {
    const result = await call("property_transfer_tax", { price: 500_000, firstTimeBuyers: true });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("firstTimeBuyers");
  });

  it("property_transfer_tax answers for a registration date, comparing both exemptions, citing the versions used", async () => {
    // 2017-06-01, $480,000, first-time buyer: tax $7,600, all exempt under the 2017 thresholds (full to $500,000).
    const dated = await call("property_transfer_tax", { price: 480_000, firstTimeBuyer: true, asOf: "2017-06-01" });
    expect(dated.isError).toBeFalsy();
    expect(dated.structuredContent).toMatchObject({ total: 0, general: 7_600, exemption: 7_600, as_of: "2017-06-01" });
    const cited = (
      dated.structuredContent as { citations: Array<{ fact_id: string; version: number; canonical_url: string }> }
    ).citations;
    expect(cited).toContainEqual(
      expect.objectContaining({
        fact_id: "bc.ptt.fthb_exemption",
        version: 2,
        canonical_url: `${BASE}/api/v1/facts/by-id/bc.ptt.fthb_exemption.json`,
      }),
    );
    expect(textOf(dated)).toContain(
      "bc.ptt.fthb_exemption version 2, in effect from 2017-02-22 to 2024-04-01 (as of 2017-06-01)",
    );

    // $800,000 with both: first-time $8,000, newly built the whole $14,000.
    const both = await call("property_transfer_tax", { price: 800_000, firstTimeBuyer: true, newlyBuilt: true });
    expect(both.structuredContent).toMatchObject({
      exemption: 14_000,
      exemption_claimed: "newly-built-home",
      total: 0,
    });
    expect(textOf(both)).toContain("not claimed");

    const early = await call("property_transfer_tax", { price: 650_000, asOf: "1986-06-01" });
    expect(early.isError).toBe(true);
    expect(textOf(early)).toContain(
      "cannot calculate property transfer tax: bc.ptt.brackets records no rule in force on 1986-06-01",
    );
  });

  it("mortgage_insurance_premium, minimum_down_payment, qualifying_rate and home_owner_grant answer with their breakdown and citations", async () => {
    // $500,000, $25,000 down, 30 years, first-time buyer: 4% + 0.2% on $475,000 = $19,950.
    const premium = await call("mortgage_insurance_premium", {
      price: 500_000,
      downPayment: 25_000,
      amortizationYears: 30,
      firstTimeBuyer: true,
    });
    expect(premium.structuredContent).toMatchObject({
      insurable: true,
      premium: 19_950,
      loan_with_premium: 494_950,
      rate: 0.042,
    });
    expect(textOf(premium)).toContain("plus 0.2% for an amortization over 25 years");
    expect(textOf(premium)).toContain(`${BASE}/api/v1/facts/by-id/cmhc.amortization_30yr_eligibility.json`);
    const refused = await call("mortgage_insurance_premium", {
      price: 500_000,
      downPayment: 25_000,
      amortizationYears: 30,
    });
    expect(refused.structuredContent).toMatchObject({ insurable: false, premium: 0 });
    expect(textOf(refused)).toMatch(/^Not insurable on \d{4}-\d{2}-\d{2}: /);
    // $500,000 with $150,000 down: loan $350,000, 70% of the price: no insurance required, no premium, loan unchanged.
    const conventional = await call("mortgage_insurance_premium", {
      price: 500_000,
      downPayment: 150_000,
      amortizationYears: 30,
    });
    expect(conventional.structuredContent).toMatchObject({
      required: false,
      premium: 0,
      rate: null,
      loan: 350_000,
      loan_with_premium: 350_000,
    });
    expect(textOf(conventional)).toMatch(
      /^Mortgage insurance not required on \d{4}-\d{2}-\d{2}: the loan of \$350,000 is 70% of the price, so no premium is added/,
    );

    // $600,000: 5% of $500,000 + 10% of $100,000 = $35,000.
    expect((await call("minimum_down_payment", { price: 600_000 })).structuredContent).toMatchObject({
      minimum: 35_000,
      insurable: true,
    });
    expect((await call("qualifying_rate", { contractRate: 0.045 })).structuredContent).toMatchObject({
      rate: 0.065,
      rule: "contract-plus-buffer",
    });
    // 2026: $2,100,000 is $25,000 over $2,075,000: $570 − $125 = $445.
    const grant = await call("home_owner_grant", { assessedValue: 2_100_000, propertyTax: 4_000, asOf: "2026-06-30" });
    expect(grant.structuredContent).toMatchObject({ grant: 445, tax_after_grant: 3_555, threshold: 2_075_000 });
    expect(textOf(grant)).toContain("bc.home_owner_grant.threshold version 2");
  });

  it("mortgage_payment, amortization_schedule and max_principal answer the arithmetic with its steps", async () => {
    // $200,000 at 7.5% over 15 years, monthly: (1.0375)^(1/6) − 1 a month, 180 payments.
    const rate = 1.0375 ** (1 / 6) - 1;
    const monthly = (200_000 * rate) / (1 - (1 + rate) ** -180);
    const payment = await call("mortgage_payment", { principal: 200_000, annualRate: 0.075, amortizationYears: 15 });
    expect((payment.structuredContent as { payment: number }).payment).toBeCloseTo(monthly, 2);
    const schedule = await call("amortization_schedule", {
      principal: 200_000,
      annualRate: 0.075,
      amortizationYears: 15,
      termYears: 5,
    });
    const answer = schedule.structuredContent as {
      payments: number;
      year_end_balances: number[];
      balance_at_term_end: number;
    };
    expect(answer.payments).toBe(180);
    expect(answer.year_end_balances).toHaveLength(15);
    expect(answer.year_end_balances[4]).toBe(answer.balance_at_term_end);
    expect(answer.year_end_balances.at(-1)).toBe(0);
    const largest = await call("max_principal", { payment: 1_841.03, annualRate: 0.075, amortizationYears: 15 });
    expect(Math.abs((largest.structuredContent as { principal: number }).principal - 200_000)).toBeLessThan(1);
    expect((await call("mortgage_payment", { principal: 1, annualRate: 5, amortizationYears: 25 })).isError).toBe(true);
  });

  it("refuses a payment of $13.3 trillion or 1e308, and keeps answering the next call", async () => {
    // max_principal once never returned for a payment this large, and the server then answered nothing more: such a
    // call would end this test at its time limit. How fast a refusal comes is `npm run bench -- calculators`'s target.
    for (const payment of [13.3e12, 1e308]) {
      const refused = await call("max_principal", { payment, annualRate: 0.05, amortizationYears: 25 });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toContain("payment");
      expect(textOf(refused)).toContain("must be an amount of money in dollars from 0 to 10,000,000,000 at payment");
    }
    const next = await call("max_principal", { payment: 1_841.03, annualRate: 0.075, amortizationYears: 15 });
    expect(next.isError).toBeFalsy();
    expect(Math.abs((next.structuredContent as { principal: number }).principal - 200_000)).toBeLessThan(1);
  });
});
