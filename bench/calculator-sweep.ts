import { performance } from "node:perf_hooks";
import {
  affordability,
  amortizationSchedule,
  CalculatorError,
  cashToClose,
  type FactSource,
  flippingTax,
  gstOnNewHome,
  homeOwnerGrant,
  maxPrincipal,
  minimumDownPayment,
  monthlyPayment,
  mortgageInsurancePremium,
  mortgagePayment,
  propertyTransferTax,
  qualifyingRate,
  rentIncrease,
} from "../packages/client/src/index.ts";

/** One calculator called with options: what a sweep varies. */
export interface SweptCalculator {
  name: string;
  /** Options that compute, each of which the sweep replaces in turn by every extreme value. */
  options: Record<string, unknown>;
  run: (facts: FactSource, options: Record<string, unknown>) => unknown;
}

/** Values no option should choke on: bounds, beyond them, the wrong types, and the hostile ones. */
export const extremeValues = (): unknown[] => {
  const circular: Record<string, unknown> = {};
  circular.self = circular;
  const circularList: unknown[] = [];
  circularList.push(circularList);
  return [
    0,
    -0,
    0.01,
    1,
    10_000_000_000,
    10_000_000_000.01,
    1e15,
    1.8e306,
    1e308,
    Number.MAX_VALUE,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.NaN,
    -1,
    -1e308,
    0.999999,
    100,
    101,
    1e-300,
    10n,
    2n ** 1100n,
    "650000",
    "",
    "x".repeat(100_000),
    true,
    false,
    null,
    undefined,
    {},
    [],
    circular,
    circularList,
    [{ label: "x", amount: 1e308 }],
    Array.from({ length: 10_000 }, () => ({ label: "legal fees", amount: 1_000 })),
    "0001-01-01",
    "0099-12-31",
    "1000-02-29",
    "2000-02-29",
    "2026-02-30",
    "9999-12-31",
    "10000-01-01",
    "2026-1-1",
    Symbol("option"),
    () => 1,
    new Date(0),
  ];
};

/** Unknown option names a caller might pass: misspelt, huge, odd. */
export const extremeNames = (): string[] => ["firstTimeBuyers", "x".repeat(4_000_000), "__proto__x", "constructor", ""];

export interface SweepReport {
  calls: number;
  slowest: { name: string; option: string; value: string; ms: number };
  /** Every call that threw something other than a CalculatorError, or returned -0, a non-finite number. */
  faults: string[];
}

const shown = (value: unknown): string => {
  if (typeof value === "bigint") return `${String(value).slice(0, 20)}n`;
  if (typeof value === "string")
    return JSON.stringify(value.length > 20 ? `${value.slice(0, 20)}… (${value.length})` : value);
  if (typeof value === "symbol" || typeof value === "function") return typeof value;
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (value !== null && typeof value === "object") return "an object";
  return Object.is(value, -0) ? "-0" : String(value);
};

/** Numbers a result must never hold. */
const badNumbers = (value: unknown, path: string, found: string[]): void => {
  if (typeof value === "number" && (!Number.isFinite(value) || Object.is(value, -0))) found.push(`${path} = ${value}`);
  else if (Array.isArray(value)) {
    for (const [index, each] of value.entries()) badNumbers(each, `${path}[${index}]`, found);
  } else if (value !== null && typeof value === "object")
    for (const [key, each] of Object.entries(value)) badNumbers(each, `${path}.${key}`, found);
};

/**
 * Calls each calculator with each of its options replaced by each extreme value (and absent), and with unknown option
 * names, timing every call: each must answer (no -0, no non-finite number) or refuse with a CalculatorError.
 */
export const sweep = (facts: FactSource, calculators: readonly SweptCalculator[]): SweepReport => {
  const report: SweepReport = { calls: 0, slowest: { name: "", option: "", value: "", ms: 0 }, faults: [] };
  const call = (calculator: SweptCalculator, options: Record<string, unknown>, option: string, value: unknown) => {
    const started = performance.now();
    try {
      const result = calculator.run(facts, options);
      const found: string[] = [];
      badNumbers(result, "$", found);
      if (found.length > 0) report.faults.push(`${calculator.name} ${option}=${shown(value)}: ${found.join(", ")}`);
    } catch (error: unknown) {
      if (!(error instanceof CalculatorError))
        report.faults.push(`${calculator.name} ${option}=${shown(value)}: threw ${String(error).slice(0, 200)}`);
    }
    const ms = performance.now() - started;
    report.calls += 1;
    if (ms > report.slowest.ms) report.slowest = { name: calculator.name, option, value: shown(value), ms };
  };
  for (const calculator of calculators) {
    call(calculator, calculator.options, "(as given)", "");
    for (const option of Object.keys(calculator.options)) {
      for (const value of extremeValues()) call(calculator, { ...calculator.options, [option]: value }, option, value);
      const { [option]: _left, ...without } = calculator.options;
      call(calculator, without, option, "absent");
    }
    for (const name of extremeNames()) call(calculator, { ...calculator.options, [name]: 1 }, name.slice(0, 20), 1);
    for (const whole of [null, undefined, 5, "options", [], 10n])
      call(calculator, whole as unknown as Record<string, unknown>, "(options)", whole);
  }
  return report;
};

/** Each calculator of the client with options it computes from on `asOf` (the rent and flipping dates are fixed). */
export const everyCalculator = (asOf: string): SweptCalculator[] => [
  {
    name: "propertyTransferTax",
    options: { price: 845_000, firstTimeBuyer: true, eligibleShare: 0.5, asOf },
    run: (facts, options) => propertyTransferTax(facts, options as never),
  },
  {
    name: "propertyTransferTax (foreign buyer)",
    options: { price: 2_000_000, foreignBuyer: true, inSpecifiedArea: true, residentialShare: 0.7, asOf },
    run: (facts, options) => propertyTransferTax(facts, options as never),
  },
  {
    name: "homeOwnerGrant",
    options: { assessedValue: 2_000_000, additional: true, propertyTax: 3_000, asOf },
    run: (facts, options) => homeOwnerGrant(facts, options as never),
  },
  {
    name: "gstOnNewHome",
    options: { price: 1_150_000, firstTimeBuyer: true, agreementDate: "2025-04-01", asOf },
    run: (facts, options) => gstOnNewHome(facts, options as never),
  },
  {
    name: "rentIncrease",
    options: { currentRent: 2_000, increaseDate: "2026-03-01" },
    run: (facts, options) => rentIncrease(facts, options as never),
  },
  {
    name: "flippingTax",
    options: {
      purchaseDate: "2025-01-15",
      saleDate: "2026-02-20",
      proceeds: 900_000,
      cost: 800_000,
      improvements: 10_000,
      primaryResidence: true,
    },
    run: (facts, options) => flippingTax(facts, options as never),
  },
  {
    name: "minimumDownPayment",
    options: { price: 1_150_000, asOf },
    run: (facts, options) => {
      const { price, ...rest } = (options ?? {}) as { price?: unknown };
      return minimumDownPayment(facts, price as number, rest);
    },
  },
  {
    name: "qualifyingRate",
    options: { contractRate: 0.045, asOf },
    run: (facts, options) => {
      const { contractRate, ...rest } = (options ?? {}) as { contractRate?: unknown };
      return qualifyingRate(facts, contractRate as number, rest);
    },
  },
  {
    name: "mortgageInsurancePremium",
    options: { price: 1_150_000, downPayment: 115_000, amortizationYears: 30, firstTimeBuyer: true, asOf },
    run: (facts, options) => mortgageInsurancePremium(facts, options as never),
  },
  {
    name: "affordability",
    options: {
      annualIncome: 180_000,
      monthlyDebtPayments: 500,
      annualPropertyTax: 3_600,
      monthlyHeating: 100,
      monthlyStrataFee: 400,
      contractRate: 0.045,
      amortizationYears: 30,
      downPayment: 115_000,
      price: 1_150_000,
      firstTimeBuyer: true,
      newlyBuilt: true,
      asOf,
    },
    run: (facts, options) => affordability(facts, options as never),
  },
  {
    name: "cashToClose",
    options: {
      price: 1_150_000,
      downPayment: 115_000,
      firstTimeBuyer: true,
      newlyBuilt: true,
      amortizationYears: 30,
      extra: [{ label: "Legal fees", amount: 2_000 }],
      asOf,
    },
    run: (facts, options) => cashToClose(facts, options as never),
  },
  {
    name: "mortgagePayment",
    options: { principal: 1_035_000, annualRate: 0.045, amortizationYears: 30, frequency: "accelerated-weekly" },
    run: (_facts, options) => mortgagePayment(options as never),
  },
  {
    name: "amortizationSchedule",
    options: { principal: 1_035_000, annualRate: 0.045, amortizationYears: 30, termYears: 5, frequency: "weekly" },
    run: (_facts, options) => amortizationSchedule(options as never),
  },
  {
    name: "maxPrincipal",
    options: { payment: 5_850, annualRate: 0.065, amortizationYears: 30, frequency: "biweekly" },
    run: (_facts, options) => maxPrincipal(options as never),
  },
  {
    name: "monthlyPayment",
    options: { principal: 1_035_000, annualRate: 0.045, amortizationYears: 30 },
    run: (_facts, options) => monthlyPayment(options as never),
  },
];
