import type { DeliveryRecord } from "../state/index.ts";

/**
 * The record as written just before an attempt is made. An attempt left unfinished by a killed process is closed
 * as `interrupted` first; it does not count against the retry schedule, since the receiver never failed it.
 */
export const startAttempt = (record: DeliveryRecord, startedAt: Date): DeliveryRecord => {
  const attempts = record.attempts.map((attempt) =>
    attempt.outcome ? attempt : { ...attempt, outcome: { kind: "interrupted" as const, message: "the dispatcher stopped during this attempt" } },
  );
  const counted = attempts.filter((attempt) => attempt.outcome?.kind !== "interrupted").length;
  return {
    ...record,
    status: "attempted",
    attempts: [...attempts, { number: counted + 1, startedAt: startedAt.toISOString() }],
    nextAttemptAt: null,
  };
};
