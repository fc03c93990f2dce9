import path from "node:path";
import * as core from "@actions/core";
import type { Problem } from "../../src/lib/problem.ts";
import { summaryRows } from "../../src/check/summary-table.ts";
import { todayFromEnvironment } from "../../src/lib/today.ts";
import { blockingProblems, freshnessReport, summarizeFreshness } from "../../src/workflows/freshness/freshness-report.ts";
import { loadFacts } from "../../src/model/index.ts";

const run = async (): Promise<void> => {
  const root = core.getInput("root") || ".";
  const warnDays = core.getInput("warn-days") || "30";
  if (!/^\d+$/.test(warnDays)) throw new Error(`warn-days must be a whole number, got "${warnDays}"`);
  const today = todayFromEnvironment(core.getInput("today") ? { FACTS_TODAY: core.getInput("today") } : process.env);
  const report = freshnessReport(await loadFacts(root), today, Number(warnDays));

  // Annotations must name files relative to the workspace, where the runner starts actions.
  const workspace = process.env.GITHUB_WORKSPACE ?? process.cwd();
  const fileOf = (problem: Problem) => path.relative(workspace, path.resolve(root, problem.file)).split(path.sep).join("/");
  for (const problem of report.expired) {
    core.error(problem.message, { title: "Fact past expires_iso", file: fileOf(problem), startLine: problem.line, startColumn: problem.column });
  }
  for (const problem of report.expiring) {
    core.warning(problem.message, { title: "Fact expires soon", file: fileOf(problem), startLine: problem.line, startColumn: problem.column });
  }
  for (const problem of report.unpromoted) {
    core.error(problem.message, { title: "Enacted change not promoted", file: fileOf(problem), startLine: problem.line, startColumn: problem.column });
  }
  for (const problem of report.unconfirmed) {
    core.warning(problem.message, { title: "Announced change awaits confirmation", file: fileOf(problem), startLine: problem.line, startColumn: problem.column });
  }
  const expiredIds = report.expired.map((problem) => problem.factId);
  core.setOutput("expired", report.expired.length);
  core.setOutput("expired-facts", expiredIds.join(","));
  core.setOutput("expiring", report.expiring.length);

  const summary = core.summary.addHeading("Freshness gate", 2).addRaw(summarizeFreshness(report, today), true);
  if (report.expired.length > 0) summary.addHeading("Past expires_iso", 3).addTable(summaryRows(report.expired));
  if (report.expiring.length > 0) summary.addHeading(`Expiring within ${warnDays} days`, 3).addTable(summaryRows(report.expiring));
  if (report.unpromoted.length > 0) summary.addHeading("Enacted changes not promoted", 3).addTable(summaryRows(report.unpromoted));
  if (report.unconfirmed.length > 0) summary.addHeading("Announced changes awaiting confirmation", 3).addTable(summaryRows(report.unconfirmed));
  await summary.write();
  const blocking = blockingProblems(report);
  if (blocking.length > 0) core.setFailed(`${summarizeFreshness(report, today)}: ${[...new Set(blocking.map((problem) => problem.factId))].join(", ")}`);
  else core.info(summarizeFreshness(report, today));
};

run().catch((error: unknown) => core.setFailed(`the freshness gate could not run: ${error instanceof Error ? error.message : String(error)}`));
