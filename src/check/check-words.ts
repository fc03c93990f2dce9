import { access } from "node:fs/promises";
import path from "node:path";
import { englishData, readWords, usedMessageKeys, WORDS_FOLDER } from "../i18n/words-files.ts";
import { byRule, type Problem } from "../lib/problem.ts";
import type { LoadedFact } from "../model/facts.ts";
import { readGlossary } from "../model/reference.ts";
import { NON_FACT_RULES } from "./rules.ts";

const exists = (file: string): Promise<boolean> =>
  access(file).then(
    () => true,
    () => false,
  );

/**
 * The words rule over the repository at `root`: its words files complete for its glossary, its facts and its code.
 * A folder without `site/words` (a repository of facts alone, such as a test's) has no pages to translate: nothing to
 * check. The glossary's own problems are the glossary rule's to report.
 */
export const checkWords = async (root: string, facts: readonly LoadedFact[]): Promise<Problem[]> => {
  if (!(await exists(path.join(root, WORDS_FOLDER)))) return [];
  const { glossary } = await readGlossary(root);
  if (glossary === undefined) return [];
  const reading = await readWords(
    root,
    englishData(
      glossary,
      facts.map((loaded) => loaded.fact),
    ),
    await usedMessageKeys(),
  );
  return byRule(NON_FACT_RULES.words.name, reading.problems);
};
