import { parseArgs } from "node:util";
import { parseWholeNumber, runCommand } from "../lib/command.ts";
import { todayFromEnvironment } from "../lib/dates.ts";
import { formatProblem } from "../lib/problem.ts";
import { loadFacts } from "../model/facts.ts";
import { blockingProblems, freshnessReport, summarizeFreshness } from "../workflows/freshness.ts";

const main = async (): Promise<number> => {
  const { values } = parseArgs({
    options: { root: { type: "string", default: "." }, "warn-days": { type: "string", default: "30" } },
    strict: true,
  });
  const warnDays = parseWholeNumber(values["warn-days"], "--warn-days");
  const today = todayFromEnvironment();
  const report = freshnessReport(await loadFacts(values.root), today, warnDays);
  for (const problem of blockingProblems(report)) console.log(formatProblem(problem));
  for (const problem of [...report.expiring, ...report.unconfirmed, ...report.announcementsDue])
    console.log(`warning: ${formatProblem(problem)}`);
  console.log(summarizeFreshness(report, today));
  return blockingProblems(report).length === 0 ? 0 : 1;
};

runCommand("freshness", main);
