/**
 * The pull request's fact changes: the report the untrusted run writes (its schema), what changed per fact between
 * the base and the head, and reading both sides from git and the checkout.
 */
import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import { IndexDataChange, IndexDataProblem, indexDataChanges } from "../../src/affordability/index-data-changes.ts";
import { valueDiff } from "../../src/derive/fact-diffs.ts";
import { compareText } from "../../src/lib/text.ts";
import { latestRetrieved, loadFactsAtRevision, readFactFiles, revisionFieldsChanged } from "../../src/model/facts.ts";
import { FACT_FILE_KEYS, type FactFile, FactId, FactValue, IsoDate, ValueDiff } from "../../src/schemas/index.ts";

/**
 * What a pull request does to one fact:
 * - `revision`: `value`, `unit` or `effective_iso` changed (the version must rise by 1);
 * - `re-verification`: the citations were checked again (`retrieved_iso` and `expires_iso` moved), the rule did not
 * change;
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

/** A fact file on one side of the pull request. */
export interface FactOnSide {
  file: string;
  fact: FactFile;
}

const changedFields = (before: FactFile, after: FactFile): string[] =>
  FACT_FILE_KEYS.filter((key) => !isDeepStrictEqual(before[key], after[key]));

const kindOf = (before: FactFile, after: FactFile): ChangeKind | undefined => {
  if (revisionFieldsChanged(before, after).length > 0) return "revision";
  if (latestRetrieved(after) !== latestRetrieved(before) || after.expires_iso !== before.expires_iso)
    return "re-verification";
  return changedFields(before, after).length > 0 ? "editorial" : undefined;
};

const pair = <T>(from: T | undefined, to: T | undefined): { from?: T; to?: T } => ({
  ...(from === undefined ? {} : { from }),
  ...(to === undefined ? {} : { to }),
});

const describe = (
  kind: ChangeKind,
  file: string,
  before: FactFile | undefined,
  after: FactFile | undefined,
): FactChange => {
  const current = (after ?? before)!;
  const rule = kind === "revision" || kind === "added" || kind === "deleted";
  return {
    id: current.id,
    kind,
    file,
    label: current.label,
    version: pair(before?.version, after?.version),
    value: rule ? pair(before?.value, after?.value) : {},
    unit: pair(before?.unit, after?.unit),
    effective_iso: pair(before?.effective_iso, after?.effective_iso),
    expires_iso: pair(before?.expires_iso, after?.expires_iso),
    retrieved_iso: pair(before && latestRetrieved(before), after && latestRetrieved(after)),
    ...(kind === "revision" && before && after ? { value_diff: valueDiff(before.value, after.value) } : {}),
    changed_fields: before && after ? changedFields(before, after) : [],
  };
};

/** Rule changes first, then re-verifications, then editorial edits: the order a reviewer reads them in. */
const KIND_ORDER: Record<ChangeKind, number> = {
  revision: 0,
  added: 1,
  deleted: 2,
  "re-verification": 3,
  editorial: 4,
};

/**
 * Per fact id, what the pull request changes between the base and the head, by kind and then by file.
 * Facts whose content is identical on both sides are left out.
 */
export const computeFactChanges = (base: readonly FactOnSide[], head: readonly FactOnSide[]): FactChange[] => {
  const baseById = new Map(base.map((side) => [side.fact.id, side]));
  const headIds = new Set(head.map((side) => side.fact.id));
  const changes: FactChange[] = [];
  for (const { file, fact: after } of head) {
    const before = baseById.get(after.id)?.fact;
    if (!before) {
      changes.push(describe("added", file, undefined, after));
      continue;
    }
    const kind = kindOf(before, after);
    if (kind) changes.push(describe(kind, file, before, after));
  }
  for (const { file, fact: before } of base) {
    if (!headIds.has(before.id)) changes.push(describe("deleted", file, before, undefined));
  }
  return changes.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || compareText(a.file, b.file));
};

/**
 * The changes of the checkout at `root` against the git revision `base`: the base side is read from git, the head
 * side from the working tree (what the pull request proposes).
 */
export const readPrChanges = async (
  root: string,
  base: string,
  options: { today: string; pullRequest?: PrChangesReport["pull_request"] },
): Promise<PrChangesReport> => {
  const baseSide: FactOnSide[] = (await loadFactsAtRevision(root, base)).files;
  const head = await readFactFiles(root);
  const headSide: FactOnSide[] = head.facts.map(({ doc, fact }) => ({ file: doc.file, fact }));
  const readable = new Set(headSide.map((side) => side.file));
  const unreadable = head.files.filter((file) => !readable.has(file));
  // A fact whose file does not parse on the head side is listed as unreadable, not reported as deleted.
  const unreadableSet = new Set(unreadable);
  const indexData = await indexDataChanges(root, base);
  return {
    schema: 1,
    ...(options.pullRequest ? { pull_request: options.pullRequest } : {}),
    base,
    changes: computeFactChanges(
      baseSide.filter((side) => !unreadableSet.has(side.file)),
      headSide,
    ),
    unreadable,
    index_data: indexData.changes,
    ...(indexData.problems.length > 0 ? { index_data_problems: indexData.problems } : {}),
  };
};
