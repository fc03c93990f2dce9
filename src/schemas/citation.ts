import { z } from "zod";
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
