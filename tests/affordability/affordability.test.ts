import { cp, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { monthlyPI } from "../../packages/client/src/index.ts";
import {
  idxTrend,
  incomeYear,
  lastEndedMonth,
  medianIncome,
  monthLabel,
  monthsApart,
  monthsBetween,
  previousMonth,
} from "../../src/affordability/compute-series.ts";
import { annualCarryingCost, downPayment, idx, loanAmount } from "../../src/affordability/mortgage-math.ts";
import { buildModel } from "../../src/build/build-model.ts";
import { renderSite } from "../../src/render/render-site.ts";
import {
  type AffordabilityEntry,
  AffordabilityLatest,
  AffordabilitySeries,
  IncomeFile,
} from "../../src/schemas/index.ts";
import { factValue } from "../helpers/fact-values.ts";
import { frozenData } from "../helpers/frozen-copy.ts";
import { createGitRepo } from "../helpers/git-repo.ts";
import { PROJECT_ROOT } from "../helpers/run-script.ts";

const FIXTURE = path.join(PROJECT_ROOT, "tests/fixtures/index-data");

/** A repository with one fact and, optionally, the fixture index inputs; rendered as `npm run build` would. */
const renderRepository = async (withIndexData: boolean, edit?: (root: string) => Promise<void>) => {
  const repo = await createGitRepo();
  await repo.writeFact({ id: "bc.hbrp", domain: "legal", value: factValue("bc.hbrp") });
  if (withIndexData) await cp(FIXTURE, path.join(repo.root, "index-data"), { recursive: true });
  await edit?.(repo.root);
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
    expect(
      annualCarryingCost({
        monthlyPI: 1000,
        price: 1_000_000,
        propertyTaxRate: 0.003,
        maintenanceMonthly: 300,
        insuranceMonthly: 100,
      }),
    ).toBe(19_800);
    expect(idx(90_000, 19_800)).toBe(455);
    expect(Number.isInteger(idx(90_000, 77_123.45))).toBe(true);
  });

  it("carries income forward only by sourced growth and labels months", async () => {
    const income = IncomeFile.parse(JSON.parse(await readFile(path.join(FIXTURE, "income.json"), "utf8")));
    expect(medianIncome(income, "greater-vancouver", 2023)).toBe(90_000);
    expect(medianIncome(income, "greater-vancouver", 2024)).toBe(94_500);
    // The year the income stands for: the source's own year until a year of sourced growth is applied.
    expect(incomeYear(income, 2023)).toBe(2020);
    expect(incomeYear(income, 2025)).toBe(2024);
    expect(monthLabel("2024-04")).toBe("April 2024");
    expect(previousMonth("2024-01")).toBe("2023-12");
    expect(monthsBetween("2023-11", "2024-02")).toEqual(["2023-11", "2023-12", "2024-01", "2024-02"]);
    expect(idxTrend(60, 58, 1)).toBe("improving");
    expect(idxTrend(57, 58, 1)).toBe("worsening");
    expect(idxTrend(58, 58, 1)).toBe("stable");
    expect(idxTrend(58, undefined, 1)).toBe("no-previous-month");
  });

  it("counts months across year ends and takes the last month that has ended on a date", () => {
    expect(monthsApart("2023-11", "2024-02")).toBe(3);
    expect(monthsApart("2023-01", "2026-10")).toBe(45);
    expect(monthsApart("2024-05", "2024-05")).toBe(0);
    expect(lastEndedMonth("2027-01-01")).toBe("2026-12");
    expect(lastEndedMonth("2026-11-30")).toBe("2026-10");
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
    expect(april.annualCarryingCost).toBe(
      Math.round((12 * april.monthlyPI + 1_205_800 * 0.003 + 12 * 400) * 100) / 100,
    );
    expect(april).toMatchObject({
      boardLabel: "Greater Vancouver",
      monthLabel: "April 2024",
      monthStart: "2024-04-01",
      medianIncome: 94_500,
      idxTrend: "no-previous-month",
    });
    // August's previous published month is June, two months back (July is a gap): the trend compares with it.
    const [, , june, august] = series.series as [
      AffordabilityEntry,
      AffordabilityEntry,
      AffordabilityEntry,
      AffordabilityEntry,
    ];
    expect(august).toMatchObject({ trendComparedWith: "2024-06", monthsSinceCompared: 2 });
    expect(august.idxTrend).toBe(
      august.idx - june.idx >= 1 ? "improving" : august.idx - june.idx <= -1 ? "worsening" : "stable",
    );
    expect(series.series[4]).toMatchObject({
      board: "fraser-valley",
      idxTrend: "no-previous-month",
      trendComparedWith: null,
      monthsSinceCompared: null,
    });
    for (const entry of series.series)
      expect(entry.carryingCostShare).toBeCloseTo(entry.annualCarryingCost / entry.medianIncome, 4);
    // The period runs from the first month with a price for any board to the last month that had ended on the build
    // date (2026-11-21: October 2026); every other month of it is a gap, per board, with the reason.
    expect(series.methodology.period).toEqual({ from: "2024-04", to: "2026-10" });
    const gaps = series.methodology.gaps as { board: string; month: string; reason: string }[];
    expect(gaps.slice(0, 3)).toEqual([
      {
        board: "greater-vancouver",
        month: "2024-07",
        reason: "no sourced MLS® HPI composite benchmark price or mortgage rate",
      },
      {
        board: "greater-vancouver",
        month: "2024-09",
        reason: "no sourced MLS® HPI composite benchmark price or mortgage rate",
      },
      {
        board: "greater-vancouver",
        month: "2024-10",
        reason: "no sourced MLS® HPI composite benchmark price or mortgage rate",
      },
    ]);
    expect(gaps.filter((gap) => gap.board === "fraser-valley").slice(0, 4)).toEqual([
      { board: "fraser-valley", month: "2024-04", reason: "no sourced MLS® HPI composite benchmark price" },
      { board: "fraser-valley", month: "2024-06", reason: "no sourced MLS® HPI composite benchmark price" },
      {
        board: "fraser-valley",
        month: "2024-07",
        reason: "no sourced MLS® HPI composite benchmark price or mortgage rate",
      },
      { board: "fraser-valley", month: "2024-08", reason: "no sourced MLS® HPI composite benchmark price" },
    ]);
    // 31 months from April 2024 to October 2026 for each of two boards, less the 5 published.
    expect(gaps).toHaveLength(2 * 31 - 5);
    // A point is official only when both its price and its rate cite official sources.
    expect(series.methodology.source_quality).toMatchObject({
      months: {
        "greater-vancouver": {
          "2024-04": "secondary",
          "2024-05": "secondary",
          "2024-06": "secondary",
          "2024-08": "secondary",
        },
        "fraser-valley": { "2024-05": "official" },
      },
    });
    expect(series.latest).toEqual(series.series[3]);
    const latest = AffordabilityLatest.parse(read("/api/v1/affordability-index/latest.json"));
    expect(latest.latest).toEqual(series.series[3]);
    expect(latest.publication).toEqual(series.publication);
    expect(latest.publication_status).toBe(
      "published: 5 of 62 board-months from April 2024 to October 2026; latest August 2024, Greater Vancouver, 26 months behind October 2026, the last month that had ended on 2026-11-21; its trend compares it with June 2024, 2 months before; greater-vancouver 4 of 31 months (latest August 2024); fraser-valley 1 of 31 months (latest May 2024); 57 board-months without a sourced input are listed with their reasons in methodology.gaps and not published",
    );
  });

  it("publish each input's citation with its organisation's name as org, and org_id and org_kind, as a fact's citations are", async () => {
    const { read } = await renderRepository(true);
    const methodology = AffordabilitySeries.parse(read("/api/v1/affordability-index/index.json")).methodology;
    const registry = JSON.parse(await readFile(path.join(frozenData().root, "reference/organisations.json"), "utf8"))
      .organisations as {
      id: string;
      name: string;
      kind: string;
    }[];
    const citations: { path: string; citation: Record<string, unknown> }[] = [];
    const visit = (node: unknown, at: string): void => {
      if (Array.isArray(node)) {
        for (const [index, child] of node.entries()) visit(child, `${at}/${index}`);
      } else if (node !== null && typeof node === "object") {
        if ("url" in node && "retrieved_iso" in node)
          citations.push({ path: at, citation: node as Record<string, unknown> });
        for (const [key, child] of Object.entries(node)) visit(child, `${at}/${key}`);
      }
    };
    visit(methodology, "/methodology");
    // Every input file of the fixture cites something: the sources' terms, each assumption, income, rates and prices.
    for (const part of [
      "/sources/",
      "/assumptions/",
      "/income/",
      "/mortgage_rate/",
      "/benchmark_prices/greater-vancouver/",
      "/benchmark_prices/fraser-valley/",
    ]) {
      expect(
        citations.some(({ path }) => path.includes(part)),
        part,
      ).toBe(true);
    }
    for (const { path: at, citation } of citations) {
      const organisation = registry.find((entry) => entry.id === citation.org_id);
      expect(organisation, at).toBeDefined();
      expect({ at, org: citation.org, org_kind: citation.org_kind }).toEqual({
        at,
        org: organisation!.name,
        org_kind: organisation!.kind,
      });
    }
    expect((methodology.mortgage_rate as { months: { citation: unknown }[] }).months[0]!.citation).toMatchObject({
      org: "Bank of Canada",
      org_id: "bank-of-canada",
      org_kind: "crown-agency",
      kind: "official",
    });
    expect(
      (methodology.benchmark_prices as Record<string, { citation: unknown }[]>)["greater-vancouver"]![0]!.citation,
    ).toMatchObject({
      org: "Greater Vancouver Realtors",
      org_id: "greater-vancouver-realtors",
      org_kind: "industry-body",
    });
  });

  it("state in publication how current and complete the index is, counted from the build date", async () => {
    const { read } = await renderRepository(true);
    const latest = AffordabilityLatest.parse(read("/api/v1/affordability-index/latest.json"));
    // Built on 2026-11-21, the last ended month is October 2026; the index starts in April 2024: 31 months per board.
    expect(latest.publication).toEqual({
      as_of: "2026-11-21",
      expected_from: "2024-04",
      expected_through: "2026-10",
      expected_count: 62,
      published_count: 5,
      latest_month: "2024-08",
      latest_board: "greater-vancouver",
      months_behind: 26,
      previous_published_month: "2024-06",
      months_since_previous: 2,
      boards: [
        {
          board: "greater-vancouver",
          published_count: 4,
          expected_count: 31,
          latest_month: "2024-08",
          months_behind: 26,
          previous_published_month: "2024-06",
          months_since_previous: 2,
        },
        {
          board: "fraser-valley",
          published_count: 1,
          expected_count: 31,
          latest_month: "2024-05",
          months_behind: 29,
          previous_published_month: null,
          months_since_previous: null,
        },
      ],
    });
  });

  it("publish the reason an input file records for a missing month, and the default reason otherwise", async () => {
    const { read } = await renderRepository(true, async (root) => {
      const file = path.join(root, "index-data/benchmarks/fraser-valley.json");
      const benchmarks = JSON.parse(await readFile(file, "utf8"));
      benchmarks.gaps = [{ from: "2024-06", to: "2024-08", reason: "No benchmark price: the only report rounds it." }];
      await writeFile(file, `${JSON.stringify(benchmarks, null, 2)}\n`);
    });
    const gaps = AffordabilitySeries.parse(read("/api/v1/affordability-index/index.json")).methodology.gaps as {
      board: string;
      month: string;
      reason: string;
    }[];
    expect(gaps.filter((gap) => gap.board === "fraser-valley").slice(0, 5)).toEqual([
      { board: "fraser-valley", month: "2024-04", reason: "no sourced MLS® HPI composite benchmark price" },
      { board: "fraser-valley", month: "2024-06", reason: "No benchmark price: the only report rounds it." },
      // July has no rate either: the file's reason for the price, then the rate's default reason.
      {
        board: "fraser-valley",
        month: "2024-07",
        reason: "No benchmark price: the only report rounds it. No sourced mortgage rate.",
      },
      { board: "fraser-valley", month: "2024-08", reason: "No benchmark price: the only report rounds it." },
      {
        board: "fraser-valley",
        month: "2024-09",
        reason: "no sourced MLS® HPI composite benchmark price or mortgage rate",
      },
    ]);
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
      expect(files.get(`/api/v1/vancouver-special-index/${name}`)).toBe(
        files.get(`/api/v1/affordability-index/${name}`),
      );
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
    // Greater Vancouver's four points are circles, Fraser Valley's one a square; hollow (white) when a source is
    // secondary.
    expect(chart.match(/<circle [^>]*data-quality="secondary"/g)).toHaveLength(4);
    expect(chart.match(/<circle [^>]*fill="#fff"/g)).toHaveLength(4);
    expect(chart.match(/<rect [^>]*data-quality="official"/g)).toHaveLength(1);
    // April to June are consecutive; July is a gap, so August stands alone: one line of three points, none for Fraser
    // Valley.
    expect(chart.match(/<polyline /g)).toHaveLength(1);
    expect(chart.match(/<polyline[^>]*points="([^"]*)"/)![1]!.split(" ")).toHaveLength(3);
    // One strip cell per board and month of the period; the gaps are the empty ones.
    const gapCells = [...chart.matchAll(/<g class="coverage" data-board="([^"]+)">([\s\S]*?)<\/g>/g)].map(
      ([, board, cells]) => [
        board,
        [...cells!.matchAll(/<rect [^>]*data-month="([^"]+)"( data-gap="")?/g)]
          .filter((cell) => cell[2])
          .map((cell) => cell[1]),
      ],
    );
    // The strips run to October 2026, the last month that had ended on the build date: the months since are gaps too.
    const after = monthsBetween("2024-09", "2026-10");
    expect(gapCells).toEqual([
      ["greater-vancouver", ["2024-07", ...after]],
      ["fraser-valley", ["2024-04", "2024-06", "2024-07", "2024-08", ...after]],
    ]);
    // Both boards share one y scale: each point's height follows its idx.
    const series = AffordabilitySeries.parse(
      JSON.parse(String(files.get("/api/v1/affordability-index/index.json"))),
    ).series;
    const heights = [...chart.matchAll(/<(?:circle [^>]*cy="([\d.]+)"|rect [^>]*y="([\d.]+)"[^>]*data-quality)/g)].map(
      (match) => Number(match[1] ?? match[2]) + (match[2] ? 4 : 0),
    );
    const scale = (heights[0]! - heights[4]!) / (series[0]!.idx - series[4]!.idx);
    for (const [index, entry] of series.entries())
      expect(heights[0]! - heights[index]!).toBeCloseTo(scale * (series[0]!.idx - entry.idx), 0);
    expect(page).toContain('role="img"');
    expect(page).toContain(
      "Greater Vancouver, July 2024: no sourced MLS® HPI composite benchmark price or mortgage rate",
    );
    expect(page).toContain("Fraser Valley, June 2024: no sourced MLS® HPI composite benchmark price");
    // The chart is drawn without a script: the only script element is the page's schema.org data, which never runs.
    expect(page).not.toMatch(/<script(?! type="application\/ld\+json">)/);
    expect(page.match(/<script/g)).toHaveLength(1);
  });

  it("opens with the latest month, how far behind it is and how many board-months are published of how many", async () => {
    const { files } = await renderRepository(true);
    const page = String(files.get("/affordability.html"));
    const opening = page.slice(page.indexOf("<h1>"), page.indexOf('<svg class="index-chart"'));
    expect(opening).toContain("<strong>Latest month: August 2024</strong> (Greater Vancouver).");
    expect(opening).toContain(
      "<strong>26 months behind</strong> October 2026, the last month that had ended when this page was built (November 21, 2026).",
    );
    expect(opening).toContain(
      "<strong>5 of 62</strong> board-months from April 2024 to October 2026 are published (Greater Vancouver 4 of 31, Fraser Valley 1 of 31)",
    );
    // The status comes before the boards' values, which come before the chart.
    expect(opening.indexOf("Latest month")).toBeLessThan(opening.indexOf('<ul class="latest">'));
  });

  it("states each board's index beside the share of income, and the trend against the previous published month and how far back it is", async () => {
    const { files } = await renderRepository(true);
    const page = String(files.get("/affordability.html"));
    const series = AffordabilitySeries.parse(
      JSON.parse(String(files.get("/api/v1/affordability-index/index.json"))),
    ).series;
    const [april, , june, august, fraserMay] = series as [
      AffordabilityEntry,
      AffordabilityEntry,
      AffordabilityEntry,
      AffordabilityEntry,
      AffordabilityEntry,
    ];
    const share = (entry: AffordabilityEntry) =>
      `${Math.round((entry.annualCarryingCost / entry.medianIncome) * 100)}%`;
    expect(page).toContain(
      `<strong>Greater Vancouver: index ${august.idx}</strong> in August 2024: carrying the benchmark home takes <strong>${share(august)} of the median household income</strong>`,
    );
    const move = august.idx - june.idx;
    const moved =
      move === 0
        ? "Unchanged"
        : `${move > 0 ? "Up" : "Down"} ${Math.abs(move)} point${Math.abs(move) === 1 ? "" : "s"}`;
    expect(page).toContain(`${moved} from June 2024, 2 months earlier (the months between are not published):`);
    const change = august.idx - april.idx;
    expect(page).toContain(
      `Since April 2024 (${april.idx}), it has ${change > 0 ? "risen" : "fallen"} ${Math.abs(change)} point`,
    );
    expect(page).toContain(`<strong>Fraser Valley: index ${fraserMay.idx}</strong> in May 2024`);
    expect(page).toContain("first published month, so there is no earlier month to compare with.");
    // The table names the month compared with when it is not the month before, and gives the share beside the index.
    expect(page).toMatch(
      new RegExp(
        `<th scope="row">August 2024</th><td>${august.idx}</td><td>${share(august)}</td><td>[a-z ]+ <span class="compared">\\(vs June 2024\\)</span></td>`,
      ),
    );
  });

  it("names the income's year beside every figure that uses it, and in each entry of the JSON", async () => {
    const grown = await renderRepository(true);
    const series = AffordabilitySeries.parse(grown.read("/api/v1/affordability-index/index.json")).series;
    // The fixture's 2020 income has sourced growth for 2024, so every 2024 month stands for 2024's income.
    expect(series.map((entry) => entry.incomeYear)).toEqual(series.map(() => 2024));
    const grownPage = String(grown.files.get("/affordability.html"));
    expect(grownPage).toContain(
      "as of 2024, its 2020 value carried forward by the annual growth the methodology cites",
    );
    // Without growth the figure is held: the status box and each board's first sentence say so where the share is.
    const held = await renderRepository(true, async (root) => {
      const file = path.join(root, "index-data/income.json");
      const income = JSON.parse(await readFile(file, "utf8"));
      income.measure = "Median total income of private households, 2021 Census of Population (income year 2020)";
      income.carry_forward.annual_growth = [];
      await writeFile(file, `${JSON.stringify(income, null, 2)}\n`);
    });
    const page = String(held.files.get("/affordability.html"));
    const status = page.match(/<p class="index-status">[\s\S]*?<\/p>/)![0];
    expect(status).toContain("<strong>Every value uses income fixed at its 2020 value from the 2021 Census</strong>");
    expect(status).toContain("held for every month since");
    const bullets = page.match(/<ul class="latest">[\s\S]*?<\/ul>/)![0];
    expect(
      bullets.match(/of the median household income<\/strong>, fixed at its 2020 value from the 2021 Census/g),
    ).toHaveLength(2);
    expect(page).toMatch(/<td>\$90,000 \(2020\)<\/td>/);
    const entries = AffordabilitySeries.parse(held.read("/api/v1/affordability-index/index.json")).series;
    expect(new Set(entries.map((entry) => entry.incomeYear))).toEqual(new Set([2020]));
    expect(AffordabilityLatest.parse(held.read("/api/v1/affordability-index/latest.json")).latest?.incomeYear).toBe(
      2020,
    );
  });

  it("draws the chart twice, wide and narrow, with the same points, and labels ids apart", async () => {
    const page = String((await renderRepository(true)).files.get("/affordability.html"));
    const wide = page.match(/<svg class="index-chart"[\s\S]*?<\/svg>/)![0];
    const narrow = page.match(/<svg class="index-chart-narrow"[\s\S]*?<\/svg>/)![0];
    const points = (chart: string) =>
      [...chart.matchAll(/<title>([^<]*\(\w+ sources\))<\/title>/g)].map((match) => match[1]);
    expect(points(narrow)).toEqual(points(wide));
    expect(points(wide).length).toBeGreaterThan(0);
    // The narrow viewBox is a phone column's width, its text at least 13 units high, so at least 11 px from 300 px.
    expect(narrow).toMatch(/viewBox="0 0 360 /);
    const sizes = [...narrow.matchAll(/<text [^>]*font-size="(\d+)"/g)].map((match) => Number(match[1]));
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(13);
    const ids = [...page.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("explains in the legend only the marker fills the chart draws", async () => {
    const legendAndPoints = (page: string) => {
      const chart = page.match(/<svg class="index-chart"[\s\S]*?<\/svg>/)![0];
      const legend = page.match(/<ul class="chart-legend">[\s\S]*?<\/ul>/)![0];
      return {
        points: [...new Set([...chart.matchAll(/data-quality="(\w+)"/g)].map((match) => match[1]))].sort(),
        legend: [...legend.matchAll(/data-legend="(official|secondary)"/g)].map((match) => match[1]).sort(),
      };
    };
    const mixed = String((await renderRepository(true)).files.get("/affordability.html"));
    expect(legendAndPoints(mixed)).toEqual({ points: ["official", "secondary"], legend: ["official", "secondary"] });
    // With every price cited from the issuing body, no point is hollow, and the legend no longer explains hollow
    // points.
    const allOfficial = await renderRepository(true, async (root) => {
      const file = path.join(root, "index-data/benchmarks/greater-vancouver.json");
      const benchmarks = JSON.parse(await readFile(file, "utf8"));
      for (const month of benchmarks.months) month.citation.kind = "official";
      await writeFile(file, `${JSON.stringify(benchmarks, null, 2)}\n`);
    });
    expect(legendAndPoints(String(allOfficial.files.get("/affordability.html")))).toEqual({
      points: ["official"],
      legend: ["official"],
    });
  });
});
