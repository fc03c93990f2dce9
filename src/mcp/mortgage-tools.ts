/**
 * The calculator tools: each runs one of the client's calculators (packages/client) on the facts of the tree, and
 * answers with the result, its explanation and the facts it used.
 */
import { z } from "zod";
import {
  amortizationSchedule,
  formatCad,
  formatPercent,
  MaxPrincipalOptions,
  MaxPrincipalResult,
  MortgagePaymentOptions,
  MortgagePaymentResult,
  maxPrincipal,
  minimumDownPayment,
  mortgageInsurancePremium,
  mortgagePayment,
  PAYMENT_FREQUENCIES,
  qualifyingRate,
} from "../../packages/client/src/index.ts";
import { IsoDate } from "../schemas/index.ts";
import type { SiteTree } from "./site-tree.ts";
import {
  AsOfInput,
  CitedFacts,
  calculate,
  citedFacts,
  factsUsedText,
  type ToolAnswer,
  treeFacts,
} from "./tool-answer.ts";

const annotations = { readOnlyHint: true, openWorldHint: false } as const;
const Rate = z.number().min(0).lt(1);
const Years = z.number().gt(0).max(100);
const Frequency = z
  .enum(PAYMENT_FREQUENCIES)
  .optional()
  .describe(
    "How often a payment is made; default monthly. Accelerated: the monthly payment divided by 2 (biweekly) or 4 (weekly).",
  );
const Lines = z.array(z.string()).describe("Each step of the calculation, saying why an amount is what it is.");

const text = (heading: string, breakdown: readonly string[], citations: z.infer<typeof CitedFacts> = []): string =>
  [heading, "calculation:", ...breakdown.map((line) => `  - ${line}`), ...factsUsedText(citations)].join("\n");

// minimum_down_payment

const MinimumDownPaymentInput = z.strictObject({
  price: z.number().positive().describe("Purchase price in CAD."),
  asOf: AsOfInput,
});
const MinimumDownPaymentOutput = z.object({
  price: z.number(),
  minimum: z.number().describe("The smallest down payment a lender may accept, in CAD."),
  insurable: z
    .boolean()
    .describe("Whether mortgage default insurance is available at this price (below the insured price cap)."),
  price_cap: z.number(),
  as_of: IsoDate,
  breakdown: z.array(z.object({ label: z.string(), base: z.number(), rate: z.number(), amount: z.number() })),
  citations: CitedFacts,
});

export const MINIMUM_DOWN_PAYMENT = {
  name: "minimum_down_payment",
  config: {
    title: "Minimum down payment",
    description:
      "The minimum down payment on a home in British Columbia (Canada's rules, cmhc.insurance_cap in force on asOf): each bracket's rate on the part of the price within it below the insured price cap, or the uninsured rate at or above it; with each line and the fact used with its version, canonical_url and citations.",
    inputSchema: MinimumDownPaymentInput,
    outputSchema: MinimumDownPaymentOutput,
    annotations,
  },
} as const;

export const computeMinimumDownPayment = (
  tree: SiteTree,
  options: z.infer<typeof MinimumDownPaymentInput>,
): ToolAnswer<z.infer<typeof MinimumDownPaymentOutput>> =>
  calculate(
    "the minimum down payment",
    () => minimumDownPayment(treeFacts(tree), options.price, options.asOf === undefined ? {} : { asOf: options.asOf }),
    (result) => {
      const structured = { price: options.price, ...result, citations: citedFacts(tree, result.citations) };
      const lines = result.breakdown.map(
        (line) => `${line.label}: ${formatPercent(line.rate)} of ${formatCad(line.base)} = ${formatCad(line.amount)}`,
      );
      return {
        structured,
        text: text(
          `Minimum down payment on ${formatCad(options.price)} on ${result.as_of}: ${formatCad(result.minimum)} (insurable: ${result.insurable ? "yes" : "no"})`,
          lines,
          structured.citations,
        ),
      };
    },
  );

// qualifying_rate

const QualifyingRateInput = z.strictObject({
  contractRate: Rate.describe("The mortgage's contract rate as a fraction: 0.045 for 4.5%."),
  asOf: AsOfInput,
});
const QualifyingRateOutput = z.object({
  contract_rate: z.number(),
  rate: z.number().describe("The rate the borrower must qualify at, a fraction."),
  rule: z.enum(["contract-plus-buffer", "floor"]),
  buffer_rate: z.number(),
  floor_rate: z.number(),
  as_of: IsoDate,
  breakdown: z.array(z.object({ label: z.string(), rate: z.number() })),
  citations: CitedFacts,
});

export const QUALIFYING_RATE = {
  name: "qualifying_rate",
  config: {
    title: "Mortgage stress test qualifying rate",
    description:
      "The minimum qualifying rate of the mortgage stress test for a British Columbia (Canadian) mortgage on asOf (osfi.b20.stress_test): the greater of the contract rate plus the buffer and the floor rate; with the fact used, its version, canonical_url and citations.",
    inputSchema: QualifyingRateInput,
    outputSchema: QualifyingRateOutput,
    annotations,
  },
} as const;

export const computeQualifyingRate = (
  tree: SiteTree,
  options: z.infer<typeof QualifyingRateInput>,
): ToolAnswer<z.infer<typeof QualifyingRateOutput>> =>
  calculate(
    "the qualifying rate",
    () =>
      qualifyingRate(treeFacts(tree), options.contractRate, options.asOf === undefined ? {} : { asOf: options.asOf }),
    (result) => {
      const structured = {
        contract_rate: options.contractRate,
        ...result,
        citations: citedFacts(tree, result.citations),
      };
      const lines = result.breakdown.map((line) => `${line.label}: ${formatPercent(line.rate)}`);
      return {
        structured,
        text: text(
          `Qualifying rate on ${result.as_of}: ${formatPercent(result.rate)} (${result.rule})`,
          lines,
          structured.citations,
        ),
      };
    },
  );

// mortgage_insurance_premium

const MortgageInsurancePremiumInput = z.strictObject({
  price: z.number().positive().describe("Purchase price in CAD."),
  downPayment: z.number().min(0).describe("Down payment in CAD."),
  amortizationYears: Years.describe("Amortization in years, e.g. 25 or 30."),
  firstTimeBuyer: z.boolean().optional().describe("At least one borrower is a first-time home buyer."),
  newlyBuilt: z.boolean().optional().describe("The home is newly built and never occupied."),
  nonTraditionalDownPayment: z
    .boolean()
    .optional()
    .describe("The down payment comes from a non-traditional source, such as borrowed funds."),
  asOf: AsOfInput,
});
const MortgageInsurancePremiumOutput = z.object({
  required: z
    .boolean()
    .describe(
      "Whether mortgage default insurance is required: only above the high-ratio loan-to-value of cmhc.insurance_cap (less than 20% down). When false there is no premium and loan_with_premium equals loan.",
    ),
  insurable: z.boolean().describe("Whether the loan can be insured on asOf, required or not."),
  reason: z.string().nullable().describe("Why the loan is not insurable; null when it is."),
  ltv: z.number().describe("Loan-to-value before the premium, a fraction."),
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
      "Only when insurance is not required and the price is below the cap: the schedule's rate for optional insurance a lender may arrange on a low-ratio loan, a fraction; never charged by this calculation. Null otherwise.",
    ),
  premium: z.number(),
  loan: z.number(),
  loan_with_premium: z.number(),
  as_of: IsoDate,
  breakdown: Lines,
  citations: CitedFacts,
});

export const MORTGAGE_INSURANCE_PREMIUM = {
  name: "mortgage_insurance_premium",
  config: {
    title: "Mortgage default insurance premium",
    description:
      "The mortgage default insurance premium on a home purchase in British Columbia on asOf (cmhc.mortgage_insurance_premiums, cmhc.insurance_cap, cmhc.amortization_30yr_eligibility): insurance is required only above 80% loan-to-value (with 20% or more down there is no premium and the loan is unchanged); the rate of the loan-to-value band, the surcharge over 25 years where the 30-year rule allows it, the premium added to the loan, or why the loan is not insurable; with each fact used, its version, canonical_url and citations.",
    inputSchema: MortgageInsurancePremiumInput,
    outputSchema: MortgageInsurancePremiumOutput,
    annotations,
  },
} as const;

export const computeMortgageInsurancePremium = (
  tree: SiteTree,
  options: z.infer<typeof MortgageInsurancePremiumInput>,
): ToolAnswer<z.infer<typeof MortgageInsurancePremiumOutput>> =>
  calculate(
    "the mortgage insurance premium",
    () => mortgageInsurancePremium(treeFacts(tree), options),
    (result) => {
      const structured = { ...result, citations: citedFacts(tree, result.citations) };
      const heading = !result.required
        ? `Mortgage insurance not required on ${result.as_of}: the loan of ${formatCad(result.loan)} is ${formatPercent(result.ltv)} of the price, so no premium is added${result.insurable ? "" : ` (${result.reason})`}`
        : result.insurable && result.rate !== null
          ? `Mortgage insurance premium on ${result.as_of}: ${formatCad(result.premium)} (${formatPercent(result.rate)} of ${formatCad(result.loan)}); loan with premium ${formatCad(result.loan_with_premium)}`
          : `Not insurable on ${result.as_of}: ${result.reason}`;
      return { structured, text: text(heading, result.breakdown, structured.citations) };
    },
  );

// mortgage_payment, amortization_schedule, max_principal: arithmetic only, no facts.

const PaymentInput = {
  principal: z.number().min(0).describe("The loan in CAD."),
  annualRate: Rate.describe(
    "The quoted annual rate as a fraction (0.05 for 5%), compounded semi-annually as the Interest Act requires.",
  ),
  amortizationYears: Years.describe("Amortization in years."),
  frequency: Frequency,
};
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
      text: text(`Payment (${result.frequency}): ${formatCad(result.payment)}`, result.breakdown),
    }),
  );

const AmortizationScheduleInput = z.strictObject({
  ...PaymentInput,
  termYears: Years.optional().describe(
    "The term in years whose end balance is asked for; default the whole amortization.",
  ),
});
const AmortizationScheduleOutput = z.object({
  payment: z.number(),
  frequency: z.enum(PAYMENT_FREQUENCIES),
  payments: z.int().describe("How many payments repay the loan."),
  balance_at_term_end: z.number(),
  interest_in_term: z.number(),
  principal_in_term: z.number(),
  total_interest: z.number(),
  year_end_balances: z.array(z.number()).describe("What is owed at the end of each year, first year first."),
  breakdown: Lines,
});

export const AMORTIZATION_SCHEDULE = {
  name: "amortization_schedule",
  config: {
    title: "Mortgage amortization schedule",
    description: `The schedule of a fixed-rate mortgage in British Columbia (Canada: semi-annual compounding): the balance at the end of the term, the interest and principal paid in it, the total interest, and the balance at the end of each year. ${NO_FACTS}`,
    inputSchema: AmortizationScheduleInput,
    outputSchema: AmortizationScheduleOutput,
    annotations,
  },
} as const;

export const computeAmortizationSchedule = (
  options: z.infer<typeof AmortizationScheduleInput>,
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
        text: text(
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
      text: text(`Largest loan: ${formatCad(result.principal)}`, result.breakdown),
    }),
  );
