export { citationsByOrg } from "./citations-by-org.ts";
export { renderAffordabilityDatasetJsonLd, renderDatasetJsonLd } from "./dataset-json-ld.ts";
export { renderPage } from "./page-layout.ts";
export { renderFact } from "./render-fact.ts";
export { renderIndexChart } from "./render-index-chart.ts";
export { renderUpcomingSection } from "./render-upcoming-section.ts";
export { editOnGitHubUrl, REPORT_ERROR_FIELDS, REPORT_ERROR_TEMPLATE, renderReportLinks, reportErrorUrl } from "./report-links.ts";
export { siteAssets } from "./site-assets.ts";
