import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { frozenSite } from "../helpers/build-site.ts";
import { type Connection, connectToServer, textOf } from "./connect.ts";

// The MCP server answers "what applies at X on date D" from the place files of the tree, and its calculators take the
// place, so an assistant never asks a user whether a home is in a specified area when it knows the municipality.

const { out } = frozenSite();

interface RuleAnswer {
  rule: string;
  applies: boolean | null;
  why?: string;
  fact_id?: string;
  version?: number | null;
  canonical_url?: string;
}

describe("npm run mcp: places", () => {
  let server: Connection;

  beforeAll(async () => {
    server = await connectToServer(out);
  });

  afterAll(async () => {
    await server.client.close();
  });

  it("place_rules says what applies in Kamloops on a date, with the fact and version of each answer", async () => {
    const result = await server.call("place_rules", { place: "kamloops", asOf: "2024-06-01" });
    expect(result.isError).toBeFalsy();
    const { place, rules } = result.structuredContent as { place: { id: string }; rules: RuleAnswer[] };
    expect(place.id).toBe("kamloops");
    const byRule = new Map(rules.map((each) => [each.rule, each]));
    // Added to the speculation and vacancy tax's areas for the 2024 tax year (the Ministry's taxable areas page).
    expect(byRule.get("speculation_vacancy_tax")).toMatchObject({
      applies: true,
      fact_id: "bc.svt.taxable_areas",
      version: 1,
      canonical_url: "https://facts.example.org/api/v1/facts/by-id/bc.svt.taxable_areas.json",
    });
    expect(byRule.get("foreign_buyer_specified_area")?.applies).toBe(false);
    expect(byRule.get("str_principal_residence_requirement")?.applies).toBeNull();
    expect(textOf(result)).toContain(
      "What applies in Kamloops (city, Thompson-Nicola Regional District) on 2024-06-01:",
    );
    // The year before, the tax did not apply there.
    const before = await server.call("place_rules", { place: "kamloops", asOf: "2023-06-01" });
    const svt = (before.structuredContent as { rules: RuleAnswer[] }).rules.find(
      (each) => each.rule === "speculation_vacancy_tax",
    );
    expect(svt?.applies).toBe(false);
  });

  it("refuses a misspelled place with the nearest names", async () => {
    const result = await server.call("place_rules", { place: "kamlops" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/no place "kamlops" .*the nearest: Kamloops/);
  });

  it("property_transfer_tax takes the place: the Surrey transfer of 2018 by a foreign buyer", async () => {
    const result = await server.call("property_transfer_tax", {
      price: 3_400_000,
      foreignBuyer: true,
      place: "surrey",
      asOf: "2018-03-01",
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ total: 768_000, additional: 680_000 });
    expect(textOf(result)).toContain("Surrey is in Metro Vancouver Regional District");
  });
});
