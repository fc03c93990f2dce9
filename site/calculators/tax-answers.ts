// The calculators of B.C.'s taxes on a home, as the page asks and answers them: the property transfer tax (with the
// GST on a newly built home) and the home owner grant.

import {
  type ExemptionName,
  type FactSource,
  gstOnNewHome,
  homeOwnerGrant,
  type PlaceProgramme,
  type PlaceRecord,
  periodOn,
  propertyTransferTax,
  SITE_PATHS,
  todayInBc,
} from "../../packages/client/src/index.ts";
import type { Words } from "../../src/i18n/words.ts";
import { placeReasonWords } from "../../src/render/place-reasons.ts";
import { type Answer, breakdown, listed, results, saidSteps } from "./answer-view.ts";
import { assumptionWords } from "./assumption-words.ts";
import { checked, element, make } from "./dom.ts";
import { factLink } from "./fact-link.ts";
import { agreementDate, answer, asOf, chosenPlace, number, problem, required, share } from "./fields.ts";
import { day, money } from "./formats.ts";
import { withPlaces } from "./loading.ts";
import { placeName, placeWords } from "./said-words.ts";
import { words } from "./words.ts";

const exemptionName = (w: Words, exemption: ExemptionName): string =>
  exemption === "first-time-home-buyers"
    ? w.text("calc.ptt.exemption.first-time")
    : w.text("calc.ptt.exemption.newly-built");

/** A place's rule in a word: whether it applies there on the day. */
const answerWords = (w: Words, applies: boolean | null): string =>
  applies === true
    ? w.text("calc.place.yes")
    : applies === false
      ? w.text("calc.place.no")
      : w.text("calc.place.unknown");

/** The rules of a place the page's calculators answer by. */
type PageProgramme = Extract<PlaceProgramme, "foreign_buyer_specified_area" | "home_owner_grant_northern_rural">;

/** The name of a rule a place's periods answer, in the page's words (the client's PLACE_PROGRAMMES, translated). */
const programmeName = (w: Words, rule: PageProgramme): string =>
  rule === "foreign_buyer_specified_area"
    ? w.text("calc.place.programme.foreign-buyer")
    : w.text("calc.place.programme.northern-rural");

/** A link to the page of what applies at a place. */
const placeLink = (place: PlaceRecord): HTMLAnchorElement => {
  const link = make("a", words().text("calc.place.link", { place: place.name }));
  // Relative to this page, which sits at the root of the tree, so the link holds on any host the tree is served from.
  link.href = SITE_PATHS.placePage(place.id).slice(1);
  return link;
};

/**
 * Where the property is and the rule of that place that decided the answer: the period in force on the date, why it
 * answers so (its `reason`, in the page's words, as the place's page says it), with the fact and version it was read
 * from, and a link to the place's page.
 */
const placeNote = (place: PlaceRecord, rule: PageProgramme, date: string): HTMLElement => {
  const w = words();
  const period = periodOn(place.rules[rule] ?? [], date);
  // The place by its name and its regional district's, as the register writes them, and its kind in the page's words.
  const where = placeWords(place);
  const programme = programmeName(w, rule);
  return make(
    "p",
    period === undefined
      ? [w.text("calc.place.no-rule", { where, programme, date: day(date) }), " ", placeLink(place)]
      : [
          ...w.parts("calc.place.rule", {
            where,
            programme,
            date: day(date),
            answer: make("strong", answerWords(w, period.applies)),
            why: placeReasonWords(w, rule, place, period.reason, placeName),
            fact: factLink(period.fact_id),
            record:
              period.version === null
                ? w.text("calc.place.before-first-version")
                : w.text("calc.facts.version", { version: String(period.version) }),
          }),
          " ",
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
  const w = words();
  const compared = result.exemptions_compared;
  const headline: Array<[string, string]> = [[w.text("calc.ptt.total"), money(result.total)]];
  const rows: Array<[string, string]> = [
    [w.text("calc.ptt.general"), money(result.general)],
    [w.text("calc.ptt.exemption"), money(result.exemption)],
    [w.text("calc.ptt.additional"), money(result.additional)],
  ];
  const notes: HTMLElement[] = [make("p", w.text("calc.rules-on", { date: day(result.as_of) }), "calc-as-of")];
  if (place !== undefined && foreignBuyer) notes.push(placeNote(place, "foreign_buyer_specified_area", result.as_of));
  if (result.additional_if_in_specified_area !== undefined && result.total_if_in_specified_area !== undefined) {
    rows.push([w.text("calc.ptt.if-specified-area"), money(result.total_if_in_specified_area)]);
    notes.push(
      make(
        "p",
        w.text("calc.ptt.area-not-said", {
          additional: money(result.additional_if_in_specified_area),
          total: money(result.total_if_in_specified_area),
        }),
        "calc-hint",
      ),
    );
  }
  if (result.federal_ban_applies === true)
    notes.push(
      make(
        "p",
        w.parts("calc.ptt.federal-ban", {
          date: day(result.as_of),
          fact: factLink("ca.foreign_buyer_ban.exemptions"),
        }),
        "calc-error",
      ),
    );
  // A newly built home also carries GST, which the transfer tax does not include: its net after the rebates is shown.
  const figures: HTMLElement[] = [results(rows)];
  const working: HTMLElement[] = [...breakdown(w.text("calc.ptt.working"), result.breakdown)];
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
      headline.push([w.text("calc.gst.net"), money(onNewHome.net_gst)]);
      figures.push(
        make("h3", w.text("calc.gst.title")),
        results([
          [w.text("calc.gst.gst"), money(onNewHome.gst)],
          [w.text("calc.gst.rebates"), money(onNewHome.rebate)],
        ]),
      );
      working.push(...saidSteps(w.text("calc.gst.working"), onNewHome.breakdown_said));
      assumptions.push(...assumptionWords("ptt", onNewHome));
      citations.push(...onNewHome.citations);
    } catch (error) {
      notes.push(problem(error, w.text("calc.gst.cannot"), "ptt"));
    }
  }
  working.push(
    ...listed(
      w.text("calc.ptt.exemptions-compared"),
      compared.map((each) =>
        each.exemption === result.exemption_claimed
          ? w.text("calc.ptt.exemption-claimed", {
              exemption: exemptionName(w, each.exemption),
              amount: money(each.amount),
            })
          : w.text("calc.ptt.exemption-amount", {
              exemption: exemptionName(w, each.exemption),
              amount: money(each.amount),
            }),
      ),
    ),
  );
  return {
    asOf: result.as_of,
    headline,
    notes,
    figures,
    working,
    // The GST's conditions are said once, by the fact that lists them, however many the fact holds.
    assumptions: assumptions.filter(
      (each, index) => assumptions.findIndex((other) => other.key === each.key) === index,
    ),
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
  const w = words();
  const place = chosenPlace("grant-place", "grant");
  const result = homeOwnerGrant(withPlaces(facts), {
    assessedValue: required("grant-value"),
    additional: checked("grant-additional"),
    ...(place === undefined ? { northernRural: checked("grant-northern") } : { place: place.id }),
    propertyTax: number("grant-tax"),
    asOf: asOf("grant-date"),
  });
  const rows: Array<[string, string]> = [
    [w.text("calc.grant.largest"), money(result.max_grant)],
    [w.text("calc.grant.threshold"), money(result.threshold)],
  ];
  if (result.tax_after_grant !== null) rows.push([w.text("calc.grant.tax-after"), money(result.tax_after_grant)]);
  return {
    asOf: result.as_of,
    headline: [[w.text("calc.grant.grant"), money(result.grant)]],
    notes: place === undefined ? [] : [placeNote(place, "home_owner_grant_northern_rural", result.as_of)],
    figures: [results(rows)],
    working: saidSteps(w.text("calc.grant.working"), result.breakdown_said),
    assumptions: [],
    citations: result.citations,
    also: ["bc.school_tax.additional", "bc.svt.rates_2026"],
  };
};
