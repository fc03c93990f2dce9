import type { SourceFinding, SourceVerdict } from "./check-sources.ts";

export const VERDICT_TEXT: Record<SourceVerdict, string> = {
  "quote-found": "quote found",
  "quote-gone": "QUOTE GONE",
  "page-ok": "answers",
  "page-gone": "PAGE GONE",
  unverified: "unverified",
};

/** Whether a finding needs a person: the cited text or the page itself is gone. */
export const needsAttention = (finding: SourceFinding): boolean => finding.verdict === "quote-gone" || finding.verdict === "page-gone";

/** "page unchanged since 2026-11-23", "page changed since the last check", "page read for the first time". */
export const describePage = (finding: SourceFinding): string | undefined => {
  if (!finding.page) return undefined;
  if (finding.page.change === "first-seen") return "page read for the first time";
  if (finding.page.change === "changed") return "page changed since the last check";
  return `page unchanged since ${finding.page.since}`;
};

/** One line per finding for the command's output; the closest passage is quoted on the line after. */
export const describeFinding = (finding: SourceFinding): string => {
  const { source } = finding;
  const notes = [
    finding.verdict === "quote-found" || finding.verdict === "page-ok" ? undefined : finding.detail,
    describePage(finding),
    ...finding.redirects.map((hop) => `${hop.status} to ${hop.to}`),
  ].filter(Boolean);
  const head = `${VERDICT_TEXT[finding.verdict].padEnd(11)} ${source.factId} ${source.pointer} ${source.url}${notes.length > 0 ? ` (${notes.join("; ")})` : ""}`;
  return finding.closest && finding.verdict !== "quote-found"
    ? `${head}\n            closest passage now (similarity ${finding.closest.similarity}): "${finding.closest.passage}"`
    : head;
};
