import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { Fact, FactValues, KnownFactId, SingleFactResponse } from "../../packages/client/src/index.ts";
import {
  CLIENT_VALUE_TYPES_FILE,
  clientValueTypesText,
  FACT_VALUE_SCHEMAS,
  type FactValueOf,
  SERIES_VALUE_SCHEMAS,
} from "../../src/schemas/index.ts";
import { PROJECT_ROOT } from "../helpers/run-script.ts";

describe("the client's type of each fact's value", () => {
  it("is the bracket array for bc.ptt.brackets and an object with a number max_increase_rate for the rent cap", () => {
    expectTypeOf<Fact<"bc.ptt.brackets">["value"]>().toEqualTypeOf<{ upper: number | null; rate: number }[]>();
    expectTypeOf<Fact<"bc.rent_cap.2026">["value"]["max_increase_rate"]>().toEqualTypeOf<number>();
    expectTypeOf<Fact<"bc.rent_cap.2026">["id"]>().toEqualTypeOf<"bc.rent_cap.2026">();
    expectTypeOf<SingleFactResponse<"bc.strata.form_b_fee">["fact"]["value"]["max_fee"]>().toEqualTypeOf<number>();
    // A closed list is a union of its codes; a member older versions lack is optional.
    expectTypeOf<Fact<"bc.svt.rates_2026">["value"]["ownership_tested_on"]>().toEqualTypeOf<"december-31">();
    expectTypeOf<Fact<"bc.rent_cap.2026">["value"]["excluded_tenancies"]>().toEqualTypeOf<string[] | undefined>();
    // A later year of a yearly series has its series' value type before the client knows its id.
    expectTypeOf<Fact<"bc.rent_cap.2027">["value"]>().toEqualTypeOf<FactValues["bc.rent_cap.2026"]>();
    expectTypeOf<Fact<"bc.rent_cap.2027">["id"]>().toEqualTypeOf<"bc.rent_cap.2027">();
    expectTypeOf<SingleFactResponse<"bc.svt.rates_2027">["fact"]["value"]>().toEqualTypeOf<
      FactValues["bc.svt.rates_2026"]
    >();
    expectTypeOf<Fact<"bc.rent_cap.next">>().toEqualTypeOf<Fact>();
    // Without an id, or for an id the client does not know, value stays any fact's value.
    expectTypeOf<Fact["value"]>().not.toEqualTypeOf<Fact<"bc.ptt.brackets">["value"]>();
    expectTypeOf<Fact<"bc.not_published">>().toEqualTypeOf<Fact>();
  });

  it("is the type zod infers from the same schema, for every id", () => {
    expectTypeOf<KnownFactId>().toEqualTypeOf<keyof typeof FACT_VALUE_SCHEMAS>();
    expectTypeOf<FactValues["bc.ptt.brackets"]>().toEqualTypeOf<FactValueOf<"bc.ptt.brackets">>();
    expectTypeOf<FactValues["bc.home_owner_grant.threshold"]>().toEqualTypeOf<
      FactValueOf<"bc.home_owner_grant.threshold">
    >();
    expectTypeOf<FactValues["ca.underused_housing_tax"]>().toEqualTypeOf<FactValueOf<"ca.underused_housing_tax">>();
  });

  it("is generated from the value schemas: the committed file is what `npm run client:types` writes now", async () => {
    const committed = await readFile(path.join(PROJECT_ROOT, CLIENT_VALUE_TYPES_FILE), "utf8");
    expect(committed, "run `npm run client:types` after changing a value schema").toBe(clientValueTypesText());
    for (const id of Object.keys(FACT_VALUE_SCHEMAS)) expect(committed).toContain(`  ${JSON.stringify(id)}: `);
    for (const series of Object.keys(SERIES_VALUE_SCHEMAS))
      expect(committed).toMatch(new RegExp(`\\[id: \`${series.replaceAll(".", "\\.")}[._]\\$\\{number\\}\`\\]`));
  });
});
