import type { Citation, FactFile } from "../schemas/index.ts";

/** Every list of citations in a fact file with its JSON path: the fact's own, then each scheduled change's. */
export const citationLists = (fact: Pick<FactFile, "citations" | "scheduled">): { path: (string | number)[]; citations: readonly Citation[] }[] => [
  { path: ["citations"], citations: fact.citations },
  ...(fact.scheduled ?? []).map((change, index) => ({ path: ["scheduled", index, "citations"], citations: change.citations })),
];
