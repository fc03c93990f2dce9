import { sourcesSummary } from "../render/site-model.ts";
import { DOMAINS } from "../schemas/index.ts";
import type { SiteTree } from "./site-tree.ts";

/** What the server tells an assistant at initialization: what the data is, how far it is current, and how to cite it. */
export const serverInstructions = (tree: SiteTree): string =>
  [
    `${tree.catalog.name}: ${tree.catalog.fact_count} verified facts about British Columbia (Canada) residential real estate rules ` +
      `(domains: ${DOMAINS.join(", ")}), as published on ${tree.upcoming.as_of}.`,
    "Each fact has a structured value (rates are fractions, so 0.02 is 2%; money is CAD), the date it took effect (effective_iso), " +
      "the date by which it must be re-verified (expires_iso), a version, and citations, each with its kind (official: the issuing government, " +
      "regulator, court or Crown agency's own page; official-copy: such a text read on another site; secondary: anyone else's account), " +
      "the organisation (org, with org_id and org_kind), the date it was last checked and often the passage it quotes.",
    `${sourcesSummary(tree.catalog.facts)} Prefer official sources when you cite; say so when a point rests on a secondary source only.`,
    "State a value together with the date it took effect, cite the fact's canonical_url (and its official citations where useful), and treat a " +
      "fact past its expires_iso as unverified. A change that is scheduled is not in effect before its date; announced changes are not yet enacted.",
    "Some facts declare next_expected: the date by which their next value is normally announced (an annual rent cap, a threshold set each " +
      "tax year, rates set in a budget), what is expected and where it will be published. When that date has passed and no newer value is " +
      "recorded, get_fact and upcoming_changes say the announcement is past due: say so, and do not present the current value as the next period's.",
    "Tools: search_facts finds facts by words; get_fact gives one fact in full; upcoming_changes lists scheduled changes, expected announcements and re-verification dates " +
      "ahead; property_transfer_tax, minimum_down_payment, qualifying_rate, mortgage_insurance_premium and home_owner_grant compute from the published " +
      "facts in force on a date (asOf, default today), each with its breakdown and the versions it used; mortgage_payment, amortization_schedule and " +
      "max_principal do the mortgage arithmetic (semi-annual compounding).",
    `The data is licensed ${tree.catalog.license}. It is general information, not legal, tax or financial advice.`,
  ].join("\n\n");
