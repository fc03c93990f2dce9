import type { DeliveryStore } from "./state/index.ts";

/**
 * `webhooks redeliver`: makes every delivery of `subscriber` planned since `since` (an ISO date or date and time)
 * pending again under its original delivery id, its retry schedule starting afresh, and returns how many. A gone or
 * disabled subscriber is refused: its marker must be removed first. Deliveries folded out of the state after the
 * retention window cannot be sent again; the message says from when they were.
 */
export const requeueDeliveries = async (
  store: DeliveryStore,
  subscriber: string,
  since: string,
  now: Date,
): Promise<{ requeued: number; foldedThrough?: string }> => {
  const [gone, disabled] = await Promise.all([store.goneSubscribers(), store.disabledSubscribers()]);
  for (const [marks, folder] of [
    [gone, "gone"],
    [disabled, "disabled"],
  ] as const) {
    if (marks.has(subscriber)) {
      throw new Error(`subscriber ${subscriber} is ${folder} (${store.directory}/${folder}/${subscriber}.json): remove that marker first, then redeliver`);
    }
  }
  const from = new Date(since);
  if (Number.isNaN(from.getTime())) throw new Error(`--since must be an ISO 8601 date or date and time, got "${since}"`);
  const at = now.toISOString();
  let requeued = 0;
  for (const record of await store.list()) {
    if (record.subscriber !== subscriber || Date.parse(record.createdAt) < from.getTime()) continue;
    const { reason: _reason, deadNoticeSentAt: _notice, ...rest } = record;
    await store.write({ ...rest, status: "pending", nextAttemptAt: at, redeliveredAt: at });
    requeued++;
  }
  const { foldedThrough } = store.summary(subscriber);
  return foldedThrough !== undefined && foldedThrough >= from.toISOString() ? { requeued, foldedThrough } : { requeued };
};
