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
import { breakdownFields, Said, type SaidCode, SaidList, type SaidValue, type Sentence, saidOf, say } from "./said.ts";

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
  reason_said: Said.nullable().describe("`reason` as a code and its values; null when it is."),
  price_cap: z.number().describe("The insured price cap in force on as_of: insurance is available below it."),
  as_of: AsOfResult,
  breakdown: z.array(
    z.object({
      label: z.string(),
      label_said: Said.describe("`label` as a code and its values."),
      base: z.number(),
      rate: z.number(),
      amount: z.number(),
    }),
  ),
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
  /** The uninsured minimum on the whole price, where insurance is not available for `refusal`'s reason. */
  const uninsured = (refusal: Refusal<MinimumRefusal>, citations: FactUsed[]): MinimumDownPaymentResult => {
    const amount = roundCents(read.price * uninsuredRate);
    const why = refusal.why === "cap" ? refusal.text : `default insurance is not available, as ${refusal.text}`;
    const reason = say(
      `minimum-down.needs-uninsured-${refusal.why}`,
      { uninsuredRate: { rate: uninsuredRate }, ...refusal.values },
      `needs ${formatPercent(uninsuredRate)} down: ${why}`,
    );
    const label = say(
      `minimum-down.whole-price-${refusal.why}`,
      refusal.values,
      `whole price: ${why}, so the uninsured minimum applies`,
    );
    return finished("minimumDownPayment", {
      minimum: amount,
      insurable: false,
      reason: reason.text,
      reason_said: saidOf(reason),
      price_cap: cap,
      as_of: asOf,
      breakdown: [{ label: label.text, label_said: saidOf(label), base: read.price, rate: uninsuredRate, amount }],
      citations,
    });
  };
  if (read.price >= cap)
    return uninsured(
      {
        why: "cap",
        values: { cap: { money: cap } },
        text: `the price is at or above the insured price cap of ${formatCad(cap)}, where default insurance is not available`,
      },
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
    if (check.refused !== undefined) return uninsured(check.refused, [used, schedule.used, ...check.citations]);
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
    if (portion > 0) {
      const label = say(
        "minimum-down.bracket",
        { lower: { money: lower }, upper: { money: bracket.upper } },
        `${formatCad(lower)} to ${formatCad(bracket.upper)} of the price`,
      );
      breakdown.push({
        label: label.text,
        label_said: saidOf(label),
        base: portion,
        rate: bracket.rate,
        amount: roundCents(portion * bracket.rate),
      });
    }
    lower = bracket.upper;
  }
  return finished("minimumDownPayment", {
    minimum: roundCents(breakdown.reduce((sum, line) => sum + line.amount, 0)),
    insurable: true,
    reason: null,
    reason_said: null,
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
  reason_said: Said.nullable().describe("`reason` as a code and its values; null when it is."),
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
  breakdown_said: SaidList,
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

type Buyer = { firstTimeBuyer: boolean; newlyBuilt: boolean };

/**
 * Who each entry of `cmhc.amortization_30yr_eligibility`'s `eligible_buyers` covers, and the code of the breakdown's
 * line saying that an amortization is allowed for them. The fact states them in words; an entry not listed here is
 * refused with its path rather than guessed at.
 */
const ELIGIBLE_BUYERS: Record<string, { covers: (buyer: Buyer) => boolean; allowed: SaidCode }> = {
  "first-time home buyers purchasing a newly built home": {
    covers: (buyer) => buyer.firstTimeBuyer && buyer.newlyBuilt,
    allowed: "insurance.allowed-first-time-new-home",
  },
  "all first-time home buyers (new or resale homes)": {
    covers: (buyer) => buyer.firstTimeBuyer,
    allowed: "insurance.allowed-first-time",
  },
  "all buyers of newly built homes": {
    covers: (buyer) => buyer.newlyBuilt,
    allowed: "insurance.allowed-new-home",
  },
};

/**
 * Who a longer amortization is for, by whom the fact's entries cover together (each covers a first-time buyer of a
 * newly built home), and how a sentence names them and says that this purchase is not among them.
 */
const ONLY_FOR = {
  "only-first-time-new-home": { who: "first-time home buyers buying a newly built home", not: "not one" },
  "only-first-time": { who: "first-time home buyers", not: "not one" },
  "only-new-home": { who: "buyers of newly built homes", not: "not one" },
  "only-first-time-or-new-home": { who: "first-time home buyers and buyers of newly built homes", not: "neither" },
} as const;

const onlyFor = (covered: (buyer: Buyer) => boolean): keyof typeof ONLY_FOR => {
  const firstTimeResale = covered({ firstTimeBuyer: true, newlyBuilt: false });
  const newNotFirstTime = covered({ firstTimeBuyer: false, newlyBuilt: true });
  if (firstTimeResale && newNotFirstTime) return "only-first-time-or-new-home";
  if (firstTimeResale) return "only-first-time";
  return newNotFirstTime ? "only-new-home" : "only-first-time-new-home";
};

/** Why a high-ratio loan may not be amortized over the years asked for this buyer on a date. */
type AmortizationRefusal = "longer-not-yet" | "over-max" | keyof typeof ONLY_FOR | "no-surcharge-rate";
/** Why the minimum down payment is the uninsured one. */
type MinimumRefusal = "cap" | AmortizationRefusal;
/** Why a loan cannot be insured. */
type PremiumRefusal = "cap" | "below-minimum" | "above-band" | AmortizationRefusal;

/**
 * Why insurance is not available, in words and as what it is (`why`) with the values it names: each sentence that
 * gives the reason (the minimum's reason and line, the premium's reason and line) has a code for each `why`.
 */
interface Refusal<Why extends string> {
  why: Why;
  values: Record<string, SaidValue>;
  text: string;
}

/** What `insuredAmortization` finds for one amortization, buyer and date. */
interface InsuredAmortization {
  /** Why a high-ratio loan may not be amortized over these years for this buyer on this date; undefined when it may. */
  refused: Refusal<AmortizationRefusal> | undefined;
  /** The breakdown's line naming the rule that allows an amortization over the standard one, where one does. */
  allowedAs: Sentence | undefined;
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
  const lowRatioDown = roundRate(1 - threshold);
  const read = readFactAsOf(facts, "cmhc.amortization_30yr_eligibility", Eligibility, asOf);
  if (read.value === undefined) {
    const first = (read as { first_iso: string }).first_iso;
    return {
      ...none,
      refused: {
        why: "longer-not-yet",
        values: {
          lowRatioDown: { rate: lowRatioDown },
          years: { number: surchargeOver },
          date: { date: asOf },
          first: { date: first },
        },
        text: `an insured loan with less than ${formatPercent(lowRatioDown)} down is amortized over at most ${surchargeOver} years on ${readableDate(asOf)}; longer amortizations for such loans began on ${readableDate(first)}`,
      },
    };
  }
  const eligibility = read as { value: z.infer<typeof Eligibility>; used: FactUsed };
  const citations = [eligibility.used];
  const entries = eligibility.value.eligible_buyers.map((words, index) => {
    const entry = ELIGIBLE_BUYERS[words];
    if (!entry) {
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
    return { words, ...entry };
  });
  const eligibleAs = entries.find((entry) => entry.covers(buyer));
  const max = eligibility.value.max_amortization_years;
  if (years > max)
    return {
      ...none,
      citations,
      refused: {
        why: "over-max",
        values: { lowRatioDown: { rate: lowRatioDown }, years: { number: max } },
        text: `an insured loan with less than ${formatPercent(lowRatioDown)} down is amortized over at most ${max} years`,
      },
    };
  if (years > eligibility.value.standard_insured_max_amortization_years && eligibleAs === undefined) {
    const why = onlyFor((each) => entries.some((entry) => entry.covers(each)));
    // A version is found by the day it took effect: a period in force on a date has one.
    const since = eligibility.used.effective_iso!;
    return {
      ...none,
      citations,
      refused: {
        why,
        values: { years: { number: years }, since: { date: since } },
        text: `a ${years}-year amortization on an insured loan is only for ${ONLY_FOR[why].who} (since ${readableDate(since)}); this purchase is ${ONLY_FOR[why].not}`,
      },
    };
  }
  const allowedAs =
    eligibleAs === undefined
      ? undefined
      : say(
          eligibleAs.allowed,
          { years: { number: years }, fact: { fact: "cmhc.amortization_30yr_eligibility" }, date: { date: asOf } },
          `amortization of ${years} years allowed for ${eligibleAs.words} (cmhc.amortization_30yr_eligibility on ${asOf})`,
        );
  if (schedule.value.amortization_surcharge_rate === null)
    return {
      refused: {
        why: "no-surcharge-rate",
        values: {
          date: { date: asOf },
          fact: { fact: "cmhc.mortgage_insurance_premiums" },
          years: { number: surchargeOver },
        },
        text: `the premium schedule in force on ${asOf} (cmhc.mortgage_insurance_premiums) has no rate for an amortization over ${surchargeOver} years`,
      },
      allowedAs,
      citations,
    };
  return { refused: undefined, allowedAs, citations };
};

/** What every premium result states, before whether the loan is insurable: the loan and the first lines. */
interface Base {
  required: boolean;
  ltv: number;
  loan: number;
  as_of: string;
  breakdown: Sentence[];
  citations: FactUsed[];
}

const notInsurable = (base: Base, refusal: Refusal<PremiumRefusal>): MortgageInsurancePremiumResult => {
  const reason = say(`insurance.refused-${refusal.why}`, refusal.values, refusal.text);
  return finished("mortgageInsurancePremium", {
    ...base,
    insurable: false,
    reason: reason.text,
    reason_said: saidOf(reason),
    rate: null,
    low_ratio_rate: null,
    premium: 0,
    loan_with_premium: base.loan,
    ...breakdownFields([
      ...base.breakdown,
      say(`insurance.not-insurable-${refusal.why}`, refusal.values, `not insurable: ${refusal.text}`),
    ]),
  });
};

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
      say(
        "insurance.loan",
        { price: { money: price }, down: { money: downPayment }, loan: { money: loan }, ltv: { rate: roundRate(ltv) } },
        `loan ${formatCad(price)} − ${formatCad(downPayment)} down = ${formatCad(loan)}, ${formatPercent(roundRate(ltv))} of the price`,
      ),
    ],
    citations,
  };
  const share = roundRate(minimum.minimum / price);
  const capRefusal: Refusal<PremiumRefusal> = {
    why: "cap",
    values: { cap: { money: minimum.price_cap }, minimum: { money: minimum.minimum }, share: { rate: share } },
    text: `the price is at or above the insured price cap of ${formatCad(minimum.price_cap)}: insurance is not available, and a down payment of at least ${formatCad(minimum.minimum)} (${formatPercent(share)}) is the minimum`,
  };
  if (!required) {
    // A conventional mortgage: the premium schedule is for high-ratio loans, so none is charged or added to the loan.
    const notRequired = {
      ...base,
      breakdown: [
        ...base.breakdown,
        say(
          "insurance.not-required",
          { ltv: { rate: roundRate(ltv) }, threshold: { rate: threshold } },
          `insurance not required: the loan is ${formatPercent(roundRate(ltv))} of the price, not above the high-ratio threshold of ${formatPercent(threshold)}, so no premium is added`,
        ),
      ],
    };
    if (!minimum.insurable) return notInsurable(notRequired, capRefusal);
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
          say(
            "insurance.optional-rate",
            { rate: { rate: lowRatioRate } },
            `if a lender arranges optional insurance on this loan, the schedule's rate is ${formatPercent(lowRatioRate)}; it is not added here`,
          ),
        );
      }
    }
    return finished("mortgageInsurancePremium", {
      ...notRequired,
      ...breakdownFields(notRequired.breakdown),
      insurable: true,
      reason: null,
      reason_said: null,
      rate: null,
      low_ratio_rate: lowRatioRate,
      premium: 0,
      loan_with_premium: loan,
    });
  }
  if (!minimum.insurable) return notInsurable(base, capRefusal);
  if (downPayment < minimum.minimum) {
    return notInsurable(base, {
      why: "below-minimum",
      values: { minimum: { money: minimum.minimum } },
      text: `the down payment is below the minimum of ${formatCad(minimum.minimum)} for this price`,
    });
  }
  const schedule = requireFactAsOf(facts, "cmhc.mortgage_insurance_premiums", PremiumSchedule, asOf);
  citations.push(schedule.used);
  const bands = [...schedule.value.premium_rates_on_total_loan].sort((a, b) => a.ltv_max - b.ltv_max);
  // Above the threshold by less than the rounding, the loan is in the first band above it.
  const band = bands.find((each) => each.ltv_max > threshold && ltv <= each.ltv_max);
  if (!band) {
    const highest = bands.at(-1)!.ltv_max;
    return notInsurable(base, {
      why: "above-band",
      values: { ltv: { rate: ltv }, highest: { rate: highest } },
      text: `the loan is ${formatPercent(ltv)} of the price, above the highest band of ${formatPercent(highest)}`,
    });
  }
  const lowerBound = bands[bands.indexOf(band) - 1]?.ltv_max;
  const breakdown = [...base.breakdown];
  let rate = band.rate;
  breakdown.push(
    lowerBound === undefined
      ? say(
          "insurance.band-rate-first",
          { rate: { rate: band.rate }, upper: { rate: band.ltv_max } },
          `premium rate ${formatPercent(band.rate)}: the band up to and including ${formatPercent(band.ltv_max)}`,
        )
      : say(
          "insurance.band-rate",
          { rate: { rate: band.rate }, lower: { rate: lowerBound }, upper: { rate: band.ltv_max } },
          `premium rate ${formatPercent(band.rate)}: the band above ${formatPercent(lowerBound)} up to and including ${formatPercent(band.ltv_max)}`,
        ),
  );
  if (nonTraditional && ltv > schedule.value.non_traditional_down_payment_ltv_min) {
    const nonTraditionalRate = schedule.value.non_traditional_down_payment_rate;
    if (nonTraditionalRate === null) {
      breakdown.push(
        say(
          "insurance.non-traditional-no-rate",
          { date: { date: asOf } },
          `the schedule in force on ${asOf} has no separate rate for a non-traditional down payment: the band's rate applies`,
        ),
      );
    } else {
      rate = nonTraditionalRate;
      const from = schedule.value.non_traditional_down_payment_ltv_min;
      breakdown.push(
        say(
          "insurance.non-traditional-rate",
          { ltv: { rate: from }, rate: { rate } },
          `non-traditional down payment above ${formatPercent(from)} loan-to-value: ${formatPercent(rate)} instead`,
        ),
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
      say(
        "insurance.surcharge",
        { surcharge: { rate: surcharge }, years: { number: surchargeOver }, rate: { rate } },
        `plus ${formatPercent(surcharge)} for an amortization over ${surchargeOver} years: ${formatPercent(rate)}`,
      ),
    );
  }

  const premium = roundCents(loan * rate);
  breakdown.push(
    say(
      "insurance.premium",
      { rate: { rate }, loan: { money: loan }, premium: { money: premium } },
      `premium ${formatPercent(rate)} × ${formatCad(loan)} = ${formatCad(premium)}`,
    ),
  );
  const added = schedule.value.premium_added_to_loan;
  const withPremium = roundCents(loan + premium);
  breakdown.push(
    added
      ? say(
          "insurance.added-to-loan",
          { loan: { money: withPremium } },
          `the premium is added to the loan: ${formatCad(withPremium)}`,
        )
      : say("insurance.paid-separately", {}, "the premium is paid separately, not added to the loan"),
    schedule.value.provincial_sales_tax_on_premium.applies_in_bc
      ? say(
          "insurance.sales-tax",
          {},
          "provincial sales tax applies to the premium in B.C. by this fact; the calculator does not add it",
        )
      : say("insurance.no-sales-tax", {}, "no provincial sales tax on the premium in B.C."),
  );
  return finished("mortgageInsurancePremium", {
    required,
    insurable: true,
    reason: null,
    reason_said: null,
    low_ratio_rate: null,
    ltv,
    rate,
    premium,
    loan,
    loan_with_premium: added ? withPremium : loan,
    as_of: asOf,
    ...breakdownFields(breakdown),
    citations,
  });
};
