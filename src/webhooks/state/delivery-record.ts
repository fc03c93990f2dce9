import { z } from "zod";
import { AbsoluteUrl, IsoDateTime } from "../../schemas/primitives.ts";
import { FactUpdatedEvent } from "../events/index.ts";
import { SubscriberId } from "../subscribers/index.ts";

/**
 * The delivery states of docs/consumers/api.md#delivery-states-and-retries, among them `pending` (planned, not yet attempted), `gone` (the receiver answered 410 Gone, or an
 * earlier delivery to the same subscriber did) and `disabled` (not sent: every delivery to the subscriber had failed
 * for five days, and it is disabled until its marker is removed).
 */
export const DELIVERY_STATUSES = ["pending", "attempted", "retrying", "delivered", "dead", "gone", "disabled"] as const;
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

/** One attempt. A finished delivery keeps only its last attempt, without its start, once the state is compacted. */
export const Attempt = z.object({
  number: z.int().min(1),
  startedAt: IsoDateTime.optional(),
  finishedAt: IsoDateTime.optional(),
  outcome: AttemptOutcome.optional(),
});
export type Attempt = z.infer<typeof Attempt>;

/**
 * One delivery: one change for one subscriber. In memory it holds the change's event (the same object for every
 * subscriber's delivery of it); the state stores the event once, under `eventKey`, and neither the subscriber's
 * secret nor its URL.
 */
export const DeliveryRecord = z.object({
  id: z.uuid(),
  subscriber: SubscriberId,
  eventKey: z.string().regex(/^[0-9a-f]{12,64}$/),
  event: FactUpdatedEvent,
  /** When the change was committed: the body's `startTime`. */
  changedAt: IsoDateTime,
  baseUrl: AbsoluteUrl,
  status: z.enum(DELIVERY_STATUSES),
  createdAt: IsoDateTime,
  attempts: z.array(Attempt),
  nextAttemptAt: IsoDateTime.nullable(),
  /** Why the delivery is dead, gone or disabled. */
  reason: z.string().optional(),
  deadNoticeSentAt: IsoDateTime.optional(),
  /** When `webhooks redeliver` last asked for it again: the retry schedule counts attempts from then. */
  redeliveredAt: IsoDateTime.optional(),
});
export type DeliveryRecord = z.infer<typeof DeliveryRecord>;

/** The statuses after which nothing more is sent, unless the delivery is redelivered. */
export const FINISHED_STATUSES: ReadonlySet<DeliveryStatus> = new Set(["delivered", "dead", "gone", "disabled"]);
