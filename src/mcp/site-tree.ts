import { z } from "zod";
import { AbsoluteUrl, Fact, FactCatalog, type SearchIndex, SingleFactResponse, type Upcoming } from "../schemas/index.ts";

/** A fact as a built tree publishes it: the build always gives it its canonical URL, which every answer cites. */
export const PublishedFact = Fact.extend({ canonical_url: AbsoluteUrl });
export type PublishedFact = z.infer<typeof PublishedFact>;

export const PublishedCatalog = FactCatalog.extend({ facts: z.array(PublishedFact) });
export type PublishedCatalog = z.infer<typeof PublishedCatalog>;

/** `/by-id/{id}.json`: the fact with everything, its citations' quotes and notes and its history included. */
export const PublishedFactResponse = SingleFactResponse.extend({ fact: PublishedFact });

/** What the server answers from: the published files of one built tree, read and validated once at start. */
export interface SiteTree {
  /** The folder the tree was read from. */
  root: string;
  /** The catalog, for its name, version and license, and its facts in the published order. */
  catalog: PublishedCatalog;
  /** Each fact of the catalog as its single-fact response gives it, in the catalog's order. */
  facts: ReadonlyMap<string, PublishedFact>;
  searchIndex: SearchIndex;
  upcoming: Upcoming;
  /** The withdrawn facts the manifest lists, by id, so that asking for one says it was withdrawn rather than unknown. */
  withdrawn?: ReadonlyMap<string, WithdrawnEntry>;
}

/** One entry of the manifest's `withdrawn` list. */
export interface WithdrawnEntry {
  id: string;
  withdrawn_iso: string;
  superseded_by: string | null;
}
