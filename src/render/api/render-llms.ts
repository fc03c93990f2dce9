import { SERVICE } from "../../lib/config.ts";
import { SITE_PATHS } from "../../lib/site-paths.ts";
import type { Fact } from "../../schemas/fact.ts";
import type { LlmCatalog } from "../../schemas/llm-catalog.ts";
import { describeExpected, expectedStatus } from "../../schemas/next-expected.ts";
import { DOMAINS } from "../../schemas/primitives.ts";
import { SCHEMA_VERSION } from "../../schemas/schema-version.ts";
import { describeValue } from "../describe-value.ts";
import { jsonText, type SiteFiles } from "../site-files.ts";
import type { SiteModel } from "../site-model.ts";
import { sourcesSummary } from "../source-counts.ts";

const USAGE =
  "Each fact is a rule of British Columbia residential real estate with a structured value (rates are fractions, money is CAD), " +
  "the date it took effect (effective_iso), the date its verification lapses (expires_iso) and its primary sources. " +
  "Quote the value with its effective date, cite canonical_url, and treat a fact past expires_iso as unverified. " +
  "This is general information, not legal, tax or financial advice.";

/** Text on one line, so a fact's text can never start a heading, list item or block of its own in llms.txt. */
const oneLine = (text: string): string => text.replace(/\s+/g, " ").trim();

/** A Markdown link text that closes only where the link does: backslashes and brackets escaped, on one line. */
export const linkText = (text: string): string => oneLine(text).replace(/[\\[\]]/g, (character) => `\\${character}`);

/** A fact's next expected announcement as its llms.txt line ends, so a past-due one is not taken for the next period's value. */
const expectedNote = (fact: Fact, today: string): string => {
  const status = expectedStatus(fact, today);
  if (fact.next_expected === undefined || status === undefined || status === "recorded") return "";
  return `; next: ${oneLine(fact.next_expected.what)}, ${describeExpected(fact.next_expected, status)}`;
};

/** `/api/v1/facts/llms.json` (docs/consumers/api.md#llmsjson, no history) and `/llms.txt` in the llms.txt convention. */
export const renderLlms = (model: SiteModel): SiteFiles => {
  const catalog: LlmCatalog = {
    schema_version: SCHEMA_VERSION,
    intended_for: "Large language models and AI assistants answering questions about British Columbia residential real estate rules.",
    usage: USAGE,
    license: SERVICE.license,
    generated_at: model.generatedAt,
    facts: model.facts.map((fact) => ({
      id: fact.id,
      label: fact.label,
      description: fact.description,
      value: fact.value,
      ...(fact.unit === undefined ? {} : { unit: fact.unit }),
      domain: fact.domain,
      effective_iso: fact.effective_iso,
      expires_iso: fact.expires_iso,
      canonical_url: model.urls.factById(fact.id),
      // Primary sources are the official ones; copies and commentary stay in the catalog. A rule no government issues
      // (the boards' MLS® rules) has none, and `npm run check` names such facts in its evidence warning.
      primary_sources: fact.citations
        .filter((citation) => citation.kind === "official")
        .map((citation) => ({
          org: citation.org,
          ...(citation.title === undefined ? {} : { title: citation.title }),
          url: citation.url,
          retrieved_iso: citation.retrieved_iso,
        })),
    })),
  };

  const lines = [
    `# ${SERVICE.name}`,
    "",
    `> Verified facts about British Columbia residential real estate (tax, mortgage, legal, foreign-buyer, strata and rental rules), each with a structured value, effective and expiry dates, citations to its sources, and a version history. Licensed ${SERVICE.licenseName}: cite each fact's canonical_url.`,
    "",
    USAGE,
    "",
    // Counted at build time from the published citations, so the description of the sources is never out of date.
    `${sourcesSummary(model.facts)} Official sources are the issuing government, regulator, court or Crown agency's own pages; an official copy is such a text read on another site; llms.json lists each fact's official sources as primary_sources. [Every source, by organisation](${model.urls.sourcesPage}).`,
    "",
    "## API",
    "",
    `- [Full catalog with history](${model.urls.catalog}): every fact with its earlier versions, JSON`,
    `- Catalog of one domain, with history, JSON: ${DOMAINS.map((domain) => `[${domain}](${model.urls.domainBundle(domain)})`).join(", ")}`,
    `- [Compact catalog for language models](${model.urls.llms}): every fact without history, JSON`,
    `- [Every fact's full record](${model.urls.factsAll}): with citation quotes, notes, history and scheduled changes, JSON`,
    `- [Every version of every value](${model.urls.factValuesCsv}): one row per scalar leaf, CSV, described by the [Data Package](${model.urls.dataPackage})`,
    `- [OpenAPI description](${model.urls.openApi}): every endpoint and schema`,
    `- [Revisions feed](${model.urls.feed}): RSS 2.0`,
    `- [Rule changes](${model.urls.changesFeed}): each revision when published, scheduled changes and expected announcements, Atom 1.0; the same as [iCalendar](${model.urls.changesCalendar})`,
    `- [Diff index](${model.urls.diffIndex}): every revision with its structured diff`,
    "",
    "## Facts",
    "",
    ...model.facts.map(
      (fact) =>
        `- [${linkText(fact.label)}](${model.urls.factById(fact.id)}): ${oneLine(describeValue(fact.value, fact.unit))} (effective ${fact.effective_iso}, verified until ${fact.expires_iso}${expectedNote(fact, model.today)})`,
    ),
    "",
  ];
  return new Map<string, string>([
    [SITE_PATHS.llms, jsonText(catalog)],
    ["/llms.txt", lines.join("\n")],
  ]);
};
