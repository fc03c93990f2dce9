import { parseArgs } from "node:util";
import { historyWarning } from "../check/check-value-history.ts";
import { runChecks, summarize, summarizeEvidence } from "../check/run-checks.ts";
import { formatProblem } from "../lib/problem.ts";
import { runCommand } from "../lib/run-command.ts";
import { todayFromEnvironment } from "../lib/today.ts";

const main = async (): Promise<number> => {
  const { values } = parseArgs({ options: { root: { type: "string", default: "." }, base: { type: "string" } }, strict: true });
  const report = await runChecks(values.root, { today: todayFromEnvironment(), ...(values.base === undefined ? {} : { base: values.base }) });
  for (const problem of report.problems) console.log(formatProblem(problem));
  const history = historyWarning(report.history);
  if (history !== undefined) console.log(history);
  console.log(summarizeEvidence(report));
  console.log(summarize(report));
  return report.problems.length === 0 ? 0 : 1;
};

runCommand("check", main);
