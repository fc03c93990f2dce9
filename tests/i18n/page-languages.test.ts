import { access, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../src/i18n/locales.ts";
import { LocaleWords } from "../../src/schemas/index.ts";
import { frozenSite } from "../helpers/build-site.ts";
import { FROZEN_SITE_BASE_URL } from "../helpers/frozen-data.ts";
import { PROJECT_ROOT } from "../helpers/run-script.ts";

// The translated pages and the words endpoint, read from the frozen copy as the build published them.

const { out } = frozenSite();
const page = (file: string) => readFile(path.join(out, file), "utf8");
const englishKeys = async (): Promise<string[]> =>
  Object.keys(JSON.parse(await readFile(path.join(PROJECT_ROOT, "site/words/en.json"), "utf8")).pages);
const words = async (code: string) =>
  JSON.parse(await readFile(path.join(PROJECT_ROOT, `site/words/${code}.json`), "utf8")) as {
    pages: Record<string, string>;
    facts: Record<string, { label: { text: string } }>;
  };

/** The page's text without its markup, as a reader sees it. */
const textOf = (markup: string): string =>
  markup
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("the pages in every language", () => {
  it("publishes the sources page in each language at its folder, with lang, canonical, hreflang for all and x-default", async () => {
    for (const locale of LOCALES) {
      const file = locale.folder === "" ? "sources.html" : `${locale.folder}/sources.html`;
      const markup = await page(file);
      expect(markup).toContain(`<html lang="${locale.tag}">`);
      expect(markup).toContain(`<link rel="canonical" href="${FROZEN_SITE_BASE_URL}/${file}">`);
      for (const other of LOCALES)
        expect(markup).toContain(
          `<link rel="alternate" hreflang="${other.tag}" href="${FROZEN_SITE_BASE_URL}/${other.folder === "" ? "" : `${other.folder}/`}sources.html">`,
        );
      expect(markup).toContain(
        `<link rel="alternate" hreflang="x-default" href="${FROZEN_SITE_BASE_URL}/sources.html">`,
      );
    }
  });

  it("links every other language's page from the switch, to files that exist, and says on a translation that English is authoritative", async () => {
    for (const locale of LOCALES) {
      const file = locale.folder === "" ? "sources.html" : `${locale.folder}/sources.html`;
      const markup = await page(file);
      const switcher = /<nav class="languages"[\s\S]*?<\/nav>/.exec(markup)?.[0] ?? "";
      const hrefs = [...switcher.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!);
      expect(hrefs).toHaveLength(LOCALES.length - 1);
      for (const href of hrefs) await access(path.join(out, path.dirname(file), href));
      const notice = /<p class="translation-note">([\s\S]*?)<\/p>/.exec(markup);
      if (locale.folder === "") expect(notice).toBeNull();
      else {
        expect(notice?.[1]).toContain('href="../sources.html"');
        // Compared without spaces: the link's markup leaves spaces where the message has none.
        const bare = (text: string) => textOf(text).replace(/\s/g, "");
        expect(bare(notice![1]!)).toBe(bare((await words(locale.code)).pages["layout.authoritative"]!));
      }
    }
  });

  it("shows no message key on any translated page, and writes numbers as the language does", async () => {
    const keys = await englishKeys();
    for (const locale of LOCALES.filter((each) => each.folder !== "")) {
      for (const file of ["sources.html", "404.html"]) {
        const text = textOf(await page(`${locale.folder}/${file}`));
        expect(
          keys.filter((key) => text.includes(key)),
          `${locale.code}/${file}`,
        ).toEqual([]);
      }
    }
    // French groups thousands with a space and puts the percent sign after a space, in the values' summaries too.
    const french = LocaleWords.parse(
      JSON.parse(await readFile(path.join(out, "api/v1/facts/locales/fr-CA.json"), "utf8")),
    );
    expect(french.facts["bc.ptt.brackets"]?.summary).toMatch(/1\s%/);
    expect(french.facts["bc.ptt.brackets"]?.summary).toMatch(/200\s000\s\$/);
  });

  it("publishes each language's words for the facts, the translated label where one was made from today's English", async () => {
    for (const locale of LOCALES) {
      const body = LocaleWords.parse(
        JSON.parse(await readFile(path.join(out, `api/v1/facts/locales/${locale.code}.json`), "utf8")),
      );
      expect(body.locale).toBe(locale.tag);
      expect(body.authoritative).toBe("en-CA");
      if (locale.folder === "") continue;
      const translations = await words(locale.code);
      const translatedFacts = Object.entries(body.facts).filter(([, fact]) => fact.translated);
      expect(translatedFacts.length).toBeGreaterThan(0);
      for (const [id, fact] of translatedFacts) expect(fact.label).toBe(translations.facts[id]?.label.text);
    }
  });
});
