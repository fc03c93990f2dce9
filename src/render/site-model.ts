import type { ComputedSeries } from "../affordability/compute-series.ts";
import type { IndexData } from "../affordability/load-index-data.ts";
import type { CommitInfo, FactTimeline } from "../derive/history/index.ts";
import type { Urls } from "../lib/config.ts";
import type { ChangeEvent, DiffIndex, Fact, FactDiff, Organisation, SigningKeySet, Withdrawal } from "../schemas/index.ts";

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
  /** The GitHub repository (`owner/name`, FACTS_REPOSITORY) the fact pages link to, to report an error or edit a fact's file. */
  repository: string;
  /** The build date (FACTS_TODAY or today in UTC): what is upcoming is counted from it. */
  today: string;
  /** The time of the newest commit that touched the data: two builds of one commit are identical. */
  generatedAt: string;
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
  /** The public keys consumers may check the manifest's signature with (keys/jwks.json), published at /.well-known/jwks.json. */
  signingKeys: SigningKeySet;
  /** `/assets/calculators.js`: the client's calculators bundled for the calculators page (src/build/bundle-calculators.ts). */
  calculatorsScript: string;
}
