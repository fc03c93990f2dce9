import { randomBytes } from "node:crypto";
import { readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { budgetTable, GZIP_LEVEL, gzipSize, KB, payloadBudgets } from "../../src/build/payload-budgets.ts";
import { frozenSite, readTree } from "../helpers/build-site.ts";
import { frozenData } from "../helpers/frozen-copy.ts";
import { runScript } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";

/** Every fact file as `<domain>/<id>.json`: the counts the budgets must follow, whatever they are. */
const FACT_FILES = (await readdir(path.join(frozenData().root, "facts"), { recursive: true }))
  .filter((file) => file.endsWith(".json"))
  .map((file) => file.split(path.sep).join("/"));

const { out } = frozenSite();
const tree = await readTree(out);
const report = payloadBudgets(tree);

/** Every series file of the built tree, and its members: the series budgets follow them, whatever they are. */
const SERIES_FILES = [...tree.keys()].filter((p) => /^\/api\/v1\/facts\/series\/[^/]+\.json$/.test(p)).sort();
const membersOf = (file: string) => (JSON.parse(tree.get(file)!.toString("utf8")) as { members: unknown[] }).members;

/** A copy of the tree with one file's bytes replaced. */
const withFile = (urlPath: string, bytes: Uint8Array): Map<string, Uint8Array> => new Map([...tree, [urlPath, bytes]]);
const catalogJson = () => JSON.parse(tree.get("/api/v1/facts/index.json")!.toString("utf8")) as { facts: unknown[] };
const limitOf = (budgets: ReturnType<typeof payloadBudgets>, urlPath: string): number =>
  budgets.rows.find((row) => row.path === urlPath)!.limit;

describe("payload budgets of the built tree, gzip-compressed", () => {
  it("keeps every budgeted file within its limit", () => {
    // The coordinator and maintainers read the figures here; `npm run budgets` prints the same table for _site/.
    console.log(`payload budgets, ${report.factCount} facts:\n${budgetTable(report)}`);
    expect(report.over.map((row) => `${row.path}: ${row.gzipBytes} B gzip > ${row.limit} B (${row.basis})`)).toEqual(
      [],
    );
  });

  /** The periods recorded before a first version (history entries without a version) a built file carries. */
  const earlierIn = (file: string, key: "facts" | "fact"): number => {
    const json = JSON.parse(tree.get(file)!.toString("utf8"));
    const facts: { history: { version?: number }[] }[] = key === "facts" ? json.facts : [json.fact].filter(Boolean);
    return facts.flatMap((fact) => fact.history).filter((entry) => entry.version === undefined).length;
  };

  it("budgets every single fact, every series, every diff and every domain bundle of the tree, with counts taken from the data", () => {
    expect(report.factCount).toBe(FACT_FILES.length);
    const budgeted = (budget: string) => report.rows.filter((row) => row.budget === budget).map((row) => row.path);
    expect(budgeted("single fact").sort()).toEqual(
      [...tree.keys()].filter((p) => /^\/api\/v1\/facts\/by-id\/[^/]+\.json$/.test(p)).sort(),
    );
    expect(budgeted("single fact")).toHaveLength(FACT_FILES.length);
    expect(SERIES_FILES.length).toBeGreaterThan(0);
    expect(budgeted("series").sort()).toEqual(SERIES_FILES);
    for (const file of SERIES_FILES)
      expect(limitOf(report, file), file).toBe(5 * KB + 256 * membersOf(file).length + 512 * earlierIn(file, "fact"));
    for (const file of budgeted("single fact"))
      expect(limitOf(report, file), file).toBe(5 * KB + 512 * earlierIn(file, "fact"));
    expect(budgeted("diff").sort()).toEqual(
      [...tree.keys()].filter((p) => /^\/api\/v1\/facts\/diff\/[^/]+\/v\d+-to-v\d+\.json$/.test(p)).sort(),
    );
    for (const domain of ["tax", "mortgage", "legal", "foreign-buyer", "strata", "rental"]) {
      const count = FACT_FILES.filter((file) => file.startsWith(`${domain}/`)).length;
      const row = report.rows.find((each) => each.path === `/api/v1/facts/${domain}.json`)!;
      expect(row.limit, domain).toBe(
        Math.max(Math.round((15 * KB * count) / 12), 5 * KB) + 128 * earlierIn(`/api/v1/facts/${domain}.json`, "facts"),
      );
    }
    expect(limitOf(report, "/api/v1/facts/index.json")).toBe(
      Math.round((50 * KB * FACT_FILES.length) / 36) + 128 * earlierIn("/api/v1/facts/index.json", "facts"),
    );
    // The project records periods before first versions, so the allowances are in use.
    expect(earlierIn("/api/v1/facts/index.json", "facts")).toBeGreaterThan(0);
    const listed = (JSON.parse(tree.get("/api/v1/facts/manifest.json")!.toString("utf8")) as { files: unknown[] }).files
      .length;
    expect(limitOf(report, "/api/v1/facts/manifest.json")).toBe(3 * KB + 64 * listed);
  });

  it("measures what a consumer downloads: the file gzip-compressed at level 6, which decompresses to the published bytes", () => {
    expect(GZIP_LEVEL).toBe(6);
    const catalog = tree.get("/api/v1/facts/index.json")!;
    const row = report.rows.find((each) => each.path === "/api/v1/facts/index.json")!;
    expect(row.bytes).toBe(catalog.length);
    expect(row.gzipBytes).toBe(gzipSync(catalog, { level: 6 }).length);
    expect(gunzipSync(gzipSync(catalog, { level: GZIP_LEVEL })).equals(catalog)).toBe(true);
    expect(row.gzipBytes).toBeLessThan(row.bytes);
  });

  it("names a file that outgrows its budget", () => {
    // Incompressible bytes: a single fact that would download as more than 5 KB.
    const bloated = Buffer.from(JSON.stringify({ fact: { padding: randomBytes(6 * KB).toString("base64") } }));
    expect(gzipSize(bloated)).toBeGreaterThan(5 * KB);
    const over = payloadBudgets(withFile("/api/v1/facts/by-id/bc.hbrp.json", bloated)).over;
    expect(over.map((row) => [row.budget, row.path])).toEqual([["single fact", "/api/v1/facts/by-id/bc.hbrp.json"]]);
  });

  it("budgets the calculators page's script, a fixed limit whatever the number of facts", () => {
    const row = report.rows.find((each) => each.path === "/assets/calculators.js");
    expect(row?.budget).toBe("calculators script");
    expect(row?.limit).toBe(104 * KB);
    // Incompressible bytes: a script that would download as more than its limit.
    const bloated = Buffer.from(`/*${randomBytes(105 * KB).toString("base64")}*/`);
    expect(payloadBudgets(withFile("/assets/calculators.js", bloated)).over.map((each) => each.path)).toEqual([
      "/assets/calculators.js",
    ]);
  });

  it("budgets the catalog's search script, a fixed limit whatever the number of facts", () => {
    const row = report.rows.find((each) => each.path === "/assets/search.js");
    expect(row?.budget).toBe("search script");
    expect(row?.limit).toBe(16 * KB);
    expect(row!.gzipBytes).toBeLessThanOrEqual(row!.limit);
    // Incompressible bytes: a script that would download as more than its limit.
    const bloated = Buffer.from(`/*${randomBytes(17 * KB).toString("base64")}*/`);
    expect(payloadBudgets(withFile("/assets/search.js", bloated)).over.map((each) => each.path)).toEqual([
      "/assets/search.js",
    ]);
  });

  it("grows the catalog's budget with its facts, so a new fact needs no edit here", () => {
    const catalog = catalogJson();
    const doubled = Buffer.from(JSON.stringify({ ...catalog, facts: [...catalog.facts, ...catalog.facts] }));
    const grown = payloadBudgets(withFile("/api/v1/facts/index.json", doubled));
    expect(grown.factCount).toBe(2 * report.factCount);
    expect(limitOf(grown, "/api/v1/facts/llms.json")).toBe(Math.round((40 * KB * 2 * report.factCount) / 36));
    expect(limitOf(grown, "/api/v1/facts/feed.xml")).toBe(Math.round((30 * KB * 2 * report.factCount) / 36));
  });

  it("grows the diff index's budget with its diffs, so revisions need no edit here, and still names an index whose lines outgrow it", () => {
    const file = "/api/v1/facts/diff/index.json";
    const index = JSON.parse(tree.get(file)!.toString("utf8")) as {
      count: number;
      diffs: { fact_id: string; url: string; summary: string }[];
    };
    const lines = index.diffs.length;
    expect(lines).toBeGreaterThan(0);
    expect(limitOf(report, file)).toBe(Math.max(5 * KB, 1 * KB + 128 * lines));
    // Eight times the revisions, each line as the project writes it (of facts named apart): within the grown limit,
    // where the fixed 5 KB it had until now would have stopped the deploy.
    const diffs = Array.from({ length: 8 }, (_, copy) =>
      index.diffs.map((line) => ({
        ...line,
        fact_id: `${line.fact_id}_${copy}`,
        url: line.url.replace("/v", `_${copy}/v`),
      })),
    ).flat();
    const grown = Buffer.from(JSON.stringify({ ...index, count: diffs.length, diffs }));
    const grownReport = payloadBudgets(withFile(file, grown));
    expect(limitOf(grownReport, file)).toBe(1 * KB + 128 * 8 * lines);
    expect(gzipSize(grown)).toBeGreaterThan(5 * KB);
    expect(grownReport.over).toEqual([]);
    // A line whose note grows to a page of text that gzip cannot shorten is caught.
    const bloated = Buffer.from(
      JSON.stringify({
        ...index,
        diffs: index.diffs.map((line) => ({ ...line, summary: randomBytes(256).toString("base64") })),
      }),
    );
    expect(payloadBudgets(withFile(file, bloated)).over.map((row) => row.path)).toEqual([file]);
  });

  it("grows a series' budget with its members, so a new year needs no edit here", () => {
    const file = SERIES_FILES[0]!;
    const series = JSON.parse(tree.get(file)!.toString("utf8")) as { members: unknown[] };
    const doubled = Buffer.from(JSON.stringify({ ...series, members: [...series.members, ...series.members] }));
    expect(limitOf(payloadBudgets(withFile(file, doubled)), file)).toBe(
      5 * KB + 256 * 2 * series.members.length + 512 * earlierIn(file, "fact"),
    );
  });

  it("budgets each domain's rule changes as a calendar and feed of events, and each badge at 512 bytes", () => {
    const events = (file: string, marker: string) => tree.get(file)!.toString("utf8").split(marker).length - 1;
    for (const domain of ["tax", "mortgage", "legal", "foreign-buyer", "strata", "rental"]) {
      for (const [file, marker] of [
        [`/api/v1/facts/${domain}.ics`, "BEGIN:VEVENT"],
        [`/api/v1/facts/${domain}.atom`, "<entry>"],
      ] as const) {
        const row = report.rows.find((each) => each.path === file);
        expect(row?.budget, file).toBe("events");
        expect(row!.limit, file).toBe(2 * KB + 512 * events(file, marker));
      }
    }
    const badges = [...tree.keys()].filter((p) => p.startsWith("/api/v1/facts/badges/")).sort();
    expect(badges).toHaveLength(FACT_FILES.length);
    expect(
      report.rows
        .filter((row) => row.budget === "badge")
        .map((row) => row.path)
        .sort(),
    ).toEqual(badges);
    for (const file of badges) expect(limitOf(report, file), file).toBe(512);
  });

  it("budgets the calendars and Atom feeds of events by the events each holds, and names one whose entries outgrow it", () => {
    const events = (file: string, marker: string) => tree.get(file)!.toString("utf8").split(marker).length - 1;
    for (const [file, marker] of [
      ["/api/v1/facts/changes.ics", "BEGIN:VEVENT"],
      ["/api/v1/facts/changes.atom", "<entry>"],
      ["/api/v1/facts/lapses.ics", "BEGIN:VEVENT"],
      ["/api/v1/facts/upcoming.ics", "BEGIN:VEVENT"],
      ["/api/v1/facts/upcoming.atom", "<entry>"],
    ] as const) {
      expect(events(file, marker), file).toBeGreaterThan(0);
      expect(limitOf(report, file), file).toBe(2 * KB + 512 * events(file, marker));
    }
    // One entry whose summary alone, incompressible, weighs the feed's whole limit: the feed is over.
    const atom = tree.get("/api/v1/facts/changes.atom")!.toString("utf8");
    const bloated = atom.replace(
      '<summary type="text">',
      `<summary type="text">${randomBytes(limitOf(report, "/api/v1/facts/changes.atom")).toString("base64")} `,
    );
    const over = payloadBudgets(withFile("/api/v1/facts/changes.atom", Buffer.from(bloated))).over;
    expect(over.map((row) => [row.budget, row.path])).toEqual([["events", "/api/v1/facts/changes.atom"]]);
  });

  it("holds a bundle of one fact to the floor, not a twelfth of the budget", () => {
    const bundle = Buffer.from(JSON.stringify({ facts: [catalogJson().facts[0]] }));
    expect(limitOf(payloadBudgets(withFile("/api/v1/facts/rental.json", bundle)), "/api/v1/facts/rental.json")).toBe(
      5 * KB,
    );
  });

  it("refuses a tree without a catalog, naming the file", () => {
    const partial = new Map(tree);
    partial.delete("/api/v1/facts/index.json");
    expect(() => payloadBudgets(partial)).toThrow("/api/v1/facts/index.json is not in the built tree");
  });

  it("prints the table with npm run budgets, and exits 1 when a file is over", async () => {
    const result = await runScript("src/cli/payload-budgets.ts", ["--site", out]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\/api\/v1\/facts\/index\.json +\d+\.\d KB +\d+\.\d KB +ok/m);
    expect(result.stdout).toContain(`is within its limit`);
    const copy = await tempDir(out);
    await writeFile(
      path.join(copy, "api/v1/facts/by-id/bc.hbrp.json"),
      JSON.stringify({ padding: randomBytes(6 * KB).toString("base64") }),
    );
    const over = await runScript("src/cli/payload-budgets.ts", ["--site", copy]);
    expect(over.code).toBe(1);
    expect(over.stderr).toContain("1 of");
    expect(over.stderr).toContain("/api/v1/facts/by-id/bc.hbrp.json");
    const missing = await runScript("src/cli/payload-budgets.ts", ["--site", path.join(out, "no-such-folder")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("is not a folder");
  });
});
