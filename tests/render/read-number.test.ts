import { describe, expect, it } from "vitest";
import { readNumber } from "../../site/calculators/read-number.ts";

describe("how the calculators page reads a number a person typed", () => {
  it.each([
    ["650000", false, 650000],
    ["$650,000", false, 650000],
    ["650 000", false, 650000],
    ["650\u00a0000,50", false, 650000.5],
    ["650 000.50", false, 650000.5],
    ["1,234,567.89", false, 1234567.89],
    ["1.234.567,89", false, 1234567.89],
    ["4,5", true, 4.5],
    ["4.5", true, 4.5],
    ["4,50 %", true, 4.5],
    ["0,25", true, 0.25],
    [".5", true, 0.5],
    ["-0", false, undefined],
  ])("reads %j (percent: %s) as %d", (typed, percent, expected) => {
    if (expected === undefined)
      expect(readNumber(typed, percent)).toEqual({ problem: "Enter an amount of 0 or more." });
    else expect(readNumber(typed, percent)).toBe(expected);
  });

  it("never reads a decimal comma as a thousands separator", () => {
    // "4,5" was once read as 45 and "650 000,50" as 65,000,050.
    expect(readNumber("4,5", true)).toBe(4.5);
    expect(readNumber("650 000,50", false)).toBe(650000.5);
  });

  it("refuses what could be read two ways, and what is not a number, in words", () => {
    expect(readNumber("4,125", true)).toEqual({
      problem: "“4,125” could be read two ways: write it with a point (for example 4.125).",
    });
    for (const typed of ["1,2,3", "0x10", "1e6", "4,5,6", "65 00", "1.234,5.6", "12abc"])
      expect(readNumber(typed, false)).toEqual({ problem: `“${typed}” is not a number.` });
    expect(readNumber("   ", false)).toBeUndefined();
  });
});
