/** The one way a fact file is written: two-space JSON with a final newline, as every file under facts/ is. */
export const factFileText = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
