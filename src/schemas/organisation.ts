import { z } from "zod";
import { HttpsUrl, NonEmptyText } from "./primitives.ts";

/** The id of an organisation in `reference/organisations.json`: lowercase words joined by hyphens (`bc-ministry-of-finance`). */
export const OrganisationId = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, {
  error: "must be an organisation id of reference/organisations.json: lowercase letters and digits joined by hyphens, e.g. bc-ministry-of-finance",
});

/**
 * How a fact file names an organisation: by its id in `reference/organisations.json`. The check's `citation-org` rule
 * holds it to the registry, and names the id meant when a name or a misspelt id is written instead.
 */
export const OrganisationReference = NonEmptyText.describe(
  "The id of the organisation in reference/organisations.json (e.g. bc-ministry-of-finance); npm run check refuses any other.",
);

/**
 * What an organisation is, with the words pages use for it. `government` covers governments and their ministries,
 * departments, legislatures, printers and municipalities (and a body of governments such as a UN conference);
 * `crown-agency` a Crown corporation or a statutory authority that runs a public register; `non-profit` a society,
 * institute or association that is no trade body; `other` a publisher whose nature its pages do not state.
 */
export const ORGANISATION_KIND_WORDS = {
  government: "government",
  regulator: "regulator",
  court: "court",
  "crown-agency": "Crown agency",
  "industry-body": "industry body",
  news: "news",
  firm: "firm",
  "non-profit": "non-profit",
  other: "other publisher",
} as const;
export type OrganisationKind = keyof typeof ORGANISATION_KIND_WORDS;
export const ORGANISATION_KINDS = Object.keys(ORGANISATION_KIND_WORDS) as [OrganisationKind, ...OrganisationKind[]];
export const OrganisationKind = z.enum(ORGANISATION_KINDS);

/** One line of text: names and aliases are shown in lists and headings. */
const Name = NonEmptyText.regex(/^[^\r\n]*$/, { error: "must be one line" });

/**
 * One organisation that publishes a cited source. `home_page` is the organisation's own site (its home page, or for a
 * ministry or branch without one, the government site it publishes on), null when no address of its own site is known;
 * never a guess. `aliases` are the free-text names earlier versions of fact files gave it, so that their citations,
 * published in the diffs, resolve to it too.
 */
export const Organisation = z.strictObject({
  id: OrganisationId,
  name: Name,
  kind: OrganisationKind,
  home_page: HttpsUrl.nullable(),
  aliases: z.array(Name).optional(),
});
export type Organisation = z.infer<typeof Organisation>;

/** `reference/organisations.json`: every organisation a fact cites, each once. */
export const OrganisationRegistry = z.strictObject({
  organisations: z.array(Organisation).min(1, { error: "the registry lists at least one organisation" }),
});
export type OrganisationRegistry = z.infer<typeof OrganisationRegistry>;
