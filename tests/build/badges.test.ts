import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { factAsOf, SITE_PATHS } from "../../packages/client/src/index.ts";
import {
  BADGE_MESSAGE_CHARACTERS,
  badgeLabel,
  factBadge,
  shieldsImageUrl,
  shortText,
} from "../../src/render/feeds/badges.ts";
import { FactCatalog, Manifest, SingleFactResponse } from "../../src/schemas/index.ts";
import { frozenSite, readTree } from "../helpers/build-site.ts";
import { frozenData } from "../helpers/frozen-copy.ts";
import { FROZEN_SITE_BASE_URL as BASE } from "../helpers/frozen-data.ts";

/**
 * The Shields endpoint format as Shields documents it (https://shields.io/badges/endpoint-badge), written here apart
 * from the project's own Badge schema: schemaVersion 1, label and a non-empty message required; the rest optional,
 * cacheSeconds at least Shields' minimum of 300. Nothing else.
 */
const ShieldsEndpoint = z.strictObject({
  schemaVersion: z.literal(1),
  label: z.string(),
  message: z.string().min(1),
  color: z.string().optional(),
  labelColor: z.string().optional(),
  isError: z.boolean().optional(),
  namedLogo: z.string().optional(),
  logoSvg: z.string().optional(),
  logoColor: z.string().optional(),
  logoWidth: z.number().optional(),
  style: z.enum(["flat", "flat-square", "plastic", "for-the-badge", "social"]).optional(),
  cacheSeconds: z.number().int().min(300).optional(),
});

const { out } = frozenSite();
const tree = await readTree(out);
const { today } = frozenData();
const json = (urlPath: string): unknown => {
  const bytes = tree.get(urlPath);
  expect(bytes, `${urlPath} is in the built tree`).toBeDefined();
  return JSON.parse(bytes!.toString("utf8"));
};
const catalog = FactCatalog.parse(json(SITE_PATHS.catalog));
const manifest = Manifest.parse(json(SITE_PATHS.manifest));
const BADGES = "/api/v1/facts/badges/";

/** A summary's field labels without their asides in parentheses, as a badge may give them. */
const withoutAsides = (text: string): string => text.replace(/ \([^()\d]*\)(?=: )/g, "");

describe("the badges (/api/v1/facts/badges/{id}.json)", () => {
  it("are one per published fact and per withdrawn fact, each a valid Shields endpoint", () => {
    const published = [...tree.keys()].filter((urlPath) => urlPath.startsWith(BADGES)).sort();
    expect(published).toEqual(
      [...catalog.facts.map((fact) => fact.id), ...(manifest.withdrawn ?? []).map((entry) => entry.id)]
        .map((id) => SITE_PATHS.badge(id))
        .sort(),
    );
    for (const urlPath of published) {
      const result = ShieldsEndpoint.safeParse(json(urlPath));
      expect(result.success ? [] : result.error.issues, urlPath).toEqual([]);
    }
  });

  it("say the value in force on the frozen day, in blue (yellow when only announced), whole or cut at a boundary with an ellipsis", () => {
    let whole = 0;
    for (const fact of catalog.facts) {
      const badge = ShieldsEndpoint.parse(json(SITE_PATHS.badge(fact.id)));
      // Nothing in the frozen copy is past its re-verification date on its day.
      expect(fact.expires_iso >= today, fact.id).toBe(true);
      // A rule announced but not confirmed enacted is yellow, its words after "announced, not enacted: " (tested below).
      const announced = (fact.value as Record<string, unknown>).legislative_status === "announced-not-enacted";
      expect(badge.color, fact.id).toBe(announced ? "yellow" : "blue");
      expect(badge.label.length, fact.id).toBeLessThanOrEqual(40);
      expect(badge.message.length, fact.id).toBeLessThanOrEqual(BADGE_MESSAGE_CHARACTERS);
      if (announced) continue;
      const inForce = factAsOf(fact, today);
      expect(inForce, fact.id).toBeDefined();
      const value = inForce!.summary || `in force since ${inForce!.effective_iso}`;
      if (badge.message === value) {
        whole++;
        continue;
      }
      // Shortened: its text is the start of the value's words (its labels' asides dropped, perhaps), ending where a
      // word does in the source, so never inside a number, and never the start of a scheduled value's words.
      const source = [value, withoutAsides(value)].find((text) => badge.message === text) ?? withoutAsides(value);
      if (badge.message === source) continue;
      expect(badge.message.endsWith("…"), `${fact.id}: ${badge.message}`).toBe(true);
      const kept = badge.message.slice(0, -1);
      expect(source.startsWith(kept), `${fact.id}: "${kept}" starts "${source}"`).toBe(true);
      const next = source.slice(kept.length, kept.length + 3);
      expect(next, `${fact.id}: cut before "${next}"`).toMatch(/^[\s;:,)(–-]/);
      // A comma between digits ("$2,075,000") or in a date ("21, 2018") is inside the number or date.
      if (/\d$/.test(kept)) expect(next, `${fact.id}: cut inside "${kept.slice(-6)}${next}"`).not.toMatch(/^,\s?\d/);
    }
    // The summaries that fit are given whole (the property transfer tax brackets, the rent cap, among others).
    expect(whole).toBeGreaterThan(2);
    const brackets = ShieldsEndpoint.parse(json(SITE_PATHS.badge("bc.ptt.brackets")));
    expect(brackets.message).toBe(catalog.facts.find((fact) => fact.id === "bc.ptt.brackets")!.summary);
  });

  it("say a fact past its re-verification date is unverified, in orange, and never give a scheduled value", () => {
    const response = SingleFactResponse.parse(json(SITE_PATHS.factById("bc.ptt.brackets")));
    const fact = response.fact;
    const lapsed = factBadge(fact, "2099-01-01");
    expect(lapsed.color).toBe("orange");
    expect(lapsed.message.startsWith(`unverified since ${fact.expires_iso}: `)).toBe(true);
    expect(lapsed.message.length).toBeLessThanOrEqual(BADGE_MESSAGE_CHARACTERS);
    // A scheduled value is not the value in force before its day: the frozen copy has facts with one, and their
    // badges (checked above) give the current value's words.
    const scheduled = catalog.facts.filter(
      (each) => (SingleFactResponse.parse(json(SITE_PATHS.factById(each.id))).fact.scheduled ?? []).length > 0,
    );
    expect(scheduled.length).toBeGreaterThan(0);
    for (const each of scheduled)
      expect(ShieldsEndpoint.parse(json(SITE_PATHS.badge(each.id))).message, each.id).toBe(
        factBadge(each, today).message,
      );
  });

  it("say a rule announced but not confirmed enacted is announced, in yellow, before its numbers", () => {
    const badge = ShieldsEndpoint.parse(json(SITE_PATHS.badge("bc.pst.strata_and_rental_management")));
    expect(badge.color).toBe("yellow");
    expect(badge.message).toMatch(/^announced, not enacted: PST rate on these services: 7%/);
    expect(badge.message.length).toBeLessThanOrEqual(BADGE_MESSAGE_CHARACTERS);
    // A rule in force is blue.
    expect(ShieldsEndpoint.parse(json(SITE_PATHS.badge("bc.strata.form_b_fee"))).color).toBe("blue");
  });

  it("say a withdrawn fact is withdrawn, in light grey, with the fact that replaces it, and no value", () => {
    const fact = SingleFactResponse.parse(json(SITE_PATHS.factById("bc.svt.rates_2026"))).fact;
    const replaced = factBadge(fact, today, { withdrawn_iso: today, superseded_by: { id: "bc.svt.rates" } });
    expect(replaced).toEqual({
      schemaVersion: 1,
      label: badgeLabel(fact.label),
      message: `withdrawn ${today}; see bc.svt.rates`,
      color: "lightgrey",
      cacheSeconds: 3600,
    });
    expect(factBadge(fact, today, { withdrawn_iso: today, superseded_by: null }).message).toBe(`withdrawn ${today}`);
    expect(ShieldsEndpoint.safeParse(replaced).success).toBe(true);
  });

  it("are listed in the manifest and the OpenAPI document", () => {
    expect(manifest.endpoints?.badge_pattern).toBe(`${BASE}/api/v1/facts/badges/{id}.json`);
    const openApi = json(SITE_PATHS.openApi) as {
      paths: Record<string, { get: { responses: Record<string, { content: Record<string, unknown> }> } }>;
      components: { schemas: Record<string, unknown> };
    };
    // Its example is one of the badges published (tests/build/openapi-examples.test.ts checks every example).
    expect(Object.keys(openApi.paths["/api/v1/facts/badges/{id}.json"]!.get.responses["200"]!.content)).toEqual([
      "application/json",
    ]);
    expect(
      openApi.paths["/api/v1/facts/badges/{id}.json"]!.get.responses["200"]!.content["application/json"],
    ).toMatchObject({
      schema: { $ref: "#/components/schemas/Badge" },
    });
    expect(openApi.components.schemas.Badge).toBeDefined();
  });

  it("are offered on each fact's page with the HTML that embeds Shields' image of them, linked to the page", () => {
    const page = tree.get("/bc.ptt.brackets.html")!.toString("utf8");
    const badgeUrl = `${BASE}${SITE_PATHS.badge("bc.ptt.brackets")}`;
    expect(page).toContain(`<p class="badge-embed">Badge: <a href="${SITE_PATHS.badge("bc.ptt.brackets").slice(1)}">`);
    // Shown as code: the embed's own markup, escaped once, with the badge's address percent-encoded for Shields.
    expect(page).toContain(
      `<code>&lt;a href=&quot;${BASE}/bc.ptt.brackets.html&quot;&gt;&lt;img alt=&quot;Property transfer tax rates: current value&quot; src=&quot;https://img.shields.io/endpoint?url=${encodeURIComponent(badgeUrl)}&quot;&gt;&lt;/a&gt;</code>`,
    );
  });
});

describe("the embedding snippets of docs/consumers/badges.md", () => {
  const doc = readFileSync(path.join(import.meta.dirname, "../../docs/consumers/badges.md"), "utf8");

  it("give Shields the badge's address percent-encoded, as the pages do", () => {
    const badgeUrl = `${BASE}${SITE_PATHS.badge("bc.ptt.fthb_exemption")}`;
    expect(doc).toContain(`src="${shieldsImageUrl(badgeUrl)}"`);
    expect(doc).toContain(`(${shieldsImageUrl(badgeUrl)})`);
    expect(doc).toContain(`data-badge="${badgeUrl}"`);
  });

  it("write the badge's message as the link's text with the script, and leave the link's own text when the fetch fails", async () => {
    const script = /<script>\n([\s\S]*?)<\/script>/.exec(doc)?.[1];
    expect(script, "the doc's script").toBeDefined();
    const link = (id: string) => ({
      dataset: { badge: `${BASE}${SITE_PATHS.badge(id)}` },
      textContent: "see the current rule",
      title: "",
    });
    const links = [link("bc.ptt.fthb_exemption"), link("bc.no_such_fact")];
    const document = {
      querySelectorAll: (selector: string) => (selector === "a.facts-badge[data-badge]" ? links : []),
    };
    // The API as the browser reaches it: the built file, or a 404.
    const fetch = async (url: string) => {
      const bytes = tree.get(url.slice(BASE.length));
      return {
        ok: bytes !== undefined,
        status: bytes ? 200 : 404,
        json: async () => JSON.parse(bytes!.toString("utf8")),
      };
    };
    new Function("document", "fetch", script!)(document, fetch);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(links[0]!.textContent).toBe(ShieldsEndpoint.parse(json(SITE_PATHS.badge("bc.ptt.fthb_exemption"))).message);
    expect(links[0]!.title).toBe("");
    expect(links[1]!.textContent).toBe("see the current rule");
  });
});

describe("a badge's shortened text", () => {
  it("is cut after a whole part, at a word, never inside a number or a date", () => {
    expect(shortText("Rate: 20%; Areas: Metro Vancouver", 80)).toBe("Rate: 20%; Areas: Metro Vancouver");
    expect(shortText("1% up to $200,000; 2% up to $2,000,000; 3% up to $3,000,000", 40)).toBe(
      "1% up to $200,000; 2% up to $2,000,000…",
    );
    expect(shortText("Threshold: $2,075,000 and more words after it", 24)).toBe("Threshold: $2,075,000…");
    expect(shortText("In force from: February 21, 2018 and beyond", 34)).toBe("In force from: February 21, 2018…");
    expect(shortText("In force from: February 21, 2018 and beyond", 30)).toBe("In force from: February…");
    expect(shortText("Highest ratio (housing costs as a share of income): 39%; Total: 44%", 40)).toBe(
      "Highest ratio: 39%; Total: 44%",
    );
    expect(shortText("Law: Housing Statutes (Residential Development) Amendment Act, 2023", 80)).toBe(
      "Law: Housing Statutes (Residential Development) Amendment Act, 2023",
    );
    expect(shortText("12345678901234567890", 10)).toBe("…");
  });
});
