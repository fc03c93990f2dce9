import { diff, type IChange } from "json-diff-ts";
import { SERVICE, type Urls } from "../lib/config.ts";
import { compareText, toJsonPointer } from "../lib/text.ts";
import type {
  Citation,
  DiffIndex,
  FactAtVersion,
  FactDiff,
  HistoryEntry,
  ValueDiff,
  VersionCitation,
} from "../schemas/index.ts";
import { SCHEMA_VERSION } from "../schemas/index.ts";
import { type FactTimeline, type FactVersion, versionNote } from "./fact-history.ts";

// What the API publishes from a fact's history: its history entries, the diff of each transition (and the cumulative
// one) with the structured value diff, and the diff index.

/**
 * docs/consumers/api.md#history-and-diffs: one entry per earlier version, newest first. `superseded_iso` is the date
 * the next version took effect, and `note` is the `Impact:` line of the commit that introduced the version (see
 * versionNote). Empty when never revised. An entry carries no citations: the diff resources publish every version with
 * its full citations, and repeating them here would make each fact's payload grow with every revision.
 */
export const historyEntries = (versions: readonly FactVersion[]): HistoryEntry[] =>
  versions
    .slice(0, -1)
    .map((version, index) => ({
      version: version.version,
      value: version.state.value,
      ...(version.state.unit === undefined ? {} : { unit: version.state.unit }),
      effective_iso: version.state.effective_iso,
      superseded_iso: versions[index + 1]!.state.effective_iso,
      note: versionNote(version.version, version.introduced),
    }))
    .reverse();

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
    note: versionNote(version.version, version.introduced),
  },
});

const FIELDS = ["unit", "effective_iso", "expires_iso"] as const;

const transition = (
  id: string,
  before: FactVersion,
  after: FactVersion,
  urls: Urls,
  summary: string,
  publish: PublishVersionCitation,
): FactDiff => {
  const fieldDiff: FactDiff["field_diff"] = {};
  for (const field of FIELDS) {
    const from = before.state[field];
    const to = after.state[field];
    if (from !== to)
      fieldDiff[field] = { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) };
  }
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
    before: atVersion(before, publish),
    after: atVersion(after, publish),
    value_diff: valueDiff(before.state.value, after.state.value),
    field_diff: fieldDiff,
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
  const diffs = versions
    .slice(1)
    .map((after, index) =>
      transition(id, versions[index]!, after, urls, versionNote(after.version, after.introduced), publish),
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
        publish,
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
