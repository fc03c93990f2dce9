import type { EarlierPeriod, FactFile } from "../schemas/index.ts";

// A fact's one timeline (docs/maintainers/decisions.md#time): its versions from git, the periods its file records
// before the first kept version (`earlier`), and which versions were corrections rather than rules in force. The
// history the build publishes, the check of `earlier` and the calculators' as-of answers all follow these rules.

/** What the timeline reads of a version: its number and the day its value took effect. */
export interface VersionDates {
  version: number;
  effective_iso: string;
}

/**
 * The versions that were corrected, each with the version that corrected it. A version is corrected when a later
 * version takes effect on the same day or earlier: the later one restates the rule of that day, so the earlier record
 * was a mistake, never a rule in force (a revision with its predecessor's `effective_iso` is a correction). A version
 * the current file lists in `corrected_versions` is corrected by the version that declared it (`declaredBy`): its
 * time is told by the `earlier` periods instead.
 */
export const correctedVersions = (
  versions: readonly VersionDates[],
  declared: ReadonlyMap<number, number> = new Map(),
): Map<number, number> => {
  const corrected = new Map<number, number>();
  versions.forEach((version, index) => {
    const by = versions.slice(index + 1).find((later) => later.effective_iso <= version.effective_iso);
    if (by !== undefined) corrected.set(version.version, by.version);
    else if (declared.has(version.version)) corrected.set(version.version, declared.get(version.version)!);
  });
  return corrected;
};

/**
 * The versions in force in turn, oldest first, each with the day the next one took effect (undefined for the last):
 * every version that is not corrected.
 */
export const keptVersions = <V extends VersionDates>(
  versions: readonly V[],
  corrected: ReadonlyMap<number, number>,
): { version: V; superseded_iso: string | undefined }[] => {
  const kept = versions.filter((version) => !corrected.has(version.version));
  return kept.map((version, index) => ({ version, superseded_iso: kept[index + 1]?.effective_iso }));
};

/** A problem of a fact's `earlier` periods: where in the file, and what is wrong. */
export interface TimelineProblem {
  path: (string | number)[];
  message: string;
}

/**
 * What makes `earlier` one timeline with the versions: each period ends after it starts, each starts the day the one
 * before it ended (no gap, no overlap), and the last ends on the day the first kept version took effect. `firstKept` is
 * that version (undefined when it cannot be known, e.g. no history: the junction is then not checked).
 */
export const earlierPeriodProblems = (
  earlier: readonly EarlierPeriod[],
  firstKept: VersionDates | undefined,
): TimelineProblem[] => {
  const problems: TimelineProblem[] = [];
  earlier.forEach((period, index) => {
    if (period.superseded_iso <= period.effective_iso) {
      problems.push({
        path: ["earlier", index, "superseded_iso"],
        message: `superseded_iso ${period.superseded_iso} is not after effective_iso ${period.effective_iso}: a period ends after it starts`,
      });
    }
    const before = earlier[index - 1];
    if (before === undefined) return;
    if (period.effective_iso > before.superseded_iso) {
      problems.push({
        path: ["earlier", index, "effective_iso"],
        message: `a gap: earlier[${index - 1}] ends on ${before.superseded_iso} and this period starts on ${period.effective_iso}; each period starts the day the one before it is superseded`,
      });
    } else if (period.effective_iso < before.superseded_iso) {
      problems.push({
        path: ["earlier", index, "effective_iso"],
        message: `an overlap: this period starts on ${period.effective_iso}, before earlier[${index - 1}] is superseded on ${before.superseded_iso}; periods are oldest first and never overlap`,
      });
    }
  });
  return [...problems, ...junctionProblems(earlier, firstKept)];
};

/** Whether the last earlier period ends on the day the first kept version took effect (see earlierPeriodProblems). */
export const junctionProblems = (
  earlier: readonly EarlierPeriod[],
  firstKept: VersionDates | undefined,
): TimelineProblem[] => {
  const problems: TimelineProblem[] = [];
  const last = earlier.at(-1);
  if (last !== undefined && firstKept !== undefined && last.superseded_iso !== firstKept.effective_iso) {
    const relation =
      last.superseded_iso < firstKept.effective_iso
        ? `a gap: version ${firstKept.version} takes effect on ${firstKept.effective_iso}, later than ${last.superseded_iso}`
        : `an overlap: version ${firstKept.version} takes effect on ${firstKept.effective_iso}, before ${last.superseded_iso}`;
    problems.push({
      path: ["earlier", earlier.length - 1, "superseded_iso"],
      message: `the last earlier period must be superseded on the day the first kept version took effect (${firstKept.effective_iso}); ${relation} (list a version whose value the periods replace in corrected_versions)`,
    });
  }
  return problems;
};

/** The declared corrections of a file, each with the version that declared it (the file's own, when not known). */
export const declaredCorrections = (
  file: Pick<FactFile, "corrected_versions" | "version">,
  declaredBy: (version: number) => number = () => file.version,
): Map<number, number> => new Map((file.corrected_versions ?? []).map((version) => [version, declaredBy(version)]));
