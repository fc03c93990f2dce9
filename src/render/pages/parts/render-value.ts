import { isBracketArray } from "../../describe-value.ts";
import { describeKey, hasGlossaryEntry } from "../text/describe-key.ts";
import { type FactLinks, withFactLinks } from "../text/fact-links.ts";
import { isIsoDate, readableDate } from "../text/format-date.ts";
import { formatNumberFor, formatNumberWithUnit, formatTextFor } from "../text/format-scalar.ts";
import { type Html, html } from "../text/html.ts";
import { renderBracketTable } from "./render-bracket-table.ts";

type Scalar = string | number | boolean | null;
type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);
const isScalar = (value: unknown): value is Scalar => value === null || ["string", "number", "boolean"].includes(typeof value);
const isFlat = (value: unknown): boolean => isScalar(value) || (Array.isArray(value) && value.every(isScalar));

const NONE = html`<span class="none">none</span>`;

/** A key's label; a key the glossary lacks (which the check refuses) shows as code, never as words made from it. */
const labelOf = (key: string): Html => (hasGlossaryEntry(key) ? html`${describeKey(key).label}` : html`<code>${key}</code>`);

const renderText = (key: string, text: string, links: FactLinks | undefined): Html => {
  const words = formatTextFor(key, text);
  if (words !== text) return isIsoDate(text) ? html`<time datetime="${text}">${readableDate(text)}</time>` : html`${words}`;
  if (/^https:\/\/\S+$/.test(text)) return html`<a href="${text}">${text}</a>`;
  return withFactLinks(text, links);
};

const renderScalar = (key: string, value: Scalar, links: FactLinks | undefined): Html => {
  if (value === null) return NONE;
  if (typeof value === "boolean") return html`${value ? "Yes" : "No"}`;
  if (typeof value === "number") return html`${formatNumberFor(key, value)}`;
  return renderText(key, value, links);
};

/**
 * Rows of like objects ("density tiers", "catch-up deadlines") read best as a table with one column per key. Wide
 * ones scroll inside a focusable, labelled box, so keyboard users can scroll them on narrow screens.
 */
const renderObjectTable = (rows: readonly JsonObject[], caption: string, links: FactLinks | undefined): Html => {
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return html`<div class="table-scroll" role="group" aria-label="${caption}" tabindex="0"><table class="records">
<caption>${caption}</caption>
<thead><tr>${keys.map((key) => html`<th scope="col">${labelOf(key)}</th>`)}</tr></thead>
<tbody>
${rows.map(
  (row) => html`<tr>${keys.map((key) => html`<td>${key in row ? renderField(key, row[key], caption, links) : NONE}</td>`)}</tr>
`,
)}</tbody>
</table></div>`;
};

const renderArray = (key: string, items: readonly unknown[], caption: string, links: FactLinks | undefined): Html => {
  if (items.length === 0) return NONE;
  if (isBracketArray(items)) return renderBracketTable(items, caption);
  if (items.every(isScalar)) return html`<ul class="value-list">${items.map((item) => html`<li>${renderScalar(key, item, links)}</li>`)}</ul>`;
  if (items.every((item) => isObject(item) && Object.values(item).every(isFlat))) return renderObjectTable(items as JsonObject[], caption, links);
  return html`<ol class="value-list">${items.map((item) => html`<li>${renderField(key, item, caption, links)}</li>`)}</ol>`;
};

const renderObject = (object: JsonObject, links: FactLinks | undefined): Html => {
  const entries = Object.entries(object);
  if (entries.length === 0) return NONE;
  return html`<dl class="value-fields">
${entries.map(
  ([key, item]) => html`<div><dt>${labelOf(key)}</dt><dd>${renderField(key, item, describeKey(key).label, links)}</dd></div>
`,
)}</dl>`;
};

/** One field of a value, written by its key's glossary entry (reference/glossary.json, CONTRIBUTING.md). */
export const renderField = (key: string, value: unknown, caption: string, links?: FactLinks): Html => {
  if (Array.isArray(value)) return renderArray(key, value, caption, links);
  if (isObject(value)) return renderObject(value, links);
  if (isScalar(value)) return renderScalar(key, value, links);
  return html`${String(value)}`;
};

/**
 * A fact's value for people: bracket schedules as tables, objects as definition lists with the glossary's labels,
 * rates as percentages, money in dollars, dates spelled out, enumeration members in words, fact ids linked to their
 * pages (given `links`). `caption` names tables for screen readers.
 */
export const renderValue = (value: unknown, unit: string | undefined, caption: string, links?: FactLinks): Html => {
  if (isBracketArray(value)) return renderBracketTable(value, caption);
  if (typeof value === "number") return html`<p class="value-scalar">${formatNumberWithUnit(value, unit)}</p>`;
  if (typeof value === "string") return html`<p class="value-scalar">${renderText("", value, links)}</p>`;
  return renderField("", value, caption, links);
};
