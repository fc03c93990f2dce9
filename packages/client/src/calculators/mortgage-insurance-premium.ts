import { z } from "zod";
import {
  CalculatorError,
  type FactSource,
  type FactUsed,
  formatCad,
  formatPercent,
  readableDate,
  readFactAsOf,
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
  PositiveAmountOption,
  parseOptions,
  withArgument,
} from "./calculator-options.ts";

export const MinimumDownPaymentOptions = z.strictObject({
  price: PositiveAmountOption.describe("The purchase price, in dollars."),
  amortizationYears: AmortizationYearsOption.optional().describe(
    "The amortization, a whole number of years: where an insured loan may not have it for this buyer on asOf, insurance is not available and the minimum is the uninsured one. Without it, the minimum where insurance is available.",
  ),
  firstTimeBuyer: FlagOption.optional().describe(
    "At least one borrower is a first-time home buyer (with amortizationYears: for an insured amortization over 25 years).",
  ),
  newlyBuilt: FlagOption.optional().describe(
    "The home is newly built, never occupied (with amortizationYears: for an insured amortization over 25 years).",
  ),
  asOf: AsOfOption,
});
export type MinimumDownPaymentOptions = z.input<typeof MinimumDownPaymentOptions>;

export const MinimumDownPaymentResult = z.object({
  minimum: z.number().describe("The smallest down payment a lender may accept, in dollars."),
  insurable: z
    .boolean()
    .describe(
      "Whether mortgage default insurance is available: at this price (below the insured price cap) and, with amortizationYears, for this amortization and buyer on as_of (cmhc.amortization_30yr_eligibility, cmhc.mortgage_insurance_premiums). When false the minimum is the uninsured one on the whole price (cmhc.insurance_cap's min_down_payment_rate_uninsured, 20%).",
    ),
  reason: z
    .string()
    .nullable()
    .describe(
      'Why insurance is not available, as "needs 20% down: " and the rule that makes it so; null when it is available.',
    ),
  price_cap: z.number().describe("The insured price cap in force on as_of: insurance is available below it."),
  as_of: AsOfResult,
  breakdown: z.array(z.object({ label: z.string(), base: z.number(), rate: z.number(), amount: z.number() })),
  citations: Citations,
});
export type MinimumDownPaymentResult = z.infer<typeof MinimumDownPaymentResult>;

const Bracket = z.object({ upper: z.number().positive(), rate: z.number().min(0).max(1) });
export const InsuranceRules = z.object({
  insured_price_cap_exclusive: z.number().positive(),
  // Needed only below the cap: the first version records the cap and the uninsured rate but not the brackets.
  min_down_payment_brackets: z.array(Bracket).min(1).optional(),
  min_down_payment_rate_uninsured: z.number().min(0).max(1),
});

/**
 * The minimum down payment on a purchase price, from `cmhc.insurance_cap` in force on `asOf`: below the insured
 * price cap, each bracket's rate on the part of the price within it (5% of the first $500,000, 10% of the rest); at
 * or above the cap, where default insurance is not available, the uninsured rate on the whole price. With
 * `amortizationYears`, insurance is also not available below the cap where an insured loan may not be amortized
 * that long for this buyer on `asOf` (`insuredAmortization`), and the minimum is then the uninsured one too. Below
 * the cap, where insurance is available, a version that does not record the brackets is refused with the fact, the
 * date and the path.
 */
export const minimumDownPayment = (
  facts: FactSource,
  price: number,
  options: Omit<MinimumDownPaymentOptions, "price"> = {},
): MinimumDownPaymentResult => {
  const read = parseOptions(
    "minimumDownPayment",
    MinimumDownPaymentOptions,
    withArgument("minimumDownPayment", "price", price, options),
  );
  const asOf = read.asOf ?? todayInBc();
  const { value, used } = requireFactAsOf(facts, "cmhc.insurance_cap", InsuranceRules, asOf);
  const cap = value.insured_price_cap_exclusive;
  const uninsuredRate = value.min_down_payment_rate_uninsured;
  /** The uninsured minimum on the whole price, where insurance is not available for `why`. */
  const uninsured = (why: string, citations: FactUsed[]): MinimumDownPaymentResult => {
    const amount = roundCents(read.price * uninsuredRate);
    return finished("minimumDownPayment", {
      minimum: amount,
      insurable: false,
      reason: `needs ${formatPercent(uninsuredRate)} down: ${why}`,
      price_cap: cap,
      as_of: asOf,
      breakdown: [
        {
          label: `whole price: ${why}, so the uninsured minimum applies`,
          base: read.price,
          rate: uninsuredRate,
          amount,
        },
      ],
      citations,
    });
  };
  if (read.price >= cap)
    return uninsured(
      `the price is at or above the insured price cap of ${formatCad(cap)}, where default insurance is not available`,
      [used],
    );
  if (read.amortizationYears !== undefined) {
    const { value: ratio } = requireFactAsOf(facts, "cmhc.insurance_cap", InsuredRatio, asOf);
    const schedule = requireFactAsOf(facts, "cmhc.mortgage_insurance_premiums", PremiumSchedule, asOf);
    const buyer = { firstTimeBuyer: read.firstTimeBuyer ?? false, newlyBuilt: read.newlyBuilt ?? false };
    const check = insuredAmortization(
      facts,
      read.amortizationYears,
      buyer,
      asOf,
      schedule,
      ratio.high_ratio_threshold_ltv,
    );
    if (check.refused !== undefined)
      return uninsured(`default insurance is not available, as ${check.refused}`, [
        used,
        schedule.used,
        ...check.citations,
      ]);
  }
  if (value.min_down_payment_brackets === undefined) {
    throw new CalculatorError(
      `cmhc.insurance_cap (version ${used.version}, in force on ${asOf}) at $.value.min_down_payment_brackets: that version does not record the minimum down payment below its cap of ${formatCad(cap)}`,
      {
        reason: "not-recorded",
        fact_id: "cmhc.insurance_cap",
        date: asOf,
        ...(used.version === undefined ? {} : { version: used.version }),
      },
    );
  }
  const breakdown: MinimumDownPaymentResult["breakdown"] = [];
  let lower = 0;
  for (const bracket of value.min_down_payment_brackets) {
    const portion = Math.min(read.price, bracket.upper) - lower;
    if (portion > 0)
      breakdown.push({
        label: `${formatCad(lower)} to ${formatCad(bracket.upper)} of the price`,
        base: portion,
        rate: bracket.rate,
        amount: roundCents(portion * bracket.rate),
      });
    lower = bracket.upper;
  }
  return finished("minimumDownPayment", {
    minimum: roundCents(breakdown.reduce((sum, line) => sum + line.amount, 0)),
    insurable: true,
    reason: null,
    price_cap: cap,
    as_of: asOf,
    breakdown,
    citations: [used],
  });
};

export const MortgageInsurancePremiumOptions = z.strictObject({
  price: PositiveAmountOption.describe("The purchase price, in dollars."),
  downPayment: AmountOption.describe("The down payment, in dollars, at most the price."),
  amortizationYears: AmortizationYearsOption.describe("The amortization, a whole number of years (25 or 30)."),
  firstTimeBuyer: FlagOption.optional().describe(
    "At least one borrower is a first-time home buyer (for an amortization over 25 years).",
  ),
  newlyBuilt: FlagOption.optional().describe(
    "The home is newly built, never occupied (for an amortization over 25 years).",
  ),
  nonTraditionalDownPayment: FlagOption.optional().describe(
    "The down payment comes from a non-traditional source (for example borrowed), which has its own premium above 90% loan-to-value where the schedule in force has one.",
  ),
  asOf: AsOfOption,
});
export type MortgageInsurancePremiumOptions = z.input<typeof MortgageInsurancePremiumOptions>;

export const MortgageInsurancePremiumResult = z.object({
  required: z
    .boolean()
    .describe(
      "Whether default insurance is required: only for a high-ratio loan, above the loan-to-value of cmhc.insurance_cap's high_ratio_threshold_ltv (less than 20% down). When false there is no premium: rate is null, premium 0 and loan_with_premium equals loan.",
    ),
  insurable: z.boolean().describe("Whether the loan can be insured on as_of, required or not; reason says why not."),
  reason: z.string().nullable().describe("Why the loan is not insurable; null when it is."),
  ltv: z
    .number()
    .describe(
      "Loan-to-value: the loan before the premium over the price, a fraction to four decimals (a percentage to two).",
    ),
  rate: z
    .number()
    .nullable()
    .describe(
      "The premium rate on the total loan, surcharge included, a fraction; null when insurance is not required or not available.",
    ),
  low_ratio_rate: z
    .number()
    .nullable()
    .describe(
      "Only when insurance is not required and the price is below the cap: the schedule's rate for this loan-to-value (with the surcharge over 25 years where the schedule has one), for optional insurance a lender may arrange on a low-ratio loan; never charged by this calculation. Null otherwise.",
    ),
  premium: z.number().describe("The premium, in dollars; 0 when none is charged."),
  loan: z.number().describe("The price less the down payment."),
  loan_with_premium: z.number().describe("The loan with the premium added to it, as the premium is financed."),
  as_of: AsOfResult,
  breakdown: Breakdown,
  citations: Citations,
});
export type MortgageInsurancePremiumResult = z.infer<typeof MortgageInsurancePremiumResult>;

const PremiumSchedule = z.object({
  premium_rates_on_total_loan: z
    .array(z.object({ ltv_max: z.number().gt(0).max(1), rate: z.number().min(0).max(1) }))
    .min(1),
  // null: the schedule in force has no separate rate for a non-traditional down payment (CMHC's has none since
  // 2020-07-01).
  non_traditional_down_payment_rate: z.number().min(0).max(1).nullable(),
  non_traditional_down_payment_ltv_min: z.number().min(0).max(1),
  // null: the schedule in force has no rate for an amortization over `amortization_surcharge_over_years`.
  amortization_surcharge_rate: z.number().min(0).max(1).nullable(),
  amortization_surcharge_over_years: z.number().positive(),
  premium_added_to_loan: z.boolean(),
  provincial_sales_tax_on_premium: z.object({ applies_in_bc: z.boolean() }),
});

const Eligibility = z.object({
  max_amortization_years: z.number().positive(),
  standard_insured_max_amortization_years: z.number().positive(),
  eligible_buyers: z.array(z.string()).min(1),
});
const InsuredRatio = z.object({ high_ratio_threshold_ltv: z.number().gt(0).max(1) });

/** The buyers each entry of `eligible_buyers` covers, as a sentence names them. */
const ELIGIBLE_BUYERS_IN_WORDS: Record<string, string> = {
  "first-time home buyers purchasing a newly built home": "first-time home buyers buying a newly built home",
  "all first-time home buyers (new or resale homes)": "first-time home buyers",
  "all buyers of newly built homes": "buyers of newly built homes",
};

const listInWords = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

/**
 * Who each entry of `cmhc.amortization_30yr_eligibility`'s `eligible_buyers` covers. The fact states them in words;
 * an entry not listed here is refused with its path rather than guessed at.
 */
const ELIGIBLE_BUYERS: Record<string, (buyer: { firstTimeBuyer: boolean; newlyBuilt: boolean }) => boolean> = {
  "first-time home buyers purchasing a newly built home": (buyer) => buyer.firstTimeBuyer && buyer.newlyBuilt,
  "all first-time home buyers (new or resale homes)": (buyer) => buyer.firstTimeBuyer,
  "all buyers of newly built homes": (buyer) => buyer.newlyBuilt,
};

type Buyer = { firstTimeBuyer: boolean; newlyBuilt: boolean };

/** What `insuredAmortization` finds for one amortization, buyer and date. */
interface InsuredAmortization {
  /** Why a high-ratio loan may not be amortized over these years for this buyer on this date; undefined when it may. */
  refused: string | undefined;
  /** The breakdown's line naming the rule that allows an amortization over the standard one, where one does. */
  allowedAs: string | undefined;
  /** The facts read beside the premium schedule: `cmhc.amortization_30yr_eligibility` where it is in force. */
  citations: FactUsed[];
}

/**
 * Whether a high-ratio (insured) loan may be amortized over `years` for this buyer on `asOf`: up to the premium
 * schedule's `amortization_surcharge_over_years` always; longer only where `cmhc.amortization_30yr_eligibility` is in
 * force on that date, allows that many years and covers this buyer, and the schedule has a rate for it. Where it may
 * not, insurance is not available for the loan, and the down payment must leave it at or below `threshold` (the
 * high-ratio loan-to-value).
 */
const insuredAmortization = (
  facts: FactSource,
  years: number,
  buyer: Buyer,
  asOf: string,
  schedule: { value: z.infer<typeof PremiumSchedule>; used: FactUsed },
  threshold: number,
): InsuredAmortization => {
  const surchargeOver = schedule.value.amortization_surcharge_over_years;
  const none = { refused: undefined, allowedAs: undefined, citations: [] };
  if (years <= surchargeOver) return none;
  const lowRatioDown = formatPercent(roundRate(1 - threshold));
  const read = readFactAsOf(facts, "cmhc.amortization_30yr_eligibility", Eligibility, asOf);
  if (read.value === undefined) {
    const first = (read as { first_iso: string }).first_iso;
    return {
      ...none,
      refused: `an insured loan with less than ${lowRatioDown} down is amortized over at most ${surchargeOver} years on ${readableDate(asOf)}; longer amortizations for such loans began on ${readableDate(first)}`,
    };
  }
  const eligibility = read as { value: z.infer<typeof Eligibility>; used: FactUsed };
  const citations = [eligibility.used];
  const covers = eligibility.value.eligible_buyers.map((words, index) => {
    const rule = ELIGIBLE_BUYERS[words];
    if (!rule) {
      throw new CalculatorError(
        `cmhc.amortization_30yr_eligibility (version ${eligibility.used.version}, in force on ${asOf}) at $.value.eligible_buyers[${index}]: this calculator does not know who "${words}" covers`,
        {
          reason: "value-unreadable",
          fact_id: "cmhc.amortization_30yr_eligibility",
          date: asOf,
          ...(eligibility.used.version === undefined ? {} : { version: eligibility.used.version }),
          path: `$.value.eligible_buyers[${index}]`,
        },
      );
    }
    return rule(buyer) ? words : undefined;
  });
  const eligibleAs = covers.find((words) => words !== undefined);
  if (years > eligibility.value.max_amortization_years)
    return {
      ...none,
      citations,
      refused: `an insured loan with less than ${lowRatioDown} down is amortized over at most ${eligibility.value.max_amortization_years} years`,
    };
  if (years > eligibility.value.standard_insured_max_amortization_years && eligibleAs === undefined)
    return {
      ...none,
      citations,
      refused: `a ${years}-year amortization on an insured loan is only for ${listInWords(eligibility.value.eligible_buyers.map((words) => ELIGIBLE_BUYERS_IN_WORDS[words] ?? words))}${eligibility.used.effective_iso ? ` (since ${readableDate(eligibility.used.effective_iso)})` : ""}; this purchase is ${eligibility.value.eligible_buyers.length > 1 ? "neither" : "not one"}`,
    };
  const allowedAs =
    eligibleAs === undefined
      ? undefined
      : `amortization of ${years} years allowed for ${eligibleAs} (cmhc.amortization_30yr_eligibility on ${asOf})`;
  if (schedule.value.amortization_surcharge_rate === null)
    return {
      refused: `the premium schedule in force on ${asOf} (cmhc.mortgage_insurance_premiums) has no rate for an amortization over ${surchargeOver} years`,
      allowedAs,
      citations,
    };
  return { refused: undefined, allowedAs, citations };
};

type Base = Omit<
  MortgageInsurancePremiumResult,
  "insurable" | "reason" | "rate" | "low_ratio_rate" | "premium" | "loan_with_premium"
>;

const notInsurable = (base: Base, reason: string): MortgageInsurancePremiumResult =>
  finished("mortgageInsurancePremium", {
    ...base,
    insurable: false,
    reason,
    rate: null,
    low_ratio_rate: null,
    premium: 0,
    loan_with_premium: base.loan,
    breakdown: [...base.breakdown, `not insurable: ${reason}`],
  });

/**
 * The mortgage default insurance premium on a purchase, from `cmhc.mortgage_insurance_premiums` in force on `asOf`:
 * the rate of the loan-to-value band (each band's `ltv_max` is inclusive), or the non-traditional down payment
 * rate above its loan-to-value where the schedule has one, plus the surcharge for an amortization over 25 years
 * where it has one, on the whole loan; the premium
 * is added to the loan. Not insurable, each with its reason: at or above the insured price cap, below the minimum
 * down payment (`cmhc.insurance_cap`), above the highest band, or a high-ratio loan amortized over the standard
 * maximum when `cmhc.amortization_30yr_eligibility` does not allow the longer one for this buyer on that date.
 */
export const mortgageInsurancePremium = (
  facts: FactSource,
  options: MortgageInsurancePremiumOptions,
): MortgageInsurancePremiumResult => {
  const read = parseOptions("mortgageInsurancePremium", MortgageInsurancePremiumOptions, options);
  const { price, downPayment, amortizationYears: years } = read;
  if (downPayment > price) {
    throw new CalculatorError(`downPayment (${downPayment}) must not be more than price (${price})`, {
      reason: "invalid-option",
      option: "downPayment",
    });
  }
  const buyer = { firstTimeBuyer: read.firstTimeBuyer ?? false, newlyBuilt: read.newlyBuilt ?? false };
  const nonTraditional = read.nonTraditionalDownPayment ?? false;
  const asOf = read.asOf ?? todayInBc();

  const loan = roundCents(price - downPayment);
  // Loan-to-value in percent to two decimals, the precision CMHC writes its bands in ("90.01% to 95%"): a loan of
  // $400,000 on $444,444.44 is 90.00%, not 90.000001%.
  const ltv = Math.round((loan / price) * 10_000) / 10_000;
  const minimum = minimumDownPayment(facts, price, { asOf });
  const ratio = requireFactAsOf(facts, "cmhc.insurance_cap", InsuredRatio, asOf);
  const threshold = ratio.value.high_ratio_threshold_ltv;
  // Whether insurance is required is decided on the exact amounts, not on the rounded loan-to-value: $99,980 down on
  // $500,000 is 80.004%, which rounds to 80.00% but is a high-ratio loan. (The tolerance only absorbs float noise.)
  const required = loan / price > threshold + 1e-12;
  const citations = [...minimum.citations];
  const base: Base = {
    required,
    ltv,
    loan,
    as_of: asOf,
    breakdown: [
      `loan ${formatCad(price)} − ${formatCad(downPayment)} down = ${formatCad(loan)}, ${formatPercent(roundRate(ltv))} of the price`,
    ],
    citations,
  };
  const capReason = `the price is at or above the insured price cap of ${formatCad(minimum.price_cap)}: insurance is not available, and a down payment of at least ${formatCad(minimum.minimum)} (${formatPercent(roundRate(minimum.minimum / price))}) is the minimum`;
  if (!required) {
    // A conventional mortgage: the premium schedule is for high-ratio loans, so none is charged or added to the loan.
    const notRequired = {
      ...base,
      breakdown: [
        ...base.breakdown,
        `insurance not required: the loan is ${formatPercent(roundRate(ltv))} of the price, not above the high-ratio threshold of ${formatPercent(threshold)}, so no premium is added`,
      ],
    };
    if (!minimum.insurable) return notInsurable(notRequired, capReason);
    const read = readFactAsOf(facts, "cmhc.mortgage_insurance_premiums", PremiumSchedule, asOf);
    let lowRatioRate: number | null = null;
    if (read.value !== undefined) {
      const schedule = read as { value: z.infer<typeof PremiumSchedule>; used: FactUsed };
      const band = [...schedule.value.premium_rates_on_total_loan]
        .sort((a, b) => a.ltv_max - b.ltv_max)
        .find((each) => ltv <= each.ltv_max);
      const surcharge =
        years > schedule.value.amortization_surcharge_over_years ? schedule.value.amortization_surcharge_rate : 0;
      if (band !== undefined && surcharge !== null) {
        lowRatioRate = roundRate(band.rate + surcharge);
        citations.push(schedule.used);
        notRequired.breakdown.push(
          `if a lender arranges optional insurance on this loan, the schedule's rate is ${formatPercent(lowRatioRate)}; it is not added here`,
        );
      }
    }
    return finished("mortgageInsurancePremium", {
      ...notRequired,
      insurable: true,
      reason: null,
      rate: null,
      low_ratio_rate: lowRatioRate,
      premium: 0,
      loan_with_premium: loan,
    });
  }
  if (!minimum.insurable) return notInsurable(base, capReason);
  if (downPayment < minimum.minimum) {
    return notInsurable(base, `the down payment is below the minimum of ${formatCad(minimum.minimum)} for this price`);
  }
  const schedule = requireFactAsOf(facts, "cmhc.mortgage_insurance_premiums", PremiumSchedule, asOf);
  citations.push(schedule.used);
  const bands = [...schedule.value.premium_rates_on_total_loan].sort((a, b) => a.ltv_max - b.ltv_max);
  // Above the threshold by less than the rounding, the loan is in the first band above it.
  const band = bands.find((each) => each.ltv_max > threshold && ltv <= each.ltv_max);
  if (!band) {
    return notInsurable(
      base,
      `the loan is ${formatPercent(ltv)} of the price, above the highest band of ${formatPercent(bands.at(-1)!.ltv_max)}`,
    );
  }
  const lowerBound = bands[bands.indexOf(band) - 1]?.ltv_max;
  const breakdown = [...base.breakdown];
  let rate = band.rate;
  breakdown.push(
    `premium rate ${formatPercent(band.rate)}: the band ${lowerBound === undefined ? "up to" : `above ${formatPercent(lowerBound)} up to`} and including ${formatPercent(band.ltv_max)}`,
  );
  if (nonTraditional && ltv > schedule.value.non_traditional_down_payment_ltv_min) {
    const nonTraditionalRate = schedule.value.non_traditional_down_payment_rate;
    if (nonTraditionalRate === null) {
      breakdown.push(
        `the schedule in force on ${asOf} has no separate rate for a non-traditional down payment: the band's rate applies`,
      );
    } else {
      rate = nonTraditionalRate;
      breakdown.push(
        `non-traditional down payment above ${formatPercent(schedule.value.non_traditional_down_payment_ltv_min)} loan-to-value: ${formatPercent(rate)} instead`,
      );
    }
  }

  const surchargeOver = schedule.value.amortization_surcharge_over_years;
  if (years > surchargeOver) {
    const check = insuredAmortization(facts, years, buyer, asOf, schedule, threshold);
    citations.push(...check.citations);
    if (check.allowedAs !== undefined) breakdown.push(check.allowedAs);
    if (check.refused !== undefined) return notInsurable({ ...base, breakdown }, check.refused);
    // Not refused: the schedule has a rate over the standard amortization.
    const surcharge = schedule.value.amortization_surcharge_rate!;
    rate = roundRate(rate + surcharge);
    breakdown.push(
      `plus ${formatPercent(surcharge)} for an amortization over ${surchargeOver} years: ${formatPercent(rate)}`,
    );
  }

  const premium = roundCents(loan * rate);
  breakdown.push(`premium ${formatPercent(rate)} × ${formatCad(loan)} = ${formatCad(premium)}`);
  const added = schedule.value.premium_added_to_loan;
  breakdown.push(
    added
      ? `the premium is added to the loan: ${formatCad(roundCents(loan + premium))}`
      : "the premium is paid separately, not added to the loan",
  );
  breakdown.push(
    schedule.value.provincial_sales_tax_on_premium.applies_in_bc
      ? "provincial sales tax applies to the premium in B.C. by this fact; the calculator does not add it"
      : "no provincial sales tax on the premium in B.C.",
  );
  return finished("mortgageInsurancePremium", {
    required,
    insurable: true,
    reason: null,
    low_ratio_rate: null,
    ltv,
    rate,
    premium,
    loan,
    loan_with_premium: added ? roundCents(loan + premium) : loan,
    as_of: asOf,
    breakdown,
    citations,
  });
};
