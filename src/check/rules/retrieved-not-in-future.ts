import { citationLists } from "../../model/facts.ts";
import type { FactCheck } from "./types.ts";

/** A source cannot have been checked on a day that has not come yet, whether it backs the fact or a scheduled change. */
export const retrievedNotInFuture: FactCheck = ({ doc, fact }, { today }) =>
  citationLists(fact).flatMap(({ path, citations }) =>
    citations.flatMap((citation, index) =>
      citation.retrieved_iso > today
        ? [doc.problemAt([...path, index, "retrieved_iso"], `retrieved_iso ${citation.retrieved_iso} is in the future (today is ${today})`)]
        : [],
    ),
  );
