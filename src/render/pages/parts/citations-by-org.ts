import { compareText } from "../../../lib/compare-text.ts";
import type { Citation } from "../../../schemas/citation.ts";
import type { Fact } from "../../../schemas/fact.ts";

export interface CitingFact {
  fact: Fact;
  citation: Citation;
}

export interface CitedSource {
  url: string;
  title: string | undefined;
  citedBy: CitingFact[];
}

export interface SourceOrg {
  org: string;
  /** A fragment id for the organisation, unique on the page. */
  anchor: string;
  sources: CitedSource[];
}

const slug = (text: string): string =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/**
 * Every current citation grouped by organisation, then by source URL, each with the facts that cite it.
 * Sorted by name so the page and its anchors stay put when facts are reordered.
 */
export const citationsByOrg = (facts: readonly Fact[]): SourceOrg[] => {
  const orgs = new Map<string, Map<string, CitedSource>>();
  for (const fact of facts) {
    for (const citation of fact.citations) {
      const sources = orgs.get(citation.org) ?? new Map<string, CitedSource>();
      orgs.set(citation.org, sources);
      const source = sources.get(citation.url) ?? { url: citation.url, title: citation.title, citedBy: [] };
      source.title ??= citation.title;
      source.citedBy.push({ fact, citation });
      sources.set(citation.url, source);
    }
  }
  const byName = (a: string, b: string): number => a.localeCompare(b, "en", { sensitivity: "base" }) || compareText(a, b);
  const used = new Set<string>();
  return [...orgs.keys()].sort(byName).map((org) => {
    const base = `org-${slug(org) || "source"}`;
    let anchor = base;
    for (let n = 2; used.has(anchor); n += 1) anchor = `${base}-${n}`;
    used.add(anchor);
    const sources = [...orgs.get(org)!.values()].sort((a, b) => byName(a.title ?? a.url, b.title ?? b.url) || byName(a.url, b.url));
    return { org, anchor, sources };
  });
};
