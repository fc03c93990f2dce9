import { stringify } from "csv-stringify/sync";
import { SITE_PATHS } from "../../../packages/client/src/index.ts";
import { SERVICE } from "../../lib/config.ts";
import { toJsonPointer } from "../../lib/text.ts";
import type { AllFacts, Fact, FactValue } from "../../schemas/index.ts";
import {
  type AffordabilityEntry,
  BOARDS,
  CITATION_KINDS,
  type Citation,
  DOMAINS,
  SCHEMA_VERSION,
} from "../../schemas/index.ts";
import type { SiteModel } from "../site-model.ts";
import { jsonText, type SiteFiles } from "../site-model.ts";
import { AFFORDABILITY_PATHS } from "./render-affordability.ts";

/**
 * A text cell that a spreadsheet would run as a formula (one starting with `=`, `+`, `-`, `@` or a tab, or with a
 * carriage return, which the text rule already refuses) is written with a leading apostrophe, which spreadsheets
 * hide and show the rest as text. Numbers are not text cells: `-1` stays `-1`. docs/consumers/api.md states the rule.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;
export const textCell = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** A number as JSON writes it, so a CSV cell and the JSON file show the same digits. */
const numberCell = (value: number): string => JSON.stringify(value);

/**
 * The one CSV writer of the published files. RFC 4180: a header row, CRLF line ends, a field quoted (quotes doubled)
 * when it holds a comma, quote or line break.
 */
export const csvText = (columns: readonly string[], rows: readonly (readonly string[])[]): string =>
  stringify([[...columns], ...rows.map((row) => [...row])], { record_delimiter: "windows" });

/** How the data package describes a file written by csvText: its format and its CSV dialect. */
const CSV_FILE = {
  format: "csv",
  mediatype: "text/csv",
  encoding: "utf-8",
  dialect: { delimiter: ",", lineTerminator: "\r\n", quoteChar: '"', doubleQuote: true, header: true },
} as const;

export const VALUE_TYPES = ["number", "string", "boolean", "null", "array", "object"] as const;
export type ValueType = (typeof VALUE_TYPES)[number];

/** One scalar leaf of a value: its RFC 6901 pointer, its text as the CSV carries it, and its JSON type. */
export interface ValueLeaf {
  path: string;
  value: string;
  value_type: ValueType;
}

/**
 * Every scalar leaf of `value` in document order. An empty array or object has no leaf, so it is written as a row of
 * its own (`[]` or `{}`, typed `array` or `object`), and every part of every version has a row.
 */
export const valueLeaves = (value: unknown, path: (string | number)[] = []): ValueLeaf[] => {
  const pointer = toJsonPointer(path);
  if (value === null) return [{ path: pointer, value: "", value_type: "null" }];
  if (typeof value === "number") return [{ path: pointer, value: numberCell(value), value_type: "number" }];
  if (typeof value === "boolean") return [{ path: pointer, value: String(value), value_type: "boolean" }];
  if (typeof value === "string") return [{ path: pointer, value: textCell(value), value_type: "string" }];
  if (Array.isArray(value)) {
    if (value.length === 0) return [{ path: pointer, value: "[]", value_type: "array" }];
    return value.flatMap((item, index) => valueLeaves(item, [...path, index]));
  }
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return [{ path: pointer, value: "{}", value_type: "object" }];
    return entries.flatMap(([key, item]) => valueLeaves(item, [...path, key]));
  }
  throw new Error(`a fact value holds a ${typeof value} at ${pointer || "/"}, which JSON cannot carry`);
};

export const VALUE_COLUMNS = [
  "id",
  "domain",
  "version",
  "effective_iso",
  "superseded_iso",
  "unit",
  "path",
  "value",
  "value_type",
  "corrected_by",
] as const;

interface FactVersionRow {
  /** Undefined for a period recorded before the fact's first version (an `earlier` period). */
  version: number | undefined;
  value: FactValue;
  unit: string | undefined;
  effective_iso: string;
  superseded_iso: string;
  corrected_by: number | undefined;
}

/** Every entry of a fact's timeline, oldest first: the history entries (earlier periods and versions), then the current state. */
const versionsOf = (fact: Fact): FactVersionRow[] => {
  const earlier = [...fact.history].reverse().map((entry, index) => {
    const { version, value, effective_iso, superseded_iso, corrected_by } = entry;
    if (
      value === undefined ||
      effective_iso === undefined ||
      (superseded_iso === undefined && corrected_by === undefined)
    ) {
      throw new Error(
        `${fact.id}: a history entry lacks its value or dates (at /history/${fact.history.length - 1 - index})`,
      );
    }
    return { version, value, unit: entry.unit, effective_iso, superseded_iso: superseded_iso ?? "", corrected_by };
  });
  return [
    ...earlier,
    {
      version: fact.version,
      value: fact.value,
      unit: fact.unit,
      effective_iso: fact.effective_iso,
      superseded_iso: "",
      corrected_by: undefined,
    },
  ];
};

/** `values.csv`'s rows: per fact (catalog order), per version (oldest first), per leaf (document order). */
export const valueRows = (facts: readonly Fact[]): string[][] =>
  facts.flatMap((fact) =>
    versionsOf(fact).flatMap((version) =>
      valueLeaves(version.value).map((leaf) => [
        fact.id,
        fact.domain,
        version.version === undefined ? "" : String(version.version),
        version.effective_iso,
        version.superseded_iso,
        textCell(version.unit ?? ""),
        leaf.path,
        leaf.value,
        leaf.value_type,
        version.corrected_by === undefined ? "" : String(version.corrected_by),
      ]),
    ),
  );

/** `values.csv` as published, for the given facts. */
export const factValuesCsv = (facts: readonly Fact[]): string => csvText(VALUE_COLUMNS, valueRows(facts));

export const SERIES_COLUMNS = [
  "board",
  "boardLabel",
  "monthSlug",
  "monthLabel",
  "monthStart",
  "hpiBenchmarkPrice",
  "downPayment",
  "loanAmount",
  "monthlyPI",
  "annualCarryingCost",
  "medianIncome",
  "incomeYear",
  "idx",
  "carryingCostShare",
  "idxTrend",
  "trendComparedWith",
  "monthsSinceCompared",
  "source_quality",
  "benchmark_source_kind",
  "mortgage_rate_source_kind",
  "income_source_kinds",
] as const;

/** Distinct kinds of the citations, `;`-separated in CITATION_KINDS order; a citation without a kind adds none. */
const kindsOf = (citations: readonly Citation[]): string =>
  CITATION_KINDS.filter((kind) => citations.some((citation) => citation.kind === kind)).join(";");

/** `series.csv`'s rows: every published entry with the kinds of the sources its inputs cite. */
export const seriesRows = (model: SiteModel): string[][] => {
  const { data, quality } = model.index;
  return model.index.entries.map((entry: AffordabilityEntry) => {
    const price = data.benchmarks[entry.board]?.months.find((month) => month.month === entry.monthSlug);
    const rate = data.rates?.months.find((month) => month.month === entry.monthSlug);
    const income = data.income?.boards[entry.board];
    if (!price || !rate || !income)
      throw new Error(
        `affordability index ${entry.board} ${entry.monthSlug}: an input of a published entry is missing`,
      );
    return [
      entry.board,
      textCell(entry.boardLabel),
      entry.monthSlug,
      textCell(entry.monthLabel),
      entry.monthStart,
      numberCell(entry.hpiBenchmarkPrice),
      numberCell(entry.downPayment),
      numberCell(entry.loanAmount),
      numberCell(entry.monthlyPI),
      numberCell(entry.annualCarryingCost),
      numberCell(entry.medianIncome),
      numberCell(entry.incomeYear),
      numberCell(entry.idx),
      numberCell(entry.carryingCostShare),
      textCell(entry.idxTrend),
      entry.trendComparedWith ?? "",
      entry.monthsSinceCompared === null ? "" : numberCell(entry.monthsSinceCompared),
      quality[entry.board][entry.monthSlug] ?? "",
      kindsOf([price.citation]),
      kindsOf([rate.citation]),
      kindsOf(income.citations),
    ];
  });
};

/** The Frictionless Table Schemas and the Data Package of the CSV files. */
const dataPackage = (model: SiteModel): Record<string, unknown> => ({
  profile: "tabular-data-package",
  name: SERVICE.slug,
  title: SERVICE.name,
  description:
    "Verified facts about British Columbia residential real estate rules, every version of every value in long format, and the Lower Mainland affordability index by board and month. The JSON API beside these files carries the same data with each fact's citations.",
  homepage: model.urls.catalogPage,
  created: model.generatedAt,
  licenses: [{ name: "CC-BY-4.0", title: "Creative Commons Attribution 4.0 International", path: SERVICE.license }],
  sources: [
    {
      title:
        "The publications cited per fact (official government, regulator and court texts, and secondary reports where a citation's kind says so), each with its quote and retrieval date in all.json",
      path: model.urls.factsAll,
    },
    {
      title:
        "The sources of each benchmark price, mortgage rate and income of the affordability index, with their kinds, in the index's methodology",
      path: model.urls.affordabilityIndex,
    },
  ],
  contributors: [{ title: SERVICE.name, email: SERVICE.contactEmail, path: model.urls.catalogPage, role: "publisher" }],
  resources: [
    {
      profile: "tabular-data-resource",
      name: "fact-values",
      title: "Every version of every fact's value, one row per scalar leaf",
      description:
        "Long format: a row per fact, period of its timeline (each version, and each period recorded before its first version, which has an empty version) and scalar leaf of the value, oldest first. The current version has an empty superseded_iso, and so has a corrected version (corrected_by names the version that corrected it: it was never in force); scheduled changes not yet in force are not versions and are not listed (see upcoming.json and all.json). Each (id, version, path) occurs once; it is not declared as the primary key because a scalar value's path is the empty JSON Pointer, which Table Schema reads as a missing value. A text value starting with =, +, - or @ is written with a leading apostrophe.",
      path: SITE_PATHS.factValuesCsv.slice(1),
      ...CSV_FILE,
      schema: {
        fields: [
          { name: "id", type: "string", description: "The fact id.", constraints: { required: true } },
          {
            name: "domain",
            type: "string",
            description: "The fact's domain.",
            constraints: { required: true, enum: [...DOMAINS] },
          },
          {
            name: "version",
            type: "integer",
            description: "The fact's version number; empty for a period recorded before the fact's first version.",
            constraints: { minimum: 1 },
          },
          {
            name: "effective_iso",
            type: "date",
            format: "default",
            description: "The date this version took effect.",
            constraints: { required: true },
          },
          {
            name: "superseded_iso",
            type: "date",
            format: "default",
            description:
              "The date the next period in force took effect; empty for the current version and for a corrected version.",
          },
          {
            name: "unit",
            type: "string",
            description: "The unit of this version's value (how to read it); empty when it has none.",
          },
          {
            name: "path",
            type: "string",
            description: "RFC 6901 JSON Pointer of the leaf within the value; empty for a scalar value.",
          },
          {
            name: "value",
            type: "string",
            description:
              "The leaf as text: a number as JSON writes it, true or false, the text itself, [] or {} for an empty array or object; empty for null.",
          },
          {
            name: "value_type",
            type: "string",
            description: "The leaf's JSON type.",
            constraints: { required: true, enum: [...VALUE_TYPES] },
          },
          {
            name: "corrected_by",
            type: "integer",
            description:
              "For a corrected version, the version that corrected it (it was never the rule in force); empty otherwise.",
            constraints: { minimum: 1 },
          },
        ],
      },
    },
    {
      profile: "tabular-data-resource",
      name: "affordability-index-series",
      title: "Lower Mainland affordability index, one row per board and month",
      description:
        "Every published entry of the affordability index with the fields of index.json, its source quality, and the citation kinds of its benchmark price, mortgage rate and income (income_source_kinds lists them separated by ;).",
      path: SITE_PATHS.affordabilitySeriesCsv.slice(1),
      ...CSV_FILE,
      schema: {
        fields: [
          { name: "board", type: "string", constraints: { required: true, enum: [...BOARDS] } },
          { name: "boardLabel", type: "string" },
          { name: "monthSlug", type: "yearmonth", constraints: { required: true } },
          { name: "monthLabel", type: "string" },
          { name: "monthStart", type: "date", format: "default" },
          {
            name: "hpiBenchmarkPrice",
            type: "number",
            description: "MLS® HPI composite benchmark price, CAD.",
            constraints: { required: true },
          },
          { name: "downPayment", type: "number", description: "CAD." },
          { name: "loanAmount", type: "number", description: "CAD." },
          { name: "monthlyPI", type: "number", description: "Monthly mortgage principal and interest, CAD." },
          { name: "annualCarryingCost", type: "number", description: "CAD per year." },
          { name: "medianIncome", type: "number", description: "Median household income, CAD per year." },
          {
            name: "incomeYear",
            type: "year",
            description: "The year medianIncome was measured for; later months use that same, older figure.",
          },
          {
            name: "idx",
            type: "integer",
            description: "The index: higher is more affordable.",
            constraints: { required: true },
          },
          {
            name: "carryingCostShare",
            type: "number",
            description: "The year's carrying cost as a fraction of the median household income.",
          },
          {
            name: "idxTrend",
            type: "string",
            description: "Compared with the board's previous published month (trendComparedWith).",
            constraints: { enum: ["improving", "worsening", "stable", "no-previous-month"] },
          },
          {
            name: "trendComparedWith",
            type: "yearmonth",
            description: "The month idxTrend compares with; empty for a board's first published month.",
          },
          {
            name: "monthsSinceCompared",
            type: "integer",
            description: "How many months before this one trendComparedWith is; empty with it.",
          },
          { name: "source_quality", type: "string", constraints: { enum: ["official", "secondary"] } },
          { name: "benchmark_source_kind", type: "string", constraints: { enum: [...CITATION_KINDS] } },
          { name: "mortgage_rate_source_kind", type: "string", constraints: { enum: [...CITATION_KINDS] } },
          {
            name: "income_source_kinds",
            type: "string",
            description: "The distinct kinds of the income's citations, separated by ;.",
          },
        ],
        primaryKey: ["board", "monthSlug"],
      },
    },
  ],
});

/**
 * `all.json`, `values.csv`, the affordability index's `series.csv` (under both path families) and `/datapackage.json`.
 */
export const renderBulk = (model: SiteModel): SiteFiles => {
  const all: AllFacts = {
    schema_version: SCHEMA_VERSION,
    name: `${SERVICE.name}: every fact with its full record`,
    version: SERVICE.apiVersion,
    license: SERVICE.license,
    canonical_url: model.urls.factsAll,
    generated_at: model.generatedAt,
    fact_count: model.facts.length,
    facts: model.facts,
  };
  const files: SiteFiles = new Map();
  files.set(SITE_PATHS.factsAll, jsonText(all));
  files.set(SITE_PATHS.factValuesCsv, factValuesCsv(model.facts));
  const series = csvText(SERIES_COLUMNS, seriesRows(model));
  for (const prefix of AFFORDABILITY_PATHS) files.set(`${prefix}/series.csv`, series);
  files.set(SITE_PATHS.dataPackage, `${JSON.stringify(dataPackage(model), null, 2)}\n`);
  return files;
};
