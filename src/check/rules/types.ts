import type { Problem } from "../../lib/problem.ts";
import type { LoadedFact } from "../../model/index.ts";

export interface CheckContext {
  /** Today's date, injected so tests and the CLI agree on what "the future" is. */
  today: string;
}

/** A lint rule over one valid fact file. */
export type FactRule = (loaded: LoadedFact, context: CheckContext) => Problem[];
