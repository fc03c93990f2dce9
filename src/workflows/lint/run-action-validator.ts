import { type ValidationError, validateAction, validateWorkflow } from "@action-validator/core";
import type { Problem } from "../../lib/problem.ts";
import { fromJsonPointer } from "../../lib/text.ts";
import type { YamlFile } from "./yaml-file.ts";

const messagesOf = (error: ValidationError, prefix = ""): { path: string; message: string }[] => {
  const here = "path" in error ? error.path : "";
  const text = `${prefix}${error.title}${error.detail ? `: ${error.detail}` : ""}`;
  const nested = "states" in error ? (error.states ?? []).flatMap((state) => state.errors.flatMap((inner) => messagesOf(inner, "one alternative: "))) : [];
  return nested.length > 0
    ? [{ path: here, message: `${text} (${nested.map((entry) => `${entry.path}: ${entry.message}`).join("; ")})` }]
    : [{ path: here, message: text }];
};

/**
 * action-validator prints a notice through console.warn for every `paths` glob it cannot check in WebAssembly (it
 * has no file system); the globs are plain patterns here, so that one notice is dropped and anything else passes.
 */
const withoutGlobNotice = <T>(validate: () => T): T => {
  const warn = console.warn;
  console.warn = (...parts: unknown[]) => {
    if (!String(parts[0]).startsWith("WARNING: Glob validation is not yet supported")) warn(...parts);
  };
  try {
    return validate();
  } finally {
    console.warn = warn;
  }
};

/**
 * A job's `attestations: read|write|none` line as a YAML comment: the workflow schema bundled in action-validator
 * predates that token scope and refuses it, while checkWorkflowHygiene checks its name and level itself. Lines are
 * kept, and problems are placed by their path in the original file, so nothing else moves.
 */
const withoutAttestationsScope = (text: string): string => text.replace(/^(\s+)(attestations:\s*["']?(?:read|write|none)["']?\s*(?:#.*)?)$/gm, "$1# $2");

/**
 * Validates a workflow or an action.yml against the GitHub Actions JSON schemas bundled in action-validator.
 * Its action schema predates the `node24` runtime, so `using: node24` is checked as `node20` (same length, so
 * positions are unchanged); checkActionMetadata insists on node24 itself. Its workflow schema predates the
 * `attestations` permission (see withoutAttestationsScope).
 */
export const runActionValidator = (kind: "workflow" | "action", yaml: YamlFile): Problem[] => {
  const text = kind === "action" ? yaml.text.replace(/^(\s*using:\s*["']?)node24(?=["']?\s*(#.*)?$)/m, "$1node20") : withoutAttestationsScope(yaml.text);
  const state = withoutGlobNotice(() => (kind === "action" ? validateAction(text) : validateWorkflow(text)));
  return state.errors.flatMap((error) =>
    messagesOf(error).map(({ path, message }) => {
      const segments = fromJsonPointer(path).map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
      return { ...yaml.problemAt(segments, `${message} [action-validator]`) };
    }),
  );
};
