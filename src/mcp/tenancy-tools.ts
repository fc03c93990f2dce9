/**
 * The tenancy calculator tools: each runs one of the client's tenancy calculators (packages/client) on the facts of
 * the tree, as the tax tools do, and answers with the result, its explanation and the facts it used.
 */
import type { z } from "zod";
import {
  CapitalExpenditureIncreaseOptions,
  CapitalExpenditureIncreaseResult,
  capitalExpenditureIncrease,
  DepositInterestOptions,
  DepositInterestResult,
  DepositReturnDeadlineOptions,
  DepositReturnDeadlineResult,
  depositInterest,
  depositReturnDeadline,
  formatCad,
  NoticeReceivedOptions,
  NoticeReceivedResult,
  noticeReceived,
  RentersTaxCreditOptions,
  RentersTaxCreditResult,
  rentersTaxCredit,
  TenancyNoticeOptions,
  TenancyNoticeResult,
  tenancyNotice,
} from "../../packages/client/src/index.ts";
import type { SiteTree } from "./site-tree.ts";
import { annotations, Cited, CitedFacts, calculateFromFacts, citedAnswer, type ToolAnswer } from "./tool-answer.ts";

// deposit_return_deadline

const DepositReturnDeadlineOutput = DepositReturnDeadlineResult.extend(Cited);

export const DEPOSIT_RETURN_DEADLINE = {
  name: "deposit_return_deadline",
  config: {
    title: "When a B.C. landlord must return a tenant's deposits",
    description:
      "The last day a British Columbia landlord may repay the security and pet damage deposits with interest, or apply for dispute resolution to claim " +
      "against them: 15 days (bc.rta.deposit_return, as in force then) after the later of tenancyEndDate and forwardingAddressDate; what the landlord owes " +
      "if that day passes (double the deposits, before interest); and no deadline when the forwarding address came more than a year after the tenancy ended." +
      "With the facts used, the versions in force, their canonical_url and citations.",
    inputSchema: DepositReturnDeadlineOptions,
    outputSchema: DepositReturnDeadlineOutput,
    annotations,
  },
} as const;

export const computeDepositReturnDeadline = (
  tree: SiteTree,
  options: DepositReturnDeadlineOptions,
): Promise<ToolAnswer<z.infer<typeof DepositReturnDeadlineOutput>>> =>
  calculateFromFacts(
    tree,
    "the deposit return deadline",
    (facts) => depositReturnDeadline(facts, options),
    citedAnswer((result) =>
      result.deadline_iso === null
        ? "No deadline: the forwarding address came too late, and the landlord may keep the deposits"
        : `Deposits must be repaid with interest, or claimed against, by ${result.deadline_iso}; if not, the landlord owes ${formatCad(result.amount_if_missed)} plus interest`,
    ),
  );

// notice_received

const NoticeReceivedOutput = NoticeReceivedResult.extend(Cited);

export const NOTICE_RECEIVED = {
  name: "notice_received",
  config: {
    title: "When a B.C. tenancy notice counts as received",
    description:
      "The day a notice or other record served under British Columbia's Residential Tenancy Act counts as received (bc.rta.notice_service, as in force on " +
      "servedDate): the same day in person, the fifth day after mailing, the third after attaching it to the door, leaving it in the mailbox, faxing or " +
      "(from March 1, 2021, to an address given for service) emailing; email before then is refused. Deadlines that run from receipt start from this day." +
      "With the facts used, the versions in force, their canonical_url and citations.",
    inputSchema: NoticeReceivedOptions,
    outputSchema: NoticeReceivedOutput,
    annotations,
  },
} as const;

export const computeNoticeReceived = (
  tree: SiteTree,
  options: NoticeReceivedOptions,
): Promise<ToolAnswer<z.infer<typeof NoticeReceivedOutput>>> =>
  calculateFromFacts(
    tree,
    "when the notice counts as received",
    (facts) => noticeReceived(facts, options),
    citedAnswer(
      (result) => `Served by ${result.method} on ${result.as_of}: counts as received on ${result.received_iso}`,
    ),
  );

// tenancy_notice

const TenancyNoticeOutput = TenancyNoticeResult.extend(Cited);

export const TENANCY_NOTICE = {
  name: "tenancy_notice",
  config: {
    title: "A notice to end a B.C. tenancy: earliest end, dispute deadline, compensation",
    description:
      "For a notice to end a British Columbia residential tenancy (notice: tenant, non-payment, cause, landlord-use, purchaser-use or demolition) received " +
      "on receivedDate (see notice_received), with the rent due on rentDueDay: the earliest day it can end the tenancy (the day before a rent due day, " +
      "not before a fixed term's end where the Act says so; 10 days for unpaid rent), the last day the tenant can dispute it, and for a landlord-use, " +
      "purchaser-use or demolition notice with monthlyRent, the compensation (one month's rent, and the multiple owed if the purpose is not carried out), " +
      "each from the rule in force on the day received (bc.rta.notices_to_end_tenancy, bc.rta.landlord_use_compensation)." +
      "With the facts used, the versions in force, their canonical_url and citations.",
    inputSchema: TenancyNoticeOptions,
    outputSchema: TenancyNoticeOutput,
    annotations,
  },
} as const;

export const computeTenancyNotice = (
  tree: SiteTree,
  options: TenancyNoticeOptions,
): Promise<ToolAnswer<z.infer<typeof TenancyNoticeOutput>>> =>
  calculateFromFacts(
    tree,
    "the notice to end a tenancy",
    (facts) => tenancyNotice(facts, options),
    citedAnswer(
      (result) =>
        `${result.notice} notice received on ${result.as_of}: ends the tenancy on ${result.earliest_effective_iso} at the earliest${result.dispute_by_iso === null ? "" : `; dispute by ${result.dispute_by_iso}`}${result.compensation === null ? "" : `; compensation ${formatCad(result.compensation.on_effective_date)}${result.compensation.if_not_used_as_stated === null ? "" : `, and ${formatCad(result.compensation.if_not_used_as_stated)} more if the purpose is not carried out`}`}`,
    ),
  );

// renters_tax_credit

const RentersTaxCreditOutput = RentersTaxCreditResult.extend({ citations: CitedFacts });

export const RENTERS_TAX_CREDIT = {
  name: "renters_tax_credit",
  config: {
    title: "B.C. renter's tax credit",
    description:
      "British Columbia's refundable renter's tax credit for taxYear and an adjusted income (bc.renters_tax_credit, the period stating that tax year): the " +
      "full credit up to the year's threshold, less a share of the income above it (the fact states it), nothing at the end of the band; a tax year whose figures are not recorded is refused, naming those that are." +
      "With the facts used, the versions in force, their canonical_url and citations.",
    inputSchema: RentersTaxCreditOptions,
    outputSchema: RentersTaxCreditOutput,
    annotations,
  },
} as const;

export const computeRentersTaxCredit = (
  tree: SiteTree,
  options: RentersTaxCreditOptions,
): Promise<ToolAnswer<z.infer<typeof RentersTaxCreditOutput>>> =>
  calculateFromFacts(
    tree,
    "the renter's tax credit",
    (facts) => rentersTaxCredit(facts, options),
    citedAnswer((result) => `Renter's tax credit for ${result.tax_year}: ${formatCad(result.credit)}`),
  );

// deposit_interest

const DepositInterestOutput = DepositInterestResult.extend(Cited);

export const DEPOSIT_INTEREST = {
  name: "deposit_interest",
  config: {
    title: "Interest on a B.C. tenant's deposits",
    description:
      "The interest a British Columbia landlord owes on the security and pet damage deposits from receivedDate to returnedDate, each calendar year at " +
      "its own rate (bc.rta.deposit_interest), compounded as the rule states; a year whose rate is not recorded is refused, naming it. With the facts " +
      "used, the versions in force, their canonical_url and citations.",
    inputSchema: DepositInterestOptions,
    outputSchema: DepositInterestOutput,
    annotations,
  },
} as const;

export const computeDepositInterest = (
  tree: SiteTree,
  options: DepositInterestOptions,
): Promise<ToolAnswer<z.infer<typeof DepositInterestOutput>>> =>
  calculateFromFacts(
    tree,
    "the deposit interest",
    (facts) => depositInterest(facts, options),
    citedAnswer(
      (result) =>
        `Interest on the deposits to ${result.as_of}: ${formatCad(result.interest)}, ${formatCad(result.total)} with the deposits`,
    ),
  );

// capital_expenditure_increase

const CapitalExpenditureIncreaseOutput = CapitalExpenditureIncreaseResult.extend(Cited);

export const CAPITAL_EXPENDITURE_INCREASE = {
  name: "capital_expenditure_increase",
  config: {
    title: "B.C. additional rent increase for capital expenditures",
    description:
      "The additional rent increase a British Columbia landlord may apply for to recover an eligible capital expenditure (bc.rtr.capital_expenditure_increase, " +
      "from July 1, 2021): the expenditure divided by the units it serves and the months it is spread over, for each unit each month, its share of the " +
      "rent, and its phases (up to three, each at most 3% of the rent plus that year's annual increase from the bc.rent_cap series); refused before the rule began. With the facts used, the versions in force, their canonical_url and citations.",
    inputSchema: CapitalExpenditureIncreaseOptions,
    outputSchema: CapitalExpenditureIncreaseOutput,
    annotations,
  },
} as const;

export const computeCapitalExpenditureIncrease = (
  tree: SiteTree,
  options: CapitalExpenditureIncreaseOptions,
): Promise<ToolAnswer<z.infer<typeof CapitalExpenditureIncreaseOutput>>> =>
  calculateFromFacts(
    tree,
    "the additional rent increase for capital expenditures",
    (facts) => capitalExpenditureIncrease(facts, options),
    citedAnswer(
      (result) =>
        `Additional rent increase for the capital expenditure: ${formatCad(result.per_unit_monthly)} a month for each unit`,
    ),
  );
