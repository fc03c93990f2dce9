/** Names and addresses shared by every published artifact, so the catalog, feed, webhooks and pages agree. */
export const SERVICE = {
  name: "BC Real Estate Facts",
  /** Machine name, used in the webhook User-Agent (`<service>-webhook/1.0`). */
  slug: "bc-real-estate-facts",
  apiVersion: "v1",
  openApiVersion: "1.0.0",
  license: "https://creativecommons.org/licenses/by/4.0/",
  licenseName: "CC BY 4.0",
  contactEmail: "facts@bc-real-estate-facts.org",
  /** The naming authority of stable identifiers (iCalendar UIDs, Atom ids): a domain the project names itself by. */
  idAuthority: "bc-real-estate-facts.org",
} as const;

/** SPEC.md section 8: 1 h in browsers, 24 h on the CDN, 7 days stale while revalidating. */
export const CACHE_CONTROL = "public, max-age=3600, s-maxage=86400, stale-while-revalidate=604800";

/** RFC 9727 asks the api-catalog to name its profile, so clients can tell it from any other linkset. */
export const API_CATALOG_CONTENT_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

export const DEFAULT_BASE_URL = "http://localhost:8080";

/**
 * FACTS_BASE_URL without a trailing slash; every absolute URL in the output is built from it. Unset, it is the
 * local server's address, following PORT, so `PORT=3000 npm start` publishes links that work.
 */
export const baseUrlFromEnvironment = (environment: NodeJS.ProcessEnv = process.env): string => {
  const raw = environment.FACTS_BASE_URL || (environment.PORT ? `http://localhost:${environment.PORT}` : DEFAULT_BASE_URL);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`FACTS_BASE_URL must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(`FACTS_BASE_URL must use http or https, got "${raw}"`);
  return url.href.replace(/\/+$/, "");
};

/** Every address the service publishes, derived from one base URL. */
export const urlsFor = (baseUrl: string) => ({
  base: baseUrl,
  catalogPage: `${baseUrl}/`,
  factAnchor: (id: string) => `${baseUrl}/#${id}`,
  changelogPage: `${baseUrl}/changelog.html`,
  sourcesPage: `${baseUrl}/sources.html`,
  affordabilityPage: `${baseUrl}/affordability.html`,
  catalog: `${baseUrl}/api/v1/facts/index.json`,
  domainBundle: (domain: string) => `${baseUrl}/api/v1/facts/${domain}.json`,
  factById: (id: string) => `${baseUrl}/api/v1/facts/by-id/${id}.json`,
  factFeed: (id: string) => `${baseUrl}/api/v1/facts/by-id/${id}.atom`,
  upcoming: `${baseUrl}/api/v1/facts/upcoming.json`,
  upcomingCalendar: `${baseUrl}/api/v1/facts/upcoming.ics`,
  upcomingFeed: `${baseUrl}/api/v1/facts/upcoming.atom`,
  llms: `${baseUrl}/api/v1/facts/llms.json`,
  manifest: `${baseUrl}/api/v1/facts/manifest.json`,
  feed: `${baseUrl}/api/v1/facts/feed.xml`,
  diff: (id: string, from: number, to: number) => `${baseUrl}/api/v1/facts/diff/${id}/v${from}-to-v${to}.json`,
  diffIndex: `${baseUrl}/api/v1/facts/diff/index.json`,
  searchIndex: `${baseUrl}/api/v1/facts/search-index.json`,
  openApi: `${baseUrl}/.well-known/openapi.json`,
});
export type Urls = ReturnType<typeof urlsFor>;
