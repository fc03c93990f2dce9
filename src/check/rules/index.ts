import { cadence } from "./cadence.ts";
import { citationKind } from "./citation-kind.ts";
import { effectiveBeforeExpiry } from "./effective-before-expiry.ts";
import { fileMatchesId } from "./file-matches-id.ts";
import { keyOrder } from "./key-order.ts";
import { notesForReaders } from "./notes-for-readers.ts";
import { retrievedNotInFuture } from "./retrieved-not-in-future.ts";
import { scheduledChanges } from "./scheduled-changes.ts";
import type { FactRule } from "./types.ts";

/** Every per-file rule; cross-file rules (unique ids, base-branch version rules) live beside the runner. */
export const FACT_RULES: readonly FactRule[] = [fileMatchesId, keyOrder, effectiveBeforeExpiry, retrievedNotInFuture, cadence, scheduledChanges, citationKind, notesForReaders];
