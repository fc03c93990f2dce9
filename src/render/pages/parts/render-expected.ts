import type { Fact } from "../../../schemas/index.ts";
import { expectedStatus } from "../../../schemas/index.ts";
import { type Html, html, readableDate } from "../text/index.ts";

/**
 * A fact's next expected announcement: what is expected, by when, where it will be published and, once `by_iso` has
 * passed with no new value recorded, that it is past due, so a reader does not take the current value for the
 * next period's.
 */
export const renderExpected = (fact: Fact, today: string, detail: "brief" | "full"): Html => {
  const expected = fact.next_expected;
  const status = expectedStatus(fact, today);
  // Once the newer value is recorded, the Scheduled section or the value itself says it; nothing is awaited.
  if (expected === undefined || status === undefined || status === "recorded") return html``;
  const pastDue = status === "past-due";
  return html`${detail === "full" ? html`<h2>Next expected</h2>` : html`<h4>Next expected</h4>`}
<div class="expected${pastDue ? " past-due" : ""}" data-expected-status="${status}">
<p>${expected.what}.</p>
<p>${
    pastDue
      ? html`<strong class="status status-past-due">Not yet announced: past due since <time datetime="${expected.by_iso}">${readableDate(expected.by_iso)}</time></strong>. It is normally announced by then, and no newer value is recorded here yet: check where it is published before relying on the value above for the next period.`
      : html`Normally announced by <time datetime="${expected.by_iso}">${readableDate(expected.by_iso)}</time>.`
  } Where: <a href="${expected.where.url}">${expected.where.org}</a>.</p>
</div>
`;
};
