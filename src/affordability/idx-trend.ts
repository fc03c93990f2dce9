export type IdxTrend = "improving" | "worsening" | "stable" | "no-previous-month";

/**
 * The trend against the same board's previous published month: a higher index means more affordable. A move smaller
 * than the methodology's threshold is "stable"; before a board's first published month there is no trend to state.
 */
export const idxTrend = (current: number, previous: number | undefined, thresholdPoints: number): IdxTrend => {
  if (previous === undefined) return "no-previous-month";
  const change = current - previous;
  if (change >= thresholdPoints) return "improving";
  if (change <= -thresholdPoints) return "worsening";
  return "stable";
};
