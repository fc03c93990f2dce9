import { describe, expect, it } from "vitest";
import {
  likelyPercent,
  readAmountOrShare as readAmountOrShareIn,
  readNumber as readNumberIn,
} from "../../site/calculators/read-number.ts";
import { englishWords } from "../../src/i18n/words-files.ts";

// The problems are said in the page's words: the English page's, here.
const readNumber = (typed: string, percent: boolean) => readNumberIn(typed, percent, englishWords());
const readAmountOrShare = (typed: string) => readAmountOrShareIn(typed, englishWords());

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

  it("never reads a percentage as dollars: an amount field refuses it, an amount-or-share field takes it as a share", () => {
    // "10%" as a down payment was once read as $10.
    expect(readNumber("10%", false)).toEqual({
      problem: "“10%” is a percentage: enter an amount in dollars, for example 650000.",
    });
    expect(readAmountOrShare("10%")).toEqual({ share: 0.1 });
    expect(readAmountOrShare("12,5 %")).toEqual({ share: 0.125 });
    expect(readAmountOrShare("$115,000")).toEqual({ amount: 115_000 });
    expect(readAmountOrShare("")).toBeUndefined();
    expect(readAmountOrShare("150%")).toEqual({
      problem: "Enter a percentage from 0 to 100%, or an amount in dollars.",
    });
  });

  it("suggests the percentage a rate below 1% most likely meant, and nothing for 0 or 1% and more", () => {
    expect(likelyPercent(0.0449)).toBe(4.49);
    expect(likelyPercent(0.05)).toBe(5);
    expect(likelyPercent(0)).toBeUndefined();
    expect(likelyPercent(1)).toBeUndefined();
    expect(likelyPercent(4.49)).toBeUndefined();
  });
});
