import { z } from "zod";
import { AbsoluteUrl, IsoDateTime } from "../../schemas/primitives.ts";
import { FactUpdatedEvent } from "../events/index.ts";
import { SubscriberId } from "../subscribers/index.ts";

/**
 * SPEC.md section 3, plus `pending` (planned, not yet attempted) and `gone` (the receiver answered 410 Gone,
 * or an earlier delivery to the same subscriber did).
 */
export const DELIVERY_STATUSES = ["pending", "attempted", "retrying", "delivered", "dead", "gone"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** What one attempt came to. `interrupted` marks an attempt the process did not live to finish. */
export const AttemptOutcome = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("response"), status: z.int().min(100).max(999), retryAfterSeconds: z.number().min(0).optional() }),
  z.object({ kind: z.literal("timeout"), message: z.string() }),
  z.object({ kind: z.literal("error"), message: z.string() }),
  z.object({ kind: z.literal("refused"), message: z.string(), permanent: z.boolean() }),
  z.object({ kind: z.literal("interrupted"), message: z.string() }),
]);
export type AttemptOutcome = z.infer<typeof AttemptOutcome>;

export const Attempt = z.object({
  number: z.int().min(1),
  startedAt: IsoDateTime,
  finishedAt: IsoDateTime.optional(),
  outcome: AttemptOutcome.optional(),
});
export type Attempt = z.infer<typeof Attempt>;

const CommitSha = z.string().regex(/^[0-9a-f]{40,64}$/, { error: "must be a full commit id" });

/**
 * One event for one subscriber, as stored in FACTS_WEBHOOK_STATE (a line of deliveries.json or journal.ndjson). It
 * holds what is needed to rebuild the body at each attempt, and neither the subscriber's secret nor its URL.
 */
export const DeliveryRecord = z.object({
  id: z.uuid(),
  subscriber: SubscriberId,
  event: FactUpdatedEvent,
  /** When the change was committed: the body's `startTime`. */
  changedAt: IsoDateTime,
  baseUrl: AbsoluteUrl,
  base: CommitSha,
  head: CommitSha,
  status: z.enum(DELIVERY_STATUSES),
  createdAt: IsoDateTime,
  attempts: z.array(Attempt),
  nextAttemptAt: IsoDateTime.nullable(),
  /** Why the delivery is dead or gone. */
  reason: z.string().optional(),
  deadNoticeSentAt: IsoDateTime.optional(),
});
export type DeliveryRecord = z.infer<typeof DeliveryRecord>;
