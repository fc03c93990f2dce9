import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FactCatalog, SingleFactResponse } from "../../packages/client/src/index.ts";
import { frozenSite } from "../helpers/build-site.ts";

/** The project's facts as consumers fetch them: the built catalog, and single facts with their history. */
export const publishedFacts = async () => {
  const { out } = frozenSite();
  const read = async (urlPath: string) =>
    JSON.parse(await readFile(path.join(out, ...urlPath.split("/").filter(Boolean)), "utf8"));
  const catalog = (await read("/api/v1/facts/index.json")) as FactCatalog;
  const fact = async (id: string) => ((await read(`/api/v1/facts/by-id/${id}.json`)) as SingleFactResponse).fact;
  return { out, catalog, fact };
};

/** A copy of the catalog with one fact's value replaced, to show the calculators read the data they are given. */
export const withValue = (catalog: FactCatalog, id: string, change: (value: unknown) => unknown): FactCatalog => ({
  ...catalog,
  facts: catalog.facts.map((fact) =>
    fact.id === id ? { ...fact, value: change(structuredClone(fact.value)) as typeof fact.value } : fact,
  ),
});

/** A copy of the catalog with one fact's history entry (by version) given another value. */
export const withHistoryValue = (
  catalog: FactCatalog,
  id: string,
  version: number,
  change: (value: unknown) => unknown,
): FactCatalog => ({
  ...catalog,
  facts: catalog.facts.map((fact) =>
    fact.id === id
      ? {
          ...fact,
          history: fact.history.map((entry) =>
            entry.version === version
              ? { ...entry, value: change(structuredClone(entry.value)) as typeof entry.value }
              : entry,
          ),
        }
      : fact,
  ),
});

const BANDS = [
  { ltv_max: 0.65, rate: 0.006 },
  { ltv_max: 0.75, rate: 0.017 },
  { ltv_max: 0.8, rate: 0.024 },
  { ltv_max: 0.85, rate: 0.028 },
  { ltv_max: 0.9, rate: 0.031 },
  { ltv_max: 0.95, rate: 0.04 },
];
const PORTABILITY = [
  { ltv_max: 0.65, rate: 0.006 },
  { ltv_max: 0.75, rate: 0.059 },
  { ltv_max: 0.8, rate: 0.0605 },
  { ltv_max: 0.85, rate: 0.062 },
  { ltv_max: 0.9, rate: 0.0625 },
  { ltv_max: 0.95, rate: 0.063 },
];
const premiumValue = (changes: Record<string, unknown>) => ({
  premium_rates_on_total_loan: BANDS,
  non_traditional_down_payment_rate: null,
  non_traditional_down_payment_ltv_min: 0.9,
  amortization_surcharge_rate: 0.002,
  amortization_surcharge_over_years: 25,
  amortization_surcharge_eligible_buyers: [
    "all first-time home buyers (new or resale homes)",
    "all buyers of newly built homes",
  ],
  portability_increase_rates: PORTABILITY,
  premium_added_to_loan: true,
  provincial_sales_tax_on_premium: { provinces: ["Ontario", "Quebec", "Saskatchewan"], applies_in_bc: false },
  ...changes,
});

/**
 * `cmhc.mortgage_insurance_premiums` with its versions, as the change that adds the fact records them (CMHC's
 * schedule: 0.60% up to 65% … 4.00% up to 95% on the total loan throughout; 4.50% for a non-traditional down payment
 * until 2020-07-01; the 0.20% surcharge over 25 years from 2024-08-01), for tests written before the fact is published.
 * It replaces a published one, so the expectations below do not move with it.
 */
export const PREMIUM_FIXTURE_VERSIONS = [
  {
    version: 1,
    effective_iso: "2017-03-17",
    value: premiumValue({
      non_traditional_down_payment_rate: 0.045,
      amortization_surcharge_rate: null,
      amortization_surcharge_eligible_buyers: [],
      provincial_sales_tax_on_premium: { provinces: ["Manitoba", "Ontario", "Quebec"], applies_in_bc: false },
    }),
  },
  {
    version: 2,
    effective_iso: "2017-08-01",
    value: premiumValue({
      non_traditional_down_payment_rate: 0.045,
      amortization_surcharge_rate: null,
      amortization_surcharge_eligible_buyers: [],
      provincial_sales_tax_on_premium: {
        provinces: ["Manitoba", "Ontario", "Quebec", "Saskatchewan"],
        applies_in_bc: false,
      },
    }),
  },
  {
    version: 3,
    effective_iso: "2020-07-01",
    value: premiumValue({ amortization_surcharge_rate: null, amortization_surcharge_eligible_buyers: [] }),
  },
  {
    version: 4,
    effective_iso: "2024-08-01",
    value: premiumValue({
      amortization_surcharge_eligible_buyers: ["first-time home buyers purchasing a newly built home"],
    }),
  },
  { version: 5, effective_iso: "2024-12-15", value: premiumValue({}) },
];

export const withPremiumFixture = (catalog: FactCatalog): FactCatalog => {
  const model = catalog.facts.find((fact) => fact.id === "cmhc.insurance_cap")!;
  const versions = PREMIUM_FIXTURE_VERSIONS;
  const current = versions.at(-1)!;
  const fixture = {
    ...model,
    id: "cmhc.mortgage_insurance_premiums",
    label: "Test fixture: CMHC mortgage loan insurance premiums",
    value: current.value as unknown as typeof model.value,
    unit: "object",
    version: current.version,
    effective_iso: current.effective_iso,
    scheduled: [],
    history: versions
      .slice(0, -1)
      .reverse()
      .map((entry) => ({
        version: entry.version,
        value: entry.value as unknown as typeof model.value,
        unit: "object",
        effective_iso: entry.effective_iso,
        superseded_iso: versions[versions.indexOf(entry) + 1]!.effective_iso,
      })),
    canonical_url: model.canonical_url?.replace("cmhc.insurance_cap", "cmhc.mortgage_insurance_premiums"),
  };
  return { ...catalog, facts: [...catalog.facts.filter((fact) => fact.id !== fixture.id), fixture] };
};
