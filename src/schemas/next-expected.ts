import { z } from "zod";
import { OrganisationId, OrganisationKind, OrganisationReference } from "./organisation.ts";
import { HttpsUrl, IsoDate, NonEmptyText, OneLine } from "./primitives.ts";

/**
 * The next value of a fact that comes on a known yearly schedule (an annual rent cap, a threshold set each tax year,
 * rates set in a budget): the date by which it is normally announced, what is expected, and the official page or
 * publisher that normally carries it. It states an expectation, never a value: the value is recorded, with its own
 * citations, when the announcement is read.
 */
export const NextExpected = z.strictObject({
  /** The date by which the announcement normally comes, from the dates the fact's sources give for earlier ones. */
  by_iso: IsoDate,
  /** One line: what is expected, naming the year or period it is for. */
  what: OneLine,
  /** Where it will be published: a page the fact cites, or the publisher's own official home. */
  where: z.strictObject({ url: HttpsUrl, org: OrganisationReference }),
});
export type NextExpected = z.infer<typeof NextExpected>;

/** An expected announcement as published: `where.org` is the publisher's name, with its registry id and kind beside it. */
export const PublishedNextExpected = NextExpected.extend({
  where: z.strictObject({ url: HttpsUrl, org: NonEmptyText, org_id: OrganisationId, org_kind: OrganisationKind }),
});
export type PublishedNextExpected = z.infer<typeof PublishedNextExpected>;

/**
 * What a fact's expected announcement is on a given day: still ahead (`expected`), late (`past-due`), or come and
 * recorded (`recorded`: its date has passed and the fact records a newer value, so nothing is awaited any more).
 */
export type ExpectedStatus = "expected" | "past-due" | "recorded";

/**
 * Whether an expected announcement is past due on `today`: its `by_iso` has passed, no `scheduled` entry records an
 * announced or enacted value, the fact is not retired (`superseded_by`), and the value in effect did not change after
 * `by_iso` (a current `effective_iso` after `by_iso` is a newer value); when one of those records a newer value, it
 * is `recorded`. Every reader (the build, the freshness report, the re-verification issues, the MCP server) reads
 * only the fact's own fields, so they all agree on the same day. `undefined` when the fact declares no expected
 * announcement.
 */
export const expectedStatus = (
  fact: { next_expected?: NextExpected | undefined; scheduled?: readonly unknown[] | undefined; superseded_by?: unknown; effective_iso: string },
  today: string,
): ExpectedStatus | undefined => {
  const expected = fact.next_expected;
  if (expected === undefined) return undefined;
  if (expected.by_iso >= today) return "expected";
  // Any scheduled entry counts: the scheduled-changes rule keeps each after the current effective_iso, so each is a
  // value announced after the one in force; and the next-expected-moved rule has next_expected moved when one is added.
  const newer = (fact.scheduled ?? []).length > 0 || (fact.superseded_by ?? null) !== null || fact.effective_iso > expected.by_iso;
  return newer ? "recorded" : "past-due";
};

/** "not yet announced; past due since 2026-09-30", "expected by 2026-09-30": the words every surface uses. */
export const describeExpected = (expected: NextExpected, status: ExpectedStatus): string => {
  switch (status) {
    case "past-due":
      return `not yet announced; past due since ${expected.by_iso}`;
    case "expected":
      return `expected by ${expected.by_iso}`;
    case "recorded":
      return `announced; the newer value is recorded (expected by ${expected.by_iso})`;
  }
};
