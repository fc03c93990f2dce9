import type { SiteModel } from "../build/build-model.ts";
import type { SearchIndex } from "../schemas/search-index.ts";
import { aliasesFor } from "./aliases.ts";
import { describeValue } from "./describe-value.ts";
import { jsonText, type SiteFiles } from "./site-files.ts";

/** `/api/v1/facts/search-index.json`: one pre-lowercased item per fact, and one for the affordability index. */
export const renderSearchIndex = (model: SiteModel): SiteFiles => {
  const facts: SearchIndex = model.facts.map((fact) => {
    const aliases = aliasesFor(fact.id);
    const text = [fact.id, fact.label, fact.description, fact.domain, ...(fact.tags ?? []), describeValue(fact.value, fact.unit), ...fact.citations.map((citation) => citation.org), ...aliases];
    return {
      id: fact.id,
      label: fact.label,
      domain: fact.domain,
      url: model.urls.factById(fact.id),
      page_url: model.urls.factAnchor(fact.id),
      search_text: text.join(" ").toLowerCase().replace(/\s+/g, " ").trim(),
      aliases,
    };
  });
  const indexAliases = ["affordability index", "affordability-index", "vancouver special index", "housing affordability", "carrying cost"];
  const affordability = {
    id: "affordability-index",
    label: "Lower Mainland affordability index",
    domain: "affordability-index",
    url: `${model.urls.base}/api/v1/affordability-index/index.json`,
    page_url: model.urls.affordabilityPage,
    search_text: [
      "lower mainland affordability index: median household income divided by the annual carrying cost of the mls® hpi composite benchmark home, times 100",
      "greater vancouver fraser valley mortgage payment property tax benchmark price monthly",
      ...indexAliases,
    ].join(" "),
    aliases: indexAliases,
  };
  return new Map([["/api/v1/facts/search-index.json", jsonText([...facts, affordability])]]);
};
