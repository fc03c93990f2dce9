import { factValue } from "./fact-values.ts";
import type { FactSeed } from "./git-repo.ts";

/**
 * The federal foreign-buyer ban as it stands before its repeal on 2027-01-01 (version 2, in effect since 2024-06-20).
 */
export const FOREIGN_BUYER_BAN_SEED: FactSeed = {
  id: "ca.foreign_buyer_ban",
  domain: "foreign-buyer",
  version: 2,
  cadence: "volatile",
  effective_iso: "2024-06-20",
  value: factValue("ca.foreign_buyer_ban", { scheduled_repeal_iso: "2027-01-01" }),
  unit: "object",
  retrieved_iso: "2026-11-21",
};

/** B.C.'s speculation and vacancy tax rates for 2026 (version 2), to which an announced 2027 rate is scheduled. */
export const SVT_2026_SEED: FactSeed = {
  id: "bc.svt.rates_2026",
  domain: "tax",
  version: 2,
  cadence: "volatile",
  effective_iso: "2026-01-01",
  value: factValue("bc.svt.rates_2026", { rate_foreign_owners_and_untaxed_worldwide_earners: 0.03 }),
  unit: "object",
  retrieved_iso: "2026-11-21",
};
