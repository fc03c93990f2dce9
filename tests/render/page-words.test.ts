import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TRANSLATIONS } from "../../src/i18n/locales.ts";
import { escapeHtml } from "../../src/lib/text.ts";
import { frozenSite } from "../helpers/build-site.ts";
import { PROJECT_ROOT } from "../helpers/run-script.ts";
import { englishMessageKeys, visibleText } from "./page-text.ts";

/**
 * Words for programs that a page must never show a reader: the version-control tool the history is read from, a
 * field name of the JSON, and the unit codes of the fact files (a label says "in percent", never "(%)").
 */
const FORBIDDEN: readonly { what: string; pattern: RegExp }[] = [
  { what: "the word git", pattern: /\bgit\b/i },
  { what: "a JSON field name", pattern: /\b(?:canonical_url|summary_keys|effective_iso|expires_iso)\b/ },
  {
    what: "a unit code",
    pattern: /\((?:%|years?|CAD|m2)\)|CAD-bracket-array|thresholds-CAD|thresholds-m2-ha|fraction-and-rules/,
  },
];

describe("the words on every page", () => {
  it("never show git, a JSON field name or a unit code", async () => {
    const { out } = frozenSite();
    const pages = (await readdir(out, { recursive: true })).filter((file) => file.endsWith(".html"));
    expect(pages.length).toBeGreaterThan(10);
    const found: string[] = [];
    for (const page of pages) {
      const text = visibleText(await readFile(path.join(out, page), "utf8"));
      for (const { what, pattern } of FORBIDDEN) {
        const match = pattern.exec(text);
        if (match) found.push(`${page}: ${what}: …${text.slice(Math.max(0, match.index - 40), match.index + 40)}…`);
      }
    }
    expect(found).toEqual([]);
  });

  it("say above the value when a rule is only announced, or when every source is secondary", async () => {
    const { out } = frozenSite();
    const standing = async (id: string) => {
      const markup = await readFile(path.join(out, `${id}.html`), "utf8");
      const notice = /<p class="fact-standing">([^<]*)<\/p>/.exec(markup)?.[1];
      const history = /\(current\): ([a-z ]+) <time/.exec(markup)?.[1];
      return { notice, history };
    };
    // Announced in a budget, known from its reporting only.
    const pst = await standing("bc.pst.strata_and_rental_management");
    expect(pst.notice).toMatch(/^Announced, not confirmed enacted: .* Every source cited here is secondary/);
    expect(pst.history).toBe("announced to apply from");
    // Announced, with an official page confirming the plan: no word on the sources.
    const deferment = await standing("bc.property_tax_deferment.interest");
    expect(deferment.notice).toMatch(/^Announced, not confirmed enacted: [^.]*\.$/);
    // A rule in force with official sources says nothing more.
    expect(await standing("bc.ptt.brackets")).toEqual({ notice: undefined, history: "in force from" });
  });

  it("lead each catalog row's value with the rule its fact names first (summary_keys), never a secondary key", async () => {
    const { out } = frozenSite();
    const catalog = JSON.parse(await readFile(path.join(out, "api/v1/facts/all.json"), "utf8")) as {
      facts: { id: string; value: unknown; summary: string }[];
    };
    const markup = await readFile(path.join(out, "index.html"), "utf8");
    const lines = new Map(
      [
        ...markup.matchAll(
          /<tr class="fact-row[^"]*" id="([^"]+)"[\s\S]*?<td class="value-line"[^>]*>([\s\S]*?)<\/td>/g,
        ),
      ].map((match) => [
        match[1]!,
        visibleText(match[2]!)
          .trim()
          .replace(/^Announced, not confirmed enacted; /, ""),
      ]),
    );
    const records = catalog.facts.filter(
      (fact) => typeof fact.value === "object" && fact.value !== null && !Array.isArray(fact.value),
    );
    expect(records.length).toBeGreaterThan(40);
    for (const fact of records) {
      // The summary's first field, by its label: the value line starts with it.
      const lead = fact.summary.slice(0, fact.summary.indexOf(": ") + 2);
      expect(lines.get(fact.id), fact.id).toMatch(new RegExp(`^${lead.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    }
    expect(lines.get("bc.straa")).toMatch(/^Units a host may rent where the principal residence rule applies: /);
    expect(lines.get("bc.rent_cap.2026")).toMatch(/^Largest allowed rent increase: 2\.3%/);
  });
});

/** What a reader of each translation reads on Kamloops's page: its words, never the English sentence of the API. */
const KAMLOOPS: Record<string, { heading: string; reason: string; kind: string }> = {
  "fr-CA": {
    heading: "Ce qui s’applique à Kamloops",
    reason:
      "S’applique aujourd’hui, depuis le 1 janvier 2024 : Kamloops est nommé dans la région imposable de la taxe sur la spéculation et l’inoccupation : « Kamloops ».",
    kind: "City of Kamloops est une ville (city), dans le Thompson-Nicola Regional District.",
  },
  "zh-Hant": {
    heading: "Kamloops適用的規則",
    reason: "適用（現時；起始日期：2024年1月1日）：Kamloops列於投機及空置稅的徵稅地區：「Kamloops」。",
    kind: "City of Kamloops是一個城市（city），位於Thompson-Nicola Regional District。",
  },
  "zh-Hans": {
    heading: "Kamloops适用的规则",
    reason: "适用（现在；起始日期：2024年1月1日）：Kamloops列于投机与空置税的征税地区：“Kamloops”。",
    kind: "City of Kamloops是一个城市（city），位于Thompson-Nicola Regional District。",
  },
  pa: {
    heading: "Kamloops ਵਿੱਚ ਕੀ ਲਾਗੂ ਹੁੰਦਾ ਹੈ",
    reason: 'ਲਾਗੂ ਹੈ (ਹੁਣ; ਕਦੋਂ ਤੋਂ: 1 ਜਨਵਰੀ 2024): Kamloops ਦਾ ਨਾਮ ਸਪੈਕੂਲੇਸ਼ਨ ਐਂਡ ਵੇਕੈਂਸੀ ਟੈਕਸ ਦੇ ਟੈਕਸਯੋਗ ਖੇਤਰ ਵਿੱਚ ਹੈ: "Kamloops"।',
    kind: "City of Kamloops ਇੱਕ ਸ਼ਹਿਰ (city) ਹੈ, ਜੋ Thompson-Nicola Regional District ਵਿੱਚ ਹੈ।",
  },
};

describe("the places pages in every language", () => {
  it.each(TRANSLATIONS.map((locale) => [locale.code, locale] as const))(
    "%s: every place page and the index carry the language and show no message key",
    async (_code, locale) => {
      const { out } = frozenSite();
      const keys = await englishMessageKeys();
      const folder = path.join(out, locale.folder);
      const pages = ["places.html", ...(await readdir(path.join(folder, "places"))).map((file) => `places/${file}`)];
      // The same places as in English: every one of them is translated.
      expect(pages.length).toBe((await readdir(path.join(out, "places"))).length + 1);
      const found: string[] = [];
      for (const page of pages) {
        const markup = await readFile(path.join(folder, page), "utf8");
        if (!markup.includes(`<html lang="${locale.tag}"`)) found.push(`${page}: no lang="${locale.tag}"`);
        for (const [word] of visibleText(markup).matchAll(/\b[a-z][a-z0-9-]*(?:\.[a-z0-9-]+)+\b/g))
          if (keys.has(word)) found.push(`${page}: the key ${word}`);
      }
      expect(found).toEqual([]);
    },
  );

  it.each(Object.entries(KAMLOOPS))(
    "%s: Kamloops's page words the rules and their reasons in the language, place names as written",
    async (code, expected) => {
      const { out } = frozenSite();
      const markup = await readFile(path.join(out, code, "places/kamloops.html"), "utf8");
      const text = visibleText(markup);
      expect(text).toContain(expected.heading);
      expect(text).toContain(expected.reason);
      expect(text).toContain(expected.kind);
      // Not the API's English sentence for the same period.
      expect(text).not.toContain("is named in the taxable region");
      // The register's notes on a source stay English, marked so a screen reader reads them as English.
      expect(markup).toMatch(/<span lang="en-CA">A CSV extract of BC Stats/);
      // Links stay in the language's pages.
      expect(markup).toContain(`href="/${code}/places.html"`);
    },
  );
});

/** A words file of the project, as the build reads it. */
const wordsOf = async (code: string) =>
  JSON.parse(await readFile(path.join(PROJECT_ROOT, "site/words", `${code}.json`), "utf8")) as {
    pages: Record<string, string>;
    facts?: Record<string, { label: { en: string; text: string } }>;
  };

/** Dotted lowercase words, as a message key is written ("fact.value", "sources.kind.court"). */
const KEY_LIKE = /\b[a-z][a-z0-9-]*(?:\.[a-z0-9-]+)+\b/g;

describe("the catalog and the fact pages in every translation", () => {
  it("are published in each language's folder, in that language, with no message key shown for words", async () => {
    const { out } = frozenSite();
    const english = await wordsOf("en");
    const { facts } = JSON.parse(await readFile(path.join(out, "api/v1/facts/all.json"), "utf8")) as {
      facts: { id: string; label: string }[];
    };
    expect(facts.length).toBeGreaterThan(40);
    for (const locale of TRANSLATIONS) {
      const words = await wordsOf(locale.code);
      const pages = ["index.html", ...facts.map((fact) => `${fact.id}.html`)];
      for (const page of pages) {
        const markup = await readFile(path.join(out, locale.folder, page), "utf8");
        expect(markup, `${locale.code}/${page}`).toContain(`<html lang="${locale.tag}">`);
        const keys = (visibleText(markup).match(KEY_LIKE) ?? []).filter((word) => Object.hasOwn(english.pages, word));
        expect(keys, `${locale.code}/${page}`).toEqual([]);
      }
      // The words are the language's: the catalog's heading of a column, each fact's label and sections.
      const catalog = await readFile(path.join(out, locale.folder, "index.html"), "utf8");
      expect(catalog).toContain(`<th scope="col">${escapeHtml(words.pages["catalog.column-value"]!)}</th>`);
      for (const fact of facts) {
        const translated = words.facts?.[fact.id]?.label;
        const label = translated !== undefined && translated.en === fact.label ? translated.text : undefined;
        const markup = await readFile(path.join(out, locale.folder, `${fact.id}.html`), "utf8");
        expect(markup, `${locale.code} ${fact.id}`).toContain(`<h2>${escapeHtml(words.pages["fact.value"]!)}</h2>`);
        // A label the translation lacks for today's English is shown in English, marked as English.
        expect(markup, `${locale.code} ${fact.id}`).toContain(
          label === undefined
            ? `<h1 id="${fact.id}-title"><span lang="en-CA">${escapeHtml(fact.label)}</span></h1>`
            : `<h1 id="${fact.id}-title">${escapeHtml(label)}</h1>`,
        );
        expect(catalog, `${locale.code} ${fact.id}`).toContain(`<a href="${fact.id}.html">`);
      }
    }
  });

  it("write money, rates and dates as the language does, and keep the sources' words in English, marked as English", async () => {
    const { out } = frozenSite();
    const page = await readFile(path.join(out, "fr-CA/bc.ptt.brackets.html"), "utf8");
    const cells = [...page.matchAll(/<th scope="row">([^<]+)<\/th><td>([^<]+)<\/td>/g)].map((match) => [
      match[1]!.replace(/[\u00a0\u202f]/g, " "),
      match[2]!.replace(/[\u00a0\u202f]/g, " "),
    ]);
    expect(cells.slice(0, 4)).toEqual([
      ["Jusqu&#39;à 200 000 $", "1 %"],
      ["De 200 000 $ à 2 000 000 $", "2 %"],
      ["De 2 000 000 $ à 3 000 000 $", "3 %"],
      ["Plus de 3 000 000 $", "5 %"],
    ]);
    expect(page).toMatch(/<dd><time datetime="2018-02-21">21 février 2018<\/time><\/dd>/);
    // Quotes and notes are the sources' own words: English, and said so to a screen reader.
    const quotes = [...page.matchAll(/<blockquote class="quote"[^>]*>/g)].map((match) => match[0]);
    expect(quotes.length).toBeGreaterThan(0);
    for (const quote of quotes) expect(quote).toContain('lang="en-CA"');
    const catalog = await readFile(path.join(out, "zh-Hant/index.html"), "utf8");
    expect(catalog).toContain("<time datetime=");
    expect(catalog).toMatch(
      /<td class="date" data-label="生效日期"><time datetime="(\d{4})-\d{2}-\d{2}">\1年\d{1,2}月\d{1,2}日<\/time><\/td>/,
    );
  });

  it("link the pages of their own language, and the data where the English pages link it", async () => {
    const { out } = frozenSite();
    for (const locale of TRANSLATIONS) {
      for (const page of ["index.html", "bc.ptt.brackets.html"]) {
        const markup = await readFile(path.join(out, locale.folder, page), "utf8");
        const main = markup.slice(markup.indexOf("<main"), markup.indexOf("</main>"));
        const hrefs = [...main.matchAll(/href="([^"#]+)(?:#[^"]*)?"/g)]
          .map((match) => match[1]!)
          .filter((href) => !/^[a-z]+:/.test(href) && !href.endsWith(".html") && href !== "./");
        expect(hrefs.length, `${locale.code}/${page}`).toBeGreaterThan(3);
        for (const href of hrefs) {
          const target = path.join(out, locale.folder, href.endsWith("/") ? `${href}index.html` : href);
          await expect(readFile(target), `${locale.code}/${page}: ${href}`).resolves.toBeDefined();
        }
      }
    }
  });
});
