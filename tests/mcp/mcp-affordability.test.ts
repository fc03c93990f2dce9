import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITE_PATHS } from "../../packages/client/src/index.ts";
import { createMcpServer } from "../../src/mcp/mcp-server.ts";
import { loadSiteTree } from "../../src/mcp/site-tree.ts";
import { ISSUE_BUYER } from "../client/mortgage-rules.ts";
import { frozenSite } from "../helpers/build-site.ts";
import { LIMITS } from "../helpers/limits.ts";
import { textOf } from "./connect.ts";

const BASE = "https://facts.example.org";

/** The affordability tool on the project's built tree, spoken to by the SDK's own client over its in-memory transport. */
describe("MCP affordability", () => {
  let client: Client;
  const call = async (args: Record<string, unknown>) =>
    (await client.callTool({ name: "affordability", arguments: args })) as CallToolResult;

  beforeAll(async () => {
    const { out } = frozenSite();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createMcpServer(await loadSiteTree(out)).connect(serverSide);
    client = new Client({ name: "facts-tests", version: "1.0.0" });
    await client.connect(clientSide);
  }, LIMITS.test);

  afterAll(async () => {
    await client?.close();
  });

  it("is offered with the calculator's options as its strict input schema", async () => {
    const tool = (await client.listTools()).tools.find((each) => each.name === "affordability");
    expect(tool).toBeDefined();
    expect(tool!.inputSchema).toMatchObject({
      additionalProperties: false,
      properties: {
        annualIncome: { type: "number", minimum: 0.01, maximum: 10_000_000_000 },
        amortizationYears: { type: "integer" },
        asOf: { type: "string" },
      },
    });
    expect(tool!.inputSchema.required).toEqual([
      "annualIncome",
      "monthlyDebtPayments",
      "annualPropertyTax",
      "monthlyHeating",
      "monthlyStrataFee",
      "contractRate",
      "amortizationYears",
    ]);
    expect(tool!.outputSchema?.required).toEqual(
      expect.arrayContaining(["max_payment", "binding", "max_loan", "max_price", "citations", "assumptions"]),
    );
    expect(tool!.description).toContain("British Columbia");
    expect(tool!.description).toContain("canonical_url");
  });

  it("says a 2017 loan with 20% down was not assessed, as no qualifying rate was set for it, never that it fails", async () => {
    // OSFI's B-20 information sheet: the qualifying rate for uninsured loans took effect in January 2018.
    const result = await call({
      annualIncome: 150_000,
      monthlyDebtPayments: 0,
      annualPropertyTax: 3_000,
      monthlyHeating: 100,
      monthlyStrataFee: 0,
      contractRate: 0.04,
      amortizationYears: 25,
      price: 500_000,
      downPayment: 100_000,
      asOf: "2017-06-01",
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(textOf(result)).toContain(
      "at $500,000: not assessed, as no qualifying rate was set for this loan on that date",
    );
    expect(result.structuredContent).not.toHaveProperty("passes");
    expect(result.structuredContent).toMatchObject({ loan: 400_000, premium: 0 });
  });

  it("answers the issue's case, citing every fact it read by its canonical URL", async () => {
    const result = await call(ISSUE_BUYER);
    expect(result.isError, textOf(result)).toBeFalsy();
    // $1,035,000 + 3.3% = $1,069,155 at 6.5% over 30 years: $6,697.21 a month, 44.65% of $15,000.
    expect(result.structuredContent).toMatchObject({
      qualifying_rate: 0.065,
      max_payment: 5_850,
      binding: "gds",
      loan: 1_069_155,
      payment_at_qualifying_rate: 6_697.21,
      gds: 0.4465,
      passes: false,
      max_price: 1_019_070,
    });
    const cited = (result.structuredContent as { citations: Array<{ fact_id: string; canonical_url: string }> })
      .citations;
    expect(cited.map((used) => used.fact_id)).toEqual([
      "cmhc.debt_service_limits",
      "osfi.b20.stress_test",
      "cmhc.insurance_cap",
      "cmhc.mortgage_insurance_premiums",
      "cmhc.amortization_30yr_eligibility",
    ]);
    for (const used of cited) expect(used.canonical_url).toBe(`${BASE}${SITE_PATHS.factById(used.fact_id)}`);
    const text = textOf(result);
    expect(text).toMatch(/^Affordability on 2025-06-01: a payment of at most \$5,850 a month/);
    expect(text).toContain("GDS 44.65%, TDS 44.65%, does not pass");
    expect(text).toContain("assumptions:");
    expect(text).toContain("facts used (cite them):");
  });

  it("says a 30-year buyer who is neither a first-time buyer nor buying new needs 20% down, never that the ratios fail", async () => {
    // From 2024-12-15 an insured loan may be amortized over 30 years only for first-time buyers and new homes: this
    // buyer needs 20% of $600,000 = $120,000 down. $60,000 on $540,000 at 6.5% over 30 years is $3,382.57 a month:
    // with $400 of housing costs, 30.26% of $12,500, within 39% and 44%.
    const buyer = {
      annualIncome: 150_000,
      monthlyDebtPayments: 0,
      annualPropertyTax: 3_600,
      monthlyHeating: 100,
      monthlyStrataFee: 0,
      contractRate: 0.045,
      amortizationYears: 30,
      price: 600_000,
      downPayment: 60_000,
      asOf: "2025-06-01",
    };
    const result = await call(buyer);
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      insurance_available: false,
      minimum_down_payment: 120_000,
      gds: 0.3026,
      passes: false,
      reasons: ["needs-uninsured-minimum"],
    });
    const text = textOf(result);
    expect(text).toContain(
      "at $600,000: payment $3,382.57, GDS 30.26%, TDS 30.26%, needs 20% down (at least $120,000), as insurance is not available; both ratios within their limits",
    );
    expect(text).toMatch(
      /a price of at most \$[\d,]+ \(needs 20% down: default insurance is not available, as a 30-year/,
    );
    expect(text).not.toContain("does not pass");
  });

  it("refuses a date with no rule and an unknown option, and answers the next call", async () => {
    const early = await call({ ...ISSUE_BUYER, asOf: "0099-01-01" });
    expect(early.isError).toBe(true);
    expect(textOf(early)).toContain(
      "cannot calculate what can be afforded: cmhc.debt_service_limits records no rule in force on 0099-01-01",
    );
    const misspelt = await call({ ...ISSUE_BUYER, annualIncomes: 1 });
    expect(misspelt.isError).toBe(true);
    expect(textOf(misspelt)).toContain("annualIncomes");
    const after = await call({ ...ISSUE_BUYER, price: 900_000 });
    expect(after.isError).toBeFalsy();
    expect(after.structuredContent).toMatchObject({ passes: true, max_price: 1_019_070 });
  });
});
