import type { FactRule } from "./types.ts";

/**
 * Every fact cites at least one official source (the issuing government, regulator, court or Crown agency's own
 * page): it is what `llms.json` lists as the fact's primary sources.
 */
export const officialSource: FactRule = ({ doc, fact }) =>
  fact.citations.some((citation) => citation.kind === "official")
    ? []
    : [doc.problemAt(["citations"], 'cite at least one official source: a citation of kind "official" (the issuing government, regulator, court or Crown agency\'s own page)')];
