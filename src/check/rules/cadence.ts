import { addDays } from "../../lib/dates.ts";
import { CADENCE_DAYS, type CadenceTag, type FactFile } from "../../schemas/fact-file.ts";
import type { FactRule } from "./types.ts";

const CADENCE_TAGS = Object.keys(CADENCE_DAYS) as CadenceTag[];

/** The cadence tags of a fact; a valid fact has exactly one. */
export const cadenceTagsOf = (fact: Pick<FactFile, "tags">): CadenceTag[] =>
  (fact.tags ?? []).filter((tag): tag is CadenceTag => tag in CADENCE_DAYS);

/** The latest date any citation was checked: re-verification restarts the clock from it. */
export const latestRetrieved = (fact: Pick<FactFile, "citations">): string =>
  fact.citations.map((citation) => citation.retrieved_iso).reduce((latest, date) => (date > latest ? date : latest));

/** expires_iso as DESIGN.md defines it: the latest retrieved_iso plus the fact's cadence. */
export const expectedExpiry = (fact: Pick<FactFile, "tags" | "citations">): string | undefined => {
  const [tag] = cadenceTagsOf(fact);
  return tag === undefined ? undefined : addDays(latestRetrieved(fact), CADENCE_DAYS[tag]);
};

export const cadence: FactRule = ({ doc, fact }) => {
  const tags = cadenceTagsOf(fact);
  if (tags.length !== 1) {
    return [
      doc.problemAt(
        ["tags"],
        tags.length === 0
          ? `tags must state the re-verification cadence: add exactly one of ${CADENCE_TAGS.map((tag) => `"${tag}"`).join(", ")}`
          : `tags state ${tags.length} cadences (${tags.join(", ")}); keep exactly one`,
      ),
    ];
  }
  const expected = expectedExpiry(fact);
  return expected !== undefined && fact.expires_iso !== expected
    ? [
        doc.problemAt(
          ["expires_iso"],
          `expires_iso ${fact.expires_iso} should be ${expected}: the latest retrieved_iso ${latestRetrieved(fact)} plus ${CADENCE_DAYS[tags[0]!]} days (${tags[0]})`,
        ),
      ]
    : [];
};
