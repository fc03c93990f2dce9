import { beforeAll, describe, expect, it } from "vitest";
import { escapeHtml } from "../../src/lib/text.ts";
import { renderValue } from "../../src/render/pages/render-fact.ts";
import type { SiteModel } from "../../src/render/site-model.ts";
import type { Fact } from "../../src/schemas/index.ts";
import { realModel } from "./site-model.ts";

let model: SiteModel;
beforeAll(async () => {
  model = await realModel();
});

const fact = (id: string): Fact => {
  const found = model.facts.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no fact ${id} in the catalog`);
  return found;
};

/** The English page's language: what these tests read. */
const english = () => model.languages[0]!;

const markupOf = (id: string): string => renderValue(fact(id).value, fact(id).unit, fact(id).label, english()).markup;

/** The rows of every table in a fragment, as arrays of cell texts (tags stripped, entities left as written). */
const tableRows = (markup: string): string[][] =>
  [...markup.matchAll(/<tr>(.*?)<\/tr>/gs)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/gs)].map((cell) => cell[1]!.replace(/<[^>]+>/g, "").trim()),
  );

/**
 * The definition list entries of a fragment, "label" to "value text"; the first wins, so top-level fields beat nested
 * ones.
 */
const fields = (markup: string): Map<string, string> => {
  const found = new Map<string, string>();
  for (const match of markup.matchAll(/<dt>(.*?)<\/dt><dd>(.*?)<\/dd>/gs))
    if (!found.has(match[1]!)) found.set(match[1]!, match[2]!.replace(/<[^>]+>/g, "").trim());
  return found;
};

describe("the value shown for people, on the real catalog", () => {
  it("shows the property transfer tax brackets as a table of ranges and percentage rates", () => {
    expect(tableRows(markupOf("bc.ptt.brackets"))).toEqual([
      ["Range", "Rate"],
      ["Up to $200,000", "1%"],
      ["$200,000 to $2,000,000", "2%"],
      ["$2,000,000 to $3,000,000", "3%"],
      ["Over $3,000,000", "5%"],
    ]);
  });

  it("writes rates as percentages, including small and repeating fractions", () => {
    expect(fields(markupOf("bc.rent_cap.2026")).get("Largest allowed rent increase")).toBe("2.3%");
    expect(fields(markupOf("bc.hbrp")).get("Amount payable to rescind, as a share of the price")).toBe("0.25%");
    expect(fields(markupOf("osfi.b20.stress_test")).get("Lowest qualifying rate (floor)")).toBe("5.25%");
    expect(fields(markupOf("cmhc.insurance_cap")).get("Loan-to-value above which insurance is required")).toBe("80%");
    const svt = fields(markupOf("bc.svt.rates_2026"));
    expect(svt.get("Rate for foreign owners and untaxed worldwide earners")).toBe("3%");
    expect(svt.get("Rate for Canadian citizens and permanent residents who are not untaxed worldwide earners")).toBe(
      "1%",
    );
    expect(markupOf("ca.capital_gains.inclusion_rate")).toContain("66.6667%");
  });

  it("writes money in CAD the en-CA way, with cents only where there are some", () => {
    expect(fields(markupOf("cmhc.insurance_cap")).get("Mortgage insurance available for purchase prices below")).toBe(
      "$1,500,000",
    );
    const fthb = fields(markupOf("bc.ptt.fthb_exemption"));
    expect(fthb.get("Full exemption for fair market values up to")).toBe("$500,000");
    expect(fthb.get("Most property transfer tax the exemption saves")).toBe("$8,000");
    const formB = fields(markupOf("bc.strata.form_b_fee"));
    expect(formB.get("Most the strata may charge for the Form B")).toBe("$35");
    expect(formB.get("Most the strata may charge per page of copies")).toBe("$0.25");
    expect(fields(markupOf("cra.hbp.withdrawal_limit")).get("Withdrawal limit per person")).toBe("$60,000");
  });

  it("renders nested bracket arrays as tables too (CMHC minimum down payment)", () => {
    expect(tableRows(markupOf("cmhc.insurance_cap"))).toEqual([
      ["Range", "Rate"],
      ["Up to $500,000", "5%"],
      ["$500,000 to $1,500,000", "10%"],
    ]);
  });

  it("writes measures with their unit, spells dates out and keeps years without separators", () => {
    const formB = fields(markupOf("bc.strata.form_b_fee"));
    expect(formB.get("Form B must be given within (after a request)")).toBe("7 days");
    expect(fields(markupOf("bc.hbrp")).get("Time to cancel (rescission period)")).toBe("3 business days");
    expect(fields(markupOf("bc.rent_cap.2026")).get("Year the rent increases take effect")).toBe("2026");
    expect(fields(markupOf("bc.rent_cap.2026")).get("Notice before a rent increase")).toBe("3 months");
    expect(markupOf("bc.hbrp")).toContain(
      '<dt>In force from</dt><dd><time datetime="2023-01-03">January 3, 2023</time></dd>',
    );
    expect(
      fields(markupOf("bc.straa")).get(
        "Principal residence requirement applies in communities of at least (population)",
      ),
    ).toBe("10,000");
  });

  it("shows lists of like records as a table with one column per key", () => {
    const rows = tableRows(markupOf("bc.tod.transit_oriented_development"));
    const header = rows[0]!;
    expect(header).toEqual(
      expect.arrayContaining([
        "Distance from the hub, from",
        "Distance from the hub, to",
        "Minimum allowable height in storeys",
      ]),
    );
    expect(rows.some((row) => row.includes("200 m") && row.includes("400 m"))).toBe(true);
  });

  it("labels every field from the glossary and writes money with its dollar sign", () => {
    const grant = fields(markupOf("bc.home_owner_grant.threshold"));
    expect(
      grant.get("Basic grant in the Capital, Fraser Valley and Metro Vancouver regional districts (maximum)"),
    ).toBe("$570");
    expect(grant.get("Basic grant elsewhere in B.C. (maximum)")).toBe("$770");
    for (const item of model.facts) {
      const markup = renderValue(item.value, item.unit, item.label, english()).markup;
      const labels = [...markup.matchAll(/<(?:dt|th scope="col")>(.*?)<\/(?:dt|th)>/g)].map((match) => match[1]!);
      for (const label of labels) expect(label, item.id).not.toMatch(/\bcad\b|_|<code>/i);
    }
  });

  it("writes enumeration members in words and links fact ids to their pages", async () => {
    const { factLinks } = await import("../../src/render/text.ts");
    const tod = markupOf("bc.tod.transit_oriented_development");
    expect(tod).toContain("Rapid transit station");
    expect(tod).not.toContain("rapid-transit-station");
    const links = factLinks(
      model.urls,
      model.facts.map((item) => item.id),
    );
    const pds = renderValue(fact("bc.pds").value, fact("bc.pds").unit, "PDS", english(), links).markup;
    expect(pds).toContain('<a href="bc.mld_disclosure.html"><code>bc.mld_disclosure</code></a>');
    for (const item of model.facts) {
      const markup = renderValue(item.value, item.unit, item.label, english(), links).markup;
      // No element's whole text is a slug such as "bus-exchange"; hyphenated words in sentences are fine.
      expect(markup, item.id).not.toMatch(/>[a-z][a-z0-9]*(?:-[a-z0-9]+)+</);
    }
  });

  it("never prints raw JSON or a key name with underscores", () => {
    for (const item of model.facts) {
      const markup = renderValue(item.value, item.unit, item.label, english()).markup;
      expect(markup, item.id).not.toMatch(/[{[]"|<dt>[^<]*_/);
    }
  });
});

describe("escaping", () => {
  it("escapes citation notes with quotes, ampersands and angle brackets wherever they appear", async () => {
    const { renderPages } = await import("../../src/render/pages/render-pages.ts");
    const hostile = `Notes with "quotes", Chilliwack & District, <script>alert('x')</script> and a > sign`;
    const [first, ...rest] = model.facts;
    const altered: SiteModel = {
      ...model,
      facts: [
        {
          ...first!,
          label: `${first!.label} <b>&</b>`,
          citations: [{ ...first!.citations[0]!, notes: hostile, title: `Title "quoted" & <i>` }],
        },
        ...rest,
      ],
    };
    const pages = new Map(renderPages(altered));
    const factPage = `/${first!.id}.html`;
    for (const path of ["/index.html", "/sources.html", factPage]) {
      const page = String(pages.get(path));
      expect(page, path).not.toContain("<script>alert");
      expect(page, path).not.toContain("<i>");
      expect(page, path).not.toContain("<b>&</b>");
    }
    for (const path of ["/sources.html", factPage])
      expect(String(pages.get(path)), path).toContain(escapeHtml(`Title "quoted" & <i>`));
    expect(String(pages.get(factPage))).toContain(escapeHtml(hostile));
    for (const path of ["/index.html", factPage])
      expect(String(pages.get(path)), path).toContain(escapeHtml(`${first!.label} <b>&</b>`));
  });
});
