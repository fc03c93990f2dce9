import { isDeepStrictEqual } from "node:util";
import type { FactFile } from "../schemas/fact-file.ts";

/**
 * The fields whose change makes a revision (docs/maintainers/decisions.md#versions): a change to any of them raises `version` by exactly 1 and
 * is a new entry in the fact's history; a change to anything else is an editorial edit that keeps the version.
 */
export const REVISION_FIELDS = ["value", "unit", "effective_iso"] as const;

/** The revision fields that differ between two states of one fact, in `REVISION_FIELDS` order. */
export const revisionFieldsChanged = (before: FactFile, after: FactFile): string[] =>
  REVISION_FIELDS.filter((field) => !isDeepStrictEqual(before[field], after[field]));
