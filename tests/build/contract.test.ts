import { createHash } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { validate } from "@hyperjump/json-schema/openapi-3-1";
import ICAL from "ical.js";
import Parser from "rss-parser";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildModel } from "../../src/build/build-model.ts";
import { addDays } from "../../src/lib/dates.ts";
import { escapeHtml } from "../../src/lib/text.ts";
import { endpointOf } from "../../src/render/endpoints.ts";
import { upcomingItems } from "../../src/render/feeds/upcoming.ts";
import { buildProjectSite, readTree } from "../helpers/build-site.ts";
import { frozenData } from "../helpers/frozen-copy.ts";

const BASE = "https://facts.example.org";
/** Every fact file as `<domain>/<id>.json`: the counts the published tree must follow, whatever they are. */
const FACT_FILES = (await readdir(path.join(frozenData().root, "facts"), { recursive: true }))
  .filter((file) => file.endsWith(".json"))
  .map((file) => file.split(path.sep).join("/"));
const { out, model } = await buildProjectSite(BASE);
const tree = await readTree(out);
const text = (urlPath: string): string => tree.get(urlPath)!.toString("utf8");
// biome-ignore lint/suspicious/noExplicitAny: the contract tests walk whatever JSON the build published.
const json = (urlPath: string): any => JSON.parse(text(urlPath));
const openApiFile = path.join(out, ".well-known/openapi.json");
const openApi = json("/.well-known/openapi.json");

/**
 * A value schema's document: JSON Schema 2020-12, with its own address (tests/schemas/value-schemas.test.ts reads its
 * content).
 */
const VALUE_SCHEMA_DOCUMENT = z.looseObject({
  $schema: z.literal("https://json-schema.org/draft/2020-12/schema"),
  $id: z.url(),
});

/** The zod schema of each published JSON path. */
const zodSchemaFor = (urlPath: string): z.ZodType | undefined => {
  // An endpoint declared by a record (src/render/endpoints.ts) names its schema there.
  const declared = endpointOf(urlPath);
  if (declared !== undefined) return declared.schema.zod;
  if (urlPath.startsWith("/api/v1/facts/schemas/")) return VALUE_SCHEMA_DOCUMENT;
  return undefined;
};

/** The OpenAPI path template that serves a URL path, matched the way a router would (concrete paths first). */
const openApiPathFor = (urlPath: string): string | undefined => {
  const templates = Object.keys(openApi.paths).sort((a, b) => Number(a.includes("{")) - Number(b.includes("{")));
  return templates.find((template) => {
    const pattern = new RegExp(`^${template.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`);
    return pattern.test(urlPath);
  });
};

const apiJsonPaths = [...tree.keys()].filter((urlPath) => urlPath.startsWith("/api/") && urlPath.endsWith(".json"));

describe("the built endpoint tree", () => {
  it("publishes every endpoint of docs/consumers/api.md#endpoints", () => {
    for (const urlPath of [
      "/api/v1/facts/index.json",
      "/api/v1/facts/llms.json",
      "/api/v1/facts/manifest.json",
      "/api/v1/facts/feed.xml",
      "/api/v1/facts/diff/index.json",
      "/api/v1/facts/search-index.json",
      "/api/v1/affordability-index/index.json",
      "/api/v1/affordability-index/latest.json",
      "/api/v1/vancouver-special-index/index.json",
      "/api/v1/vancouver-special-index/latest.json",
      "/.well-known/openapi.json",
      "/.well-known/api-catalog",
      "/.well-known/security.txt",
      "/llms.txt",
      "/.nojekyll",
      "/_headers",
      ...["tax", "mortgage", "legal", "foreign-buyer", "strata", "rental"].map(
        (domain) => `/api/v1/facts/${domain}.json`,
      ),
    ]) {
      expect(tree.has(urlPath), urlPath).toBe(true);
    }
    const byId = [...tree.keys()].filter((urlPath) => urlPath.startsWith("/api/v1/facts/by-id/"));
    expect(byId.filter((urlPath) => urlPath.endsWith(".json"))).toEqual(
      model.facts.map((fact) => `/api/v1/facts/by-id/${fact.id}.json`).sort(),
    );
    expect(byId.filter((urlPath) => urlPath.endsWith(".atom"))).toEqual(
      model.facts.map((fact) => `/api/v1/facts/by-id/${fact.id}.atom`).sort(),
    );
    for (const urlPath of ["/api/v1/facts/upcoming.json", "/api/v1/facts/upcoming.ics", "/api/v1/facts/upcoming.atom"])
      expect(tree.has(urlPath), urlPath).toBe(true);
  });

  it("validates every JSON file against its zod schema", () => {
    expect(apiJsonPaths.length).toBeGreaterThan(60);
    for (const urlPath of apiJsonPaths) {
      const schema = zodSchemaFor(urlPath);
      expect(schema, `no schema for ${urlPath}`).toBeDefined();
      const result = schema!.safeParse(json(urlPath));
      expect(result.success ? [] : result.error.issues, urlPath).toEqual([]);
    }
  });

  it("declares every JSON endpoint by a record of src/render/endpoints.ts, but the value schemas", () => {
    // Not migrated yet (docs/maintainers/architecture.md#adding-an-endpoint): a new JSON endpoint is not listed here.
    const undeclared = apiJsonPaths.filter(
      (urlPath) => endpointOf(urlPath) === undefined && !urlPath.startsWith("/api/v1/facts/schemas/"),
    );
    expect(undeclared).toEqual([]);
  });

  it("publishes an OpenAPI document that validates as OpenAPI 3.1 and declares version 1.0.0", async () => {
    const output = await validate("https://spec.openapis.org/oas/3.1/schema-base", openApi);
    expect(output.valid).toBe(true);
    expect(openApi.openapi).toBe("3.1.0");
    expect(openApi.info.version).toBe("1.0.0");
    expect(
      openApi.webhooks["fact.updated"].post.parameters.map((parameter: { name: string }) => parameter.name),
    ).toEqual([
      "User-Agent",
      "X-Facts-Signature",
      "X-Facts-Delivery",
      "X-Facts-Event",
      "X-Facts-Fact-Id",
      "X-Facts-Version",
    ]);
    expect(openApi.paths["/api/v1/facts/by-id/{id}.json"].get.responses["404"]).toBeDefined();
  });

  it("validates every JSON file, through a third-party OpenAPI validator, against the published document", async () => {
    const documentUrl = pathToFileURL(openApiFile).href;
    // Each schema is compiled once and applied to every file it describes (a fact's badge and single-fact files
    // number one per fact).
    const validators = new Map<string, Awaited<ReturnType<typeof validate>>>();
    for (const urlPath of apiJsonPaths) {
      const template = openApiPathFor(urlPath);
      expect(template, `OpenAPI has no path for ${urlPath}`).toBeDefined();
      const schemaRef: string = openApi.paths[template!].get.responses["200"].content["application/json"].schema.$ref;
      let validator = validators.get(schemaRef);
      if (validator === undefined) {
        validator = await validate(`${documentUrl}${schemaRef}`);
        validators.set(schemaRef, validator);
      }
      const output = validator(json(urlPath));
      expect(output.valid, `${urlPath} against ${schemaRef}`).toBe(true);
    }
  });

  it("fails the OpenAPI validation when a published file breaks its contract", async () => {
    const broken = json("/api/v1/facts/by-id/bc.hbrp.json");
    delete broken.fact.citations;
    const output = await validate(`${pathToFileURL(openApiFile).href}#/components/schemas/SingleFactResponse`, broken);
    expect(output.valid).toBe(false);
  });

  it("counts facts truthfully and bundles each domain with its own facts (docs/consumers/api.md#catalog-and-domain-bundles)", () => {
    const catalog = json("/api/v1/facts/index.json");
    expect(catalog.fact_count).toBe(catalog.facts.length);
    expect(catalog.fact_count).toBe(model.facts.length);
    expect(catalog.fact_count).toBe(FACT_FILES.length);
    expect(catalog.version).toBe("v1");
    expect(catalog.license).toBe("https://creativecommons.org/licenses/by/4.0/");
    for (const domain of ["tax", "mortgage", "legal", "foreign-buyer", "strata", "rental"]) {
      const bundle = json(`/api/v1/facts/${domain}.json`);
      // Each bundle holds exactly the fact files of its folder.
      expect(bundle.fact_count, domain).toBe(FACT_FILES.filter((file) => file.startsWith(`${domain}/`)).length);
      expect(bundle.fact_count, domain).toBe(bundle.facts.length);
      expect(bundle.facts.every((fact: { domain: string }) => fact.domain === domain)).toBe(true);
    }
    for (const fact of catalog.facts) expect(fact.canonical_url).toBe(`${BASE}/api/v1/facts/by-id/${fact.id}.json`);
  });

  it("carries git-derived history on revised facts and an empty history on the others", () => {
    const rentCap = json("/api/v1/facts/by-id/bc.rent_cap.2026.json").fact;
    expect(rentCap.version).toBe(3);
    // Its versions from git, newest first, then the periods recorded from sources before version 1 (no version).
    const versions = rentCap.history.filter((entry: { version?: number }) => entry.version !== undefined);
    expect(
      versions.map((entry: { version: number; superseded_iso: string }) => [entry.version, entry.superseded_iso]),
    ).toEqual([
      [2, "2026-01-01"],
      [1, "2025-01-01"],
    ]);
    expect(rentCap.history.slice(0, 2)).toEqual(versions);
    // The note is the Impact: line of the commit that recorded v2, never its subject.
    expect(rentCap.history[0].note).toBe("Tenants' rent could rise at most 3.0% in 2025.");
    expect(json("/api/v1/facts/by-id/bc.hbrp.json").fact.history).toEqual([]);
    const diff = json("/api/v1/facts/diff/bc.rent_cap.2026/v2-to-v3.json");
    expect(diff.value_diff.changed_keys).toContainEqual({ pointer: "/max_increase_rate", from: 0.03, to: 0.023 });
    expect(diff.before.citations.length).toBeGreaterThan(0);
    expect(json("/api/v1/facts/diff/index.json").count).toBe(model.diffs.length);
  });

  it("carries each fact's history in the catalog and every domain bundle: one entry per earlier version, as in its single-fact response", () => {
    const bundles = ["tax", "mortgage", "legal", "foreign-buyer", "strata", "rental"].map(
      (domain) => `/api/v1/facts/${domain}.json`,
    );
    let checked = 0;
    let revised = 0;
    for (const urlPath of ["/api/v1/facts/index.json", ...bundles]) {
      for (const fact of json(urlPath).facts) {
        expect(Array.isArray(fact.history), `${urlPath} ${fact.id}`).toBe(true);
        const versions = fact.history.filter((entry: { version?: number }) => entry.version !== undefined);
        expect(versions, `${urlPath} ${fact.id}`).toHaveLength(fact.version - 1);
        // The same entries as the single-fact response, which alone carries the sources of periods before version 1.
        const single = json(`/api/v1/facts/by-id/${fact.id}.json`).fact.history.map(
          ({ citations: _citations, ...entry }: { citations?: unknown }) => entry,
        );
        expect(fact.history, `${urlPath} ${fact.id}`).toEqual(single);
        checked += 1;
        if (fact.version > 1) revised += 1;
      }
    }
    // Every fact twice: once in the catalog, once in its domain's bundle; and some were revised, so entries were
    // compared.
    expect(checked).toBe(2 * FACT_FILES.length);
    expect(revised).toBeGreaterThan(0);
  });

  it("lists llms.json facts with primary sources and no history, and an llms.txt beside it", () => {
    const llms = json("/api/v1/facts/llms.json");
    expect(llms.intended_for).toBeTruthy();
    expect(llms.facts).toHaveLength(FACT_FILES.length);
    // Primary sources are official sources only (docs/consumers/api.md#llmsjson); a fact whose rule no government
    // issues has none.
    const kinds = new Map(
      json("/api/v1/facts/index.json").facts.map((fact: { id: string; citations: { url: string; kind: string }[] }) => [
        fact.id,
        fact.citations,
      ]),
    );
    for (const fact of llms.facts) {
      const official = (kinds.get(fact.id) as { url: string; kind: string }[])
        .filter((citation) => citation.kind === "official")
        .map((citation) => citation.url);
      expect(
        fact.primary_sources.map((source: { url: string }) => source.url),
        fact.id,
      ).toEqual(official);
    }
    expect(
      llms.facts.every((fact: Record<string, unknown>) => !("history" in fact) && Array.isArray(fact.primary_sources)),
    ).toBe(true);
    expect(text("/llms.txt")).toMatch(/^# BC Real Estate Facts\n\n> /);
    expect(text("/llms.txt")).toContain(
      `- [Full catalog with history](${BASE}/api/v1/facts/index.json): every fact with its earlier versions, JSON\n`,
    );
    expect(text("/llms.txt")).toContain(
      `- Catalog of one domain, with history, JSON: [tax](${BASE}/api/v1/facts/tax.json), [mortgage](${BASE}/api/v1/facts/mortgage.json),`,
    );
    expect(text("/llms.txt")).toContain(
      `(${BASE}/api/v1/facts/by-id/bc.ptt.brackets.json): 1% up to $200,000; 2% up to $2,000,000; 3% up to $3,000,000; 5% above $3,000,000`,
    );
  });

  it("lists the SHA-256 of every other published file in the manifest", () => {
    const manifest = json("/api/v1/facts/manifest.json");
    expect(manifest.fact_id_list).toHaveLength(FACT_FILES.length);
    expect(manifest.domain_list).toEqual(["tax", "mortgage", "legal", "foreign-buyer", "strata", "rental"]);
    expect(manifest.endpoints.by_id_pattern).toBe(`${BASE}/api/v1/facts/by-id/{id}.json`);
    const listed = new Map(
      manifest.files.map((file: { path: string; sha256: string; bytes: number }) => [file.path, file]),
    );
    for (const [urlPath, bytes] of tree) {
      if (urlPath === "/api/v1/facts/manifest.json") continue;
      expect(listed.get(urlPath), urlPath).toEqual({
        path: urlPath,
        bytes: bytes.byteLength,
        sha256: createHash("sha256").update(bytes).digest("hex"),
      });
    }
    expect(listed.size).toBe(tree.size - 1);
  });

  it("makes a search index of lowercase items with aliases people search for", () => {
    const index = json("/api/v1/facts/search-index.json");
    // One item per fact, nothing else (docs/consumers/api.md#search-index), in the catalog's order.
    expect(index.map((item: { id: string }) => item.id)).toEqual(
      json("/api/v1/facts/index.json").facts.map((fact: { id: string }) => fact.id),
    );
    const ptt = index.find((item: { id: string }) => item.id === "bc.ptt.brackets");
    expect(ptt.aliases).toContain("property transfer tax");
    expect(ptt.page_url).toBe(`${BASE}/bc.ptt.brackets.html`);
  });

  it("publishes an affordability index whose every idx follows from its own published fields", () => {
    const series = json("/api/v1/affordability-index/index.json");
    expect(series.series.length).toBeGreaterThan(0);
    for (const entry of series.series) {
      expect(entry.idx, `${entry.board} ${entry.monthSlug}`).toBe(
        Math.round((entry.medianIncome / entry.annualCarryingCost) * 100),
      );
      expect(entry.loanAmount).toBeCloseTo(entry.hpiBenchmarkPrice - entry.downPayment, 2);
    }
    expect(series.latest).toEqual(json("/api/v1/affordability-index/latest.json").latest);
    expect(text("/api/v1/vancouver-special-index/index.json")).toBe(text("/api/v1/affordability-index/index.json"));
    expect(text("/api/v1/vancouver-special-index/latest.json")).toBe(text("/api/v1/affordability-index/latest.json"));
  });

  it("publishes RFC 9727 and RFC 9116 well-known files and the host headers", () => {
    const linkset = json("/.well-known/api-catalog").linkset[0];
    expect(linkset["service-desc"][0].href).toBe(`${BASE}/.well-known/openapi.json`);
    const expires = text("/.well-known/security.txt").match(
      /^Contact: mailto:.+\nExpires: (\d{4}-\d\d-\d\d)T00:00:00Z\n/,
    );
    // Six to nine months ahead of the build day, on the first day of a calendar quarter.
    const day = expires?.[1] ?? "";
    expect(day > addDays(model.today, 180)).toBe(true);
    expect(day <= addDays(model.today, 275)).toBe(true);
    expect(day).toMatch(/-(01|04|07|10)-01$/);
    expect(text("/_headers")).toContain(
      "  Cache-Control: public, max-age=3600, s-maxage=86400, stale-while-revalidate=604800\n",
    );
    expect(text("/_headers")).toContain("  Access-Control-Allow-Origin: *\n");
  });

  it("builds byte-identical trees from one commit", async () => {
    const again = await buildProjectSite(BASE);
    const second = await readTree(again.out);
    expect([...second.keys()]).toEqual([...tree.keys()]);
    for (const [urlPath, bytes] of tree) expect(second.get(urlPath)!.equals(bytes), urlPath).toBe(true);
  });
});

describe("the RSS feed", () => {
  it("parses with a third-party RSS parser: one item per fact in the format of docs/consumers/api.md#feeds", async () => {
    const feed = await new Parser({ customFields: { item: ["guid", "category", "author"] } }).parseString(
      text("/api/v1/facts/feed.xml"),
    );
    expect(feed.items).toHaveLength(FACT_FILES.length);
    const catalog = json("/api/v1/facts/index.json");
    const catalogPage = text("/index.html");
    for (const fact of catalog.facts) {
      // The catalog page's address with the fragment #<fact id>, which lands on the fact's row there.
      const item = feed.items.find((candidate) => candidate.link === `${BASE}/#${fact.id}`);
      expect(item, fact.id).toBeDefined();
      expect(catalogPage, fact.id).toContain(` id="${fact.id}"`);
      expect(item!.content).toContain(`Fact page: ${BASE}/${fact.id}.html`);
      const retrieved = fact.citations
        .map((citation: { retrieved_iso: string }) => citation.retrieved_iso)
        .sort()
        .at(-1);
      expect(item!.title).toBe(`${fact.label} (v${fact.version})`);
      expect(item!.guid).toBe(`${fact.id}-v${fact.version}-${retrieved}`);
      expect(item!.pubDate).toMatch(
        /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT$/,
      );
      expect(item!.categories).toEqual([fact.domain]);
      expect(item!.author).toBe("facts@bc-real-estate-facts.org (BC Real Estate Facts)");
      expect(item!.content).toContain(`Effective: ${fact.effective_iso}.`);
      expect(item!.content).toContain(`Last verified: ${retrieved}.`);
      expect(item!.content).toContain(`Re-verify by: ${fact.expires_iso}.`);
      expect(item!.content).toContain(`Primary source: ${escapeHtml(fact.citations[0].org)}`);
    }
    expect(text("/api/v1/facts/feed.xml")).toContain('<guid isPermaLink="false">bc.hbrp-v1-');
  });
});

describe("the upcoming list, calendar and Atom feeds", () => {
  const upcoming = json("/api/v1/facts/upcoming.json");

  it("lists every scheduled change and verification lapse of the next 365 days, soonest first", () => {
    expect(upcoming.as_of).toBe(model.today);
    expect(upcoming.item_count).toBe(upcoming.items.length);
    const dates = upcoming.items.map((item: { date: string }) => item.date);
    expect(dates).toEqual([...dates].sort());
    expect(dates.every((date: string) => date <= upcoming.until)).toBe(true);
    const lapses = upcoming.items.filter((item: { kind: string }) => item.kind === "verification-lapse");
    expect(lapses.map((item: { fact_id: string }) => item.fact_id).sort()).toEqual(
      model.facts.map((fact) => fact.id).sort(),
    );
    const scheduled = model.facts.flatMap((fact) =>
      (fact.scheduled ?? []).map((change) => `${fact.id} ${change.effective_iso}`),
    );
    expect(
      upcoming.items
        .filter((item: { kind: string }) => item.kind === "scheduled-change")
        .map((item: { fact_id: string; date: string }) => `${item.fact_id} ${item.date}`)
        .sort(),
    ).toEqual(scheduled.sort());
  });

  it("parses upcoming.ics with a third-party iCalendar parser: one all-day event per item, with its UID", () => {
    const calendar = new ICAL.Component(ICAL.parse(text("/api/v1/facts/upcoming.ics")));
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(String(calendar.getFirstPropertyValue("prodid"))).toContain("bc-real-estate-facts");
    const events = calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
    expect(events.map((event) => event.uid)).toEqual(upcoming.items.map((item: { uid: string }) => item.uid));
    events.forEach((event, index) => {
      const item = upcoming.items[index];
      expect(event.startDate.isDate, event.uid).toBe(true);
      expect(event.startDate.toString()).toBe(item.date);
      expect(event.endDate.toString()).toBe(addDays(item.date, 1));
      expect(event.summary).toContain(item.label);
      expect(event.component.getFirstPropertyValue("dtstamp")).toBeTruthy();
    });
    expect(new Set(events.map((event) => event.uid)).size).toBe(events.length);
  });

  it("keeps each event's UID from one build day to the next, while the window moves", async () => {
    const nextDay = await buildModel(frozenData().root, {
      baseUrl: "http://localhost:9999",
      today: addDays(model.today, 1),
    });
    const laterItems = upcomingItems(nextDay.facts, nextDay.urls, nextDay.today);
    const uidsByEvent = (items: { uid: string; kind: string; fact_id: string; date: string }[]) =>
      new Map(items.map((item) => [`${item.kind} ${item.fact_id} ${item.date}`, item.uid]));
    const before = uidsByEvent(upcoming.items);
    const after = uidsByEvent(laterItems);
    for (const [event, uid] of after) if (before.has(event)) expect(uid, event).toBe(before.get(event));
  });

  it("parses upcoming.atom and every fact's Atom feed with a third-party feed parser", async () => {
    const parser = new Parser();
    const feed = await parser.parseString(text("/api/v1/facts/upcoming.atom"));
    expect(feed.title).toBe("BC Real Estate Facts: upcoming changes");
    expect(feed.items).toHaveLength(upcoming.items.length);
    for (const fact of model.facts) {
      const factFeed = await parser.parseString(text(`/api/v1/facts/by-id/${fact.id}.atom`));
      expect(factFeed.title, fact.id).toBe(`BC Real Estate Facts: ${fact.label}`);
      // One entry per version recorded in git (the history's versions plus the current one) and one per scheduled
      // change; the periods recorded before the first version are no revisions.
      const versions = (fact.history ?? []).filter((entry) => entry.version !== undefined).length;
      expect(factFeed.items, fact.id).toHaveLength(versions + 1 + (fact.scheduled?.length ?? 0));
      // A version's entry links its section of the fact page; a scheduled change's, the page.
      for (const item of factFeed.items)
        expect(item.link, fact.id).toMatch(new RegExp(`^${BASE}/${fact.id.replaceAll(".", "\\.")}\\.html(#v\\d+)?$`));
      const titles = factFeed.items.map((item) => item.title ?? "");
      expect(
        titles.filter((title) => title.includes(`version ${fact.version},`)),
        fact.id,
      ).toHaveLength(1);
      for (const change of fact.scheduled ?? [])
        expect(titles, fact.id).toContain(
          `${fact.label}: ${change.status} change taking effect ${change.effective_iso}`,
        );
    }
  });
});
