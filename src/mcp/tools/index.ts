export { GET_FACT, getFact } from "./get-fact.ts";
export { computePropertyTransferTax, PROPERTY_TRANSFER_TAX } from "./property-transfer-tax.ts";
export { SEARCH_FACTS, searchFacts } from "./search-facts.ts";
export { UPCOMING_CHANGES, upcomingChanges } from "./upcoming-changes.ts";
