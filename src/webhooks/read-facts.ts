import { factsAtRevision } from "../git/facts-at-revision.ts";
import { FactFile } from "../schemas/fact-file.ts";

/** The facts at a revision that parse as fact files; the others are named, since the PR check should have stopped them. */
export const readFacts = async (cwd: string, revision: string): Promise<{ facts: FactFile[]; skipped: string[] }> => {
  const facts: FactFile[] = [];
  const skipped: string[] = [];
  for (const file of await factsAtRevision(cwd, revision)) {
    const parsed = file.parseError === undefined ? FactFile.safeParse(file.json) : undefined;
    if (parsed?.success) facts.push(parsed.data);
    else skipped.push(`${file.path}: ${file.parseError ?? parsed?.error.issues[0]?.message ?? "not a fact"}`);
  }
  return { facts, skipped };
};
