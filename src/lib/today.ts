import { IsoDate } from "../schemas/primitives.ts";
import { isoDateOf } from "./dates.ts";
import { type Environment, readVariable } from "./environment.ts";

/** Today's date for checks: `FACTS_TODAY` (YYYY-MM-DD) when set, so a run can be reproduced; otherwise the clock, in UTC. */
export const todayFromEnvironment = (environment: Environment = process.env, now: Date = new Date()): string => {
  const override = readVariable("FACTS_TODAY", environment);
  if (override === undefined || override === "") return isoDateOf(now);
  const parsed = IsoDate.safeParse(override);
  if (!parsed.success) throw new Error(`FACTS_TODAY must be a date written YYYY-MM-DD, got "${override}"`);
  return parsed.data;
};
