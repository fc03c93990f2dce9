import { beforeAll, describe, expect, it } from "vitest";
import { SERVICE } from "../../src/lib/config.ts";
import { escapeHtml } from "../../src/lib/text.ts";
import { latestRetrieved } from "../../src/model/facts.ts";
import { renderPages } from "../../src/render/pages/render-pages.ts";
import { renderSite } from "../../src/render/render-site.ts";
import type { SiteModel } from "../../src/render/site-model.ts";
import { sourceCounts, sourcesSummary } from "../../src/render/site-model.ts";
import { correctionWords } from "../../src/render/text.ts";
import { ORGANISATION_KIND_WORDS } from "../../src/schemas/index.ts";
import { realModel } from "./site-model.ts";

let model: SiteModel;
let pages: Map<string, string>;
beforeAll(async () => {
  model = await realModel();
  pages = new Map([...renderPages(model)].map(([path, content]) => [path, String(content)]));
});

const page = (path: string): string => pages.get(path) ?? "";

/** Heading levels in document order. */
const headings = (markup: string): number[] => [...markup.matchAll(/<h([1-6])[\s>]/g)].map((match) => Number(match[1]));

describe("the human pages", () => {
  it("publishes every page in every language (each translation in its folder), a page per fact, the stylesheet, the scripts and the icon, and the site build includes them", () => {
    const everyLanguage = [
      "/404.html",
      "/affordability.html",
      "/calculators.html",
      "/changelog.html",
      "/index.html",
      "/methodology.html",
      "/sources.html",
      "/transparency.html",
      ...model.facts.map((fact) => `/${fact.id}.html`),
    ];
    expect([...pages.keys()].sort()).toEqual(
      [
        "/favicon.svg",
        "/assets/calculators.css",
        "/assets/calculators.js",
        "/assets/search.js",
        "/assets/site.css",
        ...model.languages.flatMap((lang) => everyLanguage.map((path) => lang.path(path))),
      ].sort(),
    );
    const site = renderSite(model);
    for (const path of pages.keys()) expect(site.get(path), path).toBe(pages.get(path));
    // The manifest is rendered over every file, pages included.
    expect(String(site.get("/api/v1/facts/manifest.json"))).toContain("/index.html");
  });

  it("links the calculators page from the navigation of every page, marked current on its own", () => {
    const html = [...pages.keys()].filter((path) => path.endsWith(".html"));
    expect(html.length).toBe((model.facts.length + 8) * model.languages.length);
    for (const lang of model.languages) {
      const own = html.filter((path) => path === lang.path(path.slice(path.lastIndexOf("/"))));
      expect(own.length, lang.locale.code).toBe(model.facts.length + 8);
      for (const path of own) {
        const current = path === lang.path("/calculators.html") ? ' aria-current="page"' : "";
        // The 404 page is served at any depth, so its links start from the site's root.
        const href = path.endsWith("/404.html") ? lang.path("/calculators.html") : "calculators.html";
        expect(page(path), path).toContain(
          `<li><a href="${href}"${current}>${lang.w.text("nav.calculators")}</a></li>`,
        );
      }
    }
  });

  it("shows a schedule of rate bands in its catalog row as the schedule, band by band", () => {
    const index = page("/index.html");
    const row = index.slice(index.indexOf('<tr class="fact-row" id="cmhc.mortgage_insurance_premiums"'));
    expect(row.slice(0, row.indexOf("</tr>"))).toContain(
      "Premium on the total loan, by loan-to-value: 0.6% up to 65%; 1.7% up to 75%; 2.4% up to 80%",
    );
  });

  it("renders identically from the same model: no clock, no randomness", async () => {
    const again = renderPages(await realModel());
    for (const [path, content] of again) expect(String(content), path).toBe(pages.get(path));
  });

  it("gives every fact an element whose id is the fact id, grouped by domain in the order of docs/consumers/api.md#domains", () => {
    const index = page("/index.html");
    const ids = [...index.matchAll(/<tr class="fact-row" id="([^"]+)" data-domain="([^"]+)"/g)].map((match) => [
      match[1],
      match[2],
    ]);
    const domains = ["tax", "mortgage", "legal", "foreign-buyer", "strata", "rental"];
    expect(ids).toEqual(
      domains.flatMap((domain) =>
        model.facts.filter((fact) => fact.domain === domain).map((fact) => [fact.id, fact.domain]),
      ),
    );
    expect(ids).toHaveLength(model.facts.length);
    const sectionOrder = [...index.matchAll(/<section class="domain" id="domain-([a-z-]+)"/g)].map((match) => match[1]);
    expect(sectionOrder).toEqual(["tax", "mortgage", "legal", "foreign-buyer", "strata", "rental"]);
  });

  it("shows each fact as one row of the catalog, linking its own page, which has its dates, quoted citations, history notes and diffs", () => {
    const index = page("/index.html");
    for (const fact of model.facts) {
      const start = index.indexOf(`<tr class="fact-row" id="${fact.id}"`);
      const brief = index.slice(start, index.indexOf("</tr>", start));
      expect(brief, fact.id).toContain(`<a href="${fact.id}.html">${escapeHtml(fact.label)}</a>`);
      expect(brief, fact.id).toContain(`<time datetime="${fact.effective_iso}">`);
      expect(brief, fact.id).toContain(`<time datetime="${latestRetrieved(fact)}">`);
      expect(brief, fact.id).toContain(
        `<td class="sources-cell" data-label="Sources">${sourceCounts(fact).kinds}</td>`,
      );
      // The description, quotes and history live on the fact's page.
      expect(brief, fact.id).not.toContain("<blockquote");
      expect(brief, fact.id).not.toContain(escapeHtml(fact.description));

      const full = page(`/${fact.id}.html`);
      expect(full, fact.id).toContain(`<h1 id="${fact.id}-title">${escapeHtml(fact.label)}</h1>`);
      expect(full, fact.id).toContain(`<link rel="canonical" href="${model.urls.factPage(fact.id)}">`);
      // Every label, of the value and of each earlier version's, comes from the glossary: none is a bare key.
      expect(full, fact.id).not.toMatch(/<dt><code>|<th scope="col"><code>/);
      expect(full, fact.id).toContain(`href="./#${fact.id}"`);
      for (const citation of fact.citations) {
        expect(full, fact.id).toContain(`href="${escapeHtml(citation.url)}"`);
        if (citation.quote) expect(full, fact.id).toContain(`<p>${escapeHtml(citation.quote)}</p>`);
      }
      for (const entry of fact.history ?? []) {
        expect(full, fact.id).toContain(escapeHtml(entry.note ?? ""));
        // Each entry is its own section, which the calculators and feeds link; a corrected one says so, never
        // "in force from X to X".
        const id = entry.version === undefined ? `earlier-${entry.effective_iso}` : `v${entry.version}`;
        expect(full, fact.id).toContain(`id="${id}"`);
        if (entry.corrected_by === undefined)
          expect(full, fact.id).toContain(`<time datetime="${entry.superseded_iso}">`);
        else expect(full, fact.id).toContain(escapeHtml(correctionWords(fact, entry)));
      }
      for (const diff of model.diffs.filter((item) => item.fact_id === fact.id)) {
        expect(full, fact.id).toContain(`href="api/v1/facts/diff/${fact.id}/v${diff.from}-to-v${diff.to}.json"`);
      }
      expect(headings(full), fact.id).toEqual(expect.arrayContaining([1, 2]));
      expect(headings(full)[0], fact.id).toBe(1);
    }
  });

  it("shows an Upcoming section, what is scheduled for each fact, and links every Atom feed and the calendar", () => {
    const catalog = page("/index.html");
    const upcoming = catalog.slice(
      catalog.indexOf('<section class="upcoming" id="upcoming"'),
      catalog.indexOf("</section>", catalog.indexOf('id="upcoming"')),
    );
    expect(upcoming).toContain('<h2 id="upcoming-title">Upcoming</h2>');
    expect(upcoming).toContain('<a href="api/v1/facts/upcoming.ics">iCalendar</a>');
    const scheduled = model.facts.flatMap((fact) => (fact.scheduled ?? []).map((change) => ({ fact, change })));
    expect(scheduled.length).toBeGreaterThan(0);
    for (const { fact, change } of scheduled) {
      expect(upcoming).toContain(
        `<a href="${fact.id}.html">${escapeHtml(fact.label)}</a> <span class="status status-${change.status}">${change.status}</span>`,
      );
      const row = catalog.slice(
        catalog.indexOf(`<tr class="fact-row" id="${fact.id}"`),
        catalog.indexOf("</tr>", catalog.indexOf(`id="${fact.id}"`)),
      );
      if (change === fact.scheduled![0]) expect(row).toContain(`<time datetime="${change.effective_iso}">`);
      expect(upcoming).toContain(escapeHtml(change.note));
      // The fact's page also shows the scheduled value and its sources.
      const full = page(`/${fact.id}.html`);
      expect(full).toContain("<h2>Scheduled</h2>");
      for (const citation of change.citations) expect(full).toContain(`href="${escapeHtml(citation.url)}"`);
    }
    for (const name of [
      "/index.html",
      "/sources.html",
      "/changelog.html",
      "/affordability.html",
      "/calculators.html",
    ]) {
      expect(page(name), name).toContain(
        '<link rel="alternate" type="application/atom+xml" title="BC Real Estate Facts: rule changes" href="api/v1/facts/changes.atom">',
      );
      expect(page(name), name).toContain(
        '<link rel="alternate" type="text/calendar" title="BC Real Estate Facts: rule changes (calendar)" href="api/v1/facts/changes.ics">',
      );
      expect(page(name), name).toContain(
        '<link rel="alternate" type="application/atom+xml" title="BC Real Estate Facts: upcoming changes and re-verify-by dates" href="api/v1/facts/upcoming.atom">',
      );
    }
    for (const fact of model.facts)
      expect(page(`/${fact.id}.html`)).toContain(
        `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(fact.label)}: revisions and scheduled changes" href="api/v1/facts/by-id/${fact.id}.atom">`,
      );
    const quoted = model.facts.flatMap((fact) => fact.citations.filter((citation) => citation.quote)).length;
    const quotedOnFactPages = model.facts
      .map((fact) => page(`/${fact.id}.html`).match(/<blockquote class="quote"/g)?.length ?? 0)
      .reduce((a, b) => a + b, 0);
    expect(quotedOnFactPages).toBeGreaterThanOrEqual(quoted);
  });

  it("carries a schema.org Dataset in JSON-LD with licence, dates and distributions", () => {
    const match = /<script type="application\/ld\+json">\n([\s\S]*?)\n<\/script>/.exec(page("/index.html"));
    const dataset = JSON.parse(match![1]!) as Record<string, unknown>;
    expect(dataset).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Dataset",
      name: SERVICE.name,
      license: "https://creativecommons.org/licenses/by/4.0/",
      url: model.urls.catalogPage,
      dateModified: model.generatedAt,
      creator: { "@type": "Organization", name: SERVICE.name },
    });
    const urls = (dataset.distribution as { contentUrl: string; encodingFormat: string }[]).map((item) => [
      item.contentUrl,
      item.encodingFormat,
    ]);
    expect(urls).toEqual([
      [model.urls.catalog, "application/json"],
      [model.urls.factsAll, "application/json"],
      [model.urls.factValuesCsv, "text/csv"],
      [model.urls.affordabilitySeriesCsv, "text/csv"],
      [model.urls.dataPackage, "application/json"],
      [model.urls.feed, "application/rss+xml"],
      [model.urls.llms, "application/json"],
    ]);
  });

  it("lists every citation on the sources page under its organisation", () => {
    const sources = page("/sources.html");
    for (const fact of model.facts) {
      for (const citation of fact.citations) {
        const heading = sources.indexOf(`<h2 id="org-${citation.org_id}-title">${escapeHtml(citation.org)}</h2>`);
        expect(heading, citation.org).toBeGreaterThan(0);
        const section = sources.slice(heading, sources.indexOf("</section>", heading));
        expect(section, citation.org).toContain(`href="${escapeHtml(citation.url)}"`);
        expect(section, citation.org).toContain(`href="${fact.id}.html"`);
      }
    }
  });

  it("groups the sources page by the registry's organisations: one section each, with its name, kind and home page, indexed by kind", () => {
    const sources = page("/sources.html");
    const registry = new Map(model.organisations.map((organisation) => [organisation.id, organisation]));
    const cited = new Set(model.facts.flatMap((fact) => fact.citations.map((citation) => citation.org_id)));
    // One section per organisation cited, and no organisation under two headings.
    const sections = [...sources.matchAll(/<section class="org" id="org-([a-z0-9-]+)"/g)].map((match) => match[1]);
    expect(new Set(sections)).toEqual(cited);
    expect(sections.length).toBe(cited.size);
    const names = [...sources.matchAll(/<h2 id="org-[a-z0-9-]+-title">([^<]+)<\/h2>/g)].map((match) => match[1]);
    expect(new Set(names).size).toBe(names.length);
    for (const id of cited) {
      const organisation = registry.get(id)!;
      const start = sources.indexOf(`<section class="org" id="org-${id}"`);
      const section = sources.slice(start, sources.indexOf("</section>", start));
      expect(section, id).toContain(`<h2 id="org-${id}-title">${escapeHtml(organisation.name)}</h2>`);
      expect(section, id).toContain(
        `<span class="org-kind-word">${escapeHtml(ORGANISATION_KIND_WORDS[organisation.kind])}</span>`,
      );
      if (organisation.home_page !== null)
        expect(section, id).toContain(`<a href="${escapeHtml(organisation.home_page)}">home page</a>`);
      else expect(section, id).not.toContain("home page");
    }
    // An official copy is listed under the organisation whose text it is, saying where it was read.
    const government = sources.slice(
      sources.indexOf('id="org-bc-government"'),
      sources.indexOf("</section>", sources.indexOf('id="org-bc-government"')),
    );
    expect(government).toContain("official copy read on kamloops.me");
    // The index lists each organisation once, under a heading of its kind.
    const tocStart = sources.indexOf('<nav class="toc"');
    const index = sources.slice(tocStart, sources.indexOf("</nav>", tocStart));
    expect([...index.matchAll(/href="#org-([a-z0-9-]+)"/g)].map((match) => match[1]).sort()).toEqual([...cited].sort());
    expect(index).toContain('<h3 class="org-kind">Government (');
    expect(sources).toContain(`<p class="lead">${escapeHtml(sourcesSummary(model.facts))}</p>`);
  });

  it("says on each fact's page how many of its sources are official, official copies and secondary", () => {
    for (const fact of model.facts) {
      const official = fact.citations.filter((citation) => citation.kind === "official").length;
      const copies = fact.citations.filter((citation) => citation.kind === "official-copy").length;
      const secondary = fact.citations.filter((citation) => citation.kind === "secondary").length;
      const counts = sourceCounts(fact);
      expect([counts.official, counts.official_copy, counts.secondary, counts.total], fact.id).toEqual([
        official,
        copies,
        secondary,
        fact.citations.length,
      ]);
      expect(page(`/${fact.id}.html`), fact.id).toContain(`<p class="citations-brief">${escapeHtml(counts.text)}.</p>`);
    }
    expect(page("/bc.rent_cap.2026.html")).toContain(
      '<p class="citations-brief">3 sources: 1 official, 2 official copies.</p>',
    );
  });

  it("lists every version and every period before a first version on the change log, newest effective date first, each revision linking its diff", () => {
    const changelog = page("/changelog.html");
    const revisions = model.diffIndex.diffs.filter((entry) => entry.to === entry.from + 1);
    expect(revisions.length).toBeGreaterThanOrEqual(11);
    const linked = [...changelog.matchAll(/href="api\/v1\/facts\/diff\/([^/]+)\/v(\d+)-to-v(\d+)\.json"/g)].map(
      (match) => `${match[1]} ${match[2]}-${match[3]}`,
    );
    expect(linked.toSorted()).toEqual(
      revisions.map((entry) => `${entry.fact_id} ${entry.from}-${entry.to}`).toSorted(),
    );
    const versions = [...model.timelines.values()].reduce((count, timeline) => count + timeline.versions.length, 0);
    const earlier = model.facts.flatMap((fact) => fact.history.filter((entry) => entry.version === undefined)).length;
    expect(earlier).toBeGreaterThan(0);
    const effective = [
      ...changelog.matchAll(
        /<span class="change-when">(?:From|Took effect|Announced to apply from) <time datetime="([\d-]+)">/g,
      ),
    ].map((match) => match[1]);
    expect(effective).toHaveLength(versions + earlier);
    expect(effective).toEqual(effective.toSorted().toReversed());
    expect(changelog).toContain(`${versions} versions of`);
    expect(changelog).toContain(
      escapeHtml(`and ${earlier} periods recorded from sources before a fact's first version`),
    );
    // A rule only announced is never called in force.
    const announced = model.facts.filter(
      (fact) => (fact.value as { legislative_status?: string }).legislative_status === "announced-not-enacted",
    );
    expect(announced.length).toBeGreaterThan(0);
    for (const fact of announced) {
      const block = changelog
        .split('<li class="change')
        .find((each) => each.includes(`#v${fact.version}">${fact.label}<`));
      expect(block, fact.id).toContain("Announced to apply from");
      expect(block, fact.id).toContain("Announced, not confirmed enacted");
      expect(block, fact.id).not.toContain("In force");
    }
  });

  it("has one h1 and no skipped heading level, with its language's lang and balanced structure", () => {
    const english = [
      "/index.html",
      "/sources.html",
      "/changelog.html",
      "/affordability.html",
      "/calculators.html",
      "/404.html",
      "/bc.ptt.brackets.html",
    ].map((path) => [path, "en-CA"] as const);
    // The catalog and a fact page with every block (earlier periods, an expected announcement) in each translation.
    const translated = model.languages
      .filter((lang) => !lang.english)
      .flatMap((lang) =>
        ["/index.html", "/bc.ptt.brackets.html", "/bc.rent_cap.2026.html"].map(
          (path) => [lang.path(path), lang.locale.tag] as const,
        ),
      );
    for (const [path, tag] of [...english, ...translated]) {
      const markup = page(path);
      const levels = headings(markup);
      expect(
        levels.filter((level) => level === 1),
        path,
      ).toHaveLength(1);
      expect(levels[0], path).toBe(1);
      for (const [index, level] of levels.entries())
        expect(level - (levels[index - 1] ?? 0), `${path} heading ${index}`).toBeLessThanOrEqual(1);
      expect(markup, path).toContain(`<html lang="${tag}">`);
      for (const tag of ["article", "section", "table", "dl", "ul", "ol", "details", "div", "p"]) {
        const opened = markup.match(new RegExp(`<${tag}[\\s>]`, "g"))?.length ?? 0;
        const closed = markup.match(new RegExp(`</${tag}>`, "g"))?.length ?? 0;
        expect(closed, `${path} <${tag}>`).toBe(opened);
      }
    }
  });
});

describe("a version set aside for the periods recorded from its sources", () => {
  it("says it was replaced by those periods, not corrected by the later version it was recorded with", () => {
    // cmhc.insurance_cap: version 1 (from 2016-02-15) left out the minimum down payment; the periods recorded from
    // SOR/2012-281 replaced it while the fact was at version 2, the $1,500,000 cap of 2024-12-15.
    const fact = {
      version: 2,
      effective_iso: "2024-12-15",
      history: [{ version: 1, effective_iso: "2016-02-15", corrected_by: 2 }],
    };
    expect(correctionWords(fact, fact.history[0]!)).toBe(
      "replaced by the periods recorded from its sources (recorded with version 2)",
    );
    // A later version that restates the same period corrects it.
    const restated = {
      version: 3,
      effective_iso: "2020-01-01",
      history: [{ version: 2, effective_iso: "2020-01-01" }],
    };
    expect(correctionWords(restated, { effective_iso: "2020-01-01", corrected_by: 3 })).toBe("corrected in version 3");
  });
});
