import { citationLists } from "../../model/index.ts";
import { CITATION_KINDS } from "../../schemas/index.ts";
import type { FactCheck } from "./types.ts";

export const MISSING_KIND = `state the citation's kind: one of ${CITATION_KINDS.map((kind) => `"${kind}"`).join(", ")}`;

/** Every source of a fact says what kind it is, so readers and `llms.json` can tell official text from commentary. */
export const citationKind: FactCheck = ({ doc, fact }) =>
  citationLists(fact).flatMap(({ path, citations }) =>
    citations.flatMap((citation, index) => (citation.kind === undefined ? [doc.problemAt([...path, index], MISSING_KIND)] : [])),
  );
