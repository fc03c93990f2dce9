import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FactCatalog, SingleFactResponse } from "../../packages/client/src/index.ts";
import { buildProjectSite } from "../helpers/build-site.ts";

/** The project's facts as consumers fetch them: the built catalog, and single facts with their history. */
export const publishedFacts = async () => {
  const { out } = await buildProjectSite();
  const read = async (urlPath: string) => JSON.parse(await readFile(path.join(out, ...urlPath.split("/").filter(Boolean)), "utf8"));
  const catalog = (await read("/api/v1/facts/index.json")) as FactCatalog;
  const fact = async (id: string) => ((await read(`/api/v1/facts/by-id/${id}.json`)) as SingleFactResponse).fact;
  return { out, catalog, fact };
};

/** A copy of the catalog with one fact's value replaced, to show the calculators read the data they are given. */
export const withValue = (catalog: FactCatalog, id: string, change: (value: unknown) => unknown): FactCatalog => ({
  ...catalog,
  facts: catalog.facts.map((fact) => (fact.id === id ? { ...fact, value: change(structuredClone(fact.value)) as typeof fact.value } : fact)),
});

/** A copy of the catalog with one fact's history entry (by version) given another value. */
export const withHistoryValue = (catalog: FactCatalog, id: string, version: number, change: (value: unknown) => unknown): FactCatalog => ({
  ...catalog,
  facts: catalog.facts.map((fact) =>
    fact.id === id
      ? {
          ...fact,
          history: fact.history.map((entry) =>
            entry.version === version ? { ...entry, value: change(structuredClone(entry.value)) as typeof entry.value } : entry,
          ),
        }
      : fact,
  ),
});

/**
 * The premium schedule as the calculators read `cmhc.mortgage_insurance_premiums`, for tests written before that fact
 * is published (it replaces the published one, so the expectations below do not move with it). The band rates are
 * those of CMHC's "Mortgage Loan Insurance and premiums" page (0.60% up to 65% … 4.00% up to 95%); the others are the
 * fact's shape with the values its research gives, marked as a fixture by its label. Effective 2024-08-01, the first
 * day of the 30-year amortization rule, so that both sides of that change can be tested.
 */
export const PREMIUM_FIXTURE_VALUE = {
  premium_rates_on_total_loan: [
    { ltv_max: 0.65, rate: 0.006 },
    { ltv_max: 0.75, rate: 0.017 },
    { ltv_max: 0.8, rate: 0.024 },
    { ltv_max: 0.85, rate: 0.028 },
    { ltv_max: 0.9, rate: 0.031 },
    { ltv_max: 0.95, rate: 0.04 },
  ],
  non_traditional_down_payment_rate: 0.045,
  non_traditional_down_payment_ltv_min: 0.9,
  amortization_surcharge_rate: 0.002,
  amortization_surcharge_over_years: 25,
  amortization_surcharge_eligible_buyers: ["first-time home buyers", "buyers of newly built homes"],
  premium_added_to_loan: true,
  provincial_sales_tax_on_premium: { provinces: ["Ontario", "Quebec", "Saskatchewan"], applies_in_bc: false },
};

export const withPremiumFixture = (catalog: FactCatalog): FactCatalog => {
  const model = catalog.facts.find((fact) => fact.id === "cmhc.insurance_cap")!;
  const fixture = {
    ...model,
    id: "cmhc.mortgage_insurance_premiums",
    label: "Test fixture: CMHC mortgage loan insurance premiums",
    value: PREMIUM_FIXTURE_VALUE as unknown as typeof model.value,
    unit: "object",
    version: 1,
    effective_iso: "2024-08-01",
    history: [],
    canonical_url: model.canonical_url?.replace("cmhc.insurance_cap", "cmhc.mortgage_insurance_premiums"),
  };
  return { ...catalog, facts: [...catalog.facts.filter((fact) => fact.id !== fixture.id), fixture] };
};
