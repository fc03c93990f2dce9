// A calculator's sentences in the page's words. The client writes each sentence of its working in English for programs
// and, beside it, as a code and its values (packages/client/src/calculators/said.ts); the page says the code with its
// message `calc.said.{code}` (an assumption: `calc.assumed.{code}`), writing each value as the page's language writes
// it, and names each fact by its label, linked to its page. English pages use the same messages, so every language
// says the same thing the same way. A sentence carried within another (a value of kind `said`) is said as a clause
// there (src/i18n/clause.ts), and a sentence that opens with such a clause opens with a capital.

import type { PlaceRecord, Said, SaidValue } from "../../packages/client/src/index.ts";
import { clauseEnd, clauseStart, sentenceStart } from "../../src/i18n/clause.ts";
import type { MessageValue } from "../../src/i18n/words.ts";
import { placeKindWords, placeReasonWords } from "../../src/render/place-reasons.ts";
import { make } from "./dom.ts";
import { englishElement, factLink } from "./fact-link.ts";
import { day, money, percent } from "./formats.ts";
import { words } from "./words.ts";

/** A place's name from the page's list of places (`#places-list`), by its id: a regional district named in a reason. */
export const placeName = (id: string): string =>
  document.querySelector<HTMLOptionElement>(`#places-list option[data-id="${CSS.escape(id)}"]`)?.dataset.name ?? id;

/** A message's parts with their first and last text changed, where the message begins or ends with text. */
const withEnds = (
  parts: Array<string | Node>,
  start: (text: string) => string,
  end: (text: string) => string = (text) => text,
): Array<string | Node> =>
  parts.map((part, index) => {
    if (typeof part !== "string") return part;
    const started = index === 0 ? start(part) : part;
    return index === parts.length - 1 ? end(started) : started;
  });

/** The clauses said within other sentences, each opened without its capital (see `opening`). */
const clauses = new WeakSet<Node>();

/** A sentence within another, as a clause: an element, so the sentence that carries it can open with its capital. */
const clause = (said: Said): Node => {
  const node = make("span", withEnds(messageParts(said), clauseStart, clauseEnd));
  clauses.add(node);
  return node;
};

/**
 * A sentence's parts, opened with a capital where it opens with a clause: a message is written as it reads, so only
 * a clause that starts the sentence carrying it, its capital taken off, gets it back.
 */
const opening = (parts: Array<string | Node>): Array<string | Node> => {
  const [first] = parts;
  if (first === undefined || typeof first === "string" || !clauses.has(first)) return parts;
  const text = document.createTreeWalker(first, NodeFilter.SHOW_TEXT).nextNode();
  if (text !== null) text.textContent = sentenceStart(text.textContent ?? "");
  return parts;
};

/** A place of the register with its kind, in the page's words, and its regional district: "Kamloops (city, …)". */
export const placeWords = (place: Pick<PlaceRecord, "name" | "kind" | "regional_district_name">): string =>
  words().text("calc.place.where", {
    place: place.name,
    kind: placeKindWords(words(), place.kind),
    hasDistrict: place.regional_district_name === null ? "no" : "yes",
    district: place.regional_district_name ?? "",
  });

/** A value as the page's language writes it: a number stays a number, for the message's plurals. */
const valueWords = (value: SaidValue): MessageValue<Node> => {
  if ("money" in value) return money(value.money);
  if ("rate" in value) return percent(value.rate);
  if ("number" in value) return value.number;
  if ("date" in value) return day(value.date);
  if ("fact" in value) return factLink(value.fact);
  if ("name" in value) return value.name;
  // A fact's own words stay in the English they are written in, marked so on a translated page.
  if ("text" in value) return englishElement(make("span", value.text, "calc-source-words"));
  if ("choice" in value) return value.choice;
  if ("said" in value) return clause(value.said);
  if ("place" in value) return placeWords(value.place);
  const { programme, place, reason } = value.place_reason;
  return placeReasonWords(words(), programme, place, reason, placeName);
};

const valuesWords = (values: Said["values"] | undefined): Record<string, MessageValue<Node>> =>
  Object.fromEntries(Object.entries(values ?? {}).map(([name, value]) => [name, valueWords(value)]));

/** A sentence's message with its values, as it reads on its own or within another. */
const messageParts = (said: Said): Array<string | Node> =>
  words().parts(`calc.said.${said.code}`, valuesWords(said.values));

/** A sentence of a calculator's working, in the page's words: text, and links to the facts it names. */
export const saidParts = (said: Said): Array<string | Node> => opening(messageParts(said));

/** An assumption in the page's words, from its code and the values it names. */
export const assumedParts = (assumed: { code: string; values?: Said["values"] }): Array<string | Node> =>
  opening(words().parts(`calc.assumed.${assumed.code}`, valuesWords(assumed.values)));
