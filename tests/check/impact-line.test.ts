import { describe, expect, it } from "vitest";
import { impactLineProblem } from "../../src/check/rules.ts";

describe("an Impact: line as a public note", () => {
  it("accepts a sentence, a number alone and exactly 500 characters", () => {
    expect(impactLineProblem("Landlords may raise rent by at most 2.3% in 2026.")).toBeUndefined();
    expect(impactLineProblem("2.3%")).toBeUndefined();
    expect(impactLineProblem(`Buyers ${"x".repeat(493)}`)).toBeUndefined();
  });

  it("refuses no word, more than 500 characters and a character the text rule refuses", () => {
    for (const wordless of [".", "-", "… —"])
      expect(impactLineProblem(wordless)).toBe(
        "has no word (a run of letters or digits): say who is affected and how in one sentence",
      );
    expect(impactLineProblem(`Buyers ${"x".repeat(494)}`)).toBe(
      "has 501 characters, more than the 500 a public note may have: say who is affected and how in one sentence",
    );
    expect(impactLineProblem("Buyers pay\u0007 more.")).toMatch(
      /^holds a character the text rule refuses: U\+0007 is a control character/,
    );
    expect(impactLineProblem("Buyers pay \u2066more.")).toMatch(
      /^holds a character the text rule refuses: U\+2066 is a bidirectional control/,
    );
  });
});
