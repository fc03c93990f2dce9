import { z } from "zod";
import { IsoDate, IsoDateTime } from "../schemas/index.ts";

/** What was sent for one cycle, kept in the notification state so each subscriber gets the cycle's digest once. */
export const DigestRecord = z.object({
  cycle: z.object({ start: IsoDate, end: IsoDate }),
  from: z.string().nullable(),
  to: z.string(),
  changes: z.array(z.string()),
  /** Lower-cased address -> when its digest was accepted by the SMTP server. */
  sentTo: z.record(z.string(), IsoDateTime),
});
export type DigestRecord = z.infer<typeof DigestRecord>;
