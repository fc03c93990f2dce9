import { citationLists } from "../../model/index.ts";
import { NOTES_MAX_LENGTH } from "../../schemas/index.ts";
import type { FactCheck } from "./types.ts";

/**
 * Phrases that describe how a fact was researched rather than what its source says: a citation's notes are published
 * to the API's readers, who have no use for the catalog's working files or what a researcher did or did not see.
 */
const PROCESS_LANGUAGE =
  /\b(research file|research notes?|stored (?:copy|index|text)|(?:was|were) not seen|not seen|page text|the brief|this file|search (?:tool|corpus|index)|(?:version|edition) read|read in (?:a |faithful )?cop(?:y|ies)|no [a-z ]{0,30}text was found)\b/i;

/** Why a citation's notes are not written for the API's readers, or undefined when they are. */
export const notesProblem = (notes: string | undefined): string | undefined => {
  if (notes !== undefined && notes.length > NOTES_MAX_LENGTH) {
    return `notes are at most ${NOTES_MAX_LENGTH} characters: say what the source is and how far it confirms the point`;
  }
  const phrase = notes === undefined ? null : PROCESS_LANGUAGE.exec(notes);
  return phrase
    ? `notes are for the API's readers: say what the source is and how far it confirms the point, not how it was researched ("${phrase[0]}")`
    : undefined;
};

/** Citation notes speak to the reader about the source, never about the research. */
export const notesForReaders: FactCheck = ({ doc, fact }) =>
  citationLists(fact).flatMap(({ path, citations }) =>
    citations.flatMap((citation, index) => {
      const problem = notesProblem(citation.notes);
      return problem ? [doc.problemAt([...path, index, "notes"], problem)] : [];
    }),
  );
