import { z } from "zod";
import { type FactCitation, PublishedCitation } from "./citation.ts";
import { type FactFile, SupersededBy } from "./fact-file.ts";
import { FactValue } from "./fact-value.ts";
import { type NextExpected, PublishedNextExpected } from "./next-expected.ts";
import { AbsoluteUrl, Domain, FactId, IsoDate, IsoDateTime, NonEmptyText, SeriesId } from "./primitives.ts";
import { PublishedScheduledChange } from "./scheduled-change.ts";
import { SchemaVersion } from "./schema-version.ts";

/** docs/consumers/api.md#history-and-diffs: one earlier version of a fact, newest first in `history`. */
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

/** docs/consumers/api.md#a-fact: a published fact, i.e. the fact file plus what the build derives (history, canonical URL). */
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

/** How a fact file's organisation ids are published: as the registry's names, ids and kinds (src/model/organisations.ts). */
export interface PublishOrganisations {
  citation(citation: FactCitation): PublishedCitation;
  nextExpected(expected: NextExpected): PublishedNextExpected;
}

/** Every published fact starts from a valid fact file; this keeps the two shapes from drifting apart. */
export const factFromFile = (file: FactFile, derived: { history: HistoryEntry[]; canonical_url: string }, publish: PublishOrganisations): Fact => {
  // A tombstone's withdrawal is published beside the fact (`withdrawn` of the single-fact response), not in it.
  const { citations, scheduled, next_expected, superseded_by, withdrawn_iso: _withdrawnIso, withdrawn_reason: _withdrawnReason, ...rest } = file;
  return {
    ...rest,
    citations: citations.map((citation) => publish.citation(citation)),
    history: derived.history,
    scheduled: (scheduled ?? []).map((change) => ({ ...change, citations: change.citations.map((citation) => publish.citation(citation)) })),
    ...(next_expected === undefined ? {} : { next_expected: publish.nextExpected(next_expected) }),
    superseded_by: superseded_by ?? null,
    canonical_url: derived.canonical_url,
  };
};

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
