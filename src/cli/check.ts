import { parseArgs } from "node:util";
import { historyWarning, runChecks, summarize, summarizeEvidence } from "../check/run-checks.ts";
import { runCommand } from "../lib/command.ts";
import { todayFromEnvironment } from "../lib/dates.ts";
import { type BaseChoice, defaultBase } from "../lib/git.ts";
import { formatProblem } from "../lib/problem.ts";

/**
 * `npm run check`: every check the pull request runs. The version rules compare with `--base REV` when given, else
 * with the merge-base of HEAD and the default branch (see defaultBase), so a forgotten version bump is caught before
 * the pull request; the first line says which commit was used.
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
  const report = await runChecks(values.root, {
    today: todayFromEnvironment(),
    ...(base.revision === undefined ? {} : { base: base.revision }),
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
