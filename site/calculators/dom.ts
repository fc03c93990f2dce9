// The calculators page's hold on its own document: its elements by id, its forms' fields, and nodes built from text.

export const element = <T extends HTMLElement>(id: string): T => {
  const found = document.getElementById(id);
  if (!found) throw new Error(`the page has no #${id}`);
  return found as T;
};

export const text = (id: string): string => element<HTMLInputElement>(id).value.trim();
export const checked = (id: string): boolean => element<HTMLInputElement>(id).checked;

export const labelOf = (id: string): string => document.querySelector(`label[for="${id}"]`)?.textContent?.trim() ?? id;

/** Builds an element with text content only: nothing from the catalog or the person is ever parsed as HTML. */
export const make = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  content?: string | Node | Array<string | Node>,
  className?: string,
): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (content !== undefined) node.append(...(Array.isArray(content) ? content : [content]));
  return node;
};

/** The controls of a calculator's form, each named by its id: what the address and the printed inputs carry. */
export const controls = (id: string): Array<HTMLInputElement | HTMLSelectElement> => [
  ...element<HTMLFormElement>(`${id}-form`).querySelectorAll<HTMLInputElement | HTMLSelectElement>(
    "input[id], select[id]",
  ),
];
