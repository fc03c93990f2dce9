import { SITE_PATHS } from "../../../packages/client/src/index.ts";
import { ENGLISH_UNIT_MESSAGES } from "../../i18n/words-files.ts";
import { glossary } from "../../model/reference.ts";
import { type LocaleWords, SCHEMA_VERSION } from "../../schemas/index.ts";
import type { PageLanguage } from "../page-language.ts";
import { jsonText, type SiteFiles, type SiteModel } from "../site-model.ts";

/** One language's words for the facts, as `/api/v1/facts/locales/{lang}.json` publishes them. */
const localeWords = (model: SiteModel, lang: PageLanguage): LocaleWords => ({
  schema_version: SCHEMA_VERSION,
  locale: lang.locale.tag,
  name: lang.locale.name,
  authoritative: "en-CA",
  keys: Object.fromEntries(
    Object.keys(glossary().keys).map((key) => {
      const entry = glossary().keys[key]!;
      const { label, members } = lang.values.describeKey(key);
      return [
        key,
        {
          label,
          ...(members === undefined ? {} : { members }),
          ...(entry.null_means === undefined ? {} : { null_means: lang.values.nullWords(key) }),
        },
      ];
    }),
  ),
  units: Object.fromEntries(
    Object.entries(ENGLISH_UNIT_MESSAGES).map(([unit, english]) => [unit, lang.data?.units[unit]?.text ?? english]),
  ),
  facts: Object.fromEntries(
    model.facts.map((fact) => [
      fact.id,
      {
        label: lang.factLabel(fact),
        description: lang.factDescription(fact),
        summary: lang.values.summarizeValue(
          fact.value,
          fact.unit,
          model.timelines.get(fact.id)?.versions.at(-1)?.state.summary_keys,
        ),
        translated: lang.factTranslated(fact),
      },
    ]),
  ),
});

/** `/api/v1/facts/locales/{lang}.json`, for every language the pages are published in (docs/consumers/api.md#languages). */
export const renderLocaleFiles = (model: SiteModel): SiteFiles =>
  new Map(
    model.languages.map((lang) => [SITE_PATHS.locale(lang.locale.code), jsonText(localeWords(model, lang))] as const),
  );
