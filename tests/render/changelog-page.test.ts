import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildModel, writeSite } from "../../src/build/build-model.ts";
import { runChecks } from "../../src/check/run-checks.ts";
import { renderSite } from "../../src/render/render-site.ts";
import { factValue } from "../helpers/fact-values.ts";
import { createGitRepo } from "../helpers/git-repo.ts";
import { hasChromium, launchChromium } from "./browser.ts";
import { type StaticServer, startStaticServer } from "./serve-directory.ts";

const TODAY = "2026-11-21";
const FEE = "bc.strata.form_b_fee";
const HBRP = "bc.hbrp";
const PDS = "bc.pds";
const SOURCE = "Source: BC Ministry of Finance, Example, https://www2.gov.bc.ca/gov/content/example";

/**
 * A catalog recorded in 2026 whose rules took effect years before: the Form B fee from 2016, raised in 2018 (a note in
 * the present, "now"), corrected the same year, raised again in 2024; the rescission period from 2023, still in force;
 * and the disclosure statement from 2016, withdrawn in 2026. Every commit is dated January 1, 2026 (the helper's clock).
 */
const catalogRecordedLate = async () => {
  const repo = await createGitRepo();
  const fee = (version: number, effective: string, maxFee: number) =>
    repo.writeFact({
      id: FEE,
      domain: "strata",
      unit: "object",
      version,
      effective_iso: effective,
      retrieved_iso: "2026-11-01",
      value: factValue(FEE, { max_fee: maxFee }),
    });
  await fee(1, "2016-08-02", 35);
  await repo.commit(`Add ${FEE}\n\n${SOURCE}\nImpact: Buyers pay at most $35 for a Form B.`);
  await repo.writeFact({
    id: HBRP,
    domain: "legal",
    unit: "object",
    value: factValue(HBRP),
    effective_iso: "2023-01-03",
  });
  await repo.commit(`Add ${HBRP}\n\n${SOURCE}\nImpact: Buyers may rescind an accepted offer within 3 business days.`);
  await repo.writeFact({
    id: PDS,
    domain: "legal",
    unit: "object",
    value: factValue(PDS),
    effective_iso: "2016-01-11",
  });
  await repo.commit(`Add ${PDS}\n\n${SOURCE}\nImpact: Sellers now answer a disclosure statement.`);
  await fee(2, "2018-02-21", 40);
  await repo.commit(`${FEE} v2\n\n${SOURCE}\nImpact: Buyers now pay at most $40 for a Form B.`);
  await fee(3, "2018-02-21", 42);
  await repo.commit(`${FEE} v3: the 2018 fee corrected\n\n${SOURCE}\nImpact: Buyers now pay at most $42 for a Form B.`);
  await fee(4, "2024-01-01", 45);
  await repo.commit(`${FEE} v4\n\n${SOURCE}\nImpact: Buyers pay at most $45 for a Form B.`);
  // The fee before the first version, recorded from its source in the fact's file.
  const file = repo.factPath(FEE, "strata");
  const { superseded_by, ...current } = await repo.readJson(file);
  await repo.writeJson(file, {
    ...current,
    earlier: [
      {
        effective_iso: "2012-01-01",
        superseded_iso: "2016-08-02",
        value: factValue(FEE, { max_fee: 15 }),
        citations: [
          {
            url: "https://www.bclaws.gov.bc.ca/civix/document/id/complete/statreg/43_2000",
            org: "bc-kings-printer",
            kind: "official",
            retrieved_iso: "2026-11-01",
            quote: "The strata corporation may charge a fee for the information certificate.",
          },
        ],
        note: "The cap before the first recorded version.",
      },
    ],
    superseded_by,
  });
  await repo.commit(`Record the Form B fee before version 1\n\n${SOURCE}`);
  await repo.writeJson(repo.factPath(PDS, "legal"), {
    ...(await repo.readJson(repo.factPath(PDS, "legal"))),
    withdrawn_iso: "2026-06-30",
    withdrawn_reason: "The form is no longer published.",
  });
  await repo.commit("Withdraw bc.pds");
  return repo;
};

describe("the change log page", () => {
  let out: string;
  let server: StaticServer;
  let browser: Browser | undefined;

  beforeAll(async () => {
    const repo = await catalogRecordedLate();
    expect((await runChecks(repo.root, { today: TODAY })).problems).toEqual([]);
    server = await startStaticServer();
    // Kept for every test of the file (tempDir's folders go after each test).
    out = await mkdtemp(path.join(os.tmpdir(), "facts-changelog-"));
    await writeSite(renderSite(await buildModel(repo.root, { baseUrl: server.url, today: TODAY })), out);
    server.serve(out);
    if (hasChromium()) browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await rm(out, { recursive: true, force: true });
  });

  /** Each version as a reader sees it: its heading, status, note and the line that says when it was recorded. */
  const entriesAt = async (width: number) => {
    if (browser === undefined) throw new Error("Debian's chromium is needed at /usr/bin/chromium for this test");
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    await page.goto(`${server.url}/changelog.html`);
    const entries = await page.locator("li.change").evaluateAll((items) =>
      items.map((item) => ({
        when: item.querySelector(".change-when")?.textContent,
        fact: item.querySelector(".change-fact")?.textContent,
        status: item.querySelector(".change-status")?.textContent,
        rule: item.querySelector(".change-rule")?.textContent,
        note: item.querySelector(".change-note")?.textContent,
        recorded: item.querySelector(".change-meta")?.textContent?.split(" · ")[0],
      })),
    );
    const years = await page.locator(".changelog-year > h2").allTextContents();
    const widths = (await page.evaluate(
      `({ page: document.documentElement.scrollWidth, viewport: document.documentElement.clientWidth, widest: Math.max(...[...document.querySelectorAll("main *")].map((node) => node.getBoundingClientRect().right)) })`,
    )) as { page: number; viewport: number; widest: number };
    await page.close();
    return { entries, years, widths };
  };

  it("groups every period by the year it took effect, newest first, each with its own rule, when it was recorded and whether it is still in force", async () => {
    const { entries, years } = await entriesAt(1280);
    expect(years).toEqual([
      "Took effect in 2024",
      "Took effect in 2023",
      "Took effect in 2018",
      "Took effect in 2016",
      "Took effect in 2012",
    ]);
    // Each period's rule carries that period's own fee, whatever the fee is today.
    const fee = (amount: number) =>
      `Most the strata may charge for the Form B: $${amount}; Form B must be given within (after a request): 7 days; Most the strata may charge per page of copies: $0.25`;
    expect(entries).toEqual([
      {
        when: "From January 1, 2024",
        fact: `Label of ${FEE}`,
        status: "In force",
        rule: `The rule: ${fee(45)}`,
        note: "Note recorded with version 4: Buyers pay at most $45 for a Form B.",
        recorded: "Recorded on January 1, 2026",
      },
      {
        when: "From January 3, 2023",
        fact: `Label of ${HBRP}`,
        status: "In force",
        rule: "The rule: Time to cancel (rescission period): 3 business days; Amount payable to rescind, as a share of the price: 0.25%; Can be waived: no",
        note: "Note recorded with version 1: Buyers may rescind an accepted offer within 3 business days.",
        recorded: "Recorded on January 1, 2026",
      },
      // Two versions took effect on one day: the later recorded (the correction) first. A note written in the present
      // ("now pay") stands as it was written, beside the status that says it is no longer the rule and the rule then.
      {
        when: "Took effect February 21, 2018",
        fact: `Label of ${FEE}`,
        status: "No longer in force (superseded January 1, 2024)",
        rule: `The rule then: ${fee(42)}`,
        note: "Note recorded with version 3: Buyers now pay at most $42 for a Form B.",
        recorded: "Recorded on January 1, 2026",
      },
      {
        when: "Took effect February 21, 2018",
        fact: `Label of ${FEE}`,
        status: "Not the current version (corrected by version 3, recorded January 1, 2026)",
        rule: `As version 2 recorded it: ${fee(40)}`,
        note: "Note recorded with version 2: Buyers now pay at most $40 for a Form B.",
        recorded: "Recorded on January 1, 2026",
      },
      {
        when: "Took effect August 2, 2016",
        fact: `Label of ${FEE}`,
        status: "No longer in force (superseded February 21, 2018)",
        rule: `The rule then: ${fee(35)}`,
        note: "Note recorded with version 1: Buyers pay at most $35 for a Form B.",
        recorded: "Recorded on January 1, 2026",
      },
      {
        when: "Took effect January 11, 2016",
        fact: `Label of ${PDS} (withdrawn)`,
        status: "No longer in force (withdrawn June 30, 2026)",
        rule: "The rule then: Required by law: no; Filled in by: seller; Answers bind only if made part of the purchase contract: yes",
        note: "Note recorded with version 1: Sellers now answer a disclosure statement.",
        recorded: "Recorded on January 1, 2026",
      },
      // The period before the first version, recorded later from its source, ended when version 1 took effect.
      {
        when: "Took effect January 1, 2012",
        fact: `Label of ${FEE}`,
        status: "No longer in force (superseded August 2, 2016)",
        rule: `The rule then: ${fee(15)}`,
        note: "Note: The cap before the first recorded version.",
        recorded: "Recorded from its sources on January 1, 2026, as the rule before the first version",
      },
    ]);
  });

  it("links each period to its own section of the fact's page", async () => {
    const html = await readFile(path.join(out, "changelog.html"), "utf8");
    for (const anchor of ["v4", "v3", "v2", "v1", "earlier-2012-01-01"])
      expect(html).toContain(`${FEE}.html#${anchor}"`);
  });

  it("reads at 375 px without sideways scrolling, every version in full", async () => {
    const { entries, widths } = await entriesAt(375);
    expect(entries).toEqual((await entriesAt(1280)).entries);
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    expect(widths.widest).toBeLessThanOrEqual(widths.viewport);
  });
});
