import type { FactRule } from "./types.ts";

/** A source cannot have been checked on a day that has not come yet. */
export const retrievedNotInFuture: FactRule = ({ doc, fact }, { today }) =>
  fact.citations.flatMap((citation, index) =>
    citation.retrieved_iso > today
      ? [doc.problemAt(["citations", index, "retrieved_iso"], `retrieved_iso ${citation.retrieved_iso} is in the future (today is ${today})`)]
      : [],
  );
