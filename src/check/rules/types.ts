import type { FactFile } from "../../schemas/fact-file.ts";
import type { JsonDocument } from "../../load/parse-json-document.ts";
import type { Problem } from "../problem.ts";

/** A fact file that parsed and matched the schema. */
export interface LoadedFact {
  doc: JsonDocument;
  fact: FactFile;
}

export interface CheckContext {
  /** Today's date, injected so tests and the CLI agree on what "the future" is. */
  today: string;
}

/** A lint rule over one valid fact file. */
export type FactRule = (loaded: LoadedFact, context: CheckContext) => Problem[];
