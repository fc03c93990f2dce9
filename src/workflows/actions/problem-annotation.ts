import path from "node:path";
import type { AnnotationProperties } from "@actions/core";
import { readVariable } from "../../lib/environment.ts";
import type { Problem } from "../../lib/problem.ts";

/**
 * Where the runner shows a problem found in the checkout at `root`: annotations must name files relative to the
 * workspace, where the runner starts actions, with forward slashes.
 */
export const problemAnnotation = (root: string, problem: Problem, title: string): AnnotationProperties => {
  const workspace = readVariable("GITHUB_WORKSPACE") ?? process.cwd();
  return {
    title,
    file: path.relative(workspace, path.resolve(root, problem.file)).split(path.sep).join("/"),
    startLine: problem.line,
    startColumn: problem.column,
  };
};
