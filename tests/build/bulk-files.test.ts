import { copyFile, mkdir, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { SITE_PATHS } from "../../packages/client/src/index.ts";
import { factValuesCsv } from "../../src/render/api/render-bulk.ts";
import * as schemas from "../../src/schemas/index.ts";
import { contentTypeFor } from "../../src/server/site.ts";
import { buildProjectSite, readTree } from "../helpers/build-site.ts";
import { tempDir } from "../helpers/temp-dir.ts";

// frictionlessdata's own JavaScript implementations of Data Package and Table Schema, independent of this project.
const require = createRequire(import.meta.url);
const { Package } = require("datapackage") as {
  Package: {
    load: (
      descriptor: string,
      options: { basePath: string },
    ) => Promise<{
      valid: boolean;
      errors: Error[];
      resourceNames: string[];
      getResource: (name: string) => { read: (options: { keyed: boolean }) => Promise<Record<string, unknown>[]> };
    }>;
  };
};

const BASE = "https://facts.example.org";
const { out, model } = await buildProjectSite(BASE);
const tree = await readTree(out);
const text = (urlPath: string): string => tree.get(urlPath)!.toString("utf8");
// biome-ignore lint/suspicious/noExplicitAny: the tests walk whatever JSON the build published.
const json = (urlPath: string): any => JSON.parse(text(urlPath));

/** The messages of a resource read that fails: tableschema gathers the rows' errors under one summary. */
const readFailure = async (read: Promise<unknown>): Promise<string> => {
  try {
    await read;
  } catch (error: unknown) {
    const { message, errors = [] } = error as { message: string; errors?: { message: string }[] };
    return [message, ...errors.map((each) => each.message)].join("\n");
  }
  return "read without error";
};

type Row = Record<string, string>;
const csvRows = (csv: string): Row[] => parse(csv, { columns: true, record_delimiter: "\r\n" }) as Row[];

/** RFC 6901 resolution, written here rather than taken from the code under test. */
const resolve = (value: unknown, pointer: string): unknown =>
  pointer === ""
    ? value
    : pointer
        .slice(1)
        .split("/")
        .map((segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~"))
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], value);

/** Every scalar leaf's pointer, and each empty array or object's, in the version's value. */
const leafPointers = (value: unknown, pointer = ""): string[] => {
  if (value === null || typeof value !== "object") return [pointer];
  const keys = Object.keys(value);
  if (keys.length === 0) return [pointer];
  return keys.flatMap((key) =>
    leafPointers(
      (value as Record<string, unknown>)[key],
      `${pointer}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`,
    ),
  );
};

/**
 * The documented cell of a leaf: numbers as JSON writes them, true/false, empty for null, text with the formula guard.
 */
const expectedCell = (leaf: unknown): { value: string; value_type: string } => {
  if (leaf === null) return { value: "", value_type: "null" };
  if (typeof leaf === "number") return { value: JSON.stringify(leaf), value_type: "number" };
  if (typeof leaf === "boolean") return { value: leaf ? "true" : "false", value_type: "boolean" };
  if (typeof leaf === "string") return { value: /^[=+\-@\t]/.test(leaf) ? `'${leaf}` : leaf, value_type: "string" };
  if (Array.isArray(leaf)) return { value: "[]", value_type: "array" };
  return { value: "{}", value_type: "object" };
};

interface Version {
  version: number | undefined;
  value: unknown;
  unit?: string;
  effective_iso: string;
  superseded_iso: string;
}
/** A fact's timeline as values.csv lists it: each history entry (a corrected version has no superseded_iso), then the current state. */
// biome-ignore lint/suspicious/noExplicitAny: a published single-fact record.
const versionsOf = (fact: any): Version[] => [
  ...fact.history.map((entry: Omit<Version, "superseded_iso"> & { superseded_iso?: string }) => ({
    ...entry,
    superseded_iso: entry.superseded_iso ?? "",
  })),
  { version: fact.version, value: fact.value, unit: fact.unit, effective_iso: fact.effective_iso, superseded_iso: "" },
];
const singleFact = (id: string) => json(SITE_PATHS.factById(id)).fact;

describe("the bulk and tabular files", () => {
  it("are valid to frictionlessdata's Data Package and Table Schema implementations, every row cast to its field's type", async () => {
    const dataPackage = await Package.load(path.join(out, "datapackage.json"), { basePath: out });
    expect(dataPackage.errors.map(String)).toEqual([]);
    expect(dataPackage.valid).toBe(true);
    expect(dataPackage.resourceNames).toEqual(["fact-values", "affordability-index-series"]);
    const values = await dataPackage.getResource("fact-values").read({ keyed: true });
    expect(values).toHaveLength(csvRows(text(SITE_PATHS.factValuesCsv)).length);
    expect(
      values.every(
        (row) => (row.version === null || Number.isInteger(row.version)) && row.effective_iso instanceof Date,
      ),
    ).toBe(true);
    // An empty cell is a missing value: the current version's superseded_iso reads as null, every other as a date.
    const currentRows = csvRows(text(SITE_PATHS.factValuesCsv)).filter((row) => row.superseded_iso === "").length;
    expect(currentRows).toBeGreaterThan(0);
    expect(values.filter((row) => row.superseded_iso === null)).toHaveLength(currentRows);
    expect(values.filter((row) => row.superseded_iso instanceof Date)).toHaveLength(values.length - currentRows);
    const series = await dataPackage.getResource("affordability-index-series").read({ keyed: true });
    expect(series).toHaveLength(model.index.entries.length);
    expect(series.every((row) => typeof row.hpiBenchmarkPrice === "number" && Number.isInteger(row.idx))).toBe(true);
  });

  it("fails that validation for a values.csv row whose version is not an integer or whose value_type is not a JSON type", async () => {
    const valuesCsv = text(SITE_PATHS.factValuesCsv);
    const [header, first] = valuesCsv.split("\r\n");
    const columns = header!.split(",");
    const cells = csvRows(`${header}\r\n${first}\r\n`)[0]!;
    const rowWith = (column: string, cell: string) =>
      `${header}\r\n${columns.map((name) => (name === column ? cell : `"${cells[name]!.replaceAll('"', '""')}"`)).join(",")}\r\n`;
    for (const [what, reason, csv] of [
      ["a version that is not an integer", /cast|type|format/i, rowWith("version", "two")],
      ["a value_type outside its enum", /enum/i, rowWith("value_type", "date")],
    ] as const) {
      const root = await tempDir(out);
      await writeFile(path.join(root, "api/v1/facts/values.csv"), csv);
      const dataPackage = await Package.load(path.join(root, "datapackage.json"), { basePath: root });
      expect(await readFailure(dataPackage.getResource("fact-values").read({ keyed: true })), what).toMatch(reason);
    }
  });

  it("fails that validation for a series row that breaks its Table Schema: a text price, a duplicated board and month", async () => {
    expect(model.index.entries.length).toBeGreaterThan(0);
    const seriesCsv = text(SITE_PATHS.affordabilitySeriesCsv);
    const [header, first] = seriesCsv.split("\r\n");
    const cells = first!.split(",");
    const priceColumn = header!.split(",").indexOf("hpiBenchmarkPrice");
    const broken = [
      [
        "a price that is not a number",
        /cast|type|format/i,
        `${header}\r\n${cells.map((cell, index) => (index === priceColumn ? "about a million" : cell)).join(",")}\r\n`,
      ],
      ["a board and month twice", /unique/i, `${seriesCsv}${first}\r\n`],
    ] as const;
    for (const [what, reason, csv] of broken) {
      const root = await tempDir();
      await copyFile(path.join(out, "datapackage.json"), path.join(root, "datapackage.json"));
      await mkdir(path.join(root, "api/v1/affordability-index"), { recursive: true });
      await mkdir(path.join(root, "api/v1/facts"), { recursive: true });
      await copyFile(path.join(out, "api/v1/facts/values.csv"), path.join(root, "api/v1/facts/values.csv"));
      await writeFile(path.join(root, "api/v1/affordability-index/series.csv"), csv);
      const dataPackage = await Package.load(path.join(root, "datapackage.json"), { basePath: root });
      expect(dataPackage.valid, what).toBe(true);
      expect(
        await readFailure(dataPackage.getResource("affordability-index-series").read({ keyed: true })),
        what,
      ).toMatch(reason);
    }
  });

  it("describes the licence, the sources and the resources the site publishes", () => {
    const descriptor = json(SITE_PATHS.dataPackage);
    expect(descriptor.licenses).toEqual([
      {
        name: "CC-BY-4.0",
        title: "Creative Commons Attribution 4.0 International",
        path: "https://creativecommons.org/licenses/by/4.0/",
      },
    ]);
    expect(descriptor.sources.map((source: { path: string }) => source.path)).toEqual([
      `${BASE}/api/v1/facts/all.json`,
      `${BASE}/api/v1/affordability-index/index.json`,
    ]);
    for (const resource of descriptor.resources) expect(tree.has(`/${resource.path}`), resource.path).toBe(true);
    expect(descriptor.resources[1].schema.primaryKey).toEqual(["board", "monthSlug"]);
  });

  it("writes values.csv as RFC 4180: a header row, CRLF after every record, quotes doubled, UTF-8", () => {
    const csv = text(SITE_PATHS.factValuesCsv);
    const rows = csvRows(csv);
    expect(
      csv.startsWith("id,domain,version,effective_iso,superseded_iso,unit,path,value,value_type,corrected_by\r\n"),
    ).toBe(true);
    expect(csv.endsWith("\r\n")).toBe(true);
    // No published value holds a line break, so every CRLF ends a record and no bare LF is left.
    expect(rows.some((row) => Object.values(row).some((cell) => /[\r\n]/.test(cell)))).toBe(false);
    expect(csv.split("\r\n")).toHaveLength(rows.length + 2);
    expect(csv.replaceAll("\r\n", "")).not.toContain("\n");
    expect(Buffer.from(csv, "utf8").equals(tree.get(SITE_PATHS.factValuesCsv)!)).toBe(true);
    expect(contentTypeFor(SITE_PATHS.factValuesCsv)).toBe("text/csv; charset=utf-8");
  });

  it("traces every row of values.csv to its fact's version, and gives every leaf of every version a row", () => {
    const rows = csvRows(text(SITE_PATHS.factValuesCsv));
    for (const row of rows) {
      const fact = singleFact(row.id!);
      expect(row.domain).toBe(fact.domain);
      // A period recorded before the first version has no version number: its effective date tells it apart.
      const version = versionsOf(fact).find((each) =>
        row.version === ""
          ? each.version === undefined && each.effective_iso === row.effective_iso
          : String(each.version) === row.version,
      );
      expect(version, `${row.id} v${row.version}`).toBeDefined();
      expect([row.effective_iso, row.superseded_iso, row.unit], `${row.id} v${row.version}`).toEqual([
        version!.effective_iso,
        version!.superseded_iso,
        version!.unit ?? "",
      ]);
      expect({ value: row.value, value_type: row.value_type }, `${row.id} v${row.version} ${row.path}`).toEqual(
        expectedCell(resolve(version!.value, row.path!)),
      );
    }
    const keys = rows.map((row) => `${row.id} v${row.version || row.effective_iso} ${row.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const expected = model.facts.flatMap((each) =>
      versionsOf(singleFact(each.id)).flatMap((version) =>
        leafPointers(version.value).map(
          (pointer) => `${each.id} v${version.version ?? version.effective_iso} ${pointer}`,
        ),
      ),
    );
    expect(keys.sort()).toEqual(expected.sort());
    // The current version of each fact has rows with an empty superseded_iso, and only the current version does.
    for (const fact of model.facts) {
      const current = rows.filter((row) => row.id === fact.id && row.superseded_iso === "" && row.corrected_by === "");
      expect(current.length, fact.id).toBeGreaterThan(0);
      expect(new Set(current.map((row) => row.version)), fact.id).toEqual(new Set([String(fact.version)]));
    }
  });

  it("writes a hostile text as text: formula starts behind an apostrophe, commas and quotes quoted, negative numbers as numbers", () => {
    const fact = model.facts[0]!;
    const value = {
      sum: "=1+1",
      at: "@SUM(A1)",
      plus: "+1",
      minus: "-1",
      dash: "-",
      tab: "\tx",
      number: -1,
      quoted: 'a "b", c',
      empty: {},
      none: null,
      yes: true,
    };
    const csv = factValuesCsv([{ ...fact, value, unit: "=unit", history: [] }]);
    expect(csv).toContain(`,'=unit,/quoted,"a ""b"", c",string,\r\n`);
    const parsed = csvRows(csv);
    expect(Object.fromEntries(parsed.map((row) => [row.path, [row.value, row.value_type]]))).toEqual({
      "/sum": ["'=1+1", "string"],
      "/at": ["'@SUM(A1)", "string"],
      "/plus": ["'+1", "string"],
      "/minus": ["'-1", "string"],
      "/dash": ["'-", "string"],
      "/tab": ["'\tx", "string"],
      "/number": ["-1", "number"],
      "/quoted": ['a "b", c', "string"],
      "/empty": ["{}", "object"],
      "/none": ["", "null"],
      "/yes": ["true", "boolean"],
    });
    expect(new Set(parsed.map((row) => row.unit))).toEqual(new Set(["'=unit"]));
  });

  it("refuses a history entry without the day it stopped being in force (and no correction), naming the fact and the entry", () => {
    const fact = model.facts[0]!;
    expect(() =>
      factValuesCsv([{ ...fact, history: [{ version: 1, value: 1, effective_iso: "2020-01-01" }] }]),
    ).toThrow(`${fact.id}: a history entry lacks its value or dates (at /history/0)`);
  });

  it("publishes all.json as exactly the set of single-fact records, in the catalog's order", () => {
    const all = json(SITE_PATHS.factsAll);
    expect(schemas.AllFacts.safeParse(all).error?.issues ?? []).toEqual([]);
    expect(Object.keys(all)).toEqual([
      "schema_version",
      "name",
      "version",
      "license",
      "canonical_url",
      "generated_at",
      "fact_count",
      "facts",
    ]);
    expect(all.canonical_url).toBe(`${BASE}/api/v1/facts/all.json`);
    const byIdPaths = [...tree.keys()].filter((urlPath) => /^\/api\/v1\/facts\/by-id\/[^/]+\.json$/.test(urlPath));
    expect(all.fact_count).toBe(byIdPaths.length);
    expect(all.facts.map((fact: { id: string }) => SITE_PATHS.factById(fact.id)).sort()).toEqual(byIdPaths.sort());
    expect(all.facts).toEqual(json(SITE_PATHS.catalog).facts.map((fact: { id: string }) => singleFact(fact.id)));
    // The full record: quotes, which the catalog leaves out, are here.
    expect(
      all.facts.some((fact: { citations: { quote?: string }[] }) => fact.citations.some((citation) => citation.quote)),
    ).toBe(true);
  });

  it("writes series.csv with every published field of each entry and the kinds of its sources, under both path families", () => {
    const series = json(SITE_PATHS.affordabilityIndex);
    const rows = csvRows(text(SITE_PATHS.affordabilitySeriesCsv));
    expect(text("/api/v1/vancouver-special-index/series.csv")).toBe(text(SITE_PATHS.affordabilitySeriesCsv));
    const { methodology } = series;
    // biome-ignore lint/suspicious/noExplicitAny: the published methodology.
    const kindOf = (months: any[], month: string) => months.find((each) => each.month === month).citation.kind;
    expect(rows).toEqual(
      // biome-ignore lint/suspicious/noExplicitAny: a published entry.
      series.series.map((entry: any) => ({
        // A null (the trend's compared month of a board's first month) is an empty cell.
        ...Object.fromEntries(Object.entries(entry).map(([key, cell]) => [key, cell === null ? "" : String(cell)])),
        source_quality: methodology.source_quality.months[entry.board][entry.monthSlug],
        benchmark_source_kind: kindOf(methodology.benchmark_prices[entry.board], entry.monthSlug),
        mortgage_rate_source_kind: kindOf(methodology.mortgage_rate.months, entry.monthSlug),
        income_source_kinds: [
          ...new Set(
            methodology.income.boards[entry.board].citations.map((citation: { kind: string }) => citation.kind),
          ),
        ].join(";"),
      })),
    );
  });

  it("lists the new files in the manifest with their SHA-256", () => {
    const listed = new Map(
      json(SITE_PATHS.manifest).files.map((file: { path: string; sha256: string }) => [file.path, file.sha256]),
    );
    for (const urlPath of [
      SITE_PATHS.factsAll,
      SITE_PATHS.factValuesCsv,
      SITE_PATHS.affordabilitySeriesCsv,
      SITE_PATHS.dataPackage,
    ]) {
      expect(listed.get(urlPath), urlPath).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it("lists the downloads as schema.org DataDownloads in the Dataset JSON-LD of the home and affordability pages", () => {
    const jsonLd = (page: string): Record<string, unknown>[] => {
      const scripts: string[] = [];
      const walk = (node: { name?: string; attribs?: Record<string, string>; children?: unknown[]; data?: string }) => {
        if (node.name === "script" && node.attribs?.type === "application/ld+json") {
          scripts.push((node.children as { data: string }[]).map((child) => child.data).join(""));
        }
        for (const child of node.children ?? []) walk(child as typeof node);
      };
      walk(parseDocument(text(page)) as never);
      return scripts.map((script) => JSON.parse(script));
    };
    const downloads = (page: string) => {
      const [dataset] = jsonLd(page);
      expect(dataset?.["@type"]).toBe("Dataset");
      const distribution = dataset!.distribution as { "@type": string; encodingFormat: string; contentUrl: string }[];
      for (const download of distribution) {
        expect(download["@type"]).toBe("DataDownload");
        expect(tree.has(download.contentUrl.slice(BASE.length)), download.contentUrl).toBe(true);
      }
      return distribution.map((download) => [download.contentUrl.slice(BASE.length), download.encodingFormat]);
    };
    expect(downloads("/index.html")).toEqual(
      expect.arrayContaining([
        ["/api/v1/facts/all.json", "application/json"],
        ["/api/v1/facts/values.csv", "text/csv"],
        ["/api/v1/affordability-index/series.csv", "text/csv"],
        ["/datapackage.json", "application/json"],
      ]),
    );
    expect(downloads("/affordability.html")).toEqual([
      ["/api/v1/affordability-index/index.json", "application/json"],
      ["/api/v1/affordability-index/series.csv", "text/csv"],
      ["/datapackage.json", "application/json"],
    ]);
  });
});
