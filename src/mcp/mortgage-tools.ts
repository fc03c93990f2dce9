/**
 * The calculator tools: each runs one of the client's calculators (packages/client) on the facts of the tree, and
 * answers with the result, its explanation and the facts it used.
 */
import { z } from "zod";
import {
  AffordabilityOptions,
  AffordabilityResult,
  AmortizationScheduleOptions,
  AmortizationScheduleResult,
  affordability,
  amortizationSchedule,
  CashToCloseOptions,
  CashToCloseResult,
  cashToClose,
  formatCad,
  formatPercent,
  MaxPrincipalOptions,
  MaxPrincipalResult,
  MinimumDownPaymentOptions,
  MinimumDownPaymentResult,
  MortgageInsurancePremiumOptions,
  MortgageInsurancePremiumResult,
  MortgagePaymentOptions,
  MortgagePaymentResult,
  maxPrincipal,
  minimumDownPayment,
  mortgageInsurancePremium,
  mortgagePayment,
  QualifyingRateOptions,
  QualifyingRateResult,
  qualifyingRate,
} from "../../packages/client/src/index.ts";
import type { SiteTree } from "./site-tree.ts";
import {
  annotations,
  answerText,
  CitedFacts,
  calculate,
  calculateFromFacts,
  citedFacts,
  type ToolAnswer,
} from "./tool-answer.ts";

// Each tool's input schema is its calculator's options schema and its output schema the calculator's result schema,
// with the citations as the tree publishes them (CitedFacts) and what else the answer adds.

// minimum_down_payment

const MinimumDownPaymentOutput = MinimumDownPaymentResult.extend({
  price: MinimumDownPaymentOptions.shape.price,
  citations: CitedFacts,
});

export const MINIMUM_DOWN_PAYMENT = {
  name: "minimum_down_payment",
  config: {
    title: "Minimum down payment",
    description:
      "The minimum down payment on a home in British Columbia (Canada's rules, cmhc.insurance_cap in force on asOf): each bracket's rate on the part of the price within it below the insured price cap, or the uninsured rate (20%) at or above it and, with amortizationYears, wherever an insured loan may not be amortized that long for this buyer on asOf (cmhc.amortization_30yr_eligibility, cmhc.mortgage_insurance_premiums), insurable false and the reason saying \"needs 20% down\"; with each line and the fact used with its version, canonical_url and citations.",
    inputSchema: MinimumDownPaymentOptions,
    outputSchema: MinimumDownPaymentOutput,
    annotations,
  },
} as const;

export const computeMinimumDownPayment = (
  tree: SiteTree,
  { price, ...options }: MinimumDownPaymentOptions,
): Promise<ToolAnswer<z.infer<typeof MinimumDownPaymentOutput>>> =>
  calculateFromFacts(
    tree,
    "the minimum down payment",
    (facts) => minimumDownPayment(facts, price, options),
    (result, facts) => {
      const structured = { price, ...result, citations: citedFacts(facts, result.citations) };
      const lines = result.breakdown.map(
        (line) => `${line.label}: ${formatPercent(line.rate)} of ${formatCad(line.base)} = ${formatCad(line.amount)}`,
      );
      return {
        structured,
        text: answerText(
          `Minimum down payment on ${formatCad(price)} on ${result.as_of}: ${formatCad(result.minimum)} (insurable: ${result.insurable ? "yes" : "no"})`,
          lines,
          structured.citations,
        ),
      };
    },
  );

// qualifying_rate

const QualifyingRateOutput = QualifyingRateResult.extend({
  contract_rate: QualifyingRateOptions.shape.contractRate,
  citations: CitedFacts,
});

export const QUALIFYING_RATE = {
  name: "qualifying_rate",
  config: {
    title: "Mortgage stress test qualifying rate",
    description:
      "The minimum qualifying rate of the mortgage stress test for a British Columbia (Canadian) mortgage on asOf (osfi.b20.stress_test): the greater of the contract rate plus the buffer and the floor rate; before June 1, 2021 the floor was the Bank of Canada five-year conventional mortgage rate of the week and the rule differed for insured mortgages, so insured is needed for such a date; with the fact used, its version, canonical_url and citations.",
    inputSchema: QualifyingRateOptions,
    outputSchema: QualifyingRateOutput,
    annotations,
  },
} as const;

export const computeQualifyingRate = (
  tree: SiteTree,
  { contractRate, ...options }: QualifyingRateOptions,
): Promise<ToolAnswer<z.infer<typeof QualifyingRateOutput>>> =>
  calculateFromFacts(
    tree,
    "the qualifying rate",
    (facts) => qualifyingRate(facts, contractRate, options),
    (result, facts) => {
      const structured = {
        contract_rate: contractRate,
        ...result,
        citations: citedFacts(facts, result.citations),
      };
      const lines = result.breakdown.map((line) => `${line.label}: ${formatPercent(line.rate)}`);
      return {
        structured,
        text: answerText(
          `Qualifying rate on ${result.as_of}: ${formatPercent(result.rate)} (${result.rule})`,
          lines,
          structured.citations,
        ),
      };
    },
  );

// mortgage_insurance_premium

const MortgageInsurancePremiumOutput = MortgageInsurancePremiumResult.extend({ citations: CitedFacts });

export const MORTGAGE_INSURANCE_PREMIUM = {
  name: "mortgage_insurance_premium",
  config: {
    title: "Mortgage default insurance premium",
    description:
      "The mortgage default insurance premium on a home purchase in British Columbia on asOf (cmhc.mortgage_insurance_premiums, cmhc.insurance_cap, cmhc.amortization_30yr_eligibility): insurance is required only above 80% loan-to-value (with 20% or more down there is no premium and the loan is unchanged); the rate of the loan-to-value band, the surcharge over 25 years where the 30-year rule allows it, the premium added to the loan, or why the loan is not insurable; with each fact used, its version, canonical_url and citations.",
    inputSchema: MortgageInsurancePremiumOptions,
    outputSchema: MortgageInsurancePremiumOutput,
    annotations,
  },
} as const;

export const computeMortgageInsurancePremium = (
  tree: SiteTree,
  options: MortgageInsurancePremiumOptions,
): Promise<ToolAnswer<z.infer<typeof MortgageInsurancePremiumOutput>>> =>
  calculateFromFacts(
    tree,
    "the mortgage insurance premium",
    (facts) => mortgageInsurancePremium(facts, options),
    (result, facts) => {
      const structured = { ...result, citations: citedFacts(facts, result.citations) };
      const heading = !result.required
        ? `Mortgage insurance not required on ${result.as_of}: the loan of ${formatCad(result.loan)} is ${formatPercent(result.ltv)} of the price, so no premium is added${result.insurable ? "" : ` (${result.reason})`}`
        : result.insurable && result.rate !== null
          ? `Mortgage insurance premium on ${result.as_of}: ${formatCad(result.premium)} (${formatPercent(result.rate)} of ${formatCad(result.loan)}); loan with premium ${formatCad(result.loan_with_premium)}`
          : `Not insurable on ${result.as_of}: ${result.reason}`;
      return { structured, text: answerText(heading, result.breakdown, structured.citations) };
    },
  );

// affordability

const AffordabilityOutput = AffordabilityResult.extend({ citations: CitedFacts });

export const AFFORDABILITY = {
  name: "affordability",
  config: {
    title: "What a household can afford",
    description:
      "How much a household can borrow and what price it can pay for a home in British Columbia by the gross and total debt service ratios (cmhc.debt_service_limits in force on asOf), the payment counted at the stress test's qualifying rate (osfi.b20.stress_test): the largest monthly payment, the largest loan, and the largest price with the down payment given or the minimum for each price (20% down wherever insurance is not available for the buyer, amortization and date: insurance_available and insurance_unavailable_reason say so), the insurance premium added where the loan must be insured (cmhc.insurance_cap, cmhc.mortgage_insurance_premiums, cmhc.amortization_30yr_eligibility); with a price, its minimum down payment, loan, payment, both ratios, whether it passes and the reasons it does not (a ratio above its limit, or needs 20% down where insurance is not available). Income is gross household income; every step, the assumptions and each fact used with its version, canonical_url and citations.",
    inputSchema: AffordabilityOptions,
    outputSchema: AffordabilityOutput,
    annotations,
  },
} as const;

/**
 * Whether a price passes, in words: "does not pass" only where a ratio is above its limit; a purchase within both that
 * the rules do not allow says what it needs ("needs 20% down" where insurance is not available).
 */
const verdictAtPrice = (result: AffordabilityResult, price: number): string => {
  const reasons = result.reasons ?? [];
  if (result.passes) return "passes";
  const above = [
    ...(reasons.includes("gds-above-limit") ? ["GDS above its limit"] : []),
    ...(reasons.includes("tds-above-limit") ? ["TDS above its limit"] : []),
  ];
  const minimum = result.minimum_down_payment ?? 0;
  const needs = reasons.includes("needs-uninsured-minimum")
    ? `needs ${formatPercent(Math.round((minimum / price) * 10_000) / 10_000)} down (at least ${formatCad(minimum)}), as insurance is not available`
    : reasons.includes("below-minimum")
      ? `the down payment is below the minimum of ${formatCad(minimum)}`
      : reasons.includes("not-insurable")
        ? "the loan needs insurance it cannot have"
        : undefined;
  if (above.length === 0) return `${needs}; both ratios within their limits`;
  return `does not pass: ${above.join(", ")}${needs === undefined ? "" : `; besides, ${needs}`}`;
};

export const computeAffordability = (
  tree: SiteTree,
  options: AffordabilityOptions,
): Promise<ToolAnswer<z.infer<typeof AffordabilityOutput>>> =>
  calculateFromFacts(
    tree,
    "what can be afforded",
    (facts) => affordability(facts, options),
    (result, facts) => {
      const structured = { ...result, citations: citedFacts(facts, result.citations) };
      const atPrice =
        options.price === undefined
          ? ""
          : result.passes === undefined
            ? `; at ${formatCad(options.price)}: not assessed, as no qualifying rate was set for this loan on that date`
            : `; at ${formatCad(options.price)}: payment ${formatCad(result.payment_at_qualifying_rate ?? 0)}, GDS ${formatPercent(result.gds ?? 0)}, TDS ${formatPercent(result.tds ?? 0)}, ${verdictAtPrice(result, options.price)}`;
      const unavailable =
        result.insurance_unavailable_reason === undefined ? "" : ` (${result.insurance_unavailable_reason})`;
      return {
        structured,
        text: answerText(
          `Affordability on ${result.as_of}: a payment of at most ${formatCad(result.max_payment)} a month at the qualifying rate of ${formatPercent(result.qualifying_rate)} (${result.binding.toUpperCase()} binds), a loan of at most ${formatCad(result.max_loan)}, a price of at most ${formatCad(result.max_price)}${unavailable}${atPrice}`,
          result.breakdown,
          structured.citations,
          result.assumptions,
        ),
      };
    },
  );

// cash_to_close

const CashToCloseOutput = CashToCloseResult.extend({ citations: CitedFacts });

export const CASH_TO_CLOSE = {
  name: "cash_to_close",
  config: {
    title: "Cash needed to close a purchase",
    description:
      "The cash a buyer needs at closing in British Columbia on asOf, one cited line each: the down payment (checked against the minimum, cmhc.insurance_cap), the property transfer tax with the exemptions asked for (bc.ptt.*), the GST less the new housing and first-time buyers' rebates on a newly built home (ca.gst.new_housing_rebate, ca.gst.fthb_new_home_rebate), the mortgage insurance premium (shown, not counted: it is added to the loan) and the buyer's own lines; the total, every step, the assumptions and each fact used with its version, canonical_url and citations.",
    inputSchema: CashToCloseOptions,
    outputSchema: CashToCloseOutput,
    annotations,
  },
} as const;

export const computeCashToClose = (
  tree: SiteTree,
  options: CashToCloseOptions,
): Promise<ToolAnswer<z.infer<typeof CashToCloseOutput>>> =>
  calculateFromFacts(
    tree,
    "the cash to close",
    (facts) => cashToClose(facts, options),
    (result, facts) => {
      const structured = { ...result, citations: citedFacts(facts, result.citations) };
      return {
        structured,
        text: answerText(
          `Cash to close on ${result.as_of}: ${formatCad(result.total)}`,
          result.breakdown,
          structured.citations,
          result.assumptions,
        ),
      };
    },
  );

// mortgage_payment, amortization_schedule, max_principal: arithmetic only, no facts.

const NO_FACTS = "It reads no published fact, so its answer has no citations or canonical_url.";

export const MORTGAGE_PAYMENT = {
  name: "mortgage_payment",
  config: {
    title: "Mortgage payment",
    description: `The payment of a fixed-rate mortgage in British Columbia (Canada: the quoted rate compounds semi-annually) at monthly, semi-monthly, biweekly, weekly, accelerated biweekly or accelerated weekly frequency, and how many payments repay it. ${NO_FACTS}`,
    inputSchema: MortgagePaymentOptions,
    outputSchema: MortgagePaymentResult,
    annotations,
  },
} as const;

export const computeMortgagePayment = (options: MortgagePaymentOptions): ToolAnswer<MortgagePaymentResult> =>
  calculate(
    "the mortgage payment",
    () => mortgagePayment(options),
    (result) => ({
      structured: { ...result },
      text: answerText(`Payment (${result.frequency}): ${formatCad(result.payment)}`, result.breakdown),
    }),
  );

const AmortizationScheduleOutput = AmortizationScheduleResult.omit({ periods: true }).extend({
  payments: z.int().describe("How many payments repay the loan."),
  year_end_balances: z.array(z.number()).describe("What is owed at the end of each year, first year first."),
});

export const AMORTIZATION_SCHEDULE = {
  name: "amortization_schedule",
  config: {
    title: "Mortgage amortization schedule",
    description: `The schedule of a fixed-rate mortgage in British Columbia (Canada: semi-annual compounding): the balance at the end of the term, the interest and principal paid in it, the total interest, and the balance at the end of each year. ${NO_FACTS}`,
    inputSchema: AmortizationScheduleOptions,
    outputSchema: AmortizationScheduleOutput,
    annotations,
  },
} as const;

export const computeAmortizationSchedule = (
  options: AmortizationScheduleOptions,
): ToolAnswer<z.infer<typeof AmortizationScheduleOutput>> =>
  calculate(
    "the amortization schedule",
    () => amortizationSchedule(options),
    (result) => {
      const perYear = mortgagePayment({
        principal: options.principal,
        annualRate: options.annualRate,
        amortizationYears: options.amortizationYears,
        ...(options.frequency ? { frequency: options.frequency } : {}),
      }).payments_per_year;
      const yearEnds = result.periods
        .filter((period) => period.number % perYear === 0 || period === result.periods.at(-1))
        .map((period) => period.balance);
      const { periods, ...summary } = result;
      const structured = { ...summary, payments: periods.length, year_end_balances: yearEnds };
      return {
        structured,
        text: answerText(
          `Balance at the end of the term: ${formatCad(result.balance_at_term_end)}; total interest ${formatCad(result.total_interest)}`,
          result.breakdown,
        ),
      };
    },
  );

export const MAX_PRINCIPAL = {
  name: "max_principal",
  config: {
    title: "Largest loan a payment carries",
    description: `The largest fixed-rate mortgage in British Columbia (Canada: semi-annual compounding) that a payment repays over the amortization. ${NO_FACTS}`,
    inputSchema: MaxPrincipalOptions,
    outputSchema: MaxPrincipalResult,
    annotations,
  },
} as const;

export const computeMaxPrincipal = (options: MaxPrincipalOptions): ToolAnswer<MaxPrincipalResult> =>
  calculate(
    "the largest loan",
    () => maxPrincipal(options),
    (result) => ({
      structured: { ...result },
      text: answerText(`Largest loan: ${formatCad(result.principal)}`, result.breakdown),
    }),
  );
