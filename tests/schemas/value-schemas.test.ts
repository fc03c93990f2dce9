import { registerSchema, validate } from "@hyperjump/json-schema/draft-2020-12";
import { describe, expect, it } from "vitest";
import { frozenSite, readTree } from "../helpers/build-site.ts";

const BASE = "https://facts.example.org";
const { out } = frozenSite();
const tree = await readTree(out);
// biome-ignore lint/suspicious/noExplicitAny: the test reads whatever JSON the build published.
const json = (urlPath: string): any => JSON.parse(tree.get(urlPath)!.toString("utf8"));

const manifest = json("/api/v1/facts/manifest.json");
const ids: string[] = manifest.fact_id_list;
const schemaUrl = (id: string): string => manifest.endpoints.value_schema_pattern.replace("{id}", id);
const schemaPath = (id: string): string => new URL(schemaUrl(id)).pathname;

// A second JSON Schema implementation (not zod) reads the published documents, each registered under its own $id.
for (const id of ids) registerSchema(json(schemaPath(id)));

/** Every value a fact has published: the current one, each scheduled one and each earlier version in `history`. */
const publishedValues = (id: string): { where: string; value: unknown }[] => {
  const { fact } = json(`/api/v1/facts/by-id/${id}.json`);
  return [
    { where: `v${fact.version}`, value: fact.value },
    // biome-ignore lint/suspicious/noExplicitAny: published JSON.
    ...fact.scheduled.map((change: any) => ({ where: `scheduled ${change.effective_iso}`, value: change.value })),
    // biome-ignore lint/suspicious/noExplicitAny: published JSON.
    ...fact.history.map((entry: any) => ({ where: `v${entry.version}`, value: entry.value })),
  ];
};

const valid = async (id: string, value: unknown): Promise<boolean> =>
  (await validate(schemaUrl(id), value as never)).valid;

describe("the published value schemas, read by @hyperjump/json-schema", () => {
  it("publish one JSON Schema 2020-12 document per fact, at the manifest's pattern, with its address as $id", () => {
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      const schema = json(schemaPath(id));
      expect(schema.$schema, id).toBe("https://json-schema.org/draft/2020-12/schema");
      expect(schema.$id, id).toBe(`${BASE}/api/v1/facts/schemas/${id}.json`);
    }
  });

  it("accept every value each fact has published: current, scheduled and earlier versions", async () => {
    let checked = 0;
    for (const id of ids) {
      for (const { where, value } of publishedValues(id)) {
        expect(await valid(id, value), `${id} ${where}`).toBe(true);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(ids.length);
  });

  it("reject a value of another shape: the bracket array for an object, another fact's value for each fact", async () => {
    const brackets = json("/api/v1/facts/by-id/bc.ptt.brackets.json").fact.value;
    expect(await valid("bc.rent_cap.2026", brackets)).toBe(false);
    expect(await valid("bc.ptt.brackets", json("/api/v1/facts/by-id/bc.rent_cap.2026.json").fact.value)).toBe(false);
    for (const [index, id] of ids.entries()) {
      const other = ids[(index + 1) % ids.length]!;
      expect(
        await valid(id, json(`/api/v1/facts/by-id/${other}.json`).fact.value),
        `${id} given the value of ${other}`,
      ).toBe(false);
    }
  });

  it("reject values of the right shape but the wrong meaning", async () => {
    const rentCap = json("/api/v1/facts/by-id/bc.rent_cap.2026.json").fact.value;
    const formB = json("/api/v1/facts/by-id/bc.strata.form_b_fee.json").fact.value;
    const svt = json("/api/v1/facts/by-id/bc.svt.rates_2026.json").fact.value;
    expect(await valid("bc.rent_cap.2026", rentCap)).toBe(true);
    expect(await valid("bc.rent_cap.2026", { ...rentCap, max_increase_rate: 2.3 })).toBe(false);
    expect(await valid("bc.rent_cap.2026", { ...rentCap, max_increase_percent: 2.3 })).toBe(false);
    expect(await valid("bc.strata.form_b_fee", { ...formB, max_fee: -35 })).toBe(false);
    expect(await valid("bc.strata.form_b_fee", { ...formB, insurance_summary_required_from_iso: "2026-02-30" })).toBe(
      false,
    );
    expect(await valid("bc.svt.rates_2026", { ...svt, ownership_tested_on: "december-30" })).toBe(false);
  });

  it("are the OpenAPI document's components FactValue.{id}, with a path of their own", () => {
    const openApi = json("/.well-known/openapi.json");
    expect(openApi.paths["/api/v1/facts/schemas/{id}.json"].get.parameters[0].schema.enum).toEqual(ids);
    for (const id of ids) {
      const { $schema: _dialect, $id: _address, ...published } = json(schemaPath(id));
      expect(openApi.components.schemas[`FactValue.${id}`], id).toEqual(published);
    }
  });
});
