import { z } from "zod";
import { OrganisationId, OrganisationKind, OrganisationReference } from "./organisation.ts";
import { HttpsUrl, IsoDate, NonEmptyText } from "./primitives.ts";

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
 * A citation (docs/consumers/api.md#citations). `notes` are written for the public reader of the API. `retrieved_iso` is the date the source was last checked for this fact;
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
