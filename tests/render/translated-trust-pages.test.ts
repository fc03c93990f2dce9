import { beforeAll, describe, expect, it } from "vitest";
import { TRANSLATIONS } from "../../src/i18n/locales.ts";
import { renderPages } from "../../src/render/pages/render-pages.ts";
import type { SiteModel } from "../../src/render/site-model.ts";
import { englishMessageKeys, visibleText } from "./page-text.ts";
import { realModel } from "./site-model.ts";

let model: SiteModel;
let pages: Map<string, string>;
let englishKeys: Set<string>;
beforeAll(async () => {
  model = await realModel();
  pages = new Map([...renderPages(model)].map(([at, content]) => [at, String(content)]));
  englishKeys = await englishMessageKeys();
});

const page = (at: string): string => {
  const markup = pages.get(at);
  if (markup === undefined) throw new Error(`no page is published at ${at}`);
  return markup;
};

/** The verification dates page's rows: each fact's id, its label's markup, and its cells as text. */
const dueRows = (markup: string) =>
  [...markup.matchAll(/<tr class="due-row due-[a-z]+" id="([^"]+)">([\s\S]*?)<\/tr>/g)].map((match) => ({
    id: match[1]!,
    label: /<a href="[^"]+">(.*?)<\/a>/.exec(match[2]!)?.[1],
    cells: [...match[2]!.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((cell) => cell[1]!.replace(/<[^>]+>/g, "")),
  }));

describe("the methodology and verification dates pages in every language", () => {
  it("are published under each language's folder, in that language, with no message key left in their text", () => {
    for (const locale of TRANSLATIONS)
      for (const name of ["methodology.html", "transparency.html"]) {
        const markup = page(`/${locale.folder}/${name}`);
        expect(markup, `${locale.code} ${name}`).toContain(`<html lang="${locale.tag}">`);
        expect(markup, `${locale.code} ${name}`).toContain(
          `<link rel="canonical" href="${model.urls.base}/${locale.folder}/${name}">`,
        );
        const keys = [
          ...visibleText(markup, {
            attributes: ["alt", "title", "aria-label", "data-label"],
            inlineRunsOn: false,
          }).matchAll(/\b[a-z-]+\.[a-z-]+\.[a-z-]+\b/g),
        ]
          .map((match) => match[0])
          .filter((word) => englishKeys.has(word));
        expect(keys, `${locale.code} ${name}`).toEqual([]);
        // The page's own words differ from the English page's: it was translated, not copied.
        expect(markup, `${locale.code} ${name}`).not.toContain("<h1>How the facts are checked</h1>");
        expect(markup, `${locale.code} ${name}`).not.toContain("<h1>Verification dates</h1>");
        expect(markup, `${locale.code} ${name}`).not.toContain("Citations by kind of source");
        expect(markup, `${locale.code} ${name}`).not.toContain('data-label="Next due"');
      }
  });

  it("state the methodology's figures in French words and numbers, counted as on the English page", () => {
    const markup = page("/fr-CA/methodology.html");
    const text = visibleText(markup, { attributes: ["alt", "title", "aria-label", "data-label"], inlineRunsOn: false });
    const citations = model.facts.flatMap((fact) => fact.citations);
    expect(markup).toContain("<h1>Comment les faits sont vérifiés</h1>");
    expect(text).toContain(`Le site publie ${model.facts.length} faits.`);
    const organisations = new Set(citations.map((citation) => citation.org_id)).size;
    expect(text).toContain(`Les faits portent ${citations.length} citations de ${organisations} organisations.`);
    // A share is a French percentage, a space before the sign ("53 %"), where the English page writes "53%".
    const official = citations.filter((citation) => citation.kind === "official").length;
    expect(markup).toContain(
      `<tr><th scope="row">Officielle</th><td>${official}</td><td>${Math.round((official / citations.length) * 100)}\u00a0%</td></tr>`,
    );
    expect(page("/methodology.html")).toMatch(/<td>\d+%<\/td>/);
    // The kinds of organisation as the French sources page names one of them, capitalised to head a row.
    expect(markup).toContain('<tr><th scope="row">Gouvernement</th>');
    // The link the report paragraph quotes is the fact pages' French link, word for word.
    expect(text).toContain("« Signaler une erreur dans ce fait »");
    expect(page("/zh-Hant/methodology.html")).toContain("<h1>事實如何查核</h1>");
    expect(page("/pa/methodology.html")).toContain("<h1>ਤੱਥਾਂ ਦੀ ਜਾਂਚ ਕਿਵੇਂ ਕੀਤੀ ਜਾਂਦੀ ਹੈ</h1>");
  });

  it("list every fact on the French verification dates page with its translated label, French dates and states", () => {
    const english = dueRows(page("/transparency.html"));
    const french = dueRows(page("/fr-CA/transparency.html"));
    // The same facts in the same order, soonest due first.
    expect(french.map((row) => row.id)).toEqual(english.map((row) => row.id));
    const fr = model.languages.find((lang) => lang.locale.code === "fr-CA")!;
    const byId = new Map(model.facts.map((fact) => [fact.id, fact]));
    for (const row of french) {
      const fact = byId.get(row.id)!;
      // The label the French words have for the fact; a fact they lack reads in English, marked as English.
      expect(row.label, row.id).toBe(fr.factLabelHtml(fact).markup);
      const [cadence, , , status] = row.cells;
      expect(cadence, row.id).toMatch(/^\d+ jours \((?:changeante|stable)\)$/);
      expect(status, row.id).toMatch(/^(?:Vérifié|Échéance proche : .+|En retard de \d+ jours?)$/);
    }
    expect(french.some((row) => row.label === byId.get(row.id)!.label)).toBe(false);
    // Dates as French writes them in a table ("21 févr. 2027"), the English page's "Feb 21, 2027" nowhere.
    const dates = french.flatMap((row) => row.cells.slice(1, 3));
    for (const date of dates) expect(date).toMatch(/^\d{1,2} \S+ \d{4}$/);
    const summary = /<p class="due-summary">(.*?)<\/p>/.exec(page("/fr-CA/transparency.html"))![1]!;
    expect(summary).toMatch(/^Le <time datetime="\d{4}-\d{2}-\d{2}">\d{1,2} [a-zéû]+ \d{4}<\/time>, jour où/);
  });

  it("link each language's own pages to one another, and the facts in that language's folder", () => {
    for (const locale of TRANSLATIONS) {
      const methodology = page(`/${locale.folder}/methodology.html`);
      const transparency = page(`/${locale.folder}/transparency.html`);
      for (const href of ["transparency.html", "sources.html", "changelog.html"])
        expect(methodology, `${locale.code} ${href}`).toContain(`<a href="${href}">`);
      expect(transparency, locale.code).toContain('<a href="methodology.html">');
      expect(transparency, locale.code).toContain('<a href="bc.ptt.brackets.html">');
    }
  });
});
