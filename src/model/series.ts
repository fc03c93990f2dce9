import { compareText } from "../lib/text.ts";
import type { SeriesMember } from "../schemas/index.ts";

/** What deciding a series needs of a fact: the fact file, the published fact and the MCP server's copy all have it. */
export interface SeriesFact {
  id: string;
  series?: string | undefined;
  effective_iso: string;
  superseded_by?: { id: string | null; effective_iso: string } | null | undefined;
}

/** One yearly series: its name and its members, oldest first (by effective_iso, then id). */
export interface Series<F extends SeriesFact> {
  name: string;
  members: F[];
}

/**
 * The series the facts declare with their `series` key, by name in compareText order, each with its members oldest
 * first. Membership is declared, never read from the id: `bc.svt.rates_2026` names its year with an underscore, and an
 * id says nothing of the year once a fact is revised (`bc.rent_cap.2026` held the 2024 cap as its version 1).
 */
export const seriesOf = <F extends SeriesFact>(facts: readonly F[]): Series<F>[] => {
  const byName = new Map<string, F[]>();
  for (const fact of facts) {
    if (fact.series === undefined) continue;
    byName.set(fact.series, [...(byName.get(fact.series) ?? []), fact]);
  }
  return [...byName]
    .sort(([a], [b]) => compareText(a, b))
    .map(([name, members]) => ({
      name,
      members: [...members].sort((a, b) => compareText(a.effective_iso, b.effective_iso) || compareText(a.id, b.id)),
    }));
};

/**
 * Whether a fact is in force on `today`: it took effect on or before it, and no `superseded_by` dated on or before it
 * retired it. A superseded_by dated later leaves it in force until that day.
 */
export const inForceOn = (fact: SeriesFact, today: string): boolean =>
  fact.effective_iso <= today && !(fact.superseded_by != null && fact.superseded_by.effective_iso <= today);

/** The member in force on `today`: the latest one that is; undefined when none is (every member retired). */
export const memberInForce = <F extends SeriesFact>(series: Series<F>, today: string): F | undefined =>
  series.members.findLast((member) => inForceOn(member, today));

/**
 * Every member of a series in brief, newest first, as the series endpoint lists them: the year it took effect, when
 * and by what it was superseded, and whether it is the member in force on `today`.
 */
export const seriesMembers = <F extends SeriesFact & { label: string }>(series: Series<F>, today: string, urlOf: (id: string) => string): SeriesMember[] => {
  const current = memberInForce(series, today);
  return series.members.toReversed().map((member) => ({
    id: member.id,
    label: member.label,
    year: Number(member.effective_iso.slice(0, 4)),
    effective_iso: member.effective_iso,
    superseded_iso: member.superseded_by?.effective_iso ?? null,
    superseded_by: member.superseded_by?.id ?? null,
    in_force: member === current,
    canonical_url: urlOf(member.id),
  }));
};
