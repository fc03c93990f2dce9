/**
 * What lets a program or an assistant find its way in the API: `llms.txt` and the LLM catalog, the search index and
 * its aliases, the `.well-known` files, the files for other hosts (`_headers`, `_redirects`...) and the manifest that
 * lists the digest of every published file.
 */
import { createHash } from "node:crypto";
import { periodOn, SITE_PATHS } from "../../../packages/client/src/index.ts";
import { PROGRAMMES } from "../../derive/place-rules.ts";
import { API_CATALOG_CONTENT_TYPE, CACHE_CONTROL, JWKS_CONTENT_TYPE, SERVICE } from "../../lib/config.ts";
import { compareText } from "../../lib/text.ts";
import type { Fact, LlmCatalog, Manifest, SearchIndex } from "../../schemas/index.ts";
import { DOMAINS, describeExpected, expectedStatus, SCHEMA_VERSION } from "../../schemas/index.ts";
import { placedInOrder } from "../endpoints.ts";
import { jsonText, type SiteFiles, type SiteModel, sourcesSummary } from "../site-model.ts";
import { describeValue } from "../text.ts";
import { seriesOfModel } from "./fact-endpoints.ts";

/**
 * What llms.txt says of the kinds of source, right after the count of the citations (sourcesSummary) on the same line:
 * the MCP server finds that count in a built tree's llms.txt by the words that follow it (src/mcp/site-tree.ts).
 */
export const LLMS_SOURCE_KINDS =
  "Official sources are the issuing government, regulator, court or Crown agency's own pages; an official copy is such a text read on another site; llms.json lists each fact's official sources as primary_sources.";

const USAGE =
  "Each fact is a rule of British Columbia residential real estate with a structured value (rates are fractions, money is CAD), " +
  "the date it took effect (effective_iso), the date its verification lapses (expires_iso) and its primary sources. " +
  "Quote the value with its effective date, cite canonical_url, and treat a fact past expires_iso as unverified. " +
  "This is general information, not legal, tax or financial advice.";

/** Text on one line, so a fact's text can never start a heading, list item or block of its own in llms.txt. */
const oneLine = (text: string): string => text.replace(/\s+/g, " ").trim();

/** A Markdown link text that closes only where the link does: backslashes and brackets escaped, on one line. */
export const linkText = (text: string): string => oneLine(text).replace(/[\\[\]]/g, (character) => `\\${character}`);

/**
 * A fact's next expected announcement as its llms.txt line ends, so a past-due one is not taken for the next period's
 * value.
 */
const expectedNote = (fact: Fact, today: string): string => {
  const status = expectedStatus(fact, today);
  if (fact.next_expected === undefined || status === undefined || status === "recorded") return "";
  return `; next: ${oneLine(fact.next_expected.what)}, ${describeExpected(fact.next_expected, status)}`;
};

/**
 * `/api/v1/facts/llms.json` (docs/consumers/api.md#llmsjson, no history) and `/llms.txt` in the llms.txt convention.
 */
export const renderLlms = (model: SiteModel): SiteFiles => {
  const catalog: LlmCatalog = {
    schema_version: SCHEMA_VERSION,
    intended_for:
      "Large language models and AI assistants answering questions about British Columbia residential real estate rules.",
    usage: USAGE,
    license: SERVICE.license,
    generated_at: model.generatedAt,
    facts: model.facts.map((fact) => ({
      id: fact.id,
      label: fact.label,
      description: fact.description,
      value: fact.value,
      ...(fact.unit === undefined ? {} : { unit: fact.unit }),
      domain: fact.domain,
      effective_iso: fact.effective_iso,
      expires_iso: fact.expires_iso,
      canonical_url: model.urls.factById(fact.id),
      // Primary sources are the official ones; copies and commentary stay in the catalog. A rule no government issues
      // (the boards' MLS® rules) has none, and `npm run check` names such facts in its evidence warning.
      primary_sources: fact.citations
        .filter((citation) => citation.kind === "official")
        .map((citation) => ({
          org: citation.org,
          ...(citation.title === undefined ? {} : { title: citation.title }),
          url: citation.url,
          retrieved_iso: citation.retrieved_iso,
        })),
    })),
  };

  const llmsLines = placedInOrder((endpoint) => endpoint.llms?.(model));
  const lines = [
    `# ${SERVICE.name}`,
    "",
    `> Verified facts about British Columbia residential real estate (tax, mortgage, legal, foreign-buyer, strata and rental rules), each with a structured value, effective and expiry dates, citations to its sources, and a version history. Licensed ${SERVICE.licenseName}: cite each fact's canonical_url.`,
    "",
    USAGE,
    "",
    // Counted at build time from the published citations, so the description of the sources is never out of date.
    `${sourcesSummary(model.facts)} ${LLMS_SOURCE_KINDS} [Every source, by organisation](${model.urls.sourcesPage}).`,
    "",
    `[How the facts are checked](${model.urls.methodologyPage}): what a fact holds, the kinds of source, the re-verification cycle and how errors are corrected. [Verification dates](${model.urls.transparencyPage}): when each fact was last verified and when it is next due.`,
    "",
    "## API",
    "",
    ...llmsLines.at(SITE_PATHS.catalog),
    ...llmsLines.at(SITE_PATHS.domainBundle("{domain}")),
    ...llmsLines.at(SITE_PATHS.llms),
    ...llmsLines.at(SITE_PATHS.factsAll),
    `- [Every version of every value](${model.urls.factValuesCsv}): one row per scalar leaf, CSV, described by the [Data Package](${model.urls.dataPackage})`,
    `- [OpenAPI description](${model.urls.openApi}): every endpoint and schema`,
    `- [Revisions feed](${model.urls.feed}): RSS 2.0`,
    `- [Rule changes](${model.urls.changesFeed}): each revision when published, scheduled changes and expected announcements, Atom 1.0; the same as [iCalendar](${model.urls.changesCalendar})`,
    `- Rule changes of one domain, Atom 1.0 and iCalendar: ${DOMAINS.map((domain) => `${domain} ([Atom](${model.urls.domainFeed(domain)}), [iCalendar](${model.urls.domainCalendar(domain)}))`).join(", ")}`,
    ...llmsLines.at(SITE_PATHS.badge("{id}")),
    ...llmsLines.at(SITE_PATHS.diffIndex),
    ...llmsLines.at(SITE_PATHS.placesIndex),
    // The endpoints declared by a record (endpoints.ts) since: each line after the others.
    ...llmsLines.rest(),
    "",
    "## Facts",
    "",
    ...model.facts.map(
      (fact) =>
        `- [${linkText(fact.label)}](${model.urls.factById(fact.id)}): ${oneLine(describeValue(fact.value, fact.unit))} (effective ${fact.effective_iso}, verified until ${fact.expires_iso}${expectedNote(fact, model.today)})`,
    ),
    "",
  ];
  return new Map<string, string>([
    [SITE_PATHS.llms, jsonText(catalog)],
    ["/llms.txt", lines.join("\n")],
  ]);
};

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
 * `/api/v1/facts/search-index.json` (docs/consumers/api.md#search-index): one pre-lowercased item per fact, nothing
 * else. The catalog page points searches for the affordability index to its own page (see render-catalog-page.ts).
 */
export const renderSearchIndex = (model: SiteModel): SiteFiles => {
  const byPlace = placeAliases(model);
  const facts: SearchIndex = model.facts.map((fact) => {
    const aliases = aliasesFor(fact.id, fact.series, [
      ...(model.searchAliases.get(fact.id) ?? []),
      ...(byPlace.get(fact.id) ?? []),
    ]);
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

/**
 * The places where each rule by area applies on the build date, by the ids of the facts that hold or state it, as
 * search aliases: a search for "Kamloops" finds the speculation tax, one for "Surrey" the foreign buyers' tax. Derived
 * from the place files, so a revision of a fact's areas changes the search in the same build.
 */
const placeAliases = (model: SiteModel): Map<string, string[]> => {
  const where = new Map(
    PROGRAMMES.map((programme) => [
      programme,
      model.places
        .filter((place) => periodOn(place.rules[programme.name] ?? [], model.today)?.applies === true)
        .map((place) => place.name.toLowerCase()),
    ]),
  );
  return new Map(
    model.facts.map((fact) => [
      fact.id,
      [
        ...new Set(
          PROGRAMMES.filter(
            (programme) =>
              programme.fact_id === fact.id ||
              programme.related.some((name) => name === fact.id || name === fact.series),
          ).flatMap((programme) => where.get(programme) ?? []),
        ),
      ],
    ]),
  );
};

/** Abbreviations used in fact ids and by buyers, with the words people search for. */
export const GLOSSARY: Record<string, string[]> = {
  ptt: ["property transfer tax", "land transfer tax"],
  fthb: ["first-time home buyer", "first time buyer"],
  svt: ["speculation and vacancy tax", "spec tax", "vacancy tax"],
  fhsa: ["first home savings account"],
  hbp: ["home buyers' plan", "rrsp withdrawal"],
  cra: ["canada revenue agency"],
  cmhc: ["canada mortgage and housing corporation", "mortgage insurance", "mortgage default insurance"],
  osfi: ["office of the superintendent of financial institutions"],
  b20: ["guideline b-20", "stress test", "minimum qualifying rate", "mqr"],
  hbrp: ["home buyer rescission period", "cooling-off period", "cooling off"],
  mld: ["material latent defect"],
  alc: ["agricultural land commission"],
  alr: ["agricultural land reserve", "farmland"],
  mls: ["multiple listing service"],
  pds: ["property disclosure statement"],
  tod: ["transit-oriented development", "transit oriented areas", "toa"],
  ssmuh: ["small-scale multi-unit housing", "missing middle", "fourplex", "multiplex"],
  rta: ["residential tenancy act"],
  straa: ["short-term rental accommodations act", "airbnb", "short-term rental"],
  flipping: ["flipping", "flip tax", "anti-flipping"],
  rent_cap: ["rent increase", "allowable rent increase", "rent cap"],
  foreign_buyer: ["foreign buyer", "non-resident", "non-canadian"],
  strata: ["condo", "condominium", "strata"],
  presale: ["presale", "pre-sale", "assignment"],
};

/**
 * Lowercase aliases of a fact: its id and the name of its yearly series (so a search for `bc.rent_cap` finds the year
 * in force), their parts as words, the glossary expansions they name, and then `extra`, the words people search with
 * that reference/search-aliases.json gives the fact (places, everyday words).
 */
export const aliasesFor = (id: string, series?: string, extra: readonly string[] = []): string[] => {
  const names = [id, ...(series === undefined ? [] : [series])].map((name) => name.toLowerCase());
  const aliases = new Set<string>(names);
  const parts = names.flatMap((name) => name.split("."));
  for (const part of parts) {
    aliases.add(part.replaceAll("_", " "));
    for (const [key, words] of Object.entries(GLOSSARY))
      if (part === key || part.includes(key)) for (const word of words) aliases.add(word);
  }
  for (const word of extra) aliases.add(word);
  return [...aliases];
};

/**
 * security.txt's `Expires` for a build on `today`: the first day of the third calendar quarter after today's, so it
 * lies six to nine months ahead (RFC 9116 asks for less than a year). It moves on four days a year, not with each
 * build or each edit of the data, so the file turns over only then; a build of the same commit on another day of the
 * quarter writes the same bytes.
 */
export const securityTxtExpiry = (today: string): string => {
  const year = Number(today.slice(0, 4));
  const quarterStartMonth = Math.floor((Number(today.slice(5, 7)) - 1) / 3) * 3; // 0, 3, 6 or 9
  const month = quarterStartMonth + 9;
  return `${year + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, "0")}-01`;
};

/**
 * `/.well-known/api-catalog` (RFC 9727 linkset), `/.well-known/security.txt` (RFC 9116) and `/.well-known/jwks.json`
 * (RFC 7517), the public keys of the manifest's signature. The key set is published whether or not this build is
 * signed, so a consumer can always see which keys the repository stands behind.
 */
export const renderWellKnown = (model: SiteModel): SiteFiles => {
  const apiCatalog = {
    linkset: [
      {
        anchor: `${model.urls.base}${SITE_PATHS.api}`,
        "service-desc": [{ href: model.urls.openApi, type: "application/openapi+json" }],
        "service-doc": [{ href: model.urls.catalogPage, type: "text/html" }],
        "service-meta": [
          { href: model.urls.manifest, type: "application/json" },
          { href: `${model.urls.base}${SITE_PATHS.jwks}`, type: JWKS_CONTENT_TYPE },
        ],
        item: [
          { href: model.urls.catalog, type: "application/json" },
          { href: model.urls.feed, type: "application/rss+xml" },
        ],
      },
    ],
  };
  const expires = `${securityTxtExpiry(model.today)}T00:00:00Z`;
  const securityTxt = [
    `Contact: mailto:${SERVICE.contactEmail}`,
    `Expires: ${expires}`,
    "Preferred-Languages: en",
    `Canonical: ${model.urls.base}${SITE_PATHS.securityTxt}`,
    "",
  ].join("\n");
  return new Map([
    [SITE_PATHS.apiCatalog, jsonText(apiCatalog)],
    [SITE_PATHS.securityTxt, securityTxt],
    [SITE_PATHS.jwks, jsonText(model.signingKeys)],
  ]);
};

/**
 * `.nojekyll` (GitHub Pages must publish `.well-known/` as is) and `_headers`, which hosts such as Netlify and
 * Cloudflare Pages honour; GitHub Pages cannot set headers, see docs/operators/deploy.md.
 */
export const renderHostFiles = (): SiteFiles =>
  new Map([
    ["/.nojekyll", ""],
    [
      "/_headers",
      [
        "/*",
        "  Access-Control-Allow-Origin: *",
        "  Access-Control-Expose-Headers: ETag",
        `  Cache-Control: ${CACHE_CONTROL}`,
        "  X-Content-Type-Options: nosniff",
        SITE_PATHS.feed,
        "  Content-Type: application/rss+xml; charset=utf-8",
        SITE_PATHS.upcomingFeed,
        "  Content-Type: application/atom+xml; charset=utf-8",
        SITE_PATHS.upcomingCalendar,
        "  Content-Type: text/calendar; charset=utf-8",
        SITE_PATHS.changesFeed,
        "  Content-Type: application/atom+xml; charset=utf-8",
        SITE_PATHS.changesCalendar,
        "  Content-Type: text/calendar; charset=utf-8",
        SITE_PATHS.lapsesCalendar,
        "  Content-Type: text/calendar; charset=utf-8",
        ...DOMAINS.flatMap((domain) => [
          SITE_PATHS.domainFeed(domain),
          "  Content-Type: application/atom+xml; charset=utf-8",
          SITE_PATHS.domainCalendar(domain),
          "  Content-Type: text/calendar; charset=utf-8",
        ]),
        SITE_PATHS.apiCatalog,
        `  Content-Type: ${API_CATALOG_CONTENT_TYPE}`,
        SITE_PATHS.openApi,
        "  Content-Type: application/json; charset=utf-8",
        SITE_PATHS.jwks,
        `  Content-Type: ${JWKS_CONTENT_TYPE}`,
        SITE_PATHS.manifestSignature,
        "  Content-Type: text/plain; charset=utf-8",
        "",
      ].join("\n"),
    ],
  ]);

export const MANIFEST_PATH = SITE_PATHS.manifest;

/** A file as the manifest lists it: its path, its size in bytes and the SHA-256 of its bytes, in hexadecimal. */
export interface ManifestFile {
  path: string;
  bytes: number;
  sha256: string;
}

/**
 * A file's manifest entry. A text is hashed and measured as its UTF-8 without being copied into a buffer first: the
 * tree is large, and each copy would be garbage at once (bench/build-scale.bench.ts).
 */
export const manifestFile = (path: string, content: string | Uint8Array): ManifestFile => ({
  path,
  bytes: typeof content === "string" ? Buffer.byteLength(content, "utf8") : content.byteLength,
  sha256: (typeof content === "string"
    ? createHash("sha256").update(content, "utf8")
    : createHash("sha256").update(content)
  ).digest("hex"),
});

/** `manifest.json` (docs/consumers/api.md#manifest) with the size and SHA-256 of every other published file. */
export const renderManifest = (model: SiteModel, published: Iterable<ManifestFile>): SiteFiles => {
  const files = [...published]
    .filter((file) => file.path !== MANIFEST_PATH)
    .sort((a, b) => compareText(a.path, b.path));
  // Each endpoint declared by a record (endpoints.ts) under its key, at its absolute URL (a template keeps its braces).
  const placed = placedInOrder((endpoint) =>
    endpoint.manifestKey === undefined ? undefined : { [endpoint.manifestKey]: `${model.urls.base}${endpoint.path}` },
  );
  const keys = {
    at: (path: string) => Object.assign({}, ...placed.at(path)),
    rest: () => Object.assign({}, ...placed.rest()),
  };
  const manifest: Manifest = {
    schema_version: SCHEMA_VERSION,
    name: SERVICE.name,
    version: SERVICE.apiVersion,
    generated_at: model.generatedAt,
    endpoints: {
      ...keys.at(SITE_PATHS.catalog),
      by_domain: DOMAINS.map((domain) => model.urls.domainBundle(domain)),
      ...keys.at(SITE_PATHS.factById("{id}")),
      value_schema_pattern: `${model.urls.base}${SITE_PATHS.valueSchema("{id}")}`,
      ...keys.at(SITE_PATHS.series("{series}")),
      ...keys.at(SITE_PATHS.llms),
      feed: model.urls.feed,
      ...keys.at(SITE_PATHS.searchIndex),
      ...keys.at(SITE_PATHS.diffIndex),
      diff_pattern: `${model.urls.base}${SITE_PATHS.diff("{id}", "{from}", "{to}")}`,
      ...keys.at(SITE_PATHS.changes),
      changes_csv: model.urls.changesCsv,
      domain_feeds: DOMAINS.map((domain) => model.urls.domainFeed(domain)),
      domain_calendars: DOMAINS.map((domain) => model.urls.domainCalendar(domain)),
      ...keys.at(SITE_PATHS.badge("{id}")),
      ...keys.at(SITE_PATHS.affordabilityIndex),
      ...keys.at(SITE_PATHS.affordabilityLatest),
      openapi: model.urls.openApi,
      ...keys.at(SITE_PATHS.placesIndex),
      ...keys.at(SITE_PATHS.place("{id}")),
      // The endpoints declared by a record (endpoints.ts) since: each key after the others.
      ...keys.rest(),
    },
    domain_list: [...DOMAINS],
    fact_id_list: model.facts.map((fact) => fact.id),
    series_list: seriesOfModel(model).map((series) => series.name),
    withdrawn: model.withdrawn.map(({ fact, withdrawal }) => ({
      id: fact.id,
      withdrawn_iso: withdrawal.withdrawn_iso,
      superseded_by: withdrawal.superseded_by?.id ?? null,
    })),
    files,
  };
  return new Map([[MANIFEST_PATH, jsonText(manifest)]]);
};
