import { beforeAll, describe, expect, it } from "vitest";
import { TRANSLATIONS } from "../../src/i18n/locales.ts";
import { escapeHtml } from "../../src/lib/text.ts";
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

/** The elements that carry `lang="en-CA"` inside the page's main content, as text. */
const markedEnglish = (markup: string): string[] =>
  [...markup.slice(markup.indexOf("<main")).matchAll(/<(\w+) lang="en-CA">([^<]*)<\/\1>/g)].map((match) => match[2]!);

describe("the change log and the affordability index in every language", () => {
  it("are published under each language's folder, in that language, with no message key left in their text", () => {
    for (const locale of TRANSLATIONS)
      for (const name of ["changelog.html", "affordability.html"]) {
        const markup = page(`/${locale.folder}/${name}`);
        expect(markup, `${locale.code} ${name}`).toContain(`<html lang="${locale.tag}">`);
        const text = visibleText(markup, { inlineRunsOn: false });
        const keys = [...text.matchAll(/\b[a-z-]+\.[a-z-]+\.[a-z-]+\b/g)]
          .map((match) => match[0])
          .filter((word) => englishKeys.has(word));
        expect(keys, `${locale.code} ${name}`).toEqual([]);
        // The page's own words differ from the English page's: it was translated, not copied.
        expect(markup).not.toContain("<h1>Change log</h1>");
        expect(markup).not.toContain("<h1>Lower Mainland affordability index</h1>");
      }
  });

  it("write money, months and the headings in the reader's language on the French index page", () => {
    const markup = page("/fr-CA/affordability.html");
    expect(markup).toContain("<h1>Indice d&#39;abordabilité du Lower Mainland</h1>");
    const text = visibleText(markup, { inlineRunsOn: false });
    // French money in the tables: the amount, no-break spaces between thousands, then the sign ("1 106 700 $"), where
    // the English page writes "$1,106,700".
    expect(markup).toMatch(/<td>\d{1,3}(?:\u00a0\d{3})+\u00a0\$<\/td>/);
    expect(markup).not.toMatch(/<td>\$/);
    expect(page("/affordability.html")).toMatch(/<td>\$\d{1,3}(?:,\d{3})+<\/td>/);
    expect(text).toMatch(
      /Dernier mois : (?:janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}/,
    );
    expect(markup).toContain('<th scope="col">Prix de référence</th>');
    // The board names and MLS® HPI stay as written.
    expect(text).toContain("Greater Vancouver");
    expect(text).toContain("MLS® HPI");
  });

  it("keep the methodology's own texts in English, marked so a reader's voice reads them as English", () => {
    const { income, methodology } = model.index.data;
    expect(income).toBeDefined();
    expect(methodology).toBeDefined();
    for (const locale of TRANSLATIONS) {
      const english = markedEnglish(page(`/${locale.folder}/affordability.html`));
      expect(english).toContain(escapeHtml(income!.measure));
      for (const source of methodology!.sources) expect(english).toContain(escapeHtml(source.source));
    }
    // The English page has nothing to mark.
    expect(markedEnglish(page("/affordability.html"))).toEqual([]);
  });

  it("keep each version's note in English, marked as English, beside the translated rule", () => {
    const english = page("/changelog.html");
    const notes = [
      ...english.matchAll(/<p class="change-note"><span class="change-note-label">[^<]*<\/span> ([^<]*)<\/p>/g),
    ].map((match) => match[1]!);
    expect(notes.length).toBeGreaterThan(10);
    for (const locale of TRANSLATIONS) {
      const translated = page(`/${locale.folder}/changelog.html`);
      const marked = [
        ...translated.matchAll(
          /<p class="change-note"><span class="change-note-label">[^<]*<\/span> <span lang="en-CA">([^<]*)<\/span><\/p>/g,
        ),
      ].map((match) => match[1]!);
      expect(marked, locale.code).toEqual(notes);
    }
    // The rule's line is the page's: French labels and French numbers ("7 %"), where the English says "7%".
    const french = page("/fr-CA/changelog.html");
    expect(french).toMatch(/<p class="change-rule"><span class="change-note-label">La règle :<\/span> [^<]*\d\u00a0%/);
  });

  it("give the index's Dataset JSON-LD the page's language and address", () => {
    const dataset = (markup: string) =>
      JSON.parse(/<script type="application\/ld\+json">\n([\s\S]*?)\n<\/script>/.exec(markup)![1]!) as {
        inLanguage: string;
        url: string;
        name: string;
      };
    expect(dataset(page("/affordability.html"))).toMatchObject({
      inLanguage: "en-CA",
      url: model.urls.affordabilityPage,
    });
    for (const locale of TRANSLATIONS)
      expect(dataset(page(`/${locale.folder}/affordability.html`)), locale.code).toMatchObject({
        inLanguage: locale.tag,
        url: `${model.urls.base}/${locale.folder}/affordability.html`,
      });
    expect(dataset(page("/zh-Hant/affordability.html")).name).toContain("住屋負擔能力指數");
  });
});
