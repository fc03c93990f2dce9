import { parseArgs } from "node:util";
import { runCommand } from "../lib/command.ts";
import { formatProblem } from "../lib/problem.ts";
import { lintWorkflowFiles } from "../workflows/lint-workflows.ts";

const main = async (): Promise<number> => {
  const { values } = parseArgs({ options: { root: { type: "string", default: "." } }, strict: true });
  const report = await lintWorkflowFiles(values.root);
  for (const problem of report.problems) console.log(formatProblem(problem));
  const checked = `${report.workflows.length} workflow(s) and ${report.actions.length} action.yml file(s)`;
  console.log(
    report.problems.length === 0
      ? `ok: ${checked} linted, no problems`
      : `${report.problems.length} problem(s) in ${checked}`,
  );
  return report.problems.length === 0 ? 0 : 1;
};

runCommand("lint", main);
