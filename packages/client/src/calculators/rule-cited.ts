import type { FactUsed } from "./calculator-common.ts";
import type { SaidValue } from "./said.ts";

// The rule a line of a calculator's working rests on, as the line ends: "(bc.rta.deposit_return, version 1, in force
// on 2025-07-04)", or, for a period recorded before the fact's first version, "(bc.rta.notice_service, the period from
// 2016-01-01, in force on 2020-05-01)". A line says the two with two codes, the second ending in "-period".

export interface RuleCited {
  /** The English, without its parentheses. */
  text: string;
  /** The values it names: `fact`, `version` or `effective` (the period's first day), and `date` when given. */
  values: Record<string, SaidValue>;
  /** Whether it names a period rather than a version (the line's code is then its "-period" one). */
  period: boolean;
}

/** The rule `used`, read as in force on `asOf` (left unsaid when undefined). */
export const ruleCited = (used: FactUsed, asOf?: string): RuleCited => {
  const period = used.version === undefined;
  // A period found on a date has the day it began: only such periods are read.
  const effective = used.effective_iso as string;
  const inForce = asOf === undefined ? "" : `, in force on ${asOf}`;
  return {
    text: `${used.fact_id}, ${period ? `the period from ${effective}` : `version ${used.version}`}${inForce}`,
    values: {
      fact: { fact: used.fact_id },
      ...(period ? { effective: { date: effective } } : { version: { number: used.version as number } }),
      ...(asOf === undefined ? {} : { date: { date: asOf } }),
    },
    period,
  };
};
