import { describe, expect, it } from "vitest";
import { nearestName } from "../../src/lib/nearest-name.ts";

const IDS = ["bc-government", "bcfsa", "bc-ministry-of-finance", "bc-ministry-of-housing", "bank-of-canada", "cmhc"];

describe("nearestName, the one suggestion for a name that is none of the candidates", () => {
  it("prefers shared words and their starts to fewer edits", () => {
    // "bcfsa" is fewer edits from "bc-govt" than "bc-government" is, but shares none of its words.
    expect(nearestName("bc-govt", IDS)).toBe("bc-government");
    expect(nearestName("BC Gov", IDS)).toBe("bc-government");
    expect(nearestName("bc-ministery-of-finance", IDS)).toBe("bc-ministry-of-finance");
    expect(nearestName("bank-of-canda", IDS)).toBe("bank-of-canada");
  });

  it("prefers a candidate the input begins, and falls back to edit distance when no word is shared", () => {
    expect(nearestName("cmh", IDS)).toBe("cmhc");
    expect(nearestName("bcfsaa", IDS)).toBe("bcfsa");
    expect(nearestName("zmhc", IDS)).toBe("cmhc");
  });

  it("suggests nothing when there is no candidate", () => {
    expect(nearestName("bc-govt", [])).toBeUndefined();
  });
});
