import type { AttemptOutcome, DeliveryRecord } from "../state/index.ts";
import { describeOutcome } from "./describe-outcome.ts";
import { retryDelayMs } from "./retry-schedule.ts";

/**
 * SPEC.md section 3 as a pure transition: the record after its current attempt ended with `outcome`.
 * 2xx is delivered; 410 Gone stops the subscriber; a permanent refusal is dead at once; anything else
 * is retried on the schedule until it runs out.
 */
export const applyAttemptOutcome = (record: DeliveryRecord, outcome: AttemptOutcome, finishedAt: Date): DeliveryRecord => {
  const current = record.attempts.at(-1);
  if (!current || current.outcome) throw new Error(`delivery ${record.id} has no attempt in progress`);
  const attempts = [...record.attempts.slice(0, -1), { ...current, finishedAt: finishedAt.toISOString(), outcome }];
  const base = { ...record, attempts, nextAttemptAt: null };

  if (outcome.kind === "response" && outcome.status >= 200 && outcome.status < 300) return { ...base, status: "delivered" };
  if (outcome.kind === "response" && outcome.status === 410) {
    return { ...base, status: "gone", reason: "the receiver answered 410 Gone: no more deliveries to this subscriber" };
  }
  if (outcome.kind === "refused" && outcome.permanent) return { ...base, status: "dead", reason: describeOutcome(outcome) };

  const retryAfterMs = outcome.kind === "response" && outcome.retryAfterSeconds !== undefined ? outcome.retryAfterSeconds * 1000 : undefined;
  const delay = retryDelayMs(current.number, retryAfterMs);
  if (delay === undefined) {
    return { ...base, status: "dead", reason: `${current.number} attempts failed; the last: ${describeOutcome(outcome)}` };
  }
  return { ...base, status: "retrying", nextAttemptAt: new Date(finishedAt.getTime() + delay).toISOString() };
};
