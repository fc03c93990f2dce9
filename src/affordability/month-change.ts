/** A month of an index input series as compared: its value and where it comes from. */
export interface MonthOnFile {
  value: number;
  /** What identifies the source: the cited address, or the whole citation. */
  source: string;
}

/**
 * How a month changed between two states of a series: new, a different value, the same value from another source,
 * or nothing. The monthly update and the pull-request report both sort months this way.
 */
export const monthChange = (was: MonthOnFile | undefined, now: MonthOnFile): "added" | "revised" | "resourced" | "unchanged" => {
  if (was === undefined) return "added";
  if (was.value !== now.value) return "revised";
  return was.source === now.source ? "unchanged" : "resourced";
};
