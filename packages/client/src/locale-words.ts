import { z } from "zod";
import { FactId, SchemaVersion } from "./fact-schemas.ts";

const Words = z.string().min(1);

/**
 * `/api/v1/facts/locales/{lang}.json`: the words of one language for what the facts say: each value key's label (and
 * the words of its coded values and of an empty value), each measure unit, and each fact's label, description and
 * one-line summary of its current value. English is authoritative; a translation made from older English, or none,
 * leaves the English in place, flagged `translated: false`.
 */
export const LocaleWords = z.object({
  schema_version: SchemaVersion,
  locale: z.string().describe('The language, as a BCP 47 tag: "en-CA", "fr-CA", "zh-Hant", "zh-Hans" or "pa".'),
  name: Words.describe("The language's name in the language itself."),
  authoritative: z
    .literal("en-CA")
    .describe("The language whose text is authoritative: English. A translation is a help to read it."),
  keys: z
    .record(
      z.string(),
      z.object({
        label: Words,
        members: z.record(z.string(), Words).optional().describe("Words for the coded values the key may hold."),
        null_means: Words.optional().describe("What an empty (null) value under the key means."),
      }),
    )
    .describe("Each key of the facts' values, with its label in this language (the glossary's, translated)."),
  units: z
    .record(z.string(), Words)
    .describe(
      'Each measure unit as an ICU MessageFormat message of `count`: "{count, plural, one {# day} other {# days}}".',
    ),
  facts: z.record(
    FactId,
    z.object({
      label: Words,
      description: Words,
      summary: Words.describe("The current value in one line, in this language's words and numbers."),
      translated: z
        .boolean()
        .describe("False where the label or description is the English one: no translation made from today's English."),
    }),
  ),
});
export type LocaleWords = z.infer<typeof LocaleWords>;
