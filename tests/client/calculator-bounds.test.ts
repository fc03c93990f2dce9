import { describe, expect, it } from "vitest";
import { everyCalculator, sweep } from "../../bench/calculator-sweep.ts";
import { withFacts } from "../helpers/fact-fixture.ts";
import { MORTGAGE_RULES } from "./mortgage-rules.ts";
import { TAX_FIXTURES } from "./tax-fixtures.ts";

// Every calculator of the client over values no caller should be able to break it with: each option in turn at and
// past its bounds, of the wrong type, hostile (a BigInt, a circular object, a list of 10,000 lines, a string of
// 100,000 characters), real dates from 0001-01-01 to 9999-12-31, unknown option names up to 4,000,000 characters and
// options that are not an object. Each call must answer (with no -0, Infinity or NaN anywhere in its result) or refuse
// with a CalculatorError, within 50 ms. The rules are the ones the tests state (fixtures), not the live facts.

const RULES = withFacts(MORTGAGE_RULES, ...(TAX_FIXTURES.facts as never[]));
const ON = "2026-06-01";

describe("every calculator over extreme and hostile inputs", () => {
  it("answers or refuses each call with a CalculatorError within 50 ms, never with -0, Infinity or NaN", () => {
    const calculators = everyCalculator(ON);
    for (const calculator of calculators) calculator.run(RULES, calculator.options);
    const report = sweep(RULES, calculators);
    console.log(
      `calculator sweep: ${report.calls} calls; slowest ${report.slowest.name} with ${report.slowest.option} = ${report.slowest.value}: ${report.slowest.ms.toFixed(2)} ms`,
    );
    expect(report.faults).toEqual([]);
    expect(report.calls).toBeGreaterThan(3_000);
    expect(report.slowest.ms).toBeLessThan(50);
  });
});
