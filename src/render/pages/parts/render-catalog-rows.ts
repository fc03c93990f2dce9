import type { Urls } from "../../../lib/config.ts";
import { latestRetrieved } from "../../../model/index.ts";
import type { Fact } from "../../../schemas/index.ts";
import { expectedStatus } from "../../../schemas/index.ts";
import { describeValue } from "../../describe-value.ts";
import { sourceCounts } from "../../source-counts.ts";
import { describeKey, formatNumberFor, formatTextFor, type Html, html, type KeyKind, shortDate, sitePath } from "../text/index.ts";

/** The most a catalog row says of a value before it leaves the rest to the fact's page. */
const VALUE_FIELDS = 3;
const VALUE_CHARACTERS = 100;
/** Text longer than this is a sentence for the fact's page, not a catalog row. */
const SHORT_TEXT = 60;

/** Which fields a row shows first: amounts and rates are what most readers come for, then measures, then dates. */
const RANK: Record<KeyKind, number> = { money: 0, rate: 0, measure: 1, count: 1, year: 2, date: 3, boolean: 4, text: 5, list: 9, group: 9 };

interface Field {
  key: string;
  value: string | number | boolean;
  rank: number;
  order: number;
}

/** The scalar fields of an object value and of its groups one level down, ranked; long text and nulls are left out. */
const fieldsOf = (value: unknown): Field[] => {
  const fields: Field[] = [];
  const visit = (node: unknown, depth: number): void => {
    if (node === null || typeof node !== "object" || Array.isArray(node)) return;
    for (const [key, item] of Object.entries(node)) {
      if (typeof item === "object" && item !== null) {
        if (depth === 0) visit(item, depth + 1);
        continue;
      }
      if (item === null || (typeof item === "string" && formatTextFor(key, item).length > SHORT_TEXT)) continue;
      fields.push({ key, value: item, rank: RANK[describeKey(key).kind] + depth, order: fields.length });
    }
  };
  visit(value, 0);
  return fields;
};

/**
 * A list of rate bands, records of a `rate` and the one bound it applies up to, in words, a band a part ("0.6% up to
 * 65%", "1.7% up to 75%"); undefined for any other list.
 */
const rateBands = (key: string, list: unknown): string[] | undefined => {
  if (!Array.isArray(list) || list.length === 0) return undefined;
  const bands: string[] = [];
  for (const record of list) {
    if (typeof record !== "object" || record === null || Array.isArray(record)) return undefined;
    const entries = Object.entries(record as Record<string, unknown>);
    const rate = (record as Record<string, unknown>).rate;
    const bound = entries.find(([name]) => name !== "rate");
    if (entries.length !== 2 || typeof rate !== "number" || bound === undefined) return undefined;
    const [boundKey, boundValue] = bound;
    if (boundValue === null) bands.push(`${formatNumberFor("rate", rate)} above`);
    else if (typeof boundValue === "number") bands.push(`${formatNumberFor("rate", rate)} up to ${formatNumberFor(boundKey, boundValue)}`);
    else return undefined;
  }
  return [`${describeKey(key).label}: ${bands[0]}`, ...bands.slice(1)];
};

/**
 * The value in a line of words: a schedule as a schedule, an object by its most telling fields (amounts and rates
 * first, in the order the fact gives them), cut at a field boundary when long. The fact's page has it all.
 */
export const valueLine = (fact: Pick<Fact, "value" | "unit">): string => {
  if (typeof fact.value !== "object" || fact.value === null || Array.isArray(fact.value)) return cut(describeValue(fact.value, fact.unit).split("; "));
  // A value that leads with a schedule of rate bands (a premium schedule) is that schedule, as a bracket array is.
  const [leadKey, lead] = Object.entries(fact.value)[0] ?? [];
  const bands = leadKey === undefined ? undefined : rateBands(leadKey, lead);
  if (bands !== undefined) return cut(bands);
  const chosen = fieldsOf(fact.value)
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .slice(0, VALUE_FIELDS)
    .sort((a, b) => a.order - b.order);
  return cut(chosen.map(({ key, value }) => describeValue({ [key]: value })));
};

const cut = (parts: readonly string[]): string => {
  if (parts.length === 0) return "";
  let line = parts[0]!;
  for (const part of parts.slice(1)) {
    if (line.length + part.length + 2 > VALUE_CHARACTERS) return `${line}; …`;
    line = `${line}; ${part}`;
  }
  return line.length > VALUE_CHARACTERS ? `${line.slice(0, VALUE_CHARACTERS - 1).replace(/\s+\S*$/, "")}…` : line;
};

const date = (isoDate: string): Html => html`<time datetime="${isoDate}">${shortDate(isoDate)}</time>`;

/**
 * What is scheduled for the fact, in a few words: the next change's date and status, and how many follow; with none,
 * an expected announcement that is past due, since the value shown may then be last period's.
 */
const scheduledCell = (fact: Fact, today: string): Html => {
  const [next, ...later] = fact.scheduled ?? [];
  if (next === undefined && expectedStatus(fact, today) === "past-due") {
    return html`<span class="status status-past-due">announcement past due</span> since ${date(fact.next_expected!.by_iso)}`;
  }
  if (next === undefined) return html`<span class="none">nothing</span>`;
  return html`${date(next.effective_iso)} <span class="status status-${next.status}">${next.status}</span>${later.length > 0 ? ` and ${later.length} more` : ""}`;
};

/** How many of the fact's sources are official, official copies and secondary; its page names and quotes them. */
const sourcesCell = (fact: Fact): Html => {
  const counts = sourceCounts(fact);
  return html`${counts.kinds}`;
};

/**
 * One domain's facts as a table a reader can scan: each row names the fact (a link to its page), its value in one
 * line of words, when it took effect, when it was last verified, what is scheduled and how many sources it cites.
 * Each row keeps the fact's id as its own, so links to `/#<fact id>` land on it; the search script hides rows.
 */
export const renderCatalogRows = (facts: readonly Fact[], urls: Urls, today: string, caption: string): Html => html`<table class="catalog">
<caption class="visually-hidden">${caption}</caption>
<thead><tr><th scope="col">Fact</th><th scope="col">Value</th><th scope="col">Effective</th><th scope="col">Last verified</th><th scope="col">Scheduled</th><th scope="col">Sources</th></tr></thead>
<tbody>
${facts.map(
  (fact) => html`<tr class="fact-row" id="${fact.id}" data-domain="${fact.domain}">
<th scope="row"><a href="${sitePath(urls, urls.factPage(fact.id))}">${fact.label}</a></th>
<td class="value-line" data-label="Value">${valueLine(fact)}</td>
<td class="date" data-label="Effective">${date(fact.effective_iso)}</td>
<td class="date" data-label="Last verified">${date(latestRetrieved(fact))}</td>
<td class="scheduled-cell" data-label="Scheduled">${scheduledCell(fact, today)}</td>
<td class="sources-cell" data-label="Sources">${sourcesCell(fact)}</td>
</tr>
`,
)}</tbody>
</table>
`;
