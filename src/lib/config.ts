import { parseBaseUrl, parseHttpUrl, SITE_PATHS } from "../../packages/client/src/index.ts";
import { type Environment, readUrlVariable, readVariable } from "./environment.ts";
import { UsageError } from "./errors.ts";
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

/** docs/consumers/api.md#caching-and-etags: 1 h in browsers, 24 h on the CDN, 7 days stale while revalidating. */
export const CACHE_CONTROL = "public, max-age=3600, s-maxage=86400, stale-while-revalidate=604800";

/** RFC 9727 asks the api-catalog to name its profile, so clients can tell it from any other linkset. */
export const API_CATALOG_CONTENT_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

/** RFC 7517's media type of a JWK Set, which names what the file is to clients that look. */
export const JWKS_CONTENT_TYPE = "application/jwk-set+json";

export const DEFAULT_BASE_URL = "http://localhost:8080";

/** The hosts a base URL may name over plain http: the local server, in local runs and tests. */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * FACTS_BASE_URL without a trailing slash; every absolute URL in the output is built from it. Unset, it is the
 * local server's address, following PORT, so `PORT=3000 npm start` publishes links that work. It is an `https`
 * origin with an optional path and nothing else (plain http only on a loopback host, for local runs): every feed,
 * page and webhook body repeats it, so a user name or password would be published with each, and a query or
 * fragment would end up in the middle of every address built on it.
 */
export const baseUrlFromEnvironment = (environment: Environment = process.env): string => {
  const raw =
    readVariable("FACTS_BASE_URL", environment) ||
    (readVariable("PORT", environment) ? `http://localhost:${readVariable("PORT", environment)}` : DEFAULT_BASE_URL);
  const url = parseHttpUrl(raw, "FACTS_BASE_URL");
  if (url.protocol !== "https:" && !LOOPBACK_HOSTS.has(url.hostname))
    throw new Error(
      `FACTS_BASE_URL must use https (plain http only for localhost, 127.0.0.1 or [::1] in local runs), got "${raw}"`,
    );
  if (raw.includes("?") || raw.includes("#"))
    throw new Error(
      `FACTS_BASE_URL must be an origin with an optional path, without a query or fragment: every published address is built by adding a path to it, got "${raw}"`,
    );
  return url.href.replace(/\/+$/, "");
};

/**
 * The address of a published tree that a person names (`npm run verify-site`'s argument, the MCP server's `--site`),
 * `name` saying which in a refusal: an absolute http(s) URL with an optional path, without its trailing slash, and
 * without a query or fragment, since the address of each file is the base followed by its path.
 */
export const publishedBaseUrl = (text: string, name: string): string => {
  const base = parseBaseUrl(text, name);
  const url = new URL(base);
  if (url.search !== "" || url.hash !== "")
    throw new UsageError(`${name} must have no query or fragment, got "${text}"`);
  return base;
};

/**
 * The WebSub hub (FACTS_WEBSUB_HUB) the feeds name as `rel="hub"` and `npm run websub -- ping` notifies, or undefined
 * when it is unset: push is off then, so no feed points readers at a hub that is never told of a change. The URL is
 * kept as written (a hub's endpoint may be its root path or any other).
 */
export const websubHubFromEnvironment = (environment: Environment = process.env): string | undefined =>
  readUrlVariable("FACTS_WEBSUB_HUB", environment)?.href;

/**
 * The GitHub repository the fact pages send readers to, to report an error in a fact or edit its file, when neither
 * FACTS_REPOSITORY nor GITHUB_REPOSITORY names one (a local build outside Actions): the project's own name, as
 * SERVICE names it. A build in GitHub Actions names the repository it runs in.
 */
export const DEFAULT_REPOSITORY = `${SERVICE.slug}/${SERVICE.slug}`;

/** The branch the "Edit on GitHub" links open a fact's file on: the branch the deploy workflow publishes. */
export const DEFAULT_BRANCH = "main";

/**
 * GitHub's rules for an owner (letters, digits, single hyphens) and a repository name (letters, digits, `.`, `_`, `-`).
 */
const REPOSITORY = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}\/[A-Za-z0-9._-]{1,100}$/;

/**
 * The repository (`owner/name`) of the "Report an error" and "Edit on GitHub" links: FACTS_REPOSITORY, else
 * GITHUB_REPOSITORY (set in every Actions run), else DEFAULT_REPOSITORY. A value that is not `owner/name` is refused
 * by the name of the variable it came from, since every fact page would publish a broken link.
 */
export const repositoryFromEnvironment = (environment: Environment = process.env): string => {
  for (const name of ["FACTS_REPOSITORY", "GITHUB_REPOSITORY"] as const) {
    const value = readVariable(name, environment);
    if (value === undefined) continue;
    if (!REPOSITORY.test(value) || value.endsWith("/.") || value.endsWith("/..")) {
      throw new Error(`${name} must be a GitHub repository as owner/name (e.g. ${DEFAULT_REPOSITORY}), got "${value}"`);
    }
    return value;
  }
  return DEFAULT_REPOSITORY;
};

/** Every address the service publishes, derived from one base URL. */
export const urlsFor = (baseUrl: string) => ({
  base: baseUrl,
  catalogPage: `${baseUrl}/`,
  factAnchor: (id: string) => `${baseUrl}/#${id}`,
  factPage: (id: string) => `${baseUrl}/${id}.html`,
  changelogPage: `${baseUrl}/changelog.html`,
  sourcesPage: `${baseUrl}/sources.html`,
  methodologyPage: `${baseUrl}/methodology.html`,
  transparencyPage: `${baseUrl}/transparency.html`,
  affordabilityPage: `${baseUrl}/affordability.html`,
  calculatorsPage: `${baseUrl}/calculators.html`,
  catalog: `${baseUrl}${SITE_PATHS.catalog}`,
  domainBundle: (domain: string) => `${baseUrl}${SITE_PATHS.domainBundle(domain)}`,
  domainFeed: (domain: string) => `${baseUrl}${SITE_PATHS.domainFeed(domain)}`,
  domainCalendar: (domain: string) => `${baseUrl}${SITE_PATHS.domainCalendar(domain)}`,
  badge: (id: string) => `${baseUrl}${SITE_PATHS.badge(id)}`,
  factById: (id: string) => `${baseUrl}${SITE_PATHS.factById(id)}`,
  factFeed: (id: string) => `${baseUrl}${SITE_PATHS.factFeed(id)}`,
  valueSchema: (id: string) => `${baseUrl}${SITE_PATHS.valueSchema(id)}`,
  series: (name: string) => `${baseUrl}${SITE_PATHS.series(name)}`,
  upcoming: `${baseUrl}${SITE_PATHS.upcoming}`,
  upcomingCalendar: `${baseUrl}${SITE_PATHS.upcomingCalendar}`,
  upcomingFeed: `${baseUrl}${SITE_PATHS.upcomingFeed}`,
  changesCalendar: `${baseUrl}${SITE_PATHS.changesCalendar}`,
  changesFeed: `${baseUrl}${SITE_PATHS.changesFeed}`,
  lapsesCalendar: `${baseUrl}${SITE_PATHS.lapsesCalendar}`,
  llms: `${baseUrl}${SITE_PATHS.llms}`,
  manifest: `${baseUrl}${SITE_PATHS.manifest}`,
  feed: `${baseUrl}${SITE_PATHS.feed}`,
  diff: (id: string, from: number, to: number) => `${baseUrl}${SITE_PATHS.diff(id, from, to)}`,
  diffIndex: `${baseUrl}${SITE_PATHS.diffIndex}`,
  changes: `${baseUrl}${SITE_PATHS.changes}`,
  changesCsv: `${baseUrl}${SITE_PATHS.changesCsv}`,
  searchIndex: `${baseUrl}${SITE_PATHS.searchIndex}`,
  factsAll: `${baseUrl}${SITE_PATHS.factsAll}`,
  factValuesCsv: `${baseUrl}${SITE_PATHS.factValuesCsv}`,
  dataPackage: `${baseUrl}${SITE_PATHS.dataPackage}`,
  affordabilityIndex: `${baseUrl}${SITE_PATHS.affordabilityIndex}`,
  affordabilitySeriesCsv: `${baseUrl}${SITE_PATHS.affordabilitySeriesCsv}`,
  openApi: `${baseUrl}${SITE_PATHS.openApi}`,
  placesIndex: `${baseUrl}${SITE_PATHS.placesIndex}`,
  place: (id: string) => `${baseUrl}${SITE_PATHS.place(id)}`,
  placesPage: `${baseUrl}${SITE_PATHS.placesPage}`,
  placePage: (id: string) => `${baseUrl}${SITE_PATHS.placePage(id)}`,
});
export type Urls = ReturnType<typeof urlsFor>;
