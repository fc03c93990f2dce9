export {
  AMORTIZATION_SCHEDULE,
  computeAmortizationSchedule,
  computeHomeOwnerGrant,
  computeMaxPrincipal,
  computeMinimumDownPayment,
  computeMortgageInsurancePremium,
  computeMortgagePayment,
  computeQualifyingRate,
  HOME_OWNER_GRANT,
  MAX_PRINCIPAL,
  MINIMUM_DOWN_PAYMENT,
  MORTGAGE_INSURANCE_PREMIUM,
  MORTGAGE_PAYMENT,
  QUALIFYING_RATE,
} from "./calculators.ts";
export { GET_FACT, getFact } from "./get-fact.ts";
export { computePropertyTransferTax, PROPERTY_TRANSFER_TAX } from "./property-transfer-tax.ts";
export { SEARCH_FACTS, searchFacts } from "./search-facts.ts";
export { UPCOMING_CHANGES, upcomingChanges } from "./upcoming-changes.ts";
