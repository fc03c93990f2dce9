import { compareText, printableText } from "./text.ts";

/**
 * A validation problem with its location: file (relative to the repository root), 1-based line and column, JSON
 * Pointer.
 */
export interface Problem {
  file: string;
  line: number;
  column: number;
  pointer: string;
  message: string;
  /** The check rule that found it (see CHECK_RULES in src/check/rules.ts), when a rule of the fact check did. */
  rule?: string;
  /** "warning": reported, never failing the check (see the rule's level); absent for an error. */
  level?: "warning";
}

/**
 * `path:line:col: message (at /json/pointer) [rule]`, the one format every report uses. A path, key or text quoted
 * from a data file may hold a character the text rule refuses: it is printed escaped, never raw.
 */
export const formatProblem = (problem: Problem): string =>
  printableText(
    `${problem.file}:${problem.line}:${problem.column}: ${problem.level === "warning" ? "warning: " : ""}${problem.message} (at ${problem.pointer === "" ? "the document root" : problem.pointer})${problem.rule === undefined ? "" : ` [${problem.rule}]`}`,
  );

/** The same problems, each marked as found by `rule`. */
export const byRule = (rule: string, problems: readonly Problem[]): Problem[] =>
  problems.map((problem) => ({ ...problem, rule }));

export const compareProblems = (a: Problem, b: Problem): number =>
  compareText(a.file, b.file) || a.line - b.line || a.column - b.column || compareText(a.message, b.message);
