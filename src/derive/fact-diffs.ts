import { SERVICE, type Urls } from "../lib/config.ts";
import type { Citation, FactAtVersion, FactDiff, VersionCitation } from "../schemas/index.ts";
import { SCHEMA_VERSION } from "../schemas/index.ts";
import type { FactTimeline, FactVersion } from "./history/index.ts";
import { valueDiff } from "./value-diff.ts";
import { versionNote } from "./version-note.ts";

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
  commit: { sha: version.introduced.sha, committed_at: version.introduced.committed_at, note: versionNote(version.version, version.introduced) },
});

const FIELDS = ["unit", "effective_iso", "expires_iso"] as const;

const transition = (id: string, before: FactVersion, after: FactVersion, urls: Urls, summary: string, publish: PublishVersionCitation): FactDiff => {
  const fieldDiff: FactDiff["field_diff"] = {};
  for (const field of FIELDS) {
    const from = before.state[field];
    const to = after.state[field];
    if (from !== to) fieldDiff[field] = { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) };
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
export const factDiffs = (timeline: FactTimeline, urls: Urls, publish: PublishVersionCitation = (citation) => citation): FactDiff[] => {
  const { id, versions } = timeline;
  const diffs = versions.slice(1).map((after, index) => transition(id, versions[index]!, after, urls, versionNote(after.version, after.introduced), publish));
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
