import * as core from "@actions/core";
import { runChecks, summarize, summarizeEvidence } from "../../src/check/run-checks.ts";
import { summaryRows } from "../../src/check/summary-table.ts";
import { escapeHtml } from "../../src/lib/escape-html.ts";
import { todayFromEnvironment } from "../../src/lib/today.ts";
import { parseActionInputs } from "../../src/workflows/actions/action-inputs.ts";
import { failOnError } from "../../src/workflows/actions/fail-on-error.ts";
import { problemAnnotation } from "../../src/workflows/actions/problem-annotation.ts";
import { Inputs } from "./inputs.ts";

/** Runs `npm run check`'s checks, annotates each problem on its line, and fails once at the end if there is any. */
const validate = async (): Promise<void> => {
  const inputs = parseActionInputs(Inputs);
  const report = await runChecks(inputs.root, { today: todayFromEnvironment(), ...(inputs.base ? { base: inputs.base } : {}) });
  for (const problem of report.problems) {
    core.error(problem.message + (problem.pointer ? ` (at ${problem.pointer})` : ""), problemAnnotation(inputs.root, problem, "Invalid fact data"));
  }
  for (const warning of report.warnings) {
    core.warning(warning.message + (warning.pointer ? ` (at ${warning.pointer})` : ""), problemAnnotation(inputs.root, warning, "Check this text"));
  }
  core.setOutput("problems", report.problems.length);
  core.setOutput("fact-files", report.factFileCount);
  const summary = core.summary
    .addHeading("Fact validation", 2)
    .addRaw(summarize(report), true)
    .addRaw(`<p>${escapeHtml(summarizeEvidence(report))}</p>`, true);
  if (report.problems.length > 0) summary.addTable(summaryRows(report.problems));
  if (report.warnings.length > 0) summary.addHeading("Warnings (they do not fail the check)", 3).addTable(summaryRows(report.warnings));
  await summary.write();
  if (report.problems.length > 0) {
    core.setFailed(`${summarize(report)}; each is annotated on its line and listed in the job summary`);
  } else {
    core.info(summarize(report));
  }
  core.info(summarizeEvidence(report));
};

/** The action: its entry file calls this, and the tests call it in-process. */
export const run = (): Promise<void> => failOnError("validation could not run", validate);
