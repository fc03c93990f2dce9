import { z } from "zod";

/** The six domains, in the order docs/consumers/api.md#domains lists them. */
export const DOMAINS = ["tax", "mortgage", "legal", "foreign-buyer", "strata", "rental"] as const;
export const Domain = z.enum(DOMAINS);
export type Domain = z.infer<typeof Domain>;

/** A calendar date `YYYY-MM-DD`; zod's ISO date check refuses impossible days such as 2026-02-30. */
export const IsoDate = z.iso.date({ error: "must be a real calendar date written YYYY-MM-DD" });
export type IsoDate = z.infer<typeof IsoDate>;

export const IsoDateTime = z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time" });

/** The characters RFC 3986 allows in a URI; anything else must be percent-encoded. */
const URI_CHARACTERS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+$/;

/**
 * Absolute `https` URL: every citation and published address must be fetchable over TLS. The published schemas say
 * `format: "uri"`, which strict consumers check, so characters RFC 3986 does not allow (such as `{` or a space) are
 * refused here rather than published.
 */
export const HttpsUrl = z
  .url({
    protocol: /^https$/,
    hostname: z.regexes.domain,
    error: "must be an absolute https URL",
  })
  .refine((url) => URI_CHARACTERS.test(url), { error: "must be a URI: percent-encode characters RFC 3986 does not allow (such as { } | or a space)" });

/** Any absolute http(s) URL, for addresses built from FACTS_BASE_URL (which is http://localhost in local runs). */
export const AbsoluteUrl = z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" });

/** Dot-namespaced fact id, e.g. `bc.ptt.brackets`, `ca.foreign_buyer_ban.exemptions`, `bc.rent_cap.2026`. */
export const FactId = z.string().regex(/^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/, {
  error: "must be a dot-namespaced id of lowercase letters, digits and underscores, e.g. bc.ptt.brackets",
});

export const NonEmptyText = z.string().trim().min(1, { error: "must not be empty" });

/** One line of at most 280 characters: a scheduled change's note and impact, an expected announcement's `what`. */
export const OneLine = NonEmptyText.regex(/^[^\r\n]*$/, { error: "must be one line" }).max(280, { error: "must be at most 280 characters" });

/**
 * The name of a yearly series of facts (`bc.rent_cap`, `bc.svt.rates`), spelled like a fact id and never one: each year
 * is its own fact, and the series name is the stable alias that answers the one in force.
 */
export const SeriesId = z.string().regex(/^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/, {
  error: "must be a dot-namespaced name of lowercase letters, digits and underscores, e.g. bc.rent_cap",
});
