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
import { type Answer, results, steps } from "./answer-view.ts";
import { assumptionWords } from "./assumption-words.ts";
import { make, text } from "./dom.ts";
import { amountOrShare, asOf, dayOfMonth, InputError, MissingInput, number, required } from "./fields.ts";
import { count, day, money, percent } from "./formats.ts";

export const rent = (facts: FactSource): Answer => {
  const increaseDate = asOf("rent-date");
  const noticeReceivedDate = asOf("rent-received");
  if (increaseDate === undefined && noticeReceivedDate === undefined)
    throw new MissingInput("Enter the date of the increase, or the day the tenant received the notice.");
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
    headline.push([`Limit for increases in ${result.rent_year}`, "Not recorded here yet"]);
  else
    headline.push(
      ["Largest new rent", money(result.max_new_rent)],
      ["Largest increase", `${money(result.max_increase)} (${percent(result.cap_rate)})`],
    );
  if (result.earliest_effective_iso !== null)
    headline.push(["Earliest date the increase can take effect", day(result.earliest_effective_iso)]);
  if (result.increase_date_complies === false)
    rows.push(["The date given is too early: the increase takes effect on", day(result.increase_date)]);
  rows.push(
    ["Notice must reach the tenant by", day(result.notice_by)],
    ["Increases allowed", `${count(result.max_increases_per_12_months)} in 12 months`],
  );
  const proposed = result.proposed;
  if (proposed !== null)
    rows.push([
      "Proposed increase",
      `${money(proposed.amount)} (${percent(proposed.rate)}): ${proposed.within_cap === null ? "cannot be checked without the limit" : proposed.within_cap ? "within the limit" : "above the limit"}`,
    ]);
  return {
    asOf: result.increase_date,
    headline,
    notes: [
      make(
        "p",
        result.cap_recorded
          ? `The limit for increases that take effect in ${result.rent_year}.`
          : `The limit for increases that take effect in ${result.rent_year} is not recorded here yet: the dates below hold.`,
        "calc-as-of",
      ),
      ...steps("What the tenant may do", proposed?.tenant_options ?? []),
    ],
    figures: [results(rows)],
    working: steps("How the limit is applied", result.breakdown),
    assumptions: assumptionWords("rent", result),
    citations: result.citations,
    also: ["bc.rta.bill14_2024_personal_use_eviction", "bc.straa", "bc.rtb.monetary_order_publication"],
  };
};

export const deposit = (facts: FactSource): Answer => {
  const amount = required("deposit-amount");
  const receivedDate = asOf("deposit-received");
  const tenancyEndDate = asOf("deposit-end");
  const forwardingAddressDate = asOf("deposit-address");
  if (receivedDate === undefined) throw new MissingInput("Enter the day the landlord received the deposit.");
  if (tenancyEndDate === undefined) throw new MissingInput("Enter the day the tenancy ended.");
  if (forwardingAddressDate === undefined)
    throw new MissingInput("Enter the day the landlord received the forwarding address in writing.");
  const back = depositReturnDeadline(facts, { tenancyEndDate, forwardingAddressDate, deposit: amount });
  const returnedDate = asOf("deposit-returned") ?? back.deadline_iso ?? tenancyEndDate;
  const interest = depositInterest(facts, { deposit: amount, receivedDate, returnedDate });
  const headline: Array<[string, string]> = [["Deposits with interest", money(interest.total)]];
  const rows: Array<[string, string]> = [[`Interest to ${day(returnedDate)}`, money(interest.interest)]];
  if (back.deadline_iso === null)
    headline.push([
      "Return deadline",
      "None: the forwarding address came too late, and the landlord may keep the deposits",
    ]);
  else {
    headline.push(["Last day to return the deposits or claim against them", day(back.deadline_iso)]);
    rows.push(["Owed to the tenant if that day passes", `${money(back.amount_if_missed)}, plus the interest`]);
  }
  return {
    asOf: back.as_of,
    headline,
    notes: [],
    figures: [results(rows)],
    working: [
      ...steps("How the interest is counted", interest.breakdown),
      ...steps("How the deadline is counted", back.breakdown),
    ],
    assumptions: [...assumptionWords("deposit", interest), ...assumptionWords("deposit", back)],
    citations: [...interest.citations, ...back.citations],
    also: [],
  };
};

const NOTICE_NAMES: Record<TenancyNoticeKind, string> = {
  tenant: "The tenant's notice",
  "non-payment": "The notice for unpaid rent",
  cause: "The notice for cause",
  "landlord-use": "The notice for the landlord's use",
  "purchaser-use": "The notice for a buyer's use",
  demolition: "The notice for demolition or conversion",
};

export const notice = (facts: FactSource): Answer => {
  const servedDate = asOf("notice-served");
  if (servedDate === undefined) throw new MissingInput("Enter the day it was served.");
  const received = noticeReceived(facts, { servedDate, method: text("notice-method") as ServiceMethod });
  const headline: Array<[string, string]> = [["Counts as received on", day(received.received_iso)]];
  const rows: Array<[string, string]> = [];
  const citations = [...received.citations];
  const working = [...steps("When it counts as received", received.breakdown)];
  const assumptions = assumptionWords("notice", received);
  const kind = text("notice-kind") as TenancyNoticeKind | "";
  if (kind !== "") {
    const rentDueDay = dayOfMonth("notice-due-day");
    if (rentDueDay === undefined) throw new MissingInput("Enter the day of the month the rent is due.");
    const result = tenancyNotice(facts, {
      notice: kind,
      receivedDate: received.received_iso,
      rentDueDay,
      fixedTermEndDate: asOf("notice-term-end"),
      monthlyRent: number("notice-rent"),
    });
    headline.push([`${NOTICE_NAMES[kind]} can end the tenancy on`, day(result.earliest_effective_iso)]);
    rows.push([
      "Last day to dispute it",
      result.dispute_by_iso === null ? "No dispute: it is the tenant's own notice" : day(result.dispute_by_iso),
    ]);
    if (result.compensation !== null) {
      rows.push(["Compensation on or before that day", money(result.compensation.on_effective_date)]);
      rows.push([
        "More if the purpose is not carried out",
        result.compensation.if_not_used_as_stated === null
          ? "Not recorded here for this date"
          : money(result.compensation.if_not_used_as_stated),
      ]);
    }
    working.push(...steps("How the dates are counted", result.breakdown));
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
  const typed = text("capex-units");
  if (typed === "") throw new MissingInput("Enter the number of units it serves.");
  if (!/^\d+$/.test(typed)) throw new InputError("Enter a whole number of units.", "capex-units");
  const result = capitalExpenditureIncrease(facts, {
    expenditure: required("capex-cost"),
    units: Number(typed),
    currentRent: required("capex-rent"),
    asOf: asOf("capex-date") ?? todayInBc(),
    firstIncreaseDate: asOf("capex-first"),
  });
  const rows: Array<[string, string]> = [
    ["Share of the rent", percent(result.share_of_rent)],
    ["Spread over", `${count(result.amortization_months)} months`],
  ];
  for (const phase of result.phases)
    rows.push([
      `Phase ${count(phase.phase)}, from ${day(phase.from_iso)}`,
      phase.amount === null ? "Not computed: its year's limit is not recorded" : `${money(phase.amount)} a month`,
    ]);
  if (result.not_imposable_monthly !== null && result.not_imposable_monthly > 0)
    rows.push(["Left after the last phase, not imposable", `${money(result.not_imposable_monthly)} a month`]);
  return {
    asOf: result.as_of,
    headline: [["Additional increase for each unit", `${money(result.per_unit_monthly)} a month`]],
    notes: [],
    figures: [results(rows)],
    working: steps("How it is computed", result.breakdown),
    assumptions: assumptionWords("capex", result),
    citations: result.citations,
    also: [],
  };
};

export const credit = (facts: FactSource): Answer => {
  const typed = text("credit-year");
  if (typed === "") throw new MissingInput("Enter the tax year.");
  if (!/^\d{4}$/.test(typed)) throw new InputError("Enter a tax year, for example 2024.", "credit-year");
  const result = rentersTaxCredit(facts, { adjustedIncome: required("credit-income"), taxYear: Number(typed) });
  return {
    asOf: result.citations[0]?.as_of ?? todayInBc(),
    headline: [[`Renter's tax credit for ${result.tax_year}`, money(result.credit)]],
    notes: [],
    figures: [
      results([
        ["Full credit up to an adjusted income of", money(result.full_credit_up_to)],
        ["No credit from", money(result.no_credit_from)],
      ]),
    ],
    working: steps("How the credit is computed", result.breakdown),
    assumptions: assumptionWords("credit", result),
    citations: result.citations,
    also: [],
  };
};
