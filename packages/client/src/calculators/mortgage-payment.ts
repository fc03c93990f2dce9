import { z } from "zod";
import {
  CalculatorError,
  type FactSource,
  formatCad,
  formatPercent,
  requireFactAsOf,
  roundCents,
  roundRate,
  todayInBc,
} from "./calculator-common.ts";
import {
  AmortizationYearsOption,
  AmountOption,
  AsOfOption,
  AsOfResult,
  Breakdown,
  Citations,
  FlagOption,
  finished,
  parseOptions,
  RateOption,
  withArgument,
} from "./calculator-options.ts";
import { breakdownFields, Said, type SaidCode, SaidList, type Sentence, saidOf, say } from "./said.ts";

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
  const monthlyRate = (1 + annualRate / compoundingPerYear) ** (compoundingPerYear / 12) - 1;
  // A rate so small that its monthly rate rounds to 0 in floating point is no interest at all.
  if (monthlyRate === 0) return roundCents(principal / months);
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
 * An accelerated payment is the monthly payment divided by `divisor`, paid every two weeks or every week (FCAC's
 * definition); the monthly payment is divided before it is rounded to the cent, so no rounding is doubled. `plan` and
 * `max` are the codes of the lines that say so for a payment and for the largest loan.
 */
const ACCELERATED: Partial<Record<PaymentFrequency, { divisor: number; plan: SaidCode; max: SaidCode }>> = {
  "accelerated-biweekly": {
    divisor: 2,
    plan: "payment.accelerated-biweekly",
    max: "payment.max-principal-accelerated-biweekly",
  },
  "accelerated-weekly": {
    divisor: 4,
    plan: "payment.accelerated-weekly",
    max: "payment.max-principal-accelerated-weekly",
  },
};

const FREQUENCY = `must be one of ${PAYMENT_FREQUENCIES.join(", ")}`;
const FrequencyOption = z
  .enum(PAYMENT_FREQUENCIES, { error: FREQUENCY })
  .optional()
  .describe(
    "How often a payment is made; default monthly. Accelerated: the monthly payment divided by 2 (biweekly) or 4 (weekly).",
  );

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
  breakdown_said: SaidList,
});
export type MortgagePaymentResult = z.infer<typeof MortgagePaymentResult>;

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
  const divisor = ACCELERATED[frequency]?.divisor;
  const perYear = PAYMENTS_PER_YEAR[frequency];
  const payment =
    divisor === undefined
      ? roundCents(annuityPayment(principal, periodicRate(annualRate, perYear), perYear * years))
      : roundCents(annuityPayment(principal, periodicRate(annualRate, 12), 12 * years) / divisor);
  return { principal, annualRate, years, frequency, perYear, rate: periodicRate(annualRate, perYear), payment };
};

/** A count as the breakdown writes it, grouped as a message writes a number: "1,560". */
const countWords = new Intl.NumberFormat("en-CA");

/** "1 payment", "1,560 payments". */
const counted = (count: number, one: string, other: string): string =>
  `${countWords.format(count)} ${count === 1 ? one : other}`;

const planText = (each: Plan): Sentence[] => {
  const accelerated = ACCELERATED[each.frequency];
  const periodic = Number(each.rate.toFixed(8));
  const head = say(
    "payment.periodic-rate",
    { annualRate: { rate: each.annualRate }, periodicRate: { rate: periodic }, perYear: { number: each.perYear } },
    `${formatPercent(each.annualRate)} a year compounded semi-annually is ${formatPercent(periodic)} a period at ${each.perYear} payments a year`,
  );
  if (accelerated === undefined) {
    const payments = each.perYear * each.years;
    return [
      head,
      say(
        "payment.equal-payments",
        { principal: { money: each.principal }, payments: { number: payments }, payment: { money: each.payment } },
        `${formatCad(each.principal)} repaid in ${countWords.format(payments)} equal payments of ${formatCad(each.payment)}`,
      ),
    ];
  }
  return [
    head,
    say(
      accelerated.plan,
      {
        principal: { money: each.principal },
        years: { number: each.years },
        divisor: { number: accelerated.divisor },
        payment: { money: each.payment },
        perYear: { number: each.perYear },
      },
      `${each.frequency}: the monthly payment that repays ${formatCad(each.principal)} over ${counted(each.years, "year", "years")}, divided by ${accelerated.divisor}: ${formatCad(each.payment)}, paid ${each.perYear} times a year`,
    ),
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
  // An accelerated payment is the monthly one divided, then rounded to the cent: on a loan of a few dollars it can
  // round to less than the interest of a period, and such payments never repay the loan.
  if (each.principal > 0 && each.payment <= each.principal * each.rate) {
    const tooSmall = say(
      "payment.too-small",
      { principal: { money: each.principal }, payment: { money: each.payment } },
      `principal of ${formatCad(each.principal)} is too small: its payment rounds to ${formatCad(each.payment)}, which does not cover a period's interest, so the loan is never repaid in payments of whole cents`,
    );
    throw new CalculatorError(tooSmall.text, {
      reason: "invalid-option",
      option: "principal",
      said: saidOf(tooSmall),
    });
  }
  return finished("mortgagePayment", {
    payment: each.payment,
    frequency: each.frequency,
    payments_per_year: each.perYear,
    periodic_rate: each.rate,
    // A regular payment is rounded to the cent; the last scheduled payment takes up what that leaves (see
    // amortizationSchedule).
    payments_to_repay:
      ACCELERATED[each.frequency] === undefined
        ? each.perYear * each.years
        : paymentsToRepay(each.principal, each.rate, each.payment),
    ...breakdownFields(planText(each)),
  });
};

const TERM_YEARS = "must be a number of years above 0 and at most 100 (a six-month term is 0.5)";

export const AmortizationScheduleOptions = MortgagePaymentOptions.extend({
  termYears: z
    .number({ error: TERM_YEARS })
    .gt(0, { error: TERM_YEARS })
    .max(100, { error: TERM_YEARS })
    .optional()
    .describe(
      "The term whose end balance is asked for, in years, at most the amortization (a six-month term is 0.5); default the whole amortization.",
    ),
});
export type AmortizationScheduleOptions = z.input<typeof AmortizationScheduleOptions>;

export const SchedulePeriod = z.object({
  number: z.int().describe("1 for the first payment."),
  payment: z.number(),
  interest: z.number(),
  principal: z.number(),
  balance: z.number().describe("What is owed after this payment."),
});
export type SchedulePeriod = z.infer<typeof SchedulePeriod>;

export const AmortizationScheduleResult = z.object({
  payment: z.number().describe("Each regular payment, in dollars and cents."),
  frequency: z.enum(PAYMENT_FREQUENCIES),
  periods: z
    .array(SchedulePeriod)
    .describe(
      "Every payment until the loan is repaid. The last is what is left owing with its interest: the payment rounded to the cent leaves up to a few dollars over a long amortization, which the last scheduled payment takes up.",
    ),
  balance_at_term_end: z.number().describe("What is owed after the last payment of the term."),
  interest_in_term: z.number(),
  principal_in_term: z.number(),
  total_interest: z.number().describe("Interest over the whole schedule."),
  breakdown: Breakdown,
  breakdown_said: SaidList,
});
export type AmortizationScheduleResult = z.infer<typeof AmortizationScheduleResult>;

/**
 * The payment schedule: each period's interest (on the balance, at the periodic rate, to the cent), the principal
 * the rest of the payment repays, and the balance after it; the last payment clears what is left. With `termYears`,
 * the balance at the end of the term (what is renewed) and the interest and principal paid in it.
 */
export const amortizationSchedule = (options: AmortizationScheduleOptions): AmortizationScheduleResult => {
  const read = parseOptions("amortizationSchedule", AmortizationScheduleOptions, options);
  const years = read.amortizationYears;
  const each = plan(read.principal, read.annualRate, years, read.frequency ?? "monthly");
  const termYears = read.termYears ?? years;
  if (termYears > years)
    throw new CalculatorError(`termYears (${termYears}) must not be longer than amortizationYears (${years})`, {
      reason: "invalid-option",
      option: "termYears",
    });
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
  return finished("amortizationSchedule", {
    payment: each.payment,
    frequency: each.frequency,
    periods,
    balance_at_term_end: balanceAtTermEnd,
    interest_in_term: interestInTerm,
    principal_in_term: principalInTerm,
    total_interest: roundCents(periods.reduce((sum, period) => sum + period.interest, 0)),
    ...breakdownFields([
      ...planText(each),
      say(
        "payment.term",
        {
          payments: { number: termPayments },
          years: { number: termYears },
          interest: { money: interestInTerm },
          principal: { money: principalInTerm },
          balance: { money: balanceAtTermEnd },
        },
        `after ${counted(termPayments, "payment", "payments")} (${counted(termYears, "year", "years")}): ${formatCad(interestInTerm)} of interest and ${formatCad(principalInTerm)} of principal paid, ${formatCad(balanceAtTermEnd)} owing`,
      ),
      say(
        "payment.repaid-after",
        { payments: { number: periods.length } },
        `repaid after ${counted(periods.length, "payment", "payments")}`,
      ),
    ]),
  });
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
  breakdown_said: SaidList,
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
  const accelerated = ACCELERATED[frequency];
  const perYear = accelerated === undefined ? PAYMENTS_PER_YEAR[frequency] : 12;
  const perPeriod = accelerated === undefined ? payment : payment * accelerated.divisor;
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
    ...breakdownFields([
      accelerated === undefined
        ? say(
            "payment.max-principal",
            {
              payments: { number: periods },
              payment: { money: payment },
              periodicRate: { rate: Number(rate.toFixed(8)) },
              principal: { money: principal },
            },
            `${countWords.format(periods)} payments of ${formatCad(payment)} at ${formatPercent(Number(rate.toFixed(8)))} a period repay at most ${formatCad(principal)}`,
          )
        : say(
            accelerated.max,
            {
              payment: { money: payment },
              divisor: { number: accelerated.divisor },
              monthly: { money: perPeriod },
              months: { number: periods },
              principal: { money: principal },
            },
            `${frequency}: ${formatCad(payment)} × ${accelerated.divisor} = a monthly payment of ${formatCad(perPeriod)}, which over ${countWords.format(periods)} months repays at most ${formatCad(principal)}`,
          ),
    ]),
  });
};

export const MonthlyPaymentOptions = MortgagePaymentOptions.omit({ frequency: true });
export type MonthlyPaymentOptions = z.input<typeof MonthlyPaymentOptions>;

export const MonthlyPaymentResult = z.number().describe("The monthly payment, in dollars and cents.");
export type MonthlyPaymentResult = z.infer<typeof MonthlyPaymentResult>;

/**
 * Monthly principal and interest of a Canadian fixed-rate mortgage, in dollars and cents: the quoted rate compounds
 * semi-annually, so the monthly rate is (1 + r/2)^(1/6) − 1. The same arithmetic computes the affordability index.
 * `mortgagePayment` gives the other frequencies.
 */
export const monthlyPayment = (options: MonthlyPaymentOptions): MonthlyPaymentResult => {
  const read = parseOptions("monthlyPayment", MonthlyPaymentOptions, options);
  return finished("monthlyPayment", monthlyPI(read.principal, read.annualRate, read.amortizationYears));
};

export const QualifyingRateOptions = z.strictObject({
  contractRate: RateOption.describe("The mortgage's contract rate as a fraction: 0.045 for 4.5%."),
  insured: FlagOption.optional().describe(
    "The mortgage is insured against default (less than 20% down). Needed only on dates when the rule differed for insured and uninsured mortgages (before June 1, 2021).",
  ),
  asOf: AsOfOption,
});
export type QualifyingRateOptions = z.input<typeof QualifyingRateOptions>;

export const QualifyingRateResult = z.object({
  rate: z.number().describe("The rate the borrower must qualify at, a fraction (0.0525 = 5.25%)."),
  rule: z
    .enum(["contract-plus-buffer", "floor"])
    .describe("Which side of the rule set it: the contract rate plus the buffer, or the floor."),
  buffer_rate: z.number().describe("The buffer added to the contract rate for this mortgage, a fraction."),
  floor_rate: z
    .number()
    .describe(
      "The floor, a fraction: a set rate (5.25% from June 1, 2021), or before then the Bank of Canada five-year conventional mortgage rate of that week.",
    ),
  insured: z
    .boolean()
    .optional()
    .describe("Echoes the option when given: the rule applied is the one for insured (true) or uninsured mortgages."),
  as_of: AsOfResult,
  breakdown: z.array(
    z.object({ label: z.string(), label_said: Said.describe("`label` as a code and its values."), rate: z.number() }),
  ),
  citations: Citations,
});
export type QualifyingRateResult = z.infer<typeof QualifyingRateResult>;

const StressTest = z.object({
  buffer_rate: z.number().min(0).max(1),
  insured_buffer_rate: z.number().min(0).max(1).optional(),
  floor_rate: z.number().min(0).max(1).nullable(),
  floor_benchmark: z.string().optional(),
  uninsured_covered: z.boolean().optional(),
  all_terms_covered: z.boolean().optional(),
});

/**
 * The minimum qualifying rate of the mortgage stress test (`osfi.b20.stress_test` in force on `asOf`): the greater
 * of the contract rate plus the buffer and the floor rate. `contractRate` is a fraction: 0.045 for 4.5%. Before June 1,
 * 2021 the floor was the Bank of Canada's five-year conventional mortgage rate of the week, and the rule differed for
 * insured and uninsured mortgages: on such a date `insured` must say which, and a mortgage the test did not cover
 * (uninsured before 2018, a five-year fixed term before October 17, 2016) is refused as `not-covered`, saying why.
 */
export const qualifyingRate = (
  facts: FactSource,
  contractRate: number,
  options: Omit<QualifyingRateOptions, "contractRate"> = {},
): QualifyingRateResult => {
  const read = parseOptions(
    "qualifyingRate",
    QualifyingRateOptions,
    withArgument("qualifyingRate", "contractRate", contractRate, options),
  );
  const asOf = read.asOf ?? todayInBc();
  const { value, used } = requireFactAsOf(facts, "osfi.b20.stress_test", StressTest, asOf);
  const period = `osfi.b20.stress_test${used.version === undefined ? `, the period from ${used.effective_iso}` : ` version ${used.version}`}`;
  const floor = value.floor_rate;
  const benchmark = value.floor_benchmark ?? "a published benchmark rate";
  if (floor === null) {
    // The floor was then a published rate that changed week by week; the facts record which, not its values.
    throw new CalculatorError(
      `on ${asOf} the stress test's floor was ${benchmark}, which changed over time and is not recorded here for that date, so the qualifying rate cannot be computed; it was the greater of the contract rate${value.buffer_rate > 0 ? ` plus ${formatPercent(value.buffer_rate)}` : ""} and that rate (${period})`,
      { reason: "not-recorded", fact_id: "osfi.b20.stress_test", date: asOf },
    );
  }
  // Before June 1, 2021 the floor was a published rate's figure for the week, which the period records. A sentence that
  // names the floor has a code for each: `-benchmark` where it names the published rate.
  const benchmarkNamed = value.floor_benchmark === undefined ? "" : "-benchmark";
  const floorValues = {
    floor: { rate: floor },
    ...(value.floor_benchmark === undefined ? {} : { benchmark: { name: benchmark } }),
  };
  const floorWords =
    value.floor_benchmark === undefined
      ? `the floor of ${formatPercent(floor)}`
      : `the ${benchmark}, ${formatPercent(floor)} that week`;
  /**
   * A mortgage the rule did not cover on `asOf`: the message says the date and the period; the sentence as a code is
   * what it says of them (the page names the rule and the date itself).
   */
  const notCovered = (code: SaidCode, why: string): CalculatorError =>
    new CalculatorError(`on ${asOf} ${why} (${period})`, {
      reason: "not-covered",
      fact_id: "osfi.b20.stress_test",
      date: asOf,
      said: saidOf(say(code, floorValues, why)),
    });
  if (value.all_terms_covered === false)
    throw notCovered(
      `qualifying-rate.terms-not-covered${benchmarkNamed}`,
      `the stress test covered only insured mortgages with less than 20% down and a variable rate or a fixed term under five years, qualified at the greater of the contract rate and ${floorWords}; a fixed term of five years or more qualified at its contract rate, and other mortgages had no set qualifying rate, so which applied depends on the term`,
    );
  const differs = value.insured_buffer_rate !== undefined || value.uninsured_covered === false;
  if (differs && read.insured === undefined)
    throw new CalculatorError(
      `on ${asOf} the qualifying rate depended on whether the mortgage was insured (${period}): give insured: true for a mortgage with less than 20% down, false otherwise`,
      { reason: "invalid-option", option: "insured", fact_id: "osfi.b20.stress_test", date: asOf },
    );
  if (read.insured === false && value.uninsured_covered === false)
    throw notCovered(
      `qualifying-rate.uninsured-not-covered${benchmarkNamed}`,
      `uninsured mortgages had no set qualifying rate: the stress test covered insured mortgages only, at the greater of the contract rate and ${floorWords}; a lender qualified an uninsured mortgage by its own policy`,
    );
  const buffer = read.insured === true ? (value.insured_buffer_rate ?? value.buffer_rate) : value.buffer_rate;
  const buffered = roundRate(read.contractRate + buffer);
  const rule = buffered >= floor ? "contract-plus-buffer" : "floor";
  const contract = { contract: { rate: read.contractRate } };
  const insuredWords = read.insured ? "insured" : "uninsured";
  const contractLabel =
    buffer > 0
      ? say(
          differs ? `qualifying-rate.contract-plus-buffer-${insuredWords}` : "qualifying-rate.contract-plus-buffer",
          { ...contract, buffer: { rate: buffer } },
          `contract rate ${formatPercent(read.contractRate)} plus the buffer of ${formatPercent(buffer)}${differs ? ` for ${insuredWords} mortgages` : ""}`,
        )
      : say(
          read.insured ? "qualifying-rate.no-buffer-insured" : "qualifying-rate.no-buffer",
          contract,
          `contract rate ${formatPercent(read.contractRate)}, with no buffer for ${read.insured ? "insured" : "these"} mortgages`,
        );
  const floorLabel = value.floor_benchmark === undefined ? "floor rate" : `floor: the ${benchmark} that week`;
  const floorLine = say(
    `qualifying-rate.${value.floor_benchmark === undefined ? "floor" : "benchmark"}-${rule === "floor" ? "applies" : "lower"}`,
    value.floor_benchmark === undefined ? {} : { benchmark: { name: benchmark } },
    `${floorLabel}${rule === "floor" ? ", the greater, so it applies" : ", lower than the contract rate plus the buffer"}`,
  );
  return finished("qualifyingRate", {
    rate: rule === "floor" ? floor : buffered,
    rule,
    buffer_rate: buffer,
    floor_rate: floor,
    ...(read.insured === undefined ? {} : { insured: read.insured }),
    as_of: asOf,
    breakdown: [
      { label: contractLabel.text, label_said: saidOf(contractLabel), rate: buffered },
      { label: floorLine.text, label_said: saidOf(floorLine), rate: floor },
    ],
    citations: [used],
  });
};
