import type { SiteModel } from "../build/build-model.ts";
import type { SearchIndex } from "../schemas/search-index.ts";
import { aliasesFor } from "./aliases.ts";
import { describeValue } from "./describe-value.ts";
import { jsonText, type SiteFiles } from "./site-files.ts";

/** `/api/v1/facts/search-index.json`: one pre-lowercased item per fact, ready for client-side search. */
export const renderSearchIndex = (model: SiteModel): SiteFiles => {
  const index: SearchIndex = model.facts.map((fact) => {
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
  return new Map([["/api/v1/facts/search-index.json", jsonText(index)]]);
};
