import { z } from "zod";
import { FactId, FactValue, IsoDate, ValueDiff } from "../../schemas/index.ts";
import { IndexDataChange, IndexDataProblem } from "./index-data-changes.ts";

/**
 * What a pull request does to one fact:
 * - `revision`: `value`, `unit` or `effective_iso` changed (the version must rise by 1);
 * - `re-verification`: the citations were checked again (`retrieved_iso` and `expires_iso` moved), the rule did not change;
 * - `editorial`: other fields only (label, description, tags, citation titles);
 * - `added` and `deleted`: a new fact file, or one that is gone.
 */
export const ChangeKind = z.enum(["revision", "re-verification", "editorial", "added", "deleted"]);
export type ChangeKind = z.infer<typeof ChangeKind>;

const Versions = z.object({ from: z.int().min(1).optional(), to: z.int().min(1).optional() });
const Dates = z.object({ from: IsoDate.optional(), to: IsoDate.optional() });

export const FactChange = z.object({
  id: FactId,
  kind: ChangeKind,
  file: z.string(),
  label: z.string(),
  version: Versions,
  value: z.object({ from: FactValue.optional(), to: FactValue.optional() }),
  unit: z.object({ from: z.string().optional(), to: z.string().optional() }),
  effective_iso: Dates,
  expires_iso: Dates,
  /** The latest citation `retrieved_iso` on each side: when the fact was last verified. */
  retrieved_iso: Dates,
  value_diff: ValueDiff.optional(),
  /** The top-level fields whose content changed, in file order. */
  changed_fields: z.array(z.string()),
});
export type FactChange = z.infer<typeof FactChange>;

/**
 * The artifact the untrusted pull-request run writes and the trusted `workflow_run` reads back. It is data only: the
 * trusted run validates it with this schema and renders the comment itself.
 */
export const PrChangesReport = z.object({
  schema: z.literal(1),
  pull_request: z.object({ number: z.int().positive(), head_sha: z.string().regex(/^[0-9a-f]{40}$/) }).optional(),
  base: z.string(),
  changes: z.array(FactChange),
  /** Fact files on the head side that could not be read as facts (the validate job reports why). */
  unreadable: z.array(z.string()),
  /** The affordability index inputs the pull request adds, revises or removes, month by month. */
  index_data: z.array(IndexDataChange).optional(),
  /** Index input files that could not be compared, each with its first problems (the validate job reports them all). */
  index_data_problems: z.array(IndexDataProblem).optional(),
});
export type PrChangesReport = z.infer<typeof PrChangesReport>;
