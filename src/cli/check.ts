import { parseArgs } from "node:util";
import { type Commit, commitsSince } from "../check/revision-commits.ts";
import { historyWarning, runChecks, summarize, summarizeEvidence } from "../check/run-checks.ts";
import { runCommand } from "../lib/command.ts";
import { todayFromEnvironment } from "../lib/dates.ts";
import { type BaseChoice, defaultBase } from "../lib/git.ts";
import { formatProblem } from "../lib/problem.ts";

/** What the revision-commit rule was applied to, or why it was not. */
const commitsLine = (commits: readonly Commit[] | undefined): string => {
  if (commits === undefined) return "commits: no base, so no commit was checked for Source: and Impact: lines";
  if (commits.length === 0)
    return "commits: none between the base and HEAD, so no commit was checked for Source: and Impact: lines";
  return `commits: the ${commits.length} commit(s) between the base and HEAD were checked for Source: and Impact: lines`;
};

/**
 * `npm run check`: every check the pull request runs. The version rules compare with `--base REV` when given, else
 * with the merge-base of HEAD and the default branch (see defaultBase), so a forgotten version bump is caught before
 * the pull request; the first line says which commit was used. The commits since that base are held to the
 * pull request's revision-commit rule (Source: and Impact: lines), and the second line says how many there were.
 */
const main = async (): Promise<number> => {
  const { values } = parseArgs({
    options: { root: { type: "string", default: "." }, base: { type: "string" } },
    strict: true,
  });
  const base: BaseChoice =
    values.base === undefined
      ? await defaultBase(values.root)
      : { revision: values.base, description: `base: ${values.base} (given with --base)` };
  console.log(base.description);
  const commits = base.revision === undefined ? undefined : await commitsSince(values.root, base.revision);
  console.log(commitsLine(commits));
  const report = await runChecks(values.root, {
    today: todayFromEnvironment(),
    ...(base.revision === undefined ? {} : { base: base.revision }),
    ...(commits === undefined || commits.length === 0 ? {} : { commits }),
  });
  for (const problem of report.problems) console.log(formatProblem(problem));
  for (const warning of report.warnings) console.log(formatProblem(warning));
  const history = historyWarning(report.history);
  if (history !== undefined) console.log(history);
  console.log(summarizeEvidence(report));
  console.log(summarize(report));
  return report.problems.length === 0 ? 0 : 1;
};

runCommand("check", main);
