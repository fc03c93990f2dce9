import { describe, expect, it } from "vitest";
import { notesProblem } from "../../src/check/rules.ts";

describe("notes written for the API's readers", () => {
  it.each([
    ["Official CRA page. The version read predates royal assent.", "version read"],
    ["Aggregator page; the edition read covers November 2024.", "edition read"],
    ["The Bank's terms of use, read in a copy of the page's text.", "read in a copy"],
    ["The licence's attribution clause, read in faithful copies of the licence text.", "read in faithful copies"],
    ["Official backgrounder announcing the rates; no enacting text was found.", "no enacting text was found"],
    ["Official page. The 2016 rates were not seen in the stored copy.", "were not seen"],
    ["Law-firm summary of the order; the order's own text was not read.", "was not read"],
    ["News report of the 2024 release. No official 2024 text was read.", "No official 2024 text was read"],
  ])("refuses notes about the research: %s", (notes, phrase) => {
    expect(notesProblem(notes)).toContain(`("${phrase}")`);
  });

  it.each([
    "Official CRA page. As retrieved, it predates royal assent and calls the change proposed (Bill C-15).",
    "The Bank's terms of use, cited from a copy of the page's text dated 2024-05-11, which independent copies match word for word.",
    "Regulator newsletter quoting the definition; the tribunal found the seller liable.",
    "Landlord association guide quoting Residential Tenancy Regulation s. 22 as it then read (inflation + 2%).",
  ])("accepts notes about the source: %s", (notes) => {
    expect(notesProblem(notes)).toBeUndefined();
  });
});
