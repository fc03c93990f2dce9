import { SERVICE } from "../../lib/config.ts";
import type { Fact } from "../../schemas/index.ts";
import type { SiteModel } from "../site-model.ts";
import { renderFact, renderPage, renderReportLinks } from "./parts/index.ts";
import { DOMAIN_NAMES, domainSectionId, factLinks, html, sitePath } from "./text/index.ts";

/**
 * `/<fact id>.html`: one fact's full record: the value, every source with its dates, quoted passage and notes, what
 * is scheduled, the note of the current version and every earlier version with its diff. It sits at the root of
 * the tree beside the other pages, so their relative links hold.
 */
export const renderFactPage = (model: SiteModel, fact: Fact): string => {
  const main = html`<p class="breadcrumb"><a href="${sitePath(model.urls, model.urls.catalogPage)}#${domainSectionId(fact.domain)}">${DOMAIN_NAMES[fact.domain]}</a> ›
<a href="${sitePath(model.urls, model.urls.factAnchor(fact.id))}">${fact.label} in the catalog</a></p>
${renderFact(fact, {
  urls: model.urls,
  detail: "full",
  diffs: model.diffs.filter((diff) => diff.fact_id === fact.id),
  introduced: model.timelines.get(fact.id)?.versions.at(-1)?.introduced,
  today: model.today,
  links: factLinks(
    model.urls,
    model.facts.map((other) => other.id),
  ),
})}
${renderReportLinks(model, fact)}`;
  return renderPage(model, {
    name: "fact",
    title: `${fact.label}: ${SERVICE.name}`,
    description: fact.description,
    canonical: model.urls.factPage(fact.id),
    head: html`<link rel="alternate" type="application/json" title="${fact.label} (JSON)" href="${sitePath(model.urls, model.urls.factById(fact.id))}">
<link rel="alternate" type="application/atom+xml" title="${fact.label}: revisions and scheduled changes" href="${sitePath(model.urls, model.urls.factFeed(fact.id))}">`,
    main,
  });
};
