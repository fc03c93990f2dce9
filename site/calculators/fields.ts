// How the calculators page reads its fields and says what is wrong with them: each value as the calculators take it,
// or an error naming the field, shown next to it; a calculator's refusal in the page's words, never its option names.

import type {
  AffordabilityOptions,
  AmortizationScheduleOptions,
  CapitalExpenditureIncreaseOptions,
  CashToCloseOptions,
  DepositInterestOptions,
  DepositReturnDeadlineOptions,
  GstOnNewHomeOptions,
  HomeOwnerGrantOptions,
  MortgageInsurancePremiumOptions,
  NoticeReceivedOptions,
  PlaceRecord,
  PropertyTransferTaxOptions,
  RentersTaxCreditOptions,
  RentIncreaseOptions,
  TenancyNoticeOptions,
} from "../../packages/client/src/index.ts";
import { CalculatorError, nearestPlaces } from "../../packages/client/src/index.ts";
import { element, labelOf, make, text } from "./dom.ts";
import { englishElement, factLink } from "./fact-link.ts";
import { count, day, money, percent } from "./formats.ts";
import { factFailures, loadFacts, loadPlace, placeFailures, placeFiles } from "./loading.ts";
import { likelyPercent, readAmountOrShare, readNumber } from "./read-number.ts";
import { saidParts } from "./said-words.ts";
import { words } from "./words.ts";

/** A field that does not hold what the calculation needs, in words that name it; shown next to that field. */
export class InputError extends Error {
  readonly field: string | undefined;
  /** What the reader can do about it at once, beside the words (a button that corrects the field). */
  readonly action: HTMLElement | undefined;
  constructor(message: string, field?: string, action?: HTMLElement) {
    super(message);
    this.field = field;
    this.action = action;
  }
}

/** A field still empty: what to enter next, shown as a hint rather than as an error. */
export class MissingInput extends InputError {}

/** The number a field holds; empty is undefined. A rate or a share is typed in percent. */
export const number = (id: string, inPercent = false): number | undefined => {
  const read = readNumber(text(id), inPercent, words());
  if (typeof read === "object") throw new InputError(read.problem, id);
  return read;
};

export const required = (id: string): number => {
  const value = number(id);
  if (value === undefined)
    throw new MissingInput(words().text("calc.input.enter-field", { field: labelOf(id).toLowerCase() }));
  return value;
};

/** The date field's value, or undefined for today (the calculators' default). */
export const asOf = (id: string): string | undefined => text(id) || undefined;

/** A field in percent read as the fraction the calculators take; refused above 100%. */
export const share = (id: string): number | undefined => {
  const inPercent = number(id, true);
  if (inPercent !== undefined && inPercent > 100) throw new InputError(words().text("calc.input.share-range"), id);
  return inPercent === undefined ? undefined : inPercent / 100;
};

/** A yes / no / not sure list: undefined when not sure, so that the calculator never assumes an answer. */
export const answer = (id: string): boolean | undefined => {
  const value = element<HTMLSelectElement>(id).value;
  return value === "" ? undefined : value === "yes";
};

/** A day of the month typed as a whole number from 1 to 31; empty is undefined. */
export const dayOfMonth = (id: string): number | undefined => {
  const typed = text(id);
  if (typed === "") return undefined;
  if (!/^\d{1,2}$/.test(typed) || Number(typed) < 1 || Number(typed) > 31)
    throw new InputError(words().text("calc.input.day-of-month"), id);
  return Number(typed);
};

/** An amount typed in dollars, or a share typed in percent ("5%"); empty is undefined. */
export const amountOrShare = (id: string): { amount: number } | { share: number } | undefined => {
  const read = readAmountOrShare(text(id), words());
  if (read !== undefined && "problem" in read) throw new InputError(read.problem, id);
  return read;
};

/**
 * An amount typed in dollars or as a percentage of `whole` ("10%" of the price): the amount, with what a percentage
 * came to said next to the field (in the element `{id}-amount`).
 */
export const amountOrShareOf = (id: string, whole: number): number | undefined => {
  const said = element(`${id}-amount`);
  said.textContent = "";
  const read = amountOrShare(id);
  if (read === undefined || "amount" in read) return read?.amount;
  const amount = Math.round(whole * read.share * 100) / 100;
  said.textContent = words().text("calc.input.share-of-price", { share: percent(read.share), amount: money(amount) });
  return amount;
};

/** The field's value set as the reader would type it, and the calculator told, as if they had. */
const correct = (id: string, value: string): void => {
  const input = element<HTMLInputElement>(id);
  input.value = value;
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.focus();
};

/**
 * A rate typed in percent. Below 1% without a percent sign it is most likely a fraction ("0.0449" for 4.49%): the
 * page asks, with a button that takes the rate it suggests; typed with its percent sign ("0.9%"), it is taken as is.
 */
export const ratePercent = (id: string): number | undefined => {
  const typed = text(id);
  const value = number(id, true);
  const meant = value === undefined || typed.endsWith("%") ? undefined : likelyPercent(value);
  if (meant === undefined) return value;
  const w = words();
  const use = make("button", w.text("calc.input.use-rate", { rate: count(meant) }));
  use.type = "button";
  use.addEventListener("click", () => correct(id, count(meant)));
  throw new InputError(w.text("calc.input.did-you-mean", { meant: count(meant), typed, read: count(value!) }), id, use);
};

/** The agreement's day, refused after the day whose rules apply (`date`, today when undefined): it comes first. */
export const agreementDate = (id: string, date: string | undefined, dateField: string): string | undefined => {
  const agreed = asOf(id);
  if (agreed !== undefined && date !== undefined && agreed > date)
    throw new InputError(
      words().text("calc.input.agreement-after", { field: labelOf(dateField).toLowerCase(), date: day(date) }),
      id,
    );
  return agreed;
};

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

/**
 * The place a place field names (case and spaces aside), its file once read: undefined for an empty field. A name
 * that is no place of the list is refused at the field with the nearest names; one whose file is still on its way
 * says so and the calculator runs again when it arrives.
 */
export const chosenPlace = (field: string, form: string): PlaceRecord | undefined => {
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
      nearest.length === 0
        ? words().text("calc.input.no-place", { typed })
        : words().text("calc.input.no-place-nearest", { typed, nearest: nearest.join(", ") }),
      field,
    );
  }
  const failure = placeFailures.get(option.id);
  if (failure !== undefined)
    throw new InputError(words().text("calc.input.place-failed", { place: option.name, failure }), field);
  const record = placeFiles.get(option.id);
  if (record === undefined) {
    loadPlace(option.id, form);
    throw new MissingInput(words().text("calc.input.place-reading", { place: option.name }));
  }
  return record;
};

/**
 * The field each option of a calculator's schema is read from, typed by the schema: an option renamed or removed in
 * the client fails the page's type check here, so the form and the calculator cannot drift apart. A refused option is
 * shown next to its field, and an assumption about an option is said with its field's label.
 */
type FieldsOf<Options> = { [Option in keyof Options]?: string };

export const OPTION_FIELDS: Record<string, Record<string, string>> = {
  ptt: {
    ...({
      price: "ptt-price",
      residentialShare: "ptt-residential",
      eligibleShare: "ptt-eligible-share",
      inSpecifiedArea: "ptt-specified-area",
      place: "ptt-place",
      agreementDate: "ptt-agreement-date",
      asOf: "ptt-date",
    } satisfies FieldsOf<PropertyTransferTaxOptions>),
    ...({ agreementDate: "ptt-agreement-date" } satisfies FieldsOf<GstOnNewHomeOptions>),
  },
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
    ...({ agreementDate: "buy-agreement-date" } satisfies FieldsOf<CashToCloseOptions>),
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

/** A calculator's own English words, in an element marked English on a translated page. */
const calculatorsEnglish = (sentence: string): HTMLElement => englishElement(make("span", sentence));

/** A fact's rule missing or unreadable on a date, in plain words with a link to the fact's page. */
const factProblem = (error: CalculatorError): Array<string | Node> | undefined => {
  const id = error.fact_id;
  if (id === undefined) return undefined;
  const w = words();
  const fact = factLink(id);
  const date = error.date === undefined ? "" : day(error.date);
  const version = error.version === undefined ? "" : String(error.version);
  const hasVersion = error.version === undefined ? "no" : "yes";
  switch (error.reason) {
    case "no-rule-on-date":
      return error.first_iso === undefined
        ? w.parts("calc.fact-problem.no-rule", { fact, date })
        : w.parts("calc.fact-problem.no-rule-earliest", { fact, date, first: day(error.first_iso) });
    case "not-recorded":
    case "value-unreadable":
      return w.parts("calc.fact-problem.not-recorded", { fact, date, version, hasVersion });
    case "scheduled-change":
      return w.parts("calc.fact-problem.scheduled-change", { fact, date });
    case "missing-fact": {
      const failure = factFailures.get(id);
      return failure === undefined
        ? w.parts("calc.fact-problem.unpublished", { fact })
        : w.parts("calc.fact-problem.unreadable", { fact, failure });
    }
    case "not-covered": {
      if (error.said !== undefined)
        return w.parts("calc.fact-problem.not-covered", { fact, date, detail: make("span", saidParts(error.said)) });
      // The calculator's own words, without the date it leads with and the fact id it ends with (the link names both).
      const detail = error.message
        .replace(/^on \d{4}-\d{2}-\d{2} /, "")
        .replace(/ \([a-z0-9_.]+(?:, the period from [\d-]+| version \d+)\)$/, "");
      return w.parts("calc.fact-problem.not-covered", { fact, date, detail: calculatorsEnglish(`${detail}.`) });
    }
    default:
      return undefined;
  }
};

/** Marks a field as holding what cannot be used, with the reason right after it; `clearFields` undoes it. */
const fieldProblem = (field: string, message: string | HTMLElement, action?: HTMLElement): void => {
  const input = element<HTMLInputElement>(field);
  const note = make("p", action === undefined ? message : [message, " ", action], "calc-field-error");
  note.id = `${field}-error`;
  input.closest(".field")?.append(note);
  input.setAttribute("aria-invalid", "true");
  input.setAttribute("aria-describedby", [input.getAttribute("aria-describedby"), note.id].filter(Boolean).join(" "));
};

export const clearFields = (id: string): void => {
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

/**
 * What went wrong, in words: a calculator's or an input's message, never a stack, nor a fact id or a JSON path. `what`
 * leads it ("The cash to close cannot be computed:"). An input's words are the page's; a calculator's are its English.
 */
export const problem = (error: unknown, what = "", calculator = ""): HTMLElement => {
  const lead = what === "" ? [] : [what, " "];
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
    return make("p", words().text("calc.input.facts-reading"), "calc-hint");
  }
  const field =
    error instanceof InputError
      ? error.field
      : error instanceof CalculatorError && error.option !== undefined
        ? OPTION_FIELDS[calculator]?.[error.option]
        : undefined;
  if (field !== undefined && document.getElementById(field)) {
    const message = error instanceof CalculatorError ? plainOption(error) : (error as Error).message;
    const said = (): string | HTMLElement =>
      error instanceof CalculatorError
        ? error.said === undefined
          ? calculatorsEnglish(message)
          : make("span", saidParts(error.said))
        : message;
    fieldProblem(field, said(), error instanceof InputError ? error.action : undefined);
    return make("p", [...lead, `${labelOf(field)}: `, said()], "calc-error");
  }
  const fromFact = error instanceof CalculatorError ? factProblem(error) : undefined;
  if (fromFact !== undefined) return make("p", [...lead, ...fromFact], "calc-error");
  if (error instanceof InputError) return make("p", [...lead, error.message], "calc-error");
  if (error instanceof CalculatorError && error.said !== undefined)
    return make("p", [...lead, ...saidParts(error.said)], "calc-error");
  if (error instanceof CalculatorError || error instanceof RangeError)
    return make("p", [...lead, calculatorsEnglish(error.message)], "calc-error");
  return make(
    "p",
    [
      ...lead,
      ...(error instanceof Error
        ? [words().text("calc.input.not-computed-because"), " ", calculatorsEnglish(error.message)]
        : [words().text("calc.input.not-computed")]),
    ],
    "calc-error",
  );
};
