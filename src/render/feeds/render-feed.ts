import { create } from "xmlbuilder2";
import { SITE_PATHS } from "../../../packages/client/src/index.ts";
import { SERVICE } from "../../lib/config.ts";
import { compareText, escapeHtml, escapeHtmlText } from "../../lib/text.ts";
import { latestRetrieved } from "../../model/index.ts";
import type { SiteFiles } from "../site-files.ts";
import type { SiteModel } from "../site-model.ts";
import { xmlCharacters, xmlDocument, xmlText } from "./xml-text.ts";

/** RFC 822 date-time in GMT, as RSS 2.0 asks ("Sun, 22 Nov 2026 00:10:00 GMT"). */
export const rfc822 = (isoDateTime: string): string => new Date(isoDateTime).toUTCString();

/**
 * `/api/v1/facts/feed.xml`, as docs/consumers/api.md (Feeds) describes it: one item per fact. The guid carries the
 * version and the last verification date, so a re-verification shows as a new item even when the value is unchanged.
 */
export const renderFeed = (model: SiteModel): SiteFiles => {
  const at = (element: string) => `${model.urls.feed}: <${element}>`;
  const channel = create({ version: "1.0", encoding: "UTF-8" }).ele("rss", { version: "2.0", "xmlns:atom": "http://www.w3.org/2005/Atom" }).ele("channel");
  channel.ele("title").txt(xmlText(`${SERVICE.name}: revisions`, at("title")));
  channel.ele("link").txt(xmlText(model.urls.catalogPage, at("link")));
  channel
    .ele("description")
    .txt(xmlText("Verified British Columbia residential real estate rules: each item is a fact at its current version and verification.", at("description")));
  channel.ele("language").txt("en-ca");
  channel.ele("copyright").txt(xmlText(`${SERVICE.licenseName} (${SERVICE.license})`, at("copyright")));
  channel.ele("lastBuildDate").txt(xmlText(rfc822(model.generatedAt), at("lastBuildDate")));
  channel.ele("ttl").txt("60");
  channel.ele("atom:link", { href: xmlCharacters(model.urls.feed, at("atom:link")), rel: "self", type: "application/rss+xml" });
  // WebSub in RSS: the hub is an Atom link in the channel, beside the self link that names the topic.
  if (model.websubHub !== undefined) channel.ele("atom:link", { href: xmlCharacters(model.websubHub, at("atom:link")), rel: "hub" });

  const items = model.facts
    .map((fact) => ({ fact, changed: model.lastChanged.get(fact.id)!.committed_at }))
    .sort((a, b) => compareText(b.changed, a.changed) || compareText(a.fact.id, b.fact.id));
  for (const { fact, changed } of items) {
    const inItem = (element: string) => `${model.urls.feed}: the item of ${fact.id}, <${element}>`;
    const retrieved = latestRetrieved(fact);
    const source = fact.citations[0]!;
    const item = channel.ele("item");
    // Readers treat an item's title and description alike as HTML once the XML is read, so both are plain text
    // escaped for HTML first: a label's `<b>` shows as written in both, never as markup. The title keeps its quotes
    // as they are, for the readers that show it as text.
    item.ele("title").txt(xmlText(escapeHtmlText(`${fact.label} (v${fact.version})`), inItem("title")));
    item.ele("link").txt(xmlText(model.urls.factPage(fact.id), inItem("link")));
    item.ele("guid", { isPermaLink: "false" }).txt(xmlText(`${fact.id}-v${fact.version}-${retrieved}`, inItem("guid")));
    item.ele("pubDate").txt(xmlText(rfc822(changed), inItem("pubDate")));
    item.ele("category").txt(xmlText(fact.domain, inItem("category")));
    item.ele("author").txt(xmlText(`${SERVICE.contactEmail} (${SERVICE.name})`, inItem("author")));
    // The fact's description, its effective, last-verified and re-verify-by dates and its primary source, as
    // docs/consumers/api.md (Feeds) says; no value: the item links the fact, where the value is shown, and the feed
    // stays small.
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
          inItem("description"),
        ),
      );
  }
  return new Map([[SITE_PATHS.feed, xmlDocument(channel)]]);
};
