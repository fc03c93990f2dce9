import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { addDays, daysBetween } from "../../src/lib/dates.ts";
import { escapeHtml } from "../../src/lib/text.ts";
import { renderMethodologyPage } from "../../src/render/pages/render-methodology-page.ts";
import { DUE_SOON_DAYS, renderTransparencyPage } from "../../src/render/pages/render-transparency-page.ts";
import { renderSite } from "../../src/render/render-site.ts";
import type { SiteModel } from "../../src/render/site-model.ts";
import { frozenSite } from "../helpers/build-site.ts";
import { PROJECT_ROOT } from "../helpers/run-script.ts";
import { CHROMIUM, hasChromium, launchChromium } from "./browser.ts";
import { type StaticServer, startStaticServer } from "./serve-directory.ts";
import { realModel, TEST_BASE_URL } from "./site-model.ts";

let model: SiteModel;
beforeAll(async () => {
  model = await realModel();
});

/** A table's body rows as their cells' text, by the table's caption. */
const tableRows = (markup: string, caption: string): string[][] => {
  const start = markup.indexOf(`<caption>${escapeHtml(caption)}</caption>`);
  expect(start, caption).toBeGreaterThan(0);
  const table = markup.slice(start, markup.indexOf("</table>", start));
  return [...table.matchAll(/<tr>(.*?)<\/tr>/g)]
    .slice(1)
    .map((row) => [...row[1]!.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((cell) => cell[1]!.replace(/<[^>]+>/g, "")));
};

const newestRetrieved = (citations: readonly { retrieved_iso: string }[]): string =>
  citations
    .map((citation) => citation.retrieved_iso)
    .sort()
    .at(-1)!;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

describe("the methodology page", () => {
  it("states the figures of the published facts: facts, versions, citations by kind and by organisation, cadences", () => {
    const page = renderMethodologyPage(model, model.languages[0]!);
    const citations = model.facts.flatMap((fact) => fact.citations);
    const ofKind = (kind: string) => String(citations.filter((citation) => citation.kind === kind).length);

    expect(page).toContain(`The site publishes ${model.facts.length} facts.`);
    const versions = model.facts.reduce((sum, fact) => sum + model.timelines.get(fact.id)!.versions.length, 0);
    expect(page).toContain(`The ${model.facts.length} facts have ${versions} versions between them.`);

    const byKind = tableRows(page, "Citations by kind of source");
    expect(byKind.map((row) => row.slice(0, 2))).toEqual([
      ["Official", ofKind("official")],
      ["Official copy", ofKind("official-copy")],
      ["Secondary", ofKind("secondary")],
      ["All citations", String(citations.length)],
    ]);

    // Organisations are counted by their registry id, each once, with every citation of theirs.
    const organisations = new Map<string, { kind: string; citations: number }>();
    for (const citation of citations) {
      const organisation = organisations.get(citation.org_id) ?? { kind: citation.org_kind, citations: 0 };
      organisation.citations += 1;
      organisations.set(citation.org_id, organisation);
    }
    expect(page).toContain(`The facts carry ${citations.length} citations of ${organisations.size} organisations.`);
    const kindRows = tableRows(page, "Citations by kind of organisation");
    expect(kindRows.at(-1)).toEqual(["All organisations", String(organisations.size), String(citations.length)]);
    const kinds = new Set([...organisations.values()].map((organisation) => organisation.kind));
    expect(kindRows.slice(0, -1)).toHaveLength(kinds.size);
    const government = [...organisations.values()].filter((organisation) => organisation.kind === "government");
    expect(kindRows).toContainEqual([
      "Government",
      String(government.length),
      String(government.reduce((sum, organisation) => sum + organisation.citations, 0)),
    ]);

    // The most cited organisations, most first, each linking its section of the sources page.
    const most = Math.max(...[...organisations.values()].map((organisation) => organisation.citations));
    const mostCited = tableRows(page, "The 10 most cited organisations");
    expect(mostCited).toHaveLength(10);
    expect(mostCited[0]![1]).toBe(String(most));
    const counts = mostCited.map((row) => Number(row[1]));
    expect(counts).toEqual(counts.toSorted((a, b) => b - a));
    const top = [...organisations].find(([, organisation]) => organisation.citations === most)![0];
    expect(page).toContain(`<a href="sources.html#org-${top}">`);

    const quoted = citations.filter((citation) => citation.quote !== undefined).length;
    expect(page).toContain(`${quoted} of them quote the passage of the source that states the point.`);
    const secondaryOnly = model.facts.filter((fact) => fact.citations.every((c) => c.kind === "secondary")).length;
    expect(page).toContain(`${plural(secondaryOnly, "fact rests", "facts rest")} on secondary sources alone.`);

    // Each cadence's days as the page states them are the days between each of its facts' newest check and its
    // re-verify-by date, and its count is how many facts carry its tag.
    for (const [tag, words] of [
      ["cadence:volatile", "Volatile rules"],
      ["cadence:stable", "Stable rules"],
    ] as const) {
      const facts = model.facts.filter((fact) => fact.tags?.includes(tag));
      expect(facts.length, tag).toBeGreaterThan(0);
      const line = new RegExp(`<li>${words} \\([^)]*\\): every (\\d+) days \\((\\d+) facts?\\)\\.</li>`).exec(page);
      expect(line, tag).not.toBeNull();
      expect(Number(line![2]), tag).toBe(facts.length);
      for (const fact of facts)
        expect(daysBetween(newestRetrieved(fact.citations), fact.expires_iso), fact.id).toBe(Number(line![1]));
    }

    const corrected = model.facts.flatMap((fact) => fact.history).filter((entry) => entry.corrected_by !== undefined);
    expect(corrected.length).toBeGreaterThan(0);
    expect(page).toContain(`${corrected.length} versions of the ${versions} published so far are marked as corrected.`);
    // The change log shows the same corrected versions.
    const changelog = String(renderSite(model).get("/changelog.html"));
    expect(changelog.match(/corrected by version \d+/g)).toHaveLength(corrected.length);
  });

  it("says an issue opens as many days before a fact's date as the re-verification workflow gives", async () => {
    const workflow = parseYaml(await readFile(path.join(PROJECT_ROOT, ".github/workflows/reverify.yml"), "utf8")) as {
      jobs: { reverify: { steps: { uses?: string; with?: Record<string, unknown> }[] } };
    };
    const step = workflow.jobs.reverify.steps.find((each) => each.uses === "./actions/reverify");
    expect(step?.with?.["within-days"]).toBe(DUE_SOON_DAYS);
    expect(renderMethodologyPage(model, model.languages[0]!)).toContain(
      `${DUE_SOON_DAYS} days before that date, an issue to check it opens`,
    );
    expect(renderTransparencyPage(model, model.languages[0]!)).toContain(
      `A fact is due soon from ${DUE_SOON_DAYS} days before its date`,
    );
  });

  it("changes with the facts, never with the build day", () => {
    const page = renderMethodologyPage(model, model.languages[0]!);
    expect(renderMethodologyPage({ ...model, today: addDays(model.today, 200) }, model.languages[0]!)).toBe(page);
    const fewer = renderMethodologyPage({ ...model, facts: model.facts.slice(1) }, model.languages[0]!);
    expect(fewer).toContain(`The site publishes ${model.facts.length - 1} facts.`);
    // No date of the data or of the build is written on it.
    expect(page).not.toContain(model.today);
    expect(page).not.toContain(model.generatedAt);
    expect(page).not.toContain('class="data-dates"');
  });

  it("has its title, description and canonical address, and links the report form and the other pages", () => {
    const page = renderMethodologyPage(model, model.languages[0]!);
    expect(page).toContain("<title>How the facts are checked: BC Real Estate Facts</title>");
    expect(page).toContain(`<link rel="canonical" href="${TEST_BASE_URL}/methodology.html">`);
    expect(page).toMatch(/<meta name="description" content="What each of the \d+ facts of BC Real Estate Facts holds/);
    expect(page).toContain(`href="https://github.com/${model.repository}/issues/new/choose"`);
    for (const href of ["sources.html", "changelog.html", "transparency.html"])
      expect(page).toContain(`href="${href}"`);
  });
});

/** The transparency page's rows: each fact's id, link, cadence, dates and state as the reader sees them. */
const dueRows = (page: string) =>
  [...page.matchAll(/<tr class="due-row due-([a-z]+)" id="([^"]+)">([\s\S]*?)<\/tr>/g)].map((match) => {
    const cells = match[3]!;
    return {
      status: match[1],
      id: match[2]!,
      href: /<a href="([^"]+)">/.exec(cells)?.[1],
      cadence: /data-label="Checked every">([^<]*)</.exec(cells)?.[1],
      dates: [...cells.matchAll(/<time datetime="([\d-]+)">/g)].map((each) => each[1]),
      words: /data-label="Status">([^<]*)</.exec(cells)?.[1],
    };
  });

describe("the verification dates page", () => {
  it("lists every fact once, linking its page, with its cadence, last-verified and next-due dates, soonest due first", () => {
    const page = renderTransparencyPage(model, model.languages[0]!);
    const rows = dueRows(page);
    expect(rows.map((row) => row.id).toSorted()).toEqual(model.facts.map((fact) => fact.id).toSorted());
    const byId = new Map(model.facts.map((fact) => [fact.id, fact]));
    for (const row of rows) {
      const fact = byId.get(row.id)!;
      expect(row.href, row.id).toBe(`${fact.id}.html`);
      expect(row.dates, row.id).toEqual([newestRetrieved(fact.citations), fact.expires_iso]);
      const days = daysBetween(newestRetrieved(fact.citations), fact.expires_iso);
      const name = fact.tags!.find((tag) => tag.startsWith("cadence:"))!.slice("cadence:".length);
      expect(row.cadence, row.id).toBe(`${days} days (${name})`);
    }
    const order = rows.map((row) => `${byId.get(row.id)!.expires_iso} ${row.id}`);
    expect(order).toEqual(order.toSorted());
    expect(page).toContain("<title>Verification dates: BC Real Estate Facts</title>");
    expect(page).toContain(`<link rel="canonical" href="${TEST_BASE_URL}/transparency.html">`);
    // Dated as the other pages that list every fact are: by the newest change to the data and the build day.
    expect(page).toContain(`<p class="data-dates">The data last changed on <time datetime="${model.generatedAt}">`);
  });

  it("says in words which facts are overdue and which are due soon on the build day, and counts them", () => {
    const soonest = model.facts.map((fact) => fact.expires_iso).sort()[0]!;
    // On a fact's date it is still verified, and due today.
    const onTheDay = dueRows(renderTransparencyPage({ ...model, today: soonest }, model.languages[0]!));
    for (const row of onTheDay.filter((each) => model.facts.find((f) => f.id === each.id)!.expires_iso === soonest))
      expect([row.status, row.words], row.id).toEqual(["expiring", "Due soon: today"]);

    const today = addDays(soonest, 1);
    const page = renderTransparencyPage({ ...model, today }, model.languages[0]!);
    const rows = dueRows(page);
    const expected = { expired: 0, expiring: 0, verified: 0 };
    for (const row of rows) {
      const left = daysBetween(today, model.facts.find((fact) => fact.id === row.id)!.expires_iso);
      const [status, words] =
        left < 0
          ? ["expired", `Overdue by ${plural(-left, "day", "days")}`]
          : left <= DUE_SOON_DAYS
            ? ["expiring", left === 0 ? "Due soon: today" : `Due soon: in ${plural(left, "day", "days")}`]
            : ["verified", "Verified"];
      expect([row.status, row.words], row.id).toEqual([status, words]);
      expected[status as keyof typeof expected] += 1;
    }
    expect(expected.expired).toBeGreaterThan(0);
    expect(expected.expiring + expected.verified).toBeGreaterThan(0);
    expect(page).toContain(
      `the day this copy of the site was built: ${plural(expected.verified, "fact", "facts")} verified, ${plural(expected.expiring, "fact", "facts")} due soon, ${plural(expected.expired, "fact", "facts")} overdue.`,
    );
  });
});

describe("the footer of every page", () => {
  it("links the methodology and verification dates pages of the page's language, from any depth", () => {
    const site = renderSite(model);
    const pages = [...site.keys()].filter((file) => file.endsWith(".html"));
    // Every kind: the catalog, the other root pages, each fact's, the places and each place's, and the 404 page.
    for (const kind of ["/index.html", "/404.html", "/places.html", "/bc.ptt.brackets.html", "/places/kamloops.html"])
      expect(pages).toContain(kind);
    for (const kind of ["/fr-CA/sources.html", "/pa/404.html", "/zh-Hant/methodology.html"])
      expect(pages).toContain(kind);
    for (const file of pages) {
      const markup = String(site.get(file));
      const lang = model.languages.find((each) => !each.english && file.startsWith(`/${each.locale.folder}/`));
      const words = lang ?? model.languages[0]!;
      // The link's words as the language's footer message has them: "How the facts are checked" in English.
      const linkWords = (tag: "methodology" | "transparency"): string => {
        const parts = words.w.parts<{ tag: string; text: string }>("footer.trust", {
          methodology: (chunks) => ({ tag: "methodology", text: chunks.join("") }),
          transparency: (chunks) => ({ tag: "transparency", text: chunks.join("") }),
        });
        const part = parts.find((each) => typeof each === "object" && each.tag === tag);
        return typeof part === "object" ? part.text : tag;
      };
      const footer = markup.slice(markup.indexOf('<footer class="site-footer">'));
      const target = (text: string) => {
        const href = new RegExp(`<a href="([^"]+)">${escapeHtml(text)}</a>`).exec(footer)?.[1];
        expect(href, `${file}: ${text}`).toBeDefined();
        return new URL(href!, `${TEST_BASE_URL}${file}`).href;
      };
      expect(target(linkWords("methodology")), file).toBe(`${TEST_BASE_URL}${words.path("/methodology.html")}`);
      expect(target(linkWords("transparency")), file).toBe(`${TEST_BASE_URL}${words.path("/transparency.html")}`);
    }
    expect(model.urls.methodologyPage).toBe(`${TEST_BASE_URL}/methodology.html`);
  });
});

const available = hasChromium();
if (!available) {
  console.warn(
    `SKIPPED: the methodology and verification pages' browser tests need Debian's Chromium at ${CHROMIUM}, which is absent. Install it with: apt-get install -y chromium`,
  );
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

describe.skipIf(!available)("the methodology and verification dates pages in headless Chromium", () => {
  let server: StaticServer;
  let browser: Browser;
  let axeSource: string;

  beforeAll(async () => {
    server = await startStaticServer();
    server.serve(frozenSite().out);
    axeSource = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const openPage = async (width: number): Promise<Page> => {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    // Only the test server may be reached: anything else would be a bug in the pages.
    await page.route(/^(?!http:\/\/127\.0\.0\.1:\d+\/)/, (route) => route.abort());
    return page;
  };

  it.each([1280, 375])(
    "have no axe-core violation of any impact, and no sideways scrolling, at %i px",
    async (width) => {
      const page = await openPage(width);
      for (const file of ["methodology.html", "transparency.html"]) {
        await page.goto(`${server.url}/${file}`);
        await page.addScriptTag({ content: axeSource });
        const violations = (await page.evaluate(
          `axe.run(document, { resultTypes: ["violations"] }).then((results) => results.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.slice(0, 3).map((node) => ({ target: node.target })) })))`,
        )) as AxeViolation[];
        expect(violations, `${file}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
        const widths = (await page.evaluate(
          "[document.documentElement.scrollWidth, document.documentElement.clientWidth]",
        )) as [number, number];
        expect(widths[0], file).toBeLessThanOrEqual(widths[1]);
      }
      await page.close();
    },
  );

  it("leads from a fact's page to both pages by the footer, and from a row of the verification dates to the fact", async () => {
    const page = await openPage(375);
    await page.goto(`${server.url}/bc.ptt.brackets.html`);
    await page.locator("footer").getByRole("link", { name: "How the facts are checked" }).click();
    await page.waitForURL(/\/methodology\.html$/);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("How the facts are checked");
    await page.locator("footer").getByRole("link", { name: "when each was last verified" }).click();
    await page.waitForURL(/\/transparency\.html$/);
    // On a phone each row reads as a block whose labels say what each date is.
    const row = page.locator('tr[id="bc.ptt.brackets"]');
    await expect(row.locator('td[data-label="Next due"]').isVisible()).resolves.toBe(true);
    await expect(
      page.evaluate(
        `getComputedStyle(document.querySelector('tr[id="bc.ptt.brackets"] td[data-label="Status"]'), "::before").content`,
      ),
    ).resolves.toBe('"Status: "');
    await row.getByRole("link").click();
    await page.waitForURL(/\/bc\.ptt\.brackets\.html$/);
    await page.close();
  });
});
