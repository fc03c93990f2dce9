import { compareText } from "../../../lib/text.ts";
import type { Fact, Organisation, PublishedCitation } from "../../../schemas/index.ts";

export interface CitingFact {
  fact: Fact;
  citation: PublishedCitation;
}

export interface CitedSource {
  url: string;
  title: string | undefined;
  citedBy: CitingFact[];
}

export interface SourceOrg {
  /** The organisation as the registry has it: its name, kind and home page. */
  organisation: Organisation;
  /** A fragment id for the organisation: its registry id, so a link to it stays while the facts change. */
  anchor: string;
  sources: CitedSource[];
}

/**
 * Every current citation grouped by the registry's organisation (by `org_id`), then by source URL, each with the facts
 * that cite it. Sorted by name so the page stays put when facts are reordered.
 */
export const citationsByOrg = (facts: readonly Fact[], organisations: readonly Organisation[]): SourceOrg[] => {
  const registry = new Map(organisations.map((organisation) => [organisation.id, organisation]));
  const orgs = new Map<string, Map<string, CitedSource>>();
  for (const fact of facts) {
    for (const citation of fact.citations) {
      const sources = orgs.get(citation.org_id) ?? new Map<string, CitedSource>();
      orgs.set(citation.org_id, sources);
      const source = sources.get(citation.url) ?? { url: citation.url, title: citation.title, citedBy: [] };
      source.title ??= citation.title;
      source.citedBy.push({ fact, citation });
      sources.set(citation.url, source);
    }
  }
  const byName = (a: string, b: string): number => a.localeCompare(b, "en", { sensitivity: "base" }) || compareText(a, b);
  return [...orgs.entries()]
    .map(([id, sources]) => {
      const organisation = registry.get(id);
      // The build publishes every citation through the registry, so its organisation is there.
      if (organisation === undefined) throw new Error(`a citation names the organisation "${id}", which the registry does not hold`);
      const sorted = [...sources.values()].sort((a, b) => byName(a.title ?? a.url, b.title ?? b.url) || byName(a.url, b.url));
      return { organisation, anchor: `org-${id}`, sources: sorted };
    })
    .sort((a, b) => byName(a.organisation.name, b.organisation.name));
};
