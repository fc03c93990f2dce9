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
import type { Words } from "../../src/i18n/words.ts";
import { type Answer, type Assumption, breakdown, results, saidSteps } from "./answer-view.ts";
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
import { count, money, percent } from "./formats.ts";
import { saidParts } from "./said-words.ts";
import { words } from "./words.ts";

/** The figures the card shows first, when the answer has them: what a buyer asks. */
const headlineTerms = (w: Words): string[] => [
  w.text("calc.buy.largest-price"),
  w.text("calc.buy.largest-price-minimum"),
  w.text("calc.buy.cash-to-close"),
];

export const purchase = (facts: FactSource): Answer => {
  const w = words();
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
  const assumptions: Assumption[] = [];

  const years = required("buy-amortization");
  const down = amountOrShareOf("buy-down", price);
  // The minimum for this buyer and amortization: 20% where insurance is not available to them (a 30-year loan for a
  // buyer neither first-time nor buying new, or at or above the insured price cap). On a date whose premium schedule
  // is not recorded, the amortization it allows is not known: the minimum is then the one with insurance, so named,
  // and the premium's own line says why it cannot be computed.
  let minimum: MinimumDownPaymentResult;
  let minimumTerm = w.text("calc.buy.minimum");
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
    if (minimum.insurable) minimumTerm = w.text("calc.buy.minimum-insured");
  }
  rows.push([minimumTerm, money(minimum.minimum)]);
  // At or above the cap with a down payment given, the premium's line says it instead.
  if (minimum.reason_said !== null && (price < minimum.price_cap || down === undefined))
    problems.push(make("p", saidParts(minimum.reason_said), "calc-hint"));
  explained.push(...breakdown(w.text("calc.buy.minimum-working"), minimum.breakdown));
  citations.push(...minimum.citations);

  if (down !== undefined && down > price) throw new InputError(w.text("calc.buy.down-above-price"), "buy-down");
  let loan: number | undefined;
  let loanRefused = false;
  // Whether the loan needs insurance, once the premium is known: before June 1, 2021 the stress test differed for it.
  let needsInsurance: boolean | undefined;
  if (down === undefined) problems.push(problem(new MissingInput(w.text("calc.buy.enter-down"))));
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
      rows.push([w.text("calc.buy.ltv"), percent(premium.ltv)]);
      needsInsurance = premium.required;
      // The reason is said once, above the results: the breakdown's own "not insurable" line would repeat it.
      const lines = premium.breakdown_said.filter((line) => !line.code.startsWith("insurance.not-insurable-"));
      if (!premium.required) {
        rows.push([w.text("calc.buy.premium"), w.text("calc.buy.premium-not-required")]);
        if (!premium.insurable && premium.reason_said !== null)
          problems.push(
            make("p", [...saidParts(premium.reason_said), " ", w.text("calc.buy.down-meets-it")], "calc-hint"),
          );
        loan = premium.loan;
      } else if (premium.insurable && premium.rate !== null) {
        rows.push([
          w.text("calc.buy.premium"),
          w.text("calc.amount-and-rate", { amount: money(premium.premium), rate: percent(premium.rate) }),
        ]);
        loan = premium.loan_with_premium;
      } else {
        // A loan that needs insurance and cannot have it is not made: no payment, and no cash to close, is shown for it.
        loanRefused = true;
        rows.push([w.text("calc.buy.premium"), w.text("calc.buy.not-insurable")]);
        problems.push(
          make(
            "p",
            premium.reason_said === null
              ? w.text("calc.buy.no-payment-uninsurable")
              : [w.text("calc.buy.no-payment"), " ", ...saidParts(premium.reason_said)],
            "calc-error",
          ),
        );
      }
      explained.push(...saidSteps(w.text("calc.buy.premium-working"), lines));
      citations.push(...premium.citations);
    } catch (error) {
      // Without the premium the rest can still be computed, on the loan before any premium.
      problems.push(problem(error, w.text("calc.buy.premium-cannot"), "purchase"));
      rows.push([w.text("calc.buy.premium"), w.text("calc.buy.cannot")]);
      loan = Math.max(0, price - down);
    }
    if (loan !== undefined) rows.push([w.text("calc.buy.loan"), money(loan)]);
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
  if (rate === undefined && !rateAsked) problems.push(problem(new MissingInput(w.text("calc.buy.enter-rate"))));
  else if (rate !== undefined) {
    // The calculators take rates as fractions and refuse 1 or more in their own terms; the field is in percent.
    if (rate >= 100) throw new InputError(w.text("calc.buy.rate-below-100"), "buy-rate");
    const annualRate = rate / 100;
    try {
      const qualifying = qualifyingRate(facts, annualRate, {
        asOf: date,
        ...(needsInsurance === undefined ? {} : { insured: needsInsurance }),
      });
      rows.push([w.text("calc.buy.qualifying-rate"), percent(qualifying.rate)]);
      citations.push(...qualifying.citations);
    } catch (error) {
      // The payment and the balance do not depend on it: they are still shown.
      if (!(error instanceof CalculatorError)) throw error;
      if (error.reason === "not-covered") {
        // Not a fault: the rule then set no qualifying rate for this loan, which the note says, naming the rule.
        rows.push([w.text("calc.buy.qualifying-rate"), w.text("calc.buy.none-set")]);
        const note = problem(error, "", "purchase");
        note.className = "calc-hint";
        problems.push(note);
      } else {
        rows.push([w.text("calc.buy.qualifying-rate"), w.text("calc.buy.cannot")]);
        problems.push(
          error.option === "insured"
            ? make("p", w.text("calc.buy.enter-down-for-rate"), "calc-hint")
            : problem(error, w.text("calc.buy.qualifying-cannot"), "purchase"),
        );
      }
    }
    if (loan !== undefined) {
      const select = element<HTMLSelectElement>("buy-frequency");
      const frequency = select.value as PaymentFrequency;
      const payment = mortgagePayment({ principal: loan, annualRate, amortizationYears: years, frequency });
      rows.push([
        w.text("calc.buy.payment", { frequency: select.selectedOptions[0]?.textContent ?? frequency }),
        money(payment.payment),
      ]);
      const termYears = required("buy-term");
      if (termYears > years) throw new InputError(w.text("calc.buy.term-above-amortization"), "buy-term");
      const schedule = amortizationSchedule({
        principal: loan,
        annualRate,
        amortizationYears: years,
        termYears,
        frequency,
      });
      rows.push([w.text("calc.buy.balance", { years: count(termYears) }), money(schedule.balance_at_term_end)]);
      rows.push([w.text("calc.buy.interest-in-term"), money(schedule.interest_in_term)]);
      // The schedule's explanation begins with the payment's own, so it is shown once.
      explained.push(...saidSteps(w.text("calc.buy.payment-working"), schedule.breakdown_said));
    }
  }
  let verdict: HTMLElement | undefined;
  const income = number("buy-income");
  if (income === undefined) problems.push(make("p", w.text("calc.buy.enter-income"), "calc-hint"));
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
      const ratio = test.binding === "gds" ? w.text("calc.buy.gds") : w.text("calc.buy.tds");
      const passes = test.passes === true;
      // The stress test is the ratios': a purchase within both that needs more down says so, not "does not pass".
      const ratiosPass = !(test.reasons ?? []).some((each) => each === "gds-above-limit" || each === "tds-above-limit");
      const ratios = {
        rate: percent(test.qualifying_rate),
        gds: percent(test.gds ?? 0),
        gdsLimit: percent(test.gds_limit),
        tds: percent(test.tds ?? 0),
        tdsLimit: percent(test.tds_limit),
      };
      // Where insurance is not available, the minimum is the uninsured share of every price (20%).
      const uninsuredShare = percent(Math.round(((test.minimum_down_payment ?? 0) / price) * 10_000) / 10_000);
      const needsMore = (test.reasons ?? []).includes("needs-uninsured-minimum")
        ? w.text("calc.buy.needs-uninsured", {
            share: uninsuredShare,
            amount: money(test.minimum_down_payment ?? 0),
          })
        : (test.reasons ?? []).includes("below-minimum")
          ? w.text("calc.buy.below-minimum", { amount: money(test.minimum_down_payment ?? 0) })
          : (test.reasons ?? []).includes("not-insurable")
            ? w.text("calc.buy.needs-insurance")
            : undefined;
      if (test.passes === undefined) {
        // Before 2018 a loan without insurance had no set qualifying rate: there is no test to pass or fail.
        verdict = make("p", w.text("calc.buy.no-stress-test"), "calc-verdict");
        rows.unshift([w.text("calc.buy.stress-test"), w.text("calc.buy.none-set")]);
        explained.push(...saidSteps(w.text("calc.buy.stress-working"), test.breakdown_said));
        citations.push(...test.citations);
      } else {
        verdict = make(
          "p",
          passes
            ? w.text("calc.buy.passes", ratios)
            : ratiosPass
              ? w.text("calc.buy.ratios-pass", { ...ratios, needs: needsMore ?? w.text("calc.buy.not-allowed") })
              : needsMore === undefined
                ? w.text("calc.buy.fails", ratios)
                : w.text("calc.buy.fails-needs", { ...ratios, needs: needsMore }),
          `calc-verdict ${passes ? "passes" : "fails"}`,
        );
        rows.unshift(
          [
            w.text("calc.buy.stress-test"),
            ratiosPass ? w.text("calc.buy.stress-passes") : w.text("calc.buy.stress-fails"),
          ],
          ...(test.insurance_available
            ? []
            : [
                [w.text("calc.buy.insurance"), w.text("calc.buy.insurance-unavailable", { share: uninsuredShare })] as [
                  string,
                  string,
                ],
              ]),
          [
            down === undefined ? w.text("calc.buy.largest-price-minimum") : w.text("calc.buy.largest-price"),
            money(test.max_price),
          ],
          [
            w.text("calc.buy.limiting-ratio"),
            w.text("calc.buy.limiting-ratio-value", {
              ratio: test.binding === "gds" ? w.text("calc.buy.ratio-gds") : w.text("calc.buy.ratio-tds"),
              words: ratio,
              limit: percent(test.binding === "gds" ? test.gds_limit : test.tds_limit),
            }),
          ],
          [w.text("calc.buy.largest-payment"), money(test.max_payment)],
        );
        explained.push(...saidSteps(w.text("calc.buy.stress-working"), test.breakdown_said));
        assumptions.push(...assumptionWords("purchase", test));
        citations.push(...test.citations);
      }
    } catch (error) {
      problems.unshift(problem(error, w.text("calc.buy.stress-cannot"), "purchase"));
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
        ...(other === undefined || other === 0
          ? {}
          : { extra: [{ label: w.text("calc.buy.other-costs"), amount: other }] }),
        agreementDate: agreed,
        asOf: date,
      });
      rows.push([w.text("calc.buy.cash-to-close"), money(closing.total)]);
      // Where the builder's price includes the GST with the rebates assigned to the builder, the GST line is not paid.
      const gst = closing.lines.find((line) => line.item === "gst");
      cash.push(
        make("h3", w.text("calc.buy.cash-parts")),
        results([
          ...closing.lines.map((line): [Node, string] => [
            make("span", saidParts(line.label_said)),
            money(line.amount),
          ]),
          ...(gst === undefined
            ? []
            : [[w.text("calc.buy.cash-if-gst-included"), money(closing.total - gst.amount)] as [string, string]]),
        ]),
      );
      explained.push(...saidSteps(w.text("calc.buy.cash-working"), closing.breakdown_said));
      assumptions.push(...assumptionWords("purchase", closing));
      citations.push(...closing.citations);
    } catch (error) {
      cash.push(problem(error, w.text("calc.buy.cash-cannot"), "purchase"));
    }
  }
  // The card leads with what a buyer asks: the largest price that passes and the cash to close, else the minimum.
  const terms = headlineTerms(w);
  const headline = rows.filter(([term]) => terms.includes(term));
  const others = rows.filter((row) => !headline.includes(row));
  return {
    asOf: date ?? todayInBc(),
    ...(verdict === undefined ? {} : { verdict }),
    headline: headline.length > 0 ? headline : others.splice(0, 1),
    notes: problems,
    figures: [results(others), ...cash],
    working: explained,
    assumptions: assumptions.filter(
      (each, index) => assumptions.findIndex((other) => other.key === each.key) === index,
    ),
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
