import { addDays } from "../../../lib/dates.ts";
import { UPCOMING_WINDOW_DAYS, upcomingItems } from "../../feeds/upcoming-items.ts";
import type { SiteModel } from "../../site-model.ts";
import { readableDate } from "../text/format-date.ts";
import { html } from "../text/html.ts";
import { sitePath } from "../text/site-path.ts";

/** The page lists only the lapses of the next two months; the calendar, feed and JSON carry the whole year. */
const LAPSES_SHOWN_DAYS = 60;

const KIND_TEXT = { "scheduled-change": "takes effect", "verification-lapse": "re-verify by", "expected-announcement": "expected by" } as const;

/**
 * The catalog's "Upcoming" section: scheduled changes first (what will change), then expected announcements (past
 * due ones first, saying so), then the verification lapses of the next 60 days, with the calendar and the Atom feed
 * that carry the whole window.
 */
export const renderUpcomingSection = (model: SiteModel) => {
  const items = upcomingItems(model.facts, model.urls, model.today);
  const changes = items.filter((item) => item.kind === "scheduled-change");
  const soon = addDays(model.today, LAPSES_SHOWN_DAYS);
  const lapses = items.filter((item) => item.kind === "verification-lapse" && item.date <= soon);
  const expected = items.filter((item) => item.kind === "expected-announcement");
  const link = (absolute: string) => sitePath(model.urls, absolute);
  const row = (item: (typeof items)[number]) =>
    html`<li><time datetime="${item.date}">${readableDate(item.date)}</time> ${KIND_TEXT[item.kind]}: <a href="${link(model.urls.factPage(item.fact_id))}">${item.label}</a>${item.status ? html` <span class="status status-${item.status}">${item.status}</span>` : ""}${item.note ? html`<br><span class="note">${item.note}</span>` : ""}</li>
`;
  // A past-due announcement leads with that, since its date alone reads like an event already over.
  const expectedRow = (item: (typeof items)[number]) =>
    html`<li${item.past_due ? html` class="past-due"` : ""}>${item.past_due ? html`<strong class="status status-past-due">past due since <time datetime="${item.date}">${readableDate(item.date)}</time>, not yet announced</strong>: ` : html`expected by <time datetime="${item.date}">${readableDate(item.date)}</time>: `}<a href="${link(model.urls.factPage(item.fact_id))}">${item.label}</a>${item.expected ? html`<br><span class="note">${item.expected.what} (<a href="${item.expected.where.url}">${item.expected.where.org}</a>)</span>` : ""}</li>
`;
  return html`<section class="upcoming" id="upcoming" aria-labelledby="upcoming-title">
<h2 id="upcoming-title">Upcoming</h2>
<p>Rules announced or enacted for a later date, published on the day they take effect, and the dates by which yearly values are normally announced (as of ${readableDate(model.today)}).
Follow the rule changes (these, and each revision when it is published) in a calendar (<a href="${link(model.urls.changesCalendar)}">iCalendar</a>) or a feed reader (<a href="${link(model.urls.changesFeed)}">Atom</a>).
The upcoming files (<a href="${link(model.urls.upcomingCalendar)}">iCalendar</a>, <a href="${link(model.urls.upcomingFeed)}">Atom</a>, <a href="${link(model.urls.upcoming)}">JSON</a>) cover the next ${UPCOMING_WINDOW_DAYS} days and add the dates by which each fact is checked again against its sources.</p>
<h3>Scheduled changes</h3>
${
  changes.length === 0
    ? html`<p>None scheduled in the next ${UPCOMING_WINDOW_DAYS} days.</p>`
    : html`<ul class="upcoming-list">
${changes.map(row)}</ul>`
}
<h3>Expected announcements</h3>
${
  expected.length === 0
    ? html`<p>None expected in the next ${UPCOMING_WINDOW_DAYS} days.</p>`
    : html`<ul class="upcoming-list">
${expected.map(expectedRow)}</ul>`
}
<h3>Verification lapses in the next ${LAPSES_SHOWN_DAYS} days</h3>
${
  lapses.length === 0
    ? html`<p>None.</p>`
    : html`<ul class="upcoming-list">
${lapses.map(row)}</ul>`
}
</section>
`;
};
