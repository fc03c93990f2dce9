import { z } from "zod";
import { HttpsUrl, IsoDate, NonEmptyText } from "./primitives.ts";

/** SPEC.md 2.2. `retrieved_iso` is the date the source was last checked for this fact. */
export const Citation = z.strictObject({
  url: HttpsUrl,
  org: NonEmptyText,
  title: NonEmptyText.optional(),
  retrieved_iso: IsoDate,
  source_published_iso: IsoDate.optional(),
  notes: NonEmptyText.optional(),
});
export type Citation = z.infer<typeof Citation>;
