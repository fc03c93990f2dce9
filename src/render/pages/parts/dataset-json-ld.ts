import { SERVICE } from "../../../lib/config.ts";
import type { SiteModel } from "../../site-model.ts";
import { type Html, trustedHtml } from "../text/html.ts";

/** JSON inside `<script>`: `<` is escaped so no text in the data can close the element early. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value, null, 2)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

const AFFORDABILITY_CSV = (model: SiteModel) => ({
  "@type": "DataDownload",
  name: "Affordability index by board and month (CSV)",
  encodingFormat: "text/csv",
  contentUrl: model.urls.affordabilitySeriesCsv,
});

/** The Frictionless Data Package: the CSV files' column types, licence and sources. */
const DATA_PACKAGE = (model: SiteModel) => ({
  "@type": "DataDownload",
  name: "Frictionless Data Package describing the CSV files (JSON)",
  encodingFormat: "application/json",
  contentUrl: model.urls.dataPackage,
});

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
    {
      "@type": "DataDownload",
      name: "Every fact's full record with quotes, notes, history and scheduled changes (JSON)",
      encodingFormat: "application/json",
      contentUrl: model.urls.factsAll,
    },
    { "@type": "DataDownload", name: "Every version of every value, long format (CSV)", encodingFormat: "text/csv", contentUrl: model.urls.factValuesCsv },
    AFFORDABILITY_CSV(model),
    DATA_PACKAGE(model),
    { "@type": "DataDownload", name: "Revisions feed (RSS 2.0)", encodingFormat: "application/rss+xml", contentUrl: model.urls.feed },
    { "@type": "DataDownload", name: "LLM catalog (JSON)", encodingFormat: "application/json", contentUrl: model.urls.llms },
  ],
});

/** The schema.org `Dataset` of the affordability index, on its page. */
export const affordabilityDatasetJsonLd = (model: SiteModel): Record<string, unknown> => ({
  "@context": "https://schema.org",
  "@type": "Dataset",
  name: `${SERVICE.name}: Lower Mainland affordability index`,
  description:
    "Monthly affordability index for Greater Vancouver and the Fraser Valley: median household income over the annual cost of carrying the MLS® HPI composite benchmark home, with every input's source and its kind.",
  url: model.urls.affordabilityPage,
  license: SERVICE.license,
  dateModified: model.generatedAt,
  inLanguage: "en-CA",
  isAccessibleForFree: true,
  keywords: ["British Columbia", "housing affordability", "Greater Vancouver", "Fraser Valley", "MLS® HPI"],
  spatialCoverage: { "@type": "Place", name: "Greater Vancouver and the Fraser Valley, British Columbia, Canada" },
  ...(model.index.period ? { temporalCoverage: `${model.index.period.from}/${model.index.period.to}` } : {}),
  creator: { "@type": "Organization", name: SERVICE.name, email: SERVICE.contactEmail, url: model.urls.catalogPage },
  distribution: [
    { "@type": "DataDownload", name: "Series with methodology (JSON)", encodingFormat: "application/json", contentUrl: model.urls.affordabilityIndex },
    AFFORDABILITY_CSV(model),
    DATA_PACKAGE(model),
  ],
});

const jsonLdScript = (value: unknown): Html => trustedHtml(`<script type="application/ld+json">\n${scriptJson(value)}\n</script>`);

export const renderDatasetJsonLd = (model: SiteModel): Html => jsonLdScript(datasetJsonLd(model));

export const renderAffordabilityDatasetJsonLd = (model: SiteModel): Html => jsonLdScript(affordabilityDatasetJsonLd(model));
