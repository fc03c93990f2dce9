import { describe, expect, it } from "vitest";
import { searchMatches } from "../../src/lib/search-ranking.ts";
import { searchFacts } from "../../src/mcp/fact-tools.ts";
import { loadSiteTree } from "../../src/mcp/site-tree.ts";
import { frozenSite } from "../helpers/build-site.ts";

// One ranking for the catalog page and the MCP server (src/lib/search-ranking.ts): the page lists the facts that have
// every word of the query, the server the facts that have any; in the ranking's one order.

const tree = await loadSiteTree(frozenSite().out);
/** The ids search_facts answers, best first. */
const served = async (query: string): Promise<string[]> => {
  const answer = await searchFacts(tree, query);
  if (!("structured" in answer)) throw new Error(answer.invalid);
  return answer.structured.results.map((result) => result.id);
};
/** The ids the catalog page lists, best first, as its script computes them from the same index. */
const listed = (query: string, domain = ""): string[] =>
  searchMatches(tree.searchIndex, query, domain).map((item) => item.id);

describe("the search ranking shared by the catalog page and search_facts", () => {
  it("gives the same order on the page as over MCP", async () => {
    for (const query of ["form b", "burnaby", "notary", "landlord", "strata fee", "down payment", "transfer tax"]) {
      const page = listed(query);
      const mcp = await served(query);
      expect(page.length, query).toBeGreaterThan(0);
      // The server's best ten, without those that miss a word of the query, are the page's first ones, in order.
      const everyWord = new Set(page);
      expect(page.slice(0, mcp.filter((id) => everyWord.has(id)).length), query).toEqual(
        mcp.filter((id) => everyWord.has(id)),
      );
    }
    // A one-word query: the same facts, in the same order, as far as the server lists them.
    expect(listed("burnaby").slice(0, 10)).toEqual(await served("burnaby"));
  });

  it('ranks Form B first for "form b", on the page and over MCP', async () => {
    expect(listed("form b")[0]).toBe("bc.strata.form_b_fee");
    expect((await served("form b"))[0]).toBe("bc.strata.form_b_fee");
  });

  it("finds the specified-area facts by a municipality's name, and the facts people mean by their own words", () => {
    expect(listed("burnaby")).toEqual(
      expect.arrayContaining([
        "bc.ptt.foreign_buyer_additional",
        "bc.foreign_buyer_specified_areas",
        "bc.svt.rates_2026",
        "bc.home_owner_grant.threshold",
      ]),
    );
    // Kelowna is in a specified area and in the speculation tax's taxable area, and outside the three districts of the
    // home owner grant's lower amount: its place file says each rule applies there, and the search follows it.
    expect(listed("kelowna")).toEqual(
      expect.arrayContaining([
        "bc.ptt.foreign_buyer_additional",
        "bc.foreign_buyer_specified_areas",
        "bc.svt.rates_2026",
        "bc.svt.taxable_areas",
        "bc.home_owner_grant.threshold",
      ]),
    );
    // Kamloops was added to the speculation tax's areas for 2024 and is in no specified area; Surrey is in one.
    expect(listed("kamloops")).toEqual(expect.arrayContaining(["bc.svt.taxable_areas", "bc.svt.rates_2026"]));
    expect(listed("kamloops")).not.toContain("bc.ptt.foreign_buyer_additional");
    expect(listed("surrey")).toEqual(
      expect.arrayContaining(["bc.ptt.foreign_buyer_additional", "bc.foreign_buyer_specified_areas"]),
    );
    expect(listed("notary")).toEqual(expect.arrayContaining(["bc.ptt.brackets", "bc.strata.form_b_fee", "bc.pds"]));
    expect(listed("lawyer")).toEqual(expect.arrayContaining(["bc.ptt.brackets", "bc.strata.form_b_fee"]));
    for (const word of ["landlord", "tenant"])
      expect(listed(word), word).toEqual(expect.arrayContaining(["bc.rent_cap.2026", "bc.rta.abandoned_property"]));
    expect(listed("strata fee")).toEqual(
      expect.arrayContaining(["bc.strata.form_b_fee", "bc.strata.depreciation_report_mandatory"]),
    );
    expect(listed("down payment")).toEqual(
      expect.arrayContaining(["cmhc.insurance_cap", "cmhc.mortgage_insurance_premiums", "cra.fhsa.contribution_room"]),
    );
    // The domain filter narrows the same ranking.
    const domains = new Map(tree.searchIndex.map((item) => [item.id, item.domain]));
    expect(listed("landlord", "rental").every((id) => domains.get(id) === "rental")).toBe(true);
  });
});
