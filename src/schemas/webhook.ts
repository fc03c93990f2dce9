import { z } from "zod";
import { FactValue } from "./fact-value.ts";
import { AbsoluteUrl, FactId, IsoDate, IsoDateTime } from "./primitives.ts";

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
    diff: z.partialRecord(z.enum(["value", "expires_iso", "effective_iso", "withdrawn_iso"]), z.object({ from: z.unknown(), to: z.unknown() })),
    url: AbsoluteUrl,
  }),
  result: z.object({ "@type": z.literal("Dataset"), "@id": AbsoluteUrl }),
  license: AbsoluteUrl,
});
export type WebhookBody = z.infer<typeof WebhookBody>;
