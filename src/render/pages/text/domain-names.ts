import type { Domain } from "../../../schemas/primitives.ts";

/** The domains of docs/consumers/api.md#domains as headings and filter options. */
export const DOMAIN_NAMES: Record<Domain, string> = {
  tax: "Tax",
  mortgage: "Mortgage",
  legal: "Legal",
  "foreign-buyer": "Foreign buyers",
  strata: "Strata",
  rental: "Rental",
};

/** The id of a domain's section on the catalog page; fact ids have no hyphen, so the two never collide. */
export const domainSectionId = (domain: Domain): string => `domain-${domain}`;
