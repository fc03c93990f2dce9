/**
 * Text for pages and feeds: the `html` template that escapes everything it is given, site paths and fact links, the
 * domain names, the glossary's labels for keys, and a fact's value in words (`describeValue`).
 */

import { ENGLISH } from "../i18n/locales.ts";
import type { MessageValue, Words } from "../i18n/words.ts";
import { englishWords } from "../i18n/words-files.ts";
import type { Urls } from "../lib/config.ts";
import { escapeHtml } from "../lib/text.ts";
import { glossary } from "../model/reference.ts";
import type { Bracket, Domain, GlossaryKind, HistoryEntry, OrganisationKind } from "../schemas/index.ts";
import { isBracketArray, type KeyDescription, type ValueWords, valueWords } from "./value-words.ts";

export type { KeyDescription };

/**
 * A fragment of markup that is already safe to emit. Only `html` and `trustedHtml` make one, so every string that
 * reaches a page went through `escapeHtml` unless the code says otherwise in so many words.
 */
export interface Html {
  readonly markup: string;
}

/** Wraps markup the caller built itself (a stylesheet, a JSON-LD block it escaped); never pass data through it. */
export const trustedHtml = (markup: string): Html => ({ markup });

/**
 * What a template slot accepts: nothing is rendered for null, undefined and false, so optional parts read naturally.
 */
export type HtmlSlot = Html | string | number | null | undefined | false | readonly HtmlSlot[];

const isHtml = (slot: unknown): slot is Html =>
  typeof slot === "object" && slot !== null && "markup" in slot && !Array.isArray(slot);

const renderSlot = (slot: HtmlSlot): string => {
  if (slot === null || slot === undefined || slot === false) return "";
  if (isHtml(slot)) return slot.markup;
  if (Array.isArray(slot)) return slot.map(renderSlot).join("");
  return escapeHtml(String(slot));
};

/** Tagged template: the literal parts are markup, every interpolated value is escaped unless it is already `Html`. */
export const html = (strings: TemplateStringsArray, ...slots: readonly HtmlSlot[]): Html => ({
  markup: strings.reduce(
    (markup, literal, index) => markup + literal + (index < slots.length ? renderSlot(slots[index]!) : ""),
    "",
  ),
});

/**
 * A message with markup in it ("Found a mistake? <issue>Open an issue</issue>."): its words escaped, the values and
 * tags the caller passes (links, emphasis) as the markup they are.
 */
export const rich = (w: Words, key: string, values: Record<string, MessageValue<Html>>): Html =>
  html`${w.parts<Html>(key, values).map((part) => (typeof part === "string" ? part : html`${part}`))}`;

/**
 * Text that stays English on every page (a version's note, a source's terms, the data's free text): on a translation
 * it carries `lang`, so a reader's voice reads it as English; on the English page it is the text alone.
 */
export const englishText = (lang: { readonly english: boolean }, text: string): Html =>
  lang.english ? html`${text}` : html`<span lang="${ENGLISH.tag}">${text}</span>`;

/**
 * A published address relative to the pages, which all sit at the root of the tree: links keep working when the
 * tree is served under another host or path than FACTS_BASE_URL (a preview, a mirror, `npm start` on another port).
 */
export const sitePath = (urls: Urls, absolute: string): string => {
  if (absolute === urls.catalogPage) return "./";
  if (absolute.startsWith(`${urls.base}/#`)) return `./${absolute.slice(urls.base.length + 1)}`;
  return absolute.startsWith(`${urls.base}/`) ? absolute.slice(urls.base.length + 1) : absolute;
};

/** The domains of docs/consumers/api.md#domains as headings and filter options. */
export const DOMAIN_NAMES: Record<Domain, string> = {
  tax: "Tax",
  mortgage: "Mortgage",
  legal: "Legal",
  "foreign-buyer": "Foreign buyers",
  strata: "Strata",
  rental: "Rental",
};

/** A domain's name in a language, as the catalog's headings and filter give it. */
export const domainName = (w: Words, domain: Domain): string => {
  switch (domain) {
    case "tax":
      return w.text("domain.tax");
    case "mortgage":
      return w.text("domain.mortgage");
    case "legal":
      return w.text("domain.legal");
    case "foreign-buyer":
      return w.text("domain.foreign-buyer");
    case "strata":
      return w.text("domain.strata");
    case "rental":
      return w.text("domain.rental");
  }
};

/** What one organisation of a kind is called in a language: "Crown agency", "court". */
export const organisationKindWord = (w: Words, kind: OrganisationKind): string => {
  switch (kind) {
    case "government":
      return w.text("sources.one.government");
    case "intergovernmental":
      return w.text("sources.one.intergovernmental");
    case "regulator":
      return w.text("sources.one.regulator");
    case "court":
      return w.text("sources.one.court");
    case "crown-agency":
      return w.text("sources.one.crown-agency");
    case "statutory-authority":
      return w.text("sources.one.statutory-authority");
    case "industry-body":
      return w.text("sources.one.industry-body");
    case "news":
      return w.text("sources.one.news");
    case "firm":
      return w.text("sources.one.firm");
    case "non-profit":
      return w.text("sources.one.non-profit");
    case "other":
      return w.text("sources.one.other");
  }
};

/** The id of a domain's section on the catalog page; fact ids have no hyphen, so the two never collide. */
export const domainSectionId = (domain: Domain): string => `domain-${domain}`;

export type KeyKind = GlossaryKind;

/** The glossary's own (English) words for values: what the feeds, the API's summaries and the English pages say. */
const english = (): ValueWords => {
  englishValueWords ??= valueWords(englishWords());
  return englishValueWords;
};
let englishValueWords: ValueWords | undefined;

/** How the value under a key is read: its label, kind and members, as the glossary gives them. */
export const describeKey = (key: string): KeyDescription => english().describeKey(key);

/** Whether the glossary has words for `key`, so a page can mark the key it lacks (see describeKey). */
export const hasGlossaryEntry = (key: string): boolean => Object.hasOwn(glossary().keys, key);

/** A number under a key, written for people by the key's kind: "$1,500,000", "2.3%", "55 days", "2026", "10,000". */
export const formatNumberFor = (key: string, value: number): string => english().formatNumberFor(key, value);

/**
 * A string under a key, written for people: an enumeration member in the glossary's words ("Rapid transit
 * station" for "rapid-transit-station"), an ISO date spelled out, any other text as written.
 */
export const formatTextFor = (key: string, value: string): string => english().formatTextFor(key, value);

/**
 * A value that is one bare number, read by the fact's `unit` (CONTRIBUTING.md, "A fact file"): money or a percentage.
 * The unit string itself is a code for programs and never shown.
 */
export const formatNumberWithUnit = (value: number, unit: string | undefined): string =>
  english().formatNumberWithUnit(value, unit);

/** The page of a fact id that exists, as a link from the pages; undefined for any other word. */
export type FactLinks = (id: string) => string | undefined;

/** Links to the pages of the facts in `ids`, relative like every link between the pages. */
export const factLinks = (urls: Urls, ids: Iterable<string>): FactLinks => {
  const known = new Set(ids);
  return (id) => (known.has(id) ? sitePath(urls, urls.factPage(id)) : undefined);
};

/** Something that may be a fact id: dotted lowercase words, "bc.ptt.brackets", "bc.rent_cap.2026". */
const CANDIDATE = /(?<![\w.])[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+/g;

/**
 * Text with every fact id in it that names a fact linked to that fact's page: "see osfi.b20.stress_test" reads with
 * a link. A candidate that is not an id loses its last dotted part until it is one ("bc.pds.html" links bc.pds) or
 * nothing is left, so a sentence's closing period or a file name around an id does not hide it.
 */
export const withFactLinks = (text: string, links: FactLinks | undefined): Html => {
  if (links === undefined) return html`${text}`;
  const parts: Html[] = [];
  let last = 0;
  for (const match of text.matchAll(CANDIDATE)) {
    let id = match[0];
    let href = links(id);
    while (href === undefined && id.includes(".")) {
      id = id.slice(0, id.lastIndexOf("."));
      href = links(id);
    }
    if (href === undefined) continue;
    parts.push(html`${text.slice(last, match.index)}<a href="${href}"><code>${id}</code></a>`);
    last = match.index + id.length;
  }
  parts.push(html`${text.slice(last)}`);
  return html`${parts}`;
};

export { isBracketArray };

/** "1% up to $200,000; 2% up to $2,000,000; 3% above $2,000,000": a bracket schedule in one line. */
export const describeBrackets = (brackets: readonly Bracket[]): string => english().describeBrackets(brackets);

/**
 * Whether a value records a rule announced but not confirmed enacted (`legislative_status: "announced-not-enacted"`,
 * CONTRIBUTING.md): its page, its catalog row and its badge say so before its numbers.
 */
export const isAnnouncedOnly = (value: unknown): boolean =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  (value as Record<string, unknown>).legislative_status === "announced-not-enacted";

/**
 * What a null under `key` means, in the glossary's words (`null_means`: "No separate rate is offered"), or "not
 * stated" for a key whose glossary entry gives none: never a bare "none", which reads as zero.
 */
export const nullWords = (key: string): string => english().nullWords(key);

/**
 * A one-line reading of a fact's value for feeds, text catalogs and the catalog page: the schedule, or the first
 * `fields` plain fields of an object (numbers, dates, words and yes/no; lists and groups are left to the full
 * record), each labelled by the glossary.
 */
export const describeValue = (value: unknown, unit?: string, fields = 6): string =>
  english().describeValue(value, unit, fields);

/**
 * A period's value in one line of plain words (each history entry's `summary`, and the fact's own): the fields `keys`
 * names, in that order, when the fact declares them (`summary_keys`), or else its first plain fields, each labelled by
 * the glossary. A label names the rule; this line carries the numbers of one period.
 */
export const summarizeValue = (value: unknown, unit?: string, keys?: readonly string[]): string =>
  english().summarizeValue(value, unit, keys);

/**
 * How a corrected version is described, in the language of `w` (English by default, for the feeds and the MCP
 * server): "corrected in version N" when a later version restated the same period, or, when the version was set aside
 * for the periods recorded from its sources (`corrected_versions`), that it was replaced by them; `corrected_by` then
 * names the version the fact was at when the periods were recorded, which took effect later and restated nothing of it.
 */
export const correctionWords = (
  fact: { version: number; effective_iso: string; history: readonly Pick<HistoryEntry, "version" | "effective_iso">[] },
  entry: Pick<HistoryEntry, "effective_iso" | "corrected_by">,
  w: Words = englishWords(),
): string => {
  const by = entry.corrected_by;
  if (by === undefined) return "";
  const corrector =
    by === fact.version ? fact.effective_iso : fact.history.find((each) => each.version === by)?.effective_iso;
  const replaced = corrector !== undefined && entry.effective_iso !== undefined && corrector > entry.effective_iso;
  return w.text("fact.correction", { replaced: replaced ? "yes" : "no", version: by });
};
