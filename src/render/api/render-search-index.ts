import { SITE_PATHS } from "../../lib/site-paths.ts";
import { describeExpected, expectedStatus } from "../../schemas/next-expected.ts";
import type { SearchIndex } from "../../schemas/search-index.ts";
import { describeValue } from "../describe-value.ts";
import { jsonText, type SiteFiles } from "../site-files.ts";
import type { SiteModel } from "../site-model.ts";
import { aliasesFor } from "./aliases.ts";

/**
 * Lowercase text with each word once, in order of first use: a search matches words, so repeating one adds bytes
 * and nothing a query could find.
 */
const uniqueWords = (text: string): string => [...new Set(text.toLowerCase().split(/\s+/).filter(Boolean))].join(" ");

const expectedText = (fact: SiteModel["facts"][number], today: string): string[] => {
  const status = expectedStatus(fact, today);
  return fact.next_expected === undefined || status === undefined || status === "recorded"
    ? []
    : [fact.next_expected.what, describeExpected(fact.next_expected, status)];
};

/**
 * `/api/v1/facts/search-index.json` (docs/consumers/api.md#search-index): one pre-lowercased item per fact, nothing else. The catalog page
 * points searches for the affordability index to its own page (see render-catalog-page.ts).
 */
export const renderSearchIndex = (model: SiteModel): SiteFiles => {
  const facts: SearchIndex = model.facts.map((fact) => {
    const aliases = aliasesFor(fact.id, fact.series);
    const text = [
      fact.id,
      fact.label,
      fact.description,
      fact.domain,
      ...(fact.tags ?? []),
      describeValue(fact.value, fact.unit),
      ...fact.citations.map((citation) => citation.org),
      // The next expected announcement, in the words a reader searches with ("rent cap 2027"), and whether it is late.
      ...expectedText(fact, model.today),
    ];
    return {
      id: fact.id,
      label: fact.label,
      domain: fact.domain,
      url: model.urls.factById(fact.id),
      page_url: model.urls.factPage(fact.id),
      search_text: uniqueWords(text.join(" ")),
      aliases,
    };
  });
  return new Map([[SITE_PATHS.searchIndex, jsonText(facts)]]);
};
