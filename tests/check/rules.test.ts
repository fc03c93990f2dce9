import { describe, expect, it } from "vitest";
import { CHECK_RULES, FACT_RULES } from "../../src/check/rules.ts";
import { CASES } from "./cases.ts";

describe("the check's rules", () => {
  it("each have a unique kebab-case name, a level and a one-sentence description", () => {
    const names = CHECK_RULES.map((rule) => rule.name);
    expect(new Set(names).size).toBe(names.length);
    for (const rule of CHECK_RULES) {
      expect(rule.name).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(["error", "warning"]).toContain(rule.level);
      expect(rule.description).toMatch(/^[A-Za-z`].{20,}\.$/);
    }
    for (const rule of FACT_RULES) expect(names).toContain(rule.name);
  });

  it("name every problem the check reports, with a rule it lists", () => {
    const names = new Set(CHECK_RULES.map((rule) => rule.name));
    const reported = Object.values(CASES)
      .flat()
      .map((line) => /\[([a-z-]+)\]$/.exec(line)?.[1]);
    expect(reported.filter((name) => name === undefined || !names.has(name))).toEqual([]);
    // The broken fixtures reach most rules, so a rule that stopped naming its problems would show here.
    expect(new Set(reported).size).toBe(13);
  });
});
