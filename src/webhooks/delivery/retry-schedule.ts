/** SPEC.md sections 3 and 8: after each failed attempt, the next one comes this long later; after the sixth retry fails, the delivery is dead. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 6 * 60 * 60_000, 24 * 60 * 60_000] as const;

const LONGEST_DELAY_MS = Math.max(...RETRY_DELAYS_MS);

/**
 * How long to wait after the `failedAttempts`-th failure, or undefined when no retry is left. A receiver's
 * `Retry-After` is honoured within the schedule: it can push the retry later, never sooner than the step, nor
 * past the schedule's longest step.
 */
export const retryDelayMs = (failedAttempts: number, retryAfterMs?: number): number | undefined => {
  const step = RETRY_DELAYS_MS[failedAttempts - 1];
  if (step === undefined) return undefined;
  if (retryAfterMs === undefined) return step;
  return Math.min(Math.max(step, retryAfterMs), LONGEST_DELAY_MS);
};
