import { SITE_PATHS } from "../../../packages/client/src/index.ts";
import { versionNote } from "../../derive/version-note.ts";
import { SERVICE } from "../../lib/config.ts";
import { printableText } from "../../lib/text.ts";
import { describeValue } from "../describe-value.ts";
import type { SiteFiles } from "../site-files.ts";
import type { SiteModel } from "../site-model.ts";
import { type AtomEntry, atomFeed, tagUri } from "./atom-feed.ts";
import { scheduledSummary } from "./upcoming-items.ts";

/**
 * `/api/v1/facts/by-id/{id}.atom`: one Atom feed per fact, an entry per version (its revisions, newest first) and
 * one per scheduled change, so a reader following one rule sees both what changed and what is coming.
 */
export const renderFactFeeds = (model: SiteModel): SiteFiles => {
  const files: SiteFiles = new Map();
  for (const fact of model.facts) {
    const timeline = model.timelines.get(fact.id)!;
    const revisions: AtomEntry[] = timeline.versions.map((version) => ({
      id: tagUri(`${fact.id}:v${version.version}`),
      title: `${fact.label}: version ${version.version}, effective ${version.state.effective_iso}`,
      // When the version was published (the commit that introduced it), not when it takes or took effect: a reader
      // sorting by date sees revisions in the order they were made, and the effective date is in the title and text.
      updated: version.introduced.committed_at,
      page: model.urls.factPage(fact.id),
      json: model.urls.factById(fact.id),
      category: fact.domain,
      // A commit message is history, which cannot be corrected: a character the feed may not carry is shown escaped.
      summary: `${printableText(versionNote(version.version, version.introduced).replace(/\.$/, ""))}. Effective ${version.state.effective_iso}. Value: ${describeValue(version.state.value, version.state.unit)}.`,
    }));
    const scheduled: AtomEntry[] = (fact.scheduled ?? []).map((change) => ({
      id: tagUri(`${fact.id}:scheduled:${change.effective_iso}`),
      title: `${fact.label}: ${change.status} change taking effect ${change.effective_iso}`,
      updated: model.lastChanged.get(fact.id)!.committed_at,
      page: model.urls.factPage(fact.id),
      json: model.urls.factById(fact.id),
      category: fact.domain,
      summary: `${scheduledSummary(fact, change)}.`,
    }));
    files.set(
      SITE_PATHS.factFeed(fact.id),
      atomFeed({
        id: tagUri(fact.id),
        title: `${SERVICE.name}: ${fact.label}`,
        subtitle: `Revisions and scheduled changes of ${fact.id}.`,
        self: model.urls.factFeed(fact.id),
        hub: model.websubHub,
        page: model.urls.factPage(fact.id),
        updated: model.generatedAt,
        entries: [...scheduled.reverse(), ...revisions.reverse()],
      }),
    );
  }
  return files;
};
