import path from "node:path";
import * as core from "@actions/core";
import { runChecks, summarize, summarizeEvidence } from "../../src/check/run-checks.ts";
import { summaryRows } from "../../src/check/summary-table.ts";
import { todayFromEnvironment } from "../../src/lib/today.ts";
import { escapeHtml } from "../../src/lib/escape-html.ts";

const run = async (): Promise<void> => {
  const root = core.getInput("root") || ".";
  // Annotations must name files relative to the workspace, where the runner starts actions.
  const workspace = process.env.GITHUB_WORKSPACE ?? process.cwd();
  const base = core.getInput("base");
  const report = await runChecks(root, { today: todayFromEnvironment(), ...(base ? { base } : {}) });
  for (const problem of report.problems) {
    core.error(problem.message + (problem.pointer ? ` (at ${problem.pointer})` : ""), {
      title: "Invalid fact data",
      file: path.relative(workspace, path.resolve(root, problem.file)).split(path.sep).join("/"),
      startLine: problem.line,
      startColumn: problem.column,
    });
  }
  core.setOutput("problems", report.problems.length);
  core.setOutput("fact-files", report.factFileCount);
  const summary = core.summary.addHeading("Fact validation", 2).addRaw(summarize(report), true).addRaw(`<p>${escapeHtml(summarizeEvidence(report))}</p>`, true);
  if (report.problems.length > 0) summary.addTable(summaryRows(report.problems));
  await summary.write();
  if (report.problems.length > 0) {
    core.setFailed(`${summarize(report)}; each is annotated on its line and listed in the job summary`);
  } else {
    core.info(summarize(report));
  }
  core.info(summarizeEvidence(report));
};

run().catch((error: unknown) => core.setFailed(`validation could not run: ${error instanceof Error ? error.message : String(error)}`));
