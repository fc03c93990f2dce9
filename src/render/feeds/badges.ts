/**
 * `/api/v1/facts/badges/{id}.json`: each fact's value in force on the build date as a Shields endpoint badge
 * (https://shields.io/badges/endpoint-badge), so another page can show the current value, not a copy that goes stale.
 * docs/consumers/badges.md says how to embed one.
 */
import { factAsOf, SITE_PATHS } from "../../../packages/client/src/index.ts";
import type { Urls } from "../../lib/config.ts";
import { escapeHtml } from "../../lib/text.ts";
import type { Badge, Fact } from "../../schemas/index.ts";
import { jsonText, type SiteEntry, type SiteModel } from "../site-model.ts";
import { isAnnouncedOnly } from "../text.ts";

/** The most characters a badge's message has: a badge is one short line beside other badges. */
export const BADGE_MESSAGE_CHARACTERS = 80;
/** The most characters a badge's label has. */
export const BADGE_LABEL_CHARACTERS = 40;
/**
 * How long Shields may keep a badge: an hour, as long as a browser may keep any file of the API (`max-age` of the
 * Cache-Control the API is served with). Shields' minimum is 300.
 */
export const BADGE_CACHE_SECONDS = 3600;

/**
 * A badge's colours: verified, announced but not confirmed enacted, past its re-verification date, and withdrawn or
 * not in force.
 */
export const BADGE_COLORS = {
  current: "blue",
  announced: "yellow",
  unverified: "orange",
  inactive: "lightgrey",
} as const;

const ELLIPSIS = "…";

/**
 * Whether `text` may be cut before position `index` at `level`: 0 between the parts of a summary ("; "), 1 between
 * the items of a list (", " not followed by a digit, so "February 21, 2018" stays whole), 2 at any other space but the
 * one inside a date ("21, 2018"). A cut is always at a space, so never inside a number such as "$2,075,000" or "0.25".
 */
const breaksAt = (text: string, index: number, level: number): boolean => {
  if (level === 0) return text.startsWith("; ", index);
  if (level === 1) return text.startsWith(", ", index) && !/\d/.test(text[index + 2] ?? "");
  return (
    text[index] === " " &&
    !(text[index - 1] === "," && /\d/.test(text[index - 2] ?? "") && /\d/.test(text[index + 1] ?? ""))
  );
};

/**
 * An aside in parentheses at the end of a field's label, without a digit: "(housing costs as a share of gross income)"
 * of "Highest gross debt service ratio (housing costs as a share of gross income): 39%". Only before a label's colon,
 * never in a value, where parentheses are part of a name ("Residential Property (Short-Term Holding) Profit Tax Act").
 */
const ASIDE = / \([^()\d]*\)(?=: )/g;

/**
 * `text` in at most `max` characters: whole when it fits; otherwise without the asides of its field labels (ASIDE);
 * and, when that is still too long, cut at the last boundary (the end of a part, so that whole parts are kept; else of
 * a list item that leaves at least half the room, else of a word), its trailing punctuation dropped, with an ellipsis.
 * Never cut inside a word, so never inside a number. A text of one word longer than the room (none is published) is
 * cut before the number it ends in, if any.
 */
export const shortText = (text: string, max: number): string => {
  if (text.length <= max) return text;
  const bare = text.replace(ASIDE, "");
  if (bare.length <= max) return bare;
  const room = max - ELLIPSIS.length;
  for (const level of [0, 1, 2]) {
    for (let index = room; index >= (level === 1 ? Math.ceil(room / 2) : 1); index--) {
      if (!breaksAt(bare, index, level)) continue;
      const kept = bare.slice(0, index).replace(/[\s;:,(–-]+$/u, "");
      if (kept.length > 0) return `${kept}${ELLIPSIS}`;
    }
  }
  let cut = room;
  while (cut > 0 && /[\d.,$%]/.test(bare[cut - 1]!) && /[\d.,%]/.test(bare[cut]!)) cut--;
  return `${bare.slice(0, cut)}${ELLIPSIS}`;
};

/**
 * A fact's label for its badge: the label when it fits; otherwise its name before a colon ("Bill 44 (2022)" of
 * "Bill 44 (2022): strata rental restrictions and age bylaws") when that is a name and fits, or the label without its
 * closing parenthesis, or the label cut short.
 */
export const badgeLabel = (label: string): string => {
  if (label.length <= BADGE_LABEL_CHARACTERS) return label;
  const head = label.split(": ")[0]!;
  if (head !== label && head.length >= 12 && head.length <= BADGE_LABEL_CHARACTERS) return head;
  const bare = label.replace(/\s*\([^()]*\)$/, "");
  return shortText(bare, BADGE_LABEL_CHARACTERS);
};

/**
 * A fact's badge on `today`: the summary of its value in force that day (never a scheduled value), in blue; past its
 * re-verification date (`expires_iso`) the message begins "unverified since" that date, in orange; a rule announced
 * but not confirmed enacted (`legislative_status`) begins "announced, not enacted", in yellow. A withdrawn fact's
 * badge says "withdrawn" with the date and the id of the fact that replaces it, if any, in light grey; so does one with
 * no value in force that day ("not in force until" its effective date). A value whose summary is empty (one whose
 * fields are all groups) says when it took effect; its page has the value.
 */
export const factBadge = (
  fact: Fact,
  today: string,
  withdrawal?: { withdrawn_iso: string; superseded_by: { id: string | null } | null },
): Badge => {
  const badge = (message: string, color: Badge["color"]): Badge => ({
    schemaVersion: 1,
    label: badgeLabel(fact.label),
    message: shortText(message, BADGE_MESSAGE_CHARACTERS),
    color,
    cacheSeconds: BADGE_CACHE_SECONDS,
  });
  if (withdrawal !== undefined)
    return badge(
      `withdrawn ${withdrawal.withdrawn_iso}${withdrawal.superseded_by?.id ? `; see ${withdrawal.superseded_by.id}` : ""}`,
      BADGE_COLORS.inactive,
    );
  const inForce = factAsOf(fact, today);
  if (inForce === undefined) return badge(`not in force until ${fact.effective_iso}`, BADGE_COLORS.inactive);
  const value = inForce.summary || `in force since ${inForce.effective_iso}`;
  if (fact.expires_iso < today) {
    const prefix = `unverified since ${fact.expires_iso}: `;
    return badge(`${prefix}${shortText(value, BADGE_MESSAGE_CHARACTERS - prefix.length)}`, BADGE_COLORS.unverified);
  }
  if (isAnnouncedOnly(inForce.value)) {
    // An announced rule is not law yet as far as the catalog knows: the badge says so before its numbers.
    const prefix = "announced, not enacted: ";
    return badge(`${prefix}${shortText(value, BADGE_MESSAGE_CHARACTERS - prefix.length)}`, BADGE_COLORS.announced);
  }
  return badge(value, BADGE_COLORS.current);
};

/** Shields' image of an endpoint badge: its address is given to Shields percent-encoded, as its `url` parameter. */
export const shieldsImageUrl = (badgeUrl: string): string =>
  `https://img.shields.io/endpoint?url=${encodeURIComponent(badgeUrl)}`;

/**
 * The HTML a page embeds to show a fact's badge (docs/consumers/badges.md): Shields' image of it, linked to the fact's
 * page, with the fact's label as its text alternative.
 */
export const badgeEmbedHtml = (fact: Pick<Fact, "id" | "label">, urls: Urls): string =>
  `<a href="${escapeHtml(urls.factPage(fact.id))}"><img alt="${escapeHtml(`${fact.label}: current value`)}" src="${escapeHtml(shieldsImageUrl(urls.badge(fact.id)))}"></a>`;

/** A badge per published fact, and per withdrawn fact (its tombstone's), on the build date. */
export function* renderBadges(model: SiteModel): Generator<SiteEntry> {
  for (const fact of model.facts) yield [SITE_PATHS.badge(fact.id), jsonText(factBadge(fact, model.today))];
  for (const { fact, withdrawal } of model.withdrawn)
    yield [
      SITE_PATHS.badge(fact.id),
      jsonText(
        factBadge(fact, model.today, {
          withdrawn_iso: withdrawal.withdrawn_iso,
          superseded_by: withdrawal.superseded_by,
        }),
      ),
    ];
}
