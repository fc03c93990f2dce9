import { addDays } from "../lib/dates.ts";
import { CADENCE_DAYS, type CadenceTag, type FactFile } from "../schemas/fact-file.ts";

/**
 * How long a fact stays verified: each fact carries exactly one cadence tag, and its `expires_iso` is the latest
 * date any of its citations was checked plus that cadence (docs/maintainers/decisions.md#cadence). The check, the fixer, the pages, the
 * promotions and the re-verification all read it from here.
 */
export const CADENCE_TAGS = Object.keys(CADENCE_DAYS) as CadenceTag[];

/** The cadence tags of a fact; a valid fact has exactly one. */
export const cadenceTagsOf = (fact: Pick<FactFile, "tags">): CadenceTag[] => (fact.tags ?? []).filter((tag): tag is CadenceTag => tag in CADENCE_DAYS);

/** The latest date any citation was checked: re-verification restarts the clock from it. */
export const latestRetrieved = (fact: Pick<FactFile, "citations">): string =>
  fact.citations.map((citation) => citation.retrieved_iso).reduce((latest, date) => (date > latest ? date : latest));

/** expires_iso as docs/maintainers/decisions.md#cadence defines it: the latest retrieved_iso plus the fact's cadence. */
export const expectedExpiry = (fact: Pick<FactFile, "tags" | "citations">): string | undefined => {
  const [tag] = cadenceTagsOf(fact);
  return tag === undefined ? undefined : addDays(latestRetrieved(fact), CADENCE_DAYS[tag]);
};
