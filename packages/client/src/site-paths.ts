import { hasUserInfo, USER_INFO_REFUSAL } from "./fact-schemas.ts";

/**
 * An absolute http(s) URL without a user name or password, as a setting or an option gives it. `name` says in a
 * refusal which setting was wrong; the value is echoed only when it carries no password.
 */
export const parseHttpUrl = (raw: string, name: string): URL => {
  if (hasUserInfo(raw)) throw new Error(`${name} ${USER_INFO_REFUSAL}`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new Error(`${name} must use http or https, got "${raw}"`);
  return url;
};

/**
 * An absolute http(s) origin, with any path, without its trailing slash: what every published URL is built from
 * and what a consumer of the tree is pointed at. `name` says in a refusal which setting was wrong.
 */
export const parseBaseUrl = (raw: string, name: string): string => parseHttpUrl(raw, name).href.replace(/\/+$/, "");

/**
 * Every path the service publishes, in one place: the renderers write files at these paths, `urlsFor` (config.ts)
 * turns them into absolute URLs, and the local server recognizes them. Paths are absolute within the site.
 */
const API = "/api/v1";
const FACTS = `${API}/facts`;

export const SITE_PATHS = {
  api: `${API}/`,
  catalog: `${FACTS}/index.json`,
  domainBundle: (domain: string) => `${FACTS}/${domain}.json`,
  /** The rule changes of one domain's facts: the entries of `changes.atom` in that domain. */
  domainFeed: (domain: string) => `${FACTS}/${domain}.atom`,
  /** The rule changes of one domain's facts: the events of `changes.ics` in that domain. */
  domainCalendar: (domain: string) => `${FACTS}/${domain}.ics`,
  /** A fact's Shields endpoint badge: its value in force on the build date, in words (docs/consumers/badges.md). */
  badge: (id: string) => `${FACTS}/badges/${id}.json`,
  byIdPrefix: `${FACTS}/by-id/`,
  factById: (id: string) => `${FACTS}/by-id/${id}.json`,
  factFeed: (id: string) => `${FACTS}/by-id/${id}.atom`,
  /** The page for people of one fact, with a section per period of its timeline (`#v{N}`, `#earlier-{date}`). */
  factPage: (id: string) => `/${id}.html`,
  /** The JSON Schema (2020-12) of one fact id's `value`. */
  valueSchema: (id: string) => `${FACTS}/schemas/${id}.json`,
  /** The stable alias of a yearly series (e.g. `bc.rent_cap`): the member in force, with every member listed. */
  series: (name: string) => `${FACTS}/series/${name}.json`,
  upcoming: `${FACTS}/upcoming.json`,
  upcomingCalendar: `${FACTS}/upcoming.ics`,
  upcomingFeed: `${FACTS}/upcoming.atom`,
  /**
   * The rule changes: each revision when published, and the scheduled changes and expected announcements of upcoming.
   */
  changesCalendar: `${FACTS}/changes.ics`,
  changesFeed: `${FACTS}/changes.atom`,
  /** For maintainers: each fact's re-verify-by date (its verification lapse) within the upcoming window. */
  lapsesCalendar: `${FACTS}/lapses.ics`,
  llms: `${FACTS}/llms.json`,
  manifest: `${FACTS}/manifest.json`,
  /** The base64 Ed25519 signature over the exact bytes of the manifest; absent from an unsigned build. */
  manifestSignature: `${FACTS}/manifest.json.sig`,
  feed: `${FACTS}/feed.xml`,
  diff: (id: string, from: number | string, to: number | string) => `${FACTS}/diff/${id}/v${from}-to-v${to}.json`,
  diffIndex: `${FACTS}/diff/index.json`,
  /** Every change event of every fact, newest first, with a stable id as the cursor of a mirror. */
  changes: `${FACTS}/changes.json`,
  changesCsv: `${FACTS}/changes.csv`,
  searchIndex: `${FACTS}/search-index.json`,
  /** Every fact's full record (as `by-id/{id}.json` carries it) in one file. */
  factsAll: `${FACTS}/all.json`,
  /** Every scalar leaf of every version of every fact, one CSV row each (long format). */
  factValuesCsv: `${FACTS}/values.csv`,
  /** The Frictionless Data Package describing the CSV files. */
  dataPackage: "/datapackage.json",
  affordabilityIndex: `${API}/affordability-index/index.json`,
  affordabilityLatest: `${API}/affordability-index/latest.json`,
  /** The affordability index as CSV: one row per board and month. */
  affordabilitySeriesCsv: `${API}/affordability-index/series.csv`,
  /** The index's older name, kept as an alias with the same files. */
  affordabilityFolders: [`${API}/affordability-index`, `${API}/vancouver-special-index`],
  openApi: "/.well-known/openapi.json",
  apiCatalog: "/.well-known/api-catalog",
  securityTxt: "/.well-known/security.txt",
  /** The site's icon (SVG), at the root where browsers look for one. */
  favicon: "/favicon.svg",
  /**
   * The HTML page for a missing page: GitHub Pages, Netlify and Cloudflare Pages serve a root `404.html` for any
   * missing path; the local server for missing paths outside `apiPrefixes`.
   */
  notFoundPage: "/404.html",
  /** Paths for programs: a miss under these is answered with a JSON error body, never with the HTML page. */
  apiPrefixes: ["/api/", "/.well-known/"],
  /** Every place of the register (municipalities, regional districts, other areas a rule names), by id. */
  placesIndex: `${API}/places/index.json`,
  /** The words of one language for the facts: labels, units, each fact's label, description and summary. */
  locale: (lang: string) => `${API}/facts/locales/${lang}.json`,
  /** One place with the periods of every rule that applies there by area. */
  place: (id: string) => `${API}/places/${id}.json`,
  /** The page for people of the places, and of one place ("What applies in Kamloops"). */
  placesPage: "/places.html",
  placePage: (id: string) => `/places/${id}.html`,
  /** The public keys of the manifest signature (RFC 7517 JWK Set). */
  jwks: "/.well-known/jwks.json",
} as const;
