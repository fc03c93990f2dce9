import { z } from "zod";
import { AbsoluteUrl } from "./primitives.ts";

/** docs/consumers/api.md#search-index: one pre-normalized item per fact; `search_text` and `aliases` are lowercase. */
const Lowercase = z.string().refine((text) => text === text.toLowerCase(), { error: "must be pre-lowercased" });

export const SearchIndexItem = z.object({
  id: z.string(),
  label: z.string(),
  domain: z.string(),
  url: AbsoluteUrl,
  page_url: AbsoluteUrl.optional(),
  search_text: Lowercase,
  aliases: z.array(Lowercase),
});
export type SearchIndexItem = z.infer<typeof SearchIndexItem>;

export const SearchIndex = z.array(SearchIndexItem);
export type SearchIndex = z.infer<typeof SearchIndex>;
