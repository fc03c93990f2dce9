/**
 * Orders strings by UTF-16 code units, the same on every machine: ids, ISO 8601 instants and JSON Pointers sort as
 * they should, and unlike localeCompare nothing depends on the locale or ICU data of the machine running it.
 */
export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
