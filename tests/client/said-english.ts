// Holds a calculator's sentences in their two forms to each other: its English (for programs that show it as it is)
// and its code with values (which the calculators page says in five languages with site/words). Each code's English
// message, given the values written as the client writes them (dates as YYYY-MM-DD or in words, fact ids), must read as
// the client's own sentence, so the structured form carries everything the sentence says and the page's English never
// drifts from it.

import { expect } from "vitest";
import { formatCad, formatPercent, readableDate } from "../../packages/client/src/calculators/calculator-common.ts";
import { placeInEnglish } from "../../packages/client/src/calculators/said.ts";
import type { AssumptionCode, PlaceRecord, SaidValue } from "../../packages/client/src/index.ts";
import { clauseEnd, clauseStart } from "../../src/i18n/clause.ts";
import { englishWords } from "../../src/i18n/words-files.ts";
import { placeReasonWords } from "../../src/render/place-reasons.ts";

/**
 * Assumptions the page words differently from the client on purpose: the client's sentence names an option
 * ("eligibleShare gives a smaller share"), which a reader of the page has no use for; or it is a fact's own words
 * (a condition of a rebate, a buyer's status), which the page says by the fact that lists them.
 */
const PAGE_REWORDED: ReadonlySet<AssumptionCode> = new Set<AssumptionCode>([
  "eligible-share-whole",
  "agreement-after-transitional-date",
  "gst-agreement-in-window-assumed",
  "gross-income",
  "premium-on-application-date",
  "land-half-hectare-or-less",
  "gst-price-before-gst",
  "gst-rebate-condition",
  "gst-first-time-buyer-condition",
]);

/** A value as the client writes it in its English (a date as YYYY-MM-DD: englishReadings tries it in words too). */
const clientStyle = (value: SaidValue, places: readonly PlaceRecord[]): string | number => {
  if ("money" in value) return formatCad(value.money);
  if ("rate" in value) return formatPercent(value.rate);
  if ("number" in value) return value.number;
  if ("date" in value) return value.date;
  if ("fact" in value) return value.fact;
  if ("name" in value) return value.name;
  if ("text" in value) return value.text;
  if ("choice" in value) return value.choice;
  if ("said" in value)
    return clauseEnd(clauseStart(englishOf(`calc.said.${value.said.code}`, value.said.values, places)));
  if ("place" in value) return placeInEnglish(value.place);
  const { programme, place, reason } = value.place_reason;
  const nameOf = (id: string): string => places.find((each) => each.id === id)?.name ?? id;
  return placeReasonWords(englishWords(), programme, place, reason, nameOf);
};

/** A code's English message with the values written as the client writes them; a sentence within it as a clause. */
export const englishOf = (
  key: string,
  values: Readonly<Record<string, SaidValue>> | undefined,
  places: readonly PlaceRecord[] = [],
): string =>
  englishWords().text(
    key,
    Object.fromEntries(Object.entries(values ?? {}).map(([name, value]) => [name, clientStyle(value, places)])),
  );

/**
 * The ways the client may write a value: a day as YYYY-MM-DD or in words ("July 19, 2025"), a sentence within the
 * sentence in each of its own ways, anything else in its one way.
 */
const readingsOf = (value: SaidValue, places: readonly PlaceRecord[]): Array<string | number> => {
  if ("date" in value) return [value.date, readableDate(value.date)];
  if ("said" in value)
    return englishReadings(`calc.said.${value.said.code}`, value.said.values, places).map((message) =>
      clauseEnd(clauseStart(message)),
    );
  return [clientStyle(value, places)];
};

/**
 * A code's English messages with the values written as the client writes them, one for each way of writing them
 * (readingsOf): a sentence may write one day in words and another, the day its rule was read on, as YYYY-MM-DD.
 */
const englishReadings = (
  key: string,
  values: Readonly<Record<string, SaidValue>> | undefined,
  places: readonly PlaceRecord[],
): string[] => {
  let combinations: Array<Record<string, string | number>> = [{}];
  for (const [name, value] of Object.entries(values ?? {}))
    combinations = combinations.flatMap((chosen) =>
      readingsOf(value, places).map((reading) => ({ ...chosen, [name]: reading })),
    );
  return combinations.map((chosen) => englishWords().text(key, chosen));
};

/**
 * The page's sentence and the client's compared as the client writes it: its first letter's case as the client's (a
 * sentence that opens with a clause opens with a capital on the page), no full stop to end.
 */
const asClientWrites = (message: string, client: string): string => {
  const first = client.charAt(0);
  const start = first === first.toLowerCase() ? message.charAt(0).toLowerCase() : message.charAt(0).toUpperCase();
  const rest = message.slice(1);
  return `${start}${client.endsWith(".") || !rest.endsWith(".") ? rest : rest.slice(0, -1)}`;
};

type Said = { code: string; values: Record<string, SaidValue> };

/**
 * Walks a result and compares every sentence (`X` beside `X_said`, and `assumptions` beside `assumed`) with its code's
 * English message. Returns how many were compared, so a test can say it compared some.
 */
export const expectSaidAsEnglish = (result: unknown, places: readonly PlaceRecord[] = []): number => {
  let compared = 0;
  const same = (client: string, key: string, values: Said["values"] | undefined, where: string): void => {
    const readings = englishReadings(key, values, places).map((message) => asClientWrites(message, client));
    expect(readings.includes(client) ? client : readings, where).toBe(client);
    compared += 1;
  };
  const walk = (value: unknown, where: string): void => {
    if (Array.isArray(value)) {
      for (const [index, each] of value.entries()) walk(each, `${where}[${index}]`);
      return;
    }
    if (value === null || typeof value !== "object") return;
    const record = value as Record<string, unknown>;
    for (const [key, each] of Object.entries(record)) {
      if (key.endsWith("_said")) {
        const english = record[key.slice(0, -"_said".length)];
        if (Array.isArray(each)) {
          expect(
            Array.isArray(english) && english.length === each.length,
            `${where}.${key}: as long as its English`,
          ).toBe(true);
          for (const [index, said] of (each as Said[]).entries())
            same((english as string[])[index]!, `calc.said.${said.code}`, said.values, `${where}.${key}[${index}]`);
        } else if (each === null) expect(english, `${where}.${key}`).toBeNull();
        else same(english as string, `calc.said.${(each as Said).code}`, (each as Said).values, `${where}.${key}`);
      } else walk(each, `${where}.${key}`);
    }
    if (Array.isArray(record.assumed) && Array.isArray(record.assumptions)) {
      expect(record.assumed.length, `${where}.assumed: one per assumption`).toBe(record.assumptions.length);
      (record.assumed as Array<{ code: AssumptionCode; values?: Said["values"] }>).forEach((assumed, index) => {
        if (!PAGE_REWORDED.has(assumed.code))
          same(
            (record.assumptions as string[])[index]!,
            `calc.assumed.${assumed.code}`,
            assumed.values,
            `${where}.assumed[${index}]`,
          );
      });
    }
  };
  walk(result, "$");
  return compared;
};
