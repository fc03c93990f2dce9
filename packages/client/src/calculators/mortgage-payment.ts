import { z } from "zod";
import {
  CalculatorError,
  checkAmount,
  checkAsOf,
  checkOptions,
  type FactSource,
  type FactUsed,
  formatCad,
  formatPercent,
  requireFactAsOf,
  roundCents,
  roundRate,
} from "./calculator-common.ts";
import { AmortizationYearsOption, AmountOption, finished, parseOptions, RateOption } from "./calculator-options.ts";

/**
 * Monthly principal and interest of a Canadian fixed-rate mortgage. The Interest Act makes the quoted rate
 * compound semi-annually, so the monthly rate is (1 + r/2)^(1/6) − 1. $800,000 at 5% over 25 years: $4,652.84.
 */
export const monthlyPI = (
  principal: number,
  annualRate: number,
  amortizationYears: number,
  compoundingPerYear = 2,
): number => {
  const months = amortizationYears * 12;
  if (annualRate === 0) return roundCents(principal / months);
  const monthlyRate = (1 + annualRate / compoundingPerYear) ** (compoundingPerYear / 12) - 1;
  return roundCents((principal * monthlyRate) / (1 - (1 + monthlyRate) ** -months));
};

export const PAYMENT_FREQUENCIES = [
  "monthly",
  "semi-monthly",
  "biweekly",
  "weekly",
  "accelerated-biweekly",
  "accelerated-weekly",
] as const;
export type PaymentFrequency = (typeof PAYMENT_FREQUENCIES)[number];

const PAYMENTS_PER_YEAR: Record<PaymentFrequency, number> = {
  monthly: 12,
  "semi-monthly": 24,
  biweekly: 26,
  weekly: 52,
  "accelerated-biweekly": 26,
  "accelerated-weekly": 52,
};

/**
 * An accelerated payment is the monthly payment divided by this, paid every two weeks or every week (FCAC's
 * definition); the monthly payment is divided before it is rounded to the cent, so no rounding is doubled.
 */
const ACCELERATED_DIVISOR: Partial<Record<PaymentFrequency, number>> = {
  "accelerated-biweekly": 2,
  "accelerated-weekly": 4,
};

const FREQUENCY = `must be one of ${PAYMENT_FREQUENCIES.join(", ")}`;
const FrequencyOption = z
  .enum(PAYMENT_FREQUENCIES, { error: FREQUENCY })
  .optional()
  .describe(
    "How often a payment is made; default monthly. Accelerated: the monthly payment divided by 2 (biweekly) or 4 (weekly).",
  );

const Breakdown = z.array(z.string()).describe("Each step of the calculation, saying why an amount is what it is.");

export const MortgagePaymentOptions = z.strictObject({
  principal: AmountOption.describe("The loan, in dollars."),
  annualRate: RateOption.describe(
    "The quoted annual rate as a fraction (0.05 for 5%), compounded semi-annually as the Interest Act requires.",
  ),
  amortizationYears: AmortizationYearsOption.describe("The amortization, a whole number of years."),
  frequency: FrequencyOption,
});
export type MortgagePaymentOptions = z.input<typeof MortgagePaymentOptions>;

export const MortgagePaymentResult = z.object({
  payment: z.number().describe("Each payment, in dollars and cents."),
  frequency: z.enum(PAYMENT_FREQUENCIES),
  payments_per_year: z.int(),
  periodic_rate: z
    .number()
    .describe("The interest rate of one payment period, equivalent to the quoted rate compounded semi-annually."),
  payments_to_repay: z
    .int()
    .describe(
      "How many payments repay the loan: payments_per_year × amortizationYears; fewer for an accelerated frequency, the last one smaller.",
    ),
  breakdown: Breakdown,
});
export type MortgagePaymentResult = z.infer<typeof MortgagePaymentResult>;

const checkRate = (annualRate: unknown): number => {
  if (typeof annualRate !== "number" || !Number.isFinite(annualRate) || annualRate < 0 || annualRate >= 1) {
    throw new CalculatorError(
      `annualRate must be a fraction from 0 to below 1 (0.05 for 5%), got ${JSON.stringify(annualRate)}`,
      {
        reason: "invalid-option",
        option: "annualRate",
      },
    );
  }
  return annualRate;
};

/**
 * A number of years above 0 and at most 100. An amortization is a whole number of years, so that every frequency
 * repays the loan in a whole number of payments (25.3 years would be 303.6 monthly payments); a term may be a part of
 * a year (a six-month term is 0.5).
 */
const checkYears = (name: string, years: unknown, whole = false): number => {
  if (
    typeof years !== "number" ||
    !Number.isFinite(years) ||
    years <= 0 ||
    years > 100 ||
    (whole && !Number.isInteger(years))
  ) {
    throw new CalculatorError(
      `${name} must be a ${whole ? "whole " : ""}number of years above 0 and at most 100, got ${JSON.stringify(years)}`,
      {
        reason: "invalid-option",
        option: name,
      },
    );
  }
  return years;
};

const checkFrequency = (frequency: unknown): PaymentFrequency => {
  if (frequency === undefined) return "monthly";
  if (!(PAYMENT_FREQUENCIES as readonly unknown[]).includes(frequency)) {
    throw new CalculatorError(
      `frequency must be one of ${PAYMENT_FREQUENCIES.join(", ")}, got ${JSON.stringify(frequency)}`,
    );
  }
  return frequency as PaymentFrequency;
};

/**
 * The rate of one of `perYear` equal periods, equivalent to `annualRate` compounded semi-annually: (1 + r/2)^(2/n) − 1.
 */
export const periodicRate = (annualRate: number, perYear: number): number => (1 + annualRate / 2) ** (2 / perYear) - 1;

/** The level payment that repays `principal` over `periods` at `rate` a period (the annuity formula), unrounded. */
const annuityPayment = (principal: number, rate: number, periods: number): number =>
  rate === 0 ? principal / periods : (principal * rate) / (1 - (1 + rate) ** -periods);

/** How many payments of `payment` repay `principal` at `rate` a period, counting a smaller last payment as one. */
const paymentsToRepay = (principal: number, rate: number, payment: number): number => {
  if (principal === 0) return 0;
  if (rate === 0) return Math.ceil(principal / payment - 1e-9);
  return Math.ceil(-Math.log(1 - (principal * rate) / payment) / Math.log(1 + rate) - 1e-9);
};

interface Plan {
  principal: number;
  annualRate: number;
  years: number;
  frequency: PaymentFrequency;
  perYear: number;
  rate: number;
  payment: number;
}

const plan = (principal: number, annualRate: number, years: number, frequency: PaymentFrequency): Plan => {
  const divisor = ACCELERATED_DIVISOR[frequency];
  const perYear = PAYMENTS_PER_YEAR[frequency];
  const payment =
    divisor === undefined
      ? roundCents(annuityPayment(principal, periodicRate(annualRate, perYear), perYear * years))
      : roundCents(annuityPayment(principal, periodicRate(annualRate, 12), 12 * years) / divisor);
  return { principal, annualRate, years, frequency, perYear, rate: periodicRate(annualRate, perYear), payment };
};

const planText = (each: Plan): string[] => {
  const divisor = ACCELERATED_DIVISOR[each.frequency];
  const head = `${formatPercent(each.annualRate)} a year compounded semi-annually is ${formatPercent(Number(each.rate.toFixed(8)))} a period at ${each.perYear} payments a year`;
  return divisor === undefined
    ? [
        head,
        `${formatCad(each.principal)} repaid in ${each.perYear * each.years} equal payments of ${formatCad(each.payment)}`,
      ]
    : [
        head,
        `${each.frequency}: the monthly payment that repays ${formatCad(each.principal)} over ${each.years} years, divided by ${divisor}: ${formatCad(each.payment)}, paid ${each.perYear} times a year`,
      ];
};

/**
 * The payment of a Canadian fixed-rate mortgage at each frequency. The quoted rate compounds semi-annually (Interest
 * Act), so each frequency's periodic rate is (1 + r/2)^(2/n) − 1 for n payments a year, and a regular payment is the
 * annuity that repays the loan over the amortization. An accelerated payment is the monthly payment divided by 2
 * (every two weeks) or 4 (every week), which repays the loan sooner.
 */
export const mortgagePayment = (options: MortgagePaymentOptions): MortgagePaymentResult => {
  const read = parseOptions("mortgagePayment", MortgagePaymentOptions, options);
  const each = plan(read.principal, read.annualRate, read.amortizationYears, read.frequency ?? "monthly");
  return finished("mortgagePayment", {
    payment: each.payment,
    frequency: each.frequency,
    payments_per_year: each.perYear,
    periodic_rate: each.rate,
    // A regular payment is rounded to the cent; the last scheduled payment takes up what that leaves (see
    // amortizationSchedule).
    payments_to_repay:
      ACCELERATED_DIVISOR[each.frequency] === undefined
        ? each.perYear * each.years
        : paymentsToRepay(each.principal, each.rate, each.payment),
    breakdown: planText(each),
  });
};

export interface AmortizationScheduleOptions extends MortgagePaymentOptions {
  /** The term whose end balance is asked for, in years (default the whole amortization). */
  termYears?: number;
}

export interface SchedulePeriod {
  /** 1 for the first payment. */
  number: number;
  payment: number;
  interest: number;
  principal: number;
  /** What is owed after this payment. */
  balance: number;
}

export interface AmortizationScheduleResult {
  payment: number;
  frequency: PaymentFrequency;
  /**
   * Every payment until the loan is repaid. The last is what is left owing with its interest: the payment rounded to
   * the cent leaves up to a few dollars over a long amortization, which the last scheduled payment takes up.
   */
  periods: SchedulePeriod[];
  /** What is owed after the last payment of the term. */
  balance_at_term_end: number;
  interest_in_term: number;
  principal_in_term: number;
  /** Interest over the whole schedule. */
  total_interest: number;
  breakdown: string[];
}

/**
 * The payment schedule: each period's interest (on the balance, at the periodic rate, to the cent), the principal
 * the rest of the payment repays, and the balance after it; the last payment clears what is left. With `termYears`,
 * the balance at the end of the term (what is renewed) and the interest and principal paid in it.
 */
export const amortizationSchedule = (options: AmortizationScheduleOptions): AmortizationScheduleResult => {
  checkOptions("amortizationSchedule", options, [
    "principal",
    "annualRate",
    "amortizationYears",
    "termYears",
    "frequency",
  ]);
  const years = checkYears("amortizationYears", options.amortizationYears, true);
  const each = plan(
    checkAmount("principal", options.principal),
    checkRate(options.annualRate),
    years,
    checkFrequency(options.frequency),
  );
  const termYears = options.termYears === undefined ? years : checkYears("termYears", options.termYears);
  if (termYears > years)
    throw new CalculatorError(`termYears (${termYears}) must not be longer than amortizationYears (${years})`);
  const termPayments = Math.round(termYears * each.perYear);
  const periods: SchedulePeriod[] = [];
  let balance = each.principal;
  // Rounding each payment to the cent can leave a few cents after the last scheduled payment; they are paid with it.
  const lastScheduled = each.perYear * years;
  for (let number = 1; balance > 0 && number <= lastScheduled + 1; number += 1) {
    const interest = roundCents(balance * each.rate);
    const clears = balance + interest <= each.payment || number >= lastScheduled;
    const payment = clears ? roundCents(balance + interest) : each.payment;
    const principal = roundCents(payment - interest);
    balance = roundCents(balance - principal);
    periods.push({ number, payment, interest, principal, balance });
  }
  const inTerm = periods.slice(0, termPayments);
  const interestInTerm = roundCents(inTerm.reduce((sum, period) => sum + period.interest, 0));
  const principalInTerm = roundCents(inTerm.reduce((sum, period) => sum + period.principal, 0));
  const balanceAtTermEnd = inTerm.at(-1)?.balance ?? each.principal;
  return {
    payment: each.payment,
    frequency: each.frequency,
    periods,
    balance_at_term_end: balanceAtTermEnd,
    interest_in_term: interestInTerm,
    principal_in_term: principalInTerm,
    total_interest: roundCents(periods.reduce((sum, period) => sum + period.interest, 0)),
    breakdown: [
      ...planText(each),
      `after ${termPayments} payments (${termYears} years): ${formatCad(interestInTerm)} of interest and ${formatCad(principalInTerm)} of principal paid, ${formatCad(balanceAtTermEnd)} owing`,
      `repaid after ${periods.length} payments`,
    ],
  };
};

export const MaxPrincipalOptions = z.strictObject({
  payment: AmountOption.describe("The payment at the frequency, in dollars."),
  annualRate: MortgagePaymentOptions.shape.annualRate,
  amortizationYears: MortgagePaymentOptions.shape.amortizationYears,
  frequency: FrequencyOption,
});
export type MaxPrincipalOptions = z.input<typeof MaxPrincipalOptions>;

export const MaxPrincipalResult = z.object({
  principal: z
    .number()
    .describe("The largest loan, to the cent below, whose payment at the frequency is at most the payment given."),
  frequency: z.enum(PAYMENT_FREQUENCIES),
  periodic_rate: z.number(),
  breakdown: Breakdown,
});
export type MaxPrincipalResult = z.infer<typeof MaxPrincipalResult>;

/**
 * The largest loan a payment carries: the present value of the payments over the amortization at the periodic
 * rate (the annuity formula solved for the principal), rounded down to the cent. For an accelerated frequency, the
 * loan whose monthly payment is the payment times 2 (biweekly) or 4 (weekly).
 */
export const maxPrincipal = (options: MaxPrincipalOptions): MaxPrincipalResult => {
  const read = parseOptions("maxPrincipal", MaxPrincipalOptions, options);
  const { payment, annualRate, amortizationYears: years } = read;
  const frequency = read.frequency ?? "monthly";
  const divisor = ACCELERATED_DIVISOR[frequency];
  const perYear = divisor === undefined ? PAYMENTS_PER_YEAR[frequency] : 12;
  const perPeriod = divisor === undefined ? payment : payment * divisor;
  const rate = periodicRate(annualRate, perYear);
  const periods = perYear * years;
  // The annuity formula solved for the principal, in closed form. Its payment, rounded to the cent, can exceed the
  // payment given by a cent's noise, so at most a few cents are taken off: the loop is bounded, whatever the amounts.
  const exact = rate === 0 ? perPeriod * periods : (perPeriod * (1 - (1 + rate) ** -periods)) / rate;
  let principal = Math.floor(exact * 100 + 1e-6) / 100;
  for (
    let step = 0;
    step < 3 && principal > 0 && plan(principal, annualRate, years, frequency).payment > payment;
    step += 1
  )
    principal = roundCents(principal - 0.01);
  return finished("maxPrincipal", {
    principal,
    frequency,
    periodic_rate: periodicRate(annualRate, PAYMENTS_PER_YEAR[frequency]),
    breakdown: [
      divisor === undefined
        ? `${periods} payments of ${formatCad(payment)} at ${formatPercent(Number(rate.toFixed(8)))} a period repay at most ${formatCad(principal)}`
        : `${frequency}: ${formatCad(payment)} × ${divisor} = a monthly payment of ${formatCad(perPeriod)}, which over ${periods} months repays at most ${formatCad(principal)}`,
    ],
  });
};

export interface MonthlyPaymentOptions {
  principal: number;
  /**
   * The quoted annual rate as a fraction (0.05 for 5%), compounded semi-annually as the Interest Act requires of
   * Canadian mortgages.
   */
  annualRate: number;
  amortizationYears: number;
}

/**
 * Monthly principal and interest of a Canadian fixed-rate mortgage, in dollars and cents: the quoted rate compounds
 * semi-annually, so the monthly rate is (1 + r/2)^(1/6) − 1. The same arithmetic computes the affordability index.
 * `mortgagePayment` gives the other frequencies.
 */
export const monthlyPayment = (options: MonthlyPaymentOptions): number => {
  checkOptions("monthlyPayment", options, ["principal", "annualRate", "amortizationYears"]);
  const principal = checkAmount("principal", options.principal);
  if (
    typeof options.annualRate !== "number" ||
    !Number.isFinite(options.annualRate) ||
    options.annualRate < 0 ||
    options.annualRate >= 1
  ) {
    throw new CalculatorError(
      `annualRate must be a fraction from 0 to below 1 (0.05 for 5%), got ${JSON.stringify(options.annualRate)}`,
      {
        reason: "invalid-option",
        option: "annualRate",
      },
    );
  }
  const years = options.amortizationYears;
  if (typeof years !== "number" || !Number.isFinite(years) || years <= 0 || years > 100) {
    throw new CalculatorError(
      `amortizationYears must be a number of years above 0 and at most 100, got ${JSON.stringify(years)}`,
      {
        reason: "invalid-option",
        option: "amortizationYears",
      },
    );
  }
  return monthlyPI(principal, options.annualRate, years);
};

export interface QualifyingRateOptions {
  /** The date whose rules apply, YYYY-MM-DD (default today in B.C.). */
  asOf?: string;
}

export interface QualifyingRateResult {
  /** The rate a borrower must qualify at, as a fraction (0.0525 = 5.25%). */
  rate: number;
  /** Which side of the rule set it: the contract rate plus the buffer, or the floor. */
  rule: "contract-plus-buffer" | "floor";
  buffer_rate: number;
  floor_rate: number;
  as_of: string;
  breakdown: Array<{ label: string; rate: number }>;
  citations: FactUsed[];
}

const StressTest = z.object({
  buffer_rate: z.number().min(0).max(1),
  floor_rate: z.number().min(0).max(1).nullable(),
  floor_benchmark: z.string().optional(),
});

/**
 * The minimum qualifying rate of the mortgage stress test (`osfi.b20.stress_test` in force on `asOf`): the greater
 * of the contract rate plus the buffer and the floor rate. `contractRate` is a fraction: 0.045 for 4.5%.
 */
export const qualifyingRate = (
  facts: FactSource,
  contractRate: number,
  options: QualifyingRateOptions = {},
): QualifyingRateResult => {
  checkOptions("qualifyingRate", options, ["asOf"]);
  if (typeof contractRate !== "number" || !Number.isFinite(contractRate) || contractRate < 0 || contractRate >= 1) {
    throw new CalculatorError(
      `contractRate must be a fraction from 0 to below 1 (0.045 for 4.5%), got ${JSON.stringify(contractRate)}`,
    );
  }
  const asOf = checkAsOf(options.asOf);
  const { value, used } = requireFactAsOf(facts, "osfi.b20.stress_test", StressTest, asOf);
  const floor = value.floor_rate;
  if (floor === null) {
    // The floor was then a published rate that changed week by week; the facts record which, not its values.
    throw new CalculatorError(
      `on ${asOf} the stress test's floor was ${value.floor_benchmark ?? "a published benchmark rate"}, which changed over time and is not recorded here, so the qualifying rate cannot be computed; it was the greater of the contract rate${value.buffer_rate > 0 ? ` plus ${formatPercent(value.buffer_rate)}` : ""} and that rate (osfi.b20.stress_test${used.version === undefined ? `, the period from ${used.effective_iso}` : ` version ${used.version}`})`,
      { reason: "not-recorded", fact_id: "osfi.b20.stress_test", date: asOf },
    );
  }
  const buffered = roundRate(contractRate + value.buffer_rate);
  const rule = buffered >= floor ? "contract-plus-buffer" : "floor";
  return {
    rate: rule === "floor" ? floor : buffered,
    rule,
    buffer_rate: value.buffer_rate,
    floor_rate: floor,
    as_of: asOf,
    breakdown: [
      {
        label: `contract rate ${formatPercent(contractRate)} plus the buffer of ${formatPercent(value.buffer_rate)}`,
        rate: buffered,
      },
      {
        label: `floor rate${rule === "floor" ? ", the greater, so it applies" : ", lower than the contract rate plus the buffer"}`,
        rate: floor,
      },
    ],
    citations: [used],
  };
};
