import { parseArgs } from "node:util";
import { runChecks, summarize, summarizeEvidence } from "../check/run-checks.ts";
import { formatProblem } from "../lib/problem.ts";
import { runCommand } from "../lib/run-command.ts";
import { todayFromEnvironment } from "../lib/today.ts";

const main = async (): Promise<number> => {
  const { values } = parseArgs({ options: { root: { type: "string", default: "." }, base: { type: "string" } }, strict: true });
  const report = await runChecks(values.root, { today: todayFromEnvironment(), ...(values.base === undefined ? {} : { base: values.base }) });
  for (const problem of report.problems) console.log(formatProblem(problem));
  console.log(summarizeEvidence(report));
  console.log(summarize(report));
  return report.problems.length === 0 ? 0 : 1;
};

runCommand("check", main);
