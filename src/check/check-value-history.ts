import { realpath } from "node:fs/promises";
import path from "node:path";
import { type FactHistory, readFactHistory } from "../derive/history/read-fact-history.ts";
import { gitResult, runGit } from "../lib/git.ts";
import type { Problem } from "../lib/problem.ts";
import type { LoadedFact } from "../model/load-facts.ts";
import { parseJsonDocument } from "../model/parse-json-document.ts";
import { issueProblems } from "../model/validate-with-schema.ts";
import { valueSchemaFor } from "../schemas/index.ts";

/** The history of `facts/` as the build reads it, or why it could not be read here (the check then skips it). */
export type HistoryReading = { history: FactHistory } | { skipped: string; unreadable: boolean };

/**
 * Reads the history of `facts/` with the build's one history reader, when `root` is the top of a git work tree
 * with at least one commit; a folder that is not (a fixture, an unpacked archive) or a shallow clone is skipped
 * with the reason, since its history cannot be known.
 */
export const readHistoryForCheck = async (root: string): Promise<HistoryReading> => {
  const top = await gitResult(root, ["rev-parse", "--show-toplevel"]);
  if (top.code !== 0) return { skipped: "not a git repository", unreadable: false };
  const [topPath, rootPath] = await Promise.all([realpath(top.stdout.toString("utf8").trim()), realpath(root)]);
  if (path.relative(topPath, rootPath) !== "") return { skipped: "not the top folder of its git repository", unreadable: false };
  if ((await gitResult(root, ["rev-parse", "--verify", "--quiet", "HEAD"])).code !== 0) return { skipped: "no commit yet", unreadable: false };
  try {
    return { history: await readFactHistory(root) };
  } catch (error: unknown) {
    return { skipped: error instanceof Error ? error.message : String(error), unreadable: true };
  }
};

/**
 * Each earlier version of a current fact (as published in its `history`) matches the value schema of its id.
 * The version the working tree holds is checked from the file itself, so only versions before it are read here.
 * A failing version is located in the file as it was committed: the line and column are those of that commit's
 * file, which the message names.
 */
export const checkValueHistory = async (root: string, facts: readonly LoadedFact[], history: FactHistory): Promise<Problem[]> => {
  const problems: Problem[] = [];
  for (const { fact } of facts) {
    const schema = valueSchemaFor(fact.id, fact.series);
    const timeline = history.facts.get(fact.id);
    if (schema === undefined || timeline === undefined) continue;
    for (const version of timeline.versions) {
      if (version.version >= fact.version) continue;
      const parsed = schema.safeParse(version.state.value);
      if (parsed.success) continue;
      const commit = version.lastCommit.sha;
      // Only a failing version is read again, as text, to locate its problems; the reader keeps parsed states only.
      const text = (await runGit(root, ["cat-file", "blob", `${commit}:${version.path}`])).toString("utf8");
      const doc = parseJsonDocument(version.path, text);
      for (const problem of issueProblems(doc, parsed.error.issues, ["value"])) {
        problems.push({
          ...problem,
          message: `version ${version.version} as committed in ${commit.slice(0, 12)} (line and column are in that commit's file): ${problem.message}`,
        });
      }
    }
  }
  return problems;
};

/**
 * A warning line for `npm run check` when a repository's history could not be read (a shallow clone), so its earlier
 * values went unchecked; undefined otherwise. A folder that is no repository has no history, and gets no line.
 */
export const historyWarning = (reading: HistoryReading): string | undefined =>
  "skipped" in reading && reading.unreadable
    ? `warning: the earlier versions of the facts were not checked against their value schemas: ${reading.skipped}`
    : undefined;
