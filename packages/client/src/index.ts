/**
 * The client's one entry: what the package publishes, and the only file of packages/client that the repository's
 * own code (src/, site/, actions/, bench/) may import (a dependency-cruiser rule in .dependency-cruiser.cjs).
 * First the published API's wire schemas (zod) with their inferred types; `Fact` and `SingleFactResponse` are
 * published as the typed forms of typed-fact.ts, their schemas as `FactSchema` and `SingleFactResponseSchema`.
 */

export { AffordabilityOptions, AffordabilityResult, affordability } from "./calculators/affordability.ts";
export { Assumed } from "./calculators/assumptions.ts";
export {
  ExemptionName,
  HomeOwnerGrantOptions,
  HomeOwnerGrantResult,
  homeOwnerGrant,
  PropertyTransferTaxLine,
  PropertyTransferTaxOptions,
  PropertyTransferTaxResult,
  propertyTransferTax,
} from "./calculators/bc-taxes.ts";
export type { FactSource, FactUsed } from "./calculators/calculator-common.ts";
export {
  Bracket,
  BracketArray,
  CalculatorError,
  type CalculatorErrorDetails,
  type CalculatorErrorReason,
  Fraction,
  findPlace,
  formatCad,
  formatPercent,
  Money,
  placeRuleOn,
  readableDate,
  roundCents,
  todayInBc,
} from "./calculators/calculator-common.ts";
export { FactUsedSchema, MAX_AMOUNT } from "./calculators/calculator-options.ts";
export {
  CapitalExpenditureIncreaseOptions,
  CapitalExpenditureIncreaseResult,
  capitalExpenditureIncrease,
} from "./calculators/capital-expenditure-increase.ts";
export {
  CashToCloseLine,
  CashToCloseOptions,
  CashToCloseResult,
  cashToClose,
} from "./calculators/cash-to-close.ts";
export { DepositInterestOptions, DepositInterestResult, depositInterest } from "./calculators/deposit-interest.ts";
export {
  DepositReturnDeadlineOptions,
  DepositReturnDeadlineResult,
  depositReturnDeadline,
} from "./calculators/deposit-return.ts";
export { FlippingTaxOptions, FlippingTaxResult, flippingTax } from "./calculators/flipping-tax.ts";
export { GstOnNewHomeOptions, GstOnNewHomeResult, gstOnNewHome } from "./calculators/gst-on-new-home.ts";
export {
  MinimumDownPaymentOptions,
  MinimumDownPaymentResult,
  MortgageInsurancePremiumOptions,
  MortgageInsurancePremiumResult,
  minimumDownPayment,
  mortgageInsurancePremium,
} from "./calculators/mortgage-insurance-premium.ts";
export {
  AmortizationScheduleOptions,
  AmortizationScheduleResult,
  amortizationSchedule,
  MaxPrincipalOptions,
  MaxPrincipalResult,
  MonthlyPaymentOptions,
  MonthlyPaymentResult,
  MortgagePaymentOptions,
  MortgagePaymentResult,
  maxPrincipal,
  monthlyPayment,
  monthlyPI,
  mortgagePayment,
  PAYMENT_FREQUENCIES,
  type PaymentFrequency,
  QualifyingRateOptions,
  QualifyingRateResult,
  qualifyingRate,
  SchedulePeriod,
} from "./calculators/mortgage-payment.ts";
export {
  NoticeReceivedOptions,
  NoticeReceivedResult,
  noticeReceived,
  SERVICE_METHODS,
  type ServiceMethod,
} from "./calculators/notice-received.ts";
export { RentIncreaseOptions, RentIncreaseResult, rentIncrease } from "./calculators/rent-increase.ts";
export {
  RentersTaxCreditOptions,
  RentersTaxCreditResult,
  rentersTaxCredit,
} from "./calculators/renters-tax-credit.ts";
export {
  ASSUMPTION_CODES,
  type AssumptionCode,
  SAID_CODES,
  Said,
  type SaidCode,
  SaidList,
  SaidValue,
} from "./calculators/said.ts";
export {
  TENANCY_NOTICES,
  type TenancyNoticeKind,
  TenancyNoticeOptions,
  TenancyNoticeResult,
  tenancyNotice,
} from "./calculators/tenancy-notice.ts";
export {
  createFactsClient,
  type FactsClient,
  FactsClientError,
  type FactsClientOptions,
  type ResolvedFact,
} from "./create-client.ts";
export * from "./endpoint-schemas.ts";
export * from "./fact-schemas.ts";
export { Fact as FactSchema, SingleFactResponse as SingleFactResponseSchema } from "./fact-schemas.ts";
export { LocaleWords } from "./locale-words.ts";
export {
  FormerName,
  nearestPlaces,
  PLACE_KINDS,
  PLACE_PROGRAMMES,
  PlaceId,
  PlaceKind,
  PlaceProgramme,
  PlaceReason,
  PlaceRecord,
  PlaceResponse,
  PlaceRulePeriod,
  PlaceSummary,
  PlacesIndex,
  periodOn,
} from "./places.ts";
export { parseBaseUrl, parseHttpUrl, SITE_PATHS } from "./site-paths.ts";
export type { Fact, FactValues, KnownFactId, SeriesFactId, SeriesValues, SingleFactResponse } from "./typed-fact.ts";
export { type FactValueAsOf, factAsOf, periodAnchor } from "./typed-fact.ts";
export {
  REPLAY_WINDOW_MS,
  type VerifiedWebhook,
  verifyFactsWebhook,
  type WebhookHeaders,
} from "./verify-facts-webhook.ts";
export {
  type FileVerdict,
  type Jwk,
  type ManifestEntry,
  type ManifestVerdict,
  verifyManifest,
  verifyManifestFile,
} from "./verify-manifest.ts";
