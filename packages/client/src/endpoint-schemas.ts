import { z } from "zod";
import {
  AbsoluteUrl,
  Domain,
  FactId,
  FactValue,
  HttpsUrl,
  IsoDate,
  IsoDateTime,
  NonEmptyText,
  NoteCorrection,
  PublishedCitation,
  PublishedNextExpected,
  ScheduledStatus,
  SchemaVersion,
  VersionCitation,
} from "./fact-schemas.ts";

// The wire schemas of the published API's other responses: the change log, the diffs, the error body, the LLM
// catalog, the manifest, the search index, the upcoming changes, the webhook body and the affordability index. The
// fact and its parts are in fact-schemas.ts.

/**
 * What one commit did to one fact:
 * - `added`: the fact's first version was published;
 * - `revision`: its value, unit or effective date, or its record of the past (an earlier period, `corrected_versions`),
 *   changed, so its version rose by one;
 * - `promoted`: a revision that put one of its scheduled changes in effect (the promote workflow's commits, or the
 *   same change made by hand): the scheduled change left `scheduled` and became the current state;
 * - `scheduled`: a change announced or enacted for a later date was added to its `scheduled` list;
 * - `re-verification`: its sources were checked again (`retrieved_iso` or `expires_iso` moved), the rule did not
 * change;
 * - `note-corrected`: the public note of one of its versions was corrected (`note_corrections`), the version stayed:
 *   `notes_corrected` names the versions, and each is published with its `note_correction`;
 * - `editorial`: anything else changed (label, description, tags, citation titles), the version stayed;
 * - `withdrawn`: the fact was withdrawn: its file became a tombstone, and it left the catalog.
 */
export const CHANGE_KINDS = [
  "added",
  "revision",
  "promoted",
  "scheduled",
  "re-verification",
  "editorial",
  "withdrawn",
  "note-corrected",
] as const;
export const ChangeKind = z.enum(CHANGE_KINDS);
export type ChangeKind = z.infer<typeof ChangeKind>;

/** `<commit sha>:<fact id>`: one commit changes one fact's file at most once, so the pair names an event for good. */
export const ChangeEventId = z
  .string()
  .regex(/^[0-9a-f]{40,64}:[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/, { error: "must be <commit sha>:<fact id>" });

/** One element of `changes.json`, and one row of `changes.csv`. */
export const ChangeEvent = z.object({
  /** The stable cursor: never changes once published, and never names another event. */
  id: ChangeEventId,
  /** When the change was published: the commit's date, in UTC. */
  published_at: IsoDateTime,
  /** The day the change was recorded: the date of `published_at` (UTC). */
  recorded_iso: IsoDate,
  fact_id: FactId,
  /** The fact's version after the change. */
  version: z.int().min(1),
  /**
   * The date the fact's state after the change took effect (its `effective_iso` then), which may be years before the
   * change was recorded: for a withdrawal, the last state's.
   */
  effective_iso: IsoDate,
  kind: ChangeKind,
  commit: z.string().regex(/^[0-9a-f]{40,64}$/),
  /** The fact's single-fact response. */
  fact_url: AbsoluteUrl,
  /** The fact's HTML page; absent for a fact withdrawn since, which has none. */
  page_url: AbsoluteUrl.optional(),
  /** For `revision` and `promoted`: the diff from the previous version to this one. */
  diff_url: AbsoluteUrl.optional(),
  /** The versions whose public note the change corrected (see `note-corrected`), whatever its kind; absent if none. */
  notes_corrected: z.array(z.int().min(1)).min(1).optional(),
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
 * docs/consumers/api.md#history-and-diffs `value_diff`. Pointers keep dotted keys unambiguous.
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
  commit: z.object({
    sha: z.string().regex(/^[0-9a-f]{40,64}$/),
    committed_at: IsoDateTime,
    note: z.string(),
    note_correction: NoteCorrection.optional(),
  }),
});
export type FactAtVersion = z.infer<typeof FactAtVersion>;

/** An earlier period as a diff shows it: what answers for its dates (its citations and note are in the fact). */
const PeriodState = z.object({
  effective_iso: IsoDate,
  superseded_iso: IsoDate,
  value: FactValue,
  unit: z.string().optional(),
});

/**
 * What a revision changed in the record of the past: the earlier periods (each list whole, oldest first) when one was
 * added, removed, or had its dates, value or unit changed, and `corrected_versions` when the versions the periods
 * correct changed. Absent from a diff that changed neither.
 */
const PastDiff = z.object({
  earlier: z.object({ from: z.array(PeriodState), to: z.array(PeriodState) }).optional(),
  corrected_versions: z.object({ from: z.array(z.int().min(1)), to: z.array(z.int().min(1)) }).optional(),
});

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
  past_diff: PastDiff.optional(),
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

/** docs/consumers/api.md#llmsjson: a compact catalog for language models, without version history. */
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

/** The manifest (docs/consumers/api.md#manifest), with the digest of every published file. */
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
      /** The rule changes of each domain, in `domain_list`'s order: Atom 1.0 (`{domain}.atom`) and iCalendar (`.ics`). */
      domain_feeds: z.array(AbsoluteUrl).optional(),
      domain_calendars: z.array(AbsoluteUrl).optional(),
      /** Where each fact's Shields endpoint badge is published: `{id}` is the fact id. */
      badge_pattern: z.string().optional(),
      /** Every place of the register, and where each place's rules by area are published: `{id}` is the place id. */
      places_index: AbsoluteUrl.optional(),
      place_pattern: z.string().optional(),
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

/** docs/consumers/api.md#search-index: one pre-normalized item per fact; `search_text` and `aliases` are lowercase. */
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
  /**
   * An expected announcement: what is expected, by when and where it will be published (the fact's `next_expected`).
   */
  expected: PublishedNextExpected.optional(),
  /**
   * An expected announcement: true when `date` has passed on `as_of` and the fact records no new value (no scheduled
   * change, not superseded, and no value in effect after that date): the newer value is not recorded here yet. It may
   * have been announced since; `expected.where` is the page to check, and the fact is being re-verified. Such an item
   * stays listed, whatever its date, until the new value is recorded.
   */
  past_due: z.boolean().optional(),
});
export type UpcomingItem = z.infer<typeof UpcomingItem>;

/**
 * `/api/v1/facts/upcoming.json`: what is dated within `window_days` of the build date `as_of`, soonest first, and
 * any expected announcement past its date whose newer value is not recorded here yet.
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

/**
 * docs/consumers/badges.md: a fact's badge, `/api/v1/facts/badges/{id}.json`, in the Shields endpoint format
 * (schemaVersion 1, label, message, color, cacheSeconds): the fact's value in force on the build date, in words. It
 * carries no `schema_version`, as Shields fixes its members.
 */
export const Badge = z.object({
  schemaVersion: z.literal(1),
  /** The fact's label, or its short form. */
  label: NonEmptyText,
  /** The value in force on the build date; past its re-verification date, or withdrawn, it says so. */
  message: NonEmptyText,
  /**
   * `blue` verified, `yellow` announced but not confirmed enacted, `orange` past its re-verification date, `lightgrey`
   * withdrawn or not in force.
   */
  color: z.enum(["blue", "yellow", "orange", "lightgrey"]),
  /** How long Shields may keep the badge; never below its minimum of 300 seconds. */
  cacheSeconds: z.int().min(300),
});
export type Badge = z.infer<typeof Badge>;

/** docs/consumers/api.md#the-factupdated-event: the Schema.org UpdateAction envelope of a `fact.updated` delivery. */
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
    diff: z.partialRecord(
      z.enum(["value", "expires_iso", "effective_iso", "withdrawn_iso"]),
      z.object({ from: z.unknown(), to: z.unknown() }),
    ),
    url: AbsoluteUrl,
  }),
  result: z.object({ "@type": z.literal("Dataset"), "@id": AbsoluteUrl }),
  license: AbsoluteUrl,
});
export type WebhookBody = z.infer<typeof WebhookBody>;

export const BOARDS = ["greater-vancouver", "fraser-valley"] as const;
export const Board = z.enum(BOARDS);
export type Board = z.infer<typeof Board>;

/** docs/consumers/api.md#the-affordability-index: one board and month of the affordability index. */
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
  incomeYear: z
    .int()
    .describe(
      "The year medianIncome stands for: the income year of its source (2020 for the 2021 Census), or the latest year of sourced annual growth applied to it. A month later than incomeYear is priced against that older income.",
    ),
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
    .describe(
      "The month idxTrend compares with: the same board's previous published month, however far back; null for a board's first published month.",
    ),
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
    expected_from: z
      .string()
      .nullable()
      .describe("The first month of the index (YYYY-MM); null before any is published."),
    expected_through: z
      .string()
      .nullable()
      .describe("The last month that had ended on as_of (YYYY-MM): the newest month a value could exist for."),
    expected_count: z
      .int()
      .nonnegative()
      .describe("Board-months from expected_from to expected_through, for every board."),
    published_count: z.int().nonnegative().describe("Board-months published."),
    latest_month: z.string().nullable().describe("The newest month published for any board (YYYY-MM)."),
    latest_board: Board.nullable().describe("The board latest.json's entry is for."),
    months_behind: z
      .int()
      .nonnegative()
      .nullable()
      .describe("How many months latest_month lags expected_through (0 when current)."),
    previous_published_month: z
      .string()
      .nullable()
      .describe("The month latest's trend compares with: latest_board's previous published month."),
    months_since_previous: z
      .int()
      .positive()
      .nullable()
      .describe("How many months before latest_month previous_published_month is."),
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
