import { z } from "zod";

// The wire schemas of the published API: every response and webhook body, and the parts they share (dates, ids,
// citations, scheduled changes, expected announcements). The client validates each answer with them; the
// repository's build imports them from the client's entry, writes its responses to them and generates the published
// JSON Schemas and OpenAPI components from them (src/schemas/json-schemas.ts), so the two cannot drift apart.

/** The six domains of SPEC.md section 4.1, in the order the specification lists them. */
export const DOMAINS = ["tax", "mortgage", "legal", "foreign-buyer", "strata", "rental"] as const;
export const Domain = z.enum(DOMAINS);
export type Domain = z.infer<typeof Domain>;

/** A calendar date `YYYY-MM-DD`; zod's ISO date check refuses impossible days such as 2026-02-30. */
export const IsoDate = z.iso.date({ error: "must be a real calendar date written YYYY-MM-DD" });
export type IsoDate = z.infer<typeof IsoDate>;

export const IsoDateTime = z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time" });

/** The characters RFC 3986 allows in a URI; anything else must be percent-encoded. */
const URI_CHARACTERS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+$/;

/**
 * Absolute `https` URL: every citation and published address must be fetchable over TLS. The published schemas say
 * `format: "uri"`, which strict consumers check, so characters RFC 3986 does not allow (such as `{` or a space) are
 * refused here rather than published.
 */
export const HttpsUrl = z
  .url({
    protocol: /^https$/,
    hostname: z.regexes.domain,
    error: "must be an absolute https URL",
  })
  .refine((url) => URI_CHARACTERS.test(url), { error: "must be a URI: percent-encode characters RFC 3986 does not allow (such as { } | or a space)" });

/** Any absolute http(s) URL, for addresses built from FACTS_BASE_URL (which is http://localhost in local runs). */
export const AbsoluteUrl = z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" });

/** Dot-namespaced fact id, e.g. `bc.ptt.brackets`, `ca.foreign_buyer_ban.exemptions`, `bc.rent_cap.2026`. */
export const FactId = z.string().regex(/^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/, {
  error: "must be a dot-namespaced id of lowercase letters, digits and underscores, e.g. bc.ptt.brackets",
});

export const NonEmptyText = z.string().trim().min(1, { error: "must not be empty" });

/** One line of at most 280 characters: a scheduled change's note and impact, an expected announcement's `what`. */
export const OneLine = NonEmptyText.regex(/^[^\r\n]*$/, { error: "must be one line" }).max(280, { error: "must be at most 280 characters" });

/**
 * The name of a yearly series of facts (`bc.rent_cap`, `bc.svt.rates`), spelled like a fact id and never one: each year
 * is its own fact, and the series name is the stable alias that answers the one in force.
 */
export const SeriesId = z.string().regex(/^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/, {
  error: "must be a dot-namespaced name of lowercase letters, digits and underscores, e.g. bc.rent_cap",
});

/** `MAJOR.MINOR.PATCH` of Semantic Versioning 2.0.0, without pre-release or build parts. */
export const SEMVER_PATTERN = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

/**
 * `schema_version` as the schemas state it: any version, not this build's, so that a consumer validating with the
 * schemas of one version still accepts the responses of a later minor version.
 */
export const SchemaVersion = z
  .string()
  .regex(SEMVER_PATTERN, { error: "must be a semantic version MAJOR.MINOR.PATCH" })
  .describe(
    "The version of the JSON Schemas this response follows (MAJOR.MINOR.PATCH); the API changelog, docs/consumers/api-changelog.md in the repository, lists what each version changed.",
  );

/** The id of an organisation in `reference/organisations.json`: lowercase words joined by hyphens (`bc-ministry-of-finance`). */
export const OrganisationId = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, {
  error: "must be an organisation id of reference/organisations.json: lowercase letters and digits joined by hyphens, e.g. bc-ministry-of-finance",
});

/**
 * How a fact file names an organisation: by its id in `reference/organisations.json`. The check's `citation-org` rule
 * holds it to the registry, and names the id meant when a name or a misspelt id is written instead.
 */
export const OrganisationReference = NonEmptyText.describe(
  "The id of the organisation in reference/organisations.json (e.g. bc-ministry-of-finance); npm run check refuses any other.",
);

/**
 * What an organisation is, with the words pages use for it. `government` covers governments and their ministries,
 * departments, legislatures, printers and municipalities (and a body of governments such as a UN conference);
 * `crown-agency` a Crown corporation or a statutory authority that runs a public register; `non-profit` a society,
 * institute or association that is no trade body; `other` a publisher whose nature its pages do not state.
 */
export const ORGANISATION_KIND_WORDS = {
  government: "government",
  regulator: "regulator",
  court: "court",
  "crown-agency": "Crown agency",
  "industry-body": "industry body",
  news: "news",
  firm: "firm",
  "non-profit": "non-profit",
  other: "other publisher",
} as const;
export type OrganisationKind = keyof typeof ORGANISATION_KIND_WORDS;
export const ORGANISATION_KINDS = Object.keys(ORGANISATION_KIND_WORDS) as [OrganisationKind, ...OrganisationKind[]];
export const OrganisationKind = z.enum(ORGANISATION_KINDS);

/**
 * What a cited page is: the issuing government, regulator, court or Crown agency's own publication (`official`),
 * an official text read through a faithful copy on another host (`official-copy`), or anything else (`secondary`).
 */
export const CITATION_KINDS = ["official", "official-copy", "secondary"] as const;
export const CitationKind = z.enum(CITATION_KINDS);
export type CitationKind = z.infer<typeof CitationKind>;

/** The longest quote a citation carries: enough to state one point, short enough to stay a quotation. */
export const QUOTE_MAX_LENGTH = 400;

/** The longest note a citation carries: what the source is and how far it confirms the point, in a sentence or two. */
export const NOTES_MAX_LENGTH = 280;

/**
 * SPEC.md 2.2, plus `kind` and `quote`. `notes` are written for the public reader of the API. `retrieved_iso` is the date the source was last checked for this fact;
 * `quote` is the passage of the source, copied verbatim, that states the point it is cited for. A quote may join
 * passages of one page that appear in that order with " … ".
 */
export const Citation = z.strictObject({
  url: HttpsUrl,
  org: NonEmptyText,
  kind: CitationKind.optional(),
  title: NonEmptyText.optional(),
  retrieved_iso: IsoDate,
  source_published_iso: IsoDate.optional(),
  quote: NonEmptyText.max(QUOTE_MAX_LENGTH, { error: `a quote is at most ${QUOTE_MAX_LENGTH} characters: quote the passage that states the point` }).optional(),
  // At most NOTES_MAX_LENGTH characters in a fact file (npm run check); earlier versions published in diffs may be longer.
  notes: NonEmptyText.optional(),
});
export type Citation = z.infer<typeof Citation>;

/**
 * A citation as a fact file holds it: `org` is the id of the publishing organisation in `reference/organisations.json`
 * (for an `official-copy`, the organisation whose text it is; the URL says where the copy was read).
 */
export const FactCitation = Citation.extend({ org: OrganisationReference });
export type FactCitation = z.infer<typeof FactCitation>;

const { url, org, ...rest } = Citation.shape;

/**
 * A fact's citation as published: `org` is the organisation's name, so readers and clients written before the
 * registry keep working, and `org_id` and `org_kind` say which organisation of the registry it is and what kind.
 */
export const PublishedCitation = z.strictObject({
  url,
  org: org.describe("The name of the publishing organisation (for an official copy, the organisation whose text it is)."),
  org_id: OrganisationId.describe("The organisation's id: the same organisation has the same id in every citation."),
  org_kind: OrganisationKind.describe("What the organisation is: government, regulator, court, Crown agency, industry body, news, firm, non-profit or other."),
  ...rest,
});
export type PublishedCitation = z.infer<typeof PublishedCitation>;

/**
 * A citation of an earlier version in a diff: a version committed before the registry named its organisation in free
 * text; where that name is not one of the registry's, `org` is published as written and `org_id` and `org_kind` are absent.
 */
export const VersionCitation = PublishedCitation.extend({
  org_id: PublishedCitation.shape.org_id.optional(),
  org_kind: PublishedCitation.shape.org_kind.optional(),
});
export type VersionCitation = z.infer<typeof VersionCitation>;

/**
 * Polymorphic value of a fact: number, object, array or string, read according to the fact's `unit`.
 * Members are left open (`unknown`): the value comes from parsed JSON, and a closed recursive JSON type would put
 * self-referencing definitions into every generated JSON Schema and OpenAPI component.
 */
export const FactValue = z.union([z.number(), z.string(), z.array(z.unknown()), z.record(z.string(), z.unknown())]);
export type FactValue = z.infer<typeof FactValue>;

/**
 * The next value of a fact that comes on a known yearly schedule (an annual rent cap, a threshold set each tax year,
 * rates set in a budget): the date by which it is normally announced, what is expected, and the official page or
 * publisher that normally carries it. It states an expectation, never a value: the value is recorded, with its own
 * citations, when the announcement is read.
 */
export const NextExpected = z.strictObject({
  /** The date by which the announcement normally comes, from the dates the fact's sources give for earlier ones. */
  by_iso: IsoDate,
  /** One line: what is expected, naming the year or period it is for. */
  what: OneLine,
  /** Where it will be published: a page the fact cites, or the publisher's own official home. */
  where: z.strictObject({ url: HttpsUrl, org: OrganisationReference }),
});
export type NextExpected = z.infer<typeof NextExpected>;

/** An expected announcement as published: `where.org` is the publisher's name, with its registry id and kind beside it. */
export const PublishedNextExpected = NextExpected.extend({
  where: z.strictObject({ url: HttpsUrl, org: NonEmptyText, org_id: OrganisationId, org_kind: OrganisationKind }),
});
export type PublishedNextExpected = z.infer<typeof PublishedNextExpected>;

/**
 * How settled a scheduled change is: `enacted` (a law or regulation in force fixes the date; promoted on that day
 * without a person) or `announced` (a budget measure or government statement not yet enacted; a person confirms it).
 */
export const SCHEDULED_STATUSES = ["enacted", "announced"] as const;
export const ScheduledStatus = z.enum(SCHEDULED_STATUSES);
export type ScheduledStatus = z.infer<typeof ScheduledStatus>;

/**
 * A revision announced or enacted but not yet in effect. On its `effective_iso` it becomes the fact's current state:
 * `value`, `unit` and `effective_iso` replace the fact's, and `label` or `description`, when given, replace those too
 * so that the text stays true once the change is in effect.
 */
export const ScheduledChange = z.strictObject({
  effective_iso: IsoDate,
  status: ScheduledStatus,
  value: FactValue,
  unit: NonEmptyText.optional(),
  label: NonEmptyText.optional(),
  description: NonEmptyText.optional(),
  citations: z.array(FactCitation).min(1, { error: "a scheduled change needs at least one citation" }),
  note: OneLine,
  /** The practical effect in one line; it becomes the `Impact:` line of the promotion commit. */
  impact: OneLine.optional(),
});
export type ScheduledChange = z.infer<typeof ScheduledChange>;

/** A scheduled change as published: its citations name their organisations (see PublishedCitation). */
export const PublishedScheduledChange = ScheduledChange.extend({ citations: z.array(PublishedCitation).min(1) });
export type PublishedScheduledChange = z.infer<typeof PublishedScheduledChange>;

/** The order in which a scheduled change writes its keys. */
export const SCHEDULED_CHANGE_KEYS = ["effective_iso", "status", "value", "unit", "label", "description", "citations", "note", "impact"] as const;

/** A retired rule points at what replaced it (or at nothing, with `id` null). */
export const SupersededBy = z
  .strictObject({
    id: FactId.nullable(),
    effective_iso: IsoDate,
    note: NonEmptyText.optional(),
  })
  .nullable();

/** SPEC.md 2.3: one earlier version of a fact, newest first in `history`. */
export const HistoryEntry = z.object({
  version: z.int().min(1).optional(),
  value: FactValue.optional(),
  unit: z.string().optional(),
  effective_iso: IsoDate.optional(),
  superseded_iso: IsoDate.optional(),
  citations: z.array(PublishedCitation).optional(),
  note: z.string().optional(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

/** SPEC.md 2.1: a published fact, i.e. the fact file plus what the build derives (history, canonical URL). */
export const Fact = z.object({
  id: FactId,
  label: NonEmptyText,
  description: NonEmptyText,
  domain: Domain,
  series: SeriesId.optional().describe(
    "The yearly series the fact is a member of (e.g. bc.rent_cap), absent when it belongs to none: /api/v1/facts/series/{series}.json answers the member in force.",
  ),
  value: FactValue,
  unit: z.string().optional(),
  version: z.int().min(1),
  effective_iso: IsoDate,
  expires_iso: IsoDate,
  tags: z.array(z.string()).optional(),
  citations: z.array(PublishedCitation).min(1),
  history: z
    .array(HistoryEntry)
    .describe(
      "Every earlier version, newest first; an empty array when the fact was never revised. Present in the catalog, the domain bundles and the single-fact response.",
    ),
  /** Changes announced or enacted for a later date, soonest first; empty when none is known. */
  scheduled: z.array(PublishedScheduledChange).optional(),
  /**
   * When the next value comes on a known schedule: the date by which it is normally announced, what is expected and
   * where it will be published. Absent when the fact declares none. Whether it is past due depends on the day you
   * read it: `upcoming.json` states that for its build date.
   */
  next_expected: PublishedNextExpected.optional(),
  superseded_by: SupersededBy.optional(),
  canonical_url: AbsoluteUrl.optional(),
});
export type Fact = z.infer<typeof Fact>;

/** SPEC.md 2.4: the full catalog and every domain bundle. */
export const FactCatalog = z.object({
  schema_version: SchemaVersion,
  name: NonEmptyText,
  version: z.string(),
  license: AbsoluteUrl,
  canonical_url: AbsoluteUrl.optional(),
  generated_at: IsoDateTime.optional(),
  fact_count: z.int().min(0),
  facts: z.array(Fact),
});
export type FactCatalog = z.infer<typeof FactCatalog>;

/**
 * Why a fact is no longer published as current: the day it was withdrawn, the reason, and the fact that replaces it
 * (`superseded_by`, null when none does). Its single-fact response carries this beside its last state and history.
 */
export const Withdrawal = z.object({
  withdrawn_iso: IsoDate,
  reason: NonEmptyText,
  superseded_by: SupersededBy,
});
export type Withdrawal = z.infer<typeof Withdrawal>;

/**
 * The envelope of a response about one fact (the single-fact response, a series alias): the schema version, then the
 * service's name, version, licence, the response's own URL and when it was generated, each optional.
 */
export const ONE_FACT_ENVELOPE = {
  schema_version: SchemaVersion,
  name: z.string().optional(),
  version: z.string().optional(),
  license: AbsoluteUrl.optional(),
  canonical_url: AbsoluteUrl.optional(),
  generated_at: IsoDateTime.optional(),
};

/** SPEC.md 2.5. */
export const SingleFactResponse = z.object({
  ...ONE_FACT_ENVELOPE,
  fact: Fact,
  /** Present only for a withdrawn fact (its tombstone): `fact` is then its last state, no longer in force. */
  withdrawn: Withdrawal.optional(),
});
export type SingleFactResponse = z.infer<typeof SingleFactResponse>;

/** One fact of a yearly series, in brief: enough to pick a year and fetch it. */
export const SeriesMember = z.object({
  id: FactId,
  label: NonEmptyText,
  year: z.int().describe("The calendar year of effective_iso: the year this member took effect."),
  effective_iso: IsoDate,
  superseded_iso: IsoDate.nullable().describe("The date the member stopped being in force (its superseded_by.effective_iso), or null when none is recorded."),
  superseded_by: FactId.nullable().describe("The fact that replaced it (the next member once that is published), or null."),
  in_force: z.boolean().describe("Whether this member is the one in force on as_of."),
  canonical_url: AbsoluteUrl,
});
export type SeriesMember = z.infer<typeof SeriesMember>;

/**
 * `/api/v1/facts/series/{series}.json`: the stable alias of a yearly series. `fact` is the full record of the member
 * in force on `as_of` (the latest whose effective_iso is on or before it and that is not superseded on it), exactly
 * as `/by-id/{id}.json` gives it; `members` lists every member, newest first.
 */
export const SeriesResponse = z.object({
  ...ONE_FACT_ENVELOPE,
  series: SeriesId,
  as_of: IsoDate.describe("The build date on which the member in force was chosen."),
  in_force_id: FactId.nullable().describe("The id of the member in force on as_of, or null when every member is superseded (the series was retired)."),
  fact: Fact.nullable().describe("The member in force on as_of, with its quotes, notes and history; null exactly when in_force_id is."),
  members: z.array(SeriesMember).min(1).describe("Every member, newest first."),
});
export type SeriesResponse = z.infer<typeof SeriesResponse>;

/**
 * `/api/v1/facts/all.json`: every fact's full record in one file, for a mirror or a bulk download. Each entry of
 * `facts` is exactly the `fact` of that fact's `/by-id/{id}.json`, citation quotes and notes included, which the
 * catalog leaves out to stay small.
 */
export const AllFacts = z.object({
  schema_version: SchemaVersion,
  name: NonEmptyText,
  version: z.string(),
  license: AbsoluteUrl,
  canonical_url: AbsoluteUrl,
  generated_at: IsoDateTime,
  fact_count: z.int().min(0),
  facts: z
    .array(Fact)
    .describe(
      "Every published fact in catalog order, each exactly as the `fact` member of its single-fact response: citations with their quotes and notes, history, scheduled changes and next_expected where present.",
    ),
});
export type AllFacts = z.infer<typeof AllFacts>;

/**
 * What one commit did to one fact:
 * - `added`: the fact's first version was published;
 * - `revision`: its value, unit or effective date changed, so its version rose by one;
 * - `promoted`: a revision that put one of its scheduled changes in effect (the promote workflow's commits, or the
 *   same change made by hand): the scheduled change left `scheduled` and became the current state;
 * - `scheduled`: a change announced or enacted for a later date was added to its `scheduled` list;
 * - `re-verification`: its sources were checked again (`retrieved_iso` or `expires_iso` moved), the rule did not change;
 * - `editorial`: anything else changed (label, description, tags, citation titles), the version stayed;
 * - `withdrawn`: the fact was withdrawn: its file became a tombstone, and it left the catalog.
 */
export const CHANGE_KINDS = ["added", "revision", "promoted", "scheduled", "re-verification", "editorial", "withdrawn"] as const;
export const ChangeKind = z.enum(CHANGE_KINDS);
export type ChangeKind = z.infer<typeof ChangeKind>;

/** `<commit sha>:<fact id>`: one commit changes one fact's file at most once, so the pair names an event for good. */
export const ChangeEventId = z.string().regex(/^[0-9a-f]{40,64}:[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/, { error: "must be <commit sha>:<fact id>" });

/** One element of `changes.json`, and one row of `changes.csv`. */
export const ChangeEvent = z.object({
  /** The stable cursor: never changes once published, and never names another event. */
  id: ChangeEventId,
  /** When the change was published: the commit's date, in UTC. */
  published_at: IsoDateTime,
  fact_id: FactId,
  /** The fact's version after the change. */
  version: z.int().min(1),
  kind: ChangeKind,
  commit: z.string().regex(/^[0-9a-f]{40,64}$/),
  /** The fact's single-fact response. */
  fact_url: AbsoluteUrl,
  /** The fact's HTML page; absent for a fact withdrawn since, which has none. */
  page_url: AbsoluteUrl.optional(),
  /** For `revision` and `promoted`: the diff from the previous version to this one. */
  diff_url: AbsoluteUrl.optional(),
});
export type ChangeEvent = z.infer<typeof ChangeEvent>;

/**
 * `/api/v1/facts/changes.json`: every change event of every fact, newest first, in the order the commits were made on
 * the published branch (its first-parent history), and within one commit by fact id. New events only ever come
 * before the ones already listed, so a client that stops at the last id it processed has read exactly what is new.
 */
export const ChangesIndex = z.object({
  schema_version: SchemaVersion,
  name: z.string(),
  version: z.string(),
  license: AbsoluteUrl,
  canonical_url: AbsoluteUrl,
  generated_at: IsoDateTime,
  count: z.int().min(0),
  /** The id of the first event (the newest), or null before any: what a client stores as its cursor. */
  newest_id: ChangeEventId.nullable(),
  events: z.array(ChangeEvent),
});
export type ChangesIndex = z.infer<typeof ChangesIndex>;

/** A JSON Pointer (RFC 6901) into the fact's `value`; "" is the value itself. */
export const JsonPointer = z.string().regex(/^(\/([^~/]|~[01])*)*$/, { error: "must be an RFC 6901 JSON Pointer" });

/**
 * SPEC.md 2.8 `value_diff`. Pointers keep dotted keys unambiguous.
 * Added and removed entries carry the value concerned; changed entries carry both sides.
 */
export const ValueDiff = z.object({
  added_keys: z.array(z.object({ pointer: JsonPointer, value: z.unknown() })),
  removed_keys: z.array(z.object({ pointer: JsonPointer, value: z.unknown() })),
  changed_keys: z.array(z.object({ pointer: JsonPointer, from: z.unknown(), to: z.unknown() })),
});
export type ValueDiff = z.infer<typeof ValueDiff>;

const FieldChange = z.object({ from: z.unknown().optional(), to: z.unknown().optional() });

/**
 * The state of a fact at one version, with the commit that recorded it: its id, its time and the version's public
 * note (the commit's `Impact:` line, or "Revised to version N."), never the raw commit message, whose subject line is
 * written for the repository's log.
 */
export const FactAtVersion = z.object({
  version: z.int().min(1),
  label: z.string(),
  value: FactValue,
  unit: z.string().optional(),
  effective_iso: IsoDate,
  expires_iso: IsoDate,
  citations: z.array(VersionCitation).min(1),
  commit: z.object({ sha: z.string().regex(/^[0-9a-f]{40,64}$/), committed_at: IsoDateTime, note: z.string() }),
});
export type FactAtVersion = z.infer<typeof FactAtVersion>;

/** `/api/v1/facts/diff/{id}/v{from}-to-v{to}.json`. */
export const FactDiff = z.object({
  schema_version: SchemaVersion,
  name: z.string(),
  version: z.string(),
  license: AbsoluteUrl,
  canonical_url: AbsoluteUrl,
  fact_id: FactId,
  from: z.int().min(1),
  to: z.int().min(2),
  summary: z.string(),
  before: FactAtVersion,
  after: FactAtVersion,
  value_diff: ValueDiff,
  field_diff: z.object({
    unit: FieldChange.optional(),
    effective_iso: FieldChange.optional(),
    expires_iso: FieldChange.optional(),
  }),
});
export type FactDiff = z.infer<typeof FactDiff>;

/** One element of the diff master index, newest first. */
export const DiffIndexEntry = z.object({
  fact_id: FactId,
  from: z.int().min(1),
  to: z.int().min(2),
  url: AbsoluteUrl,
  effective_iso: IsoDate,
  committed_at: IsoDateTime,
  summary: z.string(),
});

/** `/api/v1/facts/diff/index.json`. */
export const DiffIndex = z.object({
  schema_version: SchemaVersion,
  name: z.string(),
  version: z.string(),
  license: AbsoluteUrl,
  canonical_url: AbsoluteUrl,
  generated_at: IsoDateTime.optional(),
  count: z.int().min(0),
  diffs: z.array(DiffIndexEntry),
});
export type DiffIndex = z.infer<typeof DiffIndex>;

/** The JSON body of an error answer (404 for unknown paths and fact ids, 405, 400). */
export const ErrorBody = z.object({
  /** Sent by the project's server; optional because other hosts' error pages (nginx, a CDN) are written by hand. */
  schema_version: SchemaVersion.optional(),
  error: z.string(),
  message: z.string(),
  path: z.string().optional(),
  /** With a 404 for an unknown fact id: every id the catalog has. */
  known_ids: z.array(z.string()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** What the code that refuses a request states; the one place that sends it adds `schema_version`. */
export type ErrorDetails = Omit<ErrorBody, "schema_version">;

/** SPEC.md 2.6: a compact catalog for language models, without version history. */
export const LlmPrimarySource = z.object({
  org: z.string().optional(),
  title: z.string().optional(),
  url: HttpsUrl.optional(),
  retrieved_iso: IsoDate.optional(),
});

export const LlmFact = z.object({
  id: z.string().optional(),
  label: z.string().optional(),
  description: z.string().optional(),
  value: FactValue.optional(),
  unit: z.string().optional(),
  domain: z.string().optional(),
  effective_iso: IsoDate.optional(),
  expires_iso: IsoDate.optional(),
  canonical_url: AbsoluteUrl.optional(),
  primary_sources: z.array(LlmPrimarySource).optional(),
});

export const LlmCatalog = z.object({
  schema_version: SchemaVersion,
  intended_for: z.string(),
  usage: z.string().optional(),
  license: AbsoluteUrl.optional(),
  generated_at: z.string().optional(),
  facts: z.array(LlmFact),
});
export type LlmCatalog = z.infer<typeof LlmCatalog>;

/** One published file with its digest, so a consumer can check what it fetched. */
export const ManifestFile = z.object({
  path: z.string().startsWith("/"),
  bytes: z.int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

/** SPEC.md 2.7, plus the digest of every published file. */
export const Manifest = z.object({
  schema_version: SchemaVersion,
  name: z.string().optional(),
  version: z.string().optional(),
  generated_at: z.string().optional(),
  endpoints: z
    .object({
      catalog: AbsoluteUrl.optional(),
      by_domain: z.array(AbsoluteUrl).optional(),
      by_id_pattern: z.string().optional(),
      /** Where the JSON Schema of each fact's `value` is published: `{id}` is the fact id. */
      value_schema_pattern: z.string().optional(),
      /** Every change event, newest first (`changes.json`), and the same as RFC 4180 CSV. */
      changes: AbsoluteUrl.optional(),
      changes_csv: AbsoluteUrl.optional(),
    })
    .catchall(z.unknown())
    .optional(),
  domain_list: z.array(z.string()).optional(),
  fact_id_list: z.array(z.string()).optional(),
  /** The names of the yearly series, each answered at `endpoints.series_pattern`. */
  series_list: z.array(z.string()).optional(),
  /**
   * The withdrawn facts, by id: no longer in the catalog or `fact_id_list`, their `by-id/{id}.json` answers with the
   * tombstone. An id listed here is never used again.
   */
  withdrawn: z.array(z.object({ id: FactId, withdrawn_iso: IsoDate, superseded_by: FactId.nullable() })).optional(),
  files: z.array(ManifestFile).optional(),
});
export type Manifest = z.infer<typeof Manifest>;

/** SPEC.md 2.9: one pre-normalized item per fact; `search_text` and `aliases` are lowercase. */
const Lowercase = z.string().refine((text) => text === text.toLowerCase(), { error: "must be pre-lowercased" });

export const SearchIndexItem = z.object({
  id: z.string(),
  label: z.string(),
  domain: z.string(),
  url: AbsoluteUrl,
  page_url: AbsoluteUrl.optional(),
  search_text: Lowercase,
  aliases: z.array(Lowercase),
});
export type SearchIndexItem = z.infer<typeof SearchIndexItem>;

export const SearchIndex = z.array(SearchIndexItem);
export type SearchIndex = z.infer<typeof SearchIndex>;

/**
 * One dated event ahead: a scheduled change taking effect (`scheduled-change`), a fact's verification lapsing
 * (`verification-lapse`, its `expires_iso`, by which it must be re-verified) or the date by which a fact's next value
 * is normally announced (`expected-announcement`, its `next_expected.by_iso`). `uid` is stable across builds and is
 * the event's UID in the iCalendar file.
 */
export const UpcomingItem = z.object({
  uid: NonEmptyText,
  date: IsoDate,
  kind: z.enum(["scheduled-change", "verification-lapse", "expected-announcement"]),
  fact_id: FactId,
  label: NonEmptyText,
  domain: Domain,
  fact_url: AbsoluteUrl,
  current_version: z.int().min(1),
  summary: NonEmptyText,
  status: ScheduledStatus.optional(),
  /** A scheduled change's one-line note: what changes and on what authority. */
  note: NonEmptyText.optional(),
  value: FactValue.optional(),
  unit: z.string().optional(),
  citations: z.array(PublishedCitation).optional(),
  /** An expected announcement: what is expected, by when and where it will be published (the fact's `next_expected`). */
  expected: PublishedNextExpected.optional(),
  /**
   * An expected announcement: true when `date` has passed on `as_of` and the fact records no new value (no scheduled
   * change, not superseded, and no value in effect after that date): the announcement is late or was missed, and the
   * fact is being re-verified. A past-due item stays listed, whatever its date, until the new value is recorded.
   */
  past_due: z.boolean().optional(),
});
export type UpcomingItem = z.infer<typeof UpcomingItem>;

/**
 * `/api/v1/facts/upcoming.json`: what is dated within `window_days` of the build date `as_of`, soonest first, and
 * any expected announcement already past due.
 */
export const Upcoming = z.object({
  schema_version: SchemaVersion,
  name: NonEmptyText,
  version: z.string(),
  license: AbsoluteUrl,
  canonical_url: AbsoluteUrl,
  generated_at: IsoDateTime,
  as_of: IsoDate,
  window_days: z.int().min(1),
  until: IsoDate,
  item_count: z.int().min(0),
  items: z.array(UpcomingItem),
});
export type Upcoming = z.infer<typeof Upcoming>;

/**
 * A fact's watched fields; `withdrawn` only when the fact is withdrawn (its tombstone): the day, the reason and the
 * id of the fact that replaces it, or null.
 */
const Watched = z.object({
  value: FactValue,
  expires_iso: IsoDate,
  effective_iso: IsoDate,
  withdrawn: z.object({ withdrawn_iso: IsoDate, reason: z.string(), superseded_by: FactId.nullable() }).optional(),
});

/** SPEC.md 6.3: the Schema.org UpdateAction envelope of a `fact.updated` delivery. */
export const WebhookBody = z.object({
  "@context": z.literal("https://schema.org"),
  "@type": z.literal("UpdateAction"),
  actionStatus: z.literal("CompletedActionStatus"),
  agent: z.object({ "@type": z.literal("Person"), name: z.string(), alternateName: z.string(), url: AbsoluteUrl }),
  startTime: IsoDateTime.optional(),
  endTime: IsoDateTime,
  object: z.object({
    "@type": z.literal("Dataset"),
    "@id": AbsoluteUrl,
    identifier: FactId,
    version: z.int().min(1),
    previousVersion: z.int().min(1),
    current: Watched,
    previous: Watched,
    diff: z.partialRecord(z.enum(["value", "expires_iso", "effective_iso", "withdrawn_iso"]), z.object({ from: z.unknown(), to: z.unknown() })),
    url: AbsoluteUrl,
  }),
  result: z.object({ "@type": z.literal("Dataset"), "@id": AbsoluteUrl }),
  license: AbsoluteUrl,
});
export type WebhookBody = z.infer<typeof WebhookBody>;

export const BOARDS = ["greater-vancouver", "fraser-valley"] as const;
export const Board = z.enum(BOARDS);
export type Board = z.infer<typeof Board>;

/** SPEC.md 2.10: one board and month of the affordability index. */
export const AffordabilityEntry = z.object({
  board: Board,
  boardLabel: z.string(),
  monthSlug: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  monthLabel: z.string(),
  monthStart: IsoDate,
  hpiBenchmarkPrice: z.number().positive(),
  downPayment: z.number().nonnegative(),
  loanAmount: z.number().nonnegative(),
  monthlyPI: z.number().nonnegative(),
  annualCarryingCost: z.number().positive(),
  medianIncome: z.number().positive(),
  idx: z.int(),
  carryingCostShare: z
    .number()
    .positive()
    .describe(
      "The year's carrying cost as a fraction of the median household income (annualCarryingCost / medianIncome, to four decimals): the index read the other way.",
    ),
  idxTrend: z.string(),
  trendComparedWith: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .nullable()
    .describe("The month idxTrend compares with: the same board's previous published month, however far back; null for a board's first published month."),
  monthsSinceCompared: z
    .int()
    .positive()
    .nullable()
    .describe("How many months before this one trendComparedWith is (1 when it is the month before); null with it."),
});
export type AffordabilityEntry = z.infer<typeof AffordabilityEntry>;

/** One board's part of the publication status. */
export const BoardPublication = z.object({
  board: Board,
  published_count: z.int().nonnegative(),
  expected_count: z.int().nonnegative(),
  latest_month: z.string().nullable(),
  months_behind: z.int().nonnegative().nullable(),
  previous_published_month: z.string().nullable(),
  months_since_previous: z.int().positive().nullable(),
});

/**
 * How current and how complete the index is on the build date, in numbers: the newest published month and how many
 * months it lags the last month that has ended, the board-months published of those the period expects, and the
 * month the latest value's trend compares with. `publication_status` says the same in words.
 */
export const AffordabilityPublication = z
  .object({
    as_of: IsoDate.describe("The build date the status is counted from."),
    expected_from: z.string().nullable().describe("The first month of the index (YYYY-MM); null before any is published."),
    expected_through: z.string().nullable().describe("The last month that had ended on as_of (YYYY-MM): the newest month a value could exist for."),
    expected_count: z.int().nonnegative().describe("Board-months from expected_from to expected_through, for every board."),
    published_count: z.int().nonnegative().describe("Board-months published."),
    latest_month: z.string().nullable().describe("The newest month published for any board (YYYY-MM)."),
    latest_board: Board.nullable().describe("The board latest.json's entry is for."),
    months_behind: z.int().nonnegative().nullable().describe("How many months latest_month lags expected_through (0 when current)."),
    previous_published_month: z.string().nullable().describe("The month latest's trend compares with: latest_board's previous published month."),
    months_since_previous: z.int().positive().nullable().describe("How many months before latest_month previous_published_month is."),
    boards: z.array(BoardPublication),
  })
  .describe("The publication status in numbers, for every board and overall.");
export type AffordabilityPublication = z.infer<typeof AffordabilityPublication>;

/** `/api/v1/affordability-index/index.json`: the full series with its methodology. */
export const AffordabilitySeries = z.object({
  schema_version: SchemaVersion,
  name: z.string(),
  version: z.string(),
  methodology: z.record(z.string(), z.unknown()),
  series: z.array(AffordabilityEntry),
  latest: AffordabilityEntry.nullable(),
  publication: AffordabilityPublication,
  license: z.string(),
  canonical_url: AbsoluteUrl,
});
export type AffordabilitySeries = z.infer<typeof AffordabilitySeries>;

/** `/api/v1/affordability-index/latest.json`: `latest` is null while the index is pre-publication. */
export const AffordabilityLatest = z.object({
  schema_version: SchemaVersion,
  formula: z.string(),
  latest: AffordabilityEntry.nullable(),
  publication_status: z.string(),
  publication: AffordabilityPublication,
  license: z.string(),
});
export type AffordabilityLatest = z.infer<typeof AffordabilityLatest>;
