import {
  announcementDue,
  cadenceTagsOf,
  describeAnnouncementDue,
  describeDue,
  type FactDue,
} from "../../src/model/facts.ts";
import { CADENCE_DAYS } from "../../src/schemas/index.ts";
import type { SourceFinding } from "../../src/source-check/check-sources.ts";
import { describePage } from "../../src/source-check/check-sources.ts";
import { codeBlock, codeSpan, escapeMarkdown, truncate } from "../../src/workflows/markdown.ts";

/** The hidden marker that ties a re-verification issue to its fact, so each run finds and updates the same issue. */
export const reverifyMarker = (factId: string): string => `<!-- facts-reverify:${factId} -->`;

export interface ReverifyIssue {
  factId: string;
  title: string;
  body: string;
  deadLinks: string[];
  quotesGone: string[];
}

const sourceVerdict = (finding: SourceFinding | undefined): string => {
  if (!finding) return "not checked";
  const page = describePage(finding);
  const redirects =
    finding.redirects.length > 0
      ? `; redirects: ${finding.redirects.map((hop) => `${hop.status} to ${hop.to}`).join(", ")}`
      : "";
  const tail = `${page ? `; ${page}` : ""}${redirects}`;
  switch (finding.verdict) {
    case "quote-found":
      return `quote found${tail}`;
    case "page-ok":
      return `answers (no quote to look for)${tail}`;
    case "quote-gone":
      return `**quote gone**: ${finding.detail}${tail}`;
    case "page-gone":
      return `**page gone**: ${finding.detail}${tail}`;
    case "unverified":
      return `could not check: ${finding.detail}${tail}`;
  }
};

/**
 * The issue asking for one fact to be re-verified: what to check (the current value and dates), where (each citation
 * with the result of checking its address), the dead links, and how to record the re-verification.
 */
export const renderReverifyIssue = (
  due: FactDue,
  findings: readonly SourceFinding[],
  today: string,
  withinDays: number,
  organisationName: (org: string) => string = (org) => org,
): ReverifyIssue => {
  const { fact, doc } = due.loaded;
  const [cadence] = cadenceTagsOf(fact);
  const cadenceText = cadence ? `${cadence}, re-verified every ${CADENCE_DAYS[cadence]} days` : "no cadence tag";
  const checks = fact.citations.map((_, index) =>
    findings.find((finding) => finding.source.pointer === `/citations/${index}`),
  );
  const scheduledFindings = findings.filter((finding) => finding.source.pointer.startsWith("/scheduled/"));
  const all = [...checks.filter((finding): finding is SourceFinding => finding !== undefined), ...scheduledFindings];
  const dead = all.filter((finding) => finding.verdict === "page-gone");
  const gone = all.filter((finding) => finding.verdict === "quote-gone");
  const redirected = all.filter((finding) => finding.redirects.length > 0 && finding.verdict !== "page-gone");
  const unverified = all.filter((finding) => finding.verdict === "unverified");
  const status =
    due.status === "expired"
      ? `**${describeDue(due)}**`
      : due.status === "drift"
        ? `${describeDue(due)}, but a cited source no longer says what it is cited for`
        : due.status === "announcement-due"
          ? `${describeDue(due)}, but its next value, normally announced by ${fact.next_expected?.by_iso}, is not recorded yet`
          : describeDue(due);
  // Whatever made the fact due, an announcement due and not recorded is part of what to check.
  const expected = announcementDue(fact, today) ? fact.next_expected : undefined;

  const lines = [
    reverifyMarker(fact.id),
    `**${escapeMarkdown(fact.label)}** (${codeSpan(fact.id)}, version ${fact.version}, ${cadenceText}) ${status}.`,
    "",
    `File: ${codeSpan(doc.file)}`,
    "",
    "### What to check",
    "",
    `That the rule below still holds as written, effective ${fact.effective_iso}${fact.unit ? `, unit ${codeSpan(fact.unit)}` : ""}:`,
    "",
    codeBlock(truncate(JSON.stringify(fact.value, null, 2), 3_000), "json"),
    "",
    escapeMarkdown(fact.description),
    "",
    ...(expected === undefined
      ? []
      : [
          "### Expected announcement not recorded yet",
          "",
          `${escapeMarkdown(expected.what)}: it ${describeAnnouncementDue(expected.by_iso, today)} and is not recorded yet. Look for it on ${escapeMarkdown(organisationName(expected.where.org))}'s page: ${expected.where.url}`,
          "",
          `If it was announced: record the new value with its source, as a revision or under ${codeSpan("scheduled")} when it takes effect later, and move ${codeSpan("next_expected")} to the next cycle (or remove it). If it is only late: move ${codeSpan("next_expected.by_iso")} to the date by which it is now expected, and say why in the commit message.`,
          "",
        ]),
    "### Where: the citations",
    "",
    ...fact.citations.flatMap((citation, index) => [
      `${index + 1}. ${escapeMarkdown(citation.title ?? organisationName(citation.org))}: ${citation.url}`,
      `   ${escapeMarkdown(organisationName(citation.org))}${citation.kind ? ` (${citation.kind})` : ""}; last retrieved ${citation.retrieved_iso}; source check: ${sourceVerdict(checks[index])}`,
      ...(citation.quote ? [`   Quoted: “${escapeMarkdown(citation.quote)}”`] : []),
      ...(citation.notes ? [`   Notes: ${escapeMarkdown(citation.notes)}`] : []),
    ]),
    ...(scheduledFindings.length === 0
      ? []
      : [
          "",
          "Sources of the scheduled changes:",
          "",
          ...scheduledFindings.map(
            (finding) => `- ${finding.source.url} (${codeSpan(finding.source.pointer)}): ${sourceVerdict(finding)}`,
          ),
        ]),
    "",
    "### Quotes gone",
    "",
    ...(gone.length === 0
      ? ["None: every quoted passage that could be checked is still on its page."]
      : gone.flatMap((finding) => [
          `- ${finding.source.url} (${codeSpan(finding.source.pointer)}): the page no longer contains the quote. Read it again and correct the fact or the quote.`,
          ...(finding.closest
            ? [
                `  Closest passage now (similarity ${finding.closest.similarity}): “${escapeMarkdown(finding.closest.passage)}”`,
              ]
            : []),
        ])),
    "",
    "### Dead links",
    "",
    ...(dead.length === 0
      ? ["None: no cited address is gone."]
      : dead.map(
          (finding) =>
            `- ${finding.source.url}: ${finding.detail}. Find where the source moved and update the citation.`,
        )),
    ...(redirected.length === 0
      ? []
      : [
          "",
          "### Redirects",
          "",
          ...redirected.map(
            (finding) =>
              `- ${finding.source.url} → ${finding.redirects.map((hop) => `${hop.status} ${hop.to}`).join(" → ")}: cite the final address.`,
          ),
        ]),
    ...(unverified.length === 0
      ? []
      : ["", "### Could not check", "", ...unverified.map((finding) => `- ${finding.source.url}: ${finding.detail}`)]),
    "",
    "### Recording the re-verification",
    "",
    `If the rule still holds: set ${codeSpan("retrieved_iso")} of every citation you checked to the day you checked it and ${codeSpan("expires_iso")} to that day plus ${cadence ? CADENCE_DAYS[cadence] : "the cadence's"} days; keep ${codeSpan("version")}. If it changed: record a revision (version + 1, new ${codeSpan("effective_iso")}, one commit for the fact). This issue closes itself once ${codeSpan("expires_iso")} is more than ${withinDays} days ahead.`,
    "",
    `<sub>Updated by the re-verification workflow on ${today}.</sub>`,
  ];
  return {
    factId: fact.id,
    title:
      due.status === "drift"
        ? `Re-verify ${fact.id} (a cited source changed)`
        : due.status === "announcement-due"
          ? `Re-verify ${fact.id} (expected announcement due ${fact.next_expected?.by_iso}, not recorded)`
          : `Re-verify ${fact.id} (${due.status === "expired" ? "expired" : "expires"} ${fact.expires_iso})`,
    body: `${lines.join("\n")}\n`,
    deadLinks: [...new Set(dead.map((finding) => finding.source.url))],
    quotesGone: [...new Set(gone.map((finding) => finding.source.url))],
  };
};
