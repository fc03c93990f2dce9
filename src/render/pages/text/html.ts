import { escapeHtml } from "../../../lib/text.ts";

/**
 * A fragment of markup that is already safe to emit. Only `html` and `trustedHtml` make one, so every string that
 * reaches a page went through `escapeHtml` unless the code says otherwise in so many words.
 */
export interface Html {
  readonly markup: string;
}

/** Wraps markup the caller built itself (a stylesheet, a JSON-LD block it escaped); never pass data through it. */
export const trustedHtml = (markup: string): Html => ({ markup });

/** What a template slot accepts: nothing is rendered for null, undefined and false, so optional parts read naturally. */
export type HtmlSlot = Html | string | number | null | undefined | false | readonly HtmlSlot[];

const isHtml = (slot: unknown): slot is Html => typeof slot === "object" && slot !== null && "markup" in slot && !Array.isArray(slot);

const renderSlot = (slot: HtmlSlot): string => {
  if (slot === null || slot === undefined || slot === false) return "";
  if (isHtml(slot)) return slot.markup;
  if (Array.isArray(slot)) return slot.map(renderSlot).join("");
  return escapeHtml(String(slot));
};

/** Tagged template: the literal parts are markup, every interpolated value is escaped unless it is already `Html`. */
export const html = (strings: TemplateStringsArray, ...slots: readonly HtmlSlot[]): Html => ({
  markup: strings.reduce((markup, literal, index) => markup + literal + (index < slots.length ? renderSlot(slots[index]!) : ""), ""),
});
