import { create } from "xmlbuilder2";
import { compareText } from "../../lib/compare-text.ts";
import { SERVICE } from "../../lib/config.ts";
import { escapeHtml } from "../../lib/escape-html.ts";
import { SITE_PATHS } from "../../lib/site-paths.ts";
import { latestRetrieved } from "../../model/index.ts";
import type { SiteFiles } from "../site-files.ts";
import type { SiteModel } from "../site-model.ts";
import { xmlText } from "./xml-text.ts";

/** RFC 822 date-time in GMT, as RSS 2.0 asks ("Sun, 22 Nov 2026 00:10:00 GMT"). */
export const rfc822 = (isoDateTime: string): string => new Date(isoDateTime).toUTCString();

/**
 * `/api/v1/facts/feed.xml` (SPEC.md 6.1): one item per fact. The guid carries the version and the last verification
 * date, so a re-verification shows as a new item even when the value is unchanged.
 */
export const renderFeed = (model: SiteModel): SiteFiles => {
  const channel = create({ version: "1.0", encoding: "UTF-8" }).ele("rss", { version: "2.0", "xmlns:atom": "http://www.w3.org/2005/Atom" }).ele("channel");
  channel.ele("title").txt(`${SERVICE.name}: revisions`);
  channel.ele("link").txt(model.urls.catalogPage);
  channel.ele("description").txt("Verified British Columbia residential real estate rules: each item is a fact at its current version and verification.");
  channel.ele("language").txt("en-ca");
  channel.ele("copyright").txt(`${SERVICE.licenseName} (${SERVICE.license})`);
  channel.ele("lastBuildDate").txt(rfc822(model.generatedAt));
  channel.ele("ttl").txt("60");
  channel.ele("atom:link", { href: model.urls.feed, rel: "self", type: "application/rss+xml" });

  const items = model.facts
    .map((fact) => ({ fact, changed: model.lastChanged.get(fact.id)!.committed_at }))
    .sort((a, b) => compareText(b.changed, a.changed) || compareText(a.fact.id, b.fact.id));
  for (const { fact, changed } of items) {
    const retrieved = latestRetrieved(fact);
    const source = fact.citations[0]!;
    const item = channel.ele("item");
    item.ele("title").txt(xmlText(`${fact.label} (v${fact.version})`));
    item.ele("link").txt(model.urls.factAnchor(fact.id));
    item.ele("guid", { isPermaLink: "false" }).txt(`${fact.id}-v${fact.version}-${retrieved}`);
    item.ele("pubDate").txt(rfc822(changed));
    item.ele("category").txt(fact.domain);
    item.ele("author").txt(`${SERVICE.contactEmail} (${SERVICE.name})`);
    // RSS readers render the description as HTML: the text is escaped for HTML, then for XML. It carries what SPEC.md
    // 6.1 lists (no value: the item links the fact, where the value is shown, and the feed stays small).
    item
      .ele("description")
      .txt(
        xmlText(
          escapeHtml(
            [
              fact.description,
              `Effective: ${fact.effective_iso}.`,
              `Last verified: ${retrieved}.`,
              `Re-verify by: ${fact.expires_iso}.`,
              `Primary source: ${source.org}${source.title ? `, ${source.title}` : ""} (${source.url}).`,
            ].join(" "),
          ),
        ),
      );
  }
  return new Map([[SITE_PATHS.feed, `${channel.end({ prettyPrint: true })}\n`]]);
};
