/**
 * docs/consumers/api.md#delivery-states-and-retries: a failed delivery is retried 1 min, 5 min, 15 min, 1 h, 6 h and 24 h after its first
 * failure; when the retry at 24 h fails too, the delivery is dead. Counted from the first failure, the steps keep
 * the 24-hour retry window of docs/consumers/api.md#delivery-states-and-retries.
 */
export const RETRY_SCHEDULE_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 6 * 60 * 60_000, 24 * 60 * 60_000] as const;

/**
 * Each step is moved by up to this share either way, so that the retries of many deliveries that failed together
 * (a receiver down for a minute) do not all come back in the same second. ±20% keeps the schedule's order: each
 * step's latest (1.2 × t) comes before the next step's earliest (0.8 × the next t), since every step is at least
 * three times the one before.
 */
export const JITTER = 0.2;

const LONGEST_STEP_MS = Math.max(...RETRY_SCHEDULE_MS);

/**
 * How long after the first failure the retry that follows the `failedAttempts`-th failure comes, or undefined when
 * no retry is left. `random` is a number in [0, 1) (Math.random unless a test fixes it): the step is scaled by a
 * factor in [1 − JITTER, 1 + JITTER).
 */
export const retryOffsetMs = (failedAttempts: number, random: () => number = Math.random): number | undefined => {
  const step = RETRY_SCHEDULE_MS[failedAttempts - 1];
  return step === undefined ? undefined : Math.round(step * (1 - JITTER + 2 * JITTER * random()));
};

/**
 * When to make the next attempt after the `failedAttempts`-th failure, which ended at `failedAt`, of a delivery whose
 * first failure ended at `firstFailedAt`; undefined when no retry is left. A receiver's `Retry-After` is honoured
 * within the schedule: it can push the retry later, never sooner than the step, nor more than the longest step away.
 * A step already past (a slow attempt) is made at once.
 */
export const nextRetryAt = (
  failedAttempts: number,
  firstFailedAt: number,
  failedAt: number,
  retryAfterMs?: number,
  random: () => number = Math.random,
): number | undefined => {
  const offset = retryOffsetMs(failedAttempts, random);
  if (offset === undefined) return undefined;
  const scheduled = Math.max(firstFailedAt + offset, failedAt);
  return retryAfterMs === undefined ? scheduled : Math.min(Math.max(scheduled, failedAt + retryAfterMs), failedAt + LONGEST_STEP_MS);
};
