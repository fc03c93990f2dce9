import { isBracketArray } from "../../describe-value.ts";
import { describeKey, formatNumberFor, formatNumberWithUnit, type Html, html, isIsoDate, readableDate } from "../text/index.ts";
import { renderBracketTable } from "./render-bracket-table.ts";

type Scalar = string | number | boolean | null;
type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);
const isScalar = (value: unknown): value is Scalar => value === null || ["string", "number", "boolean"].includes(typeof value);
const isFlat = (value: unknown): boolean => isScalar(value) || (Array.isArray(value) && value.every(isScalar));

const NONE = html`<span class="none">none</span>`;

const renderText = (text: string): Html => {
  if (isIsoDate(text)) return html`<time datetime="${text}">${readableDate(text)}</time>`;
  if (/^https:\/\/\S+$/.test(text)) return html`<a href="${text}">${text}</a>`;
  return html`${text}`;
};

const renderScalar = (key: string, value: Scalar): Html => {
  if (value === null) return NONE;
  if (typeof value === "boolean") return html`${value ? "Yes" : "No"}`;
  if (typeof value === "number") return html`${formatNumberFor(key, value)}`;
  return renderText(value);
};

/**
 * Rows of like objects ("density tiers", "catch-up deadlines") read best as a table with one column per key. Wide
 * ones scroll inside a focusable, labelled box, so keyboard users can scroll them on narrow screens.
 */
const renderObjectTable = (rows: readonly JsonObject[], caption: string): Html => {
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const sample = (key: string): unknown => rows.find((row) => row[key] !== undefined && row[key] !== null)?.[key] ?? null;
  return html`<div class="table-scroll" role="group" aria-label="${caption}" tabindex="0"><table class="records">
<caption>${caption}</caption>
<thead><tr>${keys.map((key) => html`<th scope="col">${describeKey(key, sample(key)).label}</th>`)}</tr></thead>
<tbody>
${rows.map(
  (row) => html`<tr>${keys.map((key) => html`<td>${key in row ? renderField(key, row[key], caption) : NONE}</td>`)}</tr>
`,
)}</tbody>
</table></div>`;
};

const renderArray = (key: string, items: readonly unknown[], caption: string): Html => {
  if (items.length === 0) return NONE;
  if (isBracketArray(items)) return renderBracketTable(items, caption);
  if (items.every(isScalar)) return html`<ul class="value-list">${items.map((item) => html`<li>${renderScalar(key, item)}</li>`)}</ul>`;
  if (items.every((item) => isObject(item) && Object.values(item).every(isFlat))) return renderObjectTable(items as JsonObject[], caption);
  return html`<ol class="value-list">${items.map((item) => html`<li>${renderField(key, item, caption)}</li>`)}</ol>`;
};

const renderObject = (object: JsonObject): Html => {
  const entries = Object.entries(object);
  if (entries.length === 0) return NONE;
  return html`<dl class="value-fields">
${entries.map(([key, item]) => {
  const { label } = describeKey(key, item);
  return html`<div><dt>${label}</dt><dd>${renderField(key, item, label)}</dd></div>
`;
})}</dl>`;
};

/** One field of a value, formatted from its key's name: the catalog names keys for their unit (CONTRIBUTING.md). */
export const renderField = (key: string, value: unknown, caption: string): Html => {
  if (Array.isArray(value)) return renderArray(key, value, caption);
  if (isObject(value)) return renderObject(value);
  if (isScalar(value)) return renderScalar(key, value);
  return html`${String(value)}`;
};

/**
 * A fact's value for people: bracket schedules as tables, objects as definition lists with readable key names,
 * rates as percentages, money in CAD, dates spelled out. `caption` names tables for screen readers.
 */
export const renderValue = (value: unknown, unit: string | undefined, caption: string): Html => {
  if (unit === "CAD-bracket-array" && isBracketArray(value)) return renderBracketTable(value, caption);
  if (typeof value === "number") return html`<p class="value-scalar">${formatNumberWithUnit(value, unit)}</p>`;
  if (typeof value === "string") return html`<p class="value-scalar">${renderText(value)}</p>`;
  return renderField("", value, caption);
};
