import { diff, type IChange } from "json-diff-ts";
import { SERVICE, type Urls } from "../lib/config.ts";
import { compareText, toJsonPointer } from "../lib/text.ts";
import { pastChanged } from "../model/facts.ts";
import { correctedVersions, declaredCorrections, keptVersions } from "../model/timeline.ts";
import type {
  Citation,
  DiffIndex,
  EarlierPeriod,
  FactAtVersion,
  FactCitation,
  FactDiff,
  FactFile,
  FactValue,
  HistoryEntry,
  NoteCorrection,
  PublishedCitation,
  ValueDiff,
  VersionCitation,
} from "../schemas/index.ts";
import { SCHEMA_VERSION } from "../schemas/index.ts";
import {
  type FactStateChange,
  type FactTimeline,
  type FactVersion,
  noteCorrectionOf,
  versionNote,
} from "./fact-history.ts";

// What the API publishes from a fact's history: its history entries, the diff of each transition (and the cumulative
// one) with the structured value diff, and the diff index.

/** What a fact's history needs beyond its versions: the file's earlier periods, and when each was recorded. */
export interface HistoryContext {
  /** The current file: its `earlier` periods, `corrected_versions` and `summary_keys`. */
  file?: Pick<FactFile, "earlier" | "corrected_versions" | "summary_keys" | "version">;
  /** The day each earlier period (by its effective_iso) was first recorded, and the version that declared each correction. */
  records?: TimelineRecords;
  /** The day given to a record git does not date yet (an uncommitted edit): the data's own date, never the clock. */
  uncommittedDate?: string;
  /** The one line of plain words for a period's value (the build renders it through the glossary). */
  summarize?: (value: FactValue, unit: string | undefined, keys: readonly string[] | undefined) => string;
  /** How an earlier period's citation is published (the build names its organisation from the registry). */
  publishCitation?: (citation: FactCitation) => PublishedCitation;
}

/** When the records of a fact's file that git does not version were first committed (see timelineRecords). */
export interface TimelineRecords {
  earlier: ReadonlyMap<string, string>;
  declaredBy: ReadonlyMap<number, number>;
}

/**
 * When each earlier period of a fact (by its effective_iso) first appeared in its file, and in which version of the fact
 * each entry of `corrected_versions` was first declared: read from the fact's state changes, oldest first.
 */
export const timelineRecords = (changes: readonly FactStateChange[]): TimelineRecords => {
  const earlier = new Map<string, string>();
  const declaredBy = new Map<number, number>();
  for (const change of changes) {
    for (const period of change.after.earlier ?? [])
      if (!earlier.has(period.effective_iso))
        earlier.set(period.effective_iso, change.commit.committed_at.slice(0, 10));
    for (const version of change.after.corrected_versions ?? [])
      if (!declaredBy.has(version)) declaredBy.set(version, change.after.version);
  }
  return { earlier, declaredBy };
};

const plainSummary = (value: FactValue): string => JSON.stringify(value);

/**
 * docs/consumers/api.md#history-and-diffs: the fact's timeline before its current version, newest first by effective
 * date (a corrected version after the one in force from the same day): one entry per earlier version, and one per
 * period the file records before its first kept version. A version's `superseded_iso` is the day the next version in
 * force took effect; a corrected version has `corrected_by` instead, since it was never in force. `note` is the
 * `Impact:` line of the commit that introduced the version (see versionNote), or the earlier period's own note;
 * `recorded_iso` the day the service recorded the entry. A version's entry carries no citations (the diff resources
 * publish each with its full citations); an earlier period's does, since no diff holds it.
 */
export const historyEntries = (versions: readonly FactVersion[], context: HistoryContext = {}): HistoryEntry[] => {
  const { file, records, summarize = plainSummary } = context;
  const recordedDate = (date: string | undefined): string | undefined => date ?? context.uncommittedDate;
  const declared =
    file === undefined
      ? new Map<number, number>()
      : declaredCorrections(file, (version) => records?.declaredBy.get(version) ?? file.version);
  const dates = versions.map((version) => ({ version: version.version, effective_iso: version.state.effective_iso }));
  const corrected = correctedVersions(dates, declared);
  const supersededOn = new Map(
    keptVersions(dates, corrected).map(({ version, superseded_iso }) => [version.version, superseded_iso]),
  );
  const keys = file?.summary_keys;
  const versionEntries = versions.slice(0, -1).map((version): HistoryEntry => {
    const correctedBy = corrected.get(version.version);
    const superseded = supersededOn.get(version.version);
    const recorded = recordedDate(version.introduced.committed_at.slice(0, 10));
    return {
      version: version.version,
      value: version.state.value,
      ...(version.state.unit === undefined ? {} : { unit: version.state.unit }),
      effective_iso: version.state.effective_iso,
      ...(correctedBy === undefined && superseded !== undefined ? { superseded_iso: superseded } : {}),
      ...(correctedBy === undefined ? {} : { corrected_by: correctedBy }),
      ...(recorded === undefined ? {} : { recorded_iso: recorded }),
      summary: summarize(version.state.value, version.state.unit, keys),
      ...noteOf(version),
    };
  });
  const unit = versions.at(-1)?.state.unit;
  const earlierEntries = (file?.earlier ?? []).map((period): HistoryEntry => {
    const recorded = recordedDate(records?.earlier.get(period.effective_iso));
    return {
      value: period.value,
      ...((period.unit ?? unit) === undefined ? {} : { unit: period.unit ?? unit }),
      effective_iso: period.effective_iso,
      superseded_iso: period.superseded_iso,
      ...(recorded === undefined ? {} : { recorded_iso: recorded }),
      summary: summarize(period.value, period.unit ?? unit, keys),
      citations: period.citations.map((citation) =>
        context.publishCitation ? context.publishCitation(citation) : (citation as PublishedCitation),
      ),
      note: period.note,
    };
  });
  return [...versionEntries, ...earlierEntries].sort(
    (a, b) =>
      compareText(b.effective_iso ?? "", a.effective_iso ?? "") ||
      Number(a.corrected_by !== undefined) - Number(b.corrected_by !== undefined) ||
      (b.version ?? 0) - (a.version ?? 0),
  );
};

type Json = ValueDiff["changed_keys"][number]["to"];

/**
 * The structured difference between two values of a fact, computed with json-diff-ts.
 * Keys are JSON Pointers relative to the value ("" is the value itself), so a key containing a dot stays one key.
 * A key removed and added again in one step (for example null becoming a number) is reported as changed.
 */
export const valueDiff = (before: unknown, after: unknown): ValueDiff => {
  const added = new Map<string, Json>();
  const removed = new Map<string, Json>();
  const changed: ValueDiff["changed_keys"] = [];

  const visit = (changes: IChange[], path: string[]): void => {
    for (const change of changes) {
      const here = [...path, change.key];
      if (change.changes) {
        visit(change.changes, here);
        continue;
      }
      const pointer = toJsonPointer(here.slice(1));
      if (change.type === "ADD") added.set(pointer, change.value as Json);
      else if (change.type === "REMOVE") removed.set(pointer, change.value as Json);
      else changed.push({ pointer, from: change.oldValue as Json, to: change.value as Json });
    }
  };
  visit(diff({ value: before }, { value: after }), []);

  for (const [pointer, to] of added) {
    if (removed.has(pointer)) {
      changed.push({ pointer, from: removed.get(pointer)!, to });
      added.delete(pointer);
      removed.delete(pointer);
    }
  }
  const byPointer = <T extends { pointer: string }>(a: T, b: T): number => compareText(a.pointer, b.pointer);
  return {
    added_keys: [...added].map(([pointer, value]) => ({ pointer, value })).sort(byPointer),
    removed_keys: [...removed].map(([pointer, value]) => ({ pointer, value })).sort(byPointer),
    changed_keys: changed.sort(byPointer),
  };
};

/** How a committed version's citation is published (the build names its organisation from the registry). */
export type PublishVersionCitation = (citation: Citation) => VersionCitation;

const atVersion = (version: FactVersion, publish: PublishVersionCitation): FactAtVersion => ({
  version: version.version,
  label: version.state.label,
  value: version.state.value,
  ...(version.state.unit === undefined ? {} : { unit: version.state.unit }),
  effective_iso: version.state.effective_iso,
  expires_iso: version.state.expires_iso,
  citations: version.state.citations.map(publish),
  commit: {
    sha: version.introduced.sha,
    committed_at: version.introduced.committed_at,
    ...noteOf(version),
  },
});

/** A version's public note, and when it was corrected, why, and what it first said (docs/consumers/api.md#history-and-diffs). */
const noteOf = (version: FactVersion): { note: string; note_correction?: NoteCorrection } => {
  const correction = noteCorrectionOf(version.version, version.introduced);
  return {
    note: versionNote(version.version, version.introduced),
    ...(correction === undefined ? {} : { note_correction: correction }),
  };
};

const FIELDS = ["unit", "effective_iso", "expires_iso"] as const;

const transition = (
  id: string,
  before: FactVersion,
  after: FactVersion,
  urls: Urls,
  summary: string,
  at: (version: FactVersion) => FactAtVersion,
): FactDiff => {
  const fieldDiff: FactDiff["field_diff"] = {};
  for (const field of FIELDS) {
    const from = before.state[field];
    const to = after.state[field];
    if (from !== to)
      fieldDiff[field] = { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) };
  }
  // What the revision changed in the past, against the state it revised: periods recorded by editorial edits before
  // changes to the past were revisions are not told as its changes.
  const past = pastDiff(before.state, after.introducedState);
  return {
    schema_version: SCHEMA_VERSION,
    name: `${SERVICE.name}: ${id} v${before.version} to v${after.version}`,
    version: SERVICE.apiVersion,
    license: SERVICE.license,
    canonical_url: urls.diff(id, before.version, after.version),
    fact_id: id,
    from: before.version,
    to: after.version,
    summary,
    before: at(before),
    after: at(after),
    value_diff: valueDiff(before.state.value, after.state.value),
    field_diff: fieldDiff,
    ...(past === undefined ? {} : { past_diff: past }),
  };
};

/** What a diff shows of an earlier period: the part that answers for its dates. */
const periodState = (period: EarlierPeriod) => ({
  effective_iso: period.effective_iso,
  superseded_iso: period.superseded_iso,
  value: period.value,
  ...(period.unit === undefined ? {} : { unit: period.unit }),
});

/** The record of the past changed between two states (see pastChanged), or undefined when it did not. */
const pastDiff = (before: FactFile, after: FactFile): FactDiff["past_diff"] => {
  const changed = pastChanged(before, after);
  if (changed.length === 0) return undefined;
  return {
    ...(changed.some((path) => path.startsWith("earlier"))
      ? {
          earlier: {
            from: (before.earlier ?? []).map(periodState),
            to: (after.earlier ?? []).map(periodState),
          },
        }
      : {}),
    ...(changed.includes("corrected_versions")
      ? { corrected_versions: { from: before.corrected_versions ?? [], to: after.corrected_versions ?? [] } }
      : {}),
  };
};

/**
 * Every consecutive transition of a fact, plus the cumulative one from its first to its latest version when
 * they are more than one step apart. Each carries the full state (with citations) on both sides.
 */
export const factDiffs = (
  timeline: FactTimeline,
  urls: Urls,
  publish: PublishVersionCitation = (citation) => citation,
): FactDiff[] => {
  const { id, versions } = timeline;
  // Each version is published once and shared by the diffs that show it (the one into it, the one out of it and the
  // cumulative one), rather than copied into each.
  const published = new Map<FactVersion, FactAtVersion>();
  const at = (version: FactVersion): FactAtVersion => {
    let state = published.get(version);
    if (state === undefined) {
      state = atVersion(version, publish);
      published.set(version, state);
    }
    return state;
  };
  const diffs = versions
    .slice(1)
    .map((after, index) =>
      transition(id, versions[index]!, after, urls, versionNote(after.version, after.introduced), at),
    );
  if (versions.length > 2) {
    const first = versions[0]!;
    const last = versions.at(-1)!;
    diffs.push(
      transition(
        id,
        first,
        last,
        urls,
        `All changes from v${first.version} to v${last.version}: ${versions
          .slice(1)
          .map((v) => versionNote(v.version, v.introduced).replace(/\.$/, ""))
          .join("; ")}`,
        at,
      ),
    );
  }
  return diffs;
};

/** `/api/v1/facts/diff/index.json`: every transition, newest commit first, with a count. */
export const diffIndex = (diffs: readonly FactDiff[], urls: Urls, generatedAt: string | undefined): DiffIndex => {
  const entries = diffs
    .map((diff) => ({
      fact_id: diff.fact_id,
      from: diff.from,
      to: diff.to,
      url: diff.canonical_url,
      effective_iso: diff.after.effective_iso,
      committed_at: diff.after.commit.committed_at,
      summary: diff.summary,
    }))
    .sort(
      (a, b) =>
        Date.parse(b.committed_at) - Date.parse(a.committed_at) ||
        compareText(b.effective_iso, a.effective_iso) ||
        compareText(a.fact_id, b.fact_id) ||
        b.to - a.to ||
        b.from - a.from,
    );
  return {
    schema_version: SCHEMA_VERSION,
    name: `${SERVICE.name}: diff index`,
    version: SERVICE.apiVersion,
    license: SERVICE.license,
    canonical_url: urls.diffIndex,
    ...(generatedAt === undefined ? {} : { generated_at: generatedAt }),
    count: entries.length,
    diffs: entries,
  };
};
