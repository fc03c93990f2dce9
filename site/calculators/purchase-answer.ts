// A purchase with a mortgage, as the page asks and answers it: whether it passes the stress test and the largest
// price that does, the cash to close, and the minimum down payment, insurance premium, loan, payment and balance.

import {
  affordability,
  amortizationSchedule,
  CalculatorError,
  cashToClose,
  type FactSource,
  type FactUsed,
  type MinimumDownPaymentResult,
  minimumDownPayment,
  mortgageInsurancePremium,
  mortgagePayment,
  type PaymentFrequency,
  qualifyingRate,
  todayInBc,
} from "../../packages/client/src/index.ts";
import { type Answer, breakdown, results, sentence, steps } from "./answer-view.ts";
import { assumptionWords } from "./assumption-words.ts";
import { checked, element, make } from "./dom.ts";
import {
  agreementDate,
  amountOrShareOf,
  asOf,
  InputError,
  MissingInput,
  number,
  problem,
  ratePercent,
  required,
} from "./fields.ts";
import { money, percent } from "./formats.ts";

/** The figures the card shows first, when the answer has them: what a buyer asks. */
const HEADLINE_TERMS = [
  "Largest price that passes",
  "Largest price that passes (minimum down payment)",
  "Cash to close",
] as const;

export const purchase = (facts: FactSource): Answer => {
  const newlyBuilt = checked("buy-newly-built");
  // The agreement's day changes the answer only for a newly built home (the first-time buyers' GST rebate).
  element("buy-agreement-date-field").hidden = !newlyBuilt;
  const price = required("buy-price");
  const date = asOf("buy-date");
  const agreed = newlyBuilt ? agreementDate("buy-agreement-date", date ?? todayInBc(), "buy-date") : undefined;
  const rows: Array<[string, string]> = [];
  const citations: FactUsed[] = [];
  const explained: HTMLElement[] = [];
  const problems: HTMLElement[] = [];
  const assumptions: string[] = [];

  const years = required("buy-amortization");
  const down = amountOrShareOf("buy-down", price, "price");
  // The minimum for this buyer and amortization: 20% where insurance is not available to them (a 30-year loan for a
  // buyer neither first-time nor buying new, or at or above the insured price cap). On a date whose premium schedule
  // is not recorded, the amortization it allows is not known: the minimum is then the one with insurance, so named,
  // and the premium's own line says why it cannot be computed.
  let minimum: MinimumDownPaymentResult;
  let minimumTerm = "Minimum down payment";
  try {
    minimum = minimumDownPayment(facts, price, {
      amortizationYears: years,
      firstTimeBuyer: checked("buy-first-time"),
      newlyBuilt,
      asOf: date,
    });
  } catch (error) {
    // A premium schedule not read yet is fetched first (see loadFacts); only one read without a rule on the date falls back.
    if (
      !(
        error instanceof CalculatorError &&
        error.fact_id === "cmhc.mortgage_insurance_premiums" &&
        error.reason !== "missing-fact"
      )
    )
      throw error;
    minimum = minimumDownPayment(facts, price, { asOf: date });
    if (minimum.insurable) minimumTerm = "Minimum down payment, where insurance is available";
  }
  rows.push([minimumTerm, money(minimum.minimum)]);
  // At or above the cap with a down payment given, the premium's line says it instead.
  if (minimum.reason !== null && (price < minimum.price_cap || down === undefined))
    problems.push(make("p", sentence(minimum.reason), "calc-hint"));
  explained.push(...breakdown("How the minimum down payment is computed", minimum.breakdown));
  citations.push(...minimum.citations);

  if (down !== undefined && down > price)
    throw new InputError("The down payment is more than the purchase price.", "buy-down");
  let loan: number | undefined;
  let loanRefused = false;
  // Whether the loan needs insurance, once the premium is known: before June 1, 2021 the stress test differed for it.
  let needsInsurance: boolean | undefined;
  if (down === undefined)
    problems.push(
      problem(new MissingInput("Enter the down payment to see the insurance premium, the loan and the payment.")),
    );
  else {
    try {
      const premium = mortgageInsurancePremium(facts, {
        price,
        downPayment: down,
        amortizationYears: years,
        firstTimeBuyer: checked("buy-first-time"),
        newlyBuilt,
        asOf: date,
      });
      rows.push(["Loan-to-value", percent(premium.ltv)]);
      needsInsurance = premium.required;
      // The reason is said once, above the results: the breakdown's own "not insurable" line would repeat it.
      const lines = premium.breakdown.filter((line) => !line.startsWith("not insurable: "));
      if (!premium.required) {
        rows.push(["Insurance premium", "Insurance not required (the loan is 80% or less of the price)"]);
        if (!premium.insurable && premium.reason)
          problems.push(make("p", `${sentence(premium.reason)} Your down payment meets it.`, "calc-hint"));
        loan = premium.loan;
      } else if (premium.insurable && premium.rate !== null) {
        rows.push(["Insurance premium", `${money(premium.premium)} (${percent(premium.rate)})`]);
        loan = premium.loan_with_premium;
      } else {
        // A loan that needs insurance and cannot have it is not made: no payment, and no cash to close, is shown for it.
        loanRefused = true;
        rows.push(["Insurance premium", "Not insurable"]);
        problems.push(
          make("p", `No payment is shown: ${premium.reason ?? "this loan cannot be insured"}.`, "calc-error"),
        );
      }
      explained.push(...steps("How the insurance premium is computed", lines));
      citations.push(...premium.citations);
    } catch (error) {
      // Without the premium the rest can still be computed, on the loan before any premium.
      problems.push(problem(error, "The insurance premium cannot be computed: ", "purchase"));
      rows.push(["Insurance premium", "Cannot be computed"]);
      loan = Math.max(0, price - down);
    }
    if (loan !== undefined) rows.push(["Loan", money(loan)]);
  }

  // A rate the page asks about ("did you mean 4.49%?") is not used until the reader answers; the rest is computed.
  let rate: number | undefined;
  let rateAsked = false;
  try {
    rate = ratePercent("buy-rate");
  } catch (error) {
    if (!(error instanceof InputError) || error.action === undefined) throw error;
    rateAsked = true;
    problems.push(problem(error, "", "purchase"));
  }
  if (rate === undefined && !rateAsked)
    problems.push(
      problem(new MissingInput("Enter the interest rate to see the qualifying rate, the payment and the balance.")),
    );
  else if (rate !== undefined) {
    // The calculators take rates as fractions and refuse 1 or more in their own terms; the field is in percent.
    if (rate >= 100) throw new InputError("Enter a rate below 100%, for example 4.5.", "buy-rate");
    const annualRate = rate / 100;
    try {
      const qualifying = qualifyingRate(facts, annualRate, {
        asOf: date,
        ...(needsInsurance === undefined ? {} : { insured: needsInsurance }),
      });
      rows.push(["Qualifying rate (stress test)", percent(qualifying.rate)]);
      citations.push(...qualifying.citations);
    } catch (error) {
      // The payment and the balance do not depend on it: they are still shown.
      if (!(error instanceof CalculatorError)) throw error;
      if (error.reason === "not-covered") {
        // Not a fault: the rule then set no qualifying rate for this loan, which the note says, naming the rule.
        rows.push(["Qualifying rate (stress test)", "None set for this loan"]);
        const note = problem(error, "", "purchase");
        note.className = "calc-hint";
        problems.push(note);
      } else {
        rows.push(["Qualifying rate (stress test)", "Cannot be computed"]);
        problems.push(
          error.option === "insured"
            ? make(
                "p",
                "Enter the down payment to see the qualifying rate: on this date it depended on whether the loan needed insurance.",
                "calc-hint",
              )
            : problem(error, "The qualifying rate cannot be computed: ", "purchase"),
        );
      }
    }
    if (loan !== undefined) {
      const select = element<HTMLSelectElement>("buy-frequency");
      const frequency = select.value as PaymentFrequency;
      const payment = mortgagePayment({ principal: loan, annualRate, amortizationYears: years, frequency });
      rows.push([`${select.selectedOptions[0]?.textContent ?? frequency} payment`, money(payment.payment)]);
      const termYears = required("buy-term");
      if (termYears > years) throw new InputError("The term is longer than the amortization.", "buy-term");
      const schedule = amortizationSchedule({
        principal: loan,
        annualRate,
        amortizationYears: years,
        termYears,
        frequency,
      });
      rows.push([`Balance after the ${termYears}-year term`, money(schedule.balance_at_term_end)]);
      rows.push(["Interest paid in the term", money(schedule.interest_in_term)]);
      // The schedule's explanation begins with the payment's own, so it is shown once.
      explained.push(...steps("How the payment and the balance are computed", schedule.breakdown));
    }
  }
  let verdict: HTMLElement | undefined;
  const income = number("buy-income");
  if (income === undefined)
    problems.push(
      make("p", "Enter the annual household income to see whether the purchase passes the stress test.", "calc-hint"),
    );
  else if (rate !== undefined && rate < 100) {
    try {
      const test = affordability(facts, {
        annualIncome: income,
        monthlyDebtPayments: number("buy-debts") ?? 0,
        annualPropertyTax: number("buy-property-tax") ?? 0,
        monthlyHeating: number("buy-heating") ?? 0,
        monthlyStrataFee: number("buy-strata") ?? 0,
        contractRate: rate / 100,
        amortizationYears: years,
        price,
        ...(down === undefined ? {} : { downPayment: down }),
        firstTimeBuyer: checked("buy-first-time"),
        newlyBuilt,
        asOf: date,
      });
      const ratio = test.binding === "gds" ? "housing costs" : "all debts";
      const passes = test.passes === true;
      // The stress test is the ratios': a purchase within both that needs more down says so, not "does not pass".
      const ratiosPass = !(test.reasons ?? []).some((each) => each === "gds-above-limit" || each === "tds-above-limit");
      const ratios = `at the qualifying rate of ${percent(test.qualifying_rate)}, housing costs are ${percent(test.gds ?? 0)} of income (at most ${percent(test.gds_limit)}) and all debts ${percent(test.tds ?? 0)} (at most ${percent(test.tds_limit)}).`;
      // Where insurance is not available, the minimum is the uninsured share of every price (20%).
      const uninsuredShare = percent(Math.round(((test.minimum_down_payment ?? 0) / price) * 10_000) / 10_000);
      const needsMore = (test.reasons ?? []).includes("needs-uninsured-minimum")
        ? `Needs ${uninsuredShare} down: at least ${money(test.minimum_down_payment ?? 0)}, as mortgage insurance is not available for this purchase.`
        : (test.reasons ?? []).includes("below-minimum")
          ? `The down payment is below the minimum of ${money(test.minimum_down_payment ?? 0)} for this price.`
          : (test.reasons ?? []).includes("not-insurable")
            ? "The loan needs mortgage insurance it cannot have."
            : undefined;
      if (test.passes === undefined) {
        // Before 2018 a loan without insurance had no set qualifying rate: there is no test to pass or fail.
        verdict = make(
          "p",
          "No stress test applies to this loan on this date: with 20% or more down it needs no insurance, and such a loan then had no set qualifying rate (the lender's own rules applied).",
          "calc-verdict",
        );
        rows.unshift(["Stress test", "None set for this loan"]);
        explained.push(...steps("How the stress test is applied", test.breakdown));
        citations.push(...test.citations);
      } else {
        verdict = make(
          "p",
          passes
            ? `Passes the stress test: ${ratios}`
            : ratiosPass
              ? `${needsMore ?? "The loan is not allowed."} The stress test itself passes: ${ratios}`
              : `Does not pass the stress test: ${ratios}${needsMore === undefined ? "" : ` ${needsMore}`}`,
          `calc-verdict ${passes ? "passes" : "fails"}`,
        );
        rows.unshift(
          ["Stress test", ratiosPass ? "Passes" : "Does not pass"],
          ...(test.insurance_available
            ? []
            : [["Mortgage insurance", `Not available: needs ${uninsuredShare} down`] as [string, string]]),
          [
            down === undefined ? "Largest price that passes (minimum down payment)" : "Largest price that passes",
            money(test.max_price),
          ],
          [
            "Ratio that limits it",
            `${test.binding.toUpperCase()} (${ratio}), at most ${percent(test.binding === "gds" ? test.gds_limit : test.tds_limit)}`,
          ],
          ["Largest payment at the qualifying rate", money(test.max_payment)],
        );
        explained.push(...steps("How the stress test is applied", test.breakdown));
        assumptions.push(...assumptionWords("purchase", test));
        citations.push(...test.citations);
      }
    } catch (error) {
      problems.unshift(problem(error, "Whether it passes the stress test cannot be computed: ", "purchase"));
    }
  }

  const cash: HTMLElement[] = [];
  if (down !== undefined && !loanRefused) {
    try {
      const other = number("buy-other-costs");
      const closing = cashToClose(facts, {
        price,
        downPayment: down,
        amortizationYears: years,
        firstTimeBuyer: checked("buy-first-time"),
        newlyBuilt,
        ...(other === undefined || other === 0 ? {} : { extra: [{ label: "Other closing costs", amount: other }] }),
        agreementDate: agreed,
        asOf: date,
      });
      rows.push(["Cash to close", money(closing.total)]);
      // Where the builder's price includes the GST with the rebates assigned to the builder, the GST line is not paid.
      const gst = closing.lines.find((line) => line.item === "gst");
      cash.push(
        make("h3", "What the cash to close is made of"),
        results([
          ...closing.lines.map((line): [string, string] => [line.label, money(line.amount)]),
          ...(gst === undefined
            ? []
            : [["Cash to close if the price includes the GST", money(closing.total - gst.amount)] as [string, string]]),
        ]),
      );
      explained.push(...steps("How the cash to close adds up", closing.breakdown));
      assumptions.push(...assumptionWords("purchase", closing));
      citations.push(...closing.citations);
    } catch (error) {
      cash.push(problem(error, "The cash to close cannot be computed: ", "purchase"));
    }
  }
  // The card leads with what a buyer asks: the largest price that passes and the cash to close, else the minimum.
  const headline = rows.filter(([term]) => (HEADLINE_TERMS as readonly string[]).includes(term));
  const others = rows.filter((row) => !headline.includes(row));
  return {
    asOf: date ?? todayInBc(),
    ...(verdict === undefined ? {} : { verdict }),
    headline: headline.length > 0 ? headline : others.splice(0, 1),
    notes: problems,
    figures: [results(others), ...cash],
    working: explained,
    assumptions: [...new Set(assumptions)],
    citations,
    also: [
      "ca.gst.fthb_new_home_rebate",
      "cra.fhsa.contribution_room",
      "cra.hbp.withdrawal_limit",
      "ca.foreign_buyer_ban",
      "osfi.b20.loan_to_income_limit",
    ],
  };
};
