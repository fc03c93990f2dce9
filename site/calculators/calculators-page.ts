// The calculators page's script, bundled into /assets/calculators.js by the build (src/build/bundle-scripts.ts).
// It runs the client package's own calculators on the facts this site publishes, each read when a calculation first
// needs it: no server computes anything, and every figure shown comes from a calculator's result, with the facts (and
// their versions) the result cites.

import type {
  AffordabilityOptions,
  AmortizationScheduleOptions,
  CapitalExpenditureIncreaseOptions,
  DepositInterestOptions,
  DepositReturnDeadlineOptions,
  Fact,
  FactSource,
  FactUsed,
  HomeOwnerGrantOptions,
  MinimumDownPaymentResult,
  MortgageInsurancePremiumOptions,
  NoticeReceivedOptions,
  PlaceRecord,
  PropertyTransferTaxOptions,
  RentersTaxCreditOptions,
  RentIncreaseOptions,
  TenancyNoticeOptions,
} from "../../packages/client/src/index.ts";
import {
  affordability,
  amortizationSchedule,
  CalculatorError,
  capitalExpenditureIncrease,
  cashToClose,
  depositInterest,
  depositReturnDeadline,
  type ExemptionName,
  formatCad,
  formatPercent,
  gstOnNewHome,
  homeOwnerGrant,
  minimumDownPayment,
  mortgageInsurancePremium,
  mortgagePayment,
  nearestPlaces,
  noticeReceived,
  type PaymentFrequency,
  PLACE_PROGRAMMES,
  type PlaceProgramme,
  PlaceResponse,
  periodOn,
  propertyTransferTax,
  qualifyingRate,
  readableDate,
  rentersTaxCredit,
  rentIncrease,
  type ServiceMethod,
  SITE_PATHS,
  type TenancyNoticeKind,
  tenancyNotice,
} from "../../packages/client/src/index.ts";
import { readNumber } from "./read-number.ts";

/** A line of a calculator's breakdown, read for display: whatever amounts it states, and its words. */
interface Line {
  label: string;
  base?: number | null;
  rate?: number | null;
  amount?: number | null;
  fact_id?: string;
}

/** A field that does not hold what the calculation needs, in words that name it; shown next to that field. */
class InputError extends Error {
  readonly field: string | undefined;
  constructor(message: string, field?: string) {
    super(message);
    this.field = field;
  }
}

/** A field still empty: what to enter next, shown as a hint rather than as an error. */
class MissingInput extends InputError {}

const element = <T extends HTMLElement>(id: string): T => {
  const found = document.getElementById(id);
  if (!found) throw new Error(`the page has no #${id}`);
  return found as T;
};

const text = (id: string): string => element<HTMLInputElement>(id).value.trim();
const checked = (id: string): boolean => element<HTMLInputElement>(id).checked;

const labelOf = (id: string): string => document.querySelector(`label[for="${id}"]`)?.textContent?.trim() ?? id;

/** The number a field holds; empty is undefined. A rate or a share is typed in percent. */
const number = (id: string, percent = false): number | undefined => {
  const read = readNumber(text(id), percent);
  if (typeof read === "object") throw new InputError(read.problem, id);
  return read;
};

const required = (id: string): number => {
  const value = number(id);
  if (value === undefined) throw new MissingInput(`Enter the ${labelOf(id).toLowerCase()}.`);
  return value;
};

/** The date field's value, or undefined for today (the calculators' default). */
const asOf = (id: string): string | undefined => text(id) || undefined;

/** Builds an element with text content only: nothing from the catalog or the person is ever parsed as HTML. */
const make = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  content?: string | Node | Array<string | Node>,
  className?: string,
) => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (content !== undefined) node.append(...(Array.isArray(content) ? content : [content]));
  return node;
};

/**
 * The facts read so far, by id. The page reads no catalog: a calculation asks for the facts it reads, one by one (the
 * client's calculators refuse with the id of the first fact they lack), and each is fetched once from its
 * `by-id/{id}.json` when first asked for, so what the page downloads is what the calculations in front of the reader
 * cite, whatever the size of the catalog.
 */
const factFiles = new Map<string, Fact>();
const factLoading = new Set<string>();
const factFailures = new Map<string, string>();
/** The yearly series whose members have all been read (a series' name is no fact of its own). */
const seriesRead = new Set<string>();

/** The address of a published file from the page's pattern (`data-fact`, `data-series`): relative to the page. */
const addressOf = (pattern: string, id: string): string =>
  (element("calc-status").dataset[pattern] ?? "").replace("{id}", encodeURIComponent(id));

/** A file's JSON, or an error naming the address and what it answered. */
const fetchJson = async (path: string): Promise<unknown> => {
  const response = await fetch(path);
  if (!response.ok)
    throw Object.assign(new Error(`${path} answered HTTP ${response.status}`), { status: response.status });
  return response.json();
};

/** Reads one fact's `by-id` file into factFiles, checking that it is the fact asked for. */
const readFact = async (id: string): Promise<void> => {
  const body = (await fetchJson(addressOf("fact", id))) as { fact?: Fact };
  if (body.fact?.id !== id) throw new Error(`${addressOf("fact", id)} does not hold the fact ${id}`);
  factFiles.set(id, body.fact);
};

/**
 * Fetches the facts `ids` not read yet, then runs the form's calculation again. An id that is a yearly series' name
 * (the rent cap's, which a rent increase reads by date) has no `by-id` file: its series file lists its members, and
 * each member is read. A fact that cannot be read is said where the calculation needed it, on the next run.
 */
const loadFacts = (ids: readonly string[], form: string): void => {
  const wanted = ids.filter(
    (id) => !factFiles.has(id) && !seriesRead.has(id) && !factLoading.has(id) && !factFailures.has(id),
  );
  if (wanted.length === 0) return;
  for (const id of wanted) factLoading.add(id);
  void Promise.all(
    wanted
      .map(async (id) => {
        try {
          await readFact(id);
        } catch (error) {
          if ((error as { status?: number }).status !== 404) throw error;
          const series = (await fetchJson(addressOf("series", id))) as { members?: { id: string }[] };
          if (!Array.isArray(series.members)) throw new Error(`${addressOf("series", id)} lists no members`);
          await Promise.all(
            series.members.map((member) => (factFiles.has(member.id) ? undefined : readFact(member.id))),
          );
          seriesRead.add(id);
        }
      })
      .map((loading, at) =>
        loading.catch((error: unknown) => {
          factFailures.set(wanted[at]!, error instanceof Error ? error.message : String(error));
        }),
      ),
  ).finally(() => {
    for (const id of wanted) factLoading.delete(id);
    element<HTMLFormElement>(`${form}-form`).dispatchEvent(new Event("input"));
  });
};

/** The facts read so far, as the client's calculators take them. */
const loadedFacts = (): FactSource => ({ facts: [...factFiles.values()] });

/** A place the place fields offer, from the page's list of the register. */
interface PlaceOption {
  id: string;
  name: string;
  value: string;
}

const placeOptions = (): PlaceOption[] =>
  Array.from(document.querySelectorAll<HTMLOptionElement>("#places-list option")).map((option) => ({
    id: option.dataset.id ?? "",
    name: option.dataset.name ?? option.value,
    value: option.value,
  }));

/** The place files read so far, by id: each is fetched once, when a place is first chosen. */
const placeFiles = new Map<string, PlaceRecord>();
const placeLoading = new Map<string, Promise<void>>();

/**
 * Reads a place's file, then runs the calculator again: the rules of a place arrive after it is typed. A file that
 * cannot be read is said at the field on the next run.
 */
const placeFailures = new Map<string, string>();
const loadPlace = (id: string, form: string): void => {
  if (placeLoading.has(id)) return;
  const path = (element("calc-status").dataset.place ?? "").replace("{id}", id);
  placeLoading.set(
    id,
    fetch(path)
      .then(async (response) => {
        if (!response.ok) throw new Error(`${path} answered HTTP ${response.status}`);
        placeFiles.set(id, PlaceResponse.parse(await response.json()).place);
      })
      .catch((error: unknown) => {
        placeFailures.set(id, error instanceof Error ? error.message : String(error));
      })
      .finally(() => element<HTMLFormElement>(`${form}-form`).dispatchEvent(new Event("input"))),
  );
};

/**
 * The place a place field names (case and spaces aside), its file once read: undefined for an empty field. A name
 * that is no place of the list is refused at the field with the nearest names; one whose file is still on its way
 * says so and the calculator runs again when it arrives.
 */
const chosenPlace = (field: string, form: string): PlaceRecord | undefined => {
  const typed = text(field);
  if (typed === "") return undefined;
  const options = placeOptions();
  const wanted = typed.toLowerCase().replace(/\s+/g, " ");
  const option = options.find((each) => each.value.toLowerCase() === wanted || each.id === wanted);
  if (option === undefined) {
    const nearest = nearestPlaces(
      typed,
      options.map(({ id, value }) => ({ id, name: value })),
    );
    throw new InputError(
      `No municipality or area of British Columbia is called “${typed}” in this list.${nearest.length === 0 ? "" : ` The nearest: ${nearest.join(", ")}.`}`,
      field,
    );
  }
  const failure = placeFailures.get(option.id);
  if (failure !== undefined)
    throw new InputError(`The rules of ${option.name} could not be loaded: ${failure}.`, field);
  const record = placeFiles.get(option.id);
  if (record === undefined) {
    loadPlace(option.id, form);
    throw new MissingInput(`Reading the rules that apply in ${option.name}…`);
  }
  return record;
};

/** The facts with the places read so far, for a calculator asked about a place. */
const withPlaces = (facts: FactSource): FactSource => ({ ...facts, places: [...placeFiles.values()] });

const factLabel = (id: string): string => factFiles.get(id)?.label ?? id;

/**
 * A line of the client's explanation in a reader's words: the client writes dates as YYYY-MM-DD and names facts by id,
 * for programs; the page writes the dates out and names each fact by its label.
 */
const forReaders = (text: string): string =>
  text
    .replace(/\b\d{4}-\d{2}-\d{2}\b/g, (isoDate) => readableDate(isoDate))
    .replace(/\b[a-z]+(?:\.[a-z0-9_]+)+\b/g, (id) => (factFiles.has(id) ? factLabel(id) : id));

const factLink = (id: string, content: string = factLabel(id)): HTMLAnchorElement => {
  const link = make("a", content);
  link.href = `${id}.html`;
  return link;
};

const results = (rows: Array<[string, string]>): HTMLDListElement =>
  make(
    "dl",
    rows.map(([term, value]) => make("div", [make("dt", term), make("dd", value)])),
    "calc-results",
  );

/**
 * The lines of a calculation under a heading, each as its words and its arithmetic ("$310,000 × 2% = $6,200"): a list
 * rather than a table, so that long explanations stay readable on a phone's width.
 */
const breakdown = (title: string, lines: readonly Line[]): HTMLElement[] => {
  const sum = (line: Line): string => {
    const amount = typeof line.amount === "number" ? formatCad(line.amount) : "";
    if (typeof line.base === "number" && typeof line.rate === "number")
      return `${formatCad(line.base)} × ${formatPercent(line.rate)} = ${amount}`;
    return amount;
  };
  return [
    make("h3", title),
    make(
      "ul",
      lines.map((line) =>
        make("li", [make("span", forReaders(line.label), "line-label"), " ", make("span", sum(line), "line-sum")]),
      ),
      "calc-lines",
    ),
  ];
};

/** A calculator's explanation in sentences, one item each, under a heading. */
const steps = (title: string, lines: readonly string[]): HTMLElement[] =>
  lines.length === 0
    ? []
    : [
        make("h3", title),
        make(
          "ul",
          lines.map((line) => make("li", forReaders(line))),
          "calc-notes",
        ),
      ];

/**
 * Every fact the results cite, once per period used: its label (the rule's name) linked to the fact page's section on
 * that period, the period's own numbers (its summary), which record it is (a version, or a period recorded before the
 * first version) and the dates it was in force.
 */
const factsUsed = (citations: readonly FactUsed[]): HTMLElement => {
  const seen = new Map<string, FactUsed>();
  for (const used of citations) seen.set(`${used.fact_id} ${used.version} ${used.effective_iso}`, used);
  const list = make(
    "ul",
    [...seen.values()].map((used) => {
      const link = factLink(used.fact_id, used.label);
      link.href = `${used.fact_id}.html#${used.anchor}`;
      const record = used.version === undefined ? "recorded before the first version" : `version ${used.version}`;
      const dates = `in effect from ${used.effective_iso ? readableDate(used.effective_iso) : "a date the history does not state"}${used.superseded_iso ? ` until ${readableDate(used.superseded_iso)}` : ""}`;
      return make("li", [
        link,
        used.summary === undefined ? "" : `: ${used.summary}`,
        make("span", ` (${record}, ${dates})`, "calc-fact-period"),
      ]);
    }),
    "calc-facts",
  );
  return make("div", [make("h3", "Facts used for this result"), list]);
};

/**
 * Facts a person deciding on this result should also know, each linked to its page with its label and its current
 * value in one line; each is read when first shown, and listed once it has arrived.
 */
const alsoRelevant = (ids: readonly string[], form: string): HTMLElement => {
  loadFacts(ids, form);
  const found = ids.flatMap((id) => {
    const fact = factFiles.get(id);
    return fact === undefined ? [] : [fact];
  });
  return make(
    "div",
    [
      make("h3", "Also relevant"),
      make(
        "ul",
        found.map((fact) =>
          make("li", [factLink(fact.id, fact.label), fact.summary === undefined ? "" : `: ${fact.summary}`]),
        ),
      ),
    ],
    "calc-also",
  );
};

/**
 * The field each option of a calculator's schema is read from, typed by the schema: an option renamed or removed in
 * the client fails the page's type check here, so the form and the calculator cannot drift apart. A refused option is
 * shown next to its field.
 */
type FieldsOf<Options> = { [Option in keyof Options]?: string };

const OPTION_FIELDS: Record<string, Record<string, string>> = {
  ptt: {
    price: "ptt-price",
    residentialShare: "ptt-residential",
    eligibleShare: "ptt-eligible-share",
    inSpecifiedArea: "ptt-specified-area",
    place: "ptt-place",
    agreementDate: "ptt-agreement-date",
    asOf: "ptt-date",
  } satisfies FieldsOf<PropertyTransferTaxOptions>,
  rent: {
    currentRent: "rent-current",
    increaseDate: "rent-date",
    noticeReceivedDate: "rent-received",
    lastIncreaseDate: "rent-last",
    rentDueDay: "rent-due-day",
    proposedIncrease: "rent-proposed",
  } satisfies FieldsOf<RentIncreaseOptions>,
  deposit: {
    ...({
      deposit: "deposit-amount",
      tenancyEndDate: "deposit-end",
      forwardingAddressDate: "deposit-address",
    } satisfies FieldsOf<DepositReturnDeadlineOptions>),
    ...({
      receivedDate: "deposit-received",
      returnedDate: "deposit-returned",
    } satisfies FieldsOf<DepositInterestOptions>),
  },
  notice: {
    ...({ servedDate: "notice-served", method: "notice-method" } satisfies FieldsOf<NoticeReceivedOptions>),
    ...({
      notice: "notice-kind",
      rentDueDay: "notice-due-day",
      fixedTermEndDate: "notice-term-end",
      monthlyRent: "notice-rent",
    } satisfies FieldsOf<TenancyNoticeOptions>),
  },
  capex: {
    expenditure: "capex-cost",
    units: "capex-units",
    currentRent: "capex-rent",
    asOf: "capex-date",
    firstIncreaseDate: "capex-first",
  } satisfies FieldsOf<CapitalExpenditureIncreaseOptions>,
  credit: { adjustedIncome: "credit-income", taxYear: "credit-year" } satisfies FieldsOf<RentersTaxCreditOptions>,
  purchase: {
    ...({
      price: "buy-price",
      downPayment: "buy-down",
      amortizationYears: "buy-amortization",
      asOf: "buy-date",
    } satisfies FieldsOf<MortgageInsurancePremiumOptions>),
    ...({ annualRate: "buy-rate", termYears: "buy-term" } satisfies FieldsOf<AmortizationScheduleOptions>),
    ...({
      contractRate: "buy-rate",
      annualIncome: "buy-income",
      monthlyDebtPayments: "buy-debts",
      annualPropertyTax: "buy-property-tax",
      monthlyHeating: "buy-heating",
      monthlyStrataFee: "buy-strata",
    } satisfies FieldsOf<AffordabilityOptions>),
  },
  grant: {
    assessedValue: "grant-value",
    place: "grant-place",
    propertyTax: "grant-tax",
    asOf: "grant-date",
  } satisfies FieldsOf<HomeOwnerGrantOptions>,
};

/** The words of a refused option, with the option's name left out: the sentence stands next to its field. */
const plainOption = (error: CalculatorError): string => {
  const option = error.option ?? "";
  const rest = error.message.startsWith(option) ? error.message.slice(option.length).trim() : error.message;
  const sentence = rest.replace(/, got .*$/, "").replace(/^must /, "It must ");
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
};

/** A fact's rule missing or unreadable on a date, in plain words with a link to the fact's page. */
const factProblem = (error: CalculatorError): Array<string | Node> | undefined => {
  const id = error.fact_id;
  if (id === undefined) return undefined;
  const link = factLink(id);
  const on = error.date === undefined ? "" : readableDate(error.date);
  const version = error.version === undefined ? "" : ` (version ${error.version})`;
  switch (error.reason) {
    case "no-rule-on-date":
      return [
        "These facts do not record the ",
        link,
        ` rule for ${on}`,
        error.first_iso === undefined
          ? "."
          : `; the earliest rule recorded here took effect on ${readableDate(error.first_iso)}.`,
      ];
    case "not-recorded":
    case "value-unreadable":
      return [
        "The ",
        link,
        ` rule in force on ${on}${version} does not record what this calculation needs, so it cannot be computed for that date.`,
      ];
    case "scheduled-change":
      return [
        "The ",
        link,
        ` rule changes on or before ${on}, and these facts do not publish the new rule yet: choose an earlier date.`,
      ];
    case "missing-fact":
      return [
        "The rule of ",
        link,
        `, which this calculation needs, could not be read: ${factFailures.get(id) ?? "it is not published"}.`,
      ];
    case "not-covered": {
      // The calculator's own words, without the date it leads with and the fact id it ends with (the link names both).
      const detail = error.message
        .replace(/^on \d{4}-\d{2}-\d{2} /, "")
        .replace(/ \([a-z0-9_.]+(?:, the period from [\d-]+| version \d+)\)$/, "");
      return ["The ", link, ` rule in force on ${on}: ${detail}.`];
    }
    default:
      return undefined;
  }
};

/** Marks a field as holding what cannot be used, with the reason right after it; `clearFields` undoes it. */
const fieldProblem = (field: string, message: string): void => {
  const input = element<HTMLInputElement>(field);
  const note = make("p", message, "calc-field-error");
  note.id = `${field}-error`;
  input.closest(".field")?.append(note);
  input.setAttribute("aria-invalid", "true");
  input.setAttribute("aria-describedby", [input.getAttribute("aria-describedby"), note.id].filter(Boolean).join(" "));
};

const clearFields = (id: string): void => {
  const form = element<HTMLFormElement>(`${id}-form`);
  for (const note of form.querySelectorAll(".calc-field-error")) {
    const input = document.getElementById(note.id.replace(/-error$/, ""));
    const rest = (input?.getAttribute("aria-describedby") ?? "").split(" ").filter((each) => each && each !== note.id);
    if (rest.length > 0) input?.setAttribute("aria-describedby", rest.join(" "));
    else input?.removeAttribute("aria-describedby");
    input?.removeAttribute("aria-invalid");
    note.remove();
  }
};

/** What went wrong, in words: a calculator's or an input's message, never a stack, nor a fact id or a JSON path. */
const problem = (error: unknown, what = "", calculator = ""): HTMLElement => {
  if (error instanceof MissingInput) return make("p", error.message, "calc-hint");
  // A fact the calculation reads and the page has not read yet: it is fetched, and the calculation runs again.
  if (
    error instanceof CalculatorError &&
    error.reason === "missing-fact" &&
    error.fact_id !== undefined &&
    calculator !== "" &&
    !factFailures.has(error.fact_id)
  ) {
    loadFacts([error.fact_id], calculator);
    return make("p", "Reading the rules this calculation needs…", "calc-hint");
  }
  const field =
    error instanceof InputError
      ? error.field
      : error instanceof CalculatorError && error.option !== undefined
        ? OPTION_FIELDS[calculator]?.[error.option]
        : undefined;
  if (field !== undefined && document.getElementById(field)) {
    const message = error instanceof CalculatorError ? plainOption(error) : (error as Error).message;
    fieldProblem(field, message);
    return make("p", `${what}${labelOf(field)}: ${message}`, "calc-error");
  }
  const fromFact = error instanceof CalculatorError ? factProblem(error) : undefined;
  if (fromFact !== undefined) return make("p", [what, ...fromFact], "calc-error");
  const message =
    error instanceof CalculatorError || error instanceof InputError || error instanceof RangeError
      ? error.message
      : error instanceof Error
        ? `This could not be computed: ${error.message}`
        : "This could not be computed.";
  return make("p", `${what}${message}`, "calc-error");
};

/**
 * Replaces a calculator's output, and tells screen readers only its headline (the first figure, or what is wrong):
 * the whole breakdown read out again at every keystroke would drown it.
 */
const show = (id: string, nodes: readonly HTMLElement[]): void => {
  const output = element(`${id}-output`);
  output.replaceChildren(...nodes);
  const first = output.querySelector(".calc-error, .calc-hint, .calc-results > div");
  const headline = first?.matches(".calc-results > div")
    ? `${first.querySelector("dt")?.textContent ?? ""}: ${first.querySelector("dd")?.textContent ?? ""}`
    : (first?.textContent ?? "");
  const summary = element(`${id}-summary`);
  if (summary.textContent !== headline) summary.textContent = headline;
};

/** A calculator's reason as a sentence: a capital first letter and a full stop. */
const sentence = (words: string): string =>
  `${words.charAt(0).toUpperCase()}${words.slice(1)}${words.endsWith(".") ? "" : "."}`;

const EXEMPTION_NAMES: Record<ExemptionName, string> = {
  "first-time-home-buyers": "First time home buyers' exemption",
  "newly-built-home": "Newly built home exemption",
};

/** A yes / no / not sure list: undefined when not sure, so that the calculator never assumes an answer. */
const answer = (id: string): boolean | undefined => {
  const value = element<HTMLSelectElement>(id).value;
  return value === "" ? undefined : value === "yes";
};

/** A field in percent read as the fraction the calculators take; refused above 100%. */
const share = (id: string): number | undefined => {
  const percent = number(id, true);
  if (percent !== undefined && percent > 100) throw new InputError("Enter a share from 0 to 100%.", id);
  return percent === undefined ? undefined : percent / 100;
};

const ANSWER_WORDS = { true: "yes", false: "no", null: "not recorded" } as const;

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
      ? [`Where: ${where}. ${PLACE_PROGRAMMES[rule]}: no rule recorded for ${readableDate(date)}. `, placeLink(place)]
      : [
          `Where: ${where}. ${PLACE_PROGRAMMES[rule]} on ${readableDate(date)}: `,
          make("strong", ANSWER_WORDS[String(period.applies) as keyof typeof ANSWER_WORDS]),
          `. ${sentence(period.why)} Read from `,
          factLink(period.fact_id),
          `, ${period.version === null ? "the period recorded before its first version" : `version ${period.version}`}. `,
          placeLink(place),
        ],
    "calc-place",
  );
};

/** A link to the page of what applies at a place. */
const placeLink = (place: PlaceRecord): HTMLAnchorElement => {
  const link = make("a", `What applies in ${place.name}`);
  // Relative to this page, which sits at the root of the tree, so the link holds on any host the tree is served from.
  link.href = SITE_PATHS.placePage(place.id).slice(1);
  return link;
};

const ptt = (facts: FactSource): HTMLElement[] => {
  const foreignBuyer = checked("ptt-foreign");
  const place = chosenPlace("ptt-place", "ptt");
  const result = propertyTransferTax(withPlaces(facts), {
    price: required("ptt-price"),
    residentialShare: share("ptt-residential"),
    firstTimeBuyer: checked("ptt-first-time"),
    eligibleShare: checked("ptt-first-time") ? share("ptt-eligible-share") : undefined,
    newlyBuilt: checked("ptt-newly-built"),
    foreignBuyer,
    // A place answers the question itself; the yes / no list is for a place not in the list.
    inSpecifiedArea: foreignBuyer && place === undefined ? answer("ptt-specified-area") : undefined,
    place: place?.id,
    agreementDate: foreignBuyer ? asOf("ptt-agreement-date") : undefined,
    asOf: asOf("ptt-date"),
  });
  const compared = result.exemptions_compared;
  const rows: Array<[string, string]> = [
    ["Property transfer tax", formatCad(result.total)],
    ["General tax", formatCad(result.general)],
    ["Exemption", formatCad(result.exemption)],
    ["Additional tax for foreign buyers", formatCad(result.additional)],
  ];
  const notes: HTMLElement[] = [];
  if (place !== undefined && foreignBuyer) notes.push(placeNote(place, "foreign_buyer_specified_area", result.as_of));
  if (result.additional_if_in_specified_area !== undefined && result.total_if_in_specified_area !== undefined) {
    rows.push(["If in a specified area", formatCad(result.total_if_in_specified_area)]);
    notes.push(
      make(
        "p",
        `Whether the property is in an area where the additional tax applies was not said: if it is, the additional tax is ${formatCad(result.additional_if_in_specified_area)} and the tax ${formatCad(result.total_if_in_specified_area)}.`,
        "calc-hint",
      ),
    );
  }
  if (result.federal_ban_applies === true)
    notes.push(
      make(
        "p",
        [
          `On ${readableDate(result.as_of)} the federal ban on purchases of residential property by non-Canadians is in force: a foreign buyer may not buy unless an exception applies (`,
          factLink("ca.foreign_buyer_ban.exemptions"),
          ").",
        ],
        "calc-error",
      ),
    );
  // A newly built home also carries GST, which the transfer tax does not include: its net after the rebates is shown.
  const gst: HTMLElement[] = [];
  const citations = [...result.citations];
  if (checked("ptt-newly-built")) {
    try {
      const onNewHome = gstOnNewHome(facts, {
        price: required("ptt-price"),
        firstTimeBuyer: checked("ptt-first-time"),
        asOf: asOf("ptt-date"),
      });
      gst.push(
        make("h3", "GST on a newly built home"),
        results([
          ["GST", formatCad(onNewHome.gst)],
          ["GST rebates", formatCad(onNewHome.rebate)],
          ["GST after the rebates", formatCad(onNewHome.net_gst)],
        ]),
        ...steps("How the GST and its rebates are computed", onNewHome.breakdown),
      );
      citations.push(...onNewHome.citations);
    } catch (error) {
      gst.push(problem(error, "The GST on a newly built home cannot be computed: ", "ptt"));
    }
  }
  return [
    make("p", `Rules in force on ${readableDate(result.as_of)}.`, "calc-as-of"),
    ...notes,
    results(rows),
    ...gst,
    ...breakdown("How the tax is computed", result.breakdown),
    ...steps(
      "Exemptions compared",
      compared.map(
        (each) =>
          `${EXEMPTION_NAMES[each.exemption]}: ${formatCad(each.amount)}${each.exemption === result.exemption_claimed ? " (claimed)" : ""}`,
      ),
    ),
    ...steps("Assumptions", result.assumptions),
    factsUsed(citations),
    alsoRelevant(
      [
        "ca.gst.fthb_new_home_rebate",
        "ca.foreign_buyer_ban",
        "bc.foreign_buyer_specified_areas",
        "cra.fhsa.contribution_room",
      ],
      "ptt",
    ),
  ];
};

/** A proposed increase as typed: "5%" is a share of the rent, "75" dollars; empty is none. */
const proposedIncrease = (id: string): RentIncreaseOptions["proposedIncrease"] => {
  const typed = text(id);
  if (typed === "") return undefined;
  if (typed.endsWith("%")) {
    const percent = number(id, true);
    return percent === undefined ? undefined : { rate: percent / 100 };
  }
  const amount = number(id);
  return amount === undefined ? undefined : { amount };
};

/** A day of the month typed as a whole number from 1 to 31; empty is undefined. */
const dayOfMonth = (id: string): number | undefined => {
  const typed = text(id);
  if (typed === "") return undefined;
  if (!/^\d{1,2}$/.test(typed) || Number(typed) < 1 || Number(typed) > 31)
    throw new InputError("Enter a day of the month from 1 to 31.", id);
  return Number(typed);
};

const rent = (facts: FactSource): HTMLElement[] => {
  const increaseDate = asOf("rent-date");
  const noticeReceivedDate = asOf("rent-received");
  if (increaseDate === undefined && noticeReceivedDate === undefined)
    throw new MissingInput("Enter the date of the increase, or the day the tenant received the notice.");
  const result = rentIncrease(facts, {
    currentRent: required("rent-current"),
    increaseDate,
    noticeReceivedDate,
    lastIncreaseDate: asOf("rent-last"),
    rentDueDay: dayOfMonth("rent-due-day"),
    proposedIncrease: proposedIncrease("rent-proposed"),
  });
  const rows: Array<[string, string]> = [];
  if (result.earliest_effective_iso !== null)
    rows.push(["Earliest date the increase can take effect", readableDate(result.earliest_effective_iso)]);
  if (result.increase_date_complies === false)
    rows.push(["The date given is too early: the increase takes effect on", readableDate(result.increase_date)]);
  if (result.cap_rate === null || result.max_increase === null || result.max_new_rent === null)
    rows.push([`Limit for increases in ${result.rent_year}`, "Not recorded here yet"]);
  else
    rows.push(
      ["Largest new rent", formatCad(result.max_new_rent)],
      ["Largest increase", `${formatCad(result.max_increase)} (${formatPercent(result.cap_rate)})`],
    );
  rows.push(
    ["Notice must reach the tenant by", readableDate(result.notice_by)],
    ["Increases allowed", `${result.max_increases_per_12_months} in 12 months`],
  );
  const proposed = result.proposed;
  if (proposed !== null)
    rows.push([
      "Proposed increase",
      `${formatCad(proposed.amount)} (${formatPercent(proposed.rate)}): ${proposed.within_cap === null ? "cannot be checked without the limit" : proposed.within_cap ? "within the limit" : "above the limit"}`,
    ]);
  return [
    make(
      "p",
      result.cap_recorded
        ? `The limit for increases that take effect in ${result.rent_year}.`
        : `The limit for increases that take effect in ${result.rent_year} is not recorded here yet: the dates below hold.`,
      "calc-as-of",
    ),
    results(rows),
    ...steps("What the tenant may do", proposed?.tenant_options ?? []),
    ...steps("How the limit is applied", result.breakdown),
    ...steps("Assumptions", result.assumptions),
    factsUsed(result.citations),
    alsoRelevant(["bc.rta.bill14_2024_personal_use_eviction", "bc.straa", "bc.rtb.monetary_order_publication"], "rent"),
  ];
};

const deposit = (facts: FactSource): HTMLElement[] => {
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
  const rows: Array<[string, string]> = [
    [`Interest to ${readableDate(returnedDate)}`, formatCad(interest.interest)],
    ["Deposits with interest", formatCad(interest.total)],
  ];
  if (back.deadline_iso === null)
    rows.push([
      "Return deadline",
      "None: the forwarding address came too late, and the landlord may keep the deposits",
    ]);
  else
    rows.push(
      ["Last day to return the deposits or claim against them", readableDate(back.deadline_iso)],
      ["Owed to the tenant if that day passes", `${formatCad(back.amount_if_missed)}, plus the interest`],
    );
  return [
    results(rows),
    ...steps("How the interest is counted", interest.breakdown),
    ...steps("How the deadline is counted", back.breakdown),
    ...steps("Assumptions", [...interest.assumptions, ...back.assumptions]),
    factsUsed([...interest.citations, ...back.citations]),
  ];
};

const NOTICE_NAMES: Record<TenancyNoticeKind, string> = {
  tenant: "The tenant's notice",
  "non-payment": "The notice for unpaid rent",
  cause: "The notice for cause",
  "landlord-use": "The notice for the landlord's use",
  "purchaser-use": "The notice for a buyer's use",
  demolition: "The notice for demolition or conversion",
};

const notice = (facts: FactSource): HTMLElement[] => {
  const servedDate = asOf("notice-served");
  if (servedDate === undefined) throw new MissingInput("Enter the day it was served.");
  const received = noticeReceived(facts, { servedDate, method: text("notice-method") as ServiceMethod });
  const rows: Array<[string, string]> = [["Counts as received on", readableDate(received.received_iso)]];
  const citations = [...received.citations];
  const explained = [...steps("When it counts as received", received.breakdown)];
  const assumptions = [...received.assumptions];
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
    rows.push([`${NOTICE_NAMES[kind]} can end the tenancy on`, readableDate(result.earliest_effective_iso)]);
    rows.push([
      "Last day to dispute it",
      result.dispute_by_iso === null
        ? "No dispute: it is the tenant's own notice"
        : readableDate(result.dispute_by_iso),
    ]);
    if (result.compensation !== null) {
      rows.push(["Compensation on or before that day", formatCad(result.compensation.on_effective_date)]);
      rows.push([
        "More if the purpose is not carried out",
        result.compensation.if_not_used_as_stated === null
          ? "Not recorded here for this date"
          : formatCad(result.compensation.if_not_used_as_stated),
      ]);
    }
    explained.push(...steps("How the dates are counted", result.breakdown));
    assumptions.push(...result.assumptions);
    citations.push(...result.citations);
  }
  return [results(rows), ...explained, ...steps("Assumptions", assumptions), factsUsed(citations)];
};

const capex = (facts: FactSource): HTMLElement[] => {
  const typed = text("capex-units");
  if (typed === "") throw new MissingInput("Enter the number of units it serves.");
  if (!/^\d+$/.test(typed)) throw new InputError("Enter a whole number of units.", "capex-units");
  const result = capitalExpenditureIncrease(facts, {
    expenditure: required("capex-cost"),
    units: Number(typed),
    currentRent: required("capex-rent"),
    asOf: asOf("capex-date") ?? todayShown(),
    firstIncreaseDate: asOf("capex-first"),
  });
  const rows: Array<[string, string]> = [
    ["Additional increase for each unit", `${formatCad(result.per_unit_monthly)} a month`],
    ["Share of the rent", formatPercent(result.share_of_rent)],
    ["Spread over", `${result.amortization_months} months`],
  ];
  for (const phase of result.phases)
    rows.push([
      `Phase ${phase.phase}, from ${readableDate(phase.from_iso)}`,
      phase.amount === null ? "Not computed: its year's limit is not recorded" : `${formatCad(phase.amount)} a month`,
    ]);
  if (result.not_imposable_monthly !== null && result.not_imposable_monthly > 0)
    rows.push(["Left after the last phase, not imposable", `${formatCad(result.not_imposable_monthly)} a month`]);
  return [
    results(rows),
    ...steps("How it is computed", result.breakdown),
    ...steps("Assumptions", result.assumptions),
    factsUsed(result.citations),
  ];
};

const credit = (facts: FactSource): HTMLElement[] => {
  const typed = text("credit-year");
  if (typed === "") throw new MissingInput("Enter the tax year.");
  if (!/^\d{4}$/.test(typed)) throw new InputError("Enter a tax year, for example 2024.", "credit-year");
  const result = rentersTaxCredit(facts, { adjustedIncome: required("credit-income"), taxYear: Number(typed) });
  return [
    results([
      [`Renter's tax credit for ${result.tax_year}`, formatCad(result.credit)],
      ["Full credit up to an adjusted income of", formatCad(result.full_credit_up_to)],
      ["No credit from", formatCad(result.no_credit_from)],
    ]),
    ...steps("How the credit is computed", result.breakdown),
    ...steps("Assumptions", result.assumptions),
    factsUsed(result.citations),
  ];
};

const purchase = (facts: FactSource): HTMLElement[] => {
  const price = required("buy-price");
  const date = asOf("buy-date");
  const rows: Array<[string, string]> = [];
  const citations: FactUsed[] = [];
  const explained: HTMLElement[] = [];
  const problems: HTMLElement[] = [];

  const years = required("buy-amortization");
  const down = number("buy-down");
  // The minimum for this buyer and amortization: 20% where insurance is not available to them (a 30-year loan for a
  // buyer neither first-time nor buying new, or at or above the insured price cap). On a date whose premium schedule
  // is not recorded, the amortization it allows is not known: the minimum is then the one with insurance, so named,
  // and the premium's own line says why it cannot be computed.
  let minimum: MinimumDownPaymentResult;
  let minimumTerm = "Minimum down payment";
  try {
    minimum = minimumDownPayment(facts, price, {
      amortizationYears: years,
      firstTimeBuyer: checked("buy-first-time"),
      newlyBuilt: checked("buy-newly-built"),
      asOf: date,
    });
  } catch (error) {
    // A premium schedule not read yet is fetched first (see loadFacts); only one read without a rule on the date falls back.
    if (
      !(
        error instanceof CalculatorError &&
        error.fact_id === "cmhc.mortgage_insurance_premiums" &&
        error.reason !== "missing-fact"
      )
    )
      throw error;
    minimum = minimumDownPayment(facts, price, { asOf: date });
    if (minimum.insurable) minimumTerm = "Minimum down payment, where insurance is available";
  }
  rows.push([minimumTerm, formatCad(minimum.minimum)]);
  // At or above the cap with a down payment given, the premium's line says it instead.
  if (minimum.reason !== null && (price < minimum.price_cap || down === undefined))
    problems.push(make("p", sentence(minimum.reason), "calc-hint"));
  explained.push(...breakdown("How the minimum down payment is computed", minimum.breakdown));
  citations.push(...minimum.citations);

  if (down !== undefined && down > price)
    throw new InputError("The down payment is more than the purchase price.", "buy-down");
  let loan: number | undefined;
  let loanRefused = false;
  // Whether the loan needs insurance, once the premium is known: before June 1, 2021 the stress test differed for it.
  let needsInsurance: boolean | undefined;
  if (down === undefined)
    problems.push(
      problem(new MissingInput("Enter the down payment to see the insurance premium, the loan and the payment.")),
    );
  else {
    try {
      const premium = mortgageInsurancePremium(facts, {
        price,
        downPayment: down,
        amortizationYears: years,
        firstTimeBuyer: checked("buy-first-time"),
        newlyBuilt: checked("buy-newly-built"),
        asOf: date,
      });
      rows.push(["Loan-to-value", formatPercent(premium.ltv)]);
      needsInsurance = premium.required;
      // The reason is said once, above the results: the breakdown's own "not insurable" line would repeat it.
      const lines = premium.breakdown.filter((line) => !line.startsWith("not insurable: "));
      if (!premium.required) {
        rows.push(["Insurance premium", "Insurance not required (the loan is 80% or less of the price)"]);
        if (!premium.insurable && premium.reason)
          problems.push(make("p", `${sentence(premium.reason)} Your down payment meets it.`, "calc-hint"));
        loan = premium.loan;
      } else if (premium.insurable && premium.rate !== null) {
        rows.push(["Insurance premium", `${formatCad(premium.premium)} (${formatPercent(premium.rate)})`]);
        loan = premium.loan_with_premium;
      } else {
        // A loan that needs insurance and cannot have it is not made: no payment, and no cash to close, is shown for it.
        loanRefused = true;
        rows.push(["Insurance premium", "Not insurable"]);
        problems.push(
          make("p", `No payment is shown: ${premium.reason ?? "this loan cannot be insured"}.`, "calc-error"),
        );
      }
      explained.push(...steps("How the insurance premium is computed", lines));
      citations.push(...premium.citations);
    } catch (error) {
      // Without the premium the rest can still be computed, on the loan before any premium.
      problems.push(problem(error, "The insurance premium cannot be computed: ", "purchase"));
      rows.push(["Insurance premium", "Cannot be computed"]);
      loan = Math.max(0, price - down);
    }
    if (loan !== undefined) rows.push(["Loan", formatCad(loan)]);
  }

  const ratePercent = number("buy-rate", true);
  if (ratePercent === undefined)
    problems.push(
      problem(new MissingInput("Enter the interest rate to see the qualifying rate, the payment and the balance.")),
    );
  else {
    // The calculators take rates as fractions and refuse 1 or more in their own terms; the field is in percent.
    if (ratePercent >= 100) throw new InputError("Enter a rate below 100%, for example 4.5.", "buy-rate");
    const annualRate = ratePercent / 100;
    try {
      const qualifying = qualifyingRate(facts, annualRate, {
        asOf: date,
        ...(needsInsurance === undefined ? {} : { insured: needsInsurance }),
      });
      rows.push(["Qualifying rate (stress test)", formatPercent(qualifying.rate)]);
      citations.push(...qualifying.citations);
    } catch (error) {
      // The payment and the balance do not depend on it: they are still shown.
      if (!(error instanceof CalculatorError)) throw error;
      if (error.reason === "not-covered") {
        // Not a fault: the rule then set no qualifying rate for this loan, which the note says, naming the rule.
        rows.push(["Qualifying rate (stress test)", "None set for this loan"]);
        const note = problem(error, "", "purchase");
        note.className = "calc-hint";
        problems.push(note);
      } else {
        rows.push(["Qualifying rate (stress test)", "Cannot be computed"]);
        problems.push(
          error.option === "insured"
            ? make(
                "p",
                "Enter the down payment to see the qualifying rate: on this date it depended on whether the loan needed insurance.",
                "calc-hint",
              )
            : problem(error, "The qualifying rate cannot be computed: ", "purchase"),
        );
      }
    }
    if (loan !== undefined) {
      const select = element<HTMLSelectElement>("buy-frequency");
      const frequency = select.value as PaymentFrequency;
      const payment = mortgagePayment({ principal: loan, annualRate, amortizationYears: years, frequency });
      rows.push([`${select.selectedOptions[0]?.textContent ?? frequency} payment`, formatCad(payment.payment)]);
      const termYears = required("buy-term");
      if (termYears > years) throw new InputError("The term is longer than the amortization.", "buy-term");
      const schedule = amortizationSchedule({
        principal: loan,
        annualRate,
        amortizationYears: years,
        termYears,
        frequency,
      });
      rows.push([`Balance after the ${termYears}-year term`, formatCad(schedule.balance_at_term_end)]);
      rows.push(["Interest paid in the term", formatCad(schedule.interest_in_term)]);
      // The schedule's explanation begins with the payment's own, so it is shown once.
      explained.push(...steps("How the payment and the balance are computed", schedule.breakdown));
    }
  }
  const verdict: HTMLElement[] = [];
  const income = number("buy-income");
  if (income === undefined)
    problems.push(
      make("p", "Enter the annual household income to see whether the purchase passes the stress test.", "calc-hint"),
    );
  else if (ratePercent !== undefined && ratePercent < 100) {
    try {
      const test = affordability(facts, {
        annualIncome: income,
        monthlyDebtPayments: number("buy-debts") ?? 0,
        annualPropertyTax: number("buy-property-tax") ?? 0,
        monthlyHeating: number("buy-heating") ?? 0,
        monthlyStrataFee: number("buy-strata") ?? 0,
        contractRate: ratePercent / 100,
        amortizationYears: years,
        price,
        ...(down === undefined ? {} : { downPayment: down }),
        firstTimeBuyer: checked("buy-first-time"),
        newlyBuilt: checked("buy-newly-built"),
        asOf: date,
      });
      const ratio = test.binding === "gds" ? "housing costs" : "all debts";
      const passes = test.passes === true;
      // The stress test is the ratios': a purchase within both that needs more down says so, not "does not pass".
      const ratiosPass = !(test.reasons ?? []).some((each) => each === "gds-above-limit" || each === "tds-above-limit");
      const ratios = `at the qualifying rate of ${formatPercent(test.qualifying_rate)}, housing costs are ${formatPercent(test.gds ?? 0)} of income (at most ${formatPercent(test.gds_limit)}) and all debts ${formatPercent(test.tds ?? 0)} (at most ${formatPercent(test.tds_limit)}).`;
      // Where insurance is not available, the minimum is the uninsured share of every price (20%).
      const uninsuredShare = formatPercent(Math.round(((test.minimum_down_payment ?? 0) / price) * 10_000) / 10_000);
      const needsMore = (test.reasons ?? []).includes("needs-uninsured-minimum")
        ? `Needs ${uninsuredShare} down: at least ${formatCad(test.minimum_down_payment ?? 0)}, as mortgage insurance is not available for this purchase.`
        : (test.reasons ?? []).includes("below-minimum")
          ? `The down payment is below the minimum of ${formatCad(test.minimum_down_payment ?? 0)} for this price.`
          : (test.reasons ?? []).includes("not-insurable")
            ? "The loan needs mortgage insurance it cannot have."
            : undefined;
      if (test.passes === undefined) {
        // Before 2018 a loan without insurance had no set qualifying rate: there is no test to pass or fail.
        verdict.push(
          make(
            "p",
            "No stress test applies to this loan on this date: with 20% or more down it needs no insurance, and such a loan then had no set qualifying rate (the lender's own rules applied).",
            "calc-verdict",
          ),
        );
        rows.unshift(["Stress test", "None set for this loan"]);
        explained.push(...steps("How the stress test is applied", test.breakdown));
        citations.push(...test.citations);
      } else {
        verdict.push(
          make(
            "p",
            passes
              ? `Passes the stress test: ${ratios}`
              : ratiosPass
                ? `${needsMore ?? "The loan is not allowed."} The stress test itself passes: ${ratios}`
                : `Does not pass the stress test: ${ratios}${needsMore === undefined ? "" : ` ${needsMore}`}`,
            `calc-verdict ${passes ? "passes" : "fails"}`,
          ),
        );
        rows.unshift(
          ["Stress test", ratiosPass ? "Passes" : "Does not pass"],
          ...(test.insurance_available
            ? []
            : [["Mortgage insurance", `Not available: needs ${uninsuredShare} down`] as [string, string]]),
          [
            down === undefined ? "Largest price that passes (minimum down payment)" : "Largest price that passes",
            formatCad(test.max_price),
          ],
          [
            "Ratio that limits it",
            `${test.binding.toUpperCase()} (${ratio}), at most ${formatPercent(test.binding === "gds" ? test.gds_limit : test.tds_limit)}`,
          ],
          ["Largest payment at the qualifying rate", formatCad(test.max_payment)],
        );
        explained.push(
          ...steps("How the stress test is applied", test.breakdown),
          ...steps("What it assumes", test.assumptions),
        );
        citations.push(...test.citations);
      }
    } catch (error) {
      verdict.push(problem(error, "Whether it passes the stress test cannot be computed: ", "purchase"));
    }
  }

  const cash: HTMLElement[] = [];
  if (down !== undefined && !loanRefused) {
    try {
      const other = number("buy-other-costs");
      const closing = cashToClose(facts, {
        price,
        downPayment: down,
        amortizationYears: years,
        firstTimeBuyer: checked("buy-first-time"),
        newlyBuilt: checked("buy-newly-built"),
        ...(other === undefined || other === 0 ? {} : { extra: [{ label: "Other closing costs", amount: other }] }),
        asOf: date,
      });
      cash.push(
        make("h3", "Cash to close"),
        results([
          ["Cash to close", formatCad(closing.total)],
          ...closing.lines.map((line): [string, string] => [line.label, formatCad(line.amount)]),
        ]),
        ...steps("How the cash to close adds up", closing.breakdown),
        ...steps("What it assumes", closing.assumptions),
      );
      citations.push(...closing.citations);
    } catch (error) {
      cash.push(problem(error, "The cash to close cannot be computed: ", "purchase"));
    }
  }
  return [
    ...verdict,
    ...problems,
    results(rows),
    ...cash,
    ...explained,
    factsUsed(citations),
    alsoRelevant(
      [
        "ca.gst.fthb_new_home_rebate",
        "cra.fhsa.contribution_room",
        "cra.hbp.withdrawal_limit",
        "ca.foreign_buyer_ban",
        "osfi.b20.loan_to_income_limit",
      ],
      "purchase",
    ),
  ];
};

const grant = (facts: FactSource): HTMLElement[] => {
  const place = chosenPlace("grant-place", "grant");
  const result = homeOwnerGrant(withPlaces(facts), {
    assessedValue: required("grant-value"),
    additional: checked("grant-additional"),
    ...(place === undefined ? { northernRural: checked("grant-northern") } : { place: place.id }),
    propertyTax: number("grant-tax"),
    asOf: asOf("grant-date"),
  });
  const rows: Array<[string, string]> = [
    ["Home owner grant", formatCad(result.grant)],
    ["Largest grant", formatCad(result.max_grant)],
    ["Threshold", formatCad(result.threshold)],
  ];
  if (result.tax_after_grant !== null) rows.push(["Property tax after the grant", formatCad(result.tax_after_grant)]);
  return [
    ...(place === undefined ? [] : [placeNote(place, "home_owner_grant_northern_rural", result.as_of)]),
    results(rows),
    ...steps("How the grant is computed", result.breakdown),
    factsUsed(result.citations),
    alsoRelevant(["bc.school_tax.additional", "bc.svt.rates_2026"], "grant"),
  ];
};

/** The controls of a calculator's form, each named by its id: what the address and the printed inputs carry. */
const controls = (id: string): Array<HTMLInputElement | HTMLSelectElement> => [
  ...element<HTMLFormElement>(`${id}-form`).querySelectorAll<HTMLInputElement | HTMLSelectElement>(
    "input[id], select[id]",
  ),
];

/** A control's value when it is not the one the page starts with, as the address writes it; undefined otherwise. */
const changedValue = (control: HTMLInputElement | HTMLSelectElement): string | undefined => {
  if (control instanceof HTMLInputElement && control.type === "checkbox")
    return control.checked === control.defaultChecked ? undefined : control.checked ? "1" : "0";
  if (control instanceof HTMLSelectElement) {
    const initial = [...control.options].find((option) => option.defaultSelected) ?? control.options[0];
    return control.value === initial?.value ? undefined : control.value;
  }
  return control.value === control.defaultValue ? undefined : control.value;
};

/** One calculator's inputs as an address's query: a link to it reopens the same calculation. */
const calculationQuery = (id: string): URLSearchParams => {
  const query = new URLSearchParams();
  for (const control of controls(id)) {
    const value = changedValue(control);
    if (value !== undefined) query.set(control.id, value);
  }
  return query;
};

/** An address's value longer than this is not a calculator's input and is left out. */
const MAX_ADDRESS_VALUE = 200;

/**
 * Fills the forms from the address, so that a shared link reopens its calculation. Only the ids of the forms' own
 * controls are read; anything else in the address is ignored, and a value is set as text, never parsed as markup.
 */
const restoreFromAddress = (ids: readonly string[]): void => {
  const known = new Map(ids.flatMap((id) => controls(id).map((control) => [control.id, control] as const)));
  for (const [key, value] of new URLSearchParams(window.location.search)) {
    const control = known.get(key);
    if (control === undefined || value.length > MAX_ADDRESS_VALUE) continue;
    if (control instanceof HTMLInputElement && control.type === "checkbox") control.checked = value === "1";
    else control.value = value;
  }
};

/** Writes every calculator's inputs into the address as they change, without adding to the browser's history. */
const saveToAddress = (ids: readonly string[]): void => {
  const query = new URLSearchParams(ids.flatMap((id) => [...calculationQuery(id)]));
  const search = query.size === 0 ? "" : `?${query}`;
  if (search !== window.location.search)
    window.history.replaceState(null, "", `${window.location.pathname}${search}${window.location.hash}`);
};

/** What was entered, as the printed result lists it above the figures: each filled field with its label. */
const inputsEntered = (id: string): HTMLElement => {
  const rows: Array<[string, string]> = [];
  for (const control of controls(id)) {
    if (control instanceof HTMLInputElement && control.type === "checkbox") {
      if (control.checked) rows.push([labelOf(control.id), "Yes"]);
    } else if (control instanceof HTMLSelectElement) {
      rows.push([labelOf(control.id), control.selectedOptions[0]?.textContent ?? control.value]);
    } else if (control.value.trim() !== "") {
      rows.push([labelOf(control.id), control.type === "date" ? readableDate(control.value) : control.value.trim()]);
    }
  }
  if (!rows.some(([label]) => /date/i.test(label))) rows.push(["Date", `today, ${readableDate(todayShown())}`]);
  return make(
    "div",
    [
      make("h3", "Calculated for"),
      make(
        "ul",
        rows.map(([label, value]) => make("li", `${label}: ${value}`)),
      ),
    ],
    "calc-inputs",
  );
};

/** Today in British Columbia, the day the calculators take when no date is entered. */
const todayShown = (): string => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Vancouver" }).format(new Date());

/**
 * Under a result: a link that reopens this calculation, and a button that prints it alone, with what was entered,
 * the figures, how they were reached and the facts and versions used.
 */
const keepResult = (id: string): HTMLElement => {
  const link = make("a", "Link to this calculation");
  const query = calculationQuery(id);
  link.href = `${window.location.pathname}${query.size === 0 ? "" : `?${query}`}#${id}`;
  const print = make("button", "Print this result");
  print.type = "button";
  print.addEventListener("click", () => {
    document.body.dataset.print = id;
    window.print();
  });
  return make("div", [inputsEntered(id), make("p", [link, " ", print], "calc-keep")], "calc-share");
};

const CALCULATORS: ReadonlyArray<readonly [string, (facts: FactSource) => HTMLElement[]]> = [
  ["ptt", ptt],
  ["purchase", purchase],
  ["grant", grant],
  ["deposit", deposit],
  ["notice", notice],
  ["rent", rent],
  ["capex", capex],
  ["credit", credit],
];

const start = (): void => {
  const ids = CALCULATORS.map(([id]) => id);
  restoreFromAddress(ids);
  window.addEventListener("afterprint", () => {
    delete document.body.dataset.print;
  });
  for (const [id, calculate] of CALCULATORS) {
    const form = element<HTMLFormElement>(`${id}-form`);
    // Every control fires "input" as it changes (text as typed, boxes as ticked, the date and the list as chosen).
    // "change" is not listened to: it fires again when a text field loses focus, and redrawing then would replace
    // the very link being clicked.
    const update = (): void => {
      clearFields(id);
      saveToAddress(ids);
      try {
        const shown = calculate(loadedFacts());
        show(id, shown.some((node) => node.matches(".calc-results")) ? [...shown, keepResult(id)] : shown);
      } catch (error) {
        show(id, [problem(error, "", id)]);
      }
    };
    form.addEventListener("input", update);
    form.addEventListener("submit", (event) => event.preventDefault());
    form.hidden = false;
    update();
  }
  element("calc-needs-js").hidden = true;
  document.body.dataset.calculators = "ready";
};

start();
