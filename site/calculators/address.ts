// The page's address holds each calculator's inputs (those changed from the page's own) and, after the "#", the
// calculator last typed in: a link copied from the address bar reopens the same calculations at the same place.

import { controls } from "./dom.ts";

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

/** The page's own address with one calculator's inputs, from this page's root: the link that reopens it. */
export const calculationLink = (id: string): string => {
  const query = calculationQuery(id);
  return `${window.location.pathname}${query.size === 0 ? "" : `?${query}`}#${id}`;
};

/** An address's value longer than this is not a calculator's input and is left out. */
const MAX_ADDRESS_VALUE = 200;

/**
 * Fills the forms from the address, so that a shared link reopens its calculation. Only the ids of the forms' own
 * controls are read; anything else in the address is ignored, and a value is set as text, never parsed as markup.
 */
export const restoreFromAddress = (ids: readonly string[]): void => {
  const known = new Map(ids.flatMap((id) => controls(id).map((control) => [control.id, control] as const)));
  for (const [key, value] of new URLSearchParams(window.location.search)) {
    const control = known.get(key);
    if (control === undefined || value.length > MAX_ADDRESS_VALUE) continue;
    if (control instanceof HTMLInputElement && control.type === "checkbox") control.checked = value === "1";
    else control.value = value;
  }
};

/**
 * Writes every calculator's inputs into the address, and the calculator typed in (`section`) after its "#", without
 * adding to the browser's history; without a section the "#" is kept as it is.
 */
export const saveToAddress = (ids: readonly string[], section?: string): void => {
  const query = new URLSearchParams(ids.flatMap((id) => [...calculationQuery(id)]));
  const search = query.size === 0 ? "" : `?${query}`;
  const hash = section === undefined ? window.location.hash : `#${section}`;
  if (search !== window.location.search || hash !== window.location.hash)
    window.history.replaceState(null, "", `${window.location.pathname}${search}${hash}`);
};
