import { readFactHistory } from "../derive/history/index.ts";
import { versionNote } from "../derive/version-note.ts";
import { loadFactsAtRevision } from "../model/index.ts";
import type { FactFile } from "../schemas/index.ts";
import { computeEvents, type FactUpdatedEvent } from "../webhooks/index.ts";
import { impactLine } from "./impact-line.ts";

export interface DigestChange {
  event: FactUpdatedEvent;
  label: string;
  impact: string;
  /** The commit the impact was read from. */
  commit: string;
}

/**
 * Every fact whose `value`, `effective_iso` or `expires_iso` differs between two revisions, with the practical
 * impact read from the commit that made the change: the newest revision of the fact after `since` (ISO
 * date-time), else the newest commit that re-verified it, else the newest commit of the fact.
 */
export const collectDigestChanges = async (cwd: string, from: string | undefined, to: string, since: string): Promise<DigestChange[]> => {
  const [before, after] = await Promise.all([from ? loadFactsAtRevision(cwd, from) : { facts: [] as FactFile[] }, loadFactsAtRevision(cwd, to)]);
  const events = computeEvents(before.facts, after.facts);
  if (events.length === 0) return [];
  const history = await readFactHistory(cwd, to);
  const labels = new Map(after.facts.map((fact) => [fact.id, fact.label]));
  return events.map((event) => {
    const versions = history.facts.get(event.factId)?.versions ?? [];
    const revised = versions.filter((version) => version.introduced.committed_at >= since).at(-1);
    const revision = revised?.introduced;
    const reverification = versions.filter((version) => version.lastCommit.committed_at >= since).at(-1)?.lastCommit;
    const commit = revision ?? reverification ?? versions.at(-1)?.lastCommit;
    // A revision is named by its public version note, the same text as its history entry; never by a bare subject.
    const reverified = event.current.expires_iso !== event.previous.expires_iso && commit ? commit.committed_at.slice(0, 10) : undefined;
    const impact = revised && revision ? versionNote(revised.version, revision) : commit ? impactLine(commit.message, reverified) : "";
    return {
      event,
      label: labels.get(event.factId) ?? event.factId,
      impact,
      commit: commit?.sha ?? "",
    };
  });
};
