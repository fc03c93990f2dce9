/**
 * The renderers' input and what every renderer shares: the site model `buildModel` computes, the map of published
 * files with the compact JSON they hold, and the counts of the sources the facts cite (llms.txt, the sources page, the
 * MCP server's instructions).
 */
import type { ComputedSeries } from "../affordability/compute-series.ts";
import type { IndexData } from "../affordability/index-data.ts";
import type { CommitInfo, FactTimeline } from "../derive/fact-history.ts";
import type { Urls } from "../lib/config.ts";
import type {
  ChangeEvent,
  CitationKind,
  DiffIndex,
  Fact,
  FactDiff,
  Organisation,
  PlaceRecord,
  PublishedCitation,
  SigningKeySet,
  Withdrawal,
} from "../schemas/index.ts";
import { ORGANISATION_KIND_WORDS, ORGANISATION_KINDS, type OrganisationKind } from "../schemas/index.ts";
import type { PageLanguage } from "./page-language.ts";

/**
 * The renderers' one input: what `buildModel` (src/build) computes from the data and its git history. Every
 * renderer is a function of it, so the build decides what is published and the renderers only how it is written.
 */
/** A withdrawn fact: its last state as published (with its history) and why it was withdrawn. */
export interface WithdrawnFact {
  fact: Fact;
  withdrawal: Withdrawal;
}

export interface SiteModel {
  urls: Urls;
  /** The WebSub hub every feed names (FACTS_WEBSUB_HUB); undefined when push is off. */
  websubHub?: string;
  /**
   * The GitHub repository (`owner/name`, FACTS_REPOSITORY) the fact pages link to, to report an error or edit a fact's
   * file.
   */
  repository: string;
  /** The build date (FACTS_TODAY or today in UTC): what is upcoming is counted from it. */
  today: string;
  /** The time of the newest commit that touched the data: two builds of one commit are identical. */
  generatedAt: string;
  /**
   * The time of the newest commit that touched the affordability index's inputs (`index-data/`), or `generatedAt`
   * when none has: what the index's page and files are dated by, so a fact's edit leaves them as they were.
   */
  indexChangedAt: string;
  /** The facts in force: everything that lists facts (catalog, bundles, feeds, pages, search) reads these. */
  facts: Fact[];
  /** The withdrawn facts (tombstones), by id: published only at their `by-id/{id}.json` and in the manifest's list. */
  withdrawn: WithdrawnFact[];
  timelines: Map<string, FactTimeline>;
  /** The commit of each fact's current state (its last re-verification or revision). */
  lastChanged: Map<string, CommitInfo>;
  diffs: FactDiff[];
  diffIndex: DiffIndex;
  /** Every committed change of every fact, newest first: `changes.json` and `changes.csv`. */
  changes: ChangeEvent[];
  /** The affordability index inputs and the series computed from them. */
  index: ComputedSeries & { data: IndexData };
  /** The registry of the organisations the facts cite (reference/organisations.json): the sources page groups by it. */
  organisations: readonly Organisation[];
  /**
   * The words people search with that the facts do not use, by fact id (reference/search-aliases.json): the search
   * index adds them to each fact's aliases.
   */
  searchAliases: ReadonlyMap<string, readonly string[]>;
  /**
   * Every place of the register (reference/places.json), by id, with the periods of each rule that applies by area
   * there, derived from the facts that hold the areas (src/derive/place-rules.ts).
   */
  places: PlaceRecord[];
  /**
   * The public keys consumers may check the manifest's signature with (keys/jwks.json), published at
   * /.well-known/jwks.json.
   */
  signingKeys: SigningKeySet;
  /**
   * `/assets/calculators.js`: the client's calculators bundled for the calculators page
   * (src/build/bundle-scripts.ts).
   */
  calculatorsScript: string;
  /**
   * `/assets/search.js`: the catalog page's search, bundled with the one ranking the MCP server uses
   * (src/build/bundle-scripts.ts).
   */
  searchScript: string;
  /** The languages the pages are published in, English (authoritative) first, each with its words. */
  languages: PageLanguage[];
}

/** The published tree: absolute URL path ("/api/v1/...") to file content. */
export type SiteFiles = Map<string, string | Uint8Array>;
/** One published file: its site path and its content, as text or bytes. */
export type SiteEntry = readonly [path: string, content: string | Uint8Array];

/**
 * When a fact last changed (its newest revision or re-verification), or, for facts the model does not know, the
 * newest change to the data: what a file or page of that fact alone is dated by, so another fact's edit leaves it as
 * it was.
 */
export const factChangedAt = (model: Pick<SiteModel, "lastChanged" | "generatedAt">, id: string): string =>
  model.lastChanged.get(id)?.committed_at ?? model.generatedAt;

/** The newest of the facts' last changes: what a file listing only those facts (a domain's bundle) is dated by. */
export const newestChangeOf = (model: Pick<SiteModel, "lastChanged" | "generatedAt">, ids: readonly string[]): string =>
  ids
    .map((id) => factChangedAt(model, id))
    .reduce<string | undefined>((newest, at) => (newest === undefined || at > newest ? at : newest), undefined) ??
  model.generatedAt;

/**
 * JSON as published: compact, to keep payloads within their budgets (docs/maintainers/payload-budgets.md), with a final
 * newline.
 */
export const jsonText = (value: unknown): string => `${JSON.stringify(value)}\n`;

/** How many of a fact's sources are official texts, official copies and secondary sources, and the same in one line. */
export interface SourceCounts {
  official: number;
  official_copy: number;
  secondary: number;
  total: number;
  /** The counts by kind alone: "1 official, 2 official copies". */
  kinds: string;
  /** "3 sources: 1 official, 2 official copies", "1 source: 0 official, 1 secondary". */
  text: string;
}

const plural = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`;

const countOf = (citations: readonly { kind?: CitationKind | undefined }[], kind: CitationKind): number =>
  citations.filter((citation) => citation.kind === kind).length;

/**
 * The citation kinds of one fact's sources, counted: what the fact's page and the catalog's row say of them. The
 * official count is always stated, so a fact that rests on no official text says so; the others when there are any.
 */
export const sourceCounts = (fact: { citations: readonly { kind?: CitationKind | undefined }[] }): SourceCounts => {
  const official = countOf(fact.citations, "official");
  const officialCopy = countOf(fact.citations, "official-copy");
  const secondary = countOf(fact.citations, "secondary");
  const parts = [
    `${official} official`,
    ...(officialCopy > 0 ? [plural(officialCopy, "official copy", "official copies")] : []),
    ...(secondary > 0 ? [`${secondary} secondary`] : []),
  ];
  const total = fact.citations.length;
  const kinds = parts.join(", ");
  return {
    official,
    official_copy: officialCopy,
    secondary,
    total,
    kinds,
    text: `${plural(total, "source", "sources")}: ${kinds}`,
  };
};

const KIND_SINGULARS: Record<OrganisationKind, string> = {
  ...ORGANISATION_KIND_WORDS,
  government: "government body",
  news: "news publisher",
  "non-profit": "non-profit",
};

const KIND_PLURALS: Record<OrganisationKind, string> = {
  government: "government bodies",
  intergovernmental: "intergovernmental bodies",
  regulator: "regulators",
  court: "courts",
  "crown-agency": "Crown agencies",
  "statutory-authority": "statutory authorities",
  "industry-body": "industry bodies",
  news: "news publishers",
  firm: "firms",
  "non-profit": "non-profits",
  other: "other publishers",
};

/**
 * "3 government bodies, 1 regulator and 2 firms": a count of organisations by kind, in the registry's order of kinds.
 */
export const organisationKindsText = (counts: ReadonlyMap<OrganisationKind, number>): string => {
  const parts = ORGANISATION_KINDS.filter((kind) => (counts.get(kind) ?? 0) > 0).map((kind) => {
    const count = counts.get(kind)!;
    return `${count} ${count === 1 ? KIND_SINGULARS[kind] : KIND_PLURALS[kind]}`;
  });
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
};

/**
 * What the catalog's sources are, counted from the published facts at build time: how many citations of which kind,
 * from how many organisations of which kinds. llms.txt, the sources page and the MCP server's instructions say this.
 */
export const sourcesSummary = (
  facts: readonly { citations: readonly Pick<PublishedCitation, "kind" | "org_id" | "org_kind">[] }[],
): string => {
  const citations = facts.flatMap((fact) => fact.citations);
  const kinds = new Map<string, OrganisationKind>(citations.map((citation) => [citation.org_id, citation.org_kind]));
  const byKind = new Map<OrganisationKind, number>();
  for (const kind of kinds.values()) byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
  const counts = sourceCounts({ citations });
  return (
    `The ${plural(facts.length, "fact carries", "facts carry")} ${plural(citations.length, "citation", "citations")} ` +
    `(${counts.official} official, ${plural(counts.official_copy, "official copy", "official copies")} read on another site, ${counts.secondary} secondary) ` +
    `of ${plural(kinds.size, "organisation", "organisations")}: ${organisationKindsText(byKind)}.`
  );
};
