import { cp, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { idxTrend } from "../../src/affordability/idx-trend.ts";
import { medianIncome } from "../../src/affordability/median-income.ts";
import { monthLabel, monthsBetween, previousMonth } from "../../src/affordability/month-labels.ts";
import { annualCarryingCost, downPayment, idx, loanAmount, monthlyPI } from "../../src/affordability/mortgage-math.ts";
import { buildModel } from "../../src/build/build-model.ts";
import { renderSite } from "../../src/render/index.ts";
import { type AffordabilityEntry, AffordabilityLatest, AffordabilitySeries, IncomeFile } from "../../src/schemas/index.ts";
import { factValue } from "../helpers/fact-values.ts";
import { createGitRepo } from "../helpers/git-repo.ts";
import { PROJECT_ROOT } from "../helpers/run-script.ts";

const FIXTURE = path.join(PROJECT_ROOT, "tests/fixtures/index-data");

/** A repository with one fact and, optionally, the fixture index inputs; rendered as `npm run build` would. */
const renderRepository = async (withIndexData: boolean) => {
  const repo = await createGitRepo();
  await repo.writeFact({ id: "bc.hbrp", domain: "legal", value: factValue("bc.hbrp") });
  if (withIndexData) await cp(FIXTURE, path.join(repo.root, "index-data"), { recursive: true });
  await repo.commit("data");
  const files = renderSite(await buildModel(repo.root, { baseUrl: "https://facts.example.org", today: "2026-11-21" }));
  const read = (urlPath: string) => JSON.parse(String(files.get(urlPath)));
  return { files, read };
};

describe("mortgage and index arithmetic", () => {
  it("computes the worked example: $800,000 at 5% over 25 years is $4,652.84 a month", () => {
    expect(monthlyPI(800_000, 0.05, 25)).toBe(4652.84);
  });

  it("compounds semi-annually, so the payment is below a monthly-compounded loan's", () => {
    const monthlyCompounded = (800_000 * (0.05 / 12)) / (1 - (1 + 0.05 / 12) ** -300);
    expect(monthlyPI(800_000, 0.05, 25)).toBeLessThan(Math.round(monthlyCompounded * 100) / 100);
  });

  it("derives down payment, loan, carrying cost and an integer index", () => {
    expect(downPayment(1_205_800, 0.2)).toBe(241_160);
    expect(loanAmount(1_205_800, 241_160)).toBe(964_640);
    expect(annualCarryingCost({ monthlyPI: 1000, price: 1_000_000, propertyTaxRate: 0.003, maintenanceMonthly: 300, insuranceMonthly: 100 })).toBe(19_800);
    expect(idx(90_000, 19_800)).toBe(455);
    expect(Number.isInteger(idx(90_000, 77_123.45))).toBe(true);
  });

  it("carries income forward only by sourced growth and labels months", async () => {
    const income = IncomeFile.parse(JSON.parse(await readFile(path.join(FIXTURE, "income.json"), "utf8")));
    expect(medianIncome(income, "greater-vancouver", 2023)).toBe(90_000);
    expect(medianIncome(income, "greater-vancouver", 2024)).toBe(94_500);
    expect(monthLabel("2024-04")).toBe("April 2024");
    expect(previousMonth("2024-01")).toBe("2023-12");
    expect(monthsBetween("2023-11", "2024-02")).toEqual(["2023-11", "2023-12", "2024-01", "2024-02"]);
    expect(idxTrend(60, 58, 1)).toBe("improving");
    expect(idxTrend(57, 58, 1)).toBe("worsening");
    expect(idxTrend(58, 58, 1)).toBe("stable");
    expect(idxTrend(58, undefined, 1)).toBe("no-previous-month");
  });
});

describe("the affordability endpoints", () => {
  it("publish every sourced month, with idx recomputable from each entry's own fields, and list the gaps", async () => {
    const { read } = await renderRepository(true);
    const series = AffordabilitySeries.parse(read("/api/v1/affordability-index/index.json"));
    expect(series.series.map((entry) => `${entry.board} ${entry.monthSlug}`)).toEqual([
      "greater-vancouver 2024-04",
      "greater-vancouver 2024-05",
      "greater-vancouver 2024-06",
      "greater-vancouver 2024-08",
      "fraser-valley 2024-05",
    ]);
    for (const entry of series.series) {
      expect(entry.downPayment).toBeCloseTo(entry.hpiBenchmarkPrice * 0.2, 2);
      expect(entry.loanAmount).toBeCloseTo(entry.hpiBenchmarkPrice - entry.downPayment, 2);
      expect(entry.idx).toBe(Math.round((entry.medianIncome / entry.annualCarryingCost) * 100));
    }
    const april = series.series[0]!;
    expect(april.monthlyPI).toBe(monthlyPI(964_640, 0.0709, 25));
    expect(april.annualCarryingCost).toBe(Math.round((12 * april.monthlyPI + 1_205_800 * 0.003 + 12 * 400) * 100) / 100);
    expect(april).toMatchObject({
      boardLabel: "Greater Vancouver",
      monthLabel: "April 2024",
      monthStart: "2024-04-01",
      medianIncome: 94_500,
      idxTrend: "no-previous-month",
    });
    expect(series.series[3]!.idxTrend).toBe("no-previous-month");
    // The period runs from the first to the last month with a price for any board; every other month of it is a gap, per board.
    expect(series.methodology.period).toEqual({ from: "2024-04", to: "2024-08" });
    expect(series.methodology.gaps).toEqual([
      { board: "greater-vancouver", month: "2024-07", reason: "no sourced MLS® HPI composite benchmark price or mortgage rate" },
      { board: "fraser-valley", month: "2024-04", reason: "no sourced MLS® HPI composite benchmark price" },
      { board: "fraser-valley", month: "2024-06", reason: "no sourced MLS® HPI composite benchmark price" },
      { board: "fraser-valley", month: "2024-07", reason: "no sourced MLS® HPI composite benchmark price or mortgage rate" },
      { board: "fraser-valley", month: "2024-08", reason: "no sourced MLS® HPI composite benchmark price" },
    ]);
    // A point is official only when both its price and its rate cite official sources.
    expect(series.methodology.source_quality).toMatchObject({
      months: {
        "greater-vancouver": { "2024-04": "secondary", "2024-05": "secondary", "2024-06": "secondary", "2024-08": "secondary" },
        "fraser-valley": { "2024-05": "official" },
      },
    });
    expect(series.latest).toEqual(series.series[3]);
    const latest = AffordabilityLatest.parse(read("/api/v1/affordability-index/latest.json"));
    expect(latest.latest).toEqual(series.series[3]);
    expect(latest.publication_status).toMatch(
      /^published: greater-vancouver 4 months \(2024-04 to 2024-08\); fraser-valley 1 month \(2024-05 to 2024-05\); latest August 2024, Greater Vancouver; 5 board-months without/,
    );
  });

  it("state the pre-publication case with latest null and the reason", async () => {
    const { read } = await renderRepository(false);
    const latest = AffordabilityLatest.parse(read("/api/v1/affordability-index/latest.json"));
    expect(latest.latest).toBeNull();
    expect(latest.publication_status).toBe(
      "pre-publication: no index value is published because index-data/ lacks index-data/methodology.json, index-data/income.json, index-data/mortgage-rates.json, index-data/benchmarks/<board>.json",
    );
    expect(AffordabilitySeries.parse(read("/api/v1/affordability-index/index.json")).series).toEqual([]);
  });

  it("serve byte-identical content under both path families", async () => {
    const { files } = await renderRepository(true);
    for (const name of ["index.json", "latest.json"]) {
      expect(files.get(`/api/v1/vancouver-special-index/${name}`)).toBe(files.get(`/api/v1/affordability-index/${name}`));
    }
  });
});

describe("the affordability page", () => {
  it("draws both boards on one axis, joins consecutive months only, marks each point's source quality and leaves gaps empty", async () => {
    const { files } = await renderRepository(true);
    const page = String(files.get("/affordability.html"));
    const charts = page.match(/<svg class="index-chart"[\s\S]*?<\/svg>/g) ?? [];
    expect(charts).toHaveLength(1);
    const [chart] = charts as [string];
    // Greater Vancouver's four points are circles, Fraser Valley's one a square; hollow (white) when a source is secondary.
    expect(chart.match(/<circle [^>]*data-quality="secondary"/g)).toHaveLength(4);
    expect(chart.match(/<circle [^>]*fill="#fff"/g)).toHaveLength(4);
    expect(chart.match(/<rect [^>]*data-quality="official"/g)).toHaveLength(1);
    // April to June are consecutive; July is a gap, so August stands alone: one line of three points, none for Fraser Valley.
    expect(chart.match(/<polyline /g)).toHaveLength(1);
    expect(chart.match(/<polyline[^>]*points="([^"]*)"/)![1]!.split(" ")).toHaveLength(3);
    // One strip cell per board and month of the period; the gaps are the empty ones.
    const gapCells = [...chart.matchAll(/<g class="coverage" data-board="([^"]+)">([\s\S]*?)<\/g>/g)].map(([, board, cells]) => [
      board,
      [...cells!.matchAll(/<rect [^>]*data-month="([^"]+)"( data-gap="")?/g)].filter((cell) => cell[2]).map((cell) => cell[1]),
    ]);
    expect(gapCells).toEqual([
      ["greater-vancouver", ["2024-07"]],
      ["fraser-valley", ["2024-04", "2024-06", "2024-07", "2024-08"]],
    ]);
    // Both boards share one y scale: each point's height follows its idx.
    const series = AffordabilitySeries.parse(JSON.parse(String(files.get("/api/v1/affordability-index/index.json")))).series;
    const heights = [...chart.matchAll(/<(?:circle [^>]*cy="([\d.]+)"|rect [^>]*y="([\d.]+)"[^>]*data-quality)/g)].map(
      (match) => Number(match[1] ?? match[2]) + (match[2] ? 4 : 0),
    );
    const scale = (heights[0]! - heights[4]!) / (series[0]!.idx - series[4]!.idx);
    for (const [index, entry] of series.entries()) expect(heights[0]! - heights[index]!).toBeCloseTo(scale * (series[0]!.idx - entry.idx), 0);
    expect(page).toContain('role="img"');
    expect(page).toContain("Greater Vancouver, July 2024: no sourced MLS® HPI composite benchmark price or mortgage rate");
    expect(page).toContain("Fraser Valley, June 2024: no sourced MLS® HPI composite benchmark price");
    // The chart is drawn without a script: the only script element is the page's schema.org data, which never runs.
    expect(page).not.toMatch(/<script(?! type="application\/ld\+json">)/);
    expect(page.match(/<script/g)).toHaveLength(1);
  });

  it("states each board's latest value, its month and its trend in words", async () => {
    const { files } = await renderRepository(true);
    const page = String(files.get("/affordability.html"));
    const series = AffordabilitySeries.parse(JSON.parse(String(files.get("/api/v1/affordability-index/index.json")))).series;
    const [april, , , august, fraserMay] = series as [AffordabilityEntry, AffordabilityEntry, AffordabilityEntry, AffordabilityEntry, AffordabilityEntry];
    const change = august.idx - april.idx;
    expect(page).toContain(`<strong>Greater Vancouver: ${august.idx}</strong> in August 2024`);
    expect(page).toContain("July 2024 is not published, so there is no change from the month before to state.");
    expect(page).toContain(`Since April 2024 (${april.idx}), it has ${change > 0 ? "risen" : "fallen"} ${Math.abs(change)} point`);
    expect(page).toContain(`<strong>Fraser Valley: ${fraserMay.idx}</strong> in May 2024`);
    expect(page).toContain("It is the only month published for this board.");
  });
});
