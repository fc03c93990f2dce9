import { z } from "zod";
import type {
  FactSchema as Fact,
  HistoryEntry,
  PublishedCitation,
  PublishedNextExpected,
} from "../../packages/client/src/index.ts";
import {
  AbsoluteUrl,
  CitationKind,
  Domain,
  EarlierPeriod,
  FactCitation,
  FactId,
  FactValue,
  HttpsUrl,
  IsoDate,
  NextExpected,
  NOTES_MAX_LENGTH,
  NonEmptyText,
  OrganisationId,
  OrganisationKind,
  PlaceId,
  PlaceKind,
  QUOTE_MAX_LENGTH,
  ScheduledChange,
  SeriesId,
  SupersededBy,
} from "../../packages/client/src/index.ts";

/**
 * The tags that state a fact's re-verification cadence (docs/maintainers/decisions.md#cadence): exactly one per fact.
 */
export const CADENCE_DAYS = { "cadence:volatile": 90, "cadence:stable": 180 } as const;
export type CadenceTag = keyof typeof CADENCE_DAYS;

/**
 * One fact as stored in `facts/<domain>/<id>.json`: its current state only.
 * `history` is derived from git and never written by hand, so it is refused here.
 * Keys are listed in the order files are written, which keeps diffs small. What `value` holds depends on the fact's
 * id: each id's value schema (src/schemas/values/) is applied by the check's `value-schema` rule.
 */
export const FactFile = z.strictObject({
  id: FactId,
  label: NonEmptyText,
  description: NonEmptyText,
  domain: Domain,
  /** The yearly series the fact belongs to (e.g. `bc.rent_cap`): the name `/series/{series}.json` answers under. */
  series: SeriesId.optional(),
  value: FactValue,
  unit: NonEmptyText.optional(),
  /**
   * The keys of the value, in order, that make its one-line summary (each period's `summary`); absent, the first plain
   * fields of the value make it.
   */
  summary_keys: z
    .array(z.string().regex(/^[a-z0-9]+(?:_[a-z0-9]+)*$/, { error: "a value key is lowercase words joined by _" }))
    .min(1)
    .optional(),
  version: z.int().min(1),
  effective_iso: IsoDate,
  expires_iso: IsoDate,
  tags: z
    .array(z.string().regex(/^[a-z0-9][a-z0-9:._-]*$/, { error: "tags are lowercase words (a-z, 0-9, : . _ -)" }))
    .optional(),
  citations: z.array(FactCitation).min(1, { error: "a fact needs at least one citation" }),
  /**
   * Periods before the first version that is kept (docs/maintainers/decisions.md#time), oldest first, from sources read:
   * each with its value, dates, quoted citations and a note. Versions come from git; these record what was in force
   * before the service first recorded the fact.
   */
  earlier: z.array(EarlierPeriod).min(1).optional(),
  /**
   * Versions whose value the `earlier` periods correct (a version that recorded a rule incompletely or wrongly): such a
   * version answers no as-of question, and the earlier periods may cover its time.
   */
  corrected_versions: z.array(z.int().min(1)).min(1).optional(),
  /**
   * Public notes of versions whose commit's `Impact:` line was published wrong (a word lost to the shell, a typo that
   * changes a figure): each replaces that version's note everywhere it is published, and says why. The commit stays
   * as it was; the note is the one thing of a version that is read from it rather than from the file.
   */
  note_corrections: z
    .array(
      z.strictObject({
        version: z.int().min(1),
        note: NonEmptyText,
        reason: NonEmptyText.max(280, { error: "a reason is at most 280 characters" }),
      }),
    )
    .min(1)
    .optional(),
  scheduled: z.array(ScheduledChange).optional(),
  /** When the next value is due on a known schedule: by when, what, and where it is published (an editorial field). */
  next_expected: NextExpected.optional(),
  superseded_by: SupersededBy.optional(),
  /**
   * A withdrawn fact's file stays as its tombstone: the last state it had, with the day it was withdrawn and why. It
   * leaves the catalog but keeps its history, its diffs and its single-fact response, and its id is never reused.
   */
  withdrawn_iso: IsoDate.optional(),
  withdrawn_reason: NonEmptyText.optional(),
});
export type FactFile = z.infer<typeof FactFile>;

/** The order in which fact files write their keys. */
export const FACT_FILE_KEYS = [
  "id",
  "label",
  "description",
  "domain",
  "series",
  "value",
  "unit",
  "summary_keys",
  "version",
  "effective_iso",
  "expires_iso",
  "tags",
  "citations",
  "earlier",
  "corrected_versions",
  "note_corrections",
  "scheduled",
  "next_expected",
  "superseded_by",
  "withdrawn_iso",
  "withdrawn_reason",
] as const;

/**
 * How a fact file's organisation ids are published: as the registry's names, ids and kinds (src/model/reference.ts).
 */
export interface PublishOrganisations {
  citation(citation: FactCitation): PublishedCitation;
  nextExpected(expected: NextExpected): PublishedNextExpected;
}

/** Every published fact starts from a valid fact file; this keeps the two shapes from drifting apart. */
export const factFromFile = (
  file: FactFile,
  derived: { history: HistoryEntry[]; canonical_url: string; summary: string; recorded_iso?: string },
  publish: PublishOrganisations,
): Fact => {
  // A tombstone's withdrawal is published beside the fact (`withdrawn` of the single-fact response), not in it.
  const {
    citations,
    scheduled,
    next_expected,
    superseded_by,
    summary_keys: _summaryKeys,
    earlier: _earlier,
    corrected_versions: _correctedVersions,
    note_corrections: _noteCorrections,
    withdrawn_iso: _withdrawnIso,
    withdrawn_reason: _withdrawnReason,
    ...rest
  } = file;
  return {
    ...rest,
    citations: citations.map((citation) => publish.citation(citation)),
    summary: derived.summary,
    ...(derived.recorded_iso === undefined ? {} : { recorded_iso: derived.recorded_iso }),
    history: derived.history,
    scheduled: (scheduled ?? []).map((change) => ({
      ...change,
      citations: change.citations.map((citation) => publish.citation(citation)),
    })),
    ...(next_expected === undefined ? {} : { next_expected: publish.nextExpected(next_expected) }),
    superseded_by: superseded_by ?? null,
    canonical_url: derived.canonical_url,
  };
};

/**
 * What a fact's expected announcement is on a given day: still ahead (`expected`), its date passed with nothing newer
 * recorded (`past-due`: the service knows only that it has not recorded it, not whether it was announced), or come and
 * recorded (`recorded`: its date has passed and the fact records a newer value, so nothing is awaited any more).
 */
export type ExpectedStatus = "expected" | "past-due" | "recorded";

/**
 * Whether an expected announcement is past due on `today`: its `by_iso` has passed, no `scheduled` entry records an
 * announced or enacted value, the fact is not retired (`superseded_by`), and the value in effect did not change after
 * `by_iso` (a current `effective_iso` after `by_iso` is a newer value); when one of those records a newer value, it
 * is `recorded`. Every reader (the build, the freshness report, the re-verification issues, the MCP server) reads
 * only the fact's own fields, so they all agree on the same day. `undefined` when the fact declares no expected
 * announcement.
 */
export const expectedStatus = (
  fact: {
    next_expected?: NextExpected | undefined;
    scheduled?: readonly unknown[] | undefined;
    superseded_by?: unknown;
    effective_iso: string;
  },
  today: string,
): ExpectedStatus | undefined => {
  const expected = fact.next_expected;
  if (expected === undefined) return undefined;
  if (expected.by_iso >= today) return "expected";
  // Any scheduled entry counts: the scheduled-changes rule keeps each after the current effective_iso, so each is a
  // value announced after the one in force; and the next-expected-moved rule has next_expected moved when one is added.
  const newer =
    (fact.scheduled ?? []).length > 0 || (fact.superseded_by ?? null) !== null || fact.effective_iso > expected.by_iso;
  return newer ? "recorded" : "past-due";
};

/**
 * "not recorded here yet (expected by 2026-09-30); check BC Residential Tenancy Branch at https://…", "expected by
 * 2026-09-30": the words every surface uses, from a published `next_expected` (its `where.org` is the publisher's
 * name). Past its date the service can only say what it has not recorded, never that the announcement is late or
 * missing, so the words send the reader to the official page that would carry it.
 */
export const describeExpected = (expected: PublishedNextExpected, status: ExpectedStatus): string => {
  switch (status) {
    case "past-due":
      return `not recorded here yet (expected by ${expected.by_iso}); check ${expected.where.org} at ${expected.where.url}`;
    case "expected":
      return `expected by ${expected.by_iso}`;
    case "recorded":
      return `announced; the newer value is recorded (expected by ${expected.by_iso})`;
  }
};

/** One line of text: names and aliases are shown in lists and headings. */
const Name = NonEmptyText.regex(/^[^\r\n]*$/, { error: "must be one line" }).max(200, {
  error: "must be at most 200 characters",
});

/** An organisation's home page: a link on every page that cites it, so a short `https` URL like any other. */
const HomePage = HttpsUrl.max(2000, { error: "must be at most 2,000 characters" });

/**
 * One organisation that publishes a cited source. `home_page` is the organisation's own site (its home page, or for a
 * ministry or branch without one, the government site it publishes on), null when no address of its own site is known;
 * never a guess. `aliases` are the free-text names earlier versions of fact files gave it, so that their citations,
 * published in the diffs, resolve to it too.
 */
export const Organisation = z.strictObject({
  id: OrganisationId,
  name: Name,
  kind: OrganisationKind,
  home_page: HomePage.nullable(),
  aliases: z.array(Name).optional(),
});
export type Organisation = z.infer<typeof Organisation>;

/** `reference/organisations.json`: every organisation a fact cites, each once. */
export const OrganisationRegistry = z.strictObject({
  organisations: z.array(Organisation).min(1, { error: "the registry lists at least one organisation" }),
});
export type OrganisationRegistry = z.infer<typeof OrganisationRegistry>;

/**
 * How a value under a key is read by people. Numbers: `money` (Canadian dollars, "$570"), `rate` (a fraction written
 * as a percentage, 0.023 is "2.3%"), `year` (a calendar year, "2026"), `count` (a plain number, "10,000"), `measure`
 * (a number with the entry's `unit`, "55 days"). Strings: `date` (an ISO date, spelled out), `text`. Then `boolean`
 * ("Yes"/"No"), `list` (an array: of words, of like records as a table, of brackets) and `group` (an object of its own
 * keys). CONTRIBUTING.md ("The glossary") documents each.
 */
export const GLOSSARY_KINDS = [
  "money",
  "rate",
  "year",
  "count",
  "measure",
  "date",
  "text",
  "boolean",
  "list",
  "group",
] as const;
export type GlossaryKind = (typeof GLOSSARY_KINDS)[number];

/** The units a `measure` may carry, each with its singular, for a value of 1 ("1 day", "2 days"). */
export const MEASURE_UNITS = {
  days: "day",
  "business days": "business day",
  months: "month",
  years: "year",
  hours: "hour",
  minutes: "minute",
  m: "m",
  km: "km",
  "m²": "m²",
  ha: "ha",
} as const;
export type MeasureUnit = keyof typeof MEASURE_UNITS;

/** A label or a member's words: one line of plain text a reader sees. */
const Words = z
  .string()
  .min(1)
  .max(200)
  .regex(/^\S(?:.*\S)?$/, "must not start or end with a space");

/** A slug that a fact's value uses as an enumeration member, such as "rapid-transit-station". */
export const ENUMERATION_MEMBER = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)+$/;

export const GlossaryEntry = z
  .strictObject({
    /** What the key's value is, in words for people: "Basic grant, most of B.C. (maximum)". */
    label: Words,
    kind: z.enum(GLOSSARY_KINDS),
    /** Other kinds the key's value takes in some facts ("regulations": one text, or a list of them). */
    also: z.array(z.enum(GLOSSARY_KINDS)).min(1).optional(),
    /** For a `measure`: what it counts. */
    unit: z.enum(Object.keys(MEASURE_UNITS) as [MeasureUnit, ...MeasureUnit[]]).optional(),
    /** Words for each enumeration member (a slug) the key's value holds, or a word that stands in a number's place. */
    members: z.record(z.string().min(1).max(200), Words).optional(),
    /**
     * What a null under this key means, in words for people ("No separate rate is offered", "Not stated in the
     * regulation"): a null is never shown as a bare "none", which reads as zero or as "no premium".
     */
    null_means: Words.optional(),
    /** For a `list` of numbers: what each number is ("year" for 2022, 2023, written without a thousands separator). */
    items: z.enum(["money", "rate", "year", "count"]).optional(),
  })
  .superRefine((entry, context) => {
    if (entry.kind === "measure" && entry.unit === undefined)
      context.addIssue({ code: "custom", path: ["unit"], message: 'a "measure" needs its unit' });
    if (entry.kind !== "measure" && entry.unit !== undefined)
      context.addIssue({ code: "custom", path: ["unit"], message: 'only a "measure" has a unit' });
    if (entry.kind !== "list" && entry.items !== undefined)
      context.addIssue({ code: "custom", path: ["items"], message: 'only a "list" has items' });
  });
export type GlossaryEntry = z.infer<typeof GlossaryEntry>;

/** A value key as facts write it: lowercase words joined by underscores. */
export const VALUE_KEY = /^[a-z0-9]+(?:_[a-z0-9]+)*$/;

/** `reference/glossary.json`: every key that appears in a fact's value, with its label, kind and members. */
export const GlossaryFile = z.strictObject({
  keys: z.record(z.string().regex(VALUE_KEY, "a value key is lowercase words joined by underscores"), GlossaryEntry),
});
export type GlossaryFile = z.infer<typeof GlossaryFile>;

/** Unpadded base64url of 32 bytes: an Ed25519 public key, or a SHA-256 digest. */
const Base64Url32 = z
  .string()
  .regex(/^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/, { error: "must be the unpadded base64url of 32 bytes" });

/**
 * One public key of the manifest signature, as RFC 8037 writes an Ed25519 key in a JWK, with `kid` its RFC 7638
 * thumbprint. Strict, so that a private part (`d`) pasted into the committed set is refused rather than published.
 */
export const PublicSigningKey = z.strictObject({
  kty: z.literal("OKP"),
  crv: z.literal("Ed25519"),
  x: Base64Url32,
  kid: Base64Url32,
  alg: z.literal("EdDSA"),
  use: z.literal("sig"),
});
export type PublicSigningKey = z.infer<typeof PublicSigningKey>;

/**
 * `keys/jwks.json` and `/.well-known/jwks.json`: the keys whose signature on the manifest consumers accept (RFC 7517
 * JWK Set).
 */
export const SigningKeySet = z.strictObject({ keys: z.array(PublicSigningKey) });
export type SigningKeySet = z.infer<typeof SigningKeySet>;

/**
 * What a search alias is: lowercase words a reader types ("notary", "burnaby", "strata fee"), letters, digits, spaces,
 * hyphens, apostrophes and periods, starting and ending with a letter or digit.
 */
export const SearchAlias = z
  .string()
  .max(100, { error: "an alias is at most 100 characters" })
  .regex(/^[\p{Ll}\p{N}](?:[\p{Ll}\p{N} '.-]*[\p{Ll}\p{N}])?$/u, {
    error: "an alias is lowercase words (letters, digits, spaces, hyphens, apostrophes, periods)",
  });

/**
 * Where a list of places was read: an official page (the regional district's own, or the Province's), with the date
 * it was read, a verbatim quote of the passage that names the places and a note for the reader.
 */
export const SearchAliasSource = z.strictObject({
  url: HttpsUrl,
  kind: CitationKind,
  title: Name,
  retrieved_iso: IsoDate,
  quote: NonEmptyText.max(QUOTE_MAX_LENGTH, { error: `a quote is at most ${QUOTE_MAX_LENGTH} characters` }),
  notes: NonEmptyText.max(NOTES_MAX_LENGTH, { error: `notes are at most ${NOTES_MAX_LENGTH} characters` }),
});
export type SearchAliasSource = z.infer<typeof SearchAliasSource>;

/**
 * The most aliases a group may give, and the most facts it may name. Every alias of a group is added to each of its
 * facts in the search index the catalog page downloads, so a group weighs its aliases times its facts there: the
 * largest group (the speculation tax's taxable municipalities) gives 44 aliases, the largest list of facts is 9.
 */
export const SEARCH_ALIAS_GROUP_LIMITS = { aliases: 64, facts: 16 } as const;
/** The most alias-and-fact pairs the whole file may give (345 today): what the search index grows by. */
export const SEARCH_ALIAS_PAIRS_LIMIT = 1000;

/** Words people search with and the facts they mean: every alias is added to each fact's search-index aliases. */
export const SearchAliasGroup = z.strictObject({
  /** What the group is, for maintainers: "Metro Vancouver Regional District's member municipalities". */
  name: Name,
  aliases: z
    .array(SearchAlias)
    .min(1, { error: "a group has at least one alias" })
    .max(SEARCH_ALIAS_GROUP_LIMITS.aliases, {
      error: `a group has at most ${SEARCH_ALIAS_GROUP_LIMITS.aliases} aliases (each is added to every fact of the group in the search index)`,
    }),
  facts: z
    .array(FactId)
    .min(1, { error: "a group names at least one fact" })
    .max(SEARCH_ALIAS_GROUP_LIMITS.facts, {
      error: `a group names at most ${SEARCH_ALIAS_GROUP_LIMITS.facts} facts (each gets every alias of the group in the search index)`,
    }),
});

/** Places, grouped by the area a rule names: each group cites where its list of places was read. */
export const SearchPlaceGroup = SearchAliasGroup.extend({
  sources: z.array(SearchAliasSource).min(1, { error: "a list of places cites at least one source" }),
});

/**
 * `reference/search-aliases.json`: the words people search with that the facts do not use, each with the facts they
 * mean (CONTRIBUTING.md, "Search aliases"). `places` are the municipalities of the areas a rule applies in, each list
 * read from an official source it cites; `words` are everyday words ("notary", "landlord", "down payment").
 */
export const SearchAliasesFile = z.strictObject({
  places: z.array(SearchPlaceGroup),
  words: z.array(SearchAliasGroup),
});
export type SearchAliasesFile = z.infer<typeof SearchAliasesFile>;

/**
 * A source of the places register: a citation, as facts write one, with an id the places name it by. Its address may
 * be plain `http` where the page read is served only so (a regional district's older releases): a place's name or
 * district is no figure a reader acts on, and the address read is the one cited.
 */
export const PlaceSource = FactCitation.extend({
  url: AbsoluteUrl,
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: "a source id is lowercase words joined by hyphens" }),
});
export type PlaceSource = z.infer<typeof PlaceSource>;

/**
 * One place of `reference/places.json` (CONTRIBUTING.md, "Places"): a municipality, a regional district, or another
 * area a rule names, with the regional district it is in and the sources its name, kind and district were read from.
 * A renamed place keeps its id and lists its former names; a dissolved one stays, with the day it was dissolved.
 */
export const PlaceFileRecord = z.strictObject({
  id: PlaceId,
  name: NonEmptyText.max(120),
  official_name: NonEmptyText.max(200).optional(),
  kind: PlaceKind,
  regional_district: PlaceId.nullable(),
  /** Other names the facts or people use for the place ("Greater Vancouver Regional District"). */
  aliases: z.array(NonEmptyText.max(200)).optional(),
  former_names: z.array(z.strictObject({ name: NonEmptyText.max(120), until_iso: IsoDate })).optional(),
  incorporated_iso: IsoDate.optional(),
  dissolved_iso: IsoDate.optional(),
  /** For the public reader: what is particular about the place or its record (a kind the sources disagree on). */
  notes: NonEmptyText.max(NOTES_MAX_LENGTH, { error: `notes are at most ${NOTES_MAX_LENGTH} characters` }).optional(),
  sources: z
    .array(z.string().min(1))
    .min(1, { error: "a place names at least one source (an id of the file's sources)" }),
});
export type PlaceFileRecord = z.infer<typeof PlaceFileRecord>;

/** `reference/places.json`: the register of places, and the sources it was read from. */
export const PlacesFile = z.strictObject({
  sources: z.array(PlaceSource).min(1),
  places: z.array(PlaceFileRecord).min(1),
});
export type PlacesFile = z.infer<typeof PlacesFile>;
