/** SPEC.md sections 3 and 8: after each failed attempt, the next one comes this long later; after the sixth retry fails, the delivery is dead. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 6 * 60 * 60_000, 24 * 60 * 60_000] as const;

/**
 * Each delay is moved by up to this share either way, so that the retries of many deliveries that failed together
 * (a receiver down for a minute) do not all come back in the same second. ±20% keeps the schedule's order: each
 * step's longest (1.2 × d) is shorter than the next step's shortest (0.8 × the next d), since every step is at
 * least four times the one before.
 */
export const JITTER = 0.2;

const LONGEST_DELAY_MS = Math.max(...RETRY_DELAYS_MS);

/**
 * How long to wait after the `failedAttempts`-th failure, or undefined when no retry is left. `random` is a number
 * in [0, 1) (Math.random unless a test fixes it): the step is scaled by a factor in [1 − JITTER, 1 + JITTER). A
 * receiver's `Retry-After` is honoured within the schedule: it can push the retry later, never sooner than the step,
 * nor past the schedule's longest step.
 */
export const retryDelayMs = (failedAttempts: number, retryAfterMs?: number, random: () => number = Math.random): number | undefined => {
  const step = RETRY_DELAYS_MS[failedAttempts - 1];
  if (step === undefined) return undefined;
  const jittered = Math.round(step * (1 - JITTER + 2 * JITTER * random()));
  if (retryAfterMs === undefined) return jittered;
  return Math.min(Math.max(jittered, retryAfterMs), LONGEST_DELAY_MS);
};
