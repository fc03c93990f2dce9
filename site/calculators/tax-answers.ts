// The calculators of B.C.'s taxes on a home, as the page asks and answers them: the property transfer tax (with the
// GST on a newly built home) and the home owner grant.

import {
  type ExemptionName,
  type FactSource,
  gstOnNewHome,
  homeOwnerGrant,
  PLACE_PROGRAMMES,
  type PlaceProgramme,
  type PlaceRecord,
  periodOn,
  propertyTransferTax,
  SITE_PATHS,
  todayInBc,
} from "../../packages/client/src/index.ts";
import { type Answer, breakdown, factLink, results, sentence, steps } from "./answer-view.ts";
import { assumptionWords } from "./assumption-words.ts";
import { checked, element, make } from "./dom.ts";
import { agreementDate, answer, asOf, chosenPlace, number, problem, required, share } from "./fields.ts";
import { day, money } from "./formats.ts";
import { withPlaces } from "./loading.ts";

const EXEMPTION_NAMES: Record<ExemptionName, string> = {
  "first-time-home-buyers": "First time home buyers' exemption",
  "newly-built-home": "Newly built home exemption",
};

const ANSWER_WORDS = { true: "yes", false: "no", null: "not recorded" } as const;

/** A link to the page of what applies at a place. */
const placeLink = (place: PlaceRecord): HTMLAnchorElement => {
  const link = make("a", `What applies in ${place.name}`);
  // Relative to this page, which sits at the root of the tree, so the link holds on any host the tree is served from.
  link.href = SITE_PATHS.placePage(place.id).slice(1);
  return link;
};

/**
 * Where the property is and the rule of that place that decided the answer: the period in force on the date, in its
 * own words, with the fact and version it was read from, and a link to the place's page.
 */
const placeNote = (place: PlaceRecord, rule: PlaceProgramme, date: string): HTMLElement => {
  const period = periodOn(place.rules[rule] ?? [], date);
  const where = `${place.name} (${place.kind_label.toLowerCase()}${place.regional_district_name === null ? "" : `, ${place.regional_district_name}`})`;
  return make(
    "p",
    period === undefined
      ? [`Where: ${where}. ${PLACE_PROGRAMMES[rule]}: no rule recorded for ${day(date)}. `, placeLink(place)]
      : [
          `Where: ${where}. ${PLACE_PROGRAMMES[rule]} on ${day(date)}: `,
          make("strong", ANSWER_WORDS[String(period.applies) as keyof typeof ANSWER_WORDS]),
          `. ${sentence(period.why)} Read from `,
          factLink(period.fact_id),
          `, ${period.version === null ? "the period recorded before its first version" : `version ${period.version}`}. `,
          placeLink(place),
        ],
    "calc-place",
  );
};

export const ptt = (facts: FactSource): Answer => {
  const foreignBuyer = checked("ptt-foreign");
  const newlyBuilt = checked("ptt-newly-built");
  // The agreement's day changes an answer only for a newly built home (the GST rebate) or a foreign buyer.
  element("ptt-agreement-date-field").hidden = !(foreignBuyer || newlyBuilt);
  const place = chosenPlace("ptt-place", "ptt");
  const registered = asOf("ptt-date");
  const agreed =
    foreignBuyer || newlyBuilt ? agreementDate("ptt-agreement-date", registered ?? todayInBc(), "ptt-date") : undefined;
  const result = propertyTransferTax(withPlaces(facts), {
    price: required("ptt-price"),
    residentialShare: share("ptt-residential"),
    firstTimeBuyer: checked("ptt-first-time"),
    eligibleShare: checked("ptt-first-time") ? share("ptt-eligible-share") : undefined,
    newlyBuilt,
    foreignBuyer,
    // A place answers the question itself; the yes / no list is for a place not in the list.
    inSpecifiedArea: foreignBuyer && place === undefined ? answer("ptt-specified-area") : undefined,
    place: place?.id,
    agreementDate: foreignBuyer ? agreed : undefined,
    asOf: registered,
  });
  const compared = result.exemptions_compared;
  const headline: Array<[string, string]> = [["Property transfer tax", money(result.total)]];
  const rows: Array<[string, string]> = [
    ["General tax", money(result.general)],
    ["Exemption", money(result.exemption)],
    ["Additional tax for foreign buyers", money(result.additional)],
  ];
  const notes: HTMLElement[] = [make("p", `Rules in force on ${day(result.as_of)}.`, "calc-as-of")];
  if (place !== undefined && foreignBuyer) notes.push(placeNote(place, "foreign_buyer_specified_area", result.as_of));
  if (result.additional_if_in_specified_area !== undefined && result.total_if_in_specified_area !== undefined) {
    rows.push(["If in a specified area", money(result.total_if_in_specified_area)]);
    notes.push(
      make(
        "p",
        `Whether the property is in an area where the additional tax applies was not said: if it is, the additional tax is ${money(result.additional_if_in_specified_area)} and the tax ${money(result.total_if_in_specified_area)}.`,
        "calc-hint",
      ),
    );
  }
  if (result.federal_ban_applies === true)
    notes.push(
      make(
        "p",
        [
          `On ${day(result.as_of)} the federal ban on purchases of residential property by non-Canadians is in force: a foreign buyer may not buy unless an exception applies (`,
          factLink("ca.foreign_buyer_ban.exemptions"),
          ").",
        ],
        "calc-error",
      ),
    );
  // A newly built home also carries GST, which the transfer tax does not include: its net after the rebates is shown.
  const figures: HTMLElement[] = [results(rows)];
  const working: HTMLElement[] = [...breakdown("How the tax is computed", result.breakdown)];
  const assumptions = assumptionWords("ptt", result);
  const citations = [...result.citations];
  if (newlyBuilt) {
    try {
      const onNewHome = gstOnNewHome(facts, {
        price: required("ptt-price"),
        firstTimeBuyer: checked("ptt-first-time"),
        agreementDate: agreed,
        asOf: registered,
      });
      headline.push(["GST after the rebates", money(onNewHome.net_gst)]);
      figures.push(
        make("h3", "GST on a newly built home"),
        results([
          ["GST", money(onNewHome.gst)],
          ["GST rebates", money(onNewHome.rebate)],
        ]),
      );
      working.push(...steps("How the GST and its rebates are computed", onNewHome.breakdown));
      assumptions.push(...assumptionWords("ptt", onNewHome));
      citations.push(...onNewHome.citations);
    } catch (error) {
      notes.push(problem(error, "The GST on a newly built home cannot be computed: ", "ptt"));
    }
  }
  working.push(
    ...steps(
      "Exemptions compared",
      compared.map(
        (each) =>
          `${EXEMPTION_NAMES[each.exemption]}: ${money(each.amount)}${each.exemption === result.exemption_claimed ? " (claimed)" : ""}`,
      ),
    ),
  );
  return {
    asOf: result.as_of,
    headline,
    notes,
    figures,
    working,
    assumptions,
    citations,
    also: [
      "ca.gst.fthb_new_home_rebate",
      "ca.foreign_buyer_ban",
      "bc.foreign_buyer_specified_areas",
      "cra.fhsa.contribution_room",
    ],
  };
};

export const grant = (facts: FactSource): Answer => {
  const place = chosenPlace("grant-place", "grant");
  const result = homeOwnerGrant(withPlaces(facts), {
    assessedValue: required("grant-value"),
    additional: checked("grant-additional"),
    ...(place === undefined ? { northernRural: checked("grant-northern") } : { place: place.id }),
    propertyTax: number("grant-tax"),
    asOf: asOf("grant-date"),
  });
  const rows: Array<[string, string]> = [
    ["Largest grant", money(result.max_grant)],
    ["Threshold", money(result.threshold)],
  ];
  if (result.tax_after_grant !== null) rows.push(["Property tax after the grant", money(result.tax_after_grant)]);
  return {
    asOf: result.as_of,
    headline: [["Home owner grant", money(result.grant)]],
    notes: place === undefined ? [] : [placeNote(place, "home_owner_grant_northern_rural", result.as_of)],
    figures: [results(rows)],
    working: steps("How the grant is computed", result.breakdown),
    assumptions: [],
    citations: result.citations,
    also: ["bc.school_tax.additional", "bc.svt.rates_2026"],
  };
};
