import type { Problem } from "../lib/problem.ts";
import { escapeHtml } from "../lib/text.ts";

/** Rows for a job summary table: a header row, then one row per problem. */
export const summaryRows = (problems: readonly Problem[]): { data: string; header?: boolean }[][] => [
  [
    { data: "File", header: true },
    { data: "Line", header: true },
    { data: "JSON pointer", header: true },
    { data: "Problem", header: true },
    { data: "Rule", header: true },
  ],
  ...problems.map((problem) => [
    { data: escapeHtml(problem.file) },
    { data: String(problem.line) },
    { data: problem.pointer === "" ? "(document)" : escapeHtml(problem.pointer) },
    { data: escapeHtml(problem.message) },
    { data: problem.rule ?? "" },
  ]),
];
