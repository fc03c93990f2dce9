import type { Problem } from "../../lib/problem.ts";
import type { LoadedFact } from "../../model/facts.ts";

export interface CheckContext {
  /** Today's date, injected so tests and the CLI agree on what "the future" is. */
  today: string;
}

/** `error` fails the check (and the pull request); `warning` is reported and never fails it. */
export type RuleLevel = "error" | "warning";

/** A named check, as CONTRIBUTING.md lists it: every problem the check reports names the rule that found it. */
export interface CheckRule {
  readonly name: string;
  readonly level: RuleLevel;
  /** What the rule asks of a contributor, in one sentence. */
  readonly description: string;
}

/** What a per-fact rule runs: the problems of one fact that matched the schema. */
export type FactCheck = (loaded: LoadedFact, context: CheckContext) => Problem[];

/** A named lint rule over one valid fact file. */
export interface FactRule extends CheckRule {
  readonly check: FactCheck;
}
