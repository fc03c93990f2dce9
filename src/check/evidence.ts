import type { FactFile } from "../schemas/fact-file.ts";

/** True when a fact cites an official source and quotes the passage of it that states the point. */
export const hasQuotedOfficialCitation = (fact: Pick<FactFile, "citations">): boolean =>
  fact.citations.some((citation) => citation.kind === "official" && citation.quote !== undefined);

/** The ids of the facts that rest on no quoted official text: a reader has to take their value on trust. */
export const factsWithoutQuotedOfficialCitation = (facts: readonly Pick<FactFile, "id" | "citations">[]): string[] =>
  facts.filter((fact) => !hasQuotedOfficialCitation(fact)).map((fact) => fact.id);
