import { z } from "zod";
import {
  atPriceLine,
  gdsLine,
  gdsRoomLine,
  housingLine,
  incomeLine,
  largestLoanLine,
  largestPaymentLine,
  largestPriceLine,
  limitsClauses,
  type NotAllowed,
  noPriceLine,
  notAssessedLine,
  noUninsuredRateLine,
  paymentLine,
  qualifyingRateLine,
  rateTooHigh,
  type Searched,
  searchLine,
  tdsLine,
  tdsRoomLine,
  uninsuredMinimumLine,
  verdictLine,
} from "./affordability-sentences.ts";
import { Assumed, assume, assumptionFields } from "./assumptions.ts";
import {
  CalculatorError,
  type FactSource,
  type FactUsed,
  Fraction,
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
  MAX_AMOUNT,
  PositiveAmountOption,
  parseOptions,
  RateOption,
} from "./calculator-options.ts";
import {
  type MinimumDownPaymentResult,
  type MortgageInsurancePremiumResult,
  minimumDownPayment,
  mortgageInsurancePremium,
} from "./mortgage-insurance-premium.ts";
import { maxPrincipal, monthlyPayment, type QualifyingRateResult, qualifyingRate } from "./mortgage-payment.ts";
import { breakdownFields, type Said, SaidList, type SaidValue, type Sentence, saidOf } from "./said.ts";

export const AffordabilityOptions = z.strictObject({
  annualIncome: PositiveAmountOption.describe(
    "Gross household income a year, before tax, in dollars: every borrower's together.",
  ),
  monthlyDebtPayments: AmountOption.describe(
    "Payments on other debts a month (car and personal loans, credit cards, lines of credit), in dollars; 0 if none.",
  ),
  annualPropertyTax: AmountOption.describe("The home's property tax a year, in dollars."),
  monthlyHeating: AmountOption.describe("The home's heating a month, in dollars."),
  monthlyStrataFee: AmountOption.describe("The strata (condominium) fee a month, in dollars; 0 if none."),
  contractRate: RateOption.describe("The mortgage's contract rate as a fraction: 0.045 for 4.5%."),
  amortizationYears: AmortizationYearsOption.describe("The amortization, a whole number of years (25 or 30)."),
  downPayment: AmountOption.optional().describe(
    "The down payment, in dollars; default the minimum down payment for each price.",
  ),
  price: PositiveAmountOption.optional().describe(
    "A price to test: its loan, the payment at the qualifying rate, both ratios and whether they pass.",
  ),
  firstTimeBuyer: FlagOption.optional().describe(
    "At least one borrower is a first-time home buyer (for an insured amortization over 25 years).",
  ),
  newlyBuilt: FlagOption.optional().describe(
    "The home is newly built, never occupied (for an insured amortization over 25 years).",
  ),
  asOf: AsOfOption,
});
export type AffordabilityOptions = z.input<typeof AffordabilityOptions>;

const Ratio = z.number().describe("A share of gross monthly income, a fraction to four decimals (0.3912 = 39.12%).");

export const AffordabilityResult = z.object({
  qualifying_rate: z
    .number()
    .describe(
      "The stress test's rate the payment is counted at, a fraction (osfi.b20.stress_test). Before June 1, 2021, when insured and uninsured loans qualified differently, the rate for the loan at max_price (if no price fits, an insured one, or an uninsured one where insurance_available is false and such a loan had a rate); the breakdown gives both.",
    ),
  gds_limit: z.number().describe("The highest gross debt service ratio, a fraction (cmhc.debt_service_limits)."),
  tds_limit: z.number().describe("The highest total debt service ratio, a fraction (cmhc.debt_service_limits)."),
  housing_costs_monthly: z
    .number()
    .describe("Property tax ÷ 12, heating and the counted share of the strata fee, in dollars a month."),
  max_payment: z
    .number()
    .describe(
      "The largest monthly principal and interest both ratios allow: the smaller of gds_limit × income ÷ 12 − housing costs and tds_limit × income ÷ 12 − housing costs − debt payments, to the cent below; never negative.",
    ),
  binding: z.enum(["gds", "tds"]).describe("Which ratio sets max_payment."),
  max_loan: z
    .number()
    .describe(
      "The largest loan, any insurance premium included, that max_payment repays at the qualifying rate over the amortization (before June 1, 2021, at the rate for the loan at max_price).",
    ),
  max_price: z
    .number()
    .describe(
      "The largest price, in whole dollars, whose loan (with the premium added when insured) is at most max_loan, with the down payment given or else the minimum for that price (the uninsured one, 20%, where insurance_available is false), insurable where insurance is required; 0 when no price is.",
    ),
  max_price_down_payment: z.number().describe("The down payment at max_price."),
  insurance_available: z
    .boolean()
    .describe(
      "Whether mortgage default insurance is available to this buyer at this amortization on as_of, below the insured price cap (cmhc.amortization_30yr_eligibility, cmhc.mortgage_insurance_premiums). When false, a loan of more than 80% of the price cannot be made: the minimum down payment is the uninsured one, 20% of the price (cmhc.insurance_cap's min_down_payment_rate_uninsured), at every price.",
    ),
  insurance_unavailable_reason: z
    .string()
    .optional()
    .describe(
      'With insurance_available false: why, as "needs 20% down: default insurance is not available, as " and the rule (the amortization an insured loan may have for this buyer on as_of).',
    ),
  max_price_premium: z.number().describe("The insurance premium at max_price; 0 when the loan is not insured."),
  minimum_down_payment: z
    .number()
    .optional()
    .describe(
      "With price: the minimum down payment for the price, this buyer, amortization and date: the insured minimum (cmhc.insurance_cap's brackets) where insurance is available, the uninsured one (20% of the price) where it is not.",
    ),
  down_payment: z.number().optional().describe("With price: the down payment given, or the minimum for the price."),
  loan: z.number().optional().describe("With price: the price less the down payment, with any premium added."),
  premium: z.number().optional().describe("With price: the insurance premium; 0 when the loan is not insured."),
  payment_at_qualifying_rate: z
    .number()
    .optional()
    .describe("With price: the monthly payment on the loan at the qualifying rate."),
  gds: Ratio.optional().describe("With price: (payment + housing costs) ÷ gross monthly income."),
  tds: Ratio.optional().describe("With price: (payment + housing costs + debt payments) ÷ gross monthly income."),
  passes: z
    .boolean()
    .optional()
    .describe(
      "With price: both ratios within their limits, the down payment at least the minimum, and the loan insurable where insurance is required; true exactly when reasons is empty. Absent, with the payment, gds, tds and reasons, where no qualifying rate was set for the loan (20% or more down before 2018): the breakdown says so.",
    ),
  reasons: z
    .array(z.enum(["gds-above-limit", "tds-above-limit", "needs-uninsured-minimum", "below-minimum", "not-insurable"]))
    .optional()
    .describe(
      "With price: why it does not pass, empty when it passes. gds-above-limit and tds-above-limit: a ratio is above its limit (the stress test fails). needs-uninsured-minimum: the down payment is below 20% of the price where insurance is not available (for this buyer, amortization and date, or at or above the price cap), so the purchase needs 20% down, whatever the ratios. below-minimum: the down payment is below the insured minimum for the price. not-insurable: the loan needs insurance and cannot have it for another reason, which the breakdown gives.",
    ),
  as_of: AsOfResult,
  breakdown: Breakdown,
  breakdown_said: SaidList,
  citations: Citations,
  assumptions: z.array(z.string()).describe("What the answer takes as given, and what a lender may weigh besides."),
  assumed: Assumed,
});
export type AffordabilityResult = z.infer<typeof AffordabilityResult>;

const DebtServiceLimits = z.object({
  gds_max: Fraction,
  tds_max: Fraction,
  condo_fee_share_counted: Fraction,
  heating_counted: z.boolean(),
  max_ratios_for: z.string().optional(),
  regulation_gds_max: Fraction.optional(),
  regulation_tds_max: Fraction.optional(),
});

/**
 * The federal ceiling for every insured mortgage where CMHC's limits are below it (35/42 against 39/44 from July 2020
 * to July 2021): another insurer could accept ratios up to that ceiling, so the answer may be stricter than theirs.
 * Undefined otherwise: no insurer may go higher, and a lender may set lower.
 */
const ceilingAbove = (value: z.infer<typeof DebtServiceLimits>): { gds: number; tds: number } | undefined => {
  const { gds_max, tds_max, regulation_gds_max: gdsCeiling, regulation_tds_max: tdsCeiling } = value;
  if (gdsCeiling === undefined || tdsCeiling === undefined || (gds_max >= gdsCeiling && tds_max >= tdsCeiling))
    return undefined;
  return { gds: gdsCeiling, tds: tdsCeiling };
};

/** A computed amount to the cent below, the float noise of the arithmetic (5849.999999…) taken off first. */
const centsBelow = (amount: number): number => Math.floor(Math.round(amount * 1e6) / 1e4) / 100;

const fourDecimals = (fraction: number): number => Math.round(fraction * 10_000) / 10_000;

/** What one price comes to: its down payment, the loan with any premium, and whether the rules allow it. */
interface Priced {
  price: number;
  /** The minimum down payment for the price, this buyer, amortization and date. */
  minimum: MinimumDownPaymentResult;
  down: number;
  insured: MortgageInsurancePremiumResult | undefined;
  loanBeforePremium: number;
  /** The loan repaid: with the premium when it is added to the loan. */
  loan: number;
  premium: number;
  /** The down payment is at least the minimum, and the loan is insurable where insurance is required. */
  allowed: boolean;
  /**
   * What decides the premium and whether the rules allow the price: among prices where it is the same, a higher
   * price means a larger loan.
   */
  rule: string;
}

/**
 * The most pieces of prices searched: a premium schedule has a handful of loan-to-value bands, and the need for
 * insurance, its availability and whether the down payment is enough change a few times more.
 */
const MAX_PIECES = 12;

/**
 * The stress test's rate for a loan that needs insurance and for one that does not: one rate where the rule is the
 * same for both (from June 1, 2021); before then, one each, and for an uninsured loan the refusal that says why the
 * test set no rate for it (before 2018).
 */
interface QualifyingRates {
  insured: QualifyingRateResult;
  uninsured: QualifyingRateResult | CalculatorError;
  same: boolean;
}

const qualifyingRates = (facts: FactSource, contractRate: number, asOf: string): QualifyingRates => {
  try {
    const both = qualifyingRate(facts, contractRate, { asOf });
    return { insured: both, uninsured: both, same: true };
  } catch (error) {
    if (!(error instanceof CalculatorError && error.option === "insured")) throw error;
  }
  const insured = qualifyingRate(facts, contractRate, { asOf, insured: true });
  try {
    return { insured, uninsured: qualifyingRate(facts, contractRate, { asOf, insured: false }), same: false };
  } catch (error) {
    if (error instanceof CalculatorError && error.reason === "not-covered")
      return { insured, uninsured: error, same: false };
    throw error;
  }
};

/**
 * Another calculator's reason, repeated within a line of this one: its English, and its value in the line's code.
 */
const reasonWords = (result: {
  reason: string | null;
  reason_said: Said | null;
}): { text: string; value: SaidValue } => {
  const text = result.reason ?? "";
  return { text, value: result.reason_said === null ? { name: text } : { said: result.reason_said } };
};

/** The stress test's refusal to set a rate for a loan without insurance, repeated within a line of this calculator. */
const errorWords = (error: CalculatorError): { text: string; value: SaidValue } => ({
  text: error.message,
  value: { name: error.message },
});

/**
 * How much a household can borrow and pay on its gross income by the debt service ratios (`cmhc.debt_service_limits`
 * in force on `asOf`), the payment counted at the stress test's qualifying rate (`osfi.b20.stress_test`): the largest
 * payment both ratios leave, the loan it repays, and the largest price that loan buys with the down payment given (or
 * the minimum for each price), the premium added where the loan is insured. With `price`, that price's loan, payment,
 * ratios and whether they pass.
 */
export const affordability = (facts: FactSource, options: AffordabilityOptions): AffordabilityResult => {
  const read = parseOptions("affordability", AffordabilityOptions, options);
  if (read.price !== undefined && read.downPayment !== undefined && read.downPayment > read.price)
    throw new CalculatorError(`downPayment (${read.downPayment}) must not be more than price (${read.price})`, {
      reason: "invalid-option",
      option: "downPayment",
    });
  const asOf = read.asOf ?? todayInBc();
  const years = read.amortizationYears;
  const limits = requireFactAsOf(facts, "cmhc.debt_service_limits", DebtServiceLimits, asOf);
  const rates = qualifyingRates(facts, read.contractRate, asOf);
  for (const qualifying of [rates.insured, rates.uninsured])
    if (!(qualifying instanceof CalculatorError) && qualifying.rate >= 1) {
      const said = rateTooHigh(read.contractRate, qualifying.rate);
      throw new CalculatorError(said.text, {
        reason: "invalid-option",
        option: "contractRate",
        said: saidOf(said),
      });
    }
  const cited = new Map<string, FactUsed>();
  const cite = (used: readonly FactUsed[]): void => {
    for (const each of used) cited.set(`${each.fact_id}#${each.anchor}`, each);
  };
  cite([limits.used]);
  const buyer = { firstTimeBuyer: read.firstTimeBuyer ?? false, newlyBuilt: read.newlyBuilt ?? false };
  /** The minimum down payment at a price for this buyer, amortization and date: 20% where insurance is not available. */
  const minimumAt = (price: number): MinimumDownPaymentResult =>
    minimumDownPayment(facts, price, { asOf, amortizationYears: years, ...buyer });
  // Below the insured price cap (a price of $1 always is), whether insurance is available does not depend on the price.
  const availability = minimumAt(1);
  const insuranceAvailable = availability.insurable;
  cite(rates.insured.citations);
  if (!(rates.uninsured instanceof CalculatorError)) cite(rates.uninsured.citations);

  const { gds_max: gdsLimit, tds_max: tdsLimit, condo_fee_share_counted: strataShare } = limits.value;
  const income = read.annualIncome / 12;
  const heating = limits.value.heating_counted ? read.monthlyHeating : 0;
  const housing = roundCents(read.annualPropertyTax / 12 + heating + strataShare * read.monthlyStrataFee);
  const debts = read.monthlyDebtPayments;
  const gdsRoom = gdsLimit * income - housing;
  const tdsRoom = tdsLimit * income - housing - debts;
  const binding = tdsRoom < gdsRoom ? "tds" : "gds";
  const room = centsBelow(Math.min(gdsRoom, tdsRoom));
  const maxPayment = Math.max(0, room);
  const largestLoan = (qualifying: QualifyingRateResult): number =>
    maxPrincipal({ payment: maxPayment, annualRate: qualifying.rate, amortizationYears: years }).principal;
  const insuredLoan = largestLoan(rates.insured);
  const uninsuredLoan = rates.uninsured instanceof CalculatorError ? undefined : largestLoan(rates.uninsured);
  /** The qualifying rate and largest loan for a loan that needs insurance, or one that does not. */
  const limitFor = (needsInsurance: boolean): { qualifying: QualifyingRateResult; maxLoan: number } | undefined =>
    needsInsurance
      ? { qualifying: rates.insured, maxLoan: insuredLoan }
      : rates.uninsured instanceof CalculatorError || uninsuredLoan === undefined
        ? undefined
        : { qualifying: rates.uninsured, maxLoan: uninsuredLoan };
  const monthlyIncome = roundCents(income);
  const breakdown: Sentence[] = [
    ...(rates.same
      ? [qualifyingRateLine(rates.insured, read.contractRate, "every")]
      : [
          qualifyingRateLine(rates.insured, read.contractRate, "insured"),
          rates.uninsured instanceof CalculatorError
            ? noUninsuredRateLine(errorWords(rates.uninsured))
            : qualifyingRateLine(rates.uninsured, read.contractRate, "uninsured"),
        ]),
    incomeLine(read.annualIncome, monthlyIncome),
    housingLine({
      propertyTax: read.annualPropertyTax,
      heating: limits.value.heating_counted ? read.monthlyHeating : undefined,
      strataShare,
      strataFee: read.monthlyStrataFee,
      housing,
    }),
    gdsRoomLine(gdsLimit, monthlyIncome, housing, roundCents(gdsRoom)),
    tdsRoomLine(tdsLimit, monthlyIncome, housing, debts, roundCents(tdsRoom)),
    largestPaymentLine(binding, room < 0 ? undefined : maxPayment),
    ...(rates.same
      ? [largestLoanLine(maxPayment, rates.insured, years, insuredLoan, "every")]
      : [
          largestLoanLine(maxPayment, rates.insured, years, insuredLoan, "insured"),
          ...(uninsuredLoan === undefined || rates.uninsured instanceof CalculatorError
            ? []
            : [largestLoanLine(maxPayment, rates.uninsured, years, uninsuredLoan, "uninsured")]),
        ]),
  ];
  if (!insuranceAvailable) {
    cite(availability.citations);
    // One line: the uninsured rate on the whole price.
    const uninsuredRate = availability.breakdown[0]?.rate ?? 1;
    breakdown.push(uninsuredMinimumLine(reasonWords(availability), uninsuredRate));
  }

  let tried = 0;
  const priced = (price: number): Priced => {
    tried += 1;
    const minimum = minimumAt(price);
    cite(minimum.citations);
    const down = Math.min(price, read.downPayment ?? minimum.minimum);
    if (down === price)
      return {
        price,
        minimum,
        down,
        insured: undefined,
        loanBeforePremium: 0,
        loan: 0,
        premium: 0,
        allowed: true,
        rule: "no loan",
      };
    const insured = mortgageInsurancePremium(facts, {
      price,
      downPayment: down,
      amortizationYears: years,
      ...buyer,
      asOf,
    });
    cite(insured.citations);
    const allowed = down >= minimum.minimum && (!insured.required || insured.insurable);
    return {
      price,
      minimum,
      down,
      insured,
      loanBeforePremium: insured.loan,
      loan: insured.loan_with_premium,
      premium: insured.premium,
      allowed,
      rule: `${allowed}|${insured.required}|${insured.insurable}|${insured.rate}`,
    };
  };
  /** The rate and largest loan that apply at a price: those of an insured loan where the loan needs insurance. */
  const limitAt = (each: Priced) => limitFor(each.insured?.required ?? false);
  const fits = (each: Priced): boolean => {
    const limit = limitAt(each);
    return room >= 0 && each.allowed && (each.loan === 0 || (limit !== undefined && each.loan <= limit.maxLoan));
  };

  /**
   * The largest price in [low, high] that fits. The range is cut from the top into pieces where `rule` is the same
   * (found by halving, so a rule that changes and changes back between two prices is taken as one piece); within a
   * piece a higher price means a larger loan, so the largest price that fits is found by halving too.
   */
  const largestIn = (low: number, high: number): Priced | undefined => {
    if (high < low) return undefined;
    const bottom = priced(low);
    let top = priced(high);
    for (let piece = 0; piece < MAX_PIECES; piece += 1) {
      if (fits(top)) return top;
      let start = bottom;
      let below: number | undefined;
      if (bottom.rule !== top.rule) {
        let other = low;
        let same = top.price;
        while (same - other > 1) {
          const middle = Math.floor((other + same) / 2);
          if (priced(middle).rule === top.rule) same = middle;
          else other = middle;
        }
        start = priced(same);
        below = other;
      }
      if (fits(start)) {
        let good = start;
        let bad = top.price;
        while (bad - good.price > 1) {
          const middle = priced(Math.floor((good.price + bad) / 2));
          if (fits(middle)) good = middle;
          else bad = middle.price;
        }
        return good;
      }
      if (below === undefined) return undefined;
      top = priced(below);
    }
    return undefined;
  };

  const givenDown = read.downPayment;
  let best: Priced | undefined;
  let searched: Searched;
  if (givenDown !== undefined) {
    // No loan is larger than the largest one, so no price is above the down payment plus it.
    const low = Math.max(givenDown, 1);
    const high = Math.floor(Math.min(MAX_AMOUNT, Math.max(low, givenDown + Math.max(insuredLoan, uninsuredLoan ?? 0))));
    best = largestIn(low, high);
    searched = { kind: "given-down", low, high, down: givenDown };
  } else {
    // At the cap the minimum down payment jumps to the uninsured share of the whole price and insurance ends, so the
    // loan falls there: the prices at or above it are searched first, as each is above every price below it.
    const cap = minimumDownPayment(facts, 1, { asOf }).price_cap;
    const firstAbove = Math.min(Math.ceil(cap), MAX_AMOUNT + 1);
    const share = firstAbove <= MAX_AMOUNT ? minimumDownPayment(facts, firstAbove, { asOf }).minimum / firstAbove : 1;
    // There the loan is the rest of the price, so no price is above the largest loan over that rest; none is searched
    // on a date when a loan without insurance had no set qualifying rate.
    const highest =
      share < 1 && uninsuredLoan !== undefined ? Math.floor(Math.min(MAX_AMOUNT, uninsuredLoan / (1 - share) + 1)) : 0;
    const aboveCap = { cap, share: roundRate(share) };
    best = largestIn(firstAbove, highest);
    if (best !== undefined) searched = { kind: "above-cap", ...aboveCap, first: firstAbove, highest };
    else {
      best = largestIn(1, firstAbove - 1);
      searched =
        uninsuredLoan === undefined
          ? { kind: "below-cap-not-counted", ...aboveCap, below: firstAbove - 1, asOf }
          : { kind: "below-cap", ...aboveCap, below: firstAbove - 1, most: Math.max(0, highest - 1) };
    }
  }
  const loanOf = (each: Priced) => ({
    loanBeforePremium: each.loanBeforePremium,
    loan: each.loan,
    premium: each.premium,
    premiumRate: each.insured?.rate ?? 0,
  });
  // The rate and largest loan reported: those that apply at the largest price; if none fits, those of a loan without
  // insurance where the buyer cannot have it and such a loan had a rate, or else those of an insured loan.
  const reported =
    (best === undefined ? undefined : limitAt(best)) ??
    (insuranceAvailable ? undefined : limitFor(false)) ??
    limitFor(true)!;
  breakdown.push(
    best === undefined
      ? noPriceLine(
          asOf,
          reported.maxLoan,
          givenDown !== undefined,
          insuranceAvailable,
          !insuranceAvailable && rates.uninsured instanceof CalculatorError,
        )
      : largestPriceLine(best.price, best.down, loanOf(best), reported.maxLoan),
    searchLine(searched, tried),
  );

  let atPrice: Partial<AffordabilityResult> = {};
  if (read.price !== undefined) {
    const each = priced(read.price);
    const limit = limitAt(each);
    const loanAt = atPriceLine(read.price, each.down, givenDown !== undefined, loanOf(each));
    if (limit === undefined) {
      breakdown.push(loanAt, notAssessedLine(asOf));
      atPrice = {
        minimum_down_payment: each.minimum.minimum,
        down_payment: each.down,
        loan: each.loan,
        premium: each.premium,
      };
    } else {
      const payment = monthlyPayment({
        principal: each.loan,
        annualRate: limit.qualifying.rate,
        amortizationYears: years,
      });
      const gds = fourDecimals((payment + housing) / income);
      const tds = fourDecimals((payment + housing + debts) / income);
      const gdsWithin = payment <= centsBelow(gdsRoom);
      const tdsWithin = payment <= centsBelow(tdsRoom);
      const reasons: NonNullable<AffordabilityResult["reasons"]> = [
        ...(gdsWithin ? [] : ["gds-above-limit" as const]),
        ...(tdsWithin ? [] : ["tds-above-limit" as const]),
      ];
      // Why the rules do not allow the loan, if they do not: a down payment below the minimum, where insurance is not
      // available the uninsured one ("needs 20% down"), or a loan that needs insurance it cannot have.
      let notAllowed: NotAllowed | undefined;
      if (each.down < each.minimum.minimum) {
        if (each.minimum.insurable) {
          reasons.push("below-minimum");
          notAllowed = { kind: "below-minimum", down: each.down, minimum: each.minimum.minimum };
        } else {
          reasons.push("needs-uninsured-minimum");
          notAllowed = {
            kind: "needs-uninsured-minimum",
            reason: reasonWords(each.minimum),
            down: each.down,
            minimum: each.minimum.minimum,
          };
        }
      } else if (each.insured?.required && !each.insured.insurable) {
        reasons.push("not-insurable");
        notAllowed = { kind: "not-insurable", reason: reasonWords(each.insured) };
      }
      const passes = reasons.length === 0;
      const ratio = { payment, housing, debts, income: monthlyIncome };
      breakdown.push(
        loanAt,
        paymentLine(limit.qualifying.rate, years, payment),
        gdsLine({ ...ratio, ratio: gds, limit: gdsLimit, within: gdsWithin }),
        tdsLine({ ...ratio, ratio: tds, limit: tdsLimit, within: tdsWithin }),
        verdictLine(gdsWithin, tdsWithin, notAllowed),
      );
      atPrice = {
        minimum_down_payment: each.minimum.minimum,
        down_payment: each.down,
        loan: each.loan,
        premium: each.premium,
        payment_at_qualifying_rate: payment,
        gds,
        tds,
        passes,
        reasons,
      };
    }
  }

  const limitsAssumed = limitsClauses(asOf, limits.value.max_ratios_for !== undefined, ceilingAbove(limits.value));
  return finished("affordability", {
    qualifying_rate: reported.qualifying.rate,
    gds_limit: gdsLimit,
    tds_limit: tdsLimit,
    housing_costs_monthly: housing,
    max_payment: maxPayment,
    binding,
    max_loan: reported.maxLoan,
    max_price: best?.price ?? 0,
    max_price_down_payment: best?.down ?? 0,
    max_price_premium: best?.premium ?? 0,
    insurance_available: insuranceAvailable,
    ...(availability.reason === null ? {} : { insurance_unavailable_reason: availability.reason }),
    ...atPrice,
    as_of: asOf,
    ...breakdownFields(breakdown),
    citations: [...cited.values()],
    ...assumptionFields([
      assume(
        "gross-income",
        "annualIncome is the gross income, before tax, of every borrower together",
        "annualIncome",
      ),
      assume("debt-service-limits-on-date", limitsAssumed.text, "asOf", limitsAssumed.values),
      assume(
        "payment-monthly-at-qualifying-rate",
        "the payment is counted monthly at the qualifying rate, on the loan with any insurance premium added",
      ),
      assume(
        "rules-on-application-date",
        `the qualifying rate and any insurance premium are those in force on ${asOf}, which should be the day the mortgage and its insurance were applied for, not the closing or registration date: CMHC applies a change of premiums to insurance requests submitted from its date, whatever the closing date, and the stress test's changes of 2016 spared loans applied for, committed or bought before their start`,
        "asOf",
        { date: { date: asOf } },
      ),
      assume(
        "lender-rules",
        "a lender may apply other rules: credit score, employment and income history, the source of the down payment, its own estimate of heating",
      ),
      assume(
        "loan-to-income-not-applied",
        "OSFI's loan-to-income limit applies to a lender's portfolio of new uninsured mortgages, not to one loan, so it is not applied here",
      ),
      assume(
        "closing-costs-apart",
        "the down payment does not count closing costs (property transfer tax, legal fees), which are paid besides",
        "downPayment",
      ),
    ]),
  });
};
