import type { FactUsed } from "./calculator-common.ts";
import type { SaidValue } from "./said.ts";

/**
 * The period of a fact that a line of working names after its figure, in its two forms: "version 3", or "the period
 * from 2020-01-01" for a period recorded before the fact's first version. A sentence has one code for each form
 * (`versioned` says which), since the two read differently in every language.
 */
export const periodSaid = (used: FactUsed): { versioned: boolean; words: string; values: Record<string, SaidValue> } =>
  used.version === undefined
    ? {
        versioned: false,
        words: `the period from ${used.effective_iso}`,
        values: { from: { date: used.effective_iso ?? "" } },
      }
    : { versioned: true, words: `version ${used.version}`, values: { version: { number: used.version } } };
