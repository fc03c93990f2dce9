/**
 * The languages the site speaks. English is authoritative and sits at the root; each translation mirrors the English
 * paths under its own folder (`/fr-CA/sources.html`). `tag` is the page's `lang` and its `hreflang`, and the locale
 * numbers, money and dates are written in.
 */
export const LOCALES = [
  { code: "en", tag: "en-CA", name: "English", folder: "" },
  { code: "fr-CA", tag: "fr-CA", name: "Français", folder: "fr-CA" },
  { code: "zh-Hant", tag: "zh-Hant", name: "繁體中文", folder: "zh-Hant" },
  { code: "zh-Hans", tag: "zh-Hans", name: "简体中文", folder: "zh-Hans" },
  { code: "pa", tag: "pa", name: "ਪੰਜਾਬੀ", folder: "pa" },
] as const;

export type Locale = (typeof LOCALES)[number];
export type LocaleCode = Locale["code"];

export const ENGLISH: Locale = LOCALES[0];

/** The translations: every language but the authoritative English. */
export const TRANSLATIONS: readonly Locale[] = LOCALES.slice(1);

export const isLocaleCode = (code: string): code is LocaleCode => LOCALES.some((locale) => locale.code === code);

export const localeOf = (code: LocaleCode): Locale => LOCALES.find((locale) => locale.code === code) ?? ENGLISH;

/** A root-relative path ("/sources.html") as the locale publishes it ("/fr-CA/sources.html"). */
export const localePath = (locale: Locale, path: string): string =>
  locale.folder === "" ? path : `/${locale.folder}${path}`;
