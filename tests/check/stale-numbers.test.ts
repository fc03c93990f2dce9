import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { proseNumbers, states } from "../../src/check/check-against-base.ts";
import { factValue } from "../helpers/fact-values.ts";
import { createGitRepo, factJson } from "../helpers/git-repo.ts";
import { runCheck } from "../helpers/run-script.ts";

const TODAY = "2026-11-21";
const ID = "bc.strata.form_b_fee";
const FILE = `facts/strata/${ID}.json`;

const written = (text: string) => proseNumbers(text).map((number) => number.text);

describe("numbers in prose", () => {
  it("reads the usual written forms of a number", () => {
    expect(proseNumbers("at most $35 plus $0.25 a page, $1,000 or 2.3% or 0.25 per cent, $2.075 million")).toEqual([
      { text: "$35", amount: 35, percent: false, earlier: false },
      { text: "$0.25", amount: 0.25, percent: false, earlier: false },
      { text: "$1,000", amount: 1000, percent: false, earlier: false },
      { text: "2.3%", amount: 2.3, percent: true, earlier: false },
      { text: "0.25 per cent", amount: 0.25, percent: true, earlier: false },
      { text: "$2.075 million", amount: 2075000, percent: false, earlier: false },
    ]);
  });

  it("leaves out years, dates and references to provisions", () => {
    expect(
      written(
        "From January 1, 2026 (2026-01-01) under s. 14 and ss. 12(12), section 565.03, Part 3, Bill 44, B.C. Reg. 57/2020, SOR/2022-250, S.C. 2024, c. 17, by 31 July … 3 Subsection 3(2) is repealed.",
      ),
    ).toEqual([]);
  });

  it("marks a figure given as the earlier one of a change", () => {
    expect(proseNumbers("The fee is $40, up from $35.").map((number) => [number.text, number.earlier])).toEqual([
      ["$40", false],
      ["$35", true],
    ]);
    expect(proseNumbers("in 2024 they were exempt only above $3,000,000")[0]?.earlier).toBe(true);
  });

  it("matches a value as itself or as a rate written in percent", () => {
    const [dollars, bare, percent, thousand] = proseNumbers("$35, 35, 2.3%, $1,000");
    expect(states(dollars!, 35)).toBe(true);
    expect(states(bare!, 0.35)).toBe(true);
    expect(states(percent!, 0.023)).toBe(true);
    expect(states(thousand!, 1000)).toBe(true);
    expect(states(dollars!, 40)).toBe(false);
    expect(states(percent!, 2.4)).toBe(false);
  });
});

describe("the stale-number warning of npm run check", () => {
  /**
   * A repository whose main branch holds v1 of the Form B fee at $35, and a branch where the fee moves to $40. The
   * value has the fact's real shape (its value schema refuses anything else), so the fee is its `max_fee`.
   */
  const revisedRepo = async (description: string, quote: string) => {
    const repo = await createGitRepo();
    const v1 = factJson({ id: ID, domain: "strata", unit: "object", value: factValue(ID, { max_fee: 35 }) });
    const citation = {
      ...(v1.citations as Record<string, unknown>[])[0]!,
      quote: "The fee is at most $35 for the certificate.",
    };
    await repo.writeJson(FILE, {
      ...v1,
      description: "A strata corporation may charge at most $35 for a Form B, under s. 59 of the Act.",
      citations: [citation],
    });
    await repo.commit(`${ID} v1: Form B fee capped at $35`);
    await repo.git("checkout", "-q", "-b", "fee-40");
    const v2 = factJson({
      id: ID,
      domain: "strata",
      unit: "object",
      value: factValue(ID, { max_fee: 40 }),
      version: 2,
      effective_iso: "2026-01-01",
    });
    await repo.writeJson(FILE, { ...v2, description, citations: [{ ...citation, quote }] });
    await repo.commit(
      `${ID} v2: Form B fee capped at $40\n\nSource: https://www2.gov.bc.ca/gov/content/example\nImpact: Buyers pay up to $40 for a Form B.`,
    );
    const result = await runCheck(repo.root, TODAY);
    return { ...result, written: await readFile(path.join(repo.root, FILE), "utf8") };
  };

  it("warns of the old fee left in the description and in a quote of a committed revision, naming the fact, the number and the field, and passes", async () => {
    const result = await revisedRepo(
      "A strata corporation may charge at most $35 for a Form B, under s. 59 of the Act.",
      "The fee is at most $35 for the certificate.",
    );
    const warnings = result.stdout.split("\n").filter((line) => line.includes("[stale-number]"));
    // The quote's line depends on the length of the value written above it, so it is read from the written file.
    const quoteLine = result.written.split("\n").findIndex((line) => line.startsWith('      "quote": ')) + 1;
    expect(quoteLine).toBeGreaterThan(0);
    expect(warnings).toEqual([
      `${FILE}:4:3: warning: ${ID}: description says "$35", which stated 35 in the value of v1 and matches nothing in the value of v2; update the text if it still gives the old figure (at /description) [stale-number]`,
      `${FILE}:${quoteLine}:7: warning: ${ID}: the quote of citations[0] (bc-ministry-of-finance) says "$35", which stated 35 in the value of v1 and matches nothing in the value of v2; update the text if it still gives the old figure (at /citations/0/quote) [stale-number]`,
    ]);
    expect(result.stdout.trimEnd().split("\n").at(-1)).toBe(
      "ok: 1 fact files and 0 index-data files checked, no problems",
    );
    expect(result.code).toBe(0);
  });

  it("says nothing once the description and the quote give the new fee, or recall the old one as such", async () => {
    const result = await revisedRepo(
      "A strata corporation may charge at most $40 for a Form B (up from $35 before 2026), under s. 59 of the Act.",
      "The fee is at most $40 for the certificate.",
    );
    expect(result.stdout).not.toContain("[stale-number]");
    expect(result.code).toBe(0);
  });
});
