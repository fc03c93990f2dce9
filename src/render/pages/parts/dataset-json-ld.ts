import { SERVICE } from "../../../lib/config.ts";
import type { SiteModel } from "../../site-model.ts";
import { type Html, trustedHtml } from "../text/index.ts";

/** JSON inside `<script>`: `<` is escaped so no text in the data can close the element early. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value, null, 2)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/** The schema.org `Dataset` of the catalog, so search engines list the data and its downloads. */
export const datasetJsonLd = (model: SiteModel): Record<string, unknown> => ({
  "@context": "https://schema.org",
  "@type": "Dataset",
  name: SERVICE.name,
  description: `Verified facts about British Columbia residential real estate (tax, mortgage, legal, foreign-buyer, strata and rental rules), each with its value, effective date, citations to primary sources and version history. ${model.facts.length} facts.`,
  url: model.urls.catalogPage,
  license: SERVICE.license,
  dateModified: model.generatedAt,
  inLanguage: "en-CA",
  isAccessibleForFree: true,
  keywords: ["British Columbia", "real estate", "property transfer tax", "mortgage", "strata", "tenancy", "foreign buyers"],
  spatialCoverage: { "@type": "Place", name: "British Columbia, Canada" },
  creator: { "@type": "Organization", name: SERVICE.name, email: SERVICE.contactEmail, url: model.urls.catalogPage },
  distribution: [
    { "@type": "DataDownload", name: "Full catalog with history (JSON)", encodingFormat: "application/json", contentUrl: model.urls.catalog },
    { "@type": "DataDownload", name: "Revisions feed (RSS 2.0)", encodingFormat: "application/rss+xml", contentUrl: model.urls.feed },
    { "@type": "DataDownload", name: "LLM catalog (JSON)", encodingFormat: "application/json", contentUrl: model.urls.llms },
  ],
});

export const renderDatasetJsonLd = (model: SiteModel): Html =>
  trustedHtml(`<script type="application/ld+json">\n${scriptJson(datasetJsonLd(model))}\n</script>`);
