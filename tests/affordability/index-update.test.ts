import { readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lastWednesdayOf, monthlyRates } from "../../src/affordability/providers/bank-of-canada.ts";
import { runCheck, runScript } from "../helpers/run-script.ts";
import { readAsGitHub } from "../workflows/helpers/rendered-markdown.ts";
import { type Answer, indexDataWorkspace, serveSource } from "./helpers/source-stand-in.ts";
import { weekly } from "./helpers/valet-observations.ts";

const RATES = "index-data/mortgage-rates.json";

/** What the stand-in Valet API answers next: a status, a content type and a body. */
let answer: Answer;

const json = (body: string) => ({ status: 200, type: "application/json", body });

const valet = serveSource(() => answer);

const update = (root: string, today: string, ...args: string[]) =>
  runScript("src/cli/index-update.ts", ["--root", root, "--only", "rates", ...args], {
    env: { FACTS_TODAY: today, INDEX_SOURCES_BANK_OF_CANADA: `${valet.origin}/valet` },
  });

describe("the month's rate from the weekly series", () => {
  it("is the last Wednesday's observation, and a month without it is a gap", () => {
    expect(["2024-10", "2025-02", "2026-11", "2024-01"].map(lastWednesdayOf)).toEqual([
      "2024-10-30",
      "2025-02-26",
      "2026-11-25",
      "2024-01-31",
    ]);
    const rates = monthlyRates(
      JSON.parse(
        weekly("2023-03-29", (date) => (date === "2023-02-22" ? undefined : date === "2023-03-29" ? "6.49" : "5.00")),
      ),
    );
    expect(rates).toEqual([
      { month: "2023-01", rate: 0.05, observed: "2023-01-25" },
      { month: "2023-03", rate: 0.0649, observed: "2023-03-29" },
    ]);
  });
});

describe("npm run index:update", () => {
  it("writes the official month values with their citations, reports what it did, and a second run changes nothing", async () => {
    const root = await indexDataWorkspace();
    // Start from five months on file (all 6.49%), so the months the Bank adds and the ones it re-sources can be
    // counted.
    const seeded = JSON.parse(await readFile(path.join(root, RATES), "utf8"));
    seeded.months = seeded.months.filter((entry: { month: string }) =>
      ["2023-03", "2024-10", "2025-01", "2025-02", "2025-04"].includes(entry.month),
    );
    await writeFile(path.join(root, RATES), `${JSON.stringify(seeded, null, 2)}\n`);
    const before = JSON.parse(await readFile(path.join(root, RATES), "utf8"));
    // 6.49% until 2025-05-13, then 6.09%; the week of 2024-06-26 (June's last Wednesday) has no observation.
    answer = json(
      weekly("2025-06-25", (date) => (date === "2024-06-26" ? undefined : date < "2025-05-14" ? "6.49" : "6.09")),
    );
    valet.requested.length = 0;
    const first = await update(root, "2026-11-27");
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(valet.requested).toEqual(["/valet/observations/V80691335/json?start_date=2023-01-01"]);

    const after = JSON.parse(await readFile(path.join(root, RATES), "utf8"));
    const months = after.months.map((entry: { month: string }) => entry.month);
    expect(months).toContain("2023-01");
    expect(months).toContain("2025-06");
    expect(months).not.toContain("2024-06");
    expect(months).toHaveLength(29);
    const october = after.months.find((entry: { month: string }) => entry.month === "2024-10");
    expect(october).toEqual({
      month: "2024-10",
      rate: 0.0649,
      citation: expect.objectContaining({
        url: "https://www.bankofcanada.ca/valet/observations/V80691335/json?start_date=2024-10-30&end_date=2024-10-30",
        org: "bank-of-canada",
        kind: "official",
        retrieved_iso: "2026-11-27",
      }),
    });
    expect(after.months.find((entry: { month: string }) => entry.month === "2025-06").rate).toBe(0.0609);
    // The months on file were 6.49% from other sources: the same values, now from the Bank.
    const onFile = before.months.map((entry: { month: string }) => entry.month);
    expect(first.stdout).toContain(`same value, new source: ${onFile.join(", ")}`);
    expect(first.stdout).toContain(`rates: ${29 - onFile.length} new month(s), 0 revised, ${onFile.length} re-sourced`);
    const check = await runCheck(root, "2026-11-27");
    expect(check.stdout).not.toContain("index-data/");

    const text = await readFile(path.join(root, RATES), "utf8");
    const modified = (await stat(path.join(root, RATES))).mtimeMs;
    const again = await update(root, "2026-12-01");
    expect(again.stdout.trim()).toBe("rates: nothing new");
    expect(await readFile(path.join(root, RATES), "utf8")).toBe(text);
    expect((await stat(path.join(root, RATES))).mtimeMs).toBe(modified);
  });

  it("reports a revised month with its old and new value, and dates only the changed month with today", async () => {
    const root = await indexDataWorkspace();
    answer = json(weekly("2023-03-29", () => "6.49"));
    expect((await update(root, "2026-11-27")).code).toBe(0);
    answer = json(weekly("2023-03-29", (date) => (date === "2023-01-25" ? "6.59" : "6.49")));
    const proposal = path.join(root, "proposal");
    const revised = await update(root, "2026-12-20", "--pull-request", proposal);
    expect(revised.stdout).toContain("revised 2023-01: 6.49% → 6.59%");
    // The monthly workflow's pull request names the month and shows the index the revised input gives.
    expect(await readFile(path.join(proposal, "title.txt"), "utf8")).toBe("Affordability index inputs for 2023-01\n");
    const body = await readFile(path.join(proposal, "body.md"), "utf8");
    expect(body).toContain("### rates\n\n- revised 2023-01: 6.49% → 6.59%\n");
    expect(body).toMatch(/\| greater-vancouver \| 2023-01 \| \d+ \|/);
    // CREA's terms are not yet recorded as read, so the reviewer is asked to confirm them before merging.
    expect(body).toContain("### Before merging\n\n- [ ] The terms of use of ");
    expect(readAsGitHub(body).visible).toContain(
      "The terms of use of The Canadian Real Estate Association (CREA), MLS® Home Price Index archive",
    );
    const after = JSON.parse(await readFile(path.join(root, RATES), "utf8"));
    const retrieved = Object.fromEntries(
      after.months.map((entry: { month: string; citation: { retrieved_iso: string } }) => [
        entry.month,
        entry.citation.retrieved_iso,
      ]),
    );
    expect(retrieved["2023-01"]).toBe("2026-12-20");
    expect(retrieved["2023-02"]).toBe("2026-11-27");
  });

  it.each([
    [
      "an HTML error page",
      { status: 200, type: "text/html", body: "<!doctype html><title>Maintenance</title>" },
      "answered text/html, not JSON",
    ],
    ["a server error", { status: 503, type: "text/plain", body: "busy" }, "answered 503"],
    [
      "truncated JSON",
      { status: 200, type: "application/json", body: '{"observations": [{"d": "2023-01-04", "V8069' },
      "not JSON",
    ],
    [
      "a non-numeric value",
      json(weekly("2023-02-22", (date) => (date === "2023-01-25" ? "n/a" : "6.49"))),
      'V80691335 on 2023-01-25 is "n/a", not a percentage',
    ],
    [
      "a document of another shape",
      json(JSON.stringify({ message: "series not found" })),
      "not a Valet observations document",
    ],
    [
      "no observation of the series",
      json(JSON.stringify({ observations: [{ d: "2023-01-04" }] })),
      "has no observation of V80691335",
    ],
  ])("fails on %s, naming the source and what was wrong, and writes nothing", async (_name, served, reason) => {
    const root = await indexDataWorkspace();
    const before = await readFile(path.join(root, RATES), "utf8");
    answer = served;
    const result = await update(root, "2026-11-27");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("index:update failed: Bank of Canada Valet: ");
    expect(result.stderr).toContain(reason);
    expect(await readFile(path.join(root, RATES), "utf8")).toBe(before);
  });

  it("says income is held at the census value, and refuses a source name it does not know", async () => {
    const root = await indexDataWorkspace();
    expect((await update(root, "2026-11-27", "--only", "income")).stdout).toContain(
      "income: held at the census value (income year 2020) for every month",
    );
    expect((await update(root, "2026-11-27", "--only", "rats")).stderr).toContain(
      '--only takes rates, prices, income, got "rats"',
    );
  });
});
