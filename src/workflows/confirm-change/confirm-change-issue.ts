import { daysBetween } from "../../lib/dates.ts";
import type { LoadedFact } from "../../model/index.ts";
import type { ScheduledChange } from "../../schemas/index.ts";
import { codeBlock, codeSpan, escapeMarkdown, truncate } from "../github/markdown/markdown-text.ts";

/** The hidden marker that ties an issue to one announced change: the fact id and the change's date. */
export const confirmMarker = (key: string): string => `<!-- facts-confirm-change:${key} -->`;
const MARKER = /<!-- facts-confirm-change:([a-z0-9_.]+@\d{4}-\d{2}-\d{2}) -->/;
export const confirmKeyOfIssueBody = (body: string | null | undefined): string | undefined => MARKER.exec(body ?? "")?.[1];

export interface ConfirmIssue {
  /** `<fact id>@<effective_iso>`: one issue per announced change. */
  key: string;
  factId: string;
  title: string;
  body: string;
}

const when = (today: string, date: string): string => {
  const days = daysBetween(today, date);
  if (days < 0) return `fell due ${-days} day${days === -1 ? "" : "s"} ago`;
  if (days === 0) return "falls due today";
  return `falls due in ${days} day${days === 1 ? "" : "s"}`;
};

/**
 * The issue asking a person to confirm an announced change: what was announced, the value it would publish, where it
 * was announced, and the three ways to settle it (enacted, moved, dropped).
 */
export const renderConfirmIssue = (
  { doc, fact }: LoadedFact,
  change: ScheduledChange,
  today: string,
  organisationName: (org: string) => string = (org) => org,
): ConfirmIssue => {
  const key = `${fact.id}@${change.effective_iso}`;
  const index = (fact.scheduled ?? []).indexOf(change);
  const lines = [
    confirmMarker(key),
    `**${escapeMarkdown(fact.label)}** (${codeSpan(fact.id)}, version ${fact.version}): an announced change ${when(today, change.effective_iso)} (effective ${change.effective_iso}).`,
    "",
    `> ${escapeMarkdown(change.note)}`,
    "",
    `File: ${codeSpan(doc.file)}, ${codeSpan(`scheduled[${index}]`)}. It is not published as the current value until its enactment is confirmed.`,
    "",
    "### What to check",
    "",
    "That the measure was enacted (a statute with royal assent, a regulation deposited or an order in council) with this date and this value:",
    "",
    codeBlock(truncate(JSON.stringify(change.value, null, 2), 3_000), "json"),
    "",
    "### Where it was announced",
    "",
    ...change.citations.map(
      (citation, position) =>
        `${position + 1}. ${escapeMarkdown(citation.title ?? organisationName(citation.org))}: ${citation.url} (${escapeMarkdown(organisationName(citation.org))}${citation.kind ? `, ${citation.kind}` : ""}; retrieved ${citation.retrieved_iso})`,
    ),
    "",
    "### How to settle it",
    "",
    `- **Enacted as announced:** in a pull request, set its ${codeSpan("status")} to ${codeSpan("enacted")} and cite the enacting text; the daily promotion publishes it on its date (or at once if the date has passed).`,
    `- **Enacted with another date or value:** change ${codeSpan("effective_iso")} or ${codeSpan("value")} to what was enacted, with the same status change.`,
    `- **Not enacted, or postponed:** remove the entry, or move its ${codeSpan("effective_iso")} and keep ${codeSpan("announced")}.`,
    "",
    "This issue closes itself once the entry is no longer pending.",
    "",
    `<sub>Updated by the promotion workflow on ${today}.</sub>`,
  ];
  return {
    key,
    factId: fact.id,
    title: `Confirm the announced change to ${fact.id} effective ${change.effective_iso}`,
    body: `${lines.join("\n")}\n`,
  };
};
