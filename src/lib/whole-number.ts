import { UsageError } from "./errors.ts";

export interface WholeNumberBounds {
  /** Smallest value accepted (default 0). */
  min?: number;
  /** Largest value accepted (default Number.MAX_SAFE_INTEGER). */
  max?: number;
}

/**
 * A whole number written in decimal digits only (no sign, point, exponent or `0x`), within the bounds; anything else
 * is a {@link UsageError} naming `what` (an argument such as `--limit` or a setting's name) and the bounds.
 */
export const parseWholeNumber = (text: string, what: string, bounds: WholeNumberBounds = {}): number => {
  const min = bounds.min ?? 0;
  const max = bounds.max ?? Number.MAX_SAFE_INTEGER;
  const range = max !== Number.MAX_SAFE_INTEGER ? ` from ${min} to ${max}` : min > 0 ? ` of ${min} or more` : "";
  const value = /^\d{1,16}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) throw new UsageError(`${what} must be a whole number${range}, got "${text}"`);
  return value;
};
