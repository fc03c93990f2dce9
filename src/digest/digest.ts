import { z } from "zod";
import { impactOf, readFactHistory, versionNote } from "../derive/fact-history.ts";
import { SERVICE, urlsFor } from "../lib/config.ts";
import { addDays, daysBetween } from "../lib/dates.ts";
import type { MailMessage } from "../lib/mailer.ts";
import { escapeHtml } from "../lib/text.ts";
import { loadFactsAtRevision } from "../model/facts.ts";
import type { FactFile } from "../schemas/index.ts";
import { IsoDate, IsoDateTime } from "../schemas/index.ts";
import { computeEvents, type FactUpdatedEvent } from "../webhooks/events.ts";

// The quarterly digest: its 90-day cycle, the record of who had it, its subscribers, the changes of a cycle with the
// impact of each, and the email that lists them.

/** The re-verification cadence of volatile rules (docs/maintainers/decisions.md#cadence): the digest's cycle. */
export const CYCLE_DAYS = 90;

export interface DigestCycle {
  /** The boundary that closes the cycle (YYYY-MM-DD): the digest is due from this day on. */
  end: string;
  /** The boundary that opened it, CYCLE_DAYS earlier. */
  start: string;
}

/**
 * The latest cycle closed on or before `today`, with boundaries every CYCLE_DAYS days from `epoch` (the first
 * boundary), or undefined before the epoch.
 */
export const digestCycle = (today: string, epoch: string): DigestCycle | undefined => {
  const elapsed = daysBetween(epoch, today);
  if (elapsed < 0) return undefined;
  const end = addDays(epoch, Math.floor(elapsed / CYCLE_DAYS) * CYCLE_DAYS);
  return { end, start: addDays(end, -CYCLE_DAYS) };
};

/** What was sent for one cycle, kept in the notification state so each subscriber gets the cycle's digest once. */
export const DigestRecord = z.object({
  cycle: z.object({ start: IsoDate, end: IsoDate }),
  from: z.string().nullable(),
  to: z.string(),
  changes: z.array(z.string()),
  /** Lower-cased address -> when its digest was accepted by the SMTP server. */
  sentTo: z.record(z.string(), IsoDateTime),
});
export type DigestRecord = z.infer<typeof DigestRecord>;

/** One recipient of the quarterly digest. */
export const DigestSubscriber = z.strictObject({
  email: z.email({ error: "must be an email address" }),
  name: z.string().trim().min(1).max(200).optional(),
});
export type DigestSubscriber = z.infer<typeof DigestSubscriber>;

/**
 * The one-line practical impact of a commit the digest names when no revision was recorded (a re-verification or an
 * edit): its last `Impact:` line, written for readers, else a neutral note. The subject line is never used: it is
 * written for the repository's log, not for subscribers. The digest names a revision by its version note instead
 * (see versionNote). `reverifiedOn` is the date of the re-verifying commit when the re-verify-by date moved (the
 * sources were checked again); without it the change was an edit of wording or sources.
 */
export const impactLine = (message: string, reverifiedOn: string | undefined): string =>
  impactOf(message) ??
  (reverifiedOn === undefined
    ? "Edited: wording or sources, value unchanged."
    : `Re-verified on ${reverifiedOn}: sources checked, value unchanged.`);

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
export const collectDigestChanges = async (
  cwd: string,
  from: string | undefined,
  to: string,
  since: string,
): Promise<DigestChange[]> => {
  const [before, after] = await Promise.all([
    from ? loadFactsAtRevision(cwd, from) : { facts: [] as FactFile[] },
    loadFactsAtRevision(cwd, to),
  ]);
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
    const reverified =
      event.current.expires_iso !== event.previous.expires_iso && commit ? commit.committed_at.slice(0, 10) : undefined;
    const impact =
      revised && revision
        ? versionNote(revised.version, revision)
        : commit
          ? impactLine(commit.message, reverified)
          : "";
    return {
      event,
      label: labels.get(event.factId) ?? event.factId,
      impact,
      commit: commit?.sha ?? "",
    };
  });
};

const FIELD_NAMES = {
  value: "value",
  effective_iso: "effective",
  expires_iso: "re-verify by",
  withdrawn_iso: "withdrawn",
} as const;

const shown = (value: unknown): string => {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
};

const changeLines = (change: DigestChange): string[] =>
  Object.entries(change.event.diff).map(
    ([field, diff]) => `${FIELD_NAMES[field as keyof typeof FIELD_NAMES]}: ${shown(diff!.from)} -> ${shown(diff!.to)}`,
  );

/** The digest email of one cycle, in plain text and HTML, with the same content in both. */
export const renderDigest = (
  cycle: DigestCycle,
  changes: readonly DigestChange[],
  baseUrl: string,
  to: string,
): MailMessage => {
  const urls = urlsFor(baseUrl);
  const count = changes.length;
  const intro =
    count === 0
      ? `No fact's value, effective date or re-verification date changed between ${cycle.start} and ${cycle.end}.`
      : `${count === 1 ? "One fact" : `${count} facts`} changed between ${cycle.start} and ${cycle.end} (value, effective date or re-verification date).`;
  const text = [
    `${SERVICE.name}: quarterly digest for the cycle ending ${cycle.end}`,
    ``,
    intro,
    ``,
    ...changes.flatMap((change) => [
      `* ${change.label} (${change.event.factId}), v${change.event.previousVersion} -> v${change.event.version}`,
      ...(change.impact ? [`  Impact: ${change.impact}`] : []),
      ...changeLines(change).map((line) => `  ${line}`),
      `  ${urls.factById(change.event.factId)}`,
      ``,
    ]),
    `Every change: ${urls.changelogPage}`,
    `License: ${SERVICE.licenseName} (${SERVICE.license}). Please cite each fact's canonical_url.`,
    ``,
  ].join("\n");

  const html = [
    `<!doctype html><html lang="en"><body>`,
    `<h1>${escapeHtml(SERVICE.name)}: quarterly digest for the cycle ending ${escapeHtml(cycle.end)}</h1>`,
    `<p>${escapeHtml(intro)}</p>`,
    count === 0 ? "" : "<ul>",
    ...changes.map(
      (change) =>
        `<li><p><a href="${escapeHtml(urls.factById(change.event.factId))}"><strong>${escapeHtml(change.label)}</strong></a> ` +
        `(<code>${escapeHtml(change.event.factId)}</code>), v${change.event.previousVersion} &rarr; v${change.event.version}</p>` +
        (change.impact ? `<p>Impact: ${escapeHtml(change.impact)}</p>` : "") +
        `<ul>${changeLines(change)
          .map((line) => `<li>${escapeHtml(line)}</li>`)
          .join("")}</ul></li>`,
    ),
    count === 0 ? "" : "</ul>",
    `<p><a href="${escapeHtml(urls.changelogPage)}">Every change</a> &middot; License: <a href="${escapeHtml(SERVICE.license)}">${escapeHtml(SERVICE.licenseName)}</a></p>`,
    `</body></html>`,
  ].join("\n");

  return {
    to,
    subject: `${SERVICE.name}: quarterly digest, cycle ending ${cycle.end} (${count === 0 ? "no changes" : `${count} change${count === 1 ? "" : "s"}`})`,
    text,
    html,
  };
};
