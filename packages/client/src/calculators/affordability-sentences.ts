import { formatCad, formatPercent } from "./calculator-common.ts";
import type { QualifyingRateResult } from "./mortgage-payment.ts";
import { type SaidValue, type Sentence, say, within } from "./said.ts";

// The sentences of the affordability calculator's working, each in English and as a code with its values
// (said.ts): the qualifying rate, the room each ratio leaves, the largest payment, loan and price, and the test of a
// price. The calculator (affordability.ts) computes; these only say what it found.

/** A whole number as the client writes a count: grouped, "1,234". */
const countWords = new Intl.NumberFormat("en-CA");

/** An amortization in years: "1 year", "25 years". */
const yearsWords = (years: number): string => `${years} ${years === 1 ? "year" : "years"}`;

const money = (amount: number): SaidValue => ({ money: amount });
const rate = (fraction: number): SaidValue => ({ rate: fraction });

/** How a qualifying rate was reached: the floor, or the contract rate (plus the buffer, where there is one). */
const ruleClause = (qualifying: QualifyingRateResult, contractRate: number): Sentence => {
  const contract = `the contract rate ${formatPercent(contractRate)}`;
  const buffer = `plus the buffer of ${formatPercent(qualifying.buffer_rate)}`;
  const floor = `not below the floor of ${formatPercent(qualifying.floor_rate)}`;
  const values = {
    contract: rate(contractRate),
    buffer: rate(qualifying.buffer_rate),
    floor: rate(qualifying.floor_rate),
  };
  if (qualifying.rule === "floor")
    return qualifying.buffer_rate > 0
      ? say(
          "affordability.rule-floor-buffer",
          { contract: values.contract, buffer: values.buffer },
          `the floor, above ${contract} ${buffer}`,
        )
      : say("affordability.rule-floor", { contract: values.contract }, `the floor, above ${contract}`);
  return qualifying.buffer_rate > 0
    ? say("affordability.rule-contract-buffer", values, `${contract} ${buffer}, ${floor}`)
    : say("affordability.rule-contract", { contract: values.contract, floor: values.floor }, `${contract}, ${floor}`);
};

/** Which loans a qualifying rate is for: every loan, one that needs insurance, or one without it. */
export type RateFor = "every" | "insured" | "uninsured";

export const qualifyingRateLine = (
  qualifying: QualifyingRateResult,
  contractRate: number,
  loans: RateFor,
): Sentence => {
  const rule = ruleClause(qualifying, contractRate);
  const values = { rate: rate(qualifying.rate), rule: within(rule) };
  const at = `${formatPercent(qualifying.rate)}: ${rule.text}`;
  if (loans === "insured")
    return say(
      "affordability.qualifying-rate-insured",
      values,
      `qualifying rate for a loan that needs insurance (less than 20% down) ${at}`,
    );
  if (loans === "uninsured")
    return say("affordability.qualifying-rate-uninsured", values, `qualifying rate for a loan without insurance ${at}`);
  return say("affordability.qualifying-rate", values, `qualifying rate ${at}`);
};

/** No qualifying rate for a loan without insurance on the date, `why` being the stress test's own words. */
export const noUninsuredRateLine = (why: { text: string; value: SaidValue }): Sentence =>
  say(
    "affordability.no-uninsured-rate",
    { why: why.value },
    `no qualifying rate for a loan without insurance: ${why.text}; only prices whose loan is insured are counted`,
  );

export const incomeLine = (annual: number, monthly: number): Sentence =>
  say(
    "affordability.income",
    { annual: money(annual), monthly: money(monthly) },
    `gross monthly income ${formatCad(annual)} ÷ 12 = ${formatCad(monthly)}`,
  );

/** The housing costs a month; `heating` undefined where the limits in force do not count heating. */
export const housingLine = (costs: {
  propertyTax: number;
  heating: number | undefined;
  strataShare: number;
  strataFee: number;
  housing: number;
}): Sentence => {
  const values = {
    tax: money(costs.propertyTax),
    share: rate(costs.strataShare),
    strata: money(costs.strataFee),
    housing: money(costs.housing),
  };
  const rest = `+ ${formatPercent(costs.strataShare)} of the ${formatCad(costs.strataFee)} strata fee = ${formatCad(costs.housing)} a month`;
  return costs.heating === undefined
    ? say(
        "affordability.housing-no-heating",
        values,
        `housing costs ${formatCad(costs.propertyTax)} property tax ÷ 12 + no heating (not counted on this date) ${rest}`,
      )
    : say(
        "affordability.housing",
        { ...values, heating: money(costs.heating) },
        `housing costs ${formatCad(costs.propertyTax)} property tax ÷ 12 + ${formatCad(costs.heating)} heating ${rest}`,
      );
};

export const gdsRoomLine = (limit: number, income: number, housing: number, room: number): Sentence =>
  say(
    "affordability.gds-room",
    { limit: rate(limit), income: money(income), housing: money(housing), room: money(room) },
    `GDS: ${formatPercent(limit)} × ${formatCad(income)} − ${formatCad(housing)} housing = ${formatCad(room)} for principal and interest`,
  );

export const tdsRoomLine = (limit: number, income: number, housing: number, debts: number, room: number): Sentence =>
  say(
    "affordability.tds-room",
    { limit: rate(limit), income: money(income), housing: money(housing), debts: money(debts), room: money(room) },
    `TDS: ${formatPercent(limit)} × ${formatCad(income)} − ${formatCad(housing)} housing − ${formatCad(debts)} debt payments = ${formatCad(room)} for principal and interest`,
  );

/** The largest payment both ratios leave, set by `binding`; none where the costs alone are above its limit. */
export const largestPaymentLine = (binding: "gds" | "tds", payment: number | undefined): Sentence => {
  const ratio = binding.toUpperCase();
  if (payment === undefined)
    return binding === "tds"
      ? say(
          "affordability.no-payment-tds",
          {},
          `housing costs and debt payments alone are above the ${ratio} limit: no payment fits, so the largest payment is $0 and no loan can be carried`,
        )
      : say(
          "affordability.no-payment-gds",
          {},
          `housing costs alone are above the ${ratio} limit: no payment fits, so the largest payment is $0 and no loan can be carried`,
        );
  return say(
    binding === "tds" ? "affordability.largest-payment-tds" : "affordability.largest-payment-gds",
    { payment: money(payment) },
    `the smaller, set by ${ratio}: ${formatCad(payment)} a month is the largest payment`,
  );
};

/** The largest loan a payment repays at a qualifying rate, for `loans`. */
export const largestLoanLine = (
  payment: number,
  qualifying: QualifyingRateResult,
  years: number,
  maxLoan: number,
  loans: RateFor,
): Sentence => {
  const which = loans === "every" ? "" : `${loans} `;
  return say(
    loans === "insured"
      ? "affordability.largest-loan-insured"
      : loans === "uninsured"
        ? "affordability.largest-loan-uninsured"
        : "affordability.largest-loan",
    { payment: money(payment), rate: rate(qualifying.rate), years: { number: years }, loan: money(maxLoan) },
    `${formatCad(payment)} a month at ${formatPercent(qualifying.rate)} over ${yearsWords(years)} repays at most ${formatCad(maxLoan)}: the largest ${which}loan, any premium included`,
  );
};

/** Insurance is not available to this buyer (`reason`, the minimum down payment's words): 20% down at every price. */
export const uninsuredMinimumLine = (reason: { text: string; value: SaidValue }, uninsuredRate: number): Sentence =>
  say(
    "affordability.uninsured-minimum",
    { reason: reason.value, rate: rate(uninsuredRate), fact: { fact: "cmhc.insurance_cap" } },
    `${reason.text}; the minimum down payment is ${formatPercent(uninsuredRate)} of the price at every price (cmhc.insurance_cap's min_down_payment_rate_uninsured), and no premium is added`,
  );

/** A loan at a price: the loan, with the premium added where it is, or paid apart. */
export interface PricedLoan {
  loanBeforePremium: number;
  loan: number;
  premium: number;
  premiumRate: number;
}

const loanWords = (each: PricedLoan): { text: string; value: SaidValue } => {
  if (each.loan > each.loanBeforePremium) {
    const text = `${formatCad(each.loanBeforePremium)} + ${formatCad(each.premium)} premium (${formatPercent(each.premiumRate)}) = ${formatCad(each.loan)}`;
    return {
      text,
      value: within(
        say(
          "affordability.loan-premium-added",
          {
            loan: money(each.loanBeforePremium),
            premium: money(each.premium),
            rate: rate(each.premiumRate),
            total: money(each.loan),
          },
          text,
        ),
      ),
    };
  }
  if (each.premium > 0) {
    const text = `${formatCad(each.loan)} (the premium of ${formatCad(each.premium)} paid apart)`;
    return {
      text,
      value: within(
        say("affordability.loan-premium-apart", { loan: money(each.loan), premium: money(each.premium) }, text),
      ),
    };
  }
  return { text: formatCad(each.loan), value: money(each.loan) };
};

/** No price fits, or none is counted (`uncounted`: without insurance, where such a loan had no qualifying rate). */
export const noPriceLine = (
  asOf: string,
  maxLoan: number,
  withGivenDown: boolean,
  insuranceAvailable: boolean,
  uncounted: boolean,
): Sentence => {
  if (uncounted)
    return say(
      "affordability.no-price-counted",
      { date: { date: asOf } },
      `no price is counted: without insurance every loan is one that needs none, and on ${asOf} such a loan had no set qualifying rate`,
    );
  const loan = `the loan${withGivenDown ? " with this down payment" : ""} is above ${formatCad(maxLoan)}`;
  const text = `no price fits: at every price ${loan}${insuranceAvailable ? ", or it needs insurance it cannot have" : ""}`;
  const code = withGivenDown
    ? insuranceAvailable
      ? "affordability.no-price-fits-down-insurable"
      : "affordability.no-price-fits-down"
    : insuranceAvailable
      ? "affordability.no-price-fits-insurable"
      : "affordability.no-price-fits";
  return say(code, { max: money(maxLoan) }, text);
};

export const largestPriceLine = (price: number, down: number, loan: PricedLoan, maxLoan: number): Sentence => {
  const words = loanWords(loan);
  return say(
    "affordability.largest-price",
    { price: money(price), down: money(down), loan: words.value, max: money(maxLoan) },
    `largest price ${formatCad(price)}: ${formatCad(down)} down, loan ${words.text}, at most ${formatCad(maxLoan)}`,
  );
};

/** The prices searched for the largest one that fits. */
export type Searched =
  | { kind: "given-down"; low: number; high: number; down: number }
  | { kind: "above-cap"; cap: number; share: number; first: number; highest: number }
  | { kind: "below-cap-not-counted"; cap: number; share: number; below: number; asOf: string }
  | { kind: "below-cap"; cap: number; share: number; below: number; most: number };

const searchedClause = (searched: Searched): Sentence => {
  if (searched.kind === "given-down")
    return say(
      "affordability.searched-down",
      { low: money(searched.low), high: money(searched.high), down: money(searched.down) },
      `the prices from ${formatCad(searched.low)} to ${formatCad(searched.high)} (the down payment of ${formatCad(searched.down)} plus the largest loan)`,
    );
  const aboveCap = `the prices at or above the insured price cap of ${formatCad(searched.cap)}, where the minimum down payment is ${formatPercent(searched.share)} of the price and there is no insurance`;
  const cap = { cap: money(searched.cap), share: rate(searched.share) };
  if (searched.kind === "above-cap")
    return say(
      "affordability.searched-above-cap",
      { ...cap, first: money(searched.first), highest: money(searched.highest) },
      `${aboveCap}, from ${formatCad(searched.first)} to ${formatCad(searched.highest)}`,
    );
  const below = `the prices below the insured price cap, from $1 to ${formatCad(searched.below)}, with the minimum down payment for each`;
  if (searched.kind === "below-cap-not-counted")
    return say(
      "affordability.searched-below-cap-not-counted",
      { ...cap, below: money(searched.below), date: { date: searched.asOf } },
      `${below} (none of ${aboveCap} is counted, as a loan without insurance had no set qualifying rate on ${searched.asOf})`,
    );
  return say(
    "affordability.searched-below-cap",
    { ...cap, below: money(searched.below), most: money(searched.most) },
    `${below} (none of ${aboveCap} fits: there the largest loan buys at most ${formatCad(searched.most)})`,
  );
};

export const searchLine = (searched: Searched, tried: number): Sentence => {
  const clause = searchedClause(searched);
  return say(
    "affordability.found-by-halving",
    { searched: within(clause), tried: { number: tried } },
    `found by halving ${clause.text}: they are cut where the premium rate, the need for insurance, its availability or whether the down payment is enough changes, and within each piece a higher price means a larger loan (${countWords.format(tried)} ${tried === 1 ? "price" : "prices"} tried)`,
  );
};

/** The loan at the price tested, with the down payment given or the minimum. */
export const atPriceLine = (price: number, down: number, given: boolean, loan: PricedLoan): Sentence => {
  const words = loanWords(loan);
  return say(
    given ? "affordability.at-price-given" : "affordability.at-price-minimum",
    { price: money(price), down: money(down), loan: words.value },
    `at ${formatCad(price)} with ${formatCad(down)} down (${given ? "as given" : "the minimum"}): loan ${words.text}`,
  );
};

export const notAssessedLine = (asOf: string): Sentence =>
  say(
    "affordability.not-assessed",
    { date: { date: asOf } },
    `not assessed: this loan needs no insurance, and on ${asOf} such a loan had no set qualifying rate`,
  );

export const paymentLine = (qualifyingRate: number, years: number, payment: number): Sentence =>
  say(
    "affordability.payment",
    { rate: rate(qualifyingRate), years: { number: years }, payment: money(payment) },
    `payment at ${formatPercent(qualifyingRate)} over ${yearsWords(years)}: ${formatCad(payment)} a month`,
  );

/** A ratio at the price tested, against its limit. */
export interface RatioAtPrice {
  payment: number;
  housing: number;
  debts: number;
  income: number;
  ratio: number;
  limit: number;
  within: boolean;
}

export const gdsLine = (at: RatioAtPrice): Sentence =>
  say(
    at.within ? "affordability.gds-within" : "affordability.gds-above",
    {
      payment: money(at.payment),
      housing: money(at.housing),
      income: money(at.income),
      gds: rate(at.ratio),
      limit: rate(at.limit),
    },
    `GDS (${formatCad(at.payment)} + ${formatCad(at.housing)} housing) ÷ ${formatCad(at.income)} = ${formatPercent(at.ratio)}, ${at.within ? "within" : "above"} the limit of ${formatPercent(at.limit)}`,
  );

export const tdsLine = (at: RatioAtPrice): Sentence =>
  say(
    at.within ? "affordability.tds-within" : "affordability.tds-above",
    {
      payment: money(at.payment),
      housing: money(at.housing),
      debts: money(at.debts),
      income: money(at.income),
      tds: rate(at.ratio),
      limit: rate(at.limit),
    },
    `TDS (${formatCad(at.payment)} + ${formatCad(at.housing)} housing + ${formatCad(at.debts)} debt payments) ÷ ${formatCad(at.income)} = ${formatPercent(at.ratio)}, ${at.within ? "within" : "above"} the limit of ${formatPercent(at.limit)}`,
  );

/** Why the rules do not allow the purchase at the price tested, whatever the ratios. */
export type NotAllowed =
  | { kind: "below-minimum"; down: number; minimum: number }
  | { kind: "needs-uninsured-minimum"; reason: { text: string; value: SaidValue }; down: number; minimum: number }
  | { kind: "not-insurable"; reason: { text: string; value: SaidValue } };

const notAllowedClause = (why: NotAllowed): Sentence => {
  if (why.kind === "below-minimum")
    return say(
      "affordability.below-minimum",
      { down: money(why.down), minimum: money(why.minimum) },
      `the down payment of ${formatCad(why.down)} is below the minimum of ${formatCad(why.minimum)} for this price`,
    );
  if (why.kind === "needs-uninsured-minimum")
    return say(
      "affordability.needs-uninsured-minimum",
      { reason: why.reason.value, minimum: money(why.minimum), down: money(why.down) },
      `${why.reason.text}; at least ${formatCad(why.minimum)} at this price, and ${formatCad(why.down)} is given`,
    );
  return say("affordability.not-insurable", { reason: why.reason.value }, `not insurable: ${why.reason.text}`);
};

/**
 * Whether the price passes the stress test, which is the ratios': a purchase within both that the rules do not allow
 * says why, not "does not pass".
 */
export const verdictLine = (gdsWithin: boolean, tdsWithin: boolean, why: NotAllowed | undefined): Sentence => {
  const clause = why === undefined ? undefined : notAllowedClause(why);
  if (gdsWithin && tdsWithin)
    return clause === undefined
      ? say("affordability.passes", {}, "passes: both ratios are within their limits")
      : say(
          "affordability.not-allowed",
          { why: within(clause) },
          `${clause.text}; both ratios are within their limits`,
        );
  const above = [...(gdsWithin ? [] : ["GDS is above its limit"]), ...(tdsWithin ? [] : ["TDS is above its limit"])];
  const which = gdsWithin ? "tds" : tdsWithin ? "gds" : "both";
  const fails = `does not pass: ${above.join("; ")}`;
  if (clause === undefined)
    return say(
      which === "gds"
        ? "affordability.fails-gds"
        : which === "tds"
          ? "affordability.fails-tds"
          : "affordability.fails-both",
      {},
      fails,
    );
  return say(
    which === "gds"
      ? "affordability.fails-gds-besides"
      : which === "tds"
        ? "affordability.fails-tds-besides"
        : "affordability.fails-both-besides",
    { why: within(clause) },
    `${fails}; besides, ${clause.text}`,
  );
};

/** A contract rate whose qualifying rate is 100% or more, at which no payment is computed. */
export const rateTooHigh = (contractRate: number, qualifyingRate: number): Sentence =>
  say(
    "affordability.rate-too-high",
    { contract: rate(contractRate), rate: rate(qualifyingRate) },
    `the contract rate ${formatPercent(contractRate)} gives a qualifying rate of ${formatPercent(qualifyingRate)}, and a payment is computed at rates below 100% only`,
  );

/**
 * The debt service limits assumed: whose, on which date, and what another insurer or a lender may do beside them.
 * Where the fact names whom CMHC considers them for (`max_ratios_for`, the fact's own English), the sentence points to
 * it rather than quoting it, so that a program saying the sentence in another language has nothing left in English.
 */
export const limitsClauses = (
  asOf: string,
  namesWhom: boolean,
  ceiling: { gds: number; tds: number } | undefined,
): { text: string; values: Record<string, SaidValue> } => {
  const values = { fact: { fact: "cmhc.debt_service_limits" }, date: { date: asOf } } as const;
  const limits = namesWhom
    ? say(
        "affordability.limits-on-for",
        values,
        `those of cmhc.debt_service_limits on ${asOf}, the highest CMHC considers, for the borrowers the fact names`,
      )
    : say("affordability.limits-on", values, `those of cmhc.debt_service_limits on ${asOf}`);
  const others =
    ceiling === undefined
      ? say("affordability.others-lower", {}, "another insurer or a lender may set lower ones")
      : say(
          "affordability.others-below-ceiling",
          { gds: rate(ceiling.gds), tds: rate(ceiling.tds) },
          `they are below the federal ceiling of ${formatPercent(ceiling.gds)} and ${formatPercent(ceiling.tds)} for every insured mortgage, so another insurer may accept higher ratios, up to that ceiling, and a lender may set lower ones`,
        );
  return {
    text: `the limits are ${limits.text}; ${others.text}`,
    values: { limits: within(limits), others: within(others) },
  };
};
