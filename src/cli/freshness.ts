import { parseArgs } from "node:util";
import { runCommand } from "../lib/command.ts";
import { todayFromEnvironment } from "../lib/dates.ts";
import { formatProblem } from "../lib/problem.ts";
import { loadFacts } from "../model/index.ts";
import { blockingProblems, freshnessReport, summarizeFreshness } from "../workflows/freshness.ts";

const main = async (): Promise<number> => {
  const { values } = parseArgs({
    options: { root: { type: "string", default: "." }, "warn-days": { type: "string", default: "30" } },
    strict: true,
  });
  const warnDays = values["warn-days"];
  if (!/^\d+$/.test(warnDays)) throw new Error(`--warn-days must be a whole number, got "${warnDays}"`);
  const today = todayFromEnvironment();
  const report = freshnessReport(await loadFacts(values.root), today, Number(warnDays));
  for (const problem of blockingProblems(report)) console.log(formatProblem(problem));
  for (const problem of [...report.expiring, ...report.unconfirmed, ...report.pastDue]) console.log(`warning: ${formatProblem(problem)}`);
  console.log(summarizeFreshness(report, today));
  return blockingProblems(report).length === 0 ? 0 : 1;
};

runCommand("freshness", main);
