import { cp } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { monthsBetween } from "../../src/affordability/compute-series.ts";
import { buildModel } from "../../src/build/build-model.ts";
import { renderSite } from "../../src/render/render-site.ts";
import {
  AffordabilitySeries,
  BOARDS,
  MethodologyFile,
  MortgageRatesFile,
  PublishedCitation,
} from "../../src/schemas/index.ts";
import { factValue } from "../helpers/fact-values.ts";
import { createGitRepo } from "../helpers/git-repo.ts";
import { runScript } from "../helpers/run-script.ts";
import { ARCHIVE_PATH, crea, hpiPage, months, sheet, zip } from "./helpers/crea-archive.ts";
import { indexDataWorkspace, serveSource } from "./helpers/source-stand-in.ts";
import { weekly } from "./helpers/valet-observations.ts";

// The Bank's weekly series until the last Wednesday of October 2026, stepping down in May 2025; CREA's archive with
// both boards from January 2023 to October 2026, the months the sources would publish by the job's run in November.
const valet = serveSource(() => ({
  status: 200,
  type: "application/json",
  body: weekly("2026-10-28", (date) => (date < "2025-05-14" ? "6.49" : "6.09")),
}));
let archive: Uint8Array;
const creaSite = serveSource((url) => (url === ARCHIVE_PATH ? zip(archive) : hpiPage()));

/**
 * The carrying cost and index recomputed from the published JSON alone, by a separate implementation of the formula
 * the methodology states: the monthly rate from semi-annual compounding, the annuity payment, then the yearly costs.
 */
const recompute = (price: number, rate: number, methodology: MethodologyFile) => {
  const { assumptions } = methodology;
  const loan = price * (1 - assumptions.down_payment_share.value);
  const periods = assumptions.compounding_periods_per_year.value;
  const monthlyRate = (1 + rate / periods) ** (periods / 12) - 1;
  const payment = (loan * monthlyRate) / (1 - (1 + monthlyRate) ** (-12 * assumptions.amortization_years.value));
  // The published carrying cost counts twelve payments as published, in cents.
  const yearlyOtherCosts =
    price * assumptions.property_tax_rate.value +
    12 * (assumptions.maintenance_monthly.value + assumptions.insurance_monthly.value);
  return { loan, payment, costWith: (publishedPayment: number) => 12 * publishedPayment + yearlyOtherCosts };
};

/**
 * A published input as its file holds it: each citation, published as a fact's is (the organisation's name in `org`,
 * with `org_id` and `org_kind`), validated as such and given back its registry id in `org`.
 */
const asInputFile = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(asInputFile);
  if (node === null || typeof node !== "object") return node;
  if ("url" in node && "retrieved_iso" in node) {
    const { org_id, org_kind: _kind, org: _name, ...rest } = PublishedCitation.parse(node);
    return { ...rest, org: org_id };
  }
  return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, asInputFile(child)]));
};

describe("the index after npm run index:update", () => {
  it("is a consecutive monthly series for both boards, every idx following from its published fields", async () => {
    archive = await crea([
      sheet(
        "GREATER_VANCOUVER",
        months("2023-01", 46, (index) => 1_110_000 + index * 1_500),
      ),
      sheet(
        "FRASER_VALLEY",
        months("2023-01", 46, (index) => 940_000 + index * 900),
      ),
    ]);
    const root = await indexDataWorkspace();
    const update = await runScript("src/cli/index-update.ts", ["--root", root], {
      env: {
        FACTS_TODAY: "2026-11-27",
        INDEX_SOURCES_BANK_OF_CANADA: `${valet.origin}/valet`,
        INDEX_SOURCES_CREA: `${creaSite.origin}/housing-market-stats/mls-home-price-index/hpi-tool/`,
      },
    });
    expect(update.stderr).toBe("");
    expect(update.code).toBe(0);

    // The repository as the monthly pull request would leave it, built as `npm run build` builds it.
    const repo = await createGitRepo();
    await repo.writeFact({ id: "bc.hbrp", domain: "legal", value: factValue("bc.hbrp") });
    await cp(path.join(root, "index-data"), path.join(repo.root, "index-data"), { recursive: true });
    await repo.commit("index inputs");
    const files = renderSite(
      await buildModel(repo.root, { baseUrl: "https://facts.example.org", today: "2026-11-27" }),
    );
    const published = AffordabilitySeries.parse(
      JSON.parse(String(files.get("/api/v1/affordability-index/index.json"))),
    );

    const expectedMonths = monthsBetween("2023-01", "2026-10");
    for (const board of BOARDS) {
      expect(published.series.filter((entry) => entry.board === board).map((entry) => entry.monthSlug)).toEqual(
        expectedMonths,
      );
    }
    expect(published.methodology.gaps).toEqual([]);
    expect(published.methodology.source_quality).toMatchObject({
      months: Object.fromEntries(
        BOARDS.map((board) => [board, Object.fromEntries(expectedMonths.map((month) => [month, "official"]))]),
      ),
    });

    const { name, formula, sources, assumptions } = published.methodology;
    const methodology = MethodologyFile.parse(asInputFile({ name, formula, sources, assumptions }));
    const rates = new Map(
      MortgageRatesFile.parse(asInputFile(published.methodology.mortgage_rate)).months.map((month) => [
        month.month,
        month.rate,
      ]),
    );
    for (const entry of published.series) {
      const rate = rates.get(entry.monthSlug);
      expect(rate, `${entry.board} ${entry.monthSlug} has a published rate`).toBeDefined();
      const { loan, payment, costWith } = recompute(entry.hpiBenchmarkPrice, rate!, methodology);
      expect(entry.loanAmount).toBeCloseTo(loan, 2);
      expect(entry.monthlyPI).toBeCloseTo(payment, 2);
      expect(entry.annualCarryingCost).toBeCloseTo(costWith(entry.monthlyPI), 2);
      expect(entry.idx).toBe(Math.round((entry.medianIncome / entry.annualCarryingCost) * 100));
    }
    // After the first month, every month has a previous one to compare with.
    expect(
      published.series.filter((entry) => entry.idxTrend === "no-previous-month").map((entry) => entry.monthSlug),
    ).toEqual(["2023-01", "2023-01"]);
    expect(published.latest).toMatchObject({ board: "greater-vancouver", monthSlug: "2026-10" });

    // The page draws each board as one unbroken line over the 46 months, with no empty strip cell.
    const page = String(files.get("/affordability.html"));
    const chart = page.match(/<svg class="index-chart"[\s\S]*?<\/svg>/)![0];
    const lines = [...chart.matchAll(/<polyline[^>]*points="([^"]*)"/g)].map((line) => line[1]!.split(" ").length);
    expect(lines).toEqual([46, 46]);
    expect(chart).not.toContain("data-gap");
  });
});
