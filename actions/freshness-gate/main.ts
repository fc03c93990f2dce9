/**
 * The freshness-gate action: lapsed and lapsing facts and unpromoted or unconfirmed changes annotated; a blocking one
 * fails the deployment.
 */
import * as core from "@actions/core";
import { z } from "zod";
import { summaryRows } from "../../src/check/run-checks.ts";
import { loadFacts } from "../../src/model/facts.ts";
import { blockingProblems, freshnessReport, summarizeFreshness } from "../../src/workflows/freshness.ts";
import {
  dateOrEmpty,
  failOnError,
  nonEmptyText,
  parseActionInputs,
  problemAnnotation,
  todayFromInput,
  wholeNumber,
} from "../../src/workflows/github.ts";

/** The inputs of action.yml, by the same names; their defaults are in action.yml. */
export const Inputs = z.object({
  root: nonEmptyText,
  "warn-days": wholeNumber(),
  today: dateOrEmpty,
});

/** Annotates lapsed and lapsing facts and unpromoted or unconfirmed changes, and fails when any blocks a deployment. */
const freshnessGate = async (): Promise<void> => {
  const inputs = parseActionInputs(Inputs);
  const warnDays = inputs["warn-days"];
  const today = todayFromInput(inputs.today);
  const report = freshnessReport(await loadFacts(inputs.root), today, warnDays);

  for (const problem of report.expired)
    core.error(problem.message, problemAnnotation(inputs.root, problem, "Fact past expires_iso"));
  for (const problem of report.expiring)
    core.warning(problem.message, problemAnnotation(inputs.root, problem, "Fact expires soon"));
  for (const problem of report.unpromoted)
    core.error(problem.message, problemAnnotation(inputs.root, problem, "Enacted change not promoted"));
  for (const problem of report.unconfirmed)
    core.warning(problem.message, problemAnnotation(inputs.root, problem, "Announced change awaits confirmation"));
  for (const problem of report.announcementsDue)
    core.warning(problem.message, problemAnnotation(inputs.root, problem, "Expected announcement not recorded"));
  const expiredIds = report.expired.map((problem) => problem.factId);
  core.setOutput("expired", report.expired.length);
  core.setOutput("expired-facts", expiredIds.join(","));
  core.setOutput("expiring", report.expiring.length);

  const summary = core.summary.addHeading("Freshness gate", 2).addRaw(summarizeFreshness(report, today), true);
  if (report.expired.length > 0) summary.addHeading("Past expires_iso", 3).addTable(summaryRows(report.expired));
  if (report.expiring.length > 0)
    summary.addHeading(`Expiring within ${warnDays} days`, 3).addTable(summaryRows(report.expiring));
  if (report.unpromoted.length > 0)
    summary.addHeading("Enacted changes not promoted", 3).addTable(summaryRows(report.unpromoted));
  if (report.unconfirmed.length > 0)
    summary.addHeading("Announced changes awaiting confirmation", 3).addTable(summaryRows(report.unconfirmed));
  if (report.announcementsDue.length > 0)
    summary.addHeading("Expected announcements due and not recorded", 3).addTable(summaryRows(report.announcementsDue));
  await summary.write();
  const blocking = blockingProblems(report);
  if (blocking.length > 0)
    core.setFailed(
      `${summarizeFreshness(report, today)}: ${[...new Set(blocking.map((problem) => problem.factId))].join(", ")}`,
    );
  else core.info(summarizeFreshness(report, today));
};

/** The action: the runner starts it through this file, and the tests call it in their own process. */
export const run = (): Promise<void> => failOnError("the freshness gate could not run", freshnessGate);

// The runner runs this file; the tests import it and call `run` in their own process.
if (import.meta.main) await run();
