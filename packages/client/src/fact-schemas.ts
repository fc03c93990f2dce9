import { z } from "zod";

// The wire schemas of the published API: here the fact and its parts (dates, ids, citations, scheduled changes,
// expected announcements) and the responses made of facts; the other responses are in endpoint-schemas.ts. The
// client validates each answer with them; the repository's build imports them from the client's entry, writes its
// responses to them and generates the published JSON Schemas and OpenAPI components from them
// (src/schemas/json-schemas.ts), so the two cannot drift apart.

/** The six domains, in the order docs/consumers/api.md#domains lists them. */
export const DOMAINS = ["tax", "mortgage", "legal", "foreign-buyer", "strata", "rental"] as const;
export const Domain = z.enum(DOMAINS);
export type Domain = z.infer<typeof Domain>;

/** A calendar date `YYYY-MM-DD`; zod's ISO date check refuses impossible days such as 2026-02-30. */
export const IsoDate = z.iso.date({ error: "must be a real calendar date written YYYY-MM-DD" });
export type IsoDate = z.infer<typeof IsoDate>;

export const IsoDateTime = z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time" });

/** The characters RFC 3986 allows in a URI; anything else must be percent-encoded. */
const URI_CHARACTERS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+$/;

/** An authority (what follows `scheme://` up to the path) with an `@`: a user name, or a user name and password. */
const USER_INFO = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#\\]*@/;

/**
 * Whether an absolute URL carries user information (`https://user:pass@host/`). Such a URL is refused wherever one is
 * read: it publishes a password, and `https://www2.gov.bc.ca@evil.example/` reads as a government address while it
 * leads to evil.example.
 */
export const hasUserInfo = (url: string): boolean => USER_INFO.test(url);

/** The one refusal of a URL with user information, for the schemas here and every setting that holds a URL. */
export const USER_INFO_REFUSAL =
  'must not carry a user name or password before the host ("user@" or "user:password@"): it would be published, and the host is what follows the @';

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
  .refine((url) => URI_CHARACTERS.test(url), {
    error: "must be a URI: percent-encode characters RFC 3986 does not allow (such as { } | or a space)",
  })
  .refine((url) => !hasUserInfo(url), { error: USER_INFO_REFUSAL });

/** Any absolute http(s) URL, for addresses built from FACTS_BASE_URL (which is http://localhost in local runs). */
export const AbsoluteUrl = z
  .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" })
  .refine((url) => !hasUserInfo(url), { error: USER_INFO_REFUSAL });

/** Dot-namespaced fact id, e.g. `bc.ptt.brackets`, `ca.foreign_buyer_ban.exemptions`, `bc.rent_cap.2026`. */
export const FactId = z.string().regex(/^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/, {
  error: "must be a dot-namespaced id of lowercase letters, digits and underscores, e.g. bc.ptt.brackets",
});

export const NonEmptyText = z.string().trim().min(1, { error: "must not be empty" });

/** One line of at most 280 characters: a scheduled change's note and impact, an expected announcement's `what`. */
export const OneLine = NonEmptyText.regex(/^[^\r\n]*$/, { error: "must be one line" }).max(280, {
  error: "must be at most 280 characters",
});

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

/**
 * The id of an organisation in `reference/organisations.json`: lowercase words joined by hyphens
 * (`bc-ministry-of-finance`).
 */
export const OrganisationId = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, {
  error:
    "must be an organisation id of reference/organisations.json: lowercase letters and digits joined by hyphens, e.g. bc-ministry-of-finance",
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
 * departments, legislatures, printers and municipalities; `intergovernmental` a body that governments set up among
 * themselves (a United Nations body); `crown-agency` a Crown corporation or other agent of the Crown;
 * `statutory-authority` a body a statute creates that is no Crown agent, such as an independent not-for-profit
 * authority that runs a public register; `non-profit` a society, institute or association that is no trade body;
 * `other` a publisher whose nature its pages do not state.
 */
export const ORGANISATION_KIND_WORDS = {
  government: "government",
  intergovernmental: "intergovernmental body",
  regulator: "regulator",
  court: "court",
  "crown-agency": "Crown agency",
  "statutory-authority": "statutory authority",
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
 * A citation (docs/consumers/api.md#citations). `notes` are written for the public reader of the API. `retrieved_iso`
 * is the date the source was last checked for this fact; `quote` is the passage of the source, copied verbatim, that
 * states the point it is cited for. A quote may join passages of one page that appear in that order with " … ".
 */
export const Citation = z.strictObject({
  url: HttpsUrl,
  org: NonEmptyText,
  kind: CitationKind.optional(),
  title: NonEmptyText.optional(),
  retrieved_iso: IsoDate,
  source_published_iso: IsoDate.optional(),
  quote: NonEmptyText.max(QUOTE_MAX_LENGTH, {
    error: `a quote is at most ${QUOTE_MAX_LENGTH} characters: quote the passage that states the point`,
  }).optional(),
  // At most NOTES_MAX_LENGTH characters in a fact file (npm run check); earlier versions published in diffs may be
  // longer.
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
  org: org.describe(
    "The name of the publishing organisation (for an official copy, the organisation whose text it is).",
  ),
  org_id: OrganisationId.describe("The organisation's id: the same organisation has the same id in every citation."),
  org_kind: OrganisationKind.describe(
    "What the organisation is: government, regulator, court, Crown agency, industry body, news, firm, non-profit or other.",
  ),
  ...rest,
});
export type PublishedCitation = z.infer<typeof PublishedCitation>;

/**
 * A citation of an earlier version in a diff: a version committed before the registry named its organisation in free
 * text; where that name is not one of the registry's, `org` is published as written and `org_id` and `org_kind` are
 * absent.
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

/**
 * An expected announcement as published: `where.org` is the publisher's name, with its registry id and kind beside it.
 */
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
export const SCHEDULED_CHANGE_KEYS = [
  "effective_iso",
  "status",
  "value",
  "unit",
  "label",
  "description",
  "citations",
  "note",
  "impact",
] as const;

/** A retired rule points at what replaced it (or at nothing, with `id` null). */
export const SupersededBy = z
  .strictObject({
    id: FactId.nullable(),
    effective_iso: IsoDate,
    note: NonEmptyText.optional(),
  })
  .nullable();

/**
 * A period before a fact's first recorded version, recorded in its file from sources read (docs/consumers/api.md#history-and-diffs):
 * the value in force from `effective_iso` up to the day before `superseded_iso`, with the citations that state it (each
 * quoting its source) and a one-line note for readers. A fact's earlier periods follow each other without gap or
 * overlap and end on the day its first kept version took effect.
 */
export const EarlierPeriod = z.strictObject({
  effective_iso: IsoDate,
  superseded_iso: IsoDate,
  value: FactValue,
  unit: NonEmptyText.optional(),
  citations: z.array(FactCitation).min(1, { error: "an earlier period needs at least one citation" }),
  note: OneLine,
});
export type EarlierPeriod = z.infer<typeof EarlierPeriod>;

/** The order in which an earlier period writes its keys. */
export const EARLIER_PERIOD_KEYS = ["effective_iso", "superseded_iso", "value", "unit", "citations", "note"] as const;

/**
 * A version's public note published wrong and corrected (docs/consumers/api.md#history-and-diffs): `note` beside it is
 * the corrected text; this says when it was corrected, why, and what was first published.
 */
export const NoteCorrection = z.object({
  corrected_iso: IsoDate.describe("The day the corrected note was recorded."),
  reason: z.string().describe("Why the note was corrected."),
  original: z.string().describe("The note as first published: the Impact: line of the version's commit."),
});
export type NoteCorrection = z.infer<typeof NoteCorrection>;

/**
 * docs/consumers/api.md#history-and-diffs: one entry of a fact's timeline before its current version, newest first by
 * the date it took effect: each earlier version (with `version`) and each period recorded from sources before the first
 * version (without `version`, with its citations). `recorded_iso` is the day the service recorded it; `summary` is the
 * period's value in one line of plain words. A version with `corrected_by` was corrected by that later version: it
 * was never the rule in force, has no `superseded_iso`, and is never an as-of answer.
 */
export const HistoryEntry = z.object({
  version: z.int().min(1).optional(),
  value: FactValue.optional(),
  unit: z.string().optional(),
  effective_iso: IsoDate.optional(),
  superseded_iso: IsoDate.optional(),
  recorded_iso: IsoDate.optional().describe(
    "The day the service recorded this entry: the date of the commit that introduced the version, or that added the earlier period to the fact's file.",
  ),
  summary: z
    .string()
    .optional()
    .describe("The entry's value in one line of plain words, with the numbers of that period."),
  corrected_by: z
    .int()
    .min(1)
    .optional()
    .describe(
      "The version that corrected this one: the value was a mistake in the record, never the rule in force, so it answers no as-of question.",
    ),
  citations: z.array(PublishedCitation).optional(),
  note: z.string().optional(),
  note_correction: NoteCorrection.optional(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

/**
 * docs/consumers/api.md#a-fact: a published fact, i.e. the fact file plus what the build derives (history, canonical
 * URL).
 */
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
  summary: z
    .string()
    .optional()
    .describe("The current value in one line of plain words, with its numbers (the label names the rule only)."),
  recorded_iso: IsoDate.optional().describe(
    "The day the service recorded the current version: the date of the commit that introduced it.",
  ),
  history: z
    .array(HistoryEntry)
    .describe(
      "The fact's timeline before its current version, newest first by effective date: every earlier version, and every period recorded from sources before the first version; an empty array when there is none. Present in the catalog, the domain bundles and the single-fact response.",
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

/** docs/consumers/api.md#catalog-and-domain-bundles: the full catalog and every domain bundle. */
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

/** docs/consumers/api.md#single-fact-response. */
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
  superseded_iso: IsoDate.nullable().describe(
    "The date the member stopped being in force (its superseded_by.effective_iso), or null when none is recorded.",
  ),
  superseded_by: FactId.nullable().describe(
    "The fact that replaced it (the next member once that is published), or null.",
  ),
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
  in_force_id: FactId.nullable().describe(
    "The id of the member in force on as_of, or null when every member is superseded (the series was retired).",
  ),
  fact: Fact.nullable().describe(
    "The member in force on as_of, with its quotes, notes and history; null exactly when in_force_id is.",
  ),
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
