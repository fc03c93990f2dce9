import { cadenceTagsOf } from "../../check/rules/cadence.ts";
import { describeDue, type FactDue } from "../../freshness/facts-due.ts";
import type { LinkCheck } from "../../links/check-link.ts";
import { CADENCE_DAYS } from "../../schemas/fact-file.ts";
import { codeBlock, codeSpan, escapeMarkdown, truncate } from "../markdown/markdown-text.ts";
import { reverifyMarker } from "./reverify-marker.ts";

export interface ReverifyIssue {
  factId: string;
  title: string;
  body: string;
  deadLinks: string[];
}

const linkVerdict = (check: LinkCheck | undefined): string => {
  if (!check) return "not checked";
  switch (check.outcome) {
    case "ok":
      return `answers (${check.detail})`;
    case "redirected":
      return `redirects: ${check.detail}`;
    case "dead":
      return `**dead**: ${check.detail}`;
    case "unverified":
      return `could not check: ${check.detail}`;
  }
};

/**
 * The issue asking for one fact to be re-verified: what to check (the current value and dates), where (each citation
 * with the result of checking its address), the dead links, and how to record the re-verification.
 */
export const renderReverifyIssue = (due: FactDue, links: ReadonlyMap<string, LinkCheck>, today: string, withinDays: number): ReverifyIssue => {
  const { fact, doc } = due.loaded;
  const [cadence] = cadenceTagsOf(fact);
  const cadenceText = cadence ? `${cadence}, re-verified every ${CADENCE_DAYS[cadence]} days` : "no cadence tag";
  const checks = fact.citations.map((citation) => links.get(citation.url));
  const dead = checks.filter((check): check is LinkCheck => check?.outcome === "dead");
  const redirected = checks.filter((check): check is LinkCheck => check?.outcome === "redirected");
  const unverified = checks.filter((check): check is LinkCheck => check?.outcome === "unverified");

  const lines = [
    reverifyMarker(fact.id),
    `**${escapeMarkdown(fact.label)}** (${codeSpan(fact.id)}, version ${fact.version}, ${cadenceText}) ${due.status === "expired" ? `**${describeDue(due)}**` : describeDue(due)}.`,
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
    "### Where: the citations",
    "",
    ...fact.citations.flatMap((citation, index) => [
      `${index + 1}. ${escapeMarkdown(citation.title ?? citation.org)}: ${citation.url}`,
      `   ${escapeMarkdown(citation.org)}; last retrieved ${citation.retrieved_iso}; link check: ${linkVerdict(checks[index])}`,
      ...(citation.notes ? [`   Notes: ${escapeMarkdown(citation.notes)}`] : []),
    ]),
    "",
    "### Dead links",
    "",
    ...(dead.length === 0
      ? ["None: no cited address is gone."]
      : dead.map((check) => `- ${check.url}: ${check.detail}. Find where the source moved and update the citation.`)),
    ...(redirected.length === 0
      ? []
      : ["", "### Redirects", "", ...redirected.map((check) => `- ${check.url} → ${check.redirects.map((hop) => `${hop.status} ${hop.to}`).join(" → ")}: cite the final address.`)]),
    ...(unverified.length === 0 ? [] : ["", "### Could not check", "", ...unverified.map((check) => `- ${check.url}: ${check.detail}`)]),
    "",
    "### Recording the re-verification",
    "",
    `If the rule still holds: set ${codeSpan("retrieved_iso")} of every citation you checked to the day you checked it and ${codeSpan("expires_iso")} to that day plus ${cadence ? CADENCE_DAYS[cadence] : "the cadence's"} days; keep ${codeSpan("version")}. If it changed: record a revision (version + 1, new ${codeSpan("effective_iso")}, one commit for the fact). This issue closes itself once ${codeSpan("expires_iso")} is more than ${withinDays} days ahead.`,
    "",
    `<sub>Updated by the re-verification workflow on ${today}.</sub>`,
  ];
  return {
    factId: fact.id,
    title: `Re-verify ${fact.id} (${due.status === "expired" ? "expired" : "expires"} ${fact.expires_iso})`,
    body: `${lines.join("\n")}\n`,
    deadLinks: dead.map((check) => check.url),
  };
};
