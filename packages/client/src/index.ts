export type {
  AffordabilityEntry,
  AffordabilityLatest,
  AffordabilitySeries,
  Citation,
  DiffIndex,
  ErrorBody,
  FactCatalog,
  FactDiff,
  HistoryEntry,
  LlmCatalog,
  Manifest,
  PublishedCitation,
  SearchIndex,
  SeriesMember,
  SeriesResponse,
  Upcoming,
  WebhookBody,
} from "../../../src/schemas/index.ts";
export { CalculatorError, type CalculatorErrorDetails, type CalculatorErrorReason } from "./calculators/calculator-error.ts";
export type { FactSource, FactUsed } from "./calculators/facts-used.ts";
export { type HomeOwnerGrantOptions, type HomeOwnerGrantResult, homeOwnerGrant } from "./calculators/home-owner-grant.ts";
export { type MinimumDownPaymentOptions, type MinimumDownPaymentResult, minimumDownPayment } from "./calculators/minimum-down-payment.ts";
export { type MonthlyPaymentOptions, monthlyPayment } from "./calculators/monthly-payment.ts";
export {
  type MortgageInsurancePremiumOptions,
  type MortgageInsurancePremiumResult,
  mortgageInsurancePremium,
} from "./calculators/mortgage-insurance-premium.ts";
export {
  type AmortizationScheduleOptions,
  type AmortizationScheduleResult,
  amortizationSchedule,
  type MaxPrincipalOptions,
  type MaxPrincipalResult,
  type MortgagePaymentOptions,
  type MortgagePaymentResult,
  maxPrincipal,
  mortgagePayment,
  PAYMENT_FREQUENCIES,
  type PaymentFrequency,
  type SchedulePeriod,
} from "./calculators/mortgage-payment.ts";
export {
  type ExemptionName,
  type PropertyTransferTaxLine,
  type PropertyTransferTaxOptions,
  type PropertyTransferTaxResult,
  propertyTransferTax,
} from "./calculators/property-transfer-tax.ts";
export { type QualifyingRateOptions, type QualifyingRateResult, qualifyingRate } from "./calculators/qualifying-rate.ts";
export { FactsClientError } from "./client-error.ts";
export { createFactsClient, type FactsClient, type FactsClientOptions, type ResolvedFact } from "./create-client.ts";
export { type FactValueAsOf, factAsOf } from "./fact-as-of.ts";
export type { Fact, FactValues, KnownFactId, SeriesFactId, SeriesValues, SingleFactResponse } from "./typed-fact.ts";
export { REPLAY_WINDOW_MS, type VerifiedWebhook, verifyFactsWebhook, type WebhookHeaders } from "./verify-facts-webhook.ts";
export {
  type FileVerdict,
  type Jwk,
  type ManifestEntry,
  type ManifestVerdict,
  verifyManifest,
  verifyManifestFile,
} from "./verify-manifest.ts";
