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
