// How the calculators page lays out an answer so that it reads on a phone: a card with what was asked for (the
// verdict, the headline figures) and the ways to keep it (share, print), the notes the reader must see, the other
// figures, then how it was computed, what it assumes and the facts it used, each folded for the reader to open.

import { type FactUsed, factAsOf, type Said, todayInBc } from "../../packages/client/src/index.ts";
import { calculationLink } from "./address.ts";
import { controls, element, labelOf, make } from "./dom.ts";
import { englishElement, factLink } from "./fact-link.ts";
import { day, money, percent } from "./formats.ts";
import { factFiles, loadFacts } from "./loading.ts";
import { readAmountOrShare, readNumber } from "./read-number.ts";
import { saidParts } from "./said-words.ts";
import { translatedSummary, words } from "./words.ts";

/** A line of a calculator's breakdown, read for display: whatever amounts it states, and its words. */
export interface Line {
  label: string;
  /** The label as a code and its values, which the page says in its language. */
  label_said: Said;
  base?: number | null;
  rate?: number | null;
  amount?: number | null;
  fact_id?: string;
}

/** One thing an answer assumes: its sentence in the page's words, and what it is (its code and values), said once. */
export interface Assumption {
  words: Array<string | Node>;
  key: string;
}

/** A calculator's answer, in the parts the page lays out. */
export interface Answer {
  /** The day whose rules the answer applied. */
  asOf: string;
  /** Whether the purchase passes, said first. */
  verdict?: HTMLElement;
  /** What the reader asked for: the card's figures, each with its term. */
  headline: Array<[string, string]>;
  /** What the reader must see with the figures: what is missing or wrong, where the property is, what they may do. */
  notes: HTMLElement[];
  /** The other figures. */
  figures: HTMLElement[];
  /** How the figures were reached. */
  working: HTMLElement[];
  /** What the answer assumes, in the page's words. */
  assumptions: Assumption[];
  citations: FactUsed[];
  /** Facts a person deciding on this answer should also know, by id. */
  also: readonly string[];
}

/** Words as a sentence: a capital first letter and a full stop. */
export const sentence = (words: string): string =>
  `${words.charAt(0).toUpperCase()}${words.slice(1)}${words.endsWith(".") ? "" : "."}`;

export const results = (rows: Array<[string | Node, string]>, className = "calc-results"): HTMLDListElement =>
  make(
    "dl",
    rows.map(([term, value]) => make("div", [make("dt", term), make("dd", value)])),
    className,
  );

/**
 * The lines of a calculation under a heading, each as its words and its arithmetic ("$310,000 × 2% = $6,200"): a list
 * rather than a table, so that long explanations stay readable on a phone's width.
 */
export const breakdown = (title: string, lines: readonly Line[]): HTMLElement[] => {
  const sum = (line: Line): string => {
    const amount = typeof line.amount === "number" ? money(line.amount) : "";
    if (typeof line.base === "number" && typeof line.rate === "number")
      return `${money(line.base)} × ${percent(line.rate)} = ${amount}`;
    return amount;
  };
  return [
    make("h3", title),
    make(
      "ul",
      lines.map((line) =>
        make("li", [make("span", saidParts(line.label_said), "line-label"), " ", make("span", sum(line), "line-sum")]),
      ),
      "calc-lines",
    ),
  ];
};

/** Sentences under a heading, one item each: nothing without a sentence. */
export const listed = (title: string, items: ReadonlyArray<string | Array<string | Node>>): HTMLElement[] =>
  items.length === 0
    ? []
    : [
        make("h3", title),
        make(
          "ul",
          items.map((item) => make("li", item)),
          "calc-notes",
        ),
      ];

/** A calculator's sentences (each a code and its values) under a heading, one item each, in the page's words. */
export const saidSteps = (title: string, lines: readonly Said[]): HTMLElement[] => listed(title, lines.map(saidParts));

/** A period's value after its fact's name: in the page's language, else the fact's English summary, marked so. */
const summaryOf = (id: string, anchor: string, english: string | undefined): Array<string | HTMLElement> => {
  const translated = translatedSummary(id, anchor);
  if (translated !== undefined) return [": ", make("span", translated)];
  return english === undefined ? [] : [": ", englishElement(make("span", english))];
};

/**
 * Every fact the answer cites, once per period used: its label (the rule's name) linked to the fact page's section on
 * that period, the period's own numbers (its summary), which record it is (a version, or a period recorded before the
 * first version) and the dates it was in force.
 */
const factsUsed = (citations: readonly FactUsed[]): HTMLElement => {
  const seen = new Map<string, FactUsed>();
  for (const used of citations) seen.set(`${used.fact_id} ${used.version} ${used.effective_iso}`, used);
  return make(
    "ul",
    [...seen.values()].map((used) => {
      const w = words();
      const record =
        used.version === undefined
          ? w.text("calc.facts.before-first-version")
          : w.text("calc.facts.version", { version: String(used.version) });
      const from = used.effective_iso ? day(used.effective_iso) : w.text("calc.facts.date-unstated");
      const dates =
        used.superseded_iso === undefined
          ? w.text("calc.facts.in-effect-from", { from })
          : w.text("calc.facts.in-effect-from-until", { from, until: day(used.superseded_iso) });
      return make("li", [
        factLink(used.fact_id, used.label, used.anchor),
        ...summaryOf(used.fact_id, used.anchor, used.summary),
        make("span", ` (${w.text("calc.facts.period", { record, dates })})`, "calc-fact-period"),
      ]);
    }),
    "calc-facts",
  );
};

/**
 * The facts of `ids` in force on `asOf` and not already cited, each linked to its page's section on the period in
 * force then, with that period's summary: a rule not yet made on that day is left out. Each is read when first
 * shown, and listed once it has arrived.
 */
const alsoRelevant = (
  ids: readonly string[],
  asOf: string,
  cited: readonly FactUsed[],
  form: string,
): HTMLElement[] => {
  loadFacts(ids, form);
  const citedIds = new Set(cited.map((used) => used.fact_id));
  return ids.flatMap((id) => {
    const fact = factFiles.get(id);
    const period = fact === undefined || citedIds.has(id) ? undefined : factAsOf(fact, asOf);
    if (fact === undefined || period === undefined) return [];
    return [make("li", [factLink(id, fact.label, period.anchor), ...summaryOf(id, period.anchor, period.summary)])];
  });
};

/** The folds a reader opened in each calculator, by the fold's name: a new answer at each keystroke keeps them open. */
const openFolds = new Map<string, Set<string>>();

/** A part of an answer folded under its title, which a reader opens (and which stays open as they type). */
const fold = (calculator: string, name: string, title: string, content: HTMLElement[], className = ""): HTMLElement => {
  const opened = openFolds.get(calculator) ?? new Set<string>();
  openFolds.set(calculator, opened);
  const details = make("details", [make("summary", title), ...content], `calc-fold ${className}`.trim());
  details.dataset.fold = name;
  details.open = opened.has(name);
  details.addEventListener("toggle", () => {
    // A fold opened for printing is not the reader's choice.
    if (document.body.dataset.printing !== undefined) return;
    if (details.open) opened.add(name);
    else opened.delete(name);
  });
  return details;
};

/** A field's value as the printed inputs list it: figures as the page writes them, dates written out. */
const shownValue = (control: HTMLInputElement | HTMLSelectElement): string => {
  if (control instanceof HTMLSelectElement) return control.selectedOptions[0]?.textContent ?? control.value;
  const typed = control.value.trim();
  if (control.type === "date") return day(typed);
  const kind = control.dataset.kind;
  if (kind === "money-or-percent") {
    const read = readAmountOrShare(typed, words());
    if (read !== undefined && "amount" in read) return money(read.amount);
    if (read !== undefined && "share" in read) return percent(read.share);
  } else if (kind === "money" || kind === "percent") {
    const read = readNumber(typed, kind === "percent", words());
    if (typeof read === "number") return kind === "money" ? money(read) : percent(read / 100);
  }
  return typed;
};

/**
 * What was entered and the link that reopens the calculation, as the printed answer lists them above the figures
 * (on screen the form shows what was entered).
 */
const inputsEntered = (id: string, asOf: string): HTMLElement => {
  const rows: string[] = [];
  let dated = false;
  for (const control of controls(id)) {
    if (control.closest("[hidden]") !== null) continue;
    if (control instanceof HTMLInputElement && control.type === "checkbox") {
      if (control.checked) rows.push(words().text("calc.inputs.checked", { label: labelOf(control.id) }));
    } else if (control instanceof HTMLSelectElement || control.value.trim() !== "") {
      dated ||= control.type === "date";
      rows.push(words().text("calc.inputs.value", { label: labelOf(control.id), value: shownValue(control) }));
    }
  }
  if (!dated) rows.push(words().text("calc.inputs.date", { date: day(asOf) }));
  const address = new URL(calculationLink(id), window.location.href).href;
  const link = make("a", address);
  link.href = address;
  return make(
    "div",
    [
      make("h3", words().text("calc.inputs.title")),
      make(
        "ul",
        rows.map((row) => make("li", row)),
      ),
      make("p", [words().text("calc.inputs.reopen"), " ", link]),
    ],
    "calc-inputs",
  );
};

/**
 * Shares the link that reopens the calculation: through the device's own sharing where the browser offers it, else
 * copied, and where copying is refused, shown for the reader to copy.
 */
const share = async (id: string, status: HTMLElement): Promise<void> => {
  const address = new URL(calculationLink(id), window.location.href).href;
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title: document.title, url: address });
      return;
    } catch (error) {
      // The reader closed the sheet: nothing to do. Any other refusal falls back to copying.
      if (error instanceof DOMException && error.name === "AbortError") return;
    }
  }
  try {
    await navigator.clipboard.writeText(address);
    status.textContent = words().text("calc.share.copied");
  } catch {
    const link = make("a", address);
    link.href = address;
    status.replaceChildren(words().text("calc.share.copy-this"), " ", link);
  }
};

/** Opens every fold of the answers printed, to be closed again after printing. */
const openForPrint = (selector: string): void => {
  document.body.dataset.printing = "";
  for (const details of document.querySelectorAll<HTMLDetailsElement>(`${selector} details.calc-fold:not([open])`)) {
    details.open = true;
    details.dataset.printOpened = "";
  }
};

/**
 * Prints with every fold open: the browser's own print prints every answer, "Print this result" its own alone. The
 * folds opened for it close again after.
 */
export const preparePrinting = (): void => {
  window.addEventListener("beforeprint", () => openForPrint(".calc-output"));
  window.addEventListener("afterprint", () => {
    for (const details of document.querySelectorAll<HTMLDetailsElement>("details[data-print-opened]")) {
      details.open = false;
      delete details.dataset.printOpened;
    }
    delete document.body.dataset.printing;
    delete document.body.dataset.print;
  });
};

/** The card: the verdict and the headline figures, with the ways to keep the answer beside them. */
const card = (id: string, answer: Answer): HTMLElement => {
  const status = make("span", "", "calc-share-status");
  status.setAttribute("role", "status");
  const w = words();
  const shareButton = make("button", w.text("calc.share.button"));
  shareButton.type = "button";
  shareButton.addEventListener("click", () => void share(id, status));
  const print = make("button", w.text("calc.print.button"));
  print.type = "button";
  print.addEventListener("click", () => {
    document.body.dataset.print = id;
    openForPrint(`#${id}-output`);
    window.print();
  });
  const link = make("a", w.text("calc.share.link"));
  link.href = calculationLink(id);
  return make(
    "div",
    [
      ...(answer.verdict === undefined ? [] : [answer.verdict]),
      results(answer.headline, "calc-results calc-headline"),
      make("p", [shareButton, print, link, status], "calc-keep"),
    ],
    "calc-card",
  );
};

/**
 * The facts of the calculator as in force today, listed by the page itself: under an answer dated today they are
 * the answer's own and are left out; under one dated another day they are folded under a title saying they are
 * today's; with no answer they are what the calculator uses.
 */
const todaysFacts = (id: string, asOf: string | undefined): void => {
  const today = element<HTMLDetailsElement>(`${id}-today`);
  const title = element(`${id}-facts-title`);
  today.hidden = asOf === todayInBc();
  const heading =
    asOf === undefined
      ? words().text("calc.facts.uses")
      : words().text("calc.facts.today-for-comparison", { date: day(asOf) });
  if (title.textContent !== heading) title.textContent = heading;
};

/** The nodes of an answer, in the order a reader needs them. */
export const present = (id: string, answer: Answer): HTMLElement[] => {
  const w = words();
  const dated = answer.asOf === todayInBc() ? undefined : day(answer.asOf);
  const also = alsoRelevant(answer.also, answer.asOf, answer.citations, id);
  todaysFacts(id, answer.asOf);
  return [
    inputsEntered(id, answer.asOf),
    card(id, answer),
    ...answer.notes,
    ...answer.figures,
    ...(answer.working.length === 0 ? [] : [fold(id, "working", w.text("calc.working.title"), answer.working)]),
    ...(answer.assumptions.length === 0
      ? []
      : [
          fold(id, "assumptions", w.text("calc.assumptions.title"), [
            make(
              "ul",
              answer.assumptions.map((each) => make("li", each.words)),
              "calc-notes",
            ),
          ]),
        ]),
    fold(id, "facts", dated === undefined ? w.text("calc.facts.used") : w.text("calc.facts.used-on", { date: dated }), [
      factsUsed(answer.citations),
    ]),
    ...(also.length === 0
      ? []
      : [
          fold(
            id,
            "also",
            dated === undefined ? w.text("calc.facts.also") : w.text("calc.facts.also-on", { date: dated }),
            [make("ul", also)],
            "calc-also",
          ),
        ]),
  ];
};

/** A calculator with no answer to show: its problem or what to enter next, and its facts as in force today. */
export const presentProblem = (id: string, problem: HTMLElement): HTMLElement[] => {
  todaysFacts(id, undefined);
  return [problem];
};

/**
 * Replaces a calculator's output, and tells screen readers only its headline (the verdict, the first figure, or what
 * is wrong): the whole answer read out again at every keystroke would drown it.
 */
export const show = (id: string, nodes: readonly HTMLElement[]): void => {
  const output = element(`${id}-output`);
  output.replaceChildren(...nodes);
  const first = output.querySelector(".calc-verdict, .calc-headline > div, .calc-error, .calc-hint");
  const headline = first?.matches(".calc-headline > div")
    ? `${first.querySelector("dt")?.textContent ?? ""}: ${first.querySelector("dd")?.textContent ?? ""}`
    : (first?.textContent ?? "");
  const summary = element(`${id}-summary`);
  if (summary.textContent !== headline) summary.textContent = headline;
};
