import { CADENCE_TAGS, cadenceTagsOf, expectedExpiry, latestRetrieved } from "../../model/index.ts";
import { CADENCE_DAYS } from "../../schemas/index.ts";
import type { FactCheck } from "./types.ts";

export const cadence: FactCheck = ({ doc, fact }) => {
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
