import type { Board } from "../schemas/index.ts";

const BOARD_LABELS: Record<Board, string> = { "greater-vancouver": "Greater Vancouver", "fraser-valley": "Fraser Valley" };
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

export const boardLabel = (board: Board): string => BOARD_LABELS[board];

/** `2024-04` → "April 2024". */
export const monthLabel = (monthSlug: string): string => `${MONTHS[Number(monthSlug.slice(5, 7)) - 1]} ${monthSlug.slice(0, 4)}`;

/** `2024-04` → "2024-04-01". */
export const monthStart = (monthSlug: string): string => `${monthSlug}-01`;

/** The calendar month before `monthSlug`. */
export const previousMonth = (monthSlug: string): string => {
  const year = Number(monthSlug.slice(0, 4));
  const month = Number(monthSlug.slice(5, 7));
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, "0")}`;
};

/** Every month from `first` to `last`, inclusive. */
export const monthsBetween = (first: string, last: string): string[] => {
  const months: string[] = [];
  for (let month = last; month >= first; month = previousMonth(month)) months.unshift(month);
  return months;
};

/** How many calendar months `later` comes after `earlier` (0 for the same month, negative when it comes before). */
export const monthsApart = (earlier: string, later: string): number =>
  (Number(later.slice(0, 4)) - Number(earlier.slice(0, 4))) * 12 + Number(later.slice(5, 7)) - Number(earlier.slice(5, 7));
