import { compareText } from "./compare-text.ts";
/** A validation problem with its location: file (relative to the repository root), 1-based line and column, JSON Pointer. */
export interface Problem {
  file: string;
  line: number;
  column: number;
  pointer: string;
  message: string;
}

/** `path:line:col: message (at /json/pointer)`, the one format every report uses. */
export const formatProblem = (problem: Problem): string =>
  `${problem.file}:${problem.line}:${problem.column}: ${problem.message} (at ${problem.pointer === "" ? "the document root" : problem.pointer})`;

export const compareProblems = (a: Problem, b: Problem): number =>
  compareText(a.file, b.file) || a.line - b.line || a.column - b.column || compareText(a.message, b.message);
