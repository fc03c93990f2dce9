// The calculators of a residential tenancy, as the page asks and answers them: deposits, notices, rent increases and
// the renter's tax credit, each as the Residential Tenancy Act stood on the date given.

import {
  capitalExpenditureIncrease,
  depositInterest,
  depositReturnDeadline,
  type FactSource,
  noticeReceived,
  type RentIncreaseOptions,
  rentersTaxCredit,
  rentIncrease,
  type ServiceMethod,
  type TenancyNoticeKind,
  tenancyNotice,
  todayInBc,
} from "../../packages/client/src/index.ts";
import type { Words } from "../../src/i18n/words.ts";
import { type Answer, results, saidSteps } from "./answer-view.ts";
import { assumptionWords } from "./assumption-words.ts";
import { make, text } from "./dom.ts";
import { amountOrShare, asOf, dayOfMonth, InputError, MissingInput, number, required } from "./fields.ts";
import { count, day, money, percent } from "./formats.ts";
import { words } from "./words.ts";

export const rent = (facts: FactSource): Answer => {
  const w = words();
  const increaseDate = asOf("rent-date");
  const noticeReceivedDate = asOf("rent-received");
  if (increaseDate === undefined && noticeReceivedDate === undefined)
    throw new MissingInput(w.text("calc.rent.enter-date"));
  // A proposed increase is typed in dollars (75) or as a share of the rent (5%).
  const proposedTyped = amountOrShare("rent-proposed");
  const proposedIncrease: RentIncreaseOptions["proposedIncrease"] =
    proposedTyped === undefined || "amount" in proposedTyped ? proposedTyped : { rate: proposedTyped.share };
  const result = rentIncrease(facts, {
    currentRent: required("rent-current"),
    increaseDate,
    noticeReceivedDate,
    lastIncreaseDate: asOf("rent-last"),
    rentDueDay: dayOfMonth("rent-due-day"),
    proposedIncrease,
  });
  const headline: Array<[string, string]> = [];
  const rows: Array<[string, string]> = [];
  if (result.cap_rate === null || result.max_increase === null || result.max_new_rent === null)
    headline.push([
      w.text("calc.rent.limit-in", { year: String(result.rent_year) }),
      w.text("calc.rent.not-recorded-yet"),
    ]);
  else
    headline.push(
      [w.text("calc.rent.largest-new-rent"), money(result.max_new_rent)],
      [
        w.text("calc.rent.largest-increase"),
        w.text("calc.amount-and-rate", { amount: money(result.max_increase), rate: percent(result.cap_rate) }),
      ],
    );
  if (result.earliest_effective_iso !== null)
    headline.push([w.text("calc.rent.earliest"), day(result.earliest_effective_iso)]);
  if (result.increase_date_complies === false) rows.push([w.text("calc.rent.too-early"), day(result.increase_date)]);
  rows.push(
    [w.text("calc.rent.notice-by"), day(result.notice_by)],
    [w.text("calc.rent.allowed"), w.text("calc.rent.allowed-count", { count: result.max_increases_per_12_months })],
  );
  const proposed = result.proposed;
  if (proposed !== null)
    rows.push([
      w.text("calc.rent.proposed"),
      w.text("calc.rent.proposed-value", {
        amount: money(proposed.amount),
        rate: percent(proposed.rate),
        verdict: proposedVerdict(w, proposed.within_cap),
      }),
    ]);
  return {
    asOf: result.increase_date,
    headline,
    notes: [
      make(
        "p",
        result.cap_recorded
          ? w.text("calc.rent.limit-for", { year: String(result.rent_year) })
          : w.text("calc.rent.limit-not-recorded", { year: String(result.rent_year) }),
        "calc-as-of",
      ),
      ...saidSteps(w.text("calc.rent.tenant-may"), proposed?.tenant_options_said ?? []),
    ],
    figures: [results(rows)],
    working: saidSteps(w.text("calc.rent.working"), result.breakdown_said),
    assumptions: assumptionWords("rent", result),
    citations: result.citations,
    also: ["bc.rta.bill14_2024_personal_use_eviction", "bc.straa", "bc.rtb.monetary_order_publication"],
  };
};

/** Whether a proposed increase is within the limit, in words. */
const proposedVerdict = (w: Words, within: boolean | null): string =>
  within === null ? w.text("calc.rent.unchecked") : within ? w.text("calc.rent.within") : w.text("calc.rent.above");

export const deposit = (facts: FactSource): Answer => {
  const w = words();
  const amount = required("deposit-amount");
  const receivedDate = asOf("deposit-received");
  const tenancyEndDate = asOf("deposit-end");
  const forwardingAddressDate = asOf("deposit-address");
  if (receivedDate === undefined) throw new MissingInput(w.text("calc.deposit.enter-received"));
  if (tenancyEndDate === undefined) throw new MissingInput(w.text("calc.deposit.enter-end"));
  if (forwardingAddressDate === undefined) throw new MissingInput(w.text("calc.deposit.enter-address"));
  const back = depositReturnDeadline(facts, { tenancyEndDate, forwardingAddressDate, deposit: amount });
  const returnedDate = asOf("deposit-returned") ?? back.deadline_iso ?? tenancyEndDate;
  const interest = depositInterest(facts, { deposit: amount, receivedDate, returnedDate });
  const headline: Array<[string, string]> = [[w.text("calc.deposit.with-interest"), money(interest.total)]];
  const rows: Array<[string, string]> = [
    [w.text("calc.deposit.interest-to", { date: day(returnedDate) }), money(interest.interest)],
  ];
  if (back.deadline_iso === null) headline.push([w.text("calc.deposit.deadline"), w.text("calc.deposit.no-deadline")]);
  else {
    headline.push([w.text("calc.deposit.last-day"), day(back.deadline_iso)]);
    rows.push([
      w.text("calc.deposit.owed-if-missed"),
      w.text("calc.deposit.plus-interest", { amount: money(back.amount_if_missed) }),
    ]);
  }
  return {
    asOf: back.as_of,
    headline,
    notes: [],
    figures: [results(rows)],
    working: [
      ...saidSteps(w.text("calc.deposit.interest-working"), interest.breakdown_said),
      ...saidSteps(w.text("calc.deposit.deadline-working"), back.breakdown_said),
    ],
    assumptions: [...assumptionWords("deposit", interest), ...assumptionWords("deposit", back)],
    citations: [...interest.citations, ...back.citations],
    also: [],
  };
};

/** The headline of a notice: the day it can end the tenancy, in the page's words for each kind. */
const noticeEnds = (w: Words, kind: TenancyNoticeKind): string => {
  switch (kind) {
    case "tenant":
      return w.text("calc.notice.ends.tenant");
    case "non-payment":
      return w.text("calc.notice.ends.non-payment");
    case "cause":
      return w.text("calc.notice.ends.cause");
    case "landlord-use":
      return w.text("calc.notice.ends.landlord-use");
    case "purchaser-use":
      return w.text("calc.notice.ends.purchaser-use");
    case "demolition":
      return w.text("calc.notice.ends.demolition");
  }
};

export const notice = (facts: FactSource): Answer => {
  const w = words();
  const servedDate = asOf("notice-served");
  if (servedDate === undefined) throw new MissingInput(w.text("calc.notice.enter-served"));
  const received = noticeReceived(facts, { servedDate, method: text("notice-method") as ServiceMethod });
  const headline: Array<[string, string]> = [[w.text("calc.notice.received-on"), day(received.received_iso)]];
  const rows: Array<[string, string]> = [];
  const citations = [...received.citations];
  const working = [...saidSteps(w.text("calc.notice.received-working"), received.breakdown_said)];
  const assumptions = assumptionWords("notice", received);
  const kind = text("notice-kind") as TenancyNoticeKind | "";
  if (kind !== "") {
    const rentDueDay = dayOfMonth("notice-due-day");
    if (rentDueDay === undefined) throw new MissingInput(w.text("calc.notice.enter-due-day"));
    const result = tenancyNotice(facts, {
      notice: kind,
      receivedDate: received.received_iso,
      rentDueDay,
      fixedTermEndDate: asOf("notice-term-end"),
      monthlyRent: number("notice-rent"),
    });
    headline.push([noticeEnds(w, kind), day(result.earliest_effective_iso)]);
    rows.push([
      w.text("calc.notice.dispute-by"),
      result.dispute_by_iso === null ? w.text("calc.notice.no-dispute") : day(result.dispute_by_iso),
    ]);
    if (result.compensation !== null) {
      rows.push([w.text("calc.notice.compensation"), money(result.compensation.on_effective_date)]);
      rows.push([
        w.text("calc.notice.more-if-not-used"),
        result.compensation.if_not_used_as_stated === null
          ? w.text("calc.notice.not-recorded")
          : money(result.compensation.if_not_used_as_stated),
      ]);
    }
    working.push(...saidSteps(w.text("calc.notice.dates-working"), result.breakdown_said));
    assumptions.push(...assumptionWords("notice", result));
    citations.push(...result.citations);
  }
  return {
    asOf: received.as_of,
    headline,
    notes: [],
    figures: rows.length === 0 ? [] : [results(rows)],
    working,
    assumptions,
    citations,
    also: [],
  };
};

export const capex = (facts: FactSource): Answer => {
  const w = words();
  const typed = text("capex-units");
  if (typed === "") throw new MissingInput(w.text("calc.capex.enter-units"));
  if (!/^\d+$/.test(typed)) throw new InputError(w.text("calc.capex.whole-units"), "capex-units");
  const result = capitalExpenditureIncrease(facts, {
    expenditure: required("capex-cost"),
    units: Number(typed),
    currentRent: required("capex-rent"),
    asOf: asOf("capex-date") ?? todayInBc(),
    firstIncreaseDate: asOf("capex-first"),
  });
  const rows: Array<[string, string]> = [
    [w.text("calc.capex.share"), percent(result.share_of_rent)],
    [w.text("calc.capex.spread"), w.text("calc.capex.months", { months: count(result.amortization_months) })],
  ];
  for (const phase of result.phases)
    rows.push([
      w.text("calc.capex.phase", { phase: count(phase.phase), date: day(phase.from_iso) }),
      phase.amount === null
        ? w.text("calc.capex.phase-not-computed")
        : w.text("calc.a-month", { amount: money(phase.amount) }),
    ]);
  if (result.not_imposable_monthly !== null && result.not_imposable_monthly > 0)
    rows.push([
      w.text("calc.capex.left-over"),
      w.text("calc.a-month", { amount: money(result.not_imposable_monthly) }),
    ]);
  return {
    asOf: result.as_of,
    headline: [[w.text("calc.capex.per-unit"), w.text("calc.a-month", { amount: money(result.per_unit_monthly) })]],
    notes: [],
    figures: [results(rows)],
    working: saidSteps(w.text("calc.working.title"), result.breakdown_said),
    assumptions: assumptionWords("capex", result),
    citations: result.citations,
    also: [],
  };
};

export const credit = (facts: FactSource): Answer => {
  const w = words();
  const typed = text("credit-year");
  if (typed === "") throw new MissingInput(w.text("calc.credit.enter-year"));
  if (!/^\d{4}$/.test(typed)) throw new InputError(w.text("calc.credit.year-example"), "credit-year");
  const result = rentersTaxCredit(facts, { adjustedIncome: required("credit-income"), taxYear: Number(typed) });
  return {
    asOf: result.citations[0]?.as_of ?? todayInBc(),
    headline: [[w.text("calc.credit.for-year", { year: String(result.tax_year) }), money(result.credit)]],
    notes: [],
    figures: [
      results([
        [w.text("calc.credit.full-up-to"), money(result.full_credit_up_to)],
        [w.text("calc.credit.none-from"), money(result.no_credit_from)],
      ]),
    ],
    working: saidSteps(w.text("calc.credit.working"), result.breakdown_said),
    assumptions: assumptionWords("credit", result),
    citations: result.citations,
    also: [],
  };
};
