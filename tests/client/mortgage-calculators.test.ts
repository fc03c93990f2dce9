import { beforeAll, describe, expect, it } from "vitest";
import {
  amortizationSchedule,
  CalculatorError,
  type FactCatalog,
  maxPrincipal,
  minimumDownPayment,
  monthlyPayment,
  mortgagePayment,
  qualifyingRate,
} from "../../packages/client/src/index.ts";
import { publishedFacts, withValue } from "./published-facts.ts";

let catalog: FactCatalog;
beforeAll(async () => {
  ({ catalog } = await publishedFacts());
});

describe("minimumDownPayment, from cmhc.insurance_cap", () => {
  it.each([
    [400_000, 20_000, true],
    [500_000, 25_000, true],
    [750_000, 50_000, true],
    [1_000_000, 75_000, true],
    [1_499_999, 124_999.9, true],
    [1_500_000, 300_000, false],
    [2_000_000, 400_000, false],
  ])("$%d needs at least %d down (insurable: %s)", (price, minimum, insurable) => {
    const result = minimumDownPayment(catalog, price);
    expect(result).toMatchObject({ minimum, insurable });
    expect(result.citations[0]).toMatchObject({
      fact_id: "cmhc.insurance_cap",
      canonical_url: expect.stringContaining("cmhc.insurance_cap"),
    });
  });

  it("follows the fact's cap and brackets", () => {
    const lowerCap = withValue(catalog, "cmhc.insurance_cap", (value) => ({
      ...(value as object),
      insured_price_cap_exclusive: 1_000_000,
    }));
    expect(minimumDownPayment(lowerCap, 1_200_000)).toMatchObject({ minimum: 240_000, insurable: false });
  });

  it("refuses a negative price", () => {
    expect(() => minimumDownPayment(catalog, -5)).toThrow(CalculatorError);
  });
});

describe("qualifyingRate, from osfi.b20.stress_test", () => {
  it.each([
    [0.0299, 0.0525, "floor"],
    [0.0325, 0.0525, "contract-plus-buffer"],
    [0.045, 0.065, "contract-plus-buffer"],
    [0.0579, 0.0779, "contract-plus-buffer"],
  ])("a contract rate of %d qualifies at %d (%s)", (contract, rate, rule) => {
    expect(qualifyingRate(catalog, contract)).toMatchObject({ rate, rule, buffer_rate: 0.02, floor_rate: 0.0525 });
  });

  it("follows the fact's floor and buffer", () => {
    const changed = withValue(catalog, "osfi.b20.stress_test", (value) => ({
      ...(value as object),
      floor_rate: 0.06,
      buffer_rate: 0.01,
    }));
    expect(qualifyingRate(changed, 0.045)).toMatchObject({ rate: 0.06, rule: "floor" });
    expect(qualifyingRate(changed, 0.055)).toMatchObject({ rate: 0.065, rule: "contract-plus-buffer" });
  });

  it("refuses a rate written as a percentage", () => {
    expect(() => qualifyingRate(catalog, 4.5)).toThrow("contractRate must be a fraction");
  });
});

describe("monthlyPayment, with Canadian semi-annual compounding", () => {
  it("equals the annuity payment at the monthly rate equivalent to the semi-annually compounded quoted rate", () => {
    const principal = 800_000;
    const effectiveAnnual = (1 + 0.05 / 2) ** 2;
    const monthly = effectiveAnnual ** (1 / 12) - 1;
    const expected = (principal * monthly) / (1 - (1 + monthly) ** -(25 * 12));
    expect(monthlyPayment({ principal, annualRate: 0.05, amortizationYears: 25 })).toBeCloseTo(expected, 2);
  });

  it("pays less than monthly compounding at the same quoted rate would", () => {
    const monthly = 0.05 / 12;
    const monthlyCompounded = (800_000 * monthly) / (1 - (1 + monthly) ** -300);
    expect(monthlyPayment({ principal: 800_000, annualRate: 0.05, amortizationYears: 25 })).toBeLessThan(
      monthlyCompounded,
    );
  });

  it("divides the principal evenly at a zero rate", () => {
    expect(monthlyPayment({ principal: 300_000, annualRate: 0, amortizationYears: 25 })).toBe(1_000);
  });

  it.each([
    [{ principal: -1, annualRate: 0.05, amortizationYears: 25 }, "principal"],
    [{ principal: 1, annualRate: 5, amortizationYears: 25 }, "annualRate"],
    [{ principal: 1, annualRate: 0.05, amortizationYears: 0 }, "amortizationYears"],
  ])("refuses %j", (options, name) => {
    expect(() => monthlyPayment(options)).toThrow(name);
  });
});

/** The annuity payment at n payments a year, the quoted rate compounded semi-annually, written out here on its own. */
const annuity = (principal: number, annualRate: number, years: number, perYear: number) => {
  const rate = (1 + annualRate / 2) ** (2 / perYear) - 1;
  return (principal * rate) / (1 - (1 + rate) ** -(perYear * years));
};

describe("mortgagePayment at each frequency, against the closed-form annuity with semi-annual compounding", () => {
  it.each([
    ["monthly", 12],
    ["semi-monthly", 24],
    ["biweekly", 26],
    ["weekly", 52],
  ] as const)("%s: %d payments a year", (frequency, perYear) => {
    const result = mortgagePayment({ principal: 500_000, annualRate: 0.05, amortizationYears: 25, frequency });
    expect(result.payment).toBeCloseTo(annuity(500_000, 0.05, 25, perYear), 2);
    expect(result).toMatchObject({ frequency, payments_per_year: perYear, payments_to_repay: perYear * 25 });
  });

  it.each([
    ["accelerated-biweekly", 2, 26],
    ["accelerated-weekly", 4, 52],
  ] as const)("%s: the monthly payment divided by %d, repaying sooner", (frequency, divisor, perYear) => {
    const result = mortgagePayment({ principal: 500_000, annualRate: 0.05, amortizationYears: 25, frequency });
    expect(result.payment).toBeCloseTo(annuity(500_000, 0.05, 25, 12) / divisor, 2);
    expect(result.payments_per_year).toBe(perYear);
    expect(result.payments_to_repay).toBeLessThan(perYear * 25);
    // The loan is repaid when the payments' present value at the periodic rate reaches the principal.
    const rate = (1 + 0.05 / 2) ** (2 / perYear) - 1;
    const presentValue = (count: number) => (result.payment * (1 - (1 + rate) ** -count)) / rate;
    expect(presentValue(result.payments_to_repay)).toBeGreaterThanOrEqual(500_000);
    expect(presentValue(result.payments_to_repay - 1)).toBeLessThan(500_000);
  });

  it("gives monthlyPayment's answer for monthly, and divides evenly at a zero rate", () => {
    expect(mortgagePayment({ principal: 800_000, annualRate: 0.05, amortizationYears: 25 }).payment).toBe(
      monthlyPayment({ principal: 800_000, annualRate: 0.05, amortizationYears: 25 }),
    );
    expect(
      mortgagePayment({ principal: 260_000, annualRate: 0, amortizationYears: 25, frequency: "biweekly" }).payment,
    ).toBe(400);
  });

  it("refuses an unknown frequency and a misspelt option", () => {
    expect(() =>
      mortgagePayment({ principal: 1, annualRate: 0.05, amortizationYears: 25, frequency: "fortnightly" as never }),
    ).toThrow(
      "frequency must be one of monthly, semi-monthly, biweekly, weekly, accelerated-biweekly, accelerated-weekly",
    );
    expect(() =>
      mortgagePayment({ principal: 1, annualRate: 0.05, amortizationYears: 25, frequncy: "weekly" } as never),
    ).toThrow("did you mean frequency?");
  });
});

describe("amortizationSchedule", () => {
  it.each(["monthly", "biweekly", "accelerated-weekly"] as const)(
    "%s: the balance after each payment agrees with a direct sum of the payments",
    (frequency) => {
      const principal = 400_000;
      const schedule = amortizationSchedule({
        principal,
        annualRate: 0.0479,
        amortizationYears: 25,
        termYears: 5,
        frequency,
      });
      const perYear = { monthly: 12, biweekly: 26, "accelerated-weekly": 52 }[frequency];
      const rate = (1 + 0.0479 / 2) ** (2 / perYear) - 1;
      // A direct loop, unrounded: each period adds its interest and takes off the payment.
      let balance = principal;
      const balances: number[] = [];
      for (let count = 0; count < schedule.periods.length - 1; count += 1) {
        balance = balance * (1 + rate) - schedule.payment;
        balances.push(balance);
      }
      for (const [index, period] of schedule.periods.slice(0, -1).entries()) {
        expect(Math.abs(period.balance - balances[index]!), `payment ${index + 1}`).toBeLessThan(1);
      }
      expect(schedule.periods.at(-1)!.balance).toBe(0);
      // Rounding the payment to the cent leaves at most half a cent a period, with interest: a few dollars at most.
      // An accelerated schedule ends early with a smaller last payment.
      if (frequency === "accelerated-weekly")
        expect(schedule.periods.at(-1)!.payment).toBeLessThanOrEqual(schedule.payment);
      else expect(Math.abs(schedule.periods.at(-1)!.payment - schedule.payment)).toBeLessThan(5);
      // The term: 5 years of payments.
      const inTerm = 5 * perYear;
      expect(schedule.balance_at_term_end).toBe(schedule.periods[inTerm - 1]!.balance);
      expect(Math.abs(schedule.balance_at_term_end - balances[inTerm - 1]!)).toBeLessThan(1);
      expect(schedule.principal_in_term).toBeCloseTo(principal - schedule.balance_at_term_end, 2);
      expect(schedule.interest_in_term).toBeCloseTo(inTerm * schedule.payment - schedule.principal_in_term, 2);
      const paid = schedule.periods.reduce((sum, period) => sum + period.payment, 0);
      expect(schedule.total_interest).toBeCloseTo(paid - principal, 1);
    },
  );

  it("refuses a term longer than the amortization", () => {
    expect(() =>
      amortizationSchedule({ principal: 1_000, annualRate: 0.05, amortizationYears: 5, termYears: 10 }),
    ).toThrow(CalculatorError);
  });
});

describe("maxPrincipal", () => {
  it.each(["monthly", "weekly", "accelerated-biweekly"] as const)(
    "%s: the largest loan whose payment is at most the one given",
    (frequency) => {
      const { principal } = maxPrincipal({ payment: 2_500, annualRate: 0.05, amortizationYears: 25, frequency });
      const perYear = frequency === "weekly" ? 52 : 12;
      const perPeriod = frequency === "accelerated-biweekly" ? 5_000 : 2_500;
      const rate = (1 + 0.05 / 2) ** (2 / perYear) - 1;
      const presentValue = (perPeriod * (1 - (1 + rate) ** -(perYear * 25))) / rate;
      expect(Math.abs(principal - presentValue)).toBeLessThan(1);
      expect(
        mortgagePayment({ principal, annualRate: 0.05, amortizationYears: 25, frequency }).payment,
      ).toBeLessThanOrEqual(2_500);
      expect(
        mortgagePayment({ principal: principal + 20, annualRate: 0.05, amortizationYears: 25, frequency }).payment,
      ).toBeGreaterThan(2_500);
    },
  );
});

describe("an amortization is a whole number of years", () => {
  it("refuses 25.3 years (303.6 monthly payments) in each calculator that takes one, naming the option", () => {
    const calls = [
      () => mortgagePayment({ principal: 400_000, annualRate: 0.05, amortizationYears: 25.3 }),
      () => amortizationSchedule({ principal: 400_000, annualRate: 0.05, amortizationYears: 25.3 }),
      () => maxPrincipal({ payment: 2_000, annualRate: 0.05, amortizationYears: 25.3 }),
    ];
    for (const call of calls)
      expect(call).toThrow(expect.objectContaining({ reason: "invalid-option", option: "amortizationYears" }));
    expect(() => mortgagePayment({ principal: 400_000, annualRate: 0.05, amortizationYears: 25.3 })).toThrow(
      CalculatorError,
    );
    // A term may be part of a year (a six-month term).
    expect(
      amortizationSchedule({ principal: 400_000, annualRate: 0.05, amortizationYears: 25, termYears: 0.5 })
        .balance_at_term_end,
    ).toBeLessThan(400_000);
  });
});
